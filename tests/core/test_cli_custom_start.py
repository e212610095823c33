"""``--init custom --start-w W --start-b B`` on the command line, the run file's start, and the
proof's bound from a start w₀ ≠ 0."""
from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from perceptron_gui.cli import main
from perceptron_gui.cli.args import join_negative_values
from perceptron_gui.core import novikoff
from perceptron_gui.core.runio import read_run_json

THREE = "x1,x2,y\n1,3,1\n2.5,1.5,1\n-1.5,1.5,-1\n"  # notes 003's margin example


@pytest.fixture
def three(tmp_path: Path) -> Path:
    p = tmp_path / "three.csv"
    p.write_text(THREE)
    return p


def run_cli(capsys, *args: object) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    cap = capsys.readouterr()
    return code, cap.out, cap.err


def brute_largest_k(gamma: float, R: float, d: float, s: float, k_max: int = 10_000) -> int:
    """The largest integer k the proof allows: (d + kγ)² ≤ s + kR² wherever d + kγ ≥ 0."""
    best = 0
    for k in range(k_max + 1):
        num = d + k * gamma
        if num < 0 or num * num <= s + k * R * R:
            best = k
    return best


def start_terms_from_file(doc: dict, w0: list[float]) -> tuple[float, float]:
    th = doc["theory"]["theta_star"]
    theta = np.array(th["w"] + [th["b"]])
    return novikoff.start_terms(np.array(w0), theta)


def test_notes_003_from_the_command_line(capsys, three, tmp_path):
    out_json = tmp_path / "run.json"
    code, out, err = run_cli(capsys, "run", three, "--algorithm", "offset", "--init", "custom",
                             "--start-w", "1,-1", "--start-b", "1", "--out", out_json)
    assert code == 0, err
    doc = read_run_json(out_json)
    assert doc["params"]["init"] == "custom"
    assert doc["params"]["start_w"] == [1.0, -1.0] and doc["params"]["start_b"] == 1.0
    assert doc["updates"][0]["index"] == 0  # the first update is on (1, 3)+, as in the notes
    # the bound from w₀ = (1, −1, 1), against a brute-force search over k
    theory = doc["theory"]
    d, s = start_terms_from_file(doc, [1.0, -1.0, 1.0])
    assert s == 3.0
    assert novikoff.max_updates(theory["bound"]) == brute_largest_k(theory["gamma"], theory["R"], d, s)
    assert doc["num_updates"] <= theory["bound"]
    sentence = theory["start_bound_formula"]
    assert sentence.startswith("From the start w₀") and f"‖w₀‖² = {s:.6g}" in sentence
    assert f"at most {novikoff.max_updates(theory['bound'])} updates" in sentence
    assert sentence.rstrip(".") in out  # the summary prints it


@pytest.mark.parametrize("form", [["--start-w", "-1,2"], ["--start-w=-1,2"]])
def test_a_negative_first_number_works_in_both_forms(capsys, three, tmp_path, form):
    out_json = tmp_path / "run.json"
    code, _, err = run_cli(capsys, "run", three, "--algorithm", "offset", *form, "--start-b", "-0.5",
                           "--out", out_json)
    assert code == 0, err
    params = read_run_json(out_json)["params"]
    assert params["start_w"] == [-1.0, 2.0] and params["start_b"] == -0.5
    assert params["init"] == "custom"  # --start-w alone implies it


def test_negative_values_are_joined_only_for_the_start_options():
    assert join_negative_values(["--start-w", "-1,2", "--start-b", "-1e-3", "--seed", "-1"]) == \
        ["--start-w=-1,2", "--start-b=-1e-3", "--seed", "-1"]
    assert join_negative_values(["--start-w", "--out"]) == ["--start-w", "--out"]


def test_export_takes_the_start_too(capsys, three, tmp_path):
    out_json = tmp_path / "run.json"
    code, _, err = run_cli(capsys, "export", three, "--algorithm", "pocket", "--start-w", "-1,2", "--start-b", "1",
                           "--json", out_json)
    assert code == 0, err
    doc = read_run_json(out_json)
    assert doc["params"]["init"] == "custom" and doc["params"]["start_w"] == [-1.0, 2.0]


@pytest.mark.parametrize(("args", "words"), [
    (["--algorithm", "offset", "--start-w", "1,2,3"], "3 numbers, but the data have 2 features"),
    (["--algorithm", "offset", "--start-w", "1"], "1 number, but the data have 2 features"),
    (["--algorithm", "offset", "--init", "zero", "--start-w", "1,2"], "use --init custom"),
    (["--algorithm", "offset", "--init", "first", "--start-b", "1"], "use --init custom"),
    (["--algorithm", "standard", "--start-b", "1"], "has no b"),
    (["--algorithm", "pocket", "--no-offset", "--start-b", "1"], "without the offset"),
    (["--algorithm", "offset", "--start-w", "1,nan"], "finite"),
    (["--algorithm", "offset", "--start-w", "a,b"], "numbers separated by commas"),
    (["--algorithm", "offset", "--start-w", "1,", ], "numbers separated by commas"),
])
def test_a_bad_start_is_one_sentence_and_exit_2(capsys, three, args, words):
    code, out, err = run_cli(capsys, "run", three, *args)
    assert code == 2
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize(("init", "w0"), [("zero", [0.0, 0.0, 0.0]), ("first", [1.0, 3.0, 1.0])])
def test_the_run_files_bound_starts_where_the_run_starts(capsys, three, tmp_path, init, w0):
    out_json = tmp_path / "run.json"
    code, _, err = run_cli(capsys, "run", three, "--algorithm", "voted", "--init", init, "--out", out_json)
    assert code == 0, err
    doc = read_run_json(out_json)
    theory = doc["theory"]
    d, s = start_terms_from_file(doc, w0)
    if init == "zero":  # Novikoff's (R/γ)², unchanged
        assert theory["bound"] == (theory["R"] / theory["gamma"]) ** 2 or \
            math.isclose(theory["bound"], (theory["R"] / theory["gamma"]) ** 2, rel_tol=1e-12)
        assert theory["start_bound_formula"].startswith("From w₀ = 0 the bound is k ≤ (R/γ)²")
    else:
        assert theory["bound"] == novikoff.updates_bound(theory["gamma"], theory["R"], d, s)
    assert novikoff.max_updates(theory["bound"]) == brute_largest_k(theory["gamma"], theory["R"], d, s)


def test_the_lifted_run_file_says_the_bound_does_not_limit_it(capsys, three, tmp_path):
    out_json = tmp_path / "run.json"
    code, _, err = run_cli(capsys, "run", three, "--algorithm", "lifted", "--start-w", "1,-1", "--out", out_json)
    assert code == 0, err
    assert "lifted points" in read_run_json(out_json)["theory"]["start_bound_formula"]
