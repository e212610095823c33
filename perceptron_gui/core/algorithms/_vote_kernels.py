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


B = 256  # points per block


@njit(cache=True, nogil=True, inline="always")
def _load_block(Xa: Array, i0: int, XT: Array) -> int:  # pragma: no cover
    """Copy the rows i0, i0 + 1, … (at most B) of Xa transposed into XT; returns how many."""
    m = min(B, Xa.shape[0] - i0)
    for j in range(Xa.shape[1]):
        for i in range(m):
            XT[j, i] = Xa[i0 + i, j]
    return int(m)


@njit(cache=True, nogil=True, inline="always")
def _add_votes(W: Array, k: int, c: float, XT: Array, m: int, s: Array, acc: Array) -> None:  # pragma: no cover
    """acc[i] += c·sign(w_k·x_i) for the m points of a transposed block, each score summed left
    to right from 0.0 (sign(0) = +1); ``s`` is scratch."""
    for i in range(m):
        s[i] = 0.0
    for j in range(W.shape[1]):
        wj = W[k, j]
        for i in range(m):
            s[i] += wj * XT[j, i]
    for i in range(m):
        acc[i] += c if s[i] >= 0.0 else -c


@njit(cache=True, nogil=True)
def vote_scores(Xa: Array, W: Array, c: Array) -> Array:  # pragma: no cover
    """Σ_k c_k · sign(w_k·x) for every row of Xa (sign(0) = +1).

    One point at a time chained every addition of its sum to the last (1.4 ns a term: the
    canvas's 256-cell vote grid over 246,000 vectors took 90 ms on the window's thread, 14 ms
    in blocks)."""
    n, D = Xa.shape
    out = np.zeros(n)
    XT = np.empty((D, B))
    s = np.empty(B)
    for i0 in range(0, n, B):
        m = _load_block(Xa, i0, XT)
        acc = out[i0:i0 + m]
        for k in range(W.shape[0]):
            if c[k] != 0:
                _add_votes(W, k, c[k], XT, m, s, acc)
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
    XT = np.empty((D, B))
    s = np.empty(B)
    acc = np.empty(B)  # the complete vectors' vote so far
    tot = np.empty(B)  # ... with the vector in force at the epoch's end
    for i0 in range(0, n, B):
        m = _load_block(Xa, i0, XT)
        acc[:m] = 0.0
        k = 0
        for e in range(E):
            while k < k_ends[e]:
                c = starts[k + 1] - starts[k]
                if c != 0:
                    _add_votes(W, k, c, XT, m, s, acc)
                k += 1
            tot[:m] = acc[:m]
            c = t_ends[e] - starts[k]
            if c != 0:
                _add_votes(W, k, c, XT, m, s, tot)
            for i in range(m):
                if (1.0 if tot[i] >= 0.0 else -1.0) != y[i0 + i]:
                    errors[e] += 1
    return errors
