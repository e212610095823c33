"""The Winnow study's plot as TikZ: the picture the slide figure paints (every point on the same
log scales, a marker per point of the mistakes' lines, the bounds dashed), and pdflatex compiles
it (standalone, and as a body \\input into an article)."""
from __future__ import annotations

import re
import subprocess

import pytest
from test_tikz import _pdflatex, pdflatex  # noqa: F401 - the fixture

from perceptron_gui.core.winnow_study import run_winnow_study
from perceptron_gui.export.tikz_winnow import HEIGHT_CM, WIDTH_CM, winnow_to_tikz
from perceptron_gui.render.winnow_picture import describe_winnow_study

POINT = re.compile(r"\((-?[\d.]+),(-?[\d.]+)\)")


@pytest.fixture(scope="module")
def study():
    return run_winnow_study((4, 8, 32, 128), relevant=2, points=150, seed=1)


def _drawn(tex: str, label: str) -> str:
    """The \\draw line after the comment of the line labelled ``label``."""
    lines = tex.splitlines()
    i = next(i for i, ln in enumerate(lines) if ln.startswith(f"% {label}:"))
    return lines[i + 1]


def test_every_line_is_the_pictures(study):
    pic = describe_winnow_study(study)
    tex = winnow_to_tikz(study)
    (x0, x1), (y0, y1) = pic.x_range, pic.y_range
    for ln in pic.lines:
        drawn = _drawn(tex, ln.label)
        assert drawn.startswith("\\draw[winnowc" if ln.key.startswith("winnow") else "\\draw[perceptronc")
        assert ("dashed" in drawn) == (ln.dash == "dash")
        pts = [(float(a), float(b)) for a, b in POINT.findall(drawn)]
        assert len(pts) == len(ln.xs) == 4
        for (px, py), x, y in zip(pts, ln.xs, ln.ys):
            assert px == pytest.approx((x - x0) / (x1 - x0) * WIDTH_CM, abs=1e-4)
            assert py == pytest.approx((y - y0) / (y1 - y0) * HEIGHT_CM, abs=1e-4)
    # one marker per point of the two lines of mistakes, plus one in each legend entry
    assert tex.count("rectangle +(2.4pt,2.4pt)") == 4 + 1 and tex.count("circle (2.6pt)") == 4 + 1
    for _, label in pic.x_ticks:
        assert f"{{{label}}};" in tex
    assert "x1 $\\lor$ x2" in tex and "?" not in tex.replace("% ", "")


def test_the_body_alone_needs_only_tikz(study):
    body = winnow_to_tikz(study, standalone=False)
    assert body.lstrip().startswith("%") and "\\documentclass" not in body
    assert "\\begin{tikzpicture}" in body and "\\usetikzlibrary" not in body and "pgfplots" not in body


def test_pdflatex_compiles_it(pdflatex, study, tmp_path):  # noqa: F811 - the fixture
    body = winnow_to_tikz(study, standalone=False)
    _pdflatex(tmp_path, "winnow_body", "\\documentclass{article}\n\\usepackage{tikz}\n\\begin{document}\n"
              + body + "\\end{document}\n")
    if subprocess.run(["kpsewhich", "standalone.cls"], capture_output=True, text=True).stdout.strip():
        _pdflatex(tmp_path, "winnow", winnow_to_tikz(study))
