"""The live panel and the angle plot for the margin perceptron and passive-aggressive runs: the
learner's own bound, τ of the step shown, and no proof rows for PA."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # in case no conftest set it

import math

import numpy as np
import pytest

from perceptron_gui.core import novikoff
from perceptron_gui.gui.panels.live_panel import LivePanel
from perceptron_gui.gui.plots.proof_plots import AnglePlot
from perceptron_gui.render.formatting import fmt_bound
from perceptron_gui.session.session import Session


def session(algorithm: str, **params) -> Session:
    s = Session(background_work=1e12)  # train synchronously: callbacks stay on this thread
    s.load_preset("random_separable")
    s.set_algorithm(algorithm)
    s.set_params(params)
    return s


def test_margin_run_shows_r_squared_plus_two_beta_everywhere(qtbot):
    s = session("margin", margin=2.0, max_epochs=1000)
    res, tho = s.result, s.result.theory
    k_star = novikoff.updates_bound(tho.gamma, math.sqrt(tho.R ** 2 + 4.0))
    panel, plot = LivePanel(s), AnglePlot(s)
    qtbot.addWidget(panel)
    qtbot.addWidget(plot)
    assert panel._captions["bound"].text() == "(R²+2β)/γ²"
    assert panel.text("bound") == fmt_bound(k_star)
    assert panel.text("meter").endswith(f"of at most {novikoff.max_updates(k_star):,}")
    assert "once converged" in panel.text("margin_reached")
    label = plot.legend.getLabel(plot.bound_curve).text
    assert "√(R²+2β)" in label and fmt_bound(k_star) in label
    assert plot.novikoff_line.value() == pytest.approx(k_star, rel=1e-12, abs=1e-12)
    assert res.record.num_updates <= k_star


def test_pa_run_shows_tau_and_no_proof(qtbot):
    s = session("pa", pa_variant="PA-II", C=0.5)
    panel = LivePanel(s)
    qtbot.addWidget(panel)
    panel.show()
    s.jump_to_update(4)
    tau = float(s.result.record.extras["tau"][3])
    assert panel.value_label("tau").isVisibleTo(panel)
    assert panel.text("tau").startswith(f"{tau:.4g}"[:4])
    assert not panel.meter.isVisibleTo(panel)
    assert "τ" in panel.text("note")
    fr = s.frame()
    move = np.append(fr.w - fr.prev_w, fr.b - fr.prev_b)
    x = np.append(s.points.X[fr.update_index], 1.0)
    np.testing.assert_allclose(np.linalg.norm(move), tau * np.linalg.norm(x), rtol=1e-12, atol=1e-300)
