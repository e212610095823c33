"""The growing buffer the kernels write a run's updates into (see :class:`UpdateLog`)."""
from __future__ import annotations

import numpy as np

__all__ = ["UpdateLog"]


class UpdateLog:
    """The weights after every update and the step of each, written by the kernels straight
    into one buffer, so a run is not copied epoch by epoch and then concatenated.

    The buffer is allocated once for ``capacity`` updates, the most the run can reach (n per
    epoch, and no more than the memory budget allows). Its untouched tail is never given
    memory by the OS, so the process grows with the updates actually made and never holds
    an old and a new buffer at once, as doubling would. Should a caller pass a smaller
    capacity, it still doubles when an epoch (at most n updates) might not fit.
    """

    def __init__(self, w0: np.ndarray, n: int, capacity: int | None = None) -> None:
        cap = max(int(n), int(capacity or 0))
        self.W = np.empty((cap + 1, w0.shape[0]))
        self.W[0] = w0
        self.steps = np.empty(cap, dtype=np.int64)
        self.index = np.empty(cap, dtype=np.int64)
        self.K = 0

    def room(self, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Views the kernel writes the next epoch's positions, indices and weights into."""
        K, need = self.K, self.K + n
        if need > self.steps.shape[0]:
            cap = max(2 * self.steps.shape[0], need)
            W = np.empty((cap + 1, self.W.shape[1]))
            W[: K + 1] = self.W[: K + 1]
            steps = np.empty(cap, dtype=np.int64)
            steps[:K] = self.steps[:K]
            index = np.empty(cap, dtype=np.int64)
            index[:K] = self.index[:K]
            self.W, self.steps, self.index = W, steps, index
        return self.steps[K:need], self.index[K:need], self.W[K + 1: need + 1]

    def commit(self, count: int, first_step: int) -> None:
        """Keep ``count`` updates of the epoch whose first step is ``first_step``."""
        self.steps[self.K: self.K + count] += first_step
        self.K += count

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(weights (K+1, D), update_step (K,), update_index (K,)), views of the buffer.

        The buffer's unused tail was never written, so the OS never gave it memory; only a
        buffer far larger than its content (a first epoch sized for n updates that made a
        few) is copied down, so a long-lived record does not pin a large allocation.
        """
        K = self.K
        W, steps, index = self.W[: K + 1], self.steps[:K], self.index[:K]
        if self.W.shape[0] > 8 * (K + 1):
            W, steps, index = W.copy(), steps.copy(), index.copy()
        return W, steps, index
