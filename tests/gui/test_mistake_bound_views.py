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
