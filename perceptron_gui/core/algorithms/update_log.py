"""The growing buffers the kernels write a run's updates into (see :class:`UpdateLog`)."""
from __future__ import annotations

import math

import numpy as np

from ..pages import SMALL_PAGES_FROM, empty_small_pages
from ..run_memory import checkpoint_every

__all__ = ["UpdateLog"]


def _buffer(shape: int | tuple[int, ...], dtype: np.dtype | type = np.float64) -> np.ndarray:
    """A log buffer: in small pages of its own from ``SMALL_PAGES_FROM`` bytes on (see
    :mod:`~perceptron_gui.core.pages`); below it ``np.empty``, for which numpy asks no huge
    pages and the allocator hands back memory a former fit's log freed, where a fresh mapping
    faults in each page at its first write (fits one after another on 20,000 × 50 points,
    a scikit-learn search: 0.8 ms of a 12 ms fit)."""
    dims = (shape,) if isinstance(shape, int) else tuple(shape)
    if math.prod(dims) * np.dtype(dtype).itemsize < SMALL_PAGES_FROM:
        return np.empty(dims, dtype=dtype)
    return empty_small_pages(dims, dtype)


class UpdateLog:
    """Per update the step (int64) and the example's index (int32), and every C-th weight
    vector (a checkpoint), written by the kernels straight into buffers allocated once.

    12 bytes per update and 8·D/C for the checkpoints, where the log used to keep every weight
    vector (8·D + 16 bytes per update): w_k is rebuilt exactly from the nearest checkpoint by
    :class:`~perceptron_gui.core.algorithms.weight_log.WeightLog`, adding the same ±x in the same order.

    The buffers are allocated for ``capacity`` updates, the most the run can reach (n per
    epoch, and no more than the memory budget allows). A big buffer's untouched tail is never
    given memory by the OS, so the process grows with the updates actually made (a small one,
    below 4 MiB, is the allocator's: see :func:`_buffer`). Should a caller
    pass a smaller capacity, they still double when an epoch (at most n updates) might not fit.
    """

    def __init__(self, w0: np.ndarray, n: int, capacity: int | None = None) -> None:
        cap = max(int(n), int(capacity or 0))
        self.D = int(w0.shape[0])
        self.C = checkpoint_every(self.D)
        self.steps = _buffer(cap, np.int64)
        self.index = _buffer(cap, np.int32)
        self.ck = _buffer((cap // self.C + 2, self.D))
        self.ck[0] = w0
        self.K = 0

    def room(self, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, int, int]:
        """What the kernel writes the next epoch into: position and index views for n more
        updates, the whole checkpoint array (row m = w after update m·C), the updates made
        before the epoch and C."""
        K, need = self.K, self.K + n
        if need > self.steps.shape[0]:
            cap = max(2 * self.steps.shape[0], need)
            steps = _buffer(cap, np.int64)
            steps[:K] = self.steps[:K]
            index = _buffer(cap, np.int32)
            index[:K] = self.index[:K]
            self.steps, self.index = steps, index
        rows = need // self.C + 2
        if rows > self.ck.shape[0]:
            ck = _buffer((max(2 * self.ck.shape[0], rows), self.D))
            ck[: K // self.C + 1] = self.ck[: K // self.C + 1]
            self.ck = ck
        return self.steps[K:need], self.index[K:need], self.ck, K, self.C

    def commit(self, count: int, first_step: int) -> None:
        """Keep ``count`` updates of the epoch whose first step is ``first_step``."""
        self.steps[self.K: self.K + count] += first_step
        self.K += count

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(checkpoints (K // C + 1, D), update_step (K,), update_index (K,) int32).

        The buffers' unused tails were never written, so the OS never gave them memory; only
        buffers far larger than their content (a first epoch sized for n updates that made a
        few) are copied down, so a long-lived record does not pin a large allocation.
        """
        K = self.K
        ck, steps, index = self.ck[: K // self.C + 1], self.steps[:K], self.index[:K]
        if self.steps.shape[0] > 8 * (K + 1):
            ck, steps, index = ck.copy(), steps.copy(), index.copy()
        return ck, steps, index
