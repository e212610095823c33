"""Training on wide data straight from the data set's X: what ``Perceptron.fit`` asks when a
learner trains on X (no augmented copy), its epochs and its per-epoch errors.

From :data:`WIDE_FROM_D` weights (features and the offset) on, the perceptron, the margin, the
averaged, the lifted and the pocket perceptrons run the kernels of ``_wide_kernels``: each score
summed many products at a time and its decision kept only where it is certain, else summed left
to right as the augmented loops sum it, so every update and weight is theirs to the bit. A
learner whose per-epoch predictor is its weights at the epoch's end (the perceptron, the margin
and the lifted perceptrons) also counts, during each epoch, the last epoch's training errors
while each row is at hand; the others' are counted after the fit, certified as well.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ._lazy import LazyModule

K = LazyModule("._kernels", __package__)  # numba loads at the first fit (see _lazy)

__all__ = ["WIDE_FROM_D", "readonly_contiguous", "begin", "end_epoch", "perceptron_epoch", "lifted_epoch",
           "errors_on_x"]

# From this many weights (features and the offset) the learners with a loop on X read X itself;
# below it the augmented copy's loops (2-D data's) are the faster.
WIDE_FROM_D = 16


def readonly_contiguous(X: np.ndarray) -> np.ndarray:
    """X as one array type for the wide kernels (read-only, C-contiguous float64), without a
    copy when it is one already (a data set's own array)."""
    X = np.ascontiguousarray(X, dtype=np.float64)
    if X.flags.writeable:
        X = X.view()
        X.setflags(write=False)
    return X


def begin(state: dict[str, Any], n: int, count_ends: bool) -> None:
    """What a fit on X keeps beside the learner's own state: the rows' norms (worked out at
    their first visit), and, with ``count_ends``, the last epoch's weights and the count of the
    points they get wrong, made during the next epoch (``errors_of``: epoch → count)."""
    state.update(on_x=True, x_norm=np.full(n, -1.0), prev=np.empty(0), wrong=np.zeros(1, dtype=np.int64),
                 errors_of={}, count_ends=count_ends)


def end_epoch(state: dict[str, Any], epoch: int, end_w: np.ndarray) -> None:
    """After ``epoch``: the epoch just run counted the last one's errors; the next counts this one's."""
    if state["count_ends"]:
        if epoch:
            state["errors_of"][epoch - 1] = int(state["wrong"][0])
        state["prev"], state["wrong"][0] = end_w, 0


def perceptron_epoch(state: dict[str, Any], X: np.ndarray, y: np.ndarray, order: np.ndarray, pos_buf: np.ndarray,
                     idx_buf: np.ndarray, ck: np.ndarray, k0: int, C: int, offset: bool, margin: float) -> int:
    """The perceptron's epoch (``margin`` 0.0) or the margin perceptron's on X itself."""
    return int(K.perceptron_epoch_x(X, y, order, state["w"], pos_buf, idx_buf, ck, k0, C, offset, margin,
                                    state["x_norm"], state["prev"], state["wrong"]))


def lifted_epoch(state: dict[str, Any], X: np.ndarray, y: np.ndarray, order: np.ndarray, pos_buf: np.ndarray,
                 idx_buf: np.ndarray, ck: np.ndarray, k0: int, C: int, offset: bool) -> int:
    """The lifted perceptron's epoch on X itself (its state: v, the slack s, a², c)."""
    return int(K.lifted_epoch_x(X, y, order, state["w"], state["s"], state["a"] ** 2, state["c"], pos_buf, idx_buf,
                                ck, k0, C, offset, state["x_norm"], state["prev"], state["wrong"]))


def errors_on_x(X: np.ndarray, y: np.ndarray, P: np.ndarray, offset: bool, known: dict[int, int],
                x_norm: np.ndarray) -> np.ndarray:
    """The error fraction of every row of P as augmented weights on the points of X (n, d),
    as the kernels count them; ``known`` holds the counts training made already (row → count),
    ``x_norm`` the rows' norms as the epochs keep them (see :func:`begin`; -1: not yet worked out)."""
    n = X.shape[0]
    if n == 0:
        return np.zeros(P.shape[0])
    out = np.zeros(P.shape[0], dtype=np.int64)
    rest = [r for r in range(P.shape[0]) if r not in known]
    for r, c in known.items():
        out[r] = c
    if len(rest) == 1:  # a fit's last epoch: no rows to compare
        out[rest] = K.count_errors_rows_x(X, y, np.ascontiguousarray(P[rest]), offset, x_norm)
    elif rest:
        # Rows equal to the bit (a pocket kept over several epochs) have one count: each is counted once.
        Q = np.ascontiguousarray(P[rest])
        bits = Q.view(np.dtype((np.void, Q.dtype.itemsize * Q.shape[1]))).reshape(-1)
        _, first, inverse = np.unique(bits, return_index=True, return_inverse=True)
        counts = K.count_errors_rows_x(X, y, np.ascontiguousarray(Q[first]), offset, x_norm)
        out[rest] = counts[inverse.reshape(-1)]
    return np.asarray(out / n)
