"""The ``perceptron-gui`` command line: ``run`` on the notes' examples, every algorithm, the
files it writes, and one clean sentence (exit 2, no traceback) for every bad input."""
from __future__ import annotations

import csv
import json
import subprocess
import sys
import types
from pathlib import Path

import numpy as np
import pytest

from perceptron_gui.cli import main
from perceptron_gui.core.algorithms import REGISTRY, make_algorithm
from perceptron_gui.core.io import read_csv, write_csv
from perceptron_gui.core.presets import random_noisy, random_separable
from perceptron_gui.core.runio import REQUIRED_KEYS, read_run_json
from perceptron_gui.core.theory import dataset_theory

THREE = "x1,x2,y\n1,3,1\n2.5,1.5,1\n-1.5,1.5,-1\n"          # notes 003, margin example
ONE_D = "x,y\n1,1\n2,1\n3,-1\n4,-1\n"                      # notes 003, offset example
AND = "x1,x2,y\n0,0,-1\n0,1,-1\n1,0,-1\n1,1,1\n"

# Winnow takes Boolean points only: its own tests (tests/core/test_winnow.py) run these on its data.
REAL_DATA = sorted(name for name, cls in REGISTRY.items() if not cls.boolean_features)



@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    out = {}
    for name, text in {"three": THREE, "oned": ONE_D, "and": AND}.items():
        p = tmp_path / f"{name}.csv"
        p.write_text(text)
        out[name] = p
    out["noisy"] = tmp_path / "noisy.csv"
    write_csv(random_noisy(60, 0.1, seed=5), out["noisy"])
    out["noisy_test"] = tmp_path / "noisy_test.csv"
    write_csv(random_noisy(30, 0.1, seed=5), out["noisy_test"])
    out["sep"] = tmp_path / "sep.csv"
    write_csv(random_separable(40, 0.15, seed=7), out["sep"])
    return out


def run_cli(capsys, *args: object) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    cap = capsys.readouterr()
    return code, cap.out, cap.err


# ---- the notes' examples ----------------------------------------------------------------
def test_three_points_of_notes_003(capsys, files):
    code, out, err = run_cli(capsys, "run", files["three"], "--algorithm", "offset")
    assert code == 0, err
    assert err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["epoch", "updates", "train", "error", "test", "error"]
    assert lines[1].split() == ["0", "2", "0.00%", "-"]
    assert "Converged after 2 updates in 2 epochs" in out
    assert "(R/γ)² = " in out and "this run made 2 ≤" in out
    assert "Verdict: linearly separable with an offset" in out
    assert "Train time:" in out


def test_one_d_example_converges_with_offset(capsys, files):
    code, out, _ = run_cli(capsys, "run", files["oned"], "--algorithm", "offset")
    assert code == 0
    assert "Converged after" in out
    verdict = next(line for line in out.splitlines() if line.startswith("Verdict:"))
    assert "separable with an offset" in verdict
    assert "but not through the origin" in verdict


def test_one_d_example_fails_through_the_origin(capsys, files):
    code, out, _ = run_cli(capsys, "run", files["oned"], "--algorithm", "standard", "--max-epochs", "20")
    assert code == 0
    assert "Stopped at the epoch limit (20 epochs)" in out
    assert "Verdict: not linearly separable through the origin" in out
    assert "(R/γ)²" not in out


def test_and_gate(capsys, files):
    code, out, _ = run_cli(capsys, "run", files["and"], "--algorithm", "offset")
    assert code == 0
    assert "Converged after" in out
    assert "but not through the origin" in out


def test_long_table_is_shortened_unless_asked(capsys, files):
    _, out, _ = run_cli(capsys, "run", files["oned"], "--algorithm", "standard")
    assert "epochs not shown" in out and len(out.splitlines()) < 60
    _, out, _ = run_cli(capsys, "run", files["oned"], "--algorithm", "standard", "--all-epochs")
    assert "epochs not shown" not in out and len(out.splitlines()) > 100


# ---- every algorithm, and what it writes --------------------------------------------------
@pytest.mark.parametrize("algorithm", REAL_DATA)
def test_each_algorithm_writes_a_matching_run_file(capsys, files, tmp_path, algorithm):
    out_json, out_csv = tmp_path / "run.json", tmp_path / "updates.csv"
    code, out, err = run_cli(capsys, "run", files["noisy"], "--algorithm", algorithm, "--max-epochs", "7",
                             "--out", out_json, "--csv", out_csv)
    assert code == 0, err
    assert f"Wrote {out_json}." in out

    train = read_csv(files["noisy"])
    rec = make_algorithm(algorithm, max_epochs=7).fit(train)
    theory = dataset_theory(train.X, train.y, offset=rec.offset)
    d = read_run_json(out_json)
    assert set(REQUIRED_KEYS) <= set(d)
    assert d["format"] == "perceptron-run" and d["version"] == 1
    assert d["algorithm"] == algorithm and d["params"] == rec.params
    assert (d["n"], d["d"], d["epochs_run"]) == (60, 2, rec.epochs_run)
    assert d["converged"] == rec.converged and d["stop_reason"] == rec.stop_reason
    assert [(e["epoch"], e["updates"], e["train_error"], e["test_error"]) for e in d["epochs"]] == \
        [(r.epoch, r.updates, r.train_error, r.test_error) for r in rec.epochs]
    assert [u["k"] for u in d["updates"]] == list(range(1, rec.num_updates + 1))
    assert [u["index"] for u in d["updates"]] == rec.update_index.tolist()
    assert [u["epoch"] for u in d["updates"]] == rec.update_epoch().tolist()
    if algorithm == "kernel":  # a curved boundary (poly by default) has no w, but α
        assert "w" not in d["final"] and d["final"]["alpha"] == rec.extras["alpha"].tolist()
    else:
        assert d["final"]["w"] == rec.final_w.tolist()
    assert d["final"]["b"] == rec.final_b
    assert d["theory"]["R"] == theory.R and d["theory"]["separable"] == theory.separable
    assert d["timing"]["train_s"] > 0
    if algorithm == "voted":
        assert len(d["final"]["voted"]) == rec.num_updates + 1
        assert sum(v["c"] for v in d["final"]["voted"]) == 60 * 7

    with open(out_csv, newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == rec.num_updates == len(d["updates"])
    assert [float(rows[-1][c]) for c in ("w1", "w2")] == rec.weights[-1][:2].tolist()


def test_test_set_error_column(capsys, files, tmp_path):
    out_json = tmp_path / "run.json"
    code, out, _ = run_cli(capsys, "run", files["noisy"], "--algorithm", "pocket", "--test", files["noisy_test"],
                           "--max-epochs", "3", "--out", out_json)
    assert code == 0
    first = out.splitlines()[1].split()
    assert first[0] == "0" and first[3].endswith("%")
    d = json.loads(out_json.read_text())
    assert d["n_test"] == 30
    assert all(e["test_error"] is not None for e in d["epochs"])


def test_shuffle_with_a_seed_is_reproducible(capsys, files, tmp_path):
    def updates(seed: int, name: str) -> list:
        p = tmp_path / name
        assert run_cli(capsys, "run", files["sep"], "--algorithm", "offset", "--shuffle", "--seed", seed,
                       "--out", p)[0] == 0
        return json.loads(p.read_text())["updates"]

    a, b, c = updates(3, "a.json"), updates(3, "b.json"), updates(4, "c.json")
    assert a == b
    assert a != c
    assert [u["index"] for u in a] != [u["index"] for u in updates(0, "plain.json")]


def test_options_reach_the_algorithm(capsys, files, tmp_path):
    p = tmp_path / "run.json"
    assert run_cli(capsys, "run", files["noisy"], "--algorithm", "pocket", "--gamma", "0.1", "--no-offset",
                   "--init", "first", "--max-epochs", "4", "--out", p)[0] == 0
    d = json.loads(p.read_text())
    assert d["params"] == {"max_epochs": 4, "shuffle": False, "seed": 0, "init": "first",
                           "start_w": [], "start_b": 0.0, "offset": False, "gamma": 0.1,
                           "check": "every"}
    assert d["offset"] is False and d["final"]["b"] == 0.0
    assert run_cli(capsys, "run", files["noisy"], "--algorithm", "lifted", "--lift-a", "0.3", "--out", p)[0] == 0
    assert json.loads(p.read_text())["params"]["lift_a"] == 0.3


# ---- user errors: one sentence, exit 2 ---------------------------------------------------------
def _bad_files(tmp_path: Path) -> dict[str, Path]:
    texts = {"malformed": "x1,x2,y\n1,2,1\n3,abc,-1\n", "label3": "x1,x2,y\n1,2,1\n3,4,3\n",
             "nan": "x1,x2,y\n1,2,1\nnan,4,-1\n", "ragged": "1,2,1\n3,-1\n", "threed": "1,2,3,1\n1,0,0,-1\n"}
    out = {}
    for name, text in texts.items():
        out[name] = tmp_path / f"{name}.csv"
        out[name].write_text(text)
    return out


BAD_ARGS = {
    "missing file": ["run", "{missing}", "--algorithm", "offset"],
    "malformed csv": ["run", "{malformed}", "--algorithm", "offset"],
    "label 3": ["run", "{label3}", "--algorithm", "offset"],
    "nan": ["run", "{nan}", "--algorithm", "offset"],
    "ragged": ["run", "{ragged}", "--algorithm", "offset"],
    "max-epochs abc": ["run", "{and}", "--algorithm", "offset", "--max-epochs", "abc"],
    "max-epochs 0": ["run", "{and}", "--algorithm", "offset", "--max-epochs", "0"],
    "lift-a 1.5": ["run", "{and}", "--algorithm", "lifted", "--lift-a", "1.5"],
    "lift-a nan": ["run", "{and}", "--algorithm", "lifted", "--lift-a", "nan"],
    "gamma with standard": ["run", "{and}", "--algorithm", "standard", "--gamma", "0.5"],
    "no-offset with offset": ["run", "{and}", "--algorithm", "offset", "--no-offset"],
    "unknown algorithm": ["run", "{and}", "--algorithm", "madaline"],
    "no algorithm": ["run", "{and}"],
    "unknown option": ["run", "{and}", "--algorithm", "offset", "--learning-rate", "2"],
    "bad init": ["run", "{and}", "--algorithm", "offset", "--init", "random"],
    "test set of other width": ["run", "{and}", "--algorithm", "offset", "--test", "{threed}"],
    "missing test file": ["run", "{and}", "--algorithm", "offset", "--test", "{missing}"],
    "unwritable out": ["run", "{and}", "--algorithm", "offset", "--out", "{missing_dir}/run.json"],
    "export": ["export", "plot.png"],
    "unknown command": ["train", "{and}"],
    "bad step": ["--screenshot", "x.png", "--step", "soon"],
    "bad size": ["--screenshot", "x.png", "--size", "big"],
    "tiny size": ["--screenshot", "x.png", "--size", "10x10"],
    "unknown preset": ["--preset", "nope"],
    "unknown theme": ["--screenshot", "x.png", "--theme", "sepia"],
    "window option after a command": ["run", "{and}", "--algorithm", "offset", "--presentation"],
}


@pytest.mark.parametrize("case", list(BAD_ARGS))
def test_bad_input_is_one_sentence_and_exit_2(capsys, files, tmp_path, case):
    paths = {k: str(v) for k, v in {**files, **_bad_files(tmp_path)}.items()}
    paths.update(missing=str(tmp_path / "nope.csv"), missing_dir=str(tmp_path / "no" / "such"))
    args = [a.format(**paths) for a in BAD_ARGS[case]]
    code, out, err = run_cli(capsys, *args)
    assert code == 2
    assert out == ""
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0][:1].isupper() or lines[0].startswith(("-", "'")), lines[0]
    assert lines[0].endswith(".")


def test_specific_messages(capsys, files, tmp_path):
    bad = _bad_files(tmp_path)
    assert "Line 3" in run_cli(capsys, "run", bad["label3"], "--algorithm", "offset")[2]
    assert "--max-epochs must be a whole number" in run_cli(capsys, "run", files["and"], "--algorithm", "offset",
                                                            "--max-epochs", "abc")[2]
    assert "--max-epochs must be" in run_cli(capsys, "run", files["and"], "--algorithm", "offset", "--max-epochs", "0")[2]
    assert "strictly between 0 and 1" in run_cli(capsys, "run", files["and"], "--algorithm", "lifted",
                                                 "--lift-a", "1.5")[2]
    err = run_cli(capsys, "run", files["and"], "--algorithm", "standard", "--gamma", "1")[2]
    assert "--gamma does not apply to the standard perceptron" in err and "pocket" in err
    assert "or an example data set (--preset NAME" in run_cli(capsys, "export")[2]


@pytest.mark.parametrize("algorithm, option, value", [("offset", "--max-epochs", "0"), ("offset", "--seed", "-3"),
                                                    ("pocket", "--gamma", "-1"), ("lifted", "--lift-a", "1.5"),
                                                    ("lifted", "--max-epochs", "2000000")])
def test_option_ranges_are_the_algorithms_own_rule(capsys, files, algorithm, option, value):
    """The CLI says of --max-epochs what validate() says of "Max epochs": one rule, ParamSpec's."""
    name = option[2:].replace("-", "_")
    spec = next(s for s in REGISTRY[algorithm].param_specs() if s.name == name)
    code, _, err = run_cli(capsys, "run", files["and"], "--algorithm", algorithm, option, value)
    with pytest.raises(Exception) as core:
        make_algorithm(algorithm, **{name: spec.kind(value)}).validate()
    assert code == 2
    assert err.strip().removeprefix(option) == str(core.value).removeprefix(spec.label)


def test_help_exits_0(capsys):
    code, out, _ = run_cli(capsys, "run", "--help")
    assert code == 0 and "--lift-a" in out and "--no-offset" in out


# ---- the window ----------------------------------------------------------------------------
def test_no_command_opens_the_window_with_the_options(capsys, monkeypatch):
    calls = []
    fake = types.ModuleType("perceptron_gui.gui.app.application")
    fake.run_app = lambda argv=None, **kw: calls.append((argv, kw)) or 0
    monkeypatch.setitem(sys.modules, "perceptron_gui.gui.app.application", fake)
    assert main([]) == 0
    assert calls[-1] == ([], dict(screenshot=None, preset=None, algorithm=None, step=None, size=None, lesson=None,
                                  theme=None, presentation=False, path=None))
    assert main(["--screenshot", "out.png", "--preset", "and", "--algorithm", "offset", "--step", "end",
                 "--size", "1024x768"]) == 0
    assert calls[-1][1] == dict(screenshot="out.png", preset="and", algorithm="offset", step="end", size=(1024, 768),
                                lesson=None, theme=None, presentation=False, path=None)
    assert main(["--theme", "dark", "--presentation"]) == 0
    assert calls[-1][1]["theme"] == "dark" and calls[-1][1]["presentation"] is True
    assert main(["--step", "3"]) == 0
    assert calls[-1][1]["step"] == 3


def test_missing_window_is_a_sentence_and_the_help(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "perceptron_gui.gui.app.application", None)
    code = main([])
    err = capsys.readouterr().err
    assert code == 1
    assert err.startswith("The window cannot open") and "usage: perceptron-gui" in err
    assert "Traceback" not in err


# ---- as a real process -------------------------------------------------------------------------
def test_subprocess_success_and_failure(files, tmp_path):
    out_json = tmp_path / "run.json"
    ok = subprocess.run([sys.executable, "-m", "perceptron_gui", "run", str(files["three"]), "--algorithm",
                         "offset", "--out", str(out_json)], capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0, ok.stderr
    assert "Converged after 2 updates" in ok.stdout and "Traceback" not in ok.stderr
    assert json.loads(out_json.read_text())["format"] == "perceptron-run"

    for args in (["run", str(tmp_path / "missing.csv"), "--algorithm", "offset"],
                 ["run", str(files["three"]), "--algorithm", "offset", "--max-epochs", "abc"]):
        bad = subprocess.run([sys.executable, "-m", "perceptron_gui", *args], capture_output=True, text=True,
                             timeout=120)
        assert bad.returncode == 2
        assert bad.stdout == ""
        assert "Traceback" not in bad.stderr and len(bad.stderr.strip().splitlines()) == 1


def test_bound_compares_with_updates(capsys, files):
    _, out, _ = run_cli(capsys, "run", files["sep"], "--algorithm", "offset")
    train = read_csv(files["sep"])
    th = dataset_theory(train.X, train.y, offset=True)
    k = make_algorithm("offset").fit(train).num_updates
    assert f"this run made {k} ≤ {th.bound:.6g}" in out
    assert np.isfinite(th.bound) and k <= th.bound


def test_window_options_with_a_command_or_a_typo_are_errors(capsys, files, monkeypatch):
    calls = []
    fake = types.ModuleType("perceptron_gui.gui.app.application")
    fake.run_app = lambda argv=None, **kw: calls.append((argv, kw)) or 0
    monkeypatch.setitem(sys.modules, "perceptron_gui.gui.app.application", fake)
    code, out, err = run_cli(capsys, "--preset", "and", "run", files["and"], "--algorithm", "offset")
    assert code == 2 and "--preset is for the window" in err and out == ""
    code, _, err = run_cli(capsys, "--screenshoot", "x.png")
    assert code == 2 and "--screenshoot" in err
    assert run_cli(capsys, "-platform", "offscreen")[0] == 0
    assert calls == [(["-platform", "offscreen"], dict(screenshot=None, preset=None, algorithm=None, step=None,
                                                        size=None, lesson=None, theme=None,
                                                        presentation=False, path=None))]


def test_the_console_script_flushes_its_output_and_files_before_its_fast_exit(tmp_path):
    """entry() leaves with os._exit after a command (the interpreter's teardown took
    0.33 s): everything printed and written must be complete, and the status kept."""
    import subprocess
    import sys

    data = tmp_path / "d.csv"
    data.write_text("x1,x2,y\n1,3,1\n2.5,1.5,1\n-1.5,1.5,-1\n")
    out = tmp_path / "run.json"
    code = ("import sys; sys.argv = ['perceptron-gui'] + sys.argv[1:]; "
            "from perceptron_gui.cli import entry; entry()")
    ok = subprocess.run([sys.executable, "-c", code, "run", str(data), "--algorithm", "offset", "--out", str(out)],
                        capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0, ok.stderr
    assert "Final weights" in ok.stdout and ok.stdout.endswith("\n")
    assert json.loads(out.read_text())["final"]["w"]  # a whole, parseable file
    bad = subprocess.run([sys.executable, "-c", code, "run", str(tmp_path / "missing.csv")],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and bad.stderr.strip().endswith(".")


def test_run_loads_the_kernels_beside_the_read_and_a_failed_warm_up_costs_nothing(tmp_path, capsys, monkeypatch):
    """`run` loads numba's kernels on a thread while the CSV is read (cli/run._warm_up_meanwhile);
    should that loading fail, the fit loads them itself and the run ends as usual, silently."""
    import threading

    import perceptron_gui.core.algorithms as algorithms

    seen: list[str] = []

    def failing(names=None):
        seen.append(threading.current_thread().name)
        raise RuntimeError("no cache here")

    monkeypatch.setattr(algorithms, "warm_up", failing)
    path = tmp_path / "d.csv"
    path.write_text("x1,x2,label\n1,2,1\n-1,-2,-1\n2,1,1\n")
    out = tmp_path / "run.json"
    assert main(["run", str(path), "--algorithm", "offset", "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert seen == ["perceptron-gui warm-up"]  # on its own thread, not the main one
    assert "Traceback" not in captured.err and captured.err == ""
    assert read_run_json(out)["converged"] is True
