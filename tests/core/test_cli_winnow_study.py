"""``perceptron-gui study --winnow``: the table equals the library's study, the summary, the plot
files (Qt only for PNG, SVG and PDF), and one sentence (exit 2) for every bad input."""
from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from perceptron_gui.cli import main
from perceptron_gui.core.winnow_study import run_winnow_study

ARGS = ["study", "--winnow", "--dims", "4,16,64", "--relevant", "2", "--points", "120", "--seed", "4"]


def test_the_table_and_summary_are_the_librarys(capsys, tmp_path):
    out = tmp_path / "w.csv"
    assert main([*ARGS, "--csv", str(out)]) == 0
    said = capsys.readouterr().out
    study = run_winnow_study((4, 16, 64), relevant=2, points=120, seed=4)
    assert out.read_text() == study.csv_text()
    assert "\n".join(study.summary_lines()) in said and f"Wrote {out}." in said


def test_the_defaults(capsys, tmp_path):
    out = tmp_path / "w.csv"
    assert main(["study", "--winnow", "--dims", "8,16", "--csv", str(out)]) == 0
    assert out.read_text() == run_winnow_study((8, 16)).csv_text()
    assert "r = 3" in capsys.readouterr().out


def test_the_plot_files(qapp, capsys, tmp_path):
    from PySide6 import QtGui

    paths = {k: tmp_path / f"w.{e}" for k, e in (("png", "png"), ("svg", "svg"), ("pdf", "pdf"), ("tikz", "tex"))}
    assert main([*ARGS, "--width", "960", *[a for k, p in paths.items() for a in (f"--{k}", str(p))]]) == 0
    img = QtGui.QImage(str(paths["png"]))
    assert (img.width(), img.height()) == (960, 640)
    assert paths["svg"].read_bytes().startswith(b"<?xml") and b"Winnow study" in paths["svg"].read_bytes()
    assert paths["pdf"].read_bytes().startswith(b"%PDF")
    assert paths["tikz"].read_text().startswith("\\documentclass")


def test_tikz_alone_starts_no_qt(tmp_path):
    out = tmp_path / "w.tex"
    code = textwrap.dedent(f"""
        import sys
        from perceptron_gui.cli import main
        assert main({[*ARGS, "--tikz", str(out)]!r}) == 0
        assert "PySide6" not in sys.modules, "Qt was started for a TikZ file"
    """)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr
    from perceptron_gui.export.tikz_winnow import winnow_to_tikz
    assert out.read_text() == winnow_to_tikz(run_winnow_study((4, 16, 64), relevant=2, points=120, seed=4))


@pytest.mark.parametrize("extra, words", [
    (["--dims", "abc"], "whole numbers separated by commas"),
    (["--dims", "0,8"], "between 1 and"),
    (["--dims", "-8"], "between 1 and"),
    (["--dims", "8,8"], "once"),
    (["--relevant", "0"], "--relevant must be between 1"),
    (["--relevant", "abc"], "--relevant must be a whole number"),
    (["--relevant", "9", "--dims", "8,16"], "at least 9 features"),
    (["--points", "0"], "--points must be between 1"),
    (["--points", "-5"], "--points must be between 1"),
    (["--seed", "-1"], "--seed must be 0 or more"),
    (["--seed", "x"], "--seed must be a whole number"),
    (["--max-epochs", "0"], "--max-epochs must be at least 1"),
    (["--algorithm", "offset"], "--algorithm does not apply"),
    (["--alpha", "3"], "--alpha does not apply"),
    (["--seeds", "5"], "--seeds does not apply"),
    (["--png", "w.jpg"], "ending in .png"),
])
def test_bad_input_is_one_sentence(capsys, extra, words):
    assert main(["study", "--winnow", *extra]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and "Traceback" not in err and "\n" not in err and err.endswith(".")


def test_the_winnow_options_need_winnow(capsys):
    assert main(["study", "--preset", "and", "--algorithm", "offset", "--dims", "8", "--points", "5"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == ("--dims and --points go with --winnow (the Winnow study); add --winnow or leave them out.")
