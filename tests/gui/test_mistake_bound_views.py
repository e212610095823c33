"""Without θ* the angle dock plots the mistakes against the bound that needs no separability, the
live panel says it, its slider changes ‖u‖, lesson 16 opens it, and presentation mode keeps the dock."""
from __future__ import annotations

import numpy as np

from perceptron_gui.gui.plots.mistake_bound_plot import MistakeBoundPlot


def test_the_angle_dock_shows_the_bound_for_noisy_labels(make_main_window):
    win = make_main_window("random_noisy", "offset")
    plot = win.angle_plot
    result = win.session.result
    assert result.theory.theta_star is None and result.mistake_bound is not None
    assert plot.stack.currentWidget() is plot.mistakes
    k, bound = plot.mistakes.bound_data()
    assert len(k) == result.record.num_updates + 1 and np.all(k <= bound + 1e-9)
    assert np.isclose(bound[-1], result.mistake_bound.bound, rtol=1e-12, atol=1e-9)  # a cumsum against a dot
    assert "Mistake bound without separability" in win.live_panel.note.text()
    assert f"M = {result.record.num_updates} ≤" in plot.mistakes.caption.text()


def test_the_slider_sets_the_length_of_u(make_main_window):
    win = make_main_window("random_noisy", "offset")
    mplot: MistakeBoundPlot = win.angle_plot.mistakes
    base = win.session.result.mistake_bound
    mplot.slider.setValue(mplot.slider.maximum())
    longer = win.session.result.mistake_bound_at(base.norm * 100)
    assert np.isclose(mplot.bound_data()[1][-1], longer.bound, rtol=1e-12, atol=1e-9) and longer.bound > base.bound
    assert "slider" in mplot.caption.text()
    mplot.slider.setValue(mplot.slider.minimum())
    shorter = win.session.result.mistake_bound_at(base.norm / 100)
    assert np.isclose(mplot.bound_data()[1][-1], shorter.bound, rtol=1e-12, atol=1e-9)
    assert np.all(np.arange(len(mplot.bound_data()[0])) <= mplot.bound_data()[1] + 1e-9)


def test_separable_data_keep_the_angle_and_xor_says_u_is_zero(make_main_window):
    win = make_main_window("random_separable", "offset")
    assert win.angle_plot.has_theta_star()
    win = make_main_window("xor", "offset")
    assert win.angle_plot.stack.currentWidget() is win.angle_plot.mistakes
    assert "no u beats u = 0" in win.angle_plot.mistakes.caption.text()


def test_lesson_16_opens_the_bound_and_presentation_keeps_the_dock(make_main_window, qtbot):
    win = make_main_window("random_separable", "offset")
    win.actions_by_name["lesson_mistake_bound_noisy"].trigger()
    win.session.wait()
    qtbot.waitUntil(lambda: win.angle_plot.stack.currentWidget() is win.angle_plot.mistakes, timeout=10_000)
    assert win.session.result.record.epochs_run == 20
    win.presentation.enter()
    try:
        assert win.presentation._panels_shown()["Angle to θ*"]
    finally:
        win.presentation.leave()


def test_a_step_reads_the_bound_kept_on_the_run(make_main_window, monkeypatch):
    """The live panel's bound after k mistakes comes from the curve the run keeps: a step makes
    no pass over the points (at 12,665 × 784 each pass cost 10 ms a step)."""
    from perceptron_gui.core import nonseparable

    win = make_main_window("random_noisy", "offset")
    s = win.session
    result = s.result
    curve = result.mistake_bound_curve
    passes = []
    real = nonseparable.hinge_terms
    monkeypatch.setattr(nonseparable, "hinge_terms", lambda *a: (passes.append(1), real(*a))[1])
    s.jump_to_update(2)
    s.step()
    assert passes == [] and result.mistake_bound_curve is curve
    assert "Mistake bound without separability" in win.live_panel.note.text()
    np.testing.assert_array_equal(curve, nonseparable.bound_curve(
        result.mistake_bound.u, result.augmented_points, result.train.y, result.record.update_index,
        result.mistake_bound.R))


def test_the_plot_keeps_its_curves_painted_while_the_playhead_moves(make_main_window):
    """Each curve is painted once into a pixmap (a step moves only the playhead), and thousands of
    mistakes are drawn at the pixels' resolution, as the proof's plots draw theirs."""
    from PySide6 import QtWidgets

    from perceptron_gui.gui.kit.plot_setup import NO_DOWNSAMPLE_MAX

    win = make_main_window("random_noisy", "offset")
    mplot: MistakeBoundPlot = win.angle_plot.mistakes
    cached = QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache
    for curve in (mplot.mistakes_curve, mplot.bound_curve):
        assert curve.curve.cacheMode() == cached
        assert curve.opts["autoDownsample"] == (len(mplot.bound_data()[0]) > NO_DOWNSAMPLE_MAX)
