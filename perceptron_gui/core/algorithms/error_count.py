"""The per-epoch training and test errors of wide data, through a matrix product whose signs are
certified, so the counts are the kernels' own to the last point.

A point is wrong for weights p when the kernels' score of it (summed left to right, sign(0) = +1)
has the other sign than its label. The kernels' loop sums one product after another and waits on
each add; the matrix product ``Xa @ P.T`` (BLAS) sums in another order, many at a time, and so
may round differently. Both are within γ_D·Σ|p_j·x_j| ≤ γ_D·‖p‖·‖x‖ of the exact sum
(γ_D = D·u/(1 − D·u), u = 2⁻⁵³, for any order of summation, with or without fused
multiply-adds). So where the product's score is farther from 0 than twice that bound, the
kernels' score has the same sign and is not 0; only the points closer than that (a score of
exactly 0, a near cancellation) are scored again by the kernels' loop. The counts are equal to
:func:`~perceptron_gui.core.algorithms._kernels.count_errors_rows`'s; on 12,665 × 784 points and
20 epochs they take a fraction of its time (docs/performance.md).
"""
from __future__ import annotations

import numpy as np

from ..run_memory import ERROR_COUNT_CELLS, ERROR_COUNT_FROM_D
from ._lazy import LazyModule

K = LazyModule("._kernels", __package__)  # numba loads at the first fit (see _lazy)

__all__ = ["count_errors_rows", "BLAS_FROM_D"]

# Below this many weights the kernels' loop is as fast as the product (and needs no BLAS).
BLAS_FROM_D = ERROR_COUNT_FROM_D
_U = 2.0 ** -53
_TINY = 1e-290  # products below the normal range lose their relative accuracy: an absolute slack
_CELLS = ERROR_COUNT_CELLS  # scores per block of the product (run_memory counts their scratch)


def count_errors_rows(Xa: np.ndarray, y: np.ndarray, P: np.ndarray) -> np.ndarray:
    """The number of points of ``Xa`` (n, D) that each row of ``P`` (R, D) gets wrong, as the
    kernels count them (int64, R)."""
    n, D = Xa.shape
    R = P.shape[0]
    if n == 0 or R == 0:
        return np.zeros(R, dtype=np.int64)
    if D < BLAS_FROM_D:
        return np.asarray(K.count_errors_rows(Xa, y, P), dtype=np.int64)
    gamma = D * _U / (1.0 - D * _U)
    # The norms' own rounding is far below the 1.25 and 2.5 of slack.
    x_norm = np.sqrt(np.einsum("ij,ij->i", Xa, Xa)) * 1.25
    p_norm = np.sqrt(np.einsum("ij,ij->i", P, P))
    positive = y > 0.0
    out = np.zeros(R, dtype=np.int64)
    rows = max(1, _CELLS // n)
    for r0 in range(0, R, rows):
        Pb = P[r0:r0 + rows]
        with np.errstate(over="ignore", invalid="ignore"):  # an overflow is scored again below
            S = Xa @ Pb.T  # (n, r)
        bound = np.multiply.outer(x_norm, p_norm[r0:r0 + rows])
        bound *= 2.5 * gamma
        bound += D * _TINY
        with np.errstate(invalid="ignore"):
            sure = np.abs(S) > bound  # False for NaN and for an overflowed bound: scored again below
        wrong = (S >= 0.0) != positive[:, None]
        out[r0:r0 + Pb.shape[0]] = np.count_nonzero(wrong & sure, axis=0)
        for c in np.flatnonzero(~sure.all(axis=0)):
            idx = np.flatnonzero(~sure[:, c])
            p = np.ascontiguousarray(Pb[c])
            if 8 * idx.size > n:  # many (w = 0 scores every point 0): all of them, without a copy
                out[r0 + c] = int(K.count_errors(Xa, y, p))
            else:
                out[r0 + c] += int(K.count_errors(np.ascontiguousarray(Xa[idx]), np.ascontiguousarray(y[idx]), p))
    return out
