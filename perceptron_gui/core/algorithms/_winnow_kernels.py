"""Winnow's epoch kernel and the replay of its multiplicative updates (numba, cached on disk).

The points are Boolean and augmented with a constant 1 whose weight is −θ and never changes,
so the score is (w·x) − θ, summed left to right as every kernel sums. A mistake on a positive
multiplies w_j by α where x_j = 1 (promotion), one on a negative divides it (demotion); the
replay makes the same products and quotients in the same order, so every w_k is exact.
"""
from __future__ import annotations

from typing import TypeAlias

import numpy as np
from numba import njit

Array: TypeAlias = np.ndarray


@njit(cache=True, nogil=True, inline="always")
def winnow_step(w: Array, X: Array, i: int, yi: float, alpha: float, d: int) -> None:  # pragma: no cover
    """w_j ← w_j·α (y = +1) or w_j/α (y = −1) where x_ij ≠ 0, for the d features (not −θ)."""
    if yi > 0.0:
        for j in range(d):
            if X[i, j] != 0.0:
                w[j] = w[j] * alpha
    else:
        for j in range(d):
            if X[i, j] != 0.0:
                w[j] = w[j] / alpha


@njit(cache=True, nogil=True)
def winnow_epoch(  # pragma: no cover - compiled
    Xa: Array, y: Array, order: Array, w: Array, alpha: float,
    pos_out: Array, idx_out: Array, ck_out: Array, k0: int, C: int,
) -> int:
    """One epoch of Winnow (Littlestone 1988): predict +1 when w·x − θ ≥ 0 (w's last entry is
    −θ, x's is 1); on a mistake step by :func:`winnow_step`."""
    D = Xa.shape[1]
    cnt = 0
    for t in range(order.shape[0]):
        i = order[t]
        s = 0.0
        for j in range(D):
            s += w[j] * Xa[i, j]
        yi = y[i]
        if (yi > 0.0 and s < 0.0) or (yi < 0.0 and s >= 0.0):
            winnow_step(w, Xa, i, yi, alpha, D - 1)
            pos_out[cnt] = t
            idx_out[cnt] = i
            cnt += 1
            if (k0 + cnt) % C == 0:
                m = (k0 + cnt) // C
                for j in range(D):
                    ck_out[m, j] = w[j]
    return cnt


@njit(cache=True, nogil=True)
def replay_rows_winnow(  # pragma: no cover - compiled
    X: Array, y: Array, index: Array, alpha: float, ck: Array, C: int, ks: Array, out: Array,
) -> None:
    """out[r] = the weights after update ks[r] (ks non-decreasing), from checkpoint ks[r] // C
    by training's own steps. ``X`` is the data set's (not augmented); −θ is in the checkpoints."""
    D = ck.shape[1]
    d = X.shape[1]
    w = np.empty(D)
    cur = -1
    for r in range(ks.shape[0]):
        k = ks[r]
        base = (k // C) * C
        if cur < base or cur > k:
            m = k // C
            for j in range(D):
                w[j] = ck[m, j]
            cur = base
        while cur < k:
            i = index[cur]
            winnow_step(w, X, i, y[i], alpha, d)
            cur += 1
        for j in range(D):
            out[r, j] = w[j]
