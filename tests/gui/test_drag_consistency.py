"""During a drag every view beside the canvas shows the same run: the live panel, the angle
plot, the epoch plot and table release together (seen: the panel said "separable: no" while
the plots still showed the previous, separable run)."""
from __future__ import annotations

import numpy as np
from PySide6 import QtWidgets

from perceptron_gui.core.dataset import Dataset
from perceptron_gui.session.commands import MovePoints

X = np.array([[-1.0, -1.0], [-1.0, 1.0], [1.0, -1.0], [1.0, 1.0]])
Y = np.array([-1.0, -1.0, 1.0, 1.0])  # separable by x1 = 0


def test_panel_and_plots_switch_runs_together_during_a_drag(make_main_window, qtbot):
    win = make_main_window(None)
    s = win.session
    s.load_dataset(Dataset.from_arrays(X, Y), "four points")
    panel, angle = win.live_panel, win.angle_plot
    assert panel.text("separable").startswith("yes") and angle.has_theta_star()

    drag = s.new_drag_id()
    # Move a −1 point deep into the +1 side: the data is no longer separable.
    s.execute(MovePoints(np.array([0]), np.array([[1.0, 0.0]]), drag))
    s.execute(MovePoints(np.array([0]), np.array([[2.0, 0.0]]), drag))
    assert s.result.theory.separable is False
    # Until the views are released, all still show the old run — never one of each.
    status = win.status.summary
    assert panel.text("separable").startswith("yes") == angle.has_theta_star()
    assert ("not linearly separable" not in status.full_text()) == angle.has_theta_star()
    qtbot.waitUntil(lambda: not angle.has_theta_star(), timeout=5_000)
    assert panel.text("separable") == "no" and "not linearly separable" in status.full_text()
    s.end_drag()

    # The same holds when the drag makes the data separable again.
    drag = s.new_drag_id()
    s.execute(MovePoints(np.array([0]), np.array([[-1.0, -1.0]]), drag))
    assert panel.text("separable").startswith("yes") == angle.has_theta_star()
    s.end_drag()
    qtbot.waitUntil(lambda: angle.has_theta_star(), timeout=5_000)
    assert panel.text("separable").startswith("yes")


def test_a_closed_view_with_a_pending_update_is_skipped(make_main_window, qtbot):
    from perceptron_gui.gui.plots.proof_plots import AnglePlot

    win = make_main_window(None)
    s = win.session
    s.load_dataset(Dataset.from_arrays(X, Y), "four points")
    extra = AnglePlot(s)
    drag = s.new_drag_id()
    s.execute(MovePoints(np.array([0]), np.array([[2.0, 0.0]]), drag))
    extra.deleteLater()
    QtWidgets.QApplication.processEvents()
    qtbot.waitUntil(lambda: not win.angle_plot.has_theta_star(), timeout=5_000)
    s.end_drag()


def test_a_view_that_raises_does_not_hold_back_the_others(make_main_window, qtbot, monkeypatch):
    """One throttled view raising while the drag's updates are released must not leave the
    views after it on the previous run (seen once: panel and angle plot new, epoch views old)."""
    import sys

    win = make_main_window(None)
    s = win.session
    s.load_dataset(Dataset.from_arrays(X, Y), "four points")
    reported = []
    monkeypatch.setattr(sys, "excepthook", lambda *exc: reported.append(exc))

    def broken(*_):
        raise RuntimeError("a broken view")

    monkeypatch.setattr(win.angle_plot, "_on_run_changed", broken, raising=False)
    throttles = [c for c in win.angle_plot.children() if type(c).__name__ == "DragThrottle"]
    for t in throttles:
        if getattr(t.fn, "__name__", "") == "_on_run_changed":
            t.fn = broken
    drag = s.new_drag_id()
    s.execute(MovePoints(np.array([0]), np.array([[2.0, 0.0]]), drag))
    qtbot.waitUntil(lambda: win.live_panel.text("separable") == "no", timeout=5_000)
    assert "not linearly separable" in win.status.summary.full_text()
    assert reported and isinstance(reported[0][1], RuntimeError)
    s.end_drag()


def test_the_end_of_a_background_run_waits_with_the_other_views(make_main_window, qtbot):
    """busy_changed(False) refreshed the status bar at once, ahead of the held panel."""
    win = make_main_window(None)
    s = win.session
    s.load_dataset(Dataset.from_arrays(X, Y), "four points")
    s.runner.background_work = 0  # every run on the worker thread
    panel, angle, status = win.live_panel, win.angle_plot, win.status.summary
    drag = s.new_drag_id()
    s.execute(MovePoints(np.array([0]), np.array([[2.0, 0.0]]), drag))
    qtbot.waitUntil(lambda: not s.busy, timeout=20_000)
    old_shown = angle.has_theta_star()
    assert panel.text("separable").startswith("yes") == old_shown
    assert ("not linearly separable" not in status.full_text()) == old_shown
    qtbot.waitUntil(lambda: not angle.has_theta_star(), timeout=5_000)
    assert "not linearly separable" in status.full_text()
    s.end_drag()
