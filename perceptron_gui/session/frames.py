"""The playhead's frame for the views: computed at once when cheap, off the UI thread when not.

A frame costs O(n·D) (scores, errors, losses, margins of every point) plus the algorithm's own
answer (averaged: another pass; voted: a vote of K vectors over the points). At 10⁶ points that
is 20–60 ms, more for voted: too long for the UI thread at 60 frames a second. Above
``SYNC_FRAME_COST`` the frame is computed on a worker thread, newest position wins, and the
views keep showing the last frame until the new one is posted back (``Session.frame_changed``);
playback waits for each frame instead of skipping ahead of the picture.

Without a dispatcher (headless scripts and tests) every frame is computed at once.
"""
from __future__ import annotations

import functools
import threading
from collections.abc import Callable

from ..core.algorithms import REGISTRY
from ..core.workers import background_thread
from .frame import Frame, clamp_t, compute_frame, frame_at, memo_of
from .run_result import RunResult

__all__ = ["FrameService", "frame_cost", "SYNC_FRAME_COST"]

# Work (numbers touched) up to which a frame is computed on the UI thread. Set when a frame
# cost ~7.5 ns a number (about 4 ms at this bound); since the one-pass point_stats it costs
# 1.2–1.5 ns (0.59 ms at 160,000 2-D points with the offset, 3.5 ms at 10⁶). Kept: a raise
# would move mid-sized data's frames onto the UI thread, unmeasured in the window.
SYNC_FRAME_COST = 500_000
# Frames computed ahead and kept for the playhead (a few: each holds its misclassified rows).
_AHEAD_KEPT = 4
# How long the frame worker waits for the next position before it ends (playback asks every
# 17 ms; a worker of a closed window does not linger).
_WORKER_IDLE_S = 2.0


def frame_cost(result: RunResult) -> float:
    """The numbers a frame of ``result`` reads: every point's D weights, once per pass."""
    rec = result.record
    n = result.train.n + (result.test.n if result.test is not None else 0)
    D = max(1, int(rec.weights.shape[1]))
    passes = 1.0
    learner = REGISTRY[rec.algorithm]
    if learner.output_differs and not learner.votes:
        passes = 2.0  # the output predictor's error is a second pass
    cost = passes * n * D
    if learner.votes:
        cost += float(result.train.n) * (rec.num_updates + 1)  # the vote of every vector
    return cost


class FrameService:
    """The newest frame of the current run for the views (one per session).

    ``post`` queues a call onto the UI thread; ``on_ready`` is called there when a frame
    computed in the background is ready (the session announces ``frame_changed``).
    """

    def __init__(self, post: Callable[[Callable[[], None]], None] | None,
                 on_ready: Callable[[], None]) -> None:
        self.post = post
        self.on_ready = on_ready
        self._lock = threading.Lock()
        self._work_ready = threading.Condition(self._lock)  # a position wanted: the idle worker wakes
        self._idle = threading.Event()  # the worker has nothing to do (set also when none exists)
        self._idle.set()
        self._wanted: tuple[RunResult, int] | None = None  # the position the worker computes next
        self._thread: threading.Thread | None = None
        # Look-ahead while playing: the next step's frame is computed while the window paints
        # this one (2 cores: the frame's numpy passes run beside the paint). ``_ahead_wanted``
        # is taken only when nothing is wanted now; its frame waits in ``_ahead`` (the newest
        # few, of one run) until the playhead gets there.
        self._ahead_wanted: tuple[RunResult, int] | None = None
        self._ahead: dict[int, Frame] = {}
        self._ahead_of: RunResult | None = None
        self._shown: tuple[RunResult, int] | None = None  # the position the views wait for
        self._computing: tuple[RunResult, int] | None = None  # what the worker computes now

    def background(self, result: RunResult) -> bool:
        """Whether frames of ``result`` are computed off the UI thread."""
        return self.post is not None and frame_cost(result) > SYNC_FRAME_COST

    def frame(self, result: RunResult | None, t: int) -> Frame | None:
        """The frame of ``result`` at visit ``t`` when it is ready; otherwise start computing
        it and return the newest ready frame of the same run (its memo, an earlier position),
        or None when that run has none yet."""
        if result is None:
            return None
        if not self.background(result):
            return frame_at(result, t)
        t = clamp_t(result, t)
        self._take_ahead(result, t)
        if self.pending(result, t):
            self._shown = (result, t)
            self._request(result, t)
        return memo_of(result)

    def prefetch(self, result: RunResult | None, t: int) -> None:
        """Compute the frame at ``t`` in the background once the worker has nothing newer to
        do, so that a step there (playback's next) finds it ready."""
        if result is None or not self.background(result):
            return
        t = clamp_t(result, t)
        last = memo_of(result)
        if (last is not None and last.t == t) or (self._ahead_of is result and t in self._ahead):
            return
        with self._lock:
            self._ahead_wanted = (result, t)
            self._wake()

    def _take_ahead(self, result: RunResult, t: int) -> None:
        """Make a frame computed ahead for ``t`` the run's memo (on the UI thread)."""
        if self._ahead_of is not result:
            self._ahead, self._ahead_of = {}, result
            return
        frame = self._ahead.get(t)
        if frame is not None:
            result.last_frame = frame

    def pending(self, result: RunResult | None, t: int) -> bool:
        """True while the frame of ``result`` at ``t`` is being computed (playback waits); a
        frame computed ahead for ``t`` becomes the run's memo here, so it is not pending."""
        if result is None or not self.background(result):
            return False
        t = clamp_t(result, t)
        self._take_ahead(result, t)
        last = memo_of(result)
        return last is None or last.t != t

    def wait(self, timeout: float | None = None) -> None:
        """Block until the worker is idle (for scripts and tests)."""
        self._idle.wait(timeout)

    def _request(self, result: RunResult, t: int) -> None:
        with self._lock:
            if _same(self._computing, result, t) or _same(self._ahead_wanted, result, t):
                # Being computed (ahead) already: its delivery shows it (``_shown`` is this).
                if _same(self._ahead_wanted, result, t):
                    self._wanted, self._ahead_wanted = (result, t), None
                return
            self._wanted = (result, t)
            self._wake()  # a busy worker takes the newest position when it is done

    def _wake(self) -> None:
        """(Under the lock.) Have the worker look for work: wake it, or start it if there is none.
        It waits for the next position up to ``_WORKER_IDLE_S`` before it ends: starting a
        thread at every frame of playback cost the window's thread up to tens of milliseconds
        while the new thread waited for the GIL."""
        self._idle.clear()
        if self._thread is None or not self._thread.is_alive():
            self._thread = background_thread(self._work, "perceptron-frame", housekeeping=False)
            self._thread.start()
        else:
            self._work_ready.notify()

    def _work(self) -> None:
        while True:
            with self._lock:
                while True:
                    wanted, self._wanted = self._wanted, None
                    ahead = wanted is None
                    if ahead:
                        wanted, self._ahead_wanted = self._ahead_wanted, None
                    if wanted is not None:
                        break
                    self._idle.set()
                    if not self._work_ready.wait(_WORKER_IDLE_S) and self._wanted is None \
                            and self._ahead_wanted is None:
                        self._thread = None  # idle for long: end (a later request starts another)
                        return
                self._computing = wanted
            result, t = wanted
            try:
                frame = compute_frame(result, t)
            except Exception as exc:  # noqa: BLE001 - a worker must report, never die silently
                self._post(functools.partial(self._failed, exc))
                continue
            finally:
                with self._lock:
                    self._computing = None
            self._post(functools.partial(self._keep_ahead if ahead else self._deliver, result, frame))

    def _post(self, fn: Callable[[], None]) -> None:
        assert self.post is not None  # only background frames reach the worker
        self.post(fn)

    def _deliver(self, result: RunResult, frame: Frame) -> None:
        """On the UI thread: keep the frame as the run's memo and tell the views."""
        result.last_frame = frame
        self.on_ready()

    def _keep_ahead(self, result: RunResult, frame: Frame) -> None:
        """On the UI thread: keep a frame computed ahead; shown at once if the views wait for it."""
        if self._ahead_of is not result:
            self._ahead, self._ahead_of = {}, result
        self._ahead[frame.t] = frame
        while len(self._ahead) > _AHEAD_KEPT:
            del self._ahead[next(iter(self._ahead))]  # the oldest
        if _same(self._shown, result, frame.t):
            self._deliver(result, frame)

    def _failed(self, exc: Exception) -> None:
        raise exc  # on the UI thread, where the event loop's excepthook reports it


def _same(pair: tuple[RunResult, int] | None, result: RunResult, t: int) -> bool:
    """Whether ``pair`` is (this very run, t): runs compare by identity (their arrays would not)."""
    return pair is not None and pair[0] is result and pair[1] == t
