"""The max-margin separator through the origin, by Wolfe's minimum-norm-point algorithm.

For labelled data (x_i, y_i) put z_i = y_i x_i. The hard-margin SVM without bias,

    theta* = argmax_{||theta|| = 1} min_i z_i . theta,    gamma = that minimum,

is dual to the minimum-norm point p* of the convex hull of the z_i: when p* != 0,
theta* = p* / ||p*|| and gamma = ||p*||; when 0 lies in the hull no direction separates
the data through the origin. Callers that want an offset pass augmented data (a column
of ones appended), which turns "separable with an offset" into "separable through the
origin" one dimension up.

Every point p of the hull certifies an interval for the margin,

    lower = min_i z_i . p / ||p||  <=  gamma  <=  ||p|| = upper,

so a run cut short by ``max_iter`` or a time budget still reports an honest gap.

A time budget makes the answer depend on how fast and how busy the machine is. With the
environment variable ``PERCEPTRON_GUI_FROZEN_CLOCK`` set (the test suite sets it), the
budget clock :func:`budget_clock` stands still: a budget of 0 still stops at once, any
positive budget never runs out, so every machine gives the same answer.
"""
from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .floatscale import scale_exponent, scale_in_place, unscale

__all__ = ["FROZEN_CLOCK_ENV", "MaxMarginResult", "budget_clock", "max_margin"]

FROZEN_CLOCK_ENV = "PERCEPTRON_GUI_FROZEN_CLOCK"
# What budget_clock reads when the clock is not frozen; a test may swap in a fake clock.
_clock: Callable[[], float] = time.perf_counter

_EPS = float(np.finfo(np.float64).eps)
# Error of a computed z.x relative to R ||x||, with headroom for d up to ~50.
_ROUNDING = 16 * _EPS
# Relative certified gap below which a rounding stall counts as converged.
_STALL_RTOL = 1e-9


def budget_clock() -> float:
    """Seconds on the clock that time budgets read: constant while it is frozen.

    Read at every call (not at import) so a test can set or clear ``FROZEN_CLOCK_ENV``.
    Callers that split one budget over several solves measure with this clock too.
    """
    if os.environ.get(FROZEN_CLOCK_ENV, "") not in ("", "0"):
        return 0.0
    return _clock()


@dataclass(frozen=True)
class MaxMarginResult:
    """Outcome of :func:`max_margin`.

    Attributes
    ----------
    separable : bool or None
        True when a direction separates every point with positive margin, False when the
        origin lies in the convex hull of the y_i x_i, None when there is no data or the
        solver stopped before it could tell.
    theta_star : ndarray of shape (d,) or None
        Unit normal of the best separator found; None unless ``separable``.
    gamma : float or None
        ``min_i y_i theta_star . x_i`` (> 0); None unless ``separable``.
    gap : float
        Certified ``upper - lower`` bound on the error of ``gamma``; 0.0 when the active
        set solved the optimality (KKT) conditions to within ``tol``.
    exact : bool
        True when the optimality conditions hold to within ``tol``.
    iterations : int
        Number of major (point-adding) iterations.
    support : ndarray of int
        Indices of the active points: the support vectors when separable, points whose
        hull contains the origin when not.
    verdict : str
        One sentence for the user.
    caveat : str
        Why ``gamma`` is only a lower bound when it did not come from this solver (see
        :mod:`perceptron_gui.core.separability`), as a parenthesis; "" otherwise.
    """

    separable: bool | None
    theta_star: np.ndarray | None
    gamma: float | None
    gap: float
    exact: bool
    iterations: int
    support: np.ndarray
    verdict: str
    caveat: str = ""


def _affine_minimizer(P: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Minimum-norm point of the affine hull of the rows of P and its barycentric coordinates.

    The point is the residual of projecting -P[0] onto the span of the edges P[i] - P[0].
    Forming it from the orthonormal basis (and projecting twice) keeps its error at the
    rounding level of the data, whereas summing alpha @ P cancels badly when the margin
    is small next to the points. The SVD also copes with nearly affinely dependent sets,
    which Wolfe's theory excludes but rounding does not.
    """
    if P.shape[0] == 1:
        return P[0].copy(), np.ones(1)
    B = (P[1:] - P[0]).T
    U, sv, Vt = np.linalg.svd(B, full_matrices=False)
    rank = int(np.sum(sv > sv[0] * 1e-13))
    U, sv, Vt = U[:, :rank], sv[:rank], Vt[:rank]
    x = P[0] - U @ (U.T @ P[0])
    x -= U @ (U.T @ x)
    beta = Vt.T @ ((U.T @ (x - P[0])) / sv)
    return x, np.concatenate(([1.0 - beta.sum()], beta))


def _signed_points(X: object, y: object) -> np.ndarray:
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    if X.ndim != 2:
        raise ValueError(f"X must be a 2-D array of shape (n, d), got shape {X.shape}.")
    if y.shape != (X.shape[0],):
        raise ValueError(f"y must have shape ({X.shape[0]},) to match X, got {y.shape}.")
    if not (np.all(np.isfinite(X)) and np.all(np.abs(y) == 1.0)):
        raise ValueError("X must be finite and every label must be -1 or +1.")
    return np.ascontiguousarray(y[:, None] * X)


def max_margin(
    X: np.ndarray,
    y: np.ndarray,
    *,
    tol: float = 1e-12,
    max_iter: int = 10_000,
    time_budget_s: float | None = None,
    signed: bool = False,
) -> MaxMarginResult:
    """Max-margin separator of (X, y) through the origin.

    Parameters
    ----------
    X : ndarray of shape (n, d)
        Points (augment them with a column of ones to allow an offset).
    y : ndarray of shape (n,)
        Labels in {-1, +1}.
    tol : float, optional
        Relative tolerance. The iterate p is optimal when its certified relative gap
        ``(upper - lower) / upper`` is at most tol (or at the rounding level of z . p,
        about 4e-15 R / gamma); ``||p|| <= tol R`` with R = max_i ||x_i|| means the
        origin is in the hull (not separable). In float64 gamma is thus exact to
        about 1e-9 relative while R / gamma stays below ~1e5.
    max_iter : int, optional
        Cap on major iterations.
    time_budget_s : float or None, optional
        Wall-clock budget, read on :func:`budget_clock`; when it runs out the best point
        so far is returned with ``exact=False`` and its certified gap. 0 stops after the
        first check (also with a frozen clock).
    signed : bool, optional
        X already holds the y·x (a C-contiguous float64 array the caller owns) and y is all
        ones: the solver works in X itself, scaled in place and scaled back before it returns,
        instead of a copy (24 MB at 10⁶ points with an offset). Data whose scaling would lose
        bits (values below 2^-1022 after it) are copied as usual.

    Returns
    -------
    MaxMarginResult

    Notes
    -----
    Wolfe (1976): keep a corral S of affinely independent points (at most d + 1) and the
    current p as a convex combination of them; add the point most violating
    z . p >= ||p||^2, move p to the minimum-norm point of aff(S), and while that leaves
    the hull, step back to its boundary and drop the point whose weight hits zero. ||p||
    strictly decreases, so no corral repeats and the method is finite; each iteration
    costs one O(n d) product plus an O(d^3) SVD.
    """
    start = budget_clock()
    if signed and _scales_exactly(X):
        Z, restore = X, True
    else:
        Z, restore = _signed_points(X, y), False
    n, d = Z.shape
    if n == 0:
        return MaxMarginResult(None, None, None, 0.0, True, 0, np.zeros(0, np.int64),
                               "empty data set")
    # theta* is scale-invariant and gamma scale-covariant: solve on Z / 2^e (exact) with its
    # largest entry in [0.5, 1), so squares neither overflow (1e300) nor vanish (1e-300,
    # subnormals), and give gamma, gap and bounds back in the data's units.
    at_origin = _has_zero_row(Z)
    scale_e = scale_in_place(Z)  # Z is the solver's own copy, or the caller's to scale back
    try:
        return _solve(Z, n, d, scale_e, at_origin, start, tol, max_iter, time_budget_s)
    finally:
        if restore and scale_e:
            np.ldexp(Z, scale_e, out=Z)  # exact: _scales_exactly said no value lost a bit


def _scales_exactly(Z: np.ndarray) -> bool:
    """Whether scaling Z to unit scale (and back) is exact: no nonzero value falls below the
    normal range on the way. Checked block by block, so no |Z| copy exists."""
    if not (Z.dtype == np.float64 and Z.flags.c_contiguous and Z.flags.writeable) or Z.size == 0:
        return False
    e = scale_exponent(Z)
    if e <= 0:
        return True  # scaled up (largest entry to [0.5, 1)) and back: exact, subnormals too
    tiny = np.ldexp(np.finfo(np.float64).tiny, e)  # what falls below 2^-1022 once scaled by 2^-e
    rows = 65_536
    for i in range(0, Z.shape[0], rows):
        block = Z[i:i + rows]
        if np.any((block != 0.0) & (block < tiny) & (block > -tiny)):
            return False
    return True


def _has_zero_row(Z: np.ndarray, rows: int = 65_536) -> bool:
    """Whether a row of Z is all zeros, in blocks of rows: ``Z != 0`` whole was n·d bytes more
    at the peak of a run's θ* (3 MB at 10⁶ 2-D points with an offset)."""
    return any(not np.all(np.any(Z[i:i + rows] != 0.0, axis=1)) for i in range(0, Z.shape[0], rows))


def _solve(Z: np.ndarray, n: int, d: int, scale_e: int, at_origin: bool, start: float, tol: float,
           max_iter: int, time_budget_s: float | None) -> MaxMarginResult:
    """Wolfe's loop on the scaled y·x (see :func:`max_margin`); answers in the data's units."""
    norms_sq = np.einsum("ij,ij->i", Z, Z)
    R = float(np.sqrt(norms_sq.max()))

    S = [int(np.argmin(norms_sq))]          # the closest point is the best single vertex
    del norms_sq  # n floats: the loop's scores reuse one buffer of that size instead
    s = np.empty(n)
    lam = np.ones(1)
    x = Z[S[0]].copy()
    best_lower, best_x = -np.inf, x
    iterations, flat, exact, origin_in_hull, stalled = 0, 0, False, False, False
    while True:
        xx = float(x @ x)
        nx = np.sqrt(xx)
        if nx <= tol * R:
            exact = origin_in_hull = True
            break
        np.dot(Z, x, out=s)
        j = int(np.argmin(s))
        lower = s[j] / nx
        if lower > best_lower:
            best_lower, best_x = lower, x
        # Relative optimality gap tol, floored at what rounding of z.x lets us see.
        if xx - s[j] <= tol * xx + _ROUNDING * R * nx:
            exact = True
            break
        out_of_time = time_budget_s is not None and budget_clock() - start >= time_budget_s
        if iterations >= max_iter or out_of_time:
            break
        if j in S:                             # only rounding can say "improve": converged
            stalled = True
            break
        iterations += 1
        S_old, lam_old = S, lam
        S = S + [j]
        lam = np.append(lam, 0.0)
        while True:                            # minor cycle: project onto aff(S), stay in hull
            x_aff, alpha = _affine_minimizer(Z[S])
            if np.all(alpha > 0.0):
                lam = alpha
                x_new = x_aff
                break
            # Walk from lam towards alpha until the first weight hits zero, then drop it.
            neg = np.flatnonzero(alpha <= 0.0)
            den = lam[neg] - alpha[neg]
            ratios = np.divide(lam[neg], den, out=np.zeros_like(den), where=den > 0.0)
            first = int(np.argmin(ratios))
            lam = lam + ratios[first] * (alpha - lam)
            keep = lam > 0.0
            keep[neg[first]] = False
            if not keep.any():                 # rounding only; keep the heaviest point
                keep[int(np.argmax(lam))] = True
            S = [k for k, kk in zip(S, keep) if kk]
            lam = lam[keep] / lam[keep].sum()
        # Wolfe strictly decreases ||x||, but a step of relative size < sqrt(eps) changes
        # ||x||^2 by less than its rounding while still shrinking the gap, so allow a few
        # flat steps; a rise, a repeated corral or a run of flat steps means rounding stalled.
        nn = float(x_new @ x_new)
        flat = flat + 1 if nn >= xx else 0
        if nn > xx * (1.0 + 4 * _EPS) or set(S) == set(S_old) or flat > max(10, d + 2):
            S, lam, stalled = S_old, lam_old, True
            break
        x = x_new

    upper = float(np.sqrt(x @ x))
    if stalled:                                # trust a stall only if the certificate agrees
        exact = upper - best_lower <= _STALL_RTOL * upper
    support = np.array(sorted(S), dtype=np.int64)
    if origin_in_hull or (exact and best_lower <= tol * R):
        why = ("a point lies at the origin" if at_origin
               else "the convex hull of the y·x contains the origin")
        return MaxMarginResult(False, None, None, 0.0, exact, iterations, support,
                               f"not linearly separable through the origin: {why}")
    if best_lower <= tol * R:
        return MaxMarginResult(None, None, None, unscale(upper - best_lower, scale_e), False,
                               iterations, support, f"undecided: stopped after {iterations} "
                               f"iterations (margin at most {unscale(upper, scale_e):.4g})")
    theta = best_x / np.linalg.norm(best_x)
    gamma = float(np.min(Z @ theta))
    gap = 0.0 if exact else max(0.0, upper - gamma)
    gamma, gap = unscale(gamma, scale_e), unscale(gap, scale_e)
    verdict = (f"linearly separable through the origin, margin γ = {gamma:.4g}" if exact else
               f"linearly separable through the origin, margin γ ≥ {gamma:.4g} "
               f"(within {gap:.2g}; stopped early)")
    return MaxMarginResult(True, theta, gamma, gap, exact, iterations, support, verdict)
