"""The proof and the losses as curves: w_k·θ* and ‖w_k‖² with their bounds,
the perceptron and hinge losses, cut at the playhead (faint or hidden), the View menu's choice,
and their exports (PNG, SVG, PDF, and ``perceptron-gui export --figure``)."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import numpy as np
import pytest

from perceptron_gui.core.run import split_augmented
from perceptron_gui.core.theory import hinge_loss, perceptron_loss
from perceptron_gui.export.source import FIGURES, ExportError, ExportSession, ViewOptions
from perceptron_gui.gui.plots.proof_curves import KCurvePlot, ProofCurves, ordinal
from perceptron_gui.session.run_result import no_proof_reason
from perceptron_gui.session.session import Session


def make_session(preset: str = "random_separable", algorithm: str | None = None) -> Session:
    s = Session(background_work=1e12)
    s.load_preset(preset)
    if algorithm:
        s.set_algorithm(algorithm)
    return s


def noisy_session() -> Session:
    from perceptron_gui.core.presets import random_noisy

    s = Session(background_work=1e12)
    s.load_dataset(random_noisy(40, 0.2, seed=1), "noisy")
    assert s.result.proof is None
    return s


@pytest.fixture
def curves(qtbot):
    w = ProofCurves(make_session())
    qtbot.addWidget(w)
    w.resize(1000, 240)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_the_curves_hold_the_proofs_formulas_at_a_few_k(curves):
    s = curves.plots["dot"].session
    res = s.result
    rec, tho = res.record, res.theory
    K = rec.num_updates
    assert K >= 5
    W = np.asarray(rec.weights)
    theta, gamma, R = tho.theta_star, tho.gamma, tho.R
    k_dot, dot = curves.plots["dot"].series("dot")
    _, dot_lower = curves.plots["dot"].series("dot_lower")
    _, norm_sq = curves.plots["norm"].series("norm_sq")
    _, norm_sq_upper = curves.plots["norm"].series("norm_sq_upper")
    np.testing.assert_array_equal(k_dot, np.arange(K + 1))
    for k in (0, 1, K // 2, K):
        assert dot[k] == pytest.approx(W[k] @ theta, rel=1e-12, abs=1e-12)
        assert dot_lower[k] == pytest.approx(W[0] @ theta + k * gamma, rel=1e-12, abs=1e-12)
        assert norm_sq[k] == pytest.approx(W[k] @ W[k], rel=1e-12, abs=1e-12)
        assert norm_sq_upper[k] == pytest.approx(W[0] @ W[0] + k * R * R, rel=1e-12, abs=1e-12)
        assert dot[k] >= dot_lower[k] - 1e-12 and norm_sq[k] <= norm_sq_upper[k] + 1e-12
    X, y = res.train.X, res.train.y
    k_loss, lp = curves.plots["losses"].series("perceptron")
    _, lh = curves.plots["losses"].series("hinge")
    np.testing.assert_array_equal(k_loss, np.arange(K + 1))
    for k in (0, 1, K // 2, K):
        w, b = split_augmented(W[k], rec.offset)
        assert lp[k] == pytest.approx(perceptron_loss(X, y, w, b), rel=1e-12, abs=1e-12)
        assert lh[k] == pytest.approx(hinge_loss(X, y, w, b), rel=1e-12, abs=1e-12)


def test_the_measured_curves_stop_at_the_playhead_and_the_rest_is_faint_or_hidden(curves, qtbot):
    s = curves.plots["dot"].session
    K = s.run.num_updates
    s.jump_to_update(3)
    for kind, key in (("dot", "dot"), ("norm", "norm_sq"), ("losses", "perceptron"), ("losses", "hinge")):
        p = curves.plots[kind]
        x, _ = p.shown(key)
        assert x.max() == 3 and x.size == 4
        fx, _ = p.faint_shown(key)
        assert fx.max() == K  # the whole curve, faint
        assert p.playhead_line.value() == 3
    # The bounds are formulas known in advance: drawn whole.
    assert curves.plots["dot"].shown("dot_lower")[0].max() == K
    curves.set_after_playhead("hidden")
    assert curves.plots["dot"].faint_shown("dot")[0].size == 0
    assert curves.plots["losses"].shown("hinge")[0].max() == 3
    s.to_end()
    assert curves.plots["norm"].shown("norm_sq")[0].max() == K
    curves.set_after_playhead("faint")
    assert curves.plots["dot"].faint_shown("dot")[0].size == K + 1


def test_without_theta_star_the_proof_plots_say_why_and_the_losses_still_draw(qtbot):
    s = noisy_session()
    w = ProofCurves(s)
    qtbot.addWidget(w)
    assert not w.plots["dot"].has_curves() and not w.plots["norm"].has_curves()
    assert w.plots["dot"].message.text() == no_proof_reason(s.result)
    assert w.plots["losses"].has_curves()
    assert w.plots["losses"].series("hinge")[0].size == s.run.num_updates + 1


def test_sampled_losses_say_so_in_the_title(qtbot, monkeypatch):
    monkeypatch.setattr("perceptron_gui.core.loss_curves.LOSS_WORK", 40 * 3 * 6.0)
    s = noisy_session()
    p = KCurvePlot(s, "losses")
    qtbot.addWidget(p)
    every = s.result.losses.every
    assert every > 1 and p.title_note() == f"every {ordinal(every)} update (n·K too large for all)"
    assert p.title_note() in p.plot.getPlotItem().titleLabel.text
    from perceptron_gui.export.tikz_curves import curves_to_tikz

    assert f"every {every}" in curves_to_tikz(s.result, s.playhead.t, "losses").replace("\u202f", "")
    assert [ordinal(m) for m in (1, 2, 3, 4, 11, 12, 13, 21, 101, 1000)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "101st", "1\u202f000th"]


def test_a_click_jumps_to_that_update(qtbot):
    from PySide6 import QtCore

    s = make_session()
    p = KCurvePlot(s, "norm")
    qtbot.addWidget(p)
    p.resize(600, 300)
    p.show()
    qtbot.waitExposed(p)
    vb = p.plot.getPlotItem().getViewBox()
    vb.setRange(xRange=(0, s.run.num_updates), padding=0)
    scene_pt = vb.mapViewToScene(QtCore.QPointF(2.0, float(np.mean(vb.viewRange()[1]))))
    view_pt = p.plot.mapFromScene(scene_pt)
    qtbot.mouseClick(p.plot.viewport(), QtCore.Qt.MouseButton.LeftButton, pos=view_pt)
    qtbot.waitUntil(lambda: s.k == 2)


def test_the_view_menu_choice_reaches_the_curves_and_the_export(make_main_window):
    win = make_main_window()
    acts = win.actions_by_name
    assert acts["after_playhead_faint"].isChecked() and win.proof_curves.after_playhead == "faint"
    acts["after_playhead_hidden"].trigger()
    assert win.proof_curves.after_playhead == "hidden"
    assert not any(p.faint[k].isVisible() for p in win.proof_curves.plots.values() for k in p.faint)
    assert win.export_actions.view_options("losses").after_playhead == "hidden"
    view_menu = next(a.menu() for a in win.menuBar().actions() if a.text().replace("&", "") == "View")
    assert any(a.menu() is not None and "playhead" in a.text() for a in view_menu.actions())
    # Closed at first (no tab bar squeezing the per-epoch plot at 1024×768); the View menu opens it.
    dock = win.docks["Proof as curves"]
    assert not dock.isVisible()
    acts["proof_curves_dock"].trigger()
    assert dock.isVisible() and win.proof_curves.isVisible()


@pytest.mark.parametrize("figure", ["dot", "norm", "losses"])
def test_each_curve_figure_exports_png_svg_pdf(qtbot, tmp_path, figure):
    from perceptron_gui.gui.figures.plots import SlideFigure, export_figure
    from perceptron_gui.gui.figures.slide_style import curve_legend_entries

    s = make_session()
    t = int(s.run.step_of_update(3))
    for fmt in ("png", "svg", "pdf"):
        out = export_figure(ExportSession.from_session(s, t), tmp_path / f"{figure}.{fmt}", figure=figure,
                            width=800, options=ViewOptions(aspect=1.6))
        assert out.exists() and out.stat().st_size > 1000
    svg = (tmp_path / f"{figure}.svg").read_text()
    assert svg.count("<path") + svg.count("<polyline") >= 3  # curves, not just axes
    with SlideFigure(ExportSession.from_session(s, t), figure, options=ViewOptions(after_playhead="hidden")) as fig:
        key = {"dot": "dot", "norm": "norm_sq", "losses": "perceptron"}[figure]
        assert fig.widget.shown(key)[0].max() == 3 and fig.widget.faint_shown(key)[0].size == 0
        assert any("k = 3" in text for _, text in curve_legend_entries(fig.widget))


def test_proof_figures_without_theta_star_are_one_sentence(qtbot, tmp_path):
    from perceptron_gui.gui.figures.plots import export_figure

    s = noisy_session()
    with pytest.raises(ExportError) as err:
        export_figure(ExportSession.from_session(s), tmp_path / "dot.png", figure="dot", width=600)
    assert "needs θ*" in str(err.value) and "\n" not in str(err.value)
    assert export_figure(ExportSession.from_session(s), tmp_path / "losses.png", figure="losses", width=600).exists()


def test_cli_exports_the_curve_figures(tmp_path):
    import subprocess
    import sys

    assert {"dot", "norm", "losses"} <= set(FIGURES)
    csv = tmp_path / "data.csv"
    csv.write_text("x1,x2,y\n1,2,1\n2,1,1\n-1,-1.5,-1\n-2,-0.5,-1\n0.5,1,1\n")
    out = tmp_path / "losses.png"
    proc = subprocess.run([sys.executable, "-m", "perceptron_gui", "export", str(csv), "--algorithm", "offset",
                           "--figure", "losses", "--png", str(out), "--width", "600"],
                          capture_output=True, text=True, timeout=300, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert proc.returncode == 0, proc.stderr
    assert out.exists() and out.stat().st_size > 1000
    tex = tmp_path / "norm.tex"
    proc = subprocess.run([sys.executable, "-m", "perceptron_gui", "export", str(csv), "--algorithm", "offset",
                           "--figure", "norm", "--tikz", str(tex), "--step", "1"],
                          capture_output=True, text=True, timeout=300, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert proc.returncode == 0, proc.stderr
    assert "plot coordinates" in tex.read_text() and "$k = 1$" in tex.read_text()
    bad = subprocess.run([sys.executable, "-m", "perceptron_gui", "export", str(csv), "--figure", "nope",
                          "--png", str(out)], capture_output=True, text=True, timeout=300)
    assert bad.returncode == 2 and "losses" in bad.stderr


def test_tikz_holds_the_curves_cut_at_the_playhead(tmp_path):
    import re

    from perceptron_gui.export.tikz_curves import curves_to_tikz
    from perceptron_gui.gui.figures.plots import export_figure

    s = make_session()
    res, t = s.result, int(s.run.step_of_update(4))
    for figure in ("dot", "norm", "losses"):
        out = export_figure(ExportSession.from_session(s, t), tmp_path / f"{figure}.tex", figure=figure)
        text = out.read_text()
        assert text.startswith("\\documentclass") and text.rstrip().endswith("\\end{document}")
        assert text.count("\\begin{tikzpicture}") == 1 and "this frame: $k = 4$" in text
    text = curves_to_tikz(res, t, "losses", after_playhead="hidden")
    solid = re.findall(r"\\draw\[kperceptron, line width=1.2pt\] plot coordinates \{([^}]*)\}", text)
    pts = [tuple(map(float, p.split(","))) for p in re.findall(r"\(([^)]*)\)", solid[0])]
    assert [k for k, _ in pts] == [0, 1, 2, 3, 4] and "opacity" not in text  # hidden: nothing after k = 4
    for k, v in pts:
        assert v == pytest.approx(res.losses.perceptron[int(k)], rel=1e-3, abs=1e-3)
    assert "opacity=0.3" in curves_to_tikz(res, t, "losses", after_playhead="faint")
    with pytest.raises(ExportError):
        export_figure(ExportSession.from_session(s, t), tmp_path / "angle.tex", figure="angle")
    with pytest.raises(ExportError) as err:
        export_figure(ExportSession.from_session(noisy_session()), tmp_path / "d.tex", figure="dot")
    assert "needs θ*" in str(err.value)


def test_zooming_out_stops_at_the_run(qtbot):
    # Short runs tick every integer k; a view zoomed out to 10⁶ would ask pyqtgraph for 10⁶ ticks
    # (it tried to allocate 8.7 TiB while painting).
    s = make_session()
    p = KCurvePlot(s, "losses")
    qtbot.addWidget(p)
    K = s.run.num_updates
    assert K <= 12
    vb = p.plot.getPlotItem().getViewBox()
    vb.setXRange(0, 1e6, padding=0)
    assert vb.viewRange()[0][1] <= 1.05 * K + 1 + 1e-9
