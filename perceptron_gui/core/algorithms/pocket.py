"""Gallant's pocket perceptron (notes 000), with the every-update check or the ratchet."""
from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from typing import Any

import numpy as np

from ...i18n import N_, _
from ..run import RunRecord
from ._codes import COUNT_POCKET, IN_POCKET, N_CHECKS, RATCHET_SLOTS
from ._lazy import LazyModule
from .base import ParamSpec, Perceptron
from .scores import row_dots
from .step import StepOutput

K = LazyModule("._kernels", __package__)  # numba loads at the first fit (see _lazy)

_PARALLEL_LOCK = threading.Lock()
PARALLEL_COUNT_N = 5_000  # points from which the pocket's count after each update uses every core (measured crossover)
CHECKS = ("every", "ratchet")
_NO_COUNTS = np.empty(0, dtype=np.int64)  # the output the other rule does not write
_NO_CHECKS = np.empty((4, 0), dtype=np.int64)


class PocketPerceptron(Perceptron):
    """Runs the perceptron and keeps "in the pocket" the weights that made the most points
    right with margin γ: I = #{i : y_i(w·x_i + b) ≥ γ} (for γ = 0, ``> 0``, i.e. correctly
    classified); a strictly larger I replaces the pocket.

    Parameters
    ----------
    gamma : float, default 0.0
        The margin a point must reach to count.
    check : {"every", "ratchet"}, default "every"
        When the O(n·D) count is made. "every": after each update (notes 000). "ratchet":
        Gallant's (1990) pocket with ratchet. A visit *passes* when the current weights pass the
        count's test on it; the current weights' *run* is their passes in a row since they were
        made (the start weights' too; an update, or a visit that is no mistake but falls short
        of γ, ends it). The pocket's run is the longest run its weights have had (it grows
        while they are still the current weights). When a pass makes the current run longer
        than the pocket's, the current weights are counted (once per weights) and replace the
        pocket, with their run, only if their count is strictly larger. Far fewer counts; the
        pocket may keep weights that a count after every update would have beaten.
    (others as :class:`Perceptron`; offset on by default)

    Extras in the run record: ``pocket_counts`` (I of the weights after every update, K,; -1
    where the ratchet made no count), ``pocket_best_counts`` (the pocket's I once each update
    is made, K,; always a real count), ``pocket_changes`` (the update numbers k whose weights
    went into the pocket, 0 = the start) with ``pocket_change_steps`` (the visit at which each
    did, -1 for the start), ``pocket_k`` and ``pocket_count`` (the final pocket and its I),
    ``pocket_start_count`` (I of the start weights) and ``pocket_checks`` (counts made after
    the start's: K for "every").
    """

    name = "pocket"
    state_is_weights = False
    output_differs = True
    keeps_pocket = True
    final_weights_name = N_("pocket weights")
    title = N_("Pocket (Gallant)")
    heading_name = N_("Pocket perceptron")
    description = N_("Perceptron updates, but outputs the weights that got the most points right (margin ≥ γ) so far.")
    extra_bytes_per_update = 16  # pocket_counts and pocket_best_counts
    kernels = ('pocket_epoch', 'replay_rows', 'count_errors_rows', 'count_errors', 'pocket_epoch_x', 'count_good_x',
               'row_norms_x', 'count_errors_rows_x')
    reads_x = True  # wide data: ``_epoch_on_x``; its other hooks take X or the augmented points

    @classmethod
    def work_scale(cls, n: int) -> float:
        return max(1.0, n / 20.0)  # every update counts the points right: a pass over them

    def __init__(self, *, gamma: float = 0.0, check: str = "every", **base: Any) -> None:
        super().__init__(**base)
        self.gamma = gamma
        self.check = check

    @classmethod
    def param_specs(cls) -> list[ParamSpec]:
        return super().param_specs() + [
            ParamSpec("gamma", float, 0.0, N_("γ (pocket margin)"),
                      N_("A point counts for the pocket when y·(w·x + b) ≥ γ (γ = 0: when it is classified right)."),
                      0.0, 1e12),
            ParamSpec("check", str, "every", N_("Pocket check"),
                      N_("every: count all n points after each update (notes 000; O(n) per update). "
                         "ratchet: Gallant's pocket with ratchet, which counts only when the current weights "
                         "get more points right in a row than the pocket's did, and keeps them only if their "
                         "count is larger (far fewer counts on big data)."), choices=CHECKS),
        ]

    def _start(self, Xa: np.ndarray, y: np.ndarray, w: np.ndarray) -> dict[str, Any]:
        rs = np.zeros(RATCHET_SLOTS, dtype=np.int64)
        rs[IN_POCKET] = 1  # the start weights are in the pocket; the first epoch counts them
        # (``_counted_start``: by the loop that trains, on the augmented points or on X itself)
        return {"w": w, "counts": [], "checks": [], "visits": 0, "start_count": None if Xa.shape[0] else 0, "rs": rs}

    def _counted_start(self, state: dict[str, Any], count: Callable[[np.ndarray], int]) -> None:
        """I of the start weights, before the first visit changes them; the pocket's count."""
        if state["start_count"] is None:
            state["start_count"] = state["rs"][COUNT_POCKET] = int(count(state["w"]))

    def _epoch(self, state: dict[str, Any], Xa: np.ndarray, y: np.ndarray, order: np.ndarray,
               pos_buf: np.ndarray, idx_buf: np.ndarray, ck: np.ndarray, k0: int, C: int) -> int:
        self._counted_start(state, lambda w: self._count(Xa, y, w))
        # Every core counts on big data; on small data starting the threads costs more than
        # counting. One parallel region at a time: numba's fallback threading layer (workqueue)
        # aborts on concurrent ones, and a superseded run may still be finishing its chunk.
        parallel = Xa.shape[0] >= PARALLEL_COUNT_N
        gamma = float(self.gamma)
        with _PARALLEL_LOCK if parallel else contextlib.nullcontext():
            return self._kept(state, order, lambda counts, chk: K.pocket_epoch(
                Xa, y, order, state["w"], pos_buf, idx_buf, ck, k0, C, counts, gamma, parallel,
                self.check == "ratchet", state["rs"], chk))

    def _epoch_on_x(self, state: dict[str, Any], X: np.ndarray, y: np.ndarray, order: np.ndarray,
                    pos_buf: np.ndarray, idx_buf: np.ndarray, ck: np.ndarray, k0: int, C: int) -> int:
        """Wide data (see wide.py): the loop and its counts on X itself, each decision certified
        or summed left to right, so every update, count and check is :meth:`_epoch`'s."""
        if "x_norms" not in state:  # every row's norm: the count bounds all of them
            state["x_norms"] = K.row_norms_x(X, self.offset)
        gamma = float(self.gamma)
        self._counted_start(state, lambda w: K.count_good_x(X, y, w, gamma, self.offset, state["x_norms"]))
        return self._kept(state, order, lambda counts, chk: K.pocket_epoch_x(
            X, y, order, state["w"], pos_buf, idx_buf, ck, k0, C, counts, gamma, self.check == "ratchet",
            state["rs"], chk, self.offset, state["x_norms"]))

    def _kept(self, state: dict[str, Any], order: np.ndarray, run: Callable[[np.ndarray, np.ndarray], int]) -> int:
        """Runs a pocket loop, ``run(count_out, checks_out)``, and keeps its counts or checks."""
        if self.check == "ratchet":
            # np.empty is lazy: only the columns a check writes are ever touched.
            chk = np.empty((4, order.shape[0]), dtype=np.int64)
            cnt = int(run(_NO_COUNTS, chk))
            m = int(state["rs"][N_CHECKS])
            if m:
                found = chk[:, :m].copy()
                found[2] += state["visits"]  # position in this slice → global visit step
                state["checks"].append(found)
        else:
            cbuf = np.empty(order.shape[0], dtype=np.int64)
            cnt = int(run(cbuf, _NO_CHECKS))
            state["counts"].append(cbuf[:cnt].copy())
        state["visits"] += order.shape[0]  # chunks and epochs come in visit order
        return cnt

    def _count(self, Xa: np.ndarray, y: np.ndarray, wa: np.ndarray) -> int:
        """I of the augmented weights ``wa`` on the augmented points, or on X itself (n, D − 1)."""
        s = row_dots(Xa, wa[:Xa.shape[1]])  # the kernel's arithmetic, so ties count the same way
        if Xa.shape[1] < wa.shape[0]:
            s += 1.0 * wa[-1]  # the offset's column of ones, added last as row_dots adds it
        v = y * s
        return int(np.count_nonzero(v > 0.0) if self.gamma == 0.0 else np.count_nonzero(v >= self.gamma))

    def _finish(self, rec: RunRecord, state: dict[str, Any], Xa: np.ndarray, y: np.ndarray) -> None:
        self._counted_start(state, lambda w: self._count(Xa, y, w))  # (no epoch ran)
        start = int(state["start_count"])
        K_ = rec.num_updates
        if self.check == "ratchet":
            chk = np.concatenate(state["checks"], axis=1) if state["checks"] else np.zeros((4, 0), dtype=np.int64)
            counts = np.full(K_, -1, dtype=np.int64)
            counts[chk[0] - 1] = chk[1]  # the start is never checked: its count is known
            kept = chk[:, chk[3] == 1]
            changes, change_steps, change_counts = kept[0], kept[2], kept[1]
            checks = chk.shape[1]
        else:
            counts = np.concatenate(state["counts"]) if state["counts"] else np.zeros(0, dtype=np.int64)
            # Strictly larger replaces: the updates whose count beats every earlier one.
            before = np.maximum.accumulate(np.concatenate(([start], counts)))[:-1]
            changes = np.flatnonzero(counts > before) + 1
            change_steps, change_counts = rec.update_step[changes - 1], counts[changes - 1]
            checks = K_
        changes = np.concatenate(([0], changes)).astype(np.int64)
        change_steps = np.concatenate(([-1], change_steps)).astype(np.int64)
        change_counts = np.concatenate(([start], change_counts)).astype(np.int64)
        # The pocket once update k is made: the last change at or before its visit.
        best = change_counts[np.searchsorted(change_steps, rec.update_step, side="right") - 1]
        rec.extras.update(pocket_counts=counts, pocket_best_counts=best.astype(np.int64),
                          pocket_changes=changes, pocket_change_steps=change_steps,
                          pocket_k=int(changes[-1]), pocket_count=int(change_counts[-1]),
                          gamma=float(self.gamma), pocket_start_count=start, pocket_checks=int(checks))
        self._set_final(rec, rec.weights[int(changes[-1])])

    @staticmethod
    def pocket_k_at_step(rec: RunRecord, t: int) -> int:
        """The update whose weights are in the pocket once visit t is done (t = -1: the start)."""
        ex = rec.extras
        i = int(np.searchsorted(ex["pocket_change_steps"], t, side="right")) - 1
        return int(ex["pocket_changes"][i])

    @staticmethod
    def pocket_k_at(rec: RunRecord, k: int) -> int:
        """The update whose weights are in the pocket once k updates are done (at the visit of
        update k; the ratchet fills the pocket only at later visits)."""
        return PocketPerceptron.pocket_k_at_step(rec, rec.step_of_update(k))

    @staticmethod
    def pocket_count_at(rec: RunRecord, k: int) -> int:
        """I of the pocket once k updates are done: the count training made for it (the
        start's from :meth:`_count`, each update's from the kernel), never counted again."""
        return _count_of(rec, PocketPerceptron.pocket_k_at(rec, k))

    @classmethod
    def output_at(cls, rec: RunRecord, t: int) -> StepOutput:
        pk = cls.pocket_k_at_step(rec, t)
        return StepOutput(label=_("pocket (w after update {k})").format(k=pk), weights=rec.weights[pk],
                          pocket_k=pk, pocket_count=_count_of(rec, pk))

    def _predictor_after_epoch(self, rec: RunRecord, epoch: int, end_w: np.ndarray,
                               state: dict[str, Any]) -> np.ndarray:
        return rec.weights[self.pocket_k_at_step(rec, (epoch + 1) * rec.n - 1)]


def _count_of(rec: RunRecord, pk: int) -> int:
    """The count training made for the pocket's weights w_pk (every pocket was counted)."""
    return int(rec.extras["pocket_counts"][pk - 1]) if pk > 0 else int(rec.extras["pocket_start_count"])
