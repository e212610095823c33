"""Bounded parameters: β and C have an upper limit in their ParamSpec, and a hand-set start
must be finite in ‖w₀‖² and on the data's scale (core/algorithms/start_scale.py), with one
sentence at every door: the fit, ``run``, the session file and the window's edits."""
from __future__ import annotations

import json

import numpy as np
import pytest

from perceptron_gui.cli import main
from perceptron_gui.core.algorithms import REGISTRY, make_algorithm
from perceptron_gui.core.algorithms.start_scale import START_SCORE_LIMIT, data_scale
from perceptron_gui.core.dataset import Dataset, DatasetError
from perceptron_gui.session.session import Session
from perceptron_gui.session.session_file import SessionFileError, load_session, save_session

THREE = "x1,x2,y\n1,3,1\n2.5,1.5,1\n-1.5,1.5,-1\n"  # notes 003


def _spec(algorithm: str, name: str):
    return next(p for p in REGISTRY[algorithm].param_specs() if p.name == name)


@pytest.mark.parametrize("algorithm, name", [("margin", "margin"), ("pa", "C")])
def test_beta_and_c_have_an_upper_limit(algorithm, name):
    spec = _spec(algorithm, name)
    assert spec.maximum is not None and np.isfinite(spec.maximum)
    assert spec.problem(spec.maximum) is None and spec.problem(spec.default) is None
    assert "1e+308 is outside" in spec.problem(1e308)
    with pytest.raises(DatasetError, match="must be between"):
        make_algorithm(algorithm, **{name: 1e308}).validate()


@pytest.mark.parametrize("option", ["--margin", "--C"])
def test_the_command_line_says_the_limit(capsys, tmp_path, option):
    data = tmp_path / "three.csv"
    data.write_text(THREE)
    algorithm = "margin" if option == "--margin" else "pa"
    assert main(["run", str(data), "--algorithm", algorithm, option, "1e308"]) == 2
    err = capsys.readouterr().err
    assert f"{option} must be between" in err and "Traceback" not in err


def test_a_start_whose_squared_length_overflows_is_refused_without_data():
    with pytest.raises(DatasetError, match=r"squared length Σ w² within float64's range"):
        make_algorithm("offset", init="custom", start_w=[1e308, 1e308]).validate()
    with pytest.raises(DatasetError, match="Start b₀ must be between"):
        make_algorithm("offset", init="custom", start_w=[1.0, 1.0], start_b=1e308).validate()


def _data(scale: float) -> Dataset:
    return Dataset.from_arrays(scale * np.array([[1.0, 3.0], [2.5, 1.5], [-1.5, 1.5]]), [1, 1, -1])


@pytest.mark.parametrize("scale", [1e-100, 1.0, 1e100])
def test_a_start_on_the_data_scale_trains_and_one_beyond_the_limit_is_refused(scale):
    data = _data(scale)
    S = data_scale(data.X)
    assert S == pytest.approx(scale * np.hypot(2.5, 3.0), rel=1e-12, abs=0.0)
    ok = make_algorithm("standard", init="custom", start_w=[S, -S]).fit(data)
    assert np.all(np.isfinite(ok.weights[0]))
    far = 2 * START_SCORE_LIMIT * S  # its score on the longest point: 2·10⁶·S²·(cos) > 10⁶·S²
    with pytest.raises(DatasetError) as err:
        make_algorithm("standard", init="custom", start_w=[far, far]).fit(data)
    text = str(err.value)
    assert text.startswith("The start w₀ is far larger than the data") and text.endswith(".")
    assert "set a start on the data's scale, or start at zero" in text


def test_with_the_offset_b_counts_against_s_squared_plus_one():
    data = _data(1e-3)  # S² ≈ 1e-5: one update changes a score by about 1, the offset's part
    make_algorithm("offset", init="custom", start_w=[1.0, -1.0], start_b=1.0).fit(data)  # notes 003's start
    with pytest.raises(DatasetError, match=r"S² \+ 1 = 1"):
        make_algorithm("offset", init="custom", start_w=[0.0, 0.0], start_b=1e7).fit(data)


def test_run_refuses_a_start_out_of_scale_with_a_sentence(capsys, tmp_path):
    data = tmp_path / "three.csv"
    data.write_text(THREE)
    assert main(["run", str(data), "--algorithm", "offset", "--start-w", "1e7,1e7"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("The start w₀, b₀ is far larger than the data") and "\n" not in err
    assert main(["run", str(data), "--algorithm", "offset", "--start-w", "1e308,1e308"]) == 2
    assert "--start-w must have a squared length" in capsys.readouterr().err


def test_a_session_file_with_an_overflowing_start_names_it(tmp_path):
    s = Session()
    s.load_dataset(_data(1.0), "three")
    s.wait()
    p = tmp_path / "s.perceptron.json"
    save_session(s, p)
    doc = json.loads(p.read_text())
    doc["params"]["offset"].update(init="custom", start_w=[1e308, 1e308])
    p.write_text(json.dumps(doc))
    with pytest.raises(SessionFileError) as err:
        load_session(p)
    assert "The offset parameters in s.perceptron.json are not valid: start w₀ must have a squared length" \
        in str(err.value)


def test_the_session_refuses_an_edit_out_of_scale_and_keeps_the_old_start():
    s = Session()
    s.load_dataset(_data(1.0), "three")
    s.wait()
    said = []
    s.message.connect(lambda level, text: said.append((level, text)))
    assert s.set_params({"init": "custom", "start_w": [1.0, -1.0], "start_b": 1.0})
    assert not s.set_params({"init": "custom", "start_w": [1e7, 1e7], "start_b": 0.0})
    assert said[-1][0] == "error" and said[-1][1].startswith("The start w₀, b₀ is far larger than the data")
    assert s.params[s.algorithm]["start_w"] == [1.0, -1.0]
