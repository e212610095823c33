"""Training a run for the session: at once when it is small, on a worker thread when not.

The numba kernels release the GIL, so a worker thread keeps the window responsive. Results
are handed back through ``post`` (the GUI passes a function that queues the call onto its
own thread; headless code runs it directly). Every request carries a generation number, and
results of superseded requests are dropped.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..core import point_stats
from ..core import theory as th
from ..core.algorithms import REGISTRY, augment, make_algorithm
from ..core.algorithms.chunks import CountingStop, TrainingStopped
from ..core.dataset import Dataset
from ..core.errors import UserError
from ..core.run_memory import require_memory, run_bytes
from ..core.separability import run_separator
from ..core.workers import background_thread
from ..i18n import N_, _
from .estimate import CostEstimate, RateProbe, may_stop_early, vote_tail_seconds
from .points import PointSet
from .run_result import LIFTED_THEORY_MAX_N, THEORY_TIME_BUDGET_S, RunResult

# Work (example visits, pocket counts weighted) above which training leaves the UI thread.
PROGRESS_INTERVAL_S = 0.1  # at most ten progress reports a second reach the window
MID_EPOCH_REPORT_S = 1.0  # inside a long epoch, the estimate is reported this often
_now = time.monotonic  # the rate limit's and the estimate's clock (tests replace it)
BACKGROUND_WORK = 3_000_000
THEORY_EXACT_MAX_CELLS = 200_000  # n·(d + 1) up to which θ* is solved without a time budget
OUT_OF_MEMORY = N_("The computer ran out of memory for this run (its budget assumed more was free); "
                   "lower Max epochs or use fewer points.")  # said translated: _(OUT_OF_MEMORY)


@dataclass
class RunRequest:
    generation: int
    algorithm: str
    params: dict[str, Any]
    points: PointSet
    memory_budget_bytes: int | None = None  # None: core.run_memory.memory_budget()
    prepare: bool = False  # its kernels are not loaded yet: train on the worker (a first start compiles them)

    def estimated_work(self) -> float:
        n = self.points.n_train()
        epochs = int(self.params.get("max_epochs", 100))
        cells = n * (self.points.d + 1)
        # Each visit costs a dot product of d + 1 numbers (the 2-D case is the unit), and wide
        # data's θ* takes its whole time budget: MNIST's 784 pixels must not run on the UI thread.
        work = float(n) * epochs * max(1.0, (self.points.d + 1) / 3.0)
        if cells > THEORY_EXACT_MAX_CELLS:
            work += 20.0 * cells
        return work * REGISTRY[self.algorithm].work_scale(n)

    def probe(self) -> RateProbe:
        """A :class:`RateProbe` for this run: max_epochs·n visits, on the runner's clock."""
        n = self.points.n_train()
        epochs = int(self.params.get("max_epochs", 100))
        cls = REGISTRY[self.algorithm]
        D = self.points.d + int(bool(self.params.get("offset", cls.default_offset)))
        return RateProbe(n * epochs, lambda: _now(), upper_bound=may_stop_early(self.algorithm),
                         tail_seconds=vote_tail_seconds(self.algorithm, n, D))


def compute(request: RunRequest, progress: Callable[[int, int], bool] | None = None,
            stop: Callable[[], bool] | None = None, background: bool = False) -> RunResult:
    """Train and analyse; raises a UserError (a sentence, DatasetError for bad parameters),
    or :class:`~perceptron_gui.core.algorithms.base.TrainingStopped` once ``stop()`` says so
    (asked every ~20 ms of training).

    The run record and the proof's curves the window draws from it (one row per update) share
    one memory budget (``request.memory_budget_bytes``, default
    :func:`~perceptron_gui.core.run_memory.memory_budget`): training stops with stop_reason
    "memory_cap" before they could pass it.
    """
    t0 = time.perf_counter()
    pts = request.points
    n_test = pts.n - pts.n_train()
    offset = bool(request.params.get("offset", REGISTRY[request.algorithm].default_offset))
    require_memory(run_bytes(pts.n_train(), pts.d, offset, n_test),
                   _("Training on {n:,} points of {d:,} features").format(n=pts.n_train(), d=pts.d),
                   _("use fewer points or features, or close other programs"))
    if background:
        # Own copies first (three memcpys) and the snapshot let go at once: building and
        # checking the datasets below took 50-150 ms under load, and a drag's move meanwhile
        # copied X on the window's thread (PointSet.writable).
        pts = PointSet(pts.X.copy(), pts.y.copy(), pts.test.copy(), pts.feature_names, pts.title)
        request = replace(request, points=PointSet.empty(pts.d))
    train = pts.train_dataset()
    train_idx, test_idx = pts.train_index(), pts.test_index()
    test = pts.test_dataset() if test_idx.size else None
    # Let go of the snapshot now (train and test are copies; a background run did above): the
    # window may then move a point in place, without copying 10⁶ rows, while this run trains.
    request = replace(request, points=PointSet.empty(pts.d))
    del pts
    algo = make_algorithm(request.algorithm, **request.params)
    record = algo.fit(train, test, progress=progress, memory_budget_bytes=request.memory_budget_bytes,
                      view_bytes_per_update=_proof_bytes(request.algorithm, algo, train), stop=stop)
    # Exact θ* for teaching-sized data; a budget for big or wide data (MNIST's 1,000 × 784 took
    # 40 s to solve exactly), where a converged run's own weights still vouch for separability.
    big = train.n > 10_000 or train.n * (train.d + 1) > THEORY_EXACT_MAX_CELLS
    budget = THEORY_TIME_BUDGET_S if big else None
    theory = th.dataset_theory(train.X, train.y, offset=record.offset, time_budget_s=budget,
                               separator=run_separator(record))
    lifted_theory = None
    if algo.lifts and 0 < train.n <= LIFTED_THEORY_MAX_N:
        Xl = th.lift(augment(train.X, record.offset), float(algo.lift_a))  # type: ignore[attr-defined]
        lifted_theory = th.dataset_theory(Xl, train.y, offset=False, time_budget_s=THEORY_TIME_BUDGET_S)
    result = RunResult(
        generation=request.generation, algorithm=request.algorithm, params=dict(request.params),
        train=train, test=test, train_index=train_idx, test_index=test_idx,
        record=record, theory=theory, lifted_theory=lifted_theory,
    )
    if background:  # big runs: here, on the worker (cached on the result); small ones when a view asks
        result.losses  # noqa: B018
        result.mistake_bound_curve  # noqa: B018  (an O(n·d) pass the live panel reads at every step)
        point_stats.load()  # the frames' kernel too (a first start compiles it), not on the UI thread
    result.seconds = time.perf_counter() - t0
    return result


def _proof_bytes(algorithm: str, algo: Any, train: Dataset) -> int:
    """What :attr:`RunResult.proof` keeps per update: curves over weights of the run's
    dimension, or of the lifted dimension n + D when the lifted proof is drawn."""
    D = train.d + (1 if getattr(algo, "offset", False) else 0)
    if REGISTRY[algorithm].lifts and 0 < train.n <= LIFTED_THEORY_MAX_N:
        D += train.n
    return th.proof_bytes_per_update(D)


class Runner:
    """Runs requests, synchronously or on one worker thread, newest request wins.

    ``memory_budget_bytes`` (None: the default budget) bounds every run it trains."""

    def __init__(self, post: Callable[[Callable[[], None]], None] | None = None,
                 background_work: float = BACKGROUND_WORK, memory_budget_bytes: int | None = None) -> None:
        self.post = post or (lambda fn: fn())
        self.has_dispatcher = post is not None  # False: results are delivered on the worker thread
        self.background_work = background_work
        self.memory_budget_bytes = memory_budget_bytes
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self.progress: tuple[int, int] | None = None
        self._probe: RateProbe | None = None
        # A run on the caller's thread reports its progress too (the command line: nothing else
        # runs there meanwhile); off for the window, whose quick runs need no progress bar.
        self.report_sync_progress = False

    def report_progress_in_caller(self) -> None:
        """Report a run trained on the caller's thread too (the command line, where nothing
        else runs meanwhile and a long run would otherwise print nothing)."""
        self.report_sync_progress = True

    @property
    def estimate(self) -> CostEstimate | None:
        """The running run's time left (None before its probe is done, or when none runs)."""
        probe = self._probe
        return None if probe is None else probe.estimate()

    @property
    def busy(self) -> bool:
        t = self._thread
        return t is not None and t.is_alive()

    def runs_in_background(self, request: RunRequest, force_sync: bool = False) -> bool:
        """Whether :meth:`submit` would hand ``request`` to the worker thread."""
        return not force_sync and (request.prepare or request.estimated_work() > self.background_work)

    def submit(self, request: RunRequest, done: Callable[[RunResult | None, str | None], None],
               on_progress: Callable[[int, int], None] | None = None, force_sync: bool = False) -> bool:
        """Start ``request``; ``done(result, error)`` is called (via ``post``) when it ends.

        Returns True when it ran synchronously (``done`` was already called).
        """
        self.cancel()
        if self.memory_budget_bytes is not None and request.memory_budget_bytes is None:
            request = replace(request, memory_budget_bytes=self.memory_budget_bytes)
        cancel = threading.Event()
        self._cancel = cancel
        if not self.runs_in_background(request, force_sync):
            progress: Callable[[int, int], bool] | None = None
            stop: CountingStop | None = None
            if self.report_sync_progress and on_progress is not None:
                progress, stop = self._reporting(request, on_progress, cancel)
            try:
                result, err = compute(request, progress, stop=stop), None
            except UserError as exc:
                result, err = None, str(exc)
            except MemoryError:
                result, err = None, OUT_OF_MEMORY
            finally:
                self.progress, self._probe = None, None
            done(result, err)
            return True
        progress, stop = self._reporting(request, on_progress, cancel)
        handed = [request]  # popped by the worker, so compute alone holds the snapshot (and drops it)

        def work() -> None:
            try:
                res, err = compute(handed.pop(), progress, stop=stop, background=True), None
            except TrainingStopped:  # Cancel, or a newer request: the thread ends within ~20 ms
                return
            except UserError as exc:
                res, err = None, str(exc)
            except MemoryError:
                res, err = None, _(OUT_OF_MEMORY)
            except Exception as exc:  # noqa: BLE001 - a worker must report, never die silently
                res, err = None, _("Training failed unexpectedly ({error}).").format(error=f"{type(exc).__name__}: {exc}")
            if cancel.is_set():
                return
            self.post(lambda: done(res, err))

        self._thread = background_thread(work, "perceptron-train", housekeeping=False)
        self._thread.start()
        return False

    def _reporting(self, request: RunRequest, on_progress: Callable[[int, int], None] | None,
                   cancel: threading.Event) -> tuple[Callable[[int, int], bool], CountingStop]:
        """The ``progress`` and ``stop`` a run of ``request`` trains with: they report the
        epoch reached and the estimate to ``on_progress`` (through ``post``), and stop the run
        once ``cancel`` is set."""
        pending = threading.Event()  # a progress report is queued and not yet shown

        def show_progress() -> None:
            pending.clear()
            latest = self.progress
            if latest is not None and on_progress is not None and not cancel.is_set():
                on_progress(*latest)

        last_post = 0.0
        probe = request.probe()
        self._probe = probe
        total_epochs = int(request.params.get("max_epochs", 100))

        def report(last: bool, interval: float = PROGRESS_INTERVAL_S) -> None:
            nonlocal last_post
            # Coalesce and rate-limit: a million short epochs must not queue a million events
            # behind the user; one queued report, at most every PROGRESS_INTERVAL_S, shows the
            # latest epoch (and estimate) when the UI gets to it.
            now = _now()
            if (on_progress is not None and not pending.is_set()
                    and (now - last_post >= interval or last)):
                pending.set()
                last_post = now
                self.post(show_progress)

        def progress(epoch: int, total: int) -> bool:
            self.progress = (epoch, total)
            report(epoch >= total)
            return not cancel.is_set()

        def visited(m: int) -> None:
            # A long epoch (a pocket's on 10⁶ points takes minutes) reports its estimate once
            # the probe has one, at most every MID_EPOCH_REPORT_S; short epochs report
            # themselves as they finish.
            probe.visited(m)
            if probe.estimate() is not None:
                if self.progress is None:
                    self.progress = (0, total_epochs)
                report(False, MID_EPOCH_REPORT_S)

        return progress, CountingStop(cancel.is_set, visited)

    def cancel(self) -> None:
        self._cancel.set()
        self.progress = None
        self._probe = None

    def wait(self, timeout: float | None = None) -> None:
        t = self._thread
        if t is not None:
            t.join(timeout)
