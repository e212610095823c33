"""Session events (psygnal): declared on the class, weakly held, one failing callback stops nothing."""
from __future__ import annotations

import gc
import sys
import weakref

import numpy as np
import pytest
from psygnal import Signal

from perceptron_gui.session.commands import AddPoints
from perceptron_gui.session.events import IsolatedSignalInstance, SessionEvents
from perceptron_gui.session.session import Session

EVENTS = ("points_changed", "run_changed", "playhead_changed", "algorithm_changed", "history_changed",
          "selection_changed", "busy_changed", "progress_changed", "message", "playing_changed")


@pytest.fixture
def reported(monkeypatch):
    """The exceptions a callback raised, as reported through sys.excepthook."""
    seen: list[BaseException] = []
    monkeypatch.setattr(sys, "excepthook", lambda tp, exc, tb: seen.append(exc))
    return seen


def _session() -> Session:
    s = Session()
    s.load_preset("random_separable")
    assert s.result is not None
    return s


def test_events_are_declared_on_the_class_and_each_session_has_its_own():
    for name in EVENTS:
        assert isinstance(getattr(SessionEvents, name), Signal), name
    a, b = Session(), Session()
    assert isinstance(a.points_changed, IsolatedSignalInstance)
    got: list[object] = []
    a.message.connect(lambda level, text: got.append(text))
    b.message.emit("info", "b's")
    assert got == []
    a.message.emit("info", "a's")
    assert got == ["a's"]


def test_one_failing_callback_does_not_stop_the_others(reported):
    s = Session()
    calls: list[str] = []

    def first(level: str, text: str) -> None:
        calls.append("first")

    def broken(level: str, text: str) -> None:
        raise RuntimeError("a broken view")

    def last(level: str, text: str) -> None:
        calls.append("last")

    for cb in (first, broken, last):
        s.message.connect(cb)
    s.message.emit("info", "hello")  # no exception out of emit
    assert calls == ["first", "last"]
    assert len(reported) == 1 and str(reported[0]) == "a broken view"  # reported once


def test_a_failing_view_does_not_keep_the_run_from_retraining(reported):
    """A bug once found: a callback raised in points_changed, the exception left
    execute() after the point was added and before the run was retrained."""
    s = _session()
    n = s.points.n

    def broken(change) -> None:
        raise RuntimeError("Internal C++ object (PointTableModel) already deleted.")

    s.points_changed.connect(broken)
    assert s.execute(AddPoints(np.array([[0.25, -0.5]]), np.array([1.0])))
    assert s.points.n == n + 1
    assert s.result is not None and s.result.record.n == n + 1  # retrained on the new point
    assert len(reported) == 1


def test_a_bound_method_is_held_weakly():
    s = _session()
    calls: list[object] = []

    class View:
        def on_points(self, change) -> None:
            calls.append(change)

    view = View()
    s.points_changed.connect(view.on_points)
    ref = weakref.ref(view)
    del view
    gc.collect()
    assert ref() is None  # the session did not keep it alive
    s.execute(AddPoints(np.array([[0.25, -0.5]]), np.array([1.0])))
    assert calls == []
    assert len(s.points_changed) == 0


def test_blocked_and_paused():
    s = Session()
    got: list[str] = []
    s.message.connect(lambda level, text: got.append(text))
    with s.message.blocked():
        s.message.emit("info", "lost")
    with s.message.paused():
        s.message.emit("info", "a")
        s.message.emit("info", "b")
        assert got == []
    assert got == ["a", "b"]


def test_an_event_emitted_by_a_callback_runs_nested_and_in_order():
    s = Session()
    order: list[str] = []
    s.history_changed.connect(lambda: order.append("history"))
    s.message.connect(lambda level, text: (order.append(text), s.history_changed.emit()))
    s.message.connect(lambda level, text: order.append("second " + text))
    s.message.emit("info", "m")
    assert order == ["m", "history", "second m"]
