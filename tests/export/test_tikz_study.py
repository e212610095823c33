"""The order study's histogram as TikZ: one bar per bin of the study's own
histogram with its count, the file order's and the bound's lines where the slide figure draws
them; ``study --tikz`` and ``export --figure study --tikz`` (no Qt started); pdflatex compiles it."""
from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from test_tikz import _pdflatex, pdflatex  # noqa: F401 - the fixture

from perceptron_gui.cli import main
from perceptron_gui.core.io import read_csv, write_csv
from perceptron_gui.core.order_study import run_order_study
from perceptron_gui.core.presets import random_noisy, random_separable
from perceptron_gui.export.tikz_study import study_to_tikz
from perceptron_gui.render.study_picture import describe_study

RECT = re.compile(r"\((-?[\d.]+),(-?[\d.]+)\) rectangle \((-?[\d.]+),(-?[\d.]+)\)")


@pytest.fixture(scope="module")
def studies():
    sep = random_separable(40, 0.1, seed=7)
    noisy = random_noisy(40, 0.2, seed=3)
    return {"updates": run_order_study("offset", sep, seeds=30),
            "error": run_order_study("offset", noisy, seeds=12, params={"max_epochs": 3})}


@pytest.mark.parametrize("kind", ["updates", "error"])
def test_one_bar_per_bin_with_its_count(studies, kind):
    study = studies[kind]
    assert study.quantity == ("updates" if kind == "updates" else "train_error")
    counts, edges = study.histogram()
    scale = 1.0 if kind == "updates" else 100.0
    tex = study_to_tikz(study)
    bins = [ln for ln in tex.splitlines() if re.search(r"% bin \d+:", ln)]
    assert len(bins) == len(counts)
    for ln, c, a, b in zip(bins, counts, edges[:-1] * scale, edges[1:] * scale):
        assert ln.endswith(f"{int(c)} orders")
        m = RECT.search(ln)
        assert (m is not None) == (c > 0)  # an empty bin draws nothing
        if m:  # picture coordinates are the data's here (no shift or factor on these axes)
            x0, y0, x1, y1 = map(float, m.groups())
            assert (y0, y1) == (0.0, float(c))
            np.testing.assert_allclose([x0, x1], [a, b], rtol=0, atol=1e-3 * (b - a))


def test_file_order_and_bound_lines(studies):
    study = studies["updates"]
    pic = describe_study(study)
    tex = study_to_tikz(study)
    file_line = tex.split("% the file order's value\n", 1)[1].splitlines()[0]
    assert "dashed" in file_line and f"({pic.file_x:g}," in file_line
    assert ("% the bound (R/gamma)^2" in tex) == (pic.bound is not None)
    assert "shuffled orders" in tex and "file order:" in tex
    noisy = study_to_tikz(studies["error"])
    assert "% the bound" not in noisy and "not every run converged" in noisy


def test_study_tikz_from_the_command_line_without_qt(tmp_path):
    data = tmp_path / "sep.csv"
    write_csv(random_separable(30, 0.1, seed=2), data)
    out = tmp_path / "h.tex"
    code = textwrap.dedent(f"""
        import sys
        from perceptron_gui.cli import main
        assert main(["study", {str(data)!r}, "--algorithm", "offset", "--seeds", "5", "--tikz", {str(out)!r}]) == 0
        assert "PySide6" not in sys.modules, "Qt was started for a TikZ file"
    """)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr
    assert f"Wrote {out}." in proc.stdout
    study = run_order_study("offset", read_csv(data), seeds=5)
    assert out.read_text() == study_to_tikz(study)


def test_export_figure_study_tikz_and_a_wrong_ending(capsys, tmp_path):
    data = tmp_path / "sep.csv"
    write_csv(random_separable(30, 0.1, seed=2), data)
    out = tmp_path / "h.tex"
    assert main(["export", str(data), "--algorithm", "offset", "--figure", "study", "--seeds", "4",
                 "--tikz", str(out)]) == 0
    assert "% the histogram" in out.read_text()
    assert main(["study", str(data), "--algorithm", "offset", "--tikz", str(tmp_path / "h.pdf")]) == 2
    err = capsys.readouterr().err
    assert "give a name ending in .tex" in err and "Traceback" not in err


def test_compiles_with_pdflatex(pdflatex, studies, tmp_path: Path):  # noqa: F811 - the fixture
    if subprocess.run(["kpsewhich", "standalone.cls"], capture_output=True, text=True).stdout.strip() == "":
        pytest.skip("the LaTeX class standalone.cls is not installed (Debian: texlive-latex-extra)")
    for name, study in studies.items():
        _pdflatex(tmp_path, name, study_to_tikz(study))
    doc = ("\\documentclass{article}\n\\usepackage{tikz}\n\\begin{document}\n"
           + study_to_tikz(studies["updates"], standalone=False) + "\\end{document}\n")
    _pdflatex(tmp_path, "bare", doc)
