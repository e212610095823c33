"""The voted perceptron's vote, Σ_k c_k · sign(w_k·x), for points and per epoch (numba, cached
on disk).

Both kernels take the points in blocks of 256, transposed, and apply each weight vector to a
whole block: the block's scores are independent, so the loops vectorise. Each point still adds
the vectors in order k = 0, 1, … and each score w_k·x left to right from 0.0, as the training
kernels sum it, so the vote is the same to the bit as a loop point by point.
"""
from __future__ import annotations

from typing import TypeAlias

import numpy as np
from numba import njit

Array: TypeAlias = np.ndarray


@njit(cache=True, nogil=True, inline="always")
def _block_scores(W: Array, k: int, XT: Array, m: int, s: Array) -> None:  # pragma: no cover
    """s[i] = w_k·x_i for the m points of a transposed block, each summed left to right from 0.0."""
    for i in range(m):
        s[i] = 0.0
    for j in range(W.shape[1]):
        wj = W[k, j]
        for i in range(m):
            s[i] += wj * XT[j, i]


@njit(cache=True, nogil=True)
def vote_scores(Xa: Array, W: Array, c: Array) -> Array:  # pragma: no cover
    """Σ_k c_k · sign(w_k·x) for every row of Xa (sign(0) = +1).

    The points go in blocks of 256, transposed, and each vector is applied to a whole block:
    the block's scores are independent, so the loops vectorise, where one point at a time
    chained every addition of its sum to the last (1.4 ns a term; the canvas's 256-cell vote
    grid over 246,000 vectors took 90 ms on the window's thread, now 17 ms). Each point still
    adds the vectors in order k = 0, 1, … and each score w_k·x left to right from 0.0, so the
    result is the same to the bit.
    """
    n, D = Xa.shape
    out = np.zeros(n)
    B = 256
    XT = np.empty((D, B))
    s = np.empty(B)
    for i0 in range(0, n, B):
        m = min(B, n - i0)
        for j in range(D):
            for i in range(m):
                XT[j, i] = Xa[i0 + i, j]
        acc = out[i0:i0 + m]
        for k in range(W.shape[0]):
            ck = c[k]
            if ck == 0:
                continue
            _block_scores(W, k, XT, m, s)
            for i in range(m):
                acc[i] += ck if s[i] >= 0.0 else -ck
    return out


@njit(cache=True, nogil=True)
def vote_errors_by_epoch(  # pragma: no cover
    Xa: Array, y: Array, W: Array, starts: Array, k_ends: Array, t_ends: Array
) -> Array:
    """Errors of the voted predictor at the end of every epoch, in one pass over the vectors.

    At the end of epoch e (global step t_ends[e], k_ends[e] updates made) the vote is
    Σ_{k<k_end} c_k·sign(w_k·x) + (t_end − starts[k_end])·sign(w_{k_end}·x), with
    c_k = starts[k+1] − starts[k] the survival of w_k: the first sum only grows with e, so
    each point walks the vectors once (O(n·K·D) for all epochs, not per epoch). The sum runs
    over k in the same order as :func:`vote_scores`, so the scores are the same to the bit.
    """
    n, D = Xa.shape
    E = k_ends.shape[0]
    errors = np.zeros(E, dtype=np.int64)
    B = 256  # points per block, transposed, as in vote_scores (vectorised; same sums in the same order)
    XT = np.empty((D, B))
    s = np.empty(B)
    acc = np.empty(B)
    for i0 in range(0, n, B):
        m = min(B, n - i0)
        for j in range(D):
            for i in range(m):
                XT[j, i] = Xa[i0 + i, j]
        for i in range(m):
            acc[i] = 0.0
        k = 0
        for e in range(E):
            while k < k_ends[e]:
                c = starts[k + 1] - starts[k]
                if c != 0:
                    _block_scores(W, k, XT, m, s)
                    for i in range(m):
                        acc[i] += c if s[i] >= 0.0 else -c
                k += 1
            c = t_ends[e] - starts[k]
            if c != 0:
                _block_scores(W, k, XT, m, s)
            for i in range(m):
                tot = acc[i]
                if c != 0:
                    tot += c if s[i] >= 0.0 else -c
                pred = 1.0 if tot >= 0.0 else -1.0
                if pred != y[i0 + i]:
                    errors[e] += 1
    return errors
