"""Runs too big for one frame train on a worker thread, with progress and a cancel; the newest
request wins; a failure in the worker becomes a message.

Headless, the session's default ``post`` calls the result callback directly, so it runs on
the worker thread ("perceptron-train"). That is fine here: the tests only read the session
after ``wait()``, which joins the worker. The GUI passes a ``post`` that queues the call onto
its own thread; ``QueuedPost`` below plays that part.
"""
from __future__ import annotations

import threading
from collections.abc import Callable

import numpy as np
import pytest

from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.core.dataset import DatasetError
from perceptron_gui.core.presets import random_noisy, random_separable
from perceptron_gui.session import runner as runner_mod
from perceptron_gui.session.commands import DeletePoints, MovePoints, SetLabels
from perceptron_gui.session.runner import Runner, RunRequest
from perceptron_gui.session.session import Session

WORKER = "perceptron-train"


def join_workers(timeout: float = 30.0) -> None:
    for t in threading.enumerate():
        if t.name == WORKER:
            t.join(timeout)
            assert not t.is_alive()


class Recorder:
    """Collects a session's events (appends are atomic, so worker-thread emits are safe)."""

    def __init__(self, s: Session) -> None:
        self.busy: list[bool] = []
        self.progress: list[tuple[int, int]] = []
        self.messages: list[tuple[str, str]] = []
        self.runs: list = []
        self.run_threads: list[str] = []
        s.busy_changed.connect(self.busy.append)
        s.progress_changed.connect(lambda e, total: self.progress.append((e, total)))
        s.message.connect(lambda level, text: self.messages.append((level, text)))
        s.run_changed.connect(self._run)

    def _run(self, result) -> None:
        self.runs.append(result)
        self.run_threads.append(threading.current_thread().name)


class QueuedPost:
    """Stands in for the GUI: results are queued and delivered when the 'event loop' drains."""

    def __init__(self) -> None:
        self.calls: list[Callable[[], None]] = []
        self.lock = threading.Lock()

    def __call__(self, fn: Callable[[], None]) -> None:
        with self.lock:
            self.calls.append(fn)

    def drain(self) -> int:
        with self.lock:
            calls, self.calls = self.calls, []
        for fn in calls:
            fn()
        return len(calls)


class Gate:
    """Once ``hold()`` is called, background training waits until ``set()``; synchronous runs
    always pass straight through. The worker is then reliably alive when a test looks."""

    def __init__(self) -> None:
        self.event = threading.Event()
        self.event.set()

    def hold(self) -> None:
        self.event.clear()

    def set(self) -> None:
        self.event.set()


@pytest.fixture
def gate(monkeypatch):
    real = runner_mod.compute
    g = Gate()

    def gated(request, progress=None, **kw):
        if progress is not None:
            assert g.event.wait(30)
        return real(request, progress, **kw)

    monkeypatch.setattr(runner_mod, "compute", gated)
    yield g
    g.set()
    join_workers()


def fresh_weights(s: Session) -> np.ndarray:
    pts = s.points
    test = pts.test_dataset() if pts.test.any() else None
    return make_algorithm(s.algorithm, **s.current_params()).fit(pts.train_dataset(), test).weights


def small_background_session() -> tuple[Session, Recorder]:
    """Every non-empty run goes to the worker (background_work=1); starts with a finished run."""
    s = Session(background_work=1)
    s.load_dataset(random_separable(30, 0.1, seed=3))
    s.wait()
    assert s.result is not None and not s.busy
    return s, Recorder(s)


# ---- a really large run --------------------------------------------------------------------------
def test_large_run_trains_in_the_background_with_progress():
    s = Session()
    rec = Recorder(s)
    s.set_param("max_epochs", 50)
    assert s.result is not None and s.result.record.n == 0  # the empty set ran at once
    data = random_noisy(200_000, 0.1, seed=1)
    assert data.n * 50 > runner_mod.BACKGROUND_WORK
    rec.busy.clear()
    s.load_dataset(data)  # returns at once: the window would keep painting
    assert s.busy and rec.busy == [True]
    assert s.result.record.n == 0  # the previous run is shown meanwhile
    s.wait(60)
    assert not s.busy and rec.busy == [True, False]
    res = s.result
    assert res.record.n == 200_000 and res.record.epochs_run == 50 and s.error is None
    assert s.playhead.at_end(s.run)
    epochs = [e for e, _ in rec.progress]
    # Rate-limited (at most ten a second), so not every epoch: increasing, ending at the last.
    assert epochs == sorted(set(epochs)) and epochs[-1] == 50 and all(total == 50 for _, total in rec.progress)
    assert rec.run_threads[-1] == WORKER  # default post: the callback ran on the worker


def test_progress_reaches_the_window_at_most_ten_times_a_second(monkeypatch):
    """Issue 9: a 60-point session with a million epochs posted a million progress events;
    with the clock standing still only the first epoch and the last are reported."""
    monkeypatch.setattr(runner_mod, "_now", lambda: 1000.0)
    s = Session(background_work=1)
    s.set_param("max_epochs", 300)
    rec = Recorder(s)
    s.load_dataset(random_noisy(60, 0.2, seed=2))
    s.wait(60)
    assert s.run.epochs_run == 300
    assert [e for e, _ in rec.progress] == [1, 300]


def test_cancel_stops_the_computation_itself_inside_an_epoch():
    """Issue 9: Cancel gave the window back, but a pocket epoch over many points went on
    computing for minutes. The worker asks stop() between chunks of an epoch and ends."""
    from perceptron_gui.core.algorithms import chunks
    from perceptron_gui.core.algorithms.chunks import TrainingStopped

    data = random_noisy(20_000, 0.1, seed=4)
    asked = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) >= 3  # the third question says stop

    algo = make_algorithm("pocket", max_epochs=5)
    with pytest.raises(TrainingStopped):
        algo.fit(data, stop=stop)
    assert len(asked) == 3  # stopped at once, inside the first epoch's chunks
    assert chunks.CHUNK_SECONDS <= 0.05


# ---- forced background on small data -------------------------------------------------------------
def test_forced_background_run(gate):
    s, rec = small_background_session()
    gate.hold()
    old = s.result
    assert s.execute(MovePoints([0], [0.5, 0.5]))
    assert s.busy and rec.busy == [True]
    assert s.result is old  # not yet
    gate.set()
    s.wait()
    assert not s.busy and rec.busy == [True, False]
    assert s.result is not old and np.array_equal(s.result.record.weights, fresh_weights(s))
    # reports of finished epochs, at most ten a second: the first, then increasing
    epochs = [e for e, _ in rec.progress]
    assert epochs[:1] == [1] and epochs == sorted(set(epochs)) and epochs[-1] <= s.run.epochs_run
    assert rec.run_threads == [WORKER]


def test_cancel_keeps_the_previous_result_and_the_data(gate):
    s, rec = small_background_session()
    gate.hold()
    old = s.result
    s.execute(SetLabels([0], -s.points.y[0]))
    edited = s.points.y.copy()
    assert s.busy
    s.cancel()
    assert rec.busy == [True, False] and not s.busy
    assert rec.messages and rec.messages[-1][0] == "info" and "cancel" in rec.messages[-1][1].lower()
    gate.set()
    join_workers()
    assert s.result is old and rec.runs == []  # the cancelled run was never applied
    assert np.array_equal(s.points.y, edited)  # no lost data
    s.cancel()  # nothing running: no message
    assert len(rec.messages) == 1
    s.recompute()  # ask again: now it finishes
    s.wait()
    assert np.array_equal(s.result.record.weights, fresh_weights(s))


def test_a_newer_request_supersedes_an_older_one(gate):
    s, rec = small_background_session()
    gate.hold()
    s.execute(MovePoints([0], [0.9, 0.9]))
    s.execute(MovePoints([1], [-0.9, 0.9]))
    assert rec.busy == [True]  # one busy period for both
    gate.set()
    join_workers()
    assert len(rec.runs) == 1 and rec.busy == [True, False]
    assert rec.runs[0].generation == s._pending_generation
    assert np.array_equal(s.result.record.weights, fresh_weights(s))
    assert np.array_equal(s.result.train.X[:2], [[0.9, 0.9], [-0.9, 0.9]])


def test_with_a_queued_post_only_the_newest_result_is_applied():
    post = QueuedPost()
    s = Session(post=post, background_work=1)
    rec = Recorder(s)
    s.load_dataset(random_separable(20, 0.1, seed=2))
    join_workers()  # the first run has finished; its result waits in the queue
    s.execute(DeletePoints([0]))
    join_workers()
    assert len(post.calls) >= 2
    post.drain()
    assert len(rec.runs) == 1 and rec.runs[0].generation == s._pending_generation
    assert s.result.train.n == 19
    assert np.array_equal(s.result.record.weights, fresh_weights(s))
    assert rec.busy[0] is True and rec.busy[-1] is False and not s.busy
    assert all(name == "MainThread" for name in rec.run_threads)


def test_a_stale_failure_is_not_reported(monkeypatch):
    real = runner_mod.compute
    calls = []

    def first_fails(request, progress=None, **kw):
        calls.append(request.generation)
        if len(calls) == 1:
            raise RuntimeError("boom")
        return real(request, progress, **kw)

    monkeypatch.setattr(runner_mod, "compute", first_fails)
    post = QueuedPost()
    s = Session(post=post, background_work=1)
    rec = Recorder(s)
    s.load_dataset(random_separable(20, 0.1, seed=2))
    join_workers()
    s.execute(DeletePoints([0]))
    join_workers()
    post.drain()
    assert rec.messages == [] and s.error is None
    assert len(rec.runs) == 1 and s.result.train.n == 19


def test_busy_is_announced_again_after_a_quick_run_in_between(gate):
    s, rec = small_background_session()
    gate.hold()
    s.execute(MovePoints([0], [0.1, 0.2]))  # background, held by the gate
    s.clear()  # empty: runs at once, supersedes it
    assert s.result.record.n == 0 and rec.busy == [True, False] and not s.busy
    s.undo()  # background again while the superseded worker may still be alive
    assert rec.busy == [True, False, True] and s.busy
    gate.set()
    join_workers()
    assert rec.busy == [True, False, True, False] and not s.busy
    assert s.result.train.n == 30


# ---- failures in the worker ---------------------------------------------------------------------
@pytest.mark.parametrize("exc,expected", [
    (RuntimeError("boom"), "RuntimeError"),
    (MemoryError(), "ran out of memory"),  # a sentence, not the exception's name
    (DatasetError("The max epochs must be positive."), "The max epochs must be positive."),
])
def test_a_failure_in_the_worker_is_a_message(monkeypatch, exc, expected):
    s, rec = small_background_session()
    old = s.result

    def fails(request, progress=None, **kw):
        raise exc

    monkeypatch.setattr(runner_mod, "compute", fails)
    s.execute(MovePoints([0], [0.3, 0.3]))  # does not raise
    s.wait()
    join_workers()
    assert rec.busy == [True, False] and not s.busy
    assert len(rec.messages) == 1 and rec.messages[0][0] == "error" and expected in rec.messages[0][1]
    assert rec.messages[0][1].endswith(".")
    assert s.error == rec.messages[0][1] and s.result is old
    assert s.points.X[0, 0] == 0.3  # the edit itself is kept
    monkeypatch.undo()
    s.recompute()
    s.wait()
    assert s.error is None and np.array_equal(s.result.record.weights, fresh_weights(s))


# ---- the Runner on its own -------------------------------------------------------------------------
def _request(gen: int, n: int = 10, epochs: int = 5) -> RunRequest:
    from perceptron_gui.session.points import PointSet

    return RunRequest(gen, "offset", {"max_epochs": epochs, "shuffle": False, "seed": 0, "init": "zero"},
                      PointSet.from_dataset(random_noisy(n, 0.2, seed=gen)))


def test_runner_small_runs_synchronously_and_large_ones_not():
    r = Runner(background_work=100)
    got = []
    assert r.submit(_request(1, n=10, epochs=5), lambda res, err: got.append((res, err))) is True
    assert len(got) == 1 and got[0][1] is None and got[0][0].generation == 1
    assert r.submit(_request(2, n=10, epochs=50), lambda res, err: got.append((res, err))) is False
    r.wait(30)
    assert len(got) == 2 and got[1][0].generation == 2 and not r.busy
    assert r.progress == (50, 50) or got[1][0].record.converged
    assert r.submit(_request(3, n=10, epochs=50), lambda res, err: got.append((res, err)),
                    force_sync=True) is True


def test_estimated_work_counts_the_training_points_only():
    req = _request(1, n=40, epochs=10)
    assert req.estimated_work() == 400
    req.points.test[:10] = True
    assert req.estimated_work() == 300
    pocket = RunRequest(1, "pocket", {"max_epochs": 10}, req.points)
    assert pocket.estimated_work() > req.estimated_work()
