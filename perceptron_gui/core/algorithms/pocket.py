"""Gallant's pocket perceptron (notes 000)."""
from __future__ import annotations

import contextlib
import threading
from typing import Any

import numpy as np

from ..run import RunRecord
from . import _kernels as K
from .base import ParamSpec, Perceptron
from .scores import row_dots
from .step import StepOutput

_PARALLEL_LOCK = threading.Lock()
PARALLEL_COUNT_N = 5_000  # points from which the pocket's count after each update uses every core (measured crossover)


class PocketPerceptron(Perceptron):
    """Runs the perceptron and keeps "in the pocket" the weights that made the most points
    right with margin γ: after each update it counts I = #{i : y_i(w·x_i + b) ≥ γ} (for γ = 0,
    ``> 0``, i.e. correctly classified) and a strictly larger I replaces the pocket.

    Parameters
    ----------
    gamma : float, default 0.0
        The margin a point must reach to count.
    (others as :class:`Perceptron`; offset on by default)

    Extras in the run record: ``pocket_counts`` (I after every update, K,), ``pocket_changes``
    (the update numbers k at which the pocket changed), ``pocket_k`` (the update whose weights
    are in the pocket, 0 = the start), ``pocket_count`` (its I), ``pocket_start_count`` (the
    I of the start weights).
    """

    name = "pocket"
    title = "Pocket (Gallant)"
    description = "Perceptron updates, but outputs the weights that got the most points right (margin ≥ γ) so far."
    extra_bytes_per_update = 16  # pocket_counts and pocket_best_counts
    kernels = ('pocket_epoch', 'replay_rows', 'count_errors_rows', 'count_errors')

    def __init__(self, *, max_epochs: int = 100, shuffle: bool = False, seed: int = 0,
                 init: str = "zero", offset: bool = True, gamma: float = 0.0) -> None:
        super().__init__(max_epochs=max_epochs, shuffle=shuffle, seed=seed, init=init, offset=offset)
        self.gamma = gamma

    @classmethod
    def param_specs(cls) -> list[ParamSpec]:
        return super().param_specs() + [
            ParamSpec("gamma", float, 0.0, "γ (pocket margin)",
                      "A point counts for the pocket when y·(w·x + b) ≥ γ (γ = 0: when it is classified right).",
                      0.0, 1e12),
        ]

    def _start(self, Xa: np.ndarray, y: np.ndarray, w: np.ndarray) -> dict[str, Any]:
        return {"w": w, "counts": [], "w0": w.copy()}

    def _epoch(self, state: dict[str, Any], Xa: np.ndarray, y: np.ndarray, order: np.ndarray,
               pos_buf: np.ndarray, idx_buf: np.ndarray, ck: np.ndarray, k0: int, C: int) -> int:
        cbuf = np.empty(Xa.shape[0], dtype=np.int64)
        # Every core counts on big data; on small data starting the threads costs more than
        # counting. One parallel region at a time: numba's fallback threading layer (workqueue)
        # aborts on concurrent ones, and a superseded run may still be finishing its chunk.
        parallel = Xa.shape[0] >= PARALLEL_COUNT_N
        with _PARALLEL_LOCK if parallel else contextlib.nullcontext():
            cnt = int(K.pocket_epoch(Xa, y, order, state["w"], pos_buf, idx_buf, ck, k0, C, cbuf,
                                     float(self.gamma), parallel))
        state["counts"].append(cbuf[:cnt].copy())
        return cnt

    def _count(self, Xa: np.ndarray, y: np.ndarray, wa: np.ndarray) -> int:
        v = y * row_dots(Xa, wa)  # the kernel's arithmetic, so ties count the same way
        return int(np.count_nonzero(v > 0.0) if self.gamma == 0.0 else np.count_nonzero(v >= self.gamma))

    def _finish(self, rec: RunRecord, state: dict[str, Any], Xa: np.ndarray, y: np.ndarray) -> None:
        counts = np.concatenate(state["counts"]) if state["counts"] else np.zeros(0, dtype=np.int64)
        # The pocket starts with the initial weights and their count (I = 0 at w = 0 with γ = 0).
        start = self._count(Xa, y, rec.weights[0]) if rec.n else 0
        best_k, best = 0, start
        changes = [0]
        running = np.empty(counts.shape[0], dtype=np.int64)
        for j, c in enumerate(counts.tolist()):
            if c > best:
                best, best_k = c, j + 1
                changes.append(j + 1)
            running[j] = best
        rec.extras.update(pocket_counts=counts, pocket_best_counts=running,
                          pocket_changes=np.asarray(changes, dtype=np.int64),
                          pocket_k=best_k, pocket_count=best, gamma=float(self.gamma),
                          pocket_start_count=start)
        self._set_final(rec, rec.weights[best_k])

    @staticmethod
    def pocket_k_at(rec: RunRecord, k: int) -> int:
        """The update whose weights are in the pocket once k updates are done."""
        ch = rec.extras["pocket_changes"]
        return int(ch[np.searchsorted(ch, k, side="right") - 1])

    @staticmethod
    def pocket_count_at(rec: RunRecord, k: int) -> int:
        """I of the pocket once k updates are done: the count training made for it (the
        start's from :meth:`_count`, each update's from the kernel), never counted again."""
        pk = PocketPerceptron.pocket_k_at(rec, k)
        return int(rec.extras["pocket_counts"][pk - 1]) if pk > 0 else int(rec.extras["pocket_start_count"])

    @classmethod
    def output_at(cls, rec: RunRecord, t: int) -> StepOutput:
        k = rec.k_after_step(t)
        pk = cls.pocket_k_at(rec, k)
        return StepOutput(label=f"pocket (w after update {pk})", weights=rec.weights[pk],
                          pocket_k=pk, pocket_count=cls.pocket_count_at(rec, k))

    def _predictor_after_epoch(self, rec: RunRecord, epoch: int, end_w: np.ndarray,
                               state: dict[str, Any]) -> np.ndarray:
        k = rec.epoch_end_k(epoch)
        return rec.weights[self.pocket_k_at(rec, k)]
