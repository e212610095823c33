"""TikZ pictures that fit a slide as they come out: a target width and height (TeX lengths), a
legend switch, and pdflatex's word that nothing overflows a 16:9 Beamer frame."""
from __future__ import annotations

import re
import subprocess

import numpy as np
import pytest
from test_beamer import beamer_class  # noqa: F401 - the fixture

from perceptron_gui.export.tikz import frame_to_tikz
from perceptron_gui.export.tikz_compare import compare_to_tikz
from perceptron_gui.export.tikz_curves import curves_to_tikz
from perceptron_gui.export.tikz_fit import LengthError, TikzSize, fit_picture, parse_length
from perceptron_gui.session.compare import compare_entries, run_comparison
from perceptron_gui.session.session import Session

SLIDE = TikzSize(r"\linewidth", r"0.8\textheight")


@pytest.fixture(scope="module")
def session():
    s = Session()
    s.load_preset("random_separable")
    s.wait()
    assert s.result is not None
    return s


def pictures(s, size):
    r = s.result
    t = r.record.num_steps - 1
    race = run_comparison(s.points, compare_entries(["offset", "averaged", "voted"], [None]))
    return {"step": frame_to_tikz(r, t, standalone=False, size=size),
            "curve": curves_to_tikz(r, t // 2, "norm", standalone=False, size=size),
            "proof": curves_to_tikz(r, t // 2, "proof", standalone=False, size=size),
            "compare": compare_to_tikz(race, standalone=False, size=size)}


def _deck_log(tmp_path, bodies: dict[str, str]) -> str:
    doc = ["\\documentclass[aspectratio=169]{beamer}", "\\usepackage{tikz}", "\\begin{document}"]
    for name, body in bodies.items():
        (tmp_path / f"{name}.tex").write_text(body, encoding="utf-8")
        doc += [f"\\begin{{frame}}{{{name}}}", "\\centering", f"\\input{{{name}.tex}}", "\\end{frame}"]
    doc.append("\\end{document}")
    (tmp_path / "deck.tex").write_text("\n".join(doc) + "\n", encoding="utf-8")
    proc = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "deck.tex"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300)
    log = (tmp_path / "deck.log").read_text(errors="replace")
    assert proc.returncode == 0, "\n".join(ln for ln in log.splitlines() if ln.startswith(("!", "l.")))[:3000]
    return log


@pytest.mark.parametrize("size", [SLIDE, TikzSize(r"0.9\linewidth", r"0.7\textheight", legend=False),
                                  TikzSize("11cm", "6cm")])
def test_step_curve_and_compare_fit_a_16_9_frame(beamer_class, tmp_path, session, size):  # noqa: F811
    log = _deck_log(tmp_path, pictures(session, size))
    assert "Overfull \\hbox" not in log and "Overfull \\vbox" not in log
    assert re.search(r"Output written on deck\.pdf \(4 pages", log.replace("\n", ""))


def test_without_a_size_the_step_overflows_the_frame(beamer_class, tmp_path, session):  # noqa: F811
    # What the size is for: the same picture at its own size does not fit.
    log = _deck_log(tmp_path, {"step": frame_to_tikz(session.result, 0, standalone=False)})
    assert "Overfull \\" in log


def test_lengths_and_bad_lengths():
    assert parse_length("8cm") == "8cm" and parse_length(" 120 mm") == "120mm"
    assert parse_length(r"0.9\linewidth") == r"0.9\linewidth" and parse_length(r"\textheight") == r"1\textheight"
    for bad in ("abc", "8", "-3cm", r"0\linewidth", r"0.9\foo", "8cm; \\input{x}"):
        with pytest.raises(LengthError) as info:
            parse_length(bad, "--width")
        message = str(info.value)
        assert message.startswith("--width must be") and message.endswith(".") and message.count(". ") == 0


def test_no_size_leaves_the_picture_alone_and_a_size_wraps_it_once(session):
    r = session.result
    plain = frame_to_tikz(r, 0, standalone=False)
    assert fit_picture(plain, None) == plain and fit_picture(plain, TikzSize()) == plain
    fitted = frame_to_tikz(r, 0, standalone=False, size=SLIDE)
    assert fitted.count("\\sbox\\percfitbox{%") == 1 and fitted.count("\\scalebox{\\percfitscale}") == 1
    assert "\\percfitw=1\\linewidth" in fitted and "\\percfith=0.8\\textheight" in fitted


def test_the_legend_switch(session):
    r = session.result
    t = r.record.num_steps - 1
    off = TikzSize(legend=False)
    assert "class $+1$" in frame_to_tikz(r, t) and "class $+1$" not in frame_to_tikz(r, t, size=off)
    assert "this frame" in curves_to_tikz(r, t, "dot") and "this frame" not in curves_to_tikz(r, t, "dot", size=off)


def test_the_curve_legend_hangs_below_the_axis_title(session):
    """The legend rows start at the x title's lower edge, not at a fixed distance it may reach."""
    r = session.result
    tex = curves_to_tikz(r, r.record.num_steps - 1, "norm")
    assert re.search(r"\\node\[below=0\.6cm\] \(xtitle\) at .*\{updates \$k\$", tex)
    assert re.search(r"\\coordinate \(legendtop\) at \([^)]*\|- xtitle\.south\);", tex)
    rows = [ln for ln in tex.split("% legend", 1)[1].splitlines() if ln.startswith("\\draw")]
    assert len(rows) == 3
    assert "legendtop" in rows[0] and all(f"lgx{i - 1}.east" in row for i, row in enumerate(rows) if i)


def test_the_cosine_is_the_ratio_of_the_runs_own_curves(session):
    from perceptron_gui.render.k_curves import curve_series

    r = session.result
    dot, norm, cos = (curve_series(kind, r) for kind in ("dot", "norm", "cos"))
    k = dot["dot"][0]
    np.testing.assert_allclose(cos["cos"][1][1:], dot["dot"][1][1:] / np.sqrt(norm["norm_sq"][1][1:]),
                               rtol=1e-12, atol=1e-12)
    # From w₀ = 0 the bound is the notes' √k·γ/R.
    theory = r.theory
    expected = np.sqrt(k[1:]) * theory.gamma / theory.R
    np.testing.assert_allclose(cos["cos_lower"][1][1:], expected, rtol=1e-9, atol=1e-12)
    assert np.all(cos["cos"][1][1:] >= cos["cos_lower"][1][1:] - 1e-12)
    # The angle plot's cosine (computed on rescaled rows) is the same number.
    np.testing.assert_allclose(cos["cos"][1][1:], r.proof.cos[1:], rtol=1e-9, atol=1e-12)
