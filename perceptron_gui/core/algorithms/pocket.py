"""Gallant's pocket perceptron (notes 000), with the every-update check or the ratchet."""
from __future__ import annotations

import contextlib
import threading
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
    kernels = ('pocket_epoch', 'replay_rows', 'count_errors_rows', 'count_errors')

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
        start = self._count(Xa, y, w) if Xa.shape[0] else 0
        rs = np.zeros(RATCHET_SLOTS, dtype=np.int64)
        rs[COUNT_POCKET], rs[IN_POCKET] = start, 1  # the start weights are in the pocket, counted
        return {"w": w, "counts": [], "checks": [], "visits": 0, "start_count": start, "rs": rs}

    def _epoch(self, state: dict[str, Any], Xa: np.ndarray, y: np.ndarray, order: np.ndarray,
               pos_buf: np.ndarray, idx_buf: np.ndarray, ck: np.ndarray, k0: int, C: int) -> int:
        # Every core counts on big data; on small data starting the threads costs more than
        # counting. One parallel region at a time: numba's fallback threading layer (workqueue)
        # aborts on concurrent ones, and a superseded run may still be finishing its chunk.
        parallel = Xa.shape[0] >= PARALLEL_COUNT_N
        gamma = float(self.gamma)
        with _PARALLEL_LOCK if parallel else contextlib.nullcontext():
            if self.check == "ratchet":
                # np.empty is lazy: only the columns a check writes are ever touched.
                chk = np.empty((4, order.shape[0]), dtype=np.int64)
                cnt = int(K.pocket_epoch(Xa, y, order, state["w"], pos_buf, idx_buf, ck, k0, C, _NO_COUNTS,
                                         gamma, parallel, True, state["rs"], chk))
                m = int(state["rs"][N_CHECKS])
                if m:
                    found = chk[:, :m].copy()
                    found[2] += state["visits"]  # position in this slice → global visit step
                    state["checks"].append(found)
            else:
                cbuf = np.empty(order.shape[0], dtype=np.int64)
                cnt = int(K.pocket_epoch(Xa, y, order, state["w"], pos_buf, idx_buf, ck, k0, C, cbuf,
                                         gamma, parallel, False, state["rs"], _NO_CHECKS))
                state["counts"].append(cbuf[:cnt].copy())
        state["visits"] += order.shape[0]  # chunks and epochs come in visit order
        return cnt

    def _count(self, Xa: np.ndarray, y: np.ndarray, wa: np.ndarray) -> int:
        v = y * row_dots(Xa, wa)  # the kernel's arithmetic, so ties count the same way
        return int(np.count_nonzero(v > 0.0) if self.gamma == 0.0 else np.count_nonzero(v >= self.gamma))

    def _finish(self, rec: RunRecord, state: dict[str, Any], Xa: np.ndarray, y: np.ndarray) -> None:
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
