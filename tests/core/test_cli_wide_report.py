"""`run` prints a wide w as numpy summarises an array: the first and last few numbers and how
many; the run file keeps them all."""
from __future__ import annotations

import json

import numpy as np

from perceptron_gui.cli import main


def test_a_wide_w_is_summarised_and_the_run_file_has_it_all(tmp_path, capsys) -> None:
    rng = np.random.default_rng(0)
    X = rng.normal(size=(60, 20))
    y = np.where(X[:, 0] > 0, 1, -1)
    data = tmp_path / "wide.csv"
    np.savetxt(data, np.column_stack([X, y]), delimiter=",",
               header=",".join([f"x{i + 1}" for i in range(20)] + ["y"]), comments="")
    out = tmp_path / "run.json"
    assert main(["run", str(data), "--algorithm", "offset", "--out", str(out)]) == 0
    line = next(ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("Final"))
    w = json.loads(out.read_text(encoding="utf-8"))["final"]["w"]
    assert len(w) == 20 and "20 numbers" in line and line.count(",") < 12
    assert f"{w[0] + 0.0:.6g}" in line and f"{w[-1] + 0.0:.6g}" in line


def test_a_narrow_w_is_printed_whole(tmp_path, capsys) -> None:
    data = tmp_path / "small.csv"
    data.write_text("x1,x2,y\n1,2,1\n-1,-2,-1\n", encoding="utf-8")
    assert main(["run", str(data), "--algorithm", "offset"]) == 0
    assert "Final weights: w = (1, 2), b = 1" in capsys.readouterr().out
