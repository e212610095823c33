"""The angle plot, the per-epoch plot and the per-epoch table against the core's numbers."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # in case no conftest set it

import time
from types import SimpleNamespace

import numpy as np
import pytest
from PySide6 import QtCore

from perceptron_gui.core.presets import random_separable
from perceptron_gui.core.theory import ProofQuantities, proof_quantities
from perceptron_gui.gui.kit.plot_setup import NO_DOWNSAMPLE_MAX
from perceptron_gui.gui.plots.epoch_plot import EpochPlot, _epoch_bars
from perceptron_gui.gui.plots.proof_plots import AnglePlot
from perceptron_gui.gui.table.epoch_table import EpochTable
from perceptron_gui.render.formatting import DASH, fmt_int, fmt_pct
from perceptron_gui.session.events import SessionEvents
from perceptron_gui.session.session import Session

Qt = QtCore.Qt


def make_session(preset: str = "random_separable", algorithm: str | None = None) -> Session:
    s = Session(background_work=1e12)
    s.load_preset(preset)
    if algorithm:
        s.set_algorithm(algorithm)
    return s


@pytest.fixture
def angle_plot(qtbot):
    p = AnglePlot(make_session())
    qtbot.addWidget(p)
    p.resize(800, 260)
    p.show()
    qtbot.waitExposed(p)
    return p


def assert_same_angles_deg(actual: np.ndarray, expected: np.ndarray) -> None:
    """Angles (°) computed by different arithmetic agree: compare their cosines.

    Near 0° arccos turns a cosine's rounding error ε into √(2ε) rad: kγ/√(kR²) = 1 − 2⁻⁵³
    where √k·γ/R = 1 gives 8.5e-7° against exactly 0°, which `assert_allclose` with its
    relative tolerance alone rejects (seen on another machine whose γ differed by one ulp).
    """
    np.testing.assert_allclose(np.cos(np.radians(actual)), np.cos(np.radians(expected)), rtol=0, atol=1e-12)


@pytest.mark.parametrize("ulps", range(-3, 4))
def test_bounds_from_two_formulas_agree_at_exactly_zero_degrees(ulps):
    # The lifted XOR run's γ/R is 1/√8, so its bound reaches 0° at k = 8 exactly; γ one ulp
    # below what this machine's solver gives (another machine's SVD) makes the proof's
    # kγ/√(kR²) stop just short of cos = 1 while √k·γ/R reaches it: 8.5e-7° against 0°.
    R, gamma = 1.224744871391589, 0.4330127018922193
    for _ in range(abs(ulps)):
        gamma = np.nextafter(gamma, np.inf if ulps > 0 else 0.0)
    k = np.arange(20.0)
    proof = proof_quantities(np.zeros((20, 2)), np.array([1.0, 0.0]), gamma, R)
    textbook = np.degrees(np.arccos(np.minimum(1.0, np.sqrt(k) * gamma / R)))
    assert_same_angles_deg(proof.angle_bound_deg, textbook)
    assert np.all(proof.angle_bound_deg[8:] < 1e-5)


# ---- angle plot ----------------------------------------------------------------------------
def test_one_point_per_update(angle_plot):
    s = angle_plot.session
    proof, K = s.result.proof, s.run.num_updates
    assert K <= NO_DOWNSAMPLE_MAX
    k, angle = angle_plot.angle_data()
    # From w₀ = 0 the angle at k = 0 is undefined: one point for each update k = 1..K.
    assert np.array_equal(k, np.arange(1, K + 1))
    np.testing.assert_allclose(angle, proof.angle_deg[1:], rtol=1e-12, atol=1e-12)  # the proof's own numbers
    shown_k, _ = angle_plot.angle_curve.getData()  # what is drawn: not downsampled
    assert len(shown_k) == K


def test_bound_curve_is_the_shrinking_angle(angle_plot):
    res = angle_plot.session.result
    gamma, R, K = res.theory.gamma, res.theory.R, res.record.num_updates
    k, bound = angle_plot.bound_data()
    assert set(range(K + 1)) <= set(k.tolist())  # every update has its bound
    assert_same_angles_deg(bound, np.degrees(np.arccos(np.minimum(1.0, np.sqrt(k) * gamma / R))))
    assert bound[0] == pytest.approx(90.0)
    ks = np.arange(K + 1)
    assert_same_angles_deg(np.interp(ks, k, bound), res.proof.angle_bound_deg)
    assert np.all(res.proof.angle_deg[1:] <= res.proof.angle_bound_deg[1:] + 1e-9)


def test_playhead_line_follows_session(angle_plot):
    s = angle_plot.session
    s.to_start()
    assert angle_plot.playhead_line.value() == 0
    s.step("update")
    s.step("update")
    assert angle_plot.playhead_line.value() == s.k == 2
    s.jump_to_update(5)
    assert angle_plot.playhead_line.value() == 5


def test_click_jumps_to_update(angle_plot, qtbot):
    s = angle_plot.session
    K = s.run.num_updates
    vb = angle_plot.plot.getPlotItem().getViewBox()
    vb.setRange(xRange=(0, K), yRange=(0, 90), padding=0)
    qtbot.waitUntil(lambda: abs(vb.viewRange()[0][1] - K) < 1e-9)
    for target in (3, K - 1):
        scene_pt = vb.mapViewToScene(QtCore.QPointF(target + 0.2, 45.0))
        pos = angle_plot.plot.mapFromScene(scene_pt)
        qtbot.mouseClick(angle_plot.plot.viewport(), Qt.MouseButton.LeftButton, pos=pos)
        assert s.k == target
        assert angle_plot.playhead_line.value() == target


def test_no_theta_star_shows_a_sentence(qtbot):
    # The margin perceptron: no θ*, and the bound that needs none does not speak of its margin rule.
    p = AnglePlot(make_session("xor", "margin"))
    qtbot.addWidget(p)
    p.show()
    assert not p.has_theta_star()
    assert p.message.isVisible() and not p.plot.isVisible()
    assert p.message.text().startswith("No θ*: the data is not linearly separable")
    assert len(p.angle_data()[0]) == 0 and len(p.bound_data()[0]) == 0
    p.session.load_preset("random_separable")  # and back, once a θ* exists
    assert p.has_theta_star() and len(p.angle_data()[0]) == p.session.run.num_updates


def test_no_theta_star_for_the_perceptron_shows_the_bound_that_needs_none(qtbot):
    p = AnglePlot(make_session("xor", "offset"))
    qtbot.addWidget(p)
    p.show()
    assert not p.has_theta_star() and p.mistakes.isVisible() and not p.message.isVisible()
    k, bound = p.mistakes.bound_data()
    assert len(k) == p.session.run.num_updates + 1 and (k <= bound + 1e-9).all()


def test_lifted_run_plots_the_lifted_proof(qtbot):
    s = make_session("xor", "lifted")
    p = AnglePlot(s)
    qtbot.addWidget(p)
    lt = s.result.lifted_theory
    k, bound = p.bound_data()
    assert_same_angles_deg(bound, np.degrees(np.arccos(np.minimum(1.0, np.sqrt(k) * lt.gamma / lt.R))))
    assert len(p.angle_data()[0]) == s.run.num_updates


def _fake_session(K: int) -> SimpleNamespace:
    k = np.arange(K + 1, dtype=np.float64)
    gamma, R = 1e-3, 1.0
    angle = 90.0 * np.exp(-k / (K / 5)) + 5.0 * np.sin(k / 50.0) ** 2
    angle[0] = np.nan
    low = np.minimum(1.0, np.sqrt(k) * gamma / R)
    proof = ProofQuantities(k, 2 * k * gamma, k * gamma, k / 2, k * R * R, np.cos(np.radians(angle)), low,
                            angle, np.degrees(np.arccos(low)))
    theory = SimpleNamespace(R=R, gamma=gamma, bound=(R / gamma) ** 2, theta_star=np.ones(2), verdict="", separable=True)
    result = SimpleNamespace(proof=proof, theory=theory, lifted_theory=None, proof_theory=theory, proof_R=R,
                             record=SimpleNamespace(algorithm="offset"), train=SimpleNamespace(n=10))
    events = SessionEvents()
    return SimpleNamespace(result=result, k=0, run_changed=events.run_changed, playhead_changed=events.playhead_changed,
                           jump_to_update=lambda kk: None, dragging=False)  # the ViewedSession members it reads


def test_a_million_updates_redraw_fast(qtbot):
    s = _fake_session(10**6)
    p = AnglePlot(s)
    qtbot.addWidget(p)
    p.resize(1200, 300)
    p.show()
    qtbot.waitExposed(p)
    p.plot.repaint()
    times = []
    for i in range(10):
        s.k = i * 97_000
        t0 = time.perf_counter()
        s.playhead_changed.emit()
        p.plot.repaint()
        times.append(time.perf_counter() - t0)
    assert len(p.angle_data()[0]) == 10**6
    assert len(p.angle_curve.getData()[0]) < 10**5  # downsampled for drawing


# ---- per-epoch plot and table ---------------------------------------------------------------
def test_epoch_plot_is_the_run_table(qtbot):
    s = make_session()
    p = EpochPlot(s)
    qtbot.addWidget(p)
    rows = s.run.epochs
    x, y = p.updates_curve.xData, p.updates_curve.yData
    assert np.array_equal(y, [r.updates for r in rows])
    assert np.array_equal(x, np.arange(len(rows) + 1) - 0.5)  # one bar per epoch, centred on it
    np.testing.assert_allclose(p.train_curve.yData, [100 * r.train_error for r in rows])
    assert p.test_curve.yData is None or len(p.test_curve.yData) == 0  # no test set
    s.to_start()
    assert p.marker_epoch() == -0.5
    s.jump_to_update(s.run.num_updates)
    assert p.marker_epoch() == s.run.update_epoch()[-1]


def test_many_epochs_are_binned_into_valid_bars():
    updates = np.random.default_rng(0).integers(0, 30, 50_000).astype(float)
    x, y = _epoch_bars(updates)
    assert len(x) == len(y) + 1 and len(y) <= NO_DOWNSAMPLE_MAX  # a step curve needs one more edge
    assert x[0] == -0.5 and x[-1] == 50_000 - 0.5 and y.max() == updates.max()
    x, y = _epoch_bars(updates[:100])
    assert np.array_equal(y, updates[:100]) and len(x) == 101


def _with_test_set() -> Session:
    s = Session(background_work=1e12)
    data = random_separable(60, 0.1, seed=3)
    test = np.zeros(60, dtype=bool)
    test[::4] = True
    s.load_dataset(data, "with test", test=test)
    return s


def test_epoch_table_rows_equal_record_epochs(qtbot):
    for s in (make_session(), make_session("random_noisy", "pocket"), _with_test_set()):
        table = EpochTable(s)
        qtbot.addWidget(table)
        model = table.table_model
        rows = s.run.epochs
        assert model.rowCount() == len(rows) and model.columnCount() == 4
        assert model.rows() == rows
        for i, r in enumerate(rows):
            texts = [model.data(model.index(i, c)) for c in range(4)]
            test = DASH if r.test_error is None else fmt_pct(r.test_error)
            assert texts == [str(r.epoch), fmt_int(r.updates), fmt_pct(r.train_error), test]
            assert all(model.data(model.index(i, c), Qt.ItemDataRole.ToolTipRole) for c in range(4))
        for c in range(4):
            assert model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert rows[0].test_error is not None  # the last session had a test set


def test_epoch_table_highlights_the_playhead_epoch(qtbot):
    s = make_session()
    table = EpochTable(s)
    qtbot.addWidget(table)
    model = table.table_model
    s.to_start()
    assert model.current is None
    s.step("epoch")
    assert model.current == 0
    assert model.data(model.index(0, 1), Qt.ItemDataRole.BackgroundRole) is not None
    assert model.data(model.index(1, 1), Qt.ItemDataRole.BackgroundRole) is None
    s.to_end()
    assert model.current == len(s.run.epochs) - 1
    s.load_preset("xor")  # model reset on run_changed
    assert model.rowCount() == len(s.run.epochs)


def test_legend_names_the_bound_drawn_from_a_nonzero_start(qtbot):
    """With Start at: first the curve is the start-aware bound; the legend and the dotted line
    must say so (seen: the legend said arccos(√k·γ/R) over a curve rising 15° → 80°)."""
    from perceptron_gui.core import novikoff
    from perceptron_gui.render.formatting import fmt_bound

    s = make_session()
    s.set_param("init", "first")
    p = AnglePlot(s)
    qtbot.addWidget(p)
    proof, tho = s.result.proof, s.result.theory
    d0, s0 = float(proof.dot[0]), float(proof.norm_sq[0])
    assert s0 > 0
    label = p.legend.getLabel(p.bound_curve).text
    assert "w₀·θ* + kγ" in label and "√k·γ/R" not in label
    k_star = novikoff.updates_bound(tho.gamma, tho.R, d0, s0)
    assert fmt_bound(k_star) in label
    assert p.novikoff_line.value() == pytest.approx(k_star, abs=1e-9)
    k, bound = p.bound_data()
    np.testing.assert_allclose(bound, novikoff.angle_bound_deg(k, tho.gamma, tho.R, d0, s0), atol=1e-9)
    s.set_param("init", "zero")
    label = p.legend.getLabel(p.bound_curve).text
    assert "√k·γ/R" in label and fmt_bound(tho.bound) in label


def test_the_per_epoch_plot_cannot_be_zoomed_out_past_the_run(qtbot):
    # Short runs tick every epoch; zoomed out to 30,000 epochs the plot asked for 30,000 ticks
    # and its next paint took 68 s.
    s = make_session()
    p = EpochPlot(s)
    qtbot.addWidget(p)
    n = len(s.run.epochs)
    assert n <= 12
    for item in (p.updates_plot, p.error_plot):
        item.getViewBox().setXRange(0, 30_000, padding=0)
        assert item.getViewBox().viewRange()[0][1] <= n - 0.5 + 0.05 * n + 1 + 1e-9
