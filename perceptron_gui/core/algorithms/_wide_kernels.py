"""The perceptron's epoch and its per-epoch errors on wide data, with certified signs.

A mistake is decided by the sign of the score alone, y·s <= 0 with s summed left to right over
the augmented vector (w·x, then + b), as scikit-learn sums it. That sum waits on each add. Here
each score is first summed in any order, many products at a time (``fastmath`` reassociation:
vector registers), beside Σ|w_j·x_j|. Both that sum and the left-to-right one are within
γ_D·Σ|w_j·x_j| of the exact score (γ_D = D·u/(1 − D·u), u = 2⁻⁵³, any order, with or
without fused multiply-adds), so where the quick score is farther from 0 than 2.5·γ_D times the
computed Σ (plus a slack for products below the normal range), the left-to-right score has the
same sign and is not 0: the decision is the same. Only the other visits (a score of exactly 0,
a near cancellation, a NaN) are summed left to right, and decided by that sum. An update adds
y·x to w entry by entry, and 1.0·y to b, as the augmented loop does, so every weight is the
same to the bit. ``X`` is the data set's own array (not augmented): no copy per fit.
"""
from __future__ import annotations

from typing import TypeAlias

import numpy as np
from numba import njit

Array: TypeAlias = np.ndarray

_U = 2.0 ** -53
_TINY = 1e-290  # products below the normal range lose their relative accuracy: an absolute slack
_QUICK = {"reassoc", "contract"}  # only the quick sums: any order, fused multiply-adds allowed


@njit(cache=True, nogil=True)
def _exact_score(w: Array, X: Array, i: int, d: int, offset: bool) -> float:  # pragma: no cover
    """The augmented loop's score: w_j·x_ij added left to right, then w_d·1.0 with the offset."""
    s = 0.0
    for j in range(d):
        s += w[j] * X[i, j]
    if offset:
        s += w[d] * 1.0
    return s


@njit(cache=True, nogil=True, fastmath=_QUICK)
def perceptron_epoch_x(  # pragma: no cover - compiled
    X: Array, y: Array, order: Array, w: Array, pos_out: Array, idx_out: Array, ck_out: Array, k0: int, C: int,
    offset: bool, x_norm: Array, prev: Array, wrong_out: Array,
) -> int:
    """``_kernels.perceptron_epoch`` on the augmented points [x, 1] (``offset``) or x, reading
    X (n, d) itself; w has d + 1 weights with the offset (b last), d without. The same updates,
    positions, checkpoints and weights to the bit.

    Each quick score is certified by Cauchy–Schwarz, Σ|w_j·x_j| ≤ ‖w‖·‖x‖ (‖w‖ worked out after
    each update; ``x_norm[i]``: 1.25·‖x_i‖ with its 1, a slack for the norms' own rounding, or a
    negative number until the point's first visit works it out).

    With ``prev`` (the weights at the end of the last epoch; an empty array: none) each visited
    point is also scored with them while its row is at hand, and ``wrong_out[0]`` counts the
    points they get wrong as ``_kernels.count_errors`` counts them (sign(0) = +1): over an
    epoch that is the last epoch's training error, with no pass of its own over X.

    Compiled with ``fastmath`` reassociation and contraction for the quick sums written here;
    the left-to-right sums are :func:`_exact_score`'s, compiled without, and an update adds
    y·x_ij (exact, y = ±1) to w_j alone, so no rounding that decides a mistake is touched."""
    d = X.shape[1]
    D = w.shape[0]
    gamma = D * _U / (1.0 - D * _U)
    slack = 2.5 * gamma
    tiny = D * _TINY
    count = prev.shape[0] == D
    ss = 0.0
    for j in range(D):
        ss += w[j] * w[j]
    w_bound = slack * np.sqrt(ss)
    prev_bound = 0.0
    if count:
        ss = 0.0
        for j in range(D):
            ss += prev[j] * prev[j]
        prev_bound = slack * np.sqrt(ss)
    one = 1.0 if offset else 0.0
    cnt = 0
    to_check = C - k0 % C  # updates until the next checkpoint
    bad = 0
    for t in range(order.shape[0]):
        i = order[t]
        yi = y[i]
        xn = x_norm[i]
        s = 0.0
        if count and xn >= 0.0:
            sv = 0.0
            for j in range(d):
                x = X[i, j]
                s += w[j] * x
                sv += prev[j] * x
            if offset:
                sv += float(prev[d])
            if not abs(sv) > prev_bound * xn + tiny:  # too close to 0 to tell (or NaN)
                sv = _exact_score(prev, X, i, d, offset)
            bad += (sv >= 0.0) != (yi > 0.0)
        else:
            xx = 0.0
            for j in range(d):
                x = X[i, j]
                s += w[j] * x
                xx += x * x
            xn = np.sqrt(xx + one) * 1.25
            x_norm[i] = xn
            if count:
                sv = _exact_score(prev, X, i, d, offset)
                bad += (sv >= 0.0) != (yi > 0.0)
        if offset:
            s += float(w[d])
        if abs(s) > w_bound * xn + tiny:
            wrong = yi * s < 0.0
        else:  # too close to 0 to tell (or NaN, an overflow): the left-to-right sum decides
            wrong = yi * _exact_score(w, X, i, d, offset) <= 0.0
        if wrong:
            ss = 0.0
            for j in range(d):  # y·x_ij is exact (y = ±1): a fused multiply-add rounds the same
                wj = w[j] + yi * X[i, j]
                w[j] = wj
                ss += wj * wj
            if offset:
                w[d] += yi * 1.0
                ss += w[d] * w[d]
            w_bound = slack * np.sqrt(ss)
            pos_out[cnt] = t
            idx_out[cnt] = i
            cnt += 1
            to_check -= 1
            if to_check == 0:  # (k0 + cnt) % C == 0
                to_check = C
                m = (k0 + cnt) // C
                for j in range(D):
                    ck_out[m, j] = w[j]
    wrong_out[0] += bad
    return cnt


@njit(cache=True, nogil=True, fastmath=_QUICK)
def _quick_rows(P: Array, X: Array, i: int, d: int, out: Array) -> float:  # pragma: no cover
    """out[r] = Σ P[r, j]·x_ij over the d features, in any order; returns Σ x_ij²."""
    for r in range(P.shape[0]):
        s = 0.0
        for j in range(d):
            s += P[r, j] * X[i, j]
        out[r] = s
    xx = 0.0
    for j in range(d):
        xx += X[i, j] * X[i, j]
    return xx


@njit(cache=True, nogil=True)
def count_errors_rows_x(X: Array, y: Array, P: Array, offset: bool) -> Array:  # pragma: no cover
    """For every row p of P (R, d + offset) as augmented weights, the number of points of X
    (n, d) whose left-to-right score (b last, sign(0) = +1) has the other sign than their label:
    ``_kernels.count_errors_rows`` on the augmented points, the same counts. Each score is
    first summed in any order and certified by Cauchy–Schwarz, Σ|p_j·x_j| ≤ ‖p‖·‖x‖ (the
    norms with a slack of 1.25 for their own rounding); the others are summed left to right."""
    n, d = X.shape
    R, D = P.shape
    gamma = D * _U / (1.0 - D * _U)
    tiny = D * _TINY
    p_norm = np.empty(R)
    for r in range(R):
        pp = 0.0
        for j in range(D):
            pp += P[r, j] * P[r, j]
        p_norm[r] = np.sqrt(pp) * (2.5 * gamma)
    out = np.zeros(R, dtype=np.int64)
    s = np.empty(R)
    for i in range(n):
        xx = _quick_rows(P, X, i, d, s)
        if offset:
            xx += 1.0
        x_norm = np.sqrt(xx) * 1.25
        pos = y[i] > 0.0
        for r in range(R):
            t = s[r]
            if offset:
                t += P[r, d]
            if not abs(t) > p_norm[r] * x_norm + tiny:  # (an overflow or a NaN too)
                t = _exact_score(P[r], X, i, d, offset)
            out[r] += (t >= 0.0) != pos
    return out
