"""The perceptron family's epochs and error counts on wide data, with certified decisions.

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

A comparison with a threshold β ≠ 0 (the margin perceptron's y·s <= β, the pocket's y·s >= γ)
is certified the same way on y·s − β. With a = y·s_quick and a_lr = y·s_lr (y = ±1: exact),
|a − a_lr| ≤ 2·γ_D·Σ|w_j·x_j| =: E. The computed difference fl(a − β) = (a − β)(1 + δ),
|δ| ≤ u, has the sign of a − β and is 0 only when a = β (a subtraction that underflows is
exact). So when |fl(a − β)| > B ≥ (1 + u)·E, |a − β| > E ≥ |a − a_lr|: a_lr − β has the sign
of a − β and is not 0, so a_lr <= β exactly when fl(a − β) < 0, and a_lr >= β when > 0. The
certificate is on the distance to β, not to 0: a score far from 0 may sit on the margin.

Every certificate also needs the bound below ``_CAP``: the error bounds hold for sums that do not
overflow, and a sum whose Σ|w_j·x_j| stays below float64's largest number overflows in no order.
Past it (weights near 1e154, products near 1e308) the left-to-right sum decides.
"""
from __future__ import annotations

from typing import TypeAlias

import numpy as np
from numba import njit

# The pocket's ratchet state slots (numba freezes them into the kernel).
from ._codes import COUNT_POCKET, COUNT_W, IN_POCKET, N_CHECKS, RUN_POCKET, RUN_W

Array: TypeAlias = np.ndarray
Index: TypeAlias = int | np.uint64  # a point's index: unsigned in the loops (see _epoch_kernels._INDEX)

_U = 2.0 ** -53
_TINY = 1e-290  # products below the normal range lose their relative accuracy: an absolute slack
_QUICK = {"reassoc", "contract"}  # only the quick sums: any order, fused multiply-adds allowed
_NORM_CAP = 1e307  # ‖w‖·‖x‖ below this: Σ|w_j·x_j| and every partial sum, in any order, are finite


# numba compiles a function called from a kernel with the kernel's fastmath flags unless the
# function sets its own: the left-to-right sums and the rounded updates say fastmath=False, or
# they would be reassociated (summed in vector lanes) and fused like the quick sums around them.
@njit(cache=True, nogil=True, fastmath=False)  # said, or it inherits its caller's fastmath
def _exact_score(w: Array, X: Array, i: Index, d: int, offset: bool) -> float:  # pragma: no cover
    """The augmented loop's score: w_j·x_ij added left to right, then w_d·1.0 with the offset."""
    s = 0.0
    for j in range(d):
        s += w[j] * X[i, j]
    if offset:
        s += w[d] * 1.0
    return s


@njit(cache=True, nogil=True, fastmath=False)  # said, or it inherits its caller's fastmath
def _exact_lifted(v: Array, X: Array, i: Index, d: int, offset: bool, c: float, si: float) -> float:  # pragma: no cover
    """``_kernels.lifted_epoch``'s score: v·[x, 1] left to right, then + c·s_i (no fused add)."""
    sc = _exact_score(v, X, i, d, offset)
    sc += c * si
    return sc


@njit(cache=True, nogil=True, fastmath=False)  # said, or it inherits its caller's fastmath
def _scaled_step(w: Array, X: Array, i: Index, f: float, offset: bool) -> None:  # pragma: no cover
    """w += f·x_i (and f·1.0 to b) compiled without fastmath: f·x_ij rounded, then added, as
    ``lifted_epoch`` does (a fused multiply-add would round once and change the bits)."""
    d = X.shape[1]
    for j in range(d):
        w[j] += f * X[i, j]
    if offset:
        w[d] += f * 1.0


@njit(cache=True, nogil=True, fastmath=_QUICK)
def _norm(w: Array) -> float:  # pragma: no cover
    ss = 0.0
    for j in range(w.shape[0]):
        ss += w[j] * w[j]
    return float(np.sqrt(ss))


@njit(cache=True, nogil=True, fastmath=_QUICK)
def perceptron_epoch_x(  # pragma: no cover - compiled
    X: Array, y: Array, order: Array, w: Array, pos_out: Array, idx_out: Array, ck_out: Array, k0: int, C: int,
    offset: bool, margin: float, x_norm: Array, prev: Array, wrong_out: Array,
) -> int:
    """``_kernels.perceptron_epoch`` (``margin`` 0.0) or ``_step_kernels.margin_epoch`` (an
    update when y·s <= ``margin``) on the augmented points [x, 1] (``offset``) or x, reading
    X (n, d) itself; w has d + 1 weights with the offset (b last), d without. The same updates,
    positions, checkpoints and weights to the bit (the averaged perceptron trains with it too).

    Each quick score is certified by Cauchy–Schwarz, Σ|w_j·x_j| ≤ ‖w‖·‖x‖ (‖w‖ worked out after
    each update; ``x_norm[i]``: 1.25·‖x_i‖ with its 1, a slack for the norms' own rounding, or a
    negative number until the point's first visit works it out), on y·s − margin (the module's
    note; with margin 0.0 that is the sign of s).

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
    cap = slack * 1.25 * _NORM_CAP
    count = prev.shape[0] == D
    w_bound = slack * _norm(w)
    prev_bound = slack * _norm(prev) if count else 0.0
    one = 1.0 if offset else 0.0
    cnt = 0
    to_check = C - k0 % C  # updates until the next checkpoint
    bad = 0
    for t in range(order.shape[0]):
        i = np.uint64(order[t])  # not negative: numba adds no wraparound (see _epoch_kernels._INDEX)
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
            pb = prev_bound * xn
            if not (abs(sv) > pb + tiny and pb < cap):  # too close to 0 to tell (or NaN, an overflow)
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
        a = yi * s - margin  # margin 0.0: y·s itself
        wb = w_bound * xn
        if abs(a) > wb + tiny and wb < cap:
            wrong = a < 0.0
        else:  # too close to the margin to tell (or NaN, an overflow): the left-to-right sum decides
            wrong = yi * _exact_score(w, X, i, d, offset) <= margin
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
def lifted_epoch_x(  # pragma: no cover - compiled
    X: Array, y: Array, order: Array, v: Array, sl: Array, a2: float, c: float,
    pos_out: Array, idx_out: Array, ck_out: Array, k0: int, C: int,
    offset: bool, x_norm: Array, prev: Array, wrong_out: Array,
) -> int:
    """``_kernels.lifted_epoch`` reading X (n, d) itself (v: d + 1 weights with the offset), the
    same updates and weights to the bit; ``x_norm``, ``prev`` and ``wrong_out`` as in
    :func:`perceptron_epoch_x` (the predictor is v on the original features).

    The lifted score is v·[x, 1] + c·s_i, D + 1 terms summed left to right: the quick one is
    within γ_{D+1}·(Σ|v_j·x_j| + |c·s_i|) of the exact score, and so is the left-to-right one,
    so the bound is :func:`perceptron_epoch_x`'s with γ_{D+1} and |c·s_i| (×1.25 for its rounding)
    added to ‖v‖·‖x‖. An update adds (y·a²)·x_ij, a rounded product, so it is made by
    :func:`_scaled_step`, compiled without fused multiply-adds, as the augmented loop makes it."""
    d = X.shape[1]
    D = v.shape[0]
    gamma = (D + 1) * _U / (1.0 - (D + 1) * _U)
    slack = 2.5 * gamma
    tiny = (D + 1) * _TINY
    cap = slack * 1.25 * _NORM_CAP
    count = prev.shape[0] == D
    w_bound = slack * _norm(v)
    prev_bound = slack * _norm(prev) if count else 0.0
    one = 1.0 if offset else 0.0
    cnt = 0
    to_check = C - k0 % C
    bad = 0
    for t in range(order.shape[0]):
        i = np.uint64(order[t])  # not negative: numba adds no wraparound (see _epoch_kernels._INDEX)
        yi = y[i]
        xn = x_norm[i]
        s = 0.0
        if count and xn >= 0.0:
            sv = 0.0
            for j in range(d):
                x = X[i, j]
                s += v[j] * x
                sv += prev[j] * x
            if offset:
                sv += float(prev[d])
            pb = prev_bound * xn
            if not (abs(sv) > pb + tiny and pb < cap):
                sv = _exact_score(prev, X, i, d, offset)
            bad += (sv >= 0.0) != (yi > 0.0)
        else:
            xx = 0.0
            for j in range(d):
                x = X[i, j]
                s += v[j] * x
                xx += x * x
            xn = np.sqrt(xx + one) * 1.25
            x_norm[i] = xn
            if count:
                sv = _exact_score(prev, X, i, d, offset)
                bad += (sv >= 0.0) != (yi > 0.0)
        if offset:
            s += float(v[d])
        cs = c * sl[i]
        s += cs
        wb = w_bound * xn + slack * 1.25 * abs(cs)
        if abs(s) > wb + tiny and wb < cap:
            wrong = yi * s < 0.0
        else:
            wrong = yi * _exact_lifted(v, X, i, d, offset, c, sl[i]) <= 0.0
        if wrong:
            _scaled_step(v, X, i, yi * a2, offset)
            sl[i] += yi * c
            w_bound = slack * _norm(v)
            pos_out[cnt] = t
            idx_out[cnt] = i
            cnt += 1
            to_check -= 1
            if to_check == 0:
                to_check = C
                m = (k0 + cnt) // C
                for j in range(D):
                    ck_out[m, j] = v[j]
    wrong_out[0] += bad
    return cnt


@njit(cache=True, nogil=True, fastmath=_QUICK)
def row_norms_x(X: Array, offset: bool) -> Array:  # pragma: no cover - compiled
    """1.25·‖[x_i, 1]‖ (or ‖x_i‖) for every row: :func:`perceptron_epoch_x`'s ``x_norm``."""
    n, d = X.shape
    one = 1.0 if offset else 0.0
    out = np.empty(n)
    for i in range(n):
        xx = 0.0
        for j in range(d):
            xx += X[i, j] * X[i, j]
        out[i] = np.sqrt(xx + one) * 1.25
    return out


@njit(cache=True, nogil=True, fastmath=_QUICK)
def count_good_x(X: Array, y: Array, w: Array, gamma: float, offset: bool, x_norm: Array) -> int:  # pragma: no cover
    """The pocket's count on X itself: #{i : y_i·s_i > γ, or = γ when γ ≠ 0}, s_i the augmented
    loop's left-to-right score (``_pocket_kernels._count_good``'s count). Each quick y·s − γ is
    certified as in :func:`perceptron_epoch_x`; the others are summed left to right."""
    n, d = X.shape
    D = w.shape[0]
    g = D * _U / (1.0 - D * _U)
    slack = 2.5 * g
    tiny = D * _TINY
    cap = slack * 1.25 * _NORM_CAP
    if gamma >= 0.0 and not np.any(w != 0.0):
        return 0  # w = 0: every score is ±0 (NaN where x is not finite), and none passes y·s > γ ≥ 0
    w_bound = slack * _norm(w)
    b = float(w[d]) if offset else 0.0
    good = 0
    for m in range(n):
        s = 0.0
        for j in range(d):
            s += w[j] * X[m, j]
        s += b
        ym = y[m]
        a = ym * s - gamma
        wb = w_bound * x_norm[m]
        if abs(a) > wb + tiny and wb < cap:
            good += a > 0.0
        else:
            v = ym * _exact_score(w, X, m, d, offset)
            good += v > gamma or (gamma != 0.0 and v == gamma)
    return good


@njit(cache=True, nogil=True, fastmath=_QUICK)
def pocket_epoch_x(  # pragma: no cover - compiled
    X: Array, y: Array, order: Array, w: Array, pos_out: Array, idx_out: Array, ck_out: Array, k0: int, C: int,
    count_out: Array, gamma: float, ratchet: bool, rs: Array, checks_out: Array, offset: bool, x_norm: Array,
) -> int:
    """``_pocket_kernels.pocket_epoch`` reading X (n, d) itself: the same updates, counts,
    checks and weights to the bit. The mistake y·s <= 0 is certified on s, the ratchet's pass
    (y·s > γ, or = γ when γ ≠ 0) on y·s − γ (the module's note), the count by
    :func:`count_good_x` (on one core: certified sums, several times the left-to-right count's
    speed). ``x_norm``: :func:`row_norms_x` of X."""
    d = X.shape[1]
    D = w.shape[0]
    g = D * _U / (1.0 - D * _U)
    slack = 2.5 * g
    tiny = D * _TINY
    cap = slack * 1.25 * _NORM_CAP
    w_bound = slack * _norm(w)
    run_w, run_p, count_p, count_w, in_pocket = rs[RUN_W], rs[RUN_POCKET], rs[COUNT_POCKET], rs[COUNT_W], rs[IN_POCKET]
    cnt = 0
    nchk = 0
    for t in range(order.shape[0]):
        i = np.uint64(order[t])  # not negative: numba adds no wraparound (see _epoch_kernels._INDEX)
        s = 0.0
        for j in range(d):
            s += w[j] * X[i, j]
        if offset:
            s += float(w[d])
        yi = y[i]
        wb = w_bound * x_norm[i]
        sure = wb < cap
        exact = False
        if sure and abs(s) > wb + tiny:
            v = yi * s
        else:
            v = yi * _exact_score(w, X, i, d, offset)
            exact = True
        counting = False
        if v <= 0.0:
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
            if (k0 + cnt) % C == 0:
                m = (k0 + cnt) // C
                for j in range(D):
                    ck_out[m, j] = w[j]
            run_w = 0
            count_w = -1
            in_pocket = 0
            counting = not ratchet
        elif ratchet:
            if gamma != 0.0 and not exact and not (abs(v - gamma) > wb + tiny):
                v = yi * _exact_score(w, X, i, d, offset)  # too close to γ to tell
            if v > gamma or (gamma != 0.0 and v == gamma):
                run_w += 1
                if in_pocket == 1:
                    run_p = max(run_p, run_w)
                else:
                    counting = run_w > run_p and count_w < 0
            else:
                run_w = 0
        if counting:
            c = count_good_x(X, y, w, gamma, offset, x_norm)
            if not ratchet:
                count_out[cnt - 1] = c
            else:
                count_w = c
                checks_out[0, nchk] = k0 + cnt
                checks_out[1, nchk] = c
                checks_out[2, nchk] = t
                checks_out[3, nchk] = 0
                if c > count_p:
                    count_p = c
                    run_p = run_w
                    in_pocket = 1
                    checks_out[3, nchk] = 1
                nchk += 1
    if ratchet:
        rs[RUN_W], rs[RUN_POCKET], rs[COUNT_POCKET], rs[COUNT_W] = run_w, run_p, count_p, count_w
        rs[IN_POCKET], rs[N_CHECKS] = in_pocket, nchk
    return cnt


@njit(cache=True, nogil=True, fastmath=_QUICK)
def _quick_rows(P: Array, X: Array, i: int, d: int, out: Array) -> float:  # pragma: no cover
    """out[r] = Σ P[r, j]·x_ij over the d features, in any order, four rows per pass over the
    point (each x_ij read once for four sums); returns Σ x_ij²."""
    R = P.shape[0]
    r = 0
    while r + 4 <= R:
        s0 = 0.0
        s1 = 0.0
        s2 = 0.0
        s3 = 0.0
        for j in range(d):
            x = X[i, j]
            s0 += P[r, j] * x
            s1 += P[r + 1, j] * x
            s2 += P[r + 2, j] * x
            s3 += P[r + 3, j] * x
        out[r], out[r + 1], out[r + 2], out[r + 3] = s0, s1, s2, s3
        r += 4
    while r < R:
        s = 0.0
        for j in range(d):
            s += P[r, j] * X[i, j]
        out[r] = s
        r += 1
    return _row_sq(X, i, d)


@njit(cache=True, nogil=True, fastmath=_QUICK)
def _row_sq(X: Array, i: Index, d: int) -> float:  # pragma: no cover
    """Σ x_ij² over row i, in any order."""
    xx = 0.0
    for j in range(d):
        xx += X[i, j] * X[i, j]
    return xx


@njit(cache=True, nogil=True, fastmath=_QUICK)
def count_errors_rows_x(X: Array, y: Array, P: Array, offset: bool, x_norm: Array) -> Array:  # pragma: no cover
    """For every row p of P (R, d + offset) as augmented weights, the number of points of X
    (n, d) whose left-to-right score (b last, sign(0) = +1) has the other sign than their label:
    ``_kernels.count_errors_rows`` on the augmented points, the same counts. Each score is
    first summed in any order and certified by Cauchy–Schwarz, Σ|p_j·x_j| ≤ ‖p‖·‖x‖ (the
    norms with a slack of 1.25 for their own rounding); the others are summed left to right.
    ``x_norm[i]``: 1.25·‖x_i‖ with its 1 as the epochs keep it, or a negative number: worked
    out here (a fit's last epoch is counted with the norms its epochs found)."""
    n, d = X.shape
    R, D = P.shape
    gamma = D * _U / (1.0 - D * _U)
    tiny = D * _TINY
    cap = 2.5 * gamma * 1.25 * _NORM_CAP
    p_norm = np.empty(R)
    for r in range(R):
        p_norm[r] = _norm(P[r]) * (2.5 * gamma)
    one = 1.0 if offset else 0.0
    out = np.zeros(R, dtype=np.int64)
    if R == 1:  # one row (a fit's last epoch): its score alone, the norms given
        p = P[0]
        b = p[d] if offset else 0.0
        bad = 0
        for i in range(n):
            t = 0.0
            for j in range(d):
                t += p[j] * X[i, j]
            t += b
            xn = x_norm[i]
            if xn < 0.0:
                xn = np.sqrt(_row_sq(X, i, d) + one) * 1.25
            pb = p_norm[0] * xn
            if not (abs(t) > pb + tiny and pb < cap):  # (an overflow or a NaN too)
                t = _exact_score(p, X, i, d, offset)
            bad += (t >= 0.0) != (y[i] > 0.0)
        out[0] = bad
        return out
    s = np.empty(R)
    for i in range(n):
        xx = _quick_rows(P, X, i, d, s)
        xn = np.sqrt(xx + one) * 1.25
        pos = y[i] > 0.0
        for r in range(R):
            t = s[r]
            if offset:
                t += P[r, d]
            pb = p_norm[r] * xn
            if not (abs(t) > pb + tiny and pb < cap):  # (an overflow or a NaN too)
                t = _exact_score(P[r], X, i, d, offset)
            out[r] += (t >= 0.0) != pos
    return out
