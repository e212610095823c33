"""ADALINE in the window: the per-epoch plot shows the squared error it minimises (every visit
updates, so the update count says nothing), and a diverging η is a sentence, not a run."""
from __future__ import annotations

import numpy as np

from perceptron_gui.gui.plots.epoch_plot import _epoch_bars


def test_the_per_epoch_plot_shows_the_squared_error_in_place_of_the_updates(make_main_window, qtbot):
    win = make_main_window("random_separable", "adaline")
    s = win.session
    s.set_param("max_epochs", 12)
    s.wait()
    qtbot.waitUntil(lambda: s.result is not None and s.result.record.algorithm == "adaline", timeout=30_000)
    plot = win.epoch_plot
    assert plot.updates_plot.getAxis("left").labelText == "squared error"
    x, heights = plot.updates_curve.getData()
    expected_x, expected = _epoch_bars(np.asarray(s.result.record.extras["mse"]))
    assert np.array_equal(heights, expected) and len(s.result.record.extras["mse"]) == 12
    s.set_algorithm("offset")
    s.wait()
    qtbot.waitUntil(lambda: s.result is not None and s.result.record.algorithm == "offset", timeout=30_000)
    assert plot.updates_plot.getAxis("left").labelText == "updates"


def test_an_eta_that_diverges_is_said_and_the_window_keeps_its_run(make_main_window, qtbot):
    win = make_main_window("random_separable", "adaline")
    s = win.session
    s.wait()
    qtbot.waitUntil(lambda: s.result is not None, timeout=30_000)
    said: list[str] = []
    s.message.connect(lambda kind, text: said.append(text))
    s.set_param("eta", 9.0)
    s.wait()
    qtbot.waitUntil(lambda: s.error is not None or bool(said), timeout=30_000)
    text = s.error or said[-1]
    assert "grow without bound" in text and "2/λ_max" in text and "Traceback" not in text
