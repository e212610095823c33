"""Views hear the session only while they live: a widget Qt deleted is
never called, a widget Python let go of is collected, and the session goes on working."""
from __future__ import annotations

import gc
import weakref

import numpy as np
import pytest
import shiboken6
from PySide6 import QtWidgets

from perceptron_gui.gui.app.main_window import MainWindow
from perceptron_gui.gui.canvas.canvas import Canvas
from perceptron_gui.gui.kit.view_wiring import connect_events
from perceptron_gui.gui.panels.live_panel import LivePanel
from perceptron_gui.gui.panels.picker import AlgorithmPicker
from perceptron_gui.gui.panels.playback_bar import PlaybackBar
from perceptron_gui.gui.table.data_table import PointTable
from perceptron_gui.session.commands import AddPoints
from perceptron_gui.session.session import Session


def _session() -> Session:
    s = Session()  # synchronous: a run is finished when execute() returns
    s.load_preset("random_separable")
    return s


def _add_point_and_retrain(s: Session) -> None:
    n = s.points.n
    assert s.execute(AddPoints(np.array([[0.25, -0.5]]), np.array([1.0])))  # raised before the fix
    assert s.points.n == n + 1
    assert s.result is not None and s.result.record.n == n + 1  # the run was retrained


class _Spy(QtWidgets.QWidget):
    def __init__(self, session: Session) -> None:
        super().__init__()
        self.calls: list[str] = []
        connect_events(self, [(session.points_changed, self.on_points),
                              (session.points_changed, lambda change: self.calls.append("lambda"))])

    def on_points(self, change) -> None:
        self.calls.append("method")


@pytest.mark.parametrize("view", [PointTable, Canvas, LivePanel, PlaybackBar, AlgorithmPicker])
def test_a_deleted_view_never_stops_an_edit(qtbot, view):
    s = _session()
    widget = view(s)
    _add_point_and_retrain(s)
    shiboken6.delete(widget)  # Qt deletes it; Python still holds the wrapper
    assert not shiboken6.isValid(widget)
    _add_point_and_retrain(s)
    s.set_algorithm("pocket")  # the picker listens to this one
    assert s.step("update", -1)  # the playback bar listens to playhead_changed


def test_a_deleted_window_never_stops_an_edit(qtbot):
    s = _session()
    win = MainWindow(s)
    win.session.wait(60)  # a hang detector: the window's own first run is synchronous here
    shiboken6.delete(win)
    _add_point_and_retrain(s)
    s.undo()


def test_a_widget_deleted_by_qt_is_never_called(qtbot):
    s = _session()
    spy = _Spy(s)
    s.execute(AddPoints(np.array([[0.1, 0.2]]), np.array([1.0])))
    assert sorted(spy.calls) == ["lambda", "method"]
    spy.calls.clear()
    calls = spy.calls
    shiboken6.delete(spy)
    s.execute(AddPoints(np.array([[0.3, 0.2]]), np.array([1.0])))
    assert calls == []
    assert len(s.points_changed) == 0  # the dead subscriptions removed themselves


def test_a_widget_python_let_go_of_is_collected_and_stops_listening(qtbot):
    s = _session()
    spy = _Spy(s)
    calls = spy.calls
    ref = weakref.ref(spy)
    del spy
    gc.collect()
    assert ref() is None  # the session's subscriptions did not keep it alive
    s.execute(AddPoints(np.array([[0.3, 0.2]]), np.array([1.0])))
    assert calls == []
    assert len(s.points_changed) == 0


def test_a_canvas_python_let_go_of_is_collected(qtbot):
    s = _session()
    canvas = Canvas(s)
    ref = weakref.ref(canvas)
    del canvas
    gc.collect()
    assert ref() is None
    _add_point_and_retrain(s)


def test_views_subscribe_only_through_connect_events():
    """One way to subscribe: a raw ``session.<event>.connect`` in gui/ would outlive its widget."""
    import re
    from pathlib import Path

    import perceptron_gui.gui as gui
    from perceptron_gui.session.events import SessionEvents

    names = "|".join(n for n in vars(SessionEvents) if not n.startswith("_"))
    raw = re.compile(rf"\.({names})\.connect\(")
    found = [f"{p.name}: {line.strip()}" for p in sorted(Path(gui.__file__).parent.glob("*.py"))
             for line in p.read_text(encoding="utf-8").splitlines() if raw.search(line)]
    assert found == []


def test_a_windows_views_keep_listening_after_a_garbage_collection(make_main_window):
    """Weakly held subscriptions must not let the window's own views go: each holds its own."""
    win = make_main_window("random_separable")
    s = win.session
    s.wait(60)
    gc.collect()
    n = s.points.n
    assert s.execute(AddPoints(np.array([[0.25, -0.5]]), np.array([1.0])))
    s.wait(60)
    assert win.table.model.rowCount() == n + 1
    assert len(win.canvas.view_points) == n + 1
    assert s.undo()
    assert win.table.model.rowCount() == n
