"""Every session event is sent after the state it announces is complete: a callback that reads
the session inside the event sees the new state, never a half-made one."""
from __future__ import annotations

import queue
from collections.abc import Callable

import numpy as np

from perceptron_gui.session.commands import AddPoints, DeletePoints
from perceptron_gui.session.session import Session


class _Queue:
    """A window's UI-thread queue without Qt: the worker posts, the test drains."""

    def __init__(self) -> None:
        self.calls: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()

    def post(self, fn: Callable[[], None]) -> None:
        self.calls.put(fn)

    def drain_until(self, done: Callable[[], bool], limit: int = 10_000) -> None:
        for _ in range(limit):
            if done():
                return
            self.calls.get(timeout=120)()  # a hang detector, not a budget
        raise AssertionError("the posted calls never completed the run")


def _background_session() -> tuple[Session, _Queue]:
    q = _Queue()
    s = Session(post=q.post, background_work=0.0)  # every run on the worker thread
    return s, q


def test_busy_ending_is_announced_after_the_new_result_is_stored() -> None:
    s, q = _background_session()
    seen: list[tuple[bool, int | None]] = []
    s.busy_changed.connect(lambda busy: seen.append((busy, None if s.run is None else s.run.n)))
    s.load_preset("random_separable")
    q.drain_until(lambda: not s.busy and s.run is not None)
    n = s.points.n
    assert seen[-1] == (False, n)  # the new run, read inside busy_changed(False)

    s.execute(AddPoints(np.array([[0.5, -0.25]]), np.array([1])))
    q.drain_until(lambda: not s.busy and s.run is not None and s.run.n == n + 1)
    assert seen[-1] == (False, n + 1)


def test_busy_ending_after_an_error_is_announced_with_the_error_stored() -> None:
    s, q = _background_session()
    s.load_preset("random_separable")
    q.drain_until(lambda: not s.busy)
    seen: list[tuple[bool, str | None]] = []
    s.busy_changed.connect(lambda busy: seen.append((busy, s.error)))
    s._set_busy(True)
    s._pending_generation = 99
    s._on_result(None, "It went wrong.", 99)
    assert seen == [(True, None), (False, "It went wrong.")]


def test_run_and_playhead_events_see_the_new_run_at_its_step() -> None:
    s, q = _background_session()
    seen: list[tuple[str, bool, bool]] = []
    s.run_changed.connect(lambda r: seen.append(("run", s.busy, s.result is r and s.playhead.at_end(s.run))))
    s.playhead_changed.connect(lambda: seen.append(("playhead", s.busy, s.playhead.at_end(s.run))))
    s.load_preset("random_separable")
    q.drain_until(lambda: not s.busy and s.run is not None)
    assert seen[-2:] == [("run", False, True), ("playhead", False, True)]


def test_points_changed_never_sees_a_selection_of_rows_that_moved() -> None:
    s = Session()
    s.load_preset("random_separable")
    s.select([3, 4])
    selected = s.points.X[[3, 4]].copy()
    s.execute(DeletePoints(np.array([0, 1])))  # the selection is cleared by a delete
    heard: list[tuple[str, list[list[float]]]] = []
    s.points_changed.connect(lambda ch: heard.append(("points", s.points.X[s.selection].tolist())))
    s.selection_changed.connect(lambda: heard.append(("selection", s.points.X[s.selection].tolist())))
    s.select([1, 2])  # the two points that were rows 3 and 4
    assert s.points.X[s.selection].tolist() == selected.tolist()
    heard.clear()
    s.undo()  # the two deleted rows come back above the selection
    assert heard, "undo announced nothing"
    for event, rows in heard:
        assert rows == selected.tolist(), event  # inside every event, the selection names the same points


def test_a_delete_clears_the_selection_before_points_changed_is_heard() -> None:
    s = Session()
    s.load_preset("random_separable")
    s.select([0, 1, 2])
    heard: list[tuple[str, int, int]] = []
    s.points_changed.connect(lambda ch: heard.append(("points", s.points.n, s.selection.size)))
    s.selection_changed.connect(lambda: heard.append(("selection", s.points.n, s.selection.size)))
    n = s.points.n
    s.execute(DeletePoints(np.array([0, 1, 2])))
    assert heard == [("points", n - 3, 0), ("selection", n - 3, 0)]
