"""Frames of big runs are computed off the UI thread (session/frames.py), headless."""
from __future__ import annotations

import queue
from collections.abc import Callable

import numpy as np
import pytest

from perceptron_gui.core.presets import random_noisy
from perceptron_gui.session import frames as frames_mod
from perceptron_gui.session.frame import compute_frame
from perceptron_gui.session.session import Session


class Dispatcher:
    """A stand-in for the GUI's event loop: posted calls wait in a queue until run."""

    def __init__(self) -> None:
        self.calls: queue.Queue[Callable[[], None]] = queue.Queue()

    def post(self, fn: Callable[[], None]) -> None:
        self.calls.put(fn)

    def run_next(self, timeout: float = 30.0) -> None:
        self.calls.get(timeout=timeout)()

    def drain(self) -> None:
        while True:
            try:
                self.calls.get_nowait()()
            except queue.Empty:
                return


@pytest.fixture
def big_session(monkeypatch: pytest.MonkeyPatch) -> tuple[Session, Dispatcher]:
    monkeypatch.setattr(frames_mod, "SYNC_FRAME_COST", 100.0)  # 60 points are "big" here
    d = Dispatcher()
    s = Session(post=d.post, background_work=1e18)  # training stays synchronous
    s.load_dataset(random_noisy(60, 0.2, seed=3), "noisy")
    s.set_param("max_epochs", 3)
    d.drain()
    s.frames.wait(30)
    d.drain()
    return s, d


def _same(a, b) -> None:
    assert (a.t, a.k, a.epoch, a.visit_index) == (b.t, b.k, b.epoch, b.visit_index)
    np.testing.assert_array_equal(a.w, b.w)
    np.testing.assert_array_equal(a.misclassified, b.misclassified)
    assert a.train_error == b.train_error and a.hinge_loss == b.hinge_loss


def test_big_frames_come_from_the_worker_and_equal_the_synchronous_ones(big_session) -> None:
    s, d = big_session
    heard: list[int] = []
    s.frame_changed.connect(lambda: heard.append(s.playhead.t))
    s.to_start()
    shown = s.frame()
    assert shown is None or shown.t != -1  # not ready yet: the older frame (or none) is shown
    assert s.frames.pending(s.result, -1)
    d.run_next()  # the worker posts the frame
    assert heard == [-1] and not s.frames.pending(s.result, -1)
    _same(s.frame(), compute_frame(s.result, -1))


def test_the_newest_position_wins_and_playback_waits_for_its_frame(big_session) -> None:
    s, d = big_session
    s.to_start()
    s.frame()  # a view asks for it
    d.run_next()
    for _ in range(5):
        s.step("visit", 1)
        s.frame()
    s.frames.wait(30)
    d.drain()
    assert s.frame() is not None and s.frame().t == s.playhead.t == 4
    _same(s.frame(), compute_frame(s.result, 4))
    # Playback: a tick while the frame is pending does not move the playhead.
    s.play_unit = "visit"
    s.set_playing(True)
    assert s.tick() and s.playhead.t == 5  # frame of t = 4 is ready: moves
    assert s.frames.pending(s.result, 5)
    assert s.tick() and s.playhead.t == 5  # waits for the frame of t = 5
    s.frames.wait(30)
    d.drain()
    assert s.tick() and s.playhead.t == 6


def test_small_runs_and_headless_sessions_compute_frames_at_once() -> None:
    s = Session()  # no dispatcher: every frame at once, whatever its size
    s.load_dataset(random_noisy(60, 0.2, seed=3), "noisy")
    s.to_start()
    assert s.frame() is not None and s.frame().t == -1
    assert not s.frames.pending(s.result, -1)
    d = Dispatcher()
    s2 = Session(post=d.post, background_work=1e18)
    s2.load_dataset(random_noisy(60, 0.2, seed=3), "noisy")
    assert not s2.frames.background(s2.result)  # 60 points are cheap
    assert s2.frame() is not None


def test_frame_cost_counts_the_vote_of_every_vector() -> None:
    s = Session()
    s.load_dataset(random_noisy(200, 0.2, seed=1), "noisy")
    s.set_param("max_epochs", 2)
    plain = frames_mod.frame_cost(s.result)
    s.set_algorithm("voted")
    assert frames_mod.frame_cost(s.result) >= plain + 200 * (s.result.record.num_updates + 1)


def test_a_big_vote_is_measured_on_a_stated_sample(monkeypatch: pytest.MonkeyPatch) -> None:
    from perceptron_gui.core.algorithms import voted
    from perceptron_gui.session import frame as frame_mod

    s = Session()
    s.load_dataset(random_noisy(3000, 0.2, seed=1), "noisy")
    s.set_algorithm("voted")
    s.set_param("max_epochs", 1)
    full = compute_frame(s.result, s.playhead.t)
    assert full.output_error_sample is None
    monkeypatch.setattr(frame_mod, "VOTE_FRAME_WORK", 10)  # any vote is "big" now
    sampled = compute_frame(s.result, s.playhead.t)
    assert sampled.output_error_sample == 1000
    pick = voted.vote_sample(3000, s.result.record.num_updates + 1, 10)
    X, y = s.result.train.X[pick], s.result.train.y[pick]
    expect = np.mean(np.where(full.vote(X) >= 0, 1.0, -1.0) != y)
    assert sampled.output_train_error == expect
    assert abs(sampled.output_train_error - full.output_train_error) < 0.1  # a fair sample


def test_a_dispatcher_given_later_also_serves_the_frames() -> None:
    d = Dispatcher()
    s = Session()
    s.set_dispatcher(d.post)
    assert s.frames.post == d.post  # a window that adopts a session computes big frames off its thread


def test_playback_computes_the_next_step_ahead_and_shows_it_without_waiting(big_session, monkeypatch) -> None:
    # While the window paints one step, the worker computes the next (playback at 10⁶
    # points went from 17 to 29 steps a second); a step there then needs no new computation.
    s, d = big_session
    computed: list[int] = []
    real = frames_mod.compute_frame
    monkeypatch.setattr(frames_mod, "compute_frame", lambda r, t: computed.append(t) or real(r, t))
    s.to_start()
    s.frame()
    s.frames.wait(30)
    d.drain()
    computed.clear()
    s.play_unit = "update"
    s.set_playing(True)
    assert s.tick()  # to update 1; update 2's frame is asked for ahead
    t1, t2 = s.run.step_of_update(1), s.run.step_of_update(2)
    assert s.playhead.t == t1
    s.frame()  # the views ask for update 1's
    s.frames.wait(30)
    d.drain()
    assert sorted(computed) == sorted([t1, t2])
    assert s.tick() and s.playhead.t == t2
    assert not s.frames.pending(s.result, t2)  # ready: computed ahead
    _same(s.frame(), compute_frame(s.result, t2))
    s.frames.wait(30)
    d.drain()
    assert computed.count(t2) == 1 and computed[-1] == s.run.step_of_update(3)  # and the next one ahead


def test_a_step_to_the_frame_being_computed_ahead_waits_for_it_instead_of_computing_it_again(
        big_session, monkeypatch) -> None:
    import threading

    s, d = big_session
    inside, go = threading.Event(), threading.Event()
    computed: list[int] = []
    real = frames_mod.compute_frame

    def held(r, t):
        computed.append(t)
        inside.set()
        assert go.wait(30)
        return real(r, t)

    s.to_start()
    s.frame()
    s.frames.wait(30)
    d.drain()
    monkeypatch.setattr(frames_mod, "compute_frame", held)
    s.frames.prefetch(s.result, 3)
    assert inside.wait(30)  # the worker is computing t = 3 ahead
    s.playhead.t = 3
    heard: list[int] = []
    s.frame_changed.connect(lambda: heard.append(s.playhead.t))
    assert s.frame().t != 3 and s.frames.pending(s.result, 3)  # the views wait for it
    go.set()
    s.frames.wait(30)
    d.drain()
    assert computed == [3] and heard == [3] and s.frame().t == 3


def test_one_worker_serves_frame_after_frame_and_ends_when_idle(big_session, monkeypatch) -> None:
    """Playback asks for a frame every 17 ms: one worker waits for the next request instead of a
    thread started per frame, and ends once nothing was asked for a while."""
    s, d = big_session
    monkeypatch.setattr(frames_mod, "_WORKER_IDLE_S", 60.0)
    s.to_start()
    s.frame()
    s.frames.wait(30)
    d.drain()
    first = s.frames._thread
    assert first is not None and first.is_alive()  # waiting for the next position
    for _ in range(3):
        s.step("update", 1)
        s.frame()
        s.frames.wait(30)
        d.drain()
        assert s.frames._thread is first
        assert s.result.last_frame.t == s.playhead.t
    monkeypatch.setattr(frames_mod, "_WORKER_IDLE_S", 0.0)
    with s.frames._lock:
        s.frames._work_ready.notify()  # wake it: with no idle time left it ends
    first.join(30)
    assert not first.is_alive() and s.frames._thread is None
    s.step("update", 1)  # a later request starts another
    s.frame()
    s.frames.wait(30)
    d.drain()
    assert s.result.last_frame.t == s.playhead.t and s.frames._thread is not first
