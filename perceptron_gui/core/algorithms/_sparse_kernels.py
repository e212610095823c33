"""The perceptron's kernels over sparse rows in CSR form (numba, cached on disk).

A row i is its nonzeros ``data[indptr[i]:indptr[i+1]]`` at the columns ``indices[...]`` (sorted,
no repeats). A score sums w_j·x_ij over the nonzeros in column order and then adds the offset
weight times 1.0: the dense kernels' sum with the terms w_j·0 left out, which change no sum, so
every score and every update is the dense run's to the bit (``_step_kernels.weighted_epoch`` and
``margin_epoch``, which with a margin of 0 are ``perceptron_epoch``). The work is O(nonzeros).
"""
from __future__ import annotations

from typing import TypeAlias

import numpy as np
from numba import njit

Array: TypeAlias = np.ndarray


@njit(cache=True, nogil=True, inline="always")
def _row_score(data: Array, indices: Array, indptr: Array, i: int, w: Array, offset: bool) -> float:  # pragma: no cover
    s = 0.0
    for p in range(indptr[i], indptr[i + 1]):
        s += w[indices[p]] * data[p]
    if offset:
        s += w[w.shape[0] - 1] * 1.0
    return s


@njit(cache=True, nogil=True)
def csr_epoch(  # pragma: no cover - compiled
    data: Array, indices: Array, indptr: Array, offset: bool, y: Array, s: Array, weighted: bool,
    order: Array, w: Array, margin: float, pos_out: Array, idx_out: Array, ck_out: Array, k0: int, C: int,
) -> int:
    """One epoch: when y·(w·x) <= margin, w += (y·s_i)·x (``weighted``; a point of weight 0 is
    skipped) or w += y·x, over the nonzeros of x and the offset's 1. Records updates as
    :mod:`._kernels` does."""
    D = w.shape[0]
    cnt = 0
    for t in range(order.shape[0]):
        i = order[t]
        if weighted and s[i] == 0.0:
            continue
        sc = _row_score(data, indices, indptr, i, w, offset)
        yi = y[i]
        if yi * sc <= margin:
            f = yi * s[i] if weighted else yi
            for p in range(indptr[i], indptr[i + 1]):
                w[indices[p]] += f * data[p]
            if offset:
                w[D - 1] += f * 1.0
            pos_out[cnt] = t
            idx_out[cnt] = i
            cnt += 1
            if (k0 + cnt) % C == 0:
                m = (k0 + cnt) // C
                for j in range(D):
                    ck_out[m, j] = w[j]
    return cnt


@njit(cache=True, nogil=True)
def csr_replay_rows(  # pragma: no cover - compiled
    data: Array, indices: Array, indptr: Array, offset: bool, y: Array, index: Array, tau: Array, weighted: bool,
    ck: Array, C: int, ks: Array, out: Array,
) -> None:
    """``_kernels.replay_rows`` over CSR rows: out[r] = w after update ks[r] (ks sorted), from
    the checkpoint before it, adding (τ_k·y_i)·x_i (``weighted``) or y_i·x_i as training did."""
    D = ck.shape[1]
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
            f = tau[cur] * y[i] if weighted else y[i]
            for p in range(indptr[i], indptr[i + 1]):
                w[indices[p]] += f * data[p]
            if offset:
                w[D - 1] += f * 1.0
            cur += 1
        for j in range(D):
            out[r, j] = w[j]


@njit(cache=True, nogil=True)
def csr_scores(data: Array, indices: Array, indptr: Array, offset: bool, w: Array) -> Array:  # pragma: no cover
    """w·x (+ the offset weight) of every row, summed as training sums it."""
    n = indptr.shape[0] - 1
    out = np.empty(n)
    for i in range(n):
        out[i] = _row_score(data, indices, indptr, i, w, offset)
    return out


@njit(cache=True, nogil=True)
def csr_errors_rows(data: Array, indices: Array, indptr: Array, offset: bool, y: Array,
                    P: Array) -> Array:  # pragma: no cover - compiled
    """For every row of P as the weights, the points with sign(w·x) != y (sign(0) = +1)."""
    n = indptr.shape[0] - 1
    out = np.zeros(P.shape[0], dtype=np.int64)
    for r in range(P.shape[0]):
        w = P[r]
        bad = 0
        for i in range(n):
            if (_row_score(data, indices, indptr, i, w, offset) >= 0.0) != (y[i] > 0.0):
                bad += 1
        out[r] = bad
    return out
