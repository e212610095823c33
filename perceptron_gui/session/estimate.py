"""How long a run still has to go, from the rate its first moments showed.

A background run counts its example visits as its chunks finish (about every 20 ms, see
``core.algorithms.chunks``); after a short probe (:data:`PROBE_SECONDS`) the rate so far, visits
per second, turns the visits still to make (max_epochs·n − done) into seconds. A run that can
stop early (it converges, or the vote fills up) makes it an upper bound. Qt-free: the clock is a
function the caller passes (the runner passes ``runner._now``, which tests replace).
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from ..core.algorithms import REGISTRY
from ..core.algorithms.voted import VOTE_MAX_VECTORS, VOTE_WORK_LIMIT
from ..i18n import _

__all__ = ["PROBE_SECONDS", "CostEstimate", "RateProbe", "vote_tail_seconds", "format_duration",
           "may_stop_early", "progress_sentence", "offers_ratchet", "RATCHET_OFFER_SECONDS"]

PROBE_SECONDS = 0.3  # how long the rate is measured before it is said
# Voted's per-epoch errors after training: one (point, vector, feature) term of the vote took
# 0.11 ns here (vote_errors_by_epoch, 10⁵ points × 20,000 vectors × 3 weights: 0.65 s; 2.4 ns
# before its points went in vectorised blocks).
VOTE_SECONDS_PER_TERM = 1.5e-10


@dataclass(frozen=True)
class CostEstimate:
    """The time a run still needs; ``upper_bound`` when it may well end sooner."""

    seconds_left: float
    upper_bound: bool

    def sentence(self) -> str:
        """"about 40 min left", or "at most about 40 min left" for an upper bound."""
        if self.seconds_left < 60:
            return _("less than a minute left")
        duration = format_duration(self.seconds_left)
        # TRANSLATORS: {duration} is "about 40 min", "about 2 h 10 min".
        return (_("at most {duration} left") if self.upper_bound else _("{duration} left")).format(duration=duration)


def format_duration(seconds: float) -> str:
    """A rough, readable duration: "about 40 min", "about 2 h 10 min", "under a minute"."""
    if seconds < 60:
        return _("under a minute")
    minutes = round(seconds / 60)
    if minutes < 60:
        return _("about {minutes} min").format(minutes=minutes)
    h, m = divmod(minutes, 60)
    if h >= 10 or m == 0:  # past ten hours the minutes are noise
        return _("about {hours} h").format(hours=round(minutes / 60))
    return _("about {hours} h {minutes} min").format(hours=h, minutes=m)


def may_stop_early(algorithm: str) -> bool:
    """Whether a run can end before max_epochs·n visits (so an estimate is an upper bound):
    the perceptron stops after an epoch without updates; voted, which runs its epochs, stops
    when its vote is full (``VOTE_MAX_VECTORS``); averaged always runs them all."""
    cls = REGISTRY[algorithm]
    return not cls.fixed_epochs or cls.votes


def vote_tail_seconds(algorithm: str, n: int, D: int) -> float:
    """At most how long training's end takes beyond the visits: voted's per-epoch errors cost
    one term per (point, vector, weight), at most ``VOTE_WORK_LIMIT`` pairs (a sample of points
    beyond that); nothing for the others."""
    if not REGISTRY[algorithm].votes:
        return 0.0
    return min(n * VOTE_MAX_VECTORS, VOTE_WORK_LIMIT) * D * VOTE_SECONDS_PER_TERM


class RateProbe:
    """Counts a run's visits and estimates the time left from the rate so far.

    Parameters
    ----------
    total_visits : int
        max_epochs · n, the visits the run makes if it does not stop early.
    clock : callable
        Seconds, monotonic; read at :meth:`start` and at every :meth:`estimate`.
    upper_bound : bool
        The run may stop earlier (see :func:`may_stop_early`).
    tail_seconds : float
        Work after the last visit (see :func:`vote_tail_seconds`).
    """

    def __init__(self, total_visits: int, clock: Callable[[], float], upper_bound: bool = True,
                 tail_seconds: float = 0.0, probe_seconds: float = PROBE_SECONDS) -> None:
        self.total_visits = int(total_visits)
        self.clock = clock
        self.upper_bound = upper_bound
        self.tail_seconds = tail_seconds
        self.probe_seconds = probe_seconds
        self.visits = 0
        self._t0: float | None = None
        self._lock = threading.Lock()  # the worker adds, the UI thread reads

    def start(self) -> None:
        self._t0 = self.clock()

    def visited(self, m: int) -> None:
        """``m`` more visits are done (called by the training thread). Without :meth:`start`,
        the first call starts the clock and its visits are not counted (they were made before
        it): the probe then measures training alone, not the set-up before it."""
        if self._t0 is None:
            self.start()
            return
        with self._lock:
            self.visits += int(m)

    def estimate(self) -> CostEstimate | None:
        """The time left, or None during the probe (or before any visit is done)."""
        if self._t0 is None:
            return None
        elapsed = self.clock() - self._t0
        with self._lock:
            done = self.visits
        if elapsed < self.probe_seconds or done <= 0:
            return None
        left = max(self.total_visits - done, 0) / (done / elapsed) + self.tail_seconds
        return CostEstimate(seconds_left=left, upper_bound=self.upper_bound)


RATCHET_OFFER_SECONDS = 60.0  # from this estimate on, a pocket run offers the ratchet


def progress_sentence(epochs_done: int, total: int, estimate: CostEstimate | None) -> str:
    """What the status bar says while a run trains: "training… epoch 3 of 100 · about 40 min
    left · Cancel any time" (the epoch under way; "measuring its speed…" during the probe)."""
    current = min(epochs_done + 1, total)
    left = _("measuring its speed…") if estimate is None else estimate.sentence()
    return _("training… epoch {current:,} of {total:,} · {left} · Cancel any time").format(
        current=current, total=total, left=left)


def offers_ratchet(algorithm: str, params: dict[str, object], estimate: CostEstimate | None) -> bool:
    """Whether to offer Gallant's ratchet: a pocket run with the every-update count that looks
    like it takes more than :data:`RATCHET_OFFER_SECONDS`."""
    return (REGISTRY[algorithm].keeps_pocket and params.get("check", "every") == "every" and estimate is not None
            and estimate.seconds_left > RATCHET_OFFER_SECONDS)
