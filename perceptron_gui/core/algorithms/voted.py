"""Freund & Schapire's voted perceptron (notes 004)."""
from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import numpy as np

from ...i18n import N_, _
from ..run import EpochRow, RunRecord
from ._lazy import LazyModule
from .base import Perceptron
from .scores import augment
from .step import StepOutput

K = LazyModule("._kernels", __package__)  # numba loads at the first fit (see _lazy)

# Above this many (point, vector) pairs the per-epoch errors use a random sample of points.
VOTE_WORK_LIMIT = 200_000_000
# A vote over n points by K vectors costs n·K sign evaluations; a frame of the window may take
# this many (about 10 ms, at 0.25–0.35 ns each in vote_scores) before it votes over a sample of the points instead.
VOTE_FRAME_WORK = 30_000_000
# The most vectors a vote may have: the window evaluates the vote on a 120 × 120 grid and on
# every training point at every step, so each redraw costs (14,400 + n)·K sign evaluations.
# Training stops after the epoch that reaches it (stop_reason "vote_cap").
VOTE_MAX_VECTORS = 20_000


class VotedPerceptron(Perceptron):
    """Keeps every weight vector w_k with its survival count c_k (the number of example steps
    it stayed in force, starting at 1 on the step that created it) and predicts
    sign(Σ_k c_k · sign(w_k·x + b_k)). Runs exactly ``max_epochs`` epochs, unless the vote
    reaches ``VOTE_MAX_VECTORS`` vectors first.

    Extras: ``survival_counts`` (c_k for k = 0..K; c_0 counts the steps before the first update).
    """

    name = "voted"
    state_is_weights = False
    output_differs = True
    votes = True
    final_weights_name = N_("last vector")
    title = N_("Voted (Freund & Schapire)")
    heading_name = N_("Voted perceptron")
    description = N_("Every w_k votes with weight c_k (how long it survived): ŷ = sign(Σ c_k·sign(w_k·x + b_k)).")
    fixed_epochs = True
    extra_bytes_per_update = 8  # survival_counts
    kernels = ('perceptron_epoch', 'replay_rows', 'count_errors_rows', 'count_errors', 'vote_errors_by_epoch', 'vote_scores')

    @classmethod
    def work_scale(cls, n: int) -> float:
        return 4.0  # the per-epoch vote errors

    def _vectors_capped(self, updates: int) -> bool:
        return updates + 1 >= VOTE_MAX_VECTORS

    def _finish(self, rec: RunRecord, state: dict[str, Any], Xa: np.ndarray, y: np.ndarray) -> None:
        rec.extras["survival_counts"] = rec.survival_counts()
        self._set_final(rec, rec.weights[-1])

    def _epoch_rows(self, rec: RunRecord, epoch_updates: list[int], end_weights: list[np.ndarray],
                    state: dict[str, Any], Xa: np.ndarray, y: np.ndarray,
                    Xt: np.ndarray | None, yt: np.ndarray | None) -> list[EpochRow]:
        # The vote costs n·K; past VOTE_WORK_LIMIT the per-epoch errors are measured on a
        # fixed random sample of points (recorded in the extras), not all.
        K_total = rec.num_updates + 1
        pick = vote_sample(Xa.shape[0], K_total)
        if pick is not None:
            Xa, y = Xa[pick], y[pick]
            rec.extras["epoch_error_sample"] = int(pick.shape[0])
        pick_t = None if Xt is None else vote_sample(Xt.shape[0], K_total, seed=1)
        if pick_t is not None and Xt is not None and yt is not None:
            Xt, yt = Xt[pick_t], yt[pick_t]
        E = len(epoch_updates)
        t_ends = (np.arange(E, dtype=np.int64) + 1) * rec.n
        k_ends = np.searchsorted(rec.update_step, t_ends - 1, side="right").astype(np.int64)
        starts = rec.start_steps().astype(np.float64)
        W = np.ascontiguousarray(rec.weights)

        def errors(X: np.ndarray, labels: np.ndarray) -> np.ndarray:
            bad = K.vote_errors_by_epoch(np.ascontiguousarray(X), labels, W, starts, k_ends,
                                         t_ends.astype(np.float64))
            return np.asarray(bad / X.shape[0])

        tr = errors(Xa, y) if Xa.shape[0] else np.zeros(E)
        te = errors(Xt, yt) if Xt is not None and yt is not None and Xt.shape[0] else None
        return [EpochRow(epoch=e, updates=int(cnt), train_error=float(tr[e]),
                         test_error=None if te is None else float(te[e]))
                for e, cnt in enumerate(epoch_updates)]

    def _predictor_after_epoch(self, rec: RunRecord, epoch: int, end_w: np.ndarray,
                               state: dict[str, Any]) -> np.ndarray | Callable[[np.ndarray], np.ndarray]:
        c = rec.survival_counts((epoch + 1) * rec.n)
        W = np.ascontiguousarray(rec.weights[: c.shape[0]])
        return lambda Xa: K.vote_scores(np.ascontiguousarray(Xa), W, c)

    @classmethod
    def output_at(cls, rec: RunRecord, t: int) -> StepOutput:
        return StepOutput(label=_("voted"), survival_counts=rec.survival_counts(t + 1),
                          vote=functools.partial(vote_at, rec, t))


def vote_at(rec: RunRecord, t: int, X: np.ndarray) -> np.ndarray:
    """The vote once step t is done, Σ_k c_k(t)·sign(w_k·x + b_k) with c(t) =
    ``rec.survival_counts(t + 1)``, for the rows of X (original features).

    Every term is an integer, so the sum is exact in any order: the vote of a point set the
    record has voted on before (the frame's sample, the canvas's grid) starts from the complete
    vectors' sum it had then and adds or removes only the vectors between, |Δk| of them, not
    all K (at 10⁶ points and 120,000 vectors a frame of playback took 110 ms). The
    vector in force at t adds its partial count last."""
    Xa = augment(X, rec.offset)
    k_end = rec.k_after_step(t)  # w_0 … w_{k_end − 1} are complete, w_{k_end} is in force
    votes = _votes_of(rec)
    key = (Xa.shape, hash(Xa.tobytes()))
    k_had, acc = votes.take(key, Xa)
    if abs(k_end - k_had) > k_end:  # from nothing is nearer
        k_had, acc = 0, np.zeros(Xa.shape[0])
    lo, hi = min(k_had, k_end), max(k_had, k_end)
    if hi > lo:
        delta = K.vote_scores(Xa, np.ascontiguousarray(rec.weights[lo:hi]), rec.complete_counts(lo, hi))
        acc = acc + delta if k_end > k_had else acc - delta
    votes.put(key, Xa, k_end, acc)
    now = np.array([float(t + 1 - rec.start_step(k_end))])
    return np.asarray(acc + K.vote_scores(Xa, np.ascontiguousarray(rec.weights[k_end:k_end + 1]), now))


class _Votes:
    """A record's complete-vector vote sums of its last few point sets: (the points, k, sum)."""

    KEPT = 4

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sets: OrderedDict[Any, tuple[np.ndarray, int, np.ndarray]] = OrderedDict()

    def take(self, key: Any, Xa: np.ndarray) -> tuple[int, np.ndarray]:
        """(k, sum) kept for these points, removed while the caller moves it (two threads never
        share one sum); (0, zeros) when none is kept."""
        with self._lock:
            kept = self._sets.pop(key, None)
        if kept is None or not np.array_equal(kept[0], Xa):
            return 0, np.zeros(Xa.shape[0])
        return kept[1], kept[2]

    def put(self, key: Any, Xa: np.ndarray, k: int, acc: np.ndarray) -> None:
        with self._lock:
            self._sets[key] = (Xa, k, acc)
            while len(self._sets) > self.KEPT:
                self._sets.popitem(last=False)


_votes_lock = threading.Lock()


def _votes_of(rec: RunRecord) -> _Votes:
    """The record's :class:`_Votes`: derived from it, kept beside its fields (never saved)."""
    votes: _Votes | None = rec.__dict__.get("_votes")
    if votes is None:
        with _votes_lock:
            votes = rec.__dict__.setdefault("_votes", _Votes())
    return votes


def voted_scores(rec: RunRecord, X: np.ndarray) -> np.ndarray:
    """Σ_k c_k · sign(w_k·x + b_k) for the rows of X (original features)."""
    c = rec.survival_counts()
    return np.asarray(K.vote_scores(augment(X, rec.offset), np.ascontiguousarray(rec.weights), c))


def vote_sample(n: int, K: int, limit: int = VOTE_WORK_LIMIT, seed: int = 0) -> np.ndarray | None:
    """The rows a vote of K vectors over n points is measured on when n·K passes ``limit``:
    a fixed random sample of max(1000, limit // K) rows (sorted), else None (all rows)."""
    if n * K <= limit:
        return None
    m = max(1000, limit // max(K, 1))
    if n <= m:
        return None
    return np.sort(np.random.default_rng(seed).choice(n, m, replace=False))
