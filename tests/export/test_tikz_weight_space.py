"""The weight-space picture as TikZ: its path is the run's weights to the written
precision, one allowed side and one line per constraint, the version space and θ*'s ray, the
step labels; and it compiles with pdflatex."""
from __future__ import annotations

import re
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from test_tikz import NOTES_X, NOTES_Y, _pdflatex, coords, end_t, pdflatex, run_of, section  # noqa: F401

from perceptron_gui.export.latex import exponent_for, make_axis
from perceptron_gui.export.tikz_weight_space import weight_space_to_tikz, write_weight_space_tikz
from perceptron_gui.render.weight_space import describe_weight_space

SEP_X = [[1.0, 3.0], [2.5, 1.5], [-1.5, 1.5], [-2.0, -1.0], [0.5, -2.0], [3.0, 0.5]]
SEP_Y = [1.0, 1.0, -1.0, -1.0, -1.0, 1.0]


def quantum(result, t: int) -> float:
    """The precision the picture writes coordinates to (its axes' quantum)."""
    x0, y0, x1, y1 = describe_weight_space(result, t).rect
    return make_axis(x0, x1, exponent_for(max(x1 - x0, y1 - y0))).quantum


@pytest.mark.parametrize("algorithm", ["standard", "offset"])
def test_the_path_is_the_runs_weights_to_the_written_precision(algorithm):
    result = run_of(SEP_X, SEP_Y, algorithm)
    rec = result.record
    assert rec.num_updates >= 2
    for k in (1, rec.num_updates):
        t = rec.step_of_update(k)
        tex = weight_space_to_tikz(result, t)
        path = [p for ln in section(tex, "the path of w") for p in coords(ln) if not ln.startswith("\\foreach")]
        want = np.array([rec.w_b(j)[0] for j in range(k + 1)])
        np.testing.assert_allclose(np.array(path), want, rtol=0, atol=quantum(result, t) / 2 + 1e-12)
        # w_k ringed, where the path ends
        ring = coords(section(tex, f"w_k = w_{k}")[0])
        np.testing.assert_allclose(ring, want[-1:], rtol=0, atol=quantum(result, t) / 2 + 1e-12)


def test_one_allowed_side_and_one_line_per_constraint_version_space_and_theta():
    result = run_of(SEP_X, SEP_Y, "offset")
    t = end_t(result)
    ws = describe_weight_space(result, t)
    tex = weight_space_to_tikz(result, t)
    fills = [ln for ln in section(tex, "the allowed sides") if ln.startswith("\\fill[")]
    assert len(fills) == sum(c.allowed.shape[0] >= 3 for c in ws.constraints)
    lines = [ln for ln in section(tex, "the constraint lines") if ln.startswith("\\draw[")]
    assert len(lines) == len(SEP_X) == sum(c.ends is not None for c in ws.constraints)
    # each line in its class's colour, named by its row
    for ln, y in zip(lines, SEP_Y):
        assert ("percpos" if y > 0 else "percneg") in ln
    assert [re.search(r"% x_(\d+)$", ln).group(1) for ln in lines] == [str(i + 1) for i in range(len(SEP_X))]
    # the end points of each line satisfy w.x_i + b_k = 0 (to the written precision)
    q = quantum(result, t)
    for ln, x in zip(lines, np.asarray(SEP_X)):
        for w in coords(ln):
            assert abs(np.dot(w, x) + ws.b_slice) <= q * np.abs(x).sum() + 1e-9
    assert ws.version is not None and "% the version space" in tex
    assert ws.theta_ray is not None and "\\theta^*" in section(tex, "the direction of theta*")[0]
    assert "the slice $b = b_k" in tex  # the caption says which plane this is


def test_step_labels_name_the_examples_of_the_steps():
    result = run_of(SEP_X, SEP_Y, "standard")
    rec = result.record
    tex = weight_space_to_tikz(result, end_t(result))
    labels = [ln for ln in section(tex, "each step labelled") if ln.startswith("\\node")]
    assert labels
    caused = {int(result.train_index[i]) + 1 for i in rec.update_index[:rec.num_updates]}
    for ln in labels:
        assert int(re.search(r"\{\$x_\{(\d+)\}\$\}", ln).group(1)) in caused


def test_legend_lists_only_what_is_drawn():
    # x and −x in one class: no w through the origin has both on its side, so no version space
    standard = run_of([[1.0, 1.0], [-1.0, -1.0], [1.0, -0.2]], [1.0, 1.0, -1.0], "standard", max_epochs=3)
    tex = weight_space_to_tikz(standard, end_t(standard))
    assert "% the version space" not in tex and "the version space: all constraints hold" not in tex
    assert "no version space" in tex


def test_three_features_and_bare_picture():
    result = run_of([[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 1]], [1, -1, 1, -1], "standard")
    with pytest.raises(ValueError, match="2 features"):
        weight_space_to_tikz(result, 0)
    two = run_of(NOTES_X, NOTES_Y, "standard")
    bare = weight_space_to_tikz(two, end_t(two), standalone=False)
    assert "\\documentclass" not in bare and bare.count("\\begin{tikzpicture}") == 1


def test_module_needs_no_qt():
    code = textwrap.dedent("""
        import importlib.abc, sys
        class NoQt(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path=None, target=None):
                if name.split('.')[0] in ('PySide6', 'shiboken6', 'pyqtgraph'):
                    raise ImportError(name + ' is blocked')
        sys.meta_path.insert(0, NoQt())
        import perceptron_gui.export.tikz_weight_space
    """)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr


def test_compiles_with_pdflatex(pdflatex, tmp_path):  # noqa: F811 - the fixture
    if subprocess.run(["kpsewhich", "standalone.cls"], capture_output=True, text=True).stdout.strip() == "":
        pytest.skip("the LaTeX class standalone.cls is not installed (Debian: texlive-latex-extra)")
    noisy = np.random.default_rng(0).uniform(-1, 1, size=(40, 2))
    yn = np.where(noisy[:, 0] + 0.3 * noisy[:, 1] > 0.1, 1.0, -1.0)
    cases = {"standard": run_of(SEP_X, SEP_Y, "standard"), "offset": run_of(SEP_X, SEP_Y, "offset"),
             "noisy": run_of(noisy, np.where(np.arange(40) < 3, -yn, yn), "offset", max_epochs=4),
             "tiny": run_of(noisy * 1e-6, yn, "standard")}
    for name, result in cases.items():
        for t in (-1, end_t(result)):
            _pdflatex(tmp_path, f"{name}_{t + 1}", weight_space_to_tikz(result, t, title="Weight space & θ*"))
    write_weight_space_tikz(tmp_path / "bare.tex", cases["offset"], 3, standalone=False)
    doc = ("\\documentclass{article}\n\\usepackage{tikz}\n\\begin{document}\n"
           "\\begin{center}\\input{bare.tex}\\end{center}\n\\end{document}\n")
    _pdflatex(tmp_path, "slide", doc)
