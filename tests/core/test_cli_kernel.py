"""``perceptron-gui run --algorithm kernel``: its options, the same per-epoch table,
the dual form's summary, the run file's α, and one sentence for a bad option."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from perceptron_gui.cli import main

XOR = "x1,x2,y\n0,0,-1\n0,1,1\n1,0,1\n1,1,-1\n"


def run_cli(capsys, *args: object) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def xor(tmp_path: Path) -> Path:
    p = tmp_path / "xor.csv"
    p.write_text(XOR)
    return p


def test_run_kernel_poly_on_xor_converges_and_writes_alpha(capsys, xor, tmp_path):
    out_json = tmp_path / "run.json"
    code, out, err = run_cli(capsys, "run", xor, "--algorithm", "kernel", "--kernel", "poly", "--degree", "2",
                             "--coef0", "1", "--kernel-gamma", "1", "--out", out_json)
    assert code == 0, err
    assert out.splitlines()[0].split() == ["epoch", "updates", "train", "error", "test", "error"]
    assert "Converged after" in out
    assert "Final dual form: f(x) = Σ αⱼ·yⱼ·K(xⱼ, x) with poly K = (1·x·z + 1)²" in out
    assert "Verdict (of the input space, not of the kernel's feature space)" in out
    final = json.loads(out_json.read_text())["final"]
    assert len(final["alpha"]) == 4 and "w" not in final
    assert final["kernel"] == {"name": "poly", "degree": 2, "coef0": 1.0, "gamma": 1.0}


def test_run_kernel_rbf_and_linear(capsys, xor):
    code, out, _ = run_cli(capsys, "run", xor, "--algorithm", "kernel", "--kernel", "rbf", "--kernel-gamma", "2")
    assert code == 0 and "Converged after" in out and "rbf K = exp(−2·‖x − z‖²)" in out
    code, out, _ = run_cli(capsys, "run", xor, "--algorithm", "kernel", "--kernel", "linear", "--max-epochs", "5")
    assert code == 0 and "Stopped at the epoch limit" in out


def test_help_lists_the_kernel_options(capsys):
    code, out, _err = run_cli(capsys, "run", "--help")
    assert code == 0
    for opt in ("--kernel {linear,poly,rbf}", "--degree N", "--coef0", "--kernel-gamma"):
        assert opt in out


@pytest.mark.parametrize("args,words", [
    (("--kernel", "sigmoid"), "--kernel cannot be 'sigmoid'; choose one of linear, poly, rbf"),
    (("--kernel-gamma", "0"), "--kernel-gamma must be above 0"),
    (("--init", "first"), "--init must be one of zero"),
])
def test_bad_kernel_options_are_one_sentence(capsys, xor, args, words):
    code, out, err = run_cli(capsys, "run", xor, "--algorithm", "kernel", *args)
    assert code == 2 and "Traceback" not in err
    assert words in err


def test_kernel_options_do_not_apply_to_other_algorithms(capsys, xor):
    code, _out, err = run_cli(capsys, "run", xor, "--algorithm", "offset", "--kernel", "rbf")
    assert code == 2 and "--kernel does not apply to the offset perceptron" in err


def test_the_weight_space_of_a_curved_kernel_is_one_sentence(capsys, tmp_path):
    code, _out, err = run_cli(capsys, "export", "--preset", "xor", "--algorithm", "kernel", "--figure", "weight-space",
                              "--png", tmp_path / "ws.png")
    assert code == 2 and "Traceback" not in err
    assert "the weight space is drawn for its linear kernel only" in err
    assert not (tmp_path / "ws.png").exists()
