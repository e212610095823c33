"""The TikZ export: structure checked in Python, and compiled with pdflatex when present."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from perceptron_gui.core.dataset import Dataset, DatasetError
from perceptron_gui.export.latex import tex_escape
from perceptron_gui.export.tikz import frame_to_tikz, write_tikz
from perceptron_gui.session.frame import frame_at
from perceptron_gui.session.session import Session

COORD = re.compile(r"\((-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)\)")
NOTES_X = [[1.0, 3.0], [2.5, 1.5], [-1.5, 1.5]]  # the example of notes 003
NOTES_Y = [1.0, 1.0, -1.0]


def run_of(X, y, algorithm: str = "offset", names=None, test=None, **params):
    s = Session()
    s.load_dataset(Dataset.from_arrays(np.asarray(X, dtype=float), np.asarray(y, dtype=float), names),
                   "test data", test=None if test is None else np.asarray(test, dtype=bool))
    s.set_algorithm(algorithm)
    for k, v in params.items():
        assert s.set_param(k, v)
    s.wait()
    assert s.result is not None
    return s.result


def end_t(result) -> int:
    return result.record.num_steps - 1


def section(tex: str, comment: str) -> list[str]:
    """The command lines right after the ``% comment`` line, up to the next comment."""
    lines = tex.splitlines()
    i = next(i for i, ln in enumerate(lines) if ln.startswith(f"% {comment}"))
    out = []
    for ln in lines[i + 1:]:
        if ln.startswith("%"):
            break
        out.append(ln)
    return out


def point_marks(tex: str) -> list[str]:
    body = tex.split("\\begin{scope} % points", 1)[1].split("\\end{scope}", 1)[0]
    return [ln for ln in body.splitlines() if ln.startswith("\\pic")]


def coords(line: str) -> list[tuple[float, float]]:
    return [(float(a), float(b)) for a, b in COORD.findall(line)]


def test_tex_escape():
    assert tex_escape("a_b & 50% #1 {x} $ ~ ^ \\") == (
        r"a\_b \& 50\% \#1 \{x\} \$ \textasciitilde{} \textasciicircum{} \textbackslash{}")
    assert tex_escape("θ* − γ ≤ 1") == r"$\theta$* $-$ $\gamma$ $\le$ 1"
    assert tex_escape("café 漢") == "café ?"


# ---- structure ---------------------------------------------------------------------------------
def test_hyperplane_endpoints_satisfy_the_equation_and_one_mark_per_point():
    result = run_of(NOTES_X, NOTES_Y)
    t = end_t(result)
    fr = frame_at(result, t)
    tex = frame_to_tikz(result, t, view=((-3, 4), (-3, 4)))
    (line,) = section(tex, "the hyperplane")
    ends = coords(line)
    assert len(ends) == 2
    for p in ends:
        assert abs(fr.w @ np.array(p) + fr.b) < 1e-3 * np.linalg.norm(fr.w)
    marks = point_marks(tex)
    assert len(marks) == 3
    assert sum("{plus}" in m for m in marks) == 2 and sum("{minus}" in m for m in marks) == 1
    assert {coords(m)[0] for m in marks} == {(1.0, 3.0), (2.5, 1.5), (-1.5, 1.5)}
    # data coordinates: the grid and the axes use the view's own numbers
    assert "(-3,0) -- (4,0)" in tex and "(0,-3) -- (0,4)" in tex
    assert "-latex" in tex and "ultra thick" in tex
    assert "\\documentclass[tikz,border=4pt]{standalone}" in tex


def test_normal_vector_starts_on_the_line_and_points_to_the_positive_side():
    result = run_of(NOTES_X, NOTES_Y)
    fr = frame_at(result, end_t(result))
    tex = frame_to_tikz(result, end_t(result))
    (arrow,) = section(tex, "the normal vector")
    base, tip = (np.array(p) for p in coords(arrow))
    assert abs(fr.w @ base + fr.b) < 1e-3 * np.linalg.norm(fr.w)
    assert fr.w @ tip + fr.b > 0
    cos = (tip - base) @ fr.w / np.linalg.norm(tip - base) / np.linalg.norm(fr.w)
    assert cos > 0.999  # along w


def test_view_clips_points_and_lines():
    X = [[0.0, 0.0], [1.0, 1.0], [5.0, 5.0], [-4.0, 0.5], [0.5, -0.2]]
    y = [-1, 1, 1, -1, 1]
    result = run_of(X, y)
    view = ((-1.0, 2.0), (-1.0, 2.0))
    tex = frame_to_tikz(result, end_t(result), view=view, show_theta_star=True)
    assert len(point_marks(tex)) == 3
    assert "% 2 points outside the view are not drawn" in tex
    body = tex.split("% grid", 1)[1].split("% title", 1)[0].split("% caption", 1)[0]
    for line in body.splitlines():
        if line.startswith("%") or "node[" in line and "-- ++" in line:
            continue
        for px, py in coords(line):
            assert -1.0 - 1e-9 <= px <= 2.0 + 1e-9 and -1.0 - 1e-9 <= py <= 2.0 + 1e-9, line


def test_theta_star_band_and_margins():
    result = run_of(NOTES_X, NOTES_Y)
    fr = frame_at(result, end_t(result))
    view = ((-3.0, 4.0), (-3.0, 4.0))
    tex = frame_to_tikz(result, end_t(result), view=view, show_theta_star=True, show_margins=True)
    (fill,) = section(tex, "margin band of theta*")
    for p in coords(fill):
        assert abs(fr.theta_w @ np.array(p) + fr.theta_b) <= fr.gamma + 1e-3
    assert "perctheta, very thick, dashed" in tex
    margin_lines = [ln for ln in tex.splitlines()
                    if ln.startswith("\\draw[percmargin, thick, dashed]") and "caption" not in ln]
    assert len(margin_lines) == 2
    for line, sign in zip(margin_lines, (1, -1)):
        for p in coords(line):
            assert abs(fr.w @ np.array(p) + fr.b - sign * fr.closest_distance) < 1e-3 * np.linalg.norm(fr.w)
    plain = frame_to_tikz(result, end_t(result), view=view, show_theta_star=False, show_margins=False)
    assert "perctheta, very thick" not in plain and "percmargin, thick, dashed" not in plain


def test_one_dimensional_data_sit_on_the_axis_with_a_vertical_separator():
    X = [[1.0], [2.0], [3.0], [4.0]]
    y = [1, 1, -1, -1]
    result = run_of(X, y)
    fr = frame_at(result, end_t(result))
    assert result.train.d == 1 and fr.has_hyperplane
    tex = frame_to_tikz(result, end_t(result), show_theta_star=True)
    marks = point_marks(tex)
    assert len(marks) == 4 and all(coords(m)[0][1] == 0.0 for m in marks)
    (line,) = section(tex, "the hyperplane")
    (xa, ya), (xb, yb) = coords(line)
    assert xa == xb and ya != yb
    assert xa == pytest.approx(-fr.b / fr.w[0], abs=1e-3)
    (arrow,) = section(tex, "the normal vector")
    (b0, _), (b1, _) = coords(arrow)
    assert (b1 - b0) * fr.w[0] > 0  # horizontal, towards the positive side


def test_w_zero_draws_no_line_and_says_so():
    result = run_of(NOTES_X, NOTES_Y)
    tex = frame_to_tikz(result, -1)  # before the first visit: w = 0
    assert "% the hyperplane" not in tex and "-latex" not in tex
    assert "no hyperplane yet" in tex
    assert len(point_marks(tex)) == 3


def test_numbers_have_at_most_six_significant_digits_and_stay_in_tikz_range():
    rng = np.random.default_rng(3)
    for scale, shift in ((1.0, 0.0), (1e-5, 0.0), (1e6, 0.0), (1.0, 1e6)):
        X = rng.uniform(-1, 1, size=(12, 2)) * scale + shift
        y = np.where(X[:, 0] - shift + 0.1 * scale > 0, 1.0, -1.0)
        result = run_of(X, y)
        tex = frame_to_tikz(result, end_t(result), show_theta_star=True)
        for line in tex.splitlines():
            if line.startswith("%") or "node[" in line and "caption" in line:
                continue
            for pair in coords(line):
                for v in pair:
                    digits = re.sub(r"^-?0*\.?0*", "", f"{v}").replace(".", "").rstrip("0")
                    assert len(digits) <= 6, (scale, shift, line)
                    assert abs(v) < 16000, (scale, shift, line)
        if scale != 1.0 or shift:
            assert "\\times 10^{" in tex or "-\\," in tex  # the axis label states the change of units


def test_averaged_output_predictor_is_drawn_with_its_legend():
    X = np.random.default_rng(1).uniform(-1, 1, size=(20, 2))
    y = np.where(X[:, 0] > 0.1, 1.0, -1.0)
    y[:2] *= -1
    result = run_of(X, y, "averaged", max_epochs=4)
    fr = frame_at(result, end_t(result))
    tex = frame_to_tikz(result, end_t(result), view=((-1.2, 1.2), (-1.2, 1.2)))
    (line,) = section(tex, "output predictor")
    for p in coords(line):
        assert abs(fr.output_w @ np.array(p) + fr.output_b) < 1e-3 * np.linalg.norm(fr.output_w)
    assert "{output: averaged}" in tex  # its legend entry


def test_more_than_two_features_is_a_sentence():
    result = run_of([[0, 0, 1], [1, 1, 0]], [1, -1])
    with pytest.raises(DatasetError, match="1-D or 2-D"):
        frame_to_tikz(result, 0)


def test_bare_picture_has_the_package_header():
    result = run_of(NOTES_X, NOTES_Y)
    tex = frame_to_tikz(result, end_t(result), standalone=False)
    assert "\\documentclass" not in tex and "\\begin{document}" not in tex
    assert tex.lstrip().startswith("%")
    assert "\\usepackage{tikz}" in tex
    assert tex.count("\\begin{tikzpicture}") == 1 and tex.rstrip().endswith("\\end{tikzpicture}")


def test_tikz_module_needs_no_qt():
    code = textwrap.dedent("""
        import importlib.abc, sys
        class NoQt(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path=None, target=None):
                if name.split('.')[0] in ('PySide6', 'shiboken6', 'pyqtgraph'):
                    raise ImportError(name + ' is blocked')
        sys.meta_path.insert(0, NoQt())
        import perceptron_gui.export.tikz
    """)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr


# ---- compiling -----------------------------------------------------------------------------------
def _pdflatex(tmp_path: Path, name: str, tex: str) -> Path:
    src = tmp_path / f"{name}.tex"
    src.write_text(tex, encoding="utf-8")
    proc = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", src.name],
                          cwd=tmp_path, capture_output=True, text=True, timeout=180)
    log = (tmp_path / f"{name}.log").read_text(errors="replace") if (tmp_path / f"{name}.log").exists() else ""
    assert proc.returncode == 0, f"pdflatex failed on {name}:\n" + "\n".join(
        ln for ln in log.splitlines() if ln.startswith("!") or ln.startswith("l."))[:3000]
    pdf = tmp_path / f"{name}.pdf"
    assert pdf.exists() and pdf.stat().st_size > 1000
    return pdf


@pytest.fixture
def pdflatex():
    if shutil.which("pdflatex") is None:
        pytest.skip("pdflatex not installed (apt-get install texlive-latex-base texlive-pictures "
                    "texlive-latex-extra); the structure tests above still ran")


def _cases():
    noisy = np.random.default_rng(0).uniform(-1, 1, size=(25, 2))
    yn = np.where(noisy[:, 0] + 0.3 * noisy[:, 1] > 0, 1.0, -1.0)
    yn[:3] *= -1
    sep = run_of(noisy, np.where(noisy[:, 0] + 0.3 * noisy[:, 1] > 0, 1.0, -1.0),
                 names=["size_cm", "weight & 50%"], test=[i % 5 == 0 for i in range(25)])
    return {
        "notes003": (run_of(NOTES_X, NOTES_Y), dict(show_theta_star=True, title="Notes 003: θ* & γ")),
        "one_d": (run_of([[1.0], [2.0], [3.0], [4.0]], [1, 1, -1, -1]), dict(show_theta_star=True)),
        "pocket": (run_of(noisy, yn, "pocket", max_epochs=5), dict(show_theta_star=True)),
        "averaged": (run_of(noisy, yn, "averaged", max_epochs=3), dict(title="Averaged: w̄ = Σ w_k / nE")),
        "separable_with_test_points": (sep, dict(show_theta_star=True, title="50% of the_data {x}")),
        "huge_numbers": (run_of(noisy * 1e6 + 3e7, np.where(noisy[:, 0] > 0, 1.0, -1.0)), {}),
        "tiny_numbers": (run_of(noisy * 1e-6, np.where(noisy[:, 0] > 0, 1.0, -1.0)), {}),
    }


def test_compiles_standalone_with_pdflatex(pdflatex, tmp_path):
    if subprocess.run(["kpsewhich", "standalone.cls"], capture_output=True, text=True).stdout.strip() == "":
        pytest.skip("the LaTeX class standalone.cls is not installed (Debian: texlive-latex-extra)")
    for name, (result, opts) in _cases().items():
        for t in (-1, 3, end_t(result)):
            _pdflatex(tmp_path, f"{name}_{t + 1}", frame_to_tikz(result, t, **opts))


def test_bare_picture_compiles_in_a_document_with_only_tikz(pdflatex, tmp_path):
    result = run_of(NOTES_X, NOTES_Y)
    path = tmp_path / "figure.tex"
    write_tikz(path, result, end_t(result), standalone=False, show_theta_star=True)
    doc = ("\\documentclass{article}\n\\usepackage{tikz}\n\\begin{document}\n"
           "\\begin{center}\\input{figure.tex}\\end{center}\n\\end{document}\n")
    _pdflatex(tmp_path, "slide", doc)
