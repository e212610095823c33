"""Dragging a point of a big data set ("The window stays at 60 frames per second").

At 10⁶ points every mouse move copied X, y and test (25 MB, 50–460 ms of the window's thread
under load), because each move restarted the run and the new run's snapshot shared the arrays
again. Now a move edits in place once no snapshot reads the arrays (the worker lets go of its
snapshot as soon as it has its own copies), copies only X while one still does, and a drag does
not restart a background run at every move: the run finishes, is shown, and the next one trains
on where the point is then.
"""
from __future__ import annotations

import threading
from collections.abc import Callable

import numpy as np
import pytest

from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.core.presets import random_separable
from perceptron_gui.session import runner as runner_mod
from perceptron_gui.session.commands import MovePoints, SetLabels, SetRoles
from perceptron_gui.session.session import Session
from perceptron_gui.session.session_file import take_snapshot

WORKER = "perceptron-train"


def _join_workers() -> None:
    for t in threading.enumerate():
        if t.name == WORKER:
            t.join(30)
            assert not t.is_alive()


class QueuedPost:
    """Stands in for the window's event loop: results wait until ``drain``."""

    def __init__(self) -> None:
        self.calls: list[Callable[[], None]] = []
        self.lock = threading.Lock()

    def __call__(self, fn: Callable[[], None]) -> None:
        with self.lock:
            self.calls.append(fn)

    def drain(self) -> None:
        with self.lock:
            calls, self.calls = self.calls, []
        for fn in calls:
            fn()


@pytest.fixture
def training_gate(monkeypatch):
    """Background training, once it has taken its copies of the points, waits for ``go``;
    ``entered`` is set when it got there."""
    entered, go = threading.Event(), threading.Event()
    go.set()
    real = runner_mod.make_algorithm

    def gated(*a, **k):
        if threading.current_thread().name == WORKER:
            entered.set()
            assert go.wait(30)
        return real(*a, **k)

    monkeypatch.setattr(runner_mod, "make_algorithm", gated)
    yield entered, go
    go.set()
    _join_workers()


def _fresh_weights(s: Session) -> np.ndarray:
    return make_algorithm(s.algorithm, **s.current_params()).fit(s.points.train_dataset()).weights


@pytest.mark.parametrize("edit", [lambda: MovePoints([3], [[0.5, 0.5]]), lambda: SetLabels([3], [-1.0]),
                                  lambda: SetRoles([3], [True])])
def test_an_edit_after_the_run_is_done_copies_nothing(edit) -> None:
    s = Session()
    s.load_dataset(random_separable(40, 0.1, seed=1))
    # The load's undo step shares the loaded arrays (the load copied nothing), so the first edit
    # of an array after it copies that array once; from then on edits are made where they are.
    assert s.execute(edit())
    ids = [id(s.points.X), id(s.points.y), id(s.points.test)]
    s.undo()
    assert s.execute(edit())
    assert [id(s.points.X), id(s.points.y), id(s.points.test)] == ids  # edited where they are


def test_a_move_copies_only_x_while_a_save_holds_the_points() -> None:
    s = Session()
    s.load_dataset(random_separable(40, 0.1, seed=1))
    snap = take_snapshot(s)
    kept = snap.X.copy()
    assert s.execute(MovePoints([3], [[0.5, 0.5]]))
    np.testing.assert_array_equal(snap.X, kept)  # the save never sees the move
    assert s.points.X is not snap.X and s.points.y is snap.y and s.points.test is snap.test


def test_the_worker_lets_go_of_the_points_once_it_has_its_copies(training_gate) -> None:
    entered, go = training_gate
    s = Session(background_work=1)
    s.load_dataset(random_separable(40, 0.1, seed=1))
    assert s.execute(MovePoints([3], [[0.4, 0.4]]))  # the first move copies X once: the load's undo step shares it
    s.wait()
    go.clear()
    entered.clear()  # the load's own run passed the gate too
    s.recompute()
    assert entered.wait(30)  # the worker trains (held), on its own copies
    x_id = id(s.points.X)
    assert s.execute(MovePoints([3], [[0.5, 0.5]]))
    assert id(s.points.X) == x_id  # nothing else reads X: moved in place, no copy
    go.set()
    s.wait()
    _join_workers()
    np.testing.assert_array_equal(s.result.record.weights, _fresh_weights(s))


def test_a_drag_lets_a_big_run_finish_then_trains_on_the_latest_positions(training_gate) -> None:
    entered, go = training_gate
    post = QueuedPost()
    s = Session(post=post, background_work=1)
    s.load_dataset(random_separable(40, 0.1, seed=1))
    s.wait()
    post.drain()
    submitted: list[int] = []
    real_submit = s.runner.submit
    s.runner.submit = lambda request, *a, **k: (submitted.append(request.generation), real_submit(request, *a, **k))[1]
    go.clear()
    entered.clear()  # the load's own run passed the gate too
    drag = s.new_drag_id()
    for i in range(5):
        assert s.execute(MovePoints([3], [[0.1 * i, 0.2]], drag))
    assert len(submitted) == 1 and s.busy  # one run under way, not five restarted
    assert entered.wait(30)
    go.set()
    s.wait()
    post.drain()  # the run arrives: shown, and the next starts on where the point is now
    assert s.result is not None and s.result.generation == submitted[0]
    assert len(submitted) == 2
    s.wait()
    post.drain()
    s.end_drag()
    assert len(submitted) == 2  # nothing moved since: no third run
    np.testing.assert_array_equal(s.result.train.X[3], [0.4, 0.2])
    np.testing.assert_array_equal(s.result.record.weights, _fresh_weights(s))


def test_the_end_of_a_drag_trains_on_where_the_point_was_let_go(training_gate) -> None:
    entered, go = training_gate
    post = QueuedPost()
    s = Session(post=post, background_work=1)
    s.load_dataset(random_separable(40, 0.1, seed=1))
    s.wait()
    post.drain()
    go.clear()
    entered.clear()  # the load's own run passed the gate too
    drag = s.new_drag_id()
    for i in range(3):
        assert s.execute(MovePoints([3], [[0.1 * i, 0.3]], drag))
    s.end_drag()  # the held run is superseded by one on the final position
    go.set()
    s.wait()
    _join_workers()
    post.drain()
    np.testing.assert_array_equal(s.result.train.X[3], [0.2, 0.3])
    np.testing.assert_array_equal(s.result.record.weights, _fresh_weights(s))
