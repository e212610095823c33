"""The multiclass perceptron's epoch and replay kernels (numba, cached on disk).

Both sum each score left to right over the (augmented) row, so an epoch and its replay add
the same numbers in the same order: every W_k rebuilt from the record equals the trained one
to the bit.
"""
from __future__ import annotations

from typing import TypeAlias

import numpy as np
from numba import njit

Array: TypeAlias = np.ndarray


@njit(cache=True, nogil=True)
def rival(W: Array, Xa: Array, i: int, yi: int) -> int:  # pragma: no cover - compiled
    """ŷ: the class c ≠ y with the largest W_c·x, the lowest index on ties."""
    K, D = W.shape
    best = -1
    sb = 0.0
    for c in range(K):
        if c == yi:
            continue
        s = 0.0
        for j in range(D):
            s += W[c, j] * Xa[i, j]
        if best < 0 or s > sb:
            best = c
            sb = s
    return best


@njit(cache=True, nogil=True)
def score(W: Array, Xa: Array, i: int, c: int) -> float:  # pragma: no cover - compiled
    s = 0.0
    for j in range(W.shape[1]):
        s += W[c, j] * Xa[i, j]
    return s


@njit(cache=True, nogil=True)
def multiclass_epoch(  # pragma: no cover - compiled
    Xa: Array, codes: Array, order: Array, W: Array, pos_out: Array, idx_out: Array, rival_out: Array,
) -> int:
    """One epoch: at each visited (x, y), ŷ = :func:`rival`; a mistake when W_y·x ≤ W_ŷ·x,
    and then W_y += x and W_ŷ −= x. Writes each update's visit position, example and ŷ;
    returns how many there were."""
    D = W.shape[1]
    cnt = 0
    for t in range(order.shape[0]):
        i = order[t]
        yi = codes[i]
        r = rival(W, Xa, i, yi)
        if score(W, Xa, i, yi) <= score(W, Xa, i, r):
            for j in range(D):
                W[yi, j] += Xa[i, j]
                W[r, j] -= Xa[i, j]
            pos_out[cnt] = t
            idx_out[cnt] = i
            rival_out[cnt] = r
            cnt += 1
    return cnt


@njit(cache=True, nogil=True)
def multiclass_replay(  # pragma: no cover - compiled
    Xa: Array, codes: Array, idx: Array, rivals: Array, start: int, stop: int, W: Array,
) -> None:
    """Apply updates ``start`` … ``stop − 1`` of the record to W in place, as the epoch did."""
    D = W.shape[1]
    for k in range(start, stop):
        i = idx[k]
        yi = codes[i]
        r = rivals[k]
        for j in range(D):
            W[yi, j] += Xa[i, j]
            W[r, j] -= Xa[i, j]


@njit(cache=True, nogil=True)
def margins(W: Array, Xa: Array, codes: Array, out: Array) -> None:  # pragma: no cover - compiled
    """out[i] = W_y·x − max_{c≠y} W_c·x for every row: ≤ 0 is a mistake by the training rule."""
    for i in range(Xa.shape[0]):
        yi = codes[i]
        out[i] = score(W, Xa, i, yi) - score(W, Xa, i, rival(W, Xa, i, yi))


@njit(cache=True, nogil=True)
def class_scores(W: Array, Xa: Array, out: Array) -> None:  # pragma: no cover - compiled
    """out[i, c] = W_c·x_i, each summed left to right as in training."""
    for i in range(Xa.shape[0]):
        for c in range(W.shape[0]):
            out[i, c] = score(W, Xa, i, c)
