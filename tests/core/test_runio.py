"""Run files (perceptron-run v1), the update and epoch tables, and the LaTeX tabular."""
from __future__ import annotations

import csv
import io
import json
import math
from types import SimpleNamespace

import numpy as np
import pytest

from perceptron_gui.core import runio
from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.errors import UserError
from perceptron_gui.core.presets import random_noisy, random_separable
from perceptron_gui.core.runio import (
    REQUIRED_KEYS,
    RunFileError,
    epochs_csv_text,
    epochs_latex_tabular,
    read_run_json,
    run_to_json_dict,
    updates_csv_text,
    write_epochs_csv,
    write_run_json,
    write_updates_csv,
)
from perceptron_gui.core.theory import dataset_theory, proof_quantities

THREE = Dataset.from_arrays([[1.0, 3.0], [2.5, 1.5], [-1.5, 1.5]], [1, 1, -1])
ONE_D = Dataset.from_arrays([[1.0], [2.0], [3.0], [4.0]], [1, 1, -1, -1])


def fit(name: str, data: Dataset, test: Dataset | None = None, **params):
    rec = make_algorithm(name, **params).fit(data, test)
    return rec, dataset_theory(data.X, data.y, offset=rec.offset)


def roundtrip(tmp_path, rec, theory, train, test=None) -> dict:
    p = tmp_path / "run.json"
    write_run_json(p, rec, theory, train, test)
    return read_run_json(p)


def test_file_equals_the_dict_and_floats_round_trip(tmp_path):
    data = random_noisy(50, 0.1, seed=2)
    test = random_noisy(20, 0.1, seed=3)
    rec, th = fit("offset", data, test, max_epochs=5, shuffle=True, seed=9)
    d = roundtrip(tmp_path, rec, th, data, test)
    assert d == json.loads(json.dumps(run_to_json_dict(rec, th, data, test)))
    assert set(REQUIRED_KEYS) <= set(d)
    assert d["final"]["w"] == rec.final_w.tolist() and d["final"]["b"] == rec.final_b
    assert [e["train_error"] for e in d["epochs"]] == [r.train_error for r in rec.epochs]
    assert [e["test_error"] for e in d["epochs"]] == [r.test_error for r in rec.epochs]
    assert d["timing"]["train_s"] == rec.train_seconds
    assert d["n_test"] == 20 and d["params"]["seed"] == 9
    assert list(tmp_path.iterdir()) == [tmp_path / "run.json"]  # no temporary file left


def test_updates_are_k_epoch_index(tmp_path):
    rec, th = fit("offset", ONE_D)
    d = roundtrip(tmp_path, rec, th, ONE_D)
    assert d["updates"][0] == {"k": 1, "epoch": 0, "index": 0}
    assert [u["k"] for u in d["updates"]] == list(range(1, rec.num_updates + 1))
    assert [u["epoch"] for u in d["updates"]] == rec.update_epoch().tolist()
    assert [u["index"] for u in d["updates"]] == rec.update_index.tolist()


def test_theory_block_with_and_without_offset(tmp_path):
    rec, th = fit("offset", ONE_D)
    t = roundtrip(tmp_path, rec, th, ONE_D)["theory"]
    assert t["R"] == th.R and t["gamma"] == th.gamma and t["bound"] == th.bound
    assert t["separable"] is True and t["separable_through_origin"] is False
    assert t["theta_star"] == {"w": th.theta_star[:-1].tolist(), "b": float(th.theta_star[-1])}
    assert t["exact"] is True and "not through the origin" in t["verdict"]

    rec, th = fit("standard", ONE_D, max_epochs=3)
    t = roundtrip(tmp_path, rec, th, ONE_D)["theory"]
    assert t["separable"] is False and t["theta_star"] is None and t["gamma"] is None and t["bound"] is None

    rec, th = fit("standard", THREE)
    t = roundtrip(tmp_path, rec, th, THREE)["theory"]
    assert t["theta_star"] == {"w": th.theta_star.tolist(), "b": 0.0}


def test_no_theory_writes_nulls(tmp_path):
    rec, _ = fit("offset", THREE)
    t = roundtrip(tmp_path, rec, None, THREE)["theory"]
    assert t["R"] is None and t["theta_star"] is None and t["separable"] is None


def test_nan_and_infinity_become_null(tmp_path):
    rec, _ = fit("offset", THREE)
    rec.train_seconds = math.nan
    fake = SimpleNamespace(R=math.inf, gamma=math.nan, bound=math.inf, theta_star=np.array([math.nan, 0.0, 1.0]),
                           separable=True, separable_through_origin=None, verdict="x",
                           mm=SimpleNamespace(exact=False, gap=math.nan))
    p = tmp_path / "run.json"
    write_run_json(p, rec, fake, THREE)
    text = p.read_text()
    assert "NaN" not in text and "Infinity" not in text
    d = json.loads(text)
    assert d["theory"]["R"] is None and d["theory"]["bound"] is None and d["timing"]["train_s"] is None
    assert d["theory"]["theta_star"] == {"w": [None, 0.0], "b": 1.0}


def test_voted_lists_every_vector_with_its_count(tmp_path):
    data = random_noisy(30, 0.1, seed=1)
    rec, th = fit("voted", data, max_epochs=4)
    voted = roundtrip(tmp_path, rec, th, data)["final"]["voted"]
    c = rec.survival_counts()
    assert len(voted) == rec.num_updates + 1
    assert [v["c"] for v in voted] == c.astype(int).tolist() and sum(v["c"] for v in voted) == 30 * 4
    assert [v["w"] + [v["b"]] for v in voted] == rec.weights.tolist()


def test_pocket_averaged_lifted_extras(tmp_path):
    data = random_noisy(30, 0.1, seed=1)
    rec, th = fit("pocket", data, max_epochs=3)
    f = roundtrip(tmp_path, rec, th, data)["final"]
    assert f["pocket_k"] == rec.extras["pocket_k"] and f["w"] == rec.final_w.tolist()
    rec, th = fit("averaged", data, max_epochs=3)
    f = roundtrip(tmp_path, rec, th, data)["final"]
    assert f["last"]["w"] == rec.extras["last_w"].tolist() and f["w"] == rec.final_w.tolist()
    rec, th = fit("lifted", data, lift_a=0.5)
    f = roundtrip(tmp_path, rec, th, data)["final"]
    assert f["slack_points"] == rec.extras["slack_points"].tolist()


def test_big_runs_are_written_in_chunks_identically(tmp_path, monkeypatch):
    data = random_noisy(200, 0.1, seed=4)
    rec, th = fit("voted", data, max_epochs=3)
    whole_csv = updates_csv_text(rec, data, th)
    write_run_json(tmp_path / "a.json", rec, th, data)
    monkeypatch.setattr(runio, "_CHUNK_ROWS", 7)
    assert updates_csv_text(rec, data, th) == whole_csv
    write_run_json(tmp_path / "b.json", rec, th, data)
    assert (tmp_path / "a.json").read_text() == (tmp_path / "b.json").read_text()
    write_updates_csv(tmp_path / "u.csv", rec, data, th)
    assert (tmp_path / "u.csv").read_text() == whole_csv


# ---- reading -----------------------------------------------------------------------------
@pytest.mark.parametrize("content, words", [
    (None, "does not exist"),
    ("{not json", "not valid JSON"),
    ('{"format": "something-else", "version": 1}', "not a perceptron run file"),
    ('[1, 2]', "not a perceptron run file"),
    ('{"format": "perceptron-run", "version": 2}', "version 2"),
    ('{"format": "perceptron-run", "version": 1, "algorithm": "offset"}', "lacks the keys"),
])
def test_read_errors_are_one_sentence(tmp_path, content, words):
    p = tmp_path / "run.json"
    if content is not None:
        p.write_text(content)
    with pytest.raises(RunFileError) as err:
        read_run_json(p)
    msg = str(err.value)
    assert words in msg and msg.endswith(".") and "\n" not in msg
    assert isinstance(err.value, UserError)  # UserError is the base of user errors


# ---- update table ------------------------------------------------------------------------------
def test_updates_csv_rows_weights_and_cosine(tmp_path):
    data = random_separable(30, 0.1, seed=3)
    rec, th = fit("offset", data, shuffle=True, seed=2)
    p = tmp_path / "u.csv"
    write_updates_csv(p, rec, data, th)
    with open(p, newline="") as fh:
        rows = list(csv.reader(fh))
    assert rows[0] == ["k", "epoch", "index", "x1", "x2", "y", "w1", "w2", "b", "cos_theta_star"]
    body = rows[1:]
    assert len(body) == rec.num_updates
    arr = np.array([[float(c) for c in r] for r in body])
    assert arr[:, 0].tolist() == list(range(1, rec.num_updates + 1))
    assert arr[:, 1].tolist() == rec.update_epoch().tolist()
    assert arr[:, 2].tolist() == rec.update_index.tolist()
    assert np.array_equal(arr[:, 3:5], data.X[rec.update_index])
    assert np.array_equal(arr[:, 5], data.y[rec.update_index])
    assert np.array_equal(arr[:, 6:9], rec.weights[1:])   # exact: floats round-trip
    pq = proof_quantities(rec.weights, th.theta_star, th.gamma, th.R)
    assert np.allclose(arr[:, 9], pq.cos[1:], rtol=1e-12, atol=1e-12)  # a cosine may be 0
    assert np.all(arr[:, 9] >= pq.cos_lower[1:] - 1e-12)


def test_updates_csv_without_offset_or_theta_star():
    rec, th = fit("standard", ONE_D, max_epochs=2)
    rows = list(csv.reader(io.StringIO(updates_csv_text(rec, ONE_D, th))))
    assert rows[0] == ["k", "epoch", "index", "x1", "y", "w1", "b", "cos_theta_star"]
    assert len(rows) - 1 == rec.num_updates
    assert all(r[-2] == "0.0" and r[-1] == "" for r in rows[1:])


def test_updates_csv_empty_cosine_where_w_is_zero():
    # Two opposite points with the same label: the second update brings w back to 0.
    data = Dataset.from_arrays([[1.0, 0.0], [-1.0, 0.0]], [1, 1])
    rec = make_algorithm("standard", max_epochs=1).fit(data)
    fake = SimpleNamespace(theta_star=np.array([0.0, 1.0]))
    rows = list(csv.reader(io.StringIO(updates_csv_text(rec, data, fake))))
    assert [r[-1] for r in rows[1:]] == ["0.0", ""]


def test_no_updates_gives_only_the_header():
    data = Dataset.from_arrays([[1.0, 1.0]], [1])
    rec, th = fit("offset", data, init="first")
    assert rec.num_updates == 0
    assert updates_csv_text(rec, data, th).count("\n") == 1


# ---- epoch tables ----------------------------------------------------------------------------------
def test_epochs_csv_and_latex(tmp_path):
    data, test = random_noisy(40, 0.1, seed=1), random_noisy(10, 0.1, seed=2)
    rec, _ = fit("averaged", data, test, max_epochs=3)
    write_epochs_csv(tmp_path / "e.csv", rec)
    with open(tmp_path / "e.csv", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert [int(r["epoch"]) for r in rows] == [0, 1, 2]
    assert [float(r["train_error"]) for r in rows] == [e.train_error for e in rec.epochs]
    assert [float(r["test_error"]) for r in rows] == [e.test_error for e in rec.epochs]

    tex = epochs_latex_tabular(rec)
    assert tex.startswith(r"\begin{tabular}{rrrr}") and tex.rstrip().endswith(r"\end{tabular}")
    e0 = rec.epochs[0]
    assert f"0 & {e0.updates} & {100 * e0.train_error:.2f} & {100 * e0.test_error:.2f} \\\\" in tex
    assert r"train error (\%)" in tex

    rec, _ = fit("offset", THREE)
    assert epochs_csv_text(rec).splitlines()[1] == "0,2,0.0,"
    assert "0 & 2 & 0.00 & -- \\\\" in epochs_latex_tabular(rec)
