"""The race as TikZ: each panel is frame_to_tikz's own picture in a scope (no
second painter), titled, with the race table's numbers under it; ``export --figure compare
--tikz`` writes it without starting Qt; pdflatex compiles it."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from test_tikz import _pdflatex, pdflatex  # noqa: F401 - the fixture

from perceptron_gui.core.io import write_csv
from perceptron_gui.core.presets import random_separable
from perceptron_gui.export.tikz import frame_to_tikz
from perceptron_gui.export.tikz_compare import compare_to_tikz
from perceptron_gui.render.compare_text import panel_lines
from perceptron_gui.session.compare import compare_entries, run_comparison
from perceptron_gui.session.session import Session


def race(algorithms, seeds=(None,)):
    s = Session()
    s.load_preset("random_separable")
    s.wait()
    return run_comparison(s.points, compare_entries(algorithms, list(seeds)))


@pytest.fixture(scope="module")
def three():
    return race(["offset", "averaged", "voted"])


def test_each_panel_is_the_runs_own_picture(three):
    tex = compare_to_tikz(three)
    steps = three.steps_at(three.last_epoch)
    for i, (run, t) in enumerate(zip(three.runs, steps)):
        own = frame_to_tikz(run.result, t, standalone=False)
        body = own.split("\\begin{tikzpicture}[", 1)[1].rsplit("\\end{tikzpicture}", 1)[0]
        assert "\\begin{scope}[" + body + "\\end{scope}" in tex, f"panel {i + 1} is not frame_to_tikz's picture"
        assert f"local bounding box=panel{i + 1}]" in tex
    assert tex.count("\\begin{scope}") == tex.count("\\end{scope}")
    assert "\\begin{tikzpicture}" in tex and tex.count("\\begin{tikzpicture}") == 1


def test_titles_and_numbers_under_each_panel(three):
    tex = compare_to_tikz(three)
    for i, run in enumerate(three.runs):
        title = next(ln for ln in tex.splitlines() if ln.startswith("\\node") and f"at (top{i + 1})" in ln)
        assert "file order" in title
        numbers = next(ln for ln in tex.splitlines() if f"at (top{i + 1} |- panels1.south)" in ln)
        first = panel_lines(run.row)[0].replace("\u202f", " ")
        assert first in numbers and "angle to $\\theta$*" in numbers and "?" not in numbers


def test_four_runs_in_two_rows():
    four = race(["standard"], (0, 1, 2, 3))
    tex = compare_to_tikz(four, epoch=0)
    assert "local bounding box=row2]" in tex and "shift={(0,0 |- row1.south)}" in tex
    assert "(panel1.east |- 0,0)" in tex and "(panel3.east |- 0,0)" in tex and "(panel2.east" not in tex
    assert [f"at (top{i} |- panels{1 + (i > 2)}.south)" in tex for i in range(1, 5)] == [True] * 4


def test_export_figure_compare_tikz_starts_no_qt(tmp_path):
    data = tmp_path / "sep.csv"
    write_csv(random_separable(30, 0.1, seed=2), data)
    out = tmp_path / "race.tex"
    code = textwrap.dedent(f"""
        import sys
        from perceptron_gui.cli import main
        assert main(["export", {str(data)!r}, "--figure", "compare", "--compare", "offset,averaged",
                     "--tikz", {str(out)!r}]) == 0
        assert "PySide6" not in sys.modules, "Qt was started for a TikZ file"
    """)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr
    tex = out.read_text()
    assert "% ---- panel 2: averaged, file order" in tex and "panel3" not in tex


def test_compiles_with_pdflatex(pdflatex, three, tmp_path: Path):  # noqa: F811 - the fixture
    if subprocess.run(["kpsewhich", "standalone.cls"], capture_output=True, text=True).stdout.strip() == "":
        pytest.skip("the LaTeX class standalone.cls is not installed (Debian: texlive-latex-extra)")
    _pdflatex(tmp_path, "three", compare_to_tikz(three, show_theta_star=True))
    _pdflatex(tmp_path, "seeds", compare_to_tikz(race(["standard"], (0, 1, 2, 3)), epoch=0))
    doc = ("\\documentclass{article}\n\\usepackage{tikz}\n\\begin{document}\n"
           + compare_to_tikz(three, standalone=False) + "\\end{document}\n")
    _pdflatex(tmp_path, "bare", doc)
