"""Separability verdicts that hold at any scale of the features and agree with the run.

:func:`~perceptron_gui.core.maxmargin.max_margin` scales the data as a whole, which keeps θ*
exact when every feature has the same order of magnitude. When the features' magnitudes
differ wildly (x₁ near 1e150, x₂ near 1e-150; or points near 1e-150 next to the offset's
constant 1) the margin is below the solver's relative tolerance of the largest point, and
it calls separable data "not separable". Separability itself does not change when each
feature is scaled by its own positive factor (θ ↦ D⁻¹θ maps separators onto separators),
but the max-margin direction does, so such a verdict is decided on per-feature scaled data
and reports a certified lower bound on γ, not the exact θ*.

A perceptron run that went through an epoch without an update proves separability in its
mode; its final weights are checked (at any scale) and used the same way, so the verdict
never contradicts a converged run.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from .algorithms import REGISTRY
from .columns import column_min_max
from .floatscale import signed_margins, unit_direction, vector_norm
from .maxmargin import MaxMarginResult, budget_clock, max_margin
from .run import RunRecord

__all__ = ["max_margin_any_scale", "run_separator", "COLUMN_SPREAD_EXP"]

# Features whose magnitudes differ by more than 2^20 (about 1e6) get the per-feature check
# when the whole-data solve finds no separator; below that a rescaling cannot rescue a
# margin the solver's 1e-12 relative tolerance missed.
COLUMN_SPREAD_EXP = 20


def _column_exponents(X: np.ndarray) -> np.ndarray:
    """Per column, e with max|x_j| = m·2^e, m in [0.5, 1); zero columns get the median."""
    # max|x_j| as max(max x_j, -min x_j), exactly the same number: np.abs(X) was a copy of the
    # data, 23 MB at 10⁶ points, at the peak of `perceptron-gui run`.
    if X.shape[0]:
        lo, hi = column_min_max(X)  # 10⁶ × 2: 1.5 ms against 60 ms for X.max(axis=0) and X.min(axis=0)
        top = np.maximum(hi, -lo)
    else:
        top = np.zeros(X.shape[1])
    e = np.frexp(top)[1].astype(np.int64)
    nonzero = top > 0.0
    if nonzero.any():
        e[~nonzero] = int(np.median(e[nonzero]))
    return np.asarray(e)


def _direction_from_scaled(theta_hat: np.ndarray, col_e: np.ndarray) -> np.ndarray:
    """θ = D⁻¹θ̂ for data scaled as X·2^-e_j per column, brought to a largest entry near 1
    first so it neither overflows nor (for the components that matter) underflows."""
    mant, ex = np.frexp(theta_hat)
    ex = ex.astype(np.int64) - col_e
    top = int(ex[mant != 0.0].max()) if np.any(mant != 0.0) else 0
    with np.errstate(under="ignore"):
        return np.asarray(np.ldexp(mant, ex - top))


def _certified(X: np.ndarray, y: np.ndarray, theta: np.ndarray, base: MaxMarginResult,
               caveat: str) -> MaxMarginResult | None:
    """A separable result with γ = min margin of ``theta`` when it separates every point."""
    u, _, norm = unit_direction(theta)
    if norm == 0.0 or not np.all(np.isfinite(u)):
        return None
    margins = signed_margins(X, y, u)
    if not np.all(margins > 0.0):
        return None
    gamma = float(np.min(margins))
    # Any single y_i x_i lies in the hull, so its length bounds γ from above.
    upper = max(vector_norm(X[int(np.argmin(margins))]), gamma)
    verdict = f"linearly separable through the origin, margin γ ≥ {gamma:.4g}{caveat}"
    return replace(base, separable=True, theta_star=u, gamma=gamma, gap=upper - gamma,
                   exact=False, verdict=verdict, caveat=caveat)


def max_margin_any_scale(X: np.ndarray, y: np.ndarray, *, time_budget_s: float | None = None,
                         separator: np.ndarray | None = None, signed: bool = False) -> MaxMarginResult:
    """:func:`max_margin`, plus a per-feature check and a known separator when it fails.

    Parameters
    ----------
    X : ndarray of shape (n, d)
        Points (augmented with a column of ones for an offset).
    y : ndarray of shape (n,)
        Labels in {-1, +1}.
    time_budget_s : float or None, optional
        Budget for all solves together, on :func:`budget_clock`.
    separator : ndarray of shape (d,) or None, optional
        Weights believed to separate (X, y) through the origin, e.g. a converged run's; used
        only when every margin checks out positive.
    signed : bool, optional
        X holds the y·x and y is all ones (see :func:`max_margin`'s ``signed``).

    Returns
    -------
    MaxMarginResult
        The solver's result when it found a separator (exact or bounded as usual); otherwise
        a separable result with ``exact=False`` and a ``caveat`` when a rescaled solve or the
        separator proves separability; otherwise the solver's result.
    """
    start = budget_clock()
    mm = max_margin(X, y, time_budget_s=time_budget_s, signed=signed)
    if mm.separable or len(X) == 0:
        return mm
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    col_e = _column_exponents(X)
    spread = int(col_e.max() - col_e.min()) if col_e.size else 0
    if spread > COLUMN_SPREAD_EXP:
        left = None if time_budget_s is None else max(0.0, time_budget_s + start - budget_clock())
        with np.errstate(under="ignore"):
            X_cols = np.ldexp(X, -col_e)
        scaled = max_margin(X_cols, y, time_budget_s=left)
        if scaled.separable and scaled.theta_star is not None:
            caveat = (f" (θ* approximate: the coordinates' magnitudes differ by a factor of "
                      f"about 1e{round(spread * np.log10(2.0))}, too much for float64 to find "
                      f"the exact one)")
            found = _certified(X, y, _direction_from_scaled(scaled.theta_star, col_e), mm, caveat)
            if found is not None:
                return found
    if separator is not None:
        caveat = (" (θ* approximate: the run's final weights, which separate every point; "
                  "the exact θ* could not be computed)")
        found = _certified(X, y, np.asarray(separator, dtype=np.float64), mm, caveat)
        if found is not None:
            return found
    return mm


def run_separator(record: RunRecord) -> np.ndarray | None:
    """The (augmented) weights a run proves to separate its training data, or None.

    After an epoch without an update the perceptron's weights classify every training point
    right and never change again, so its last weights separate the data in the run's mode;
    every variant but ``lifted`` (whose updates are made on the lifted points) records them.
    """
    if not record.converged or REGISTRY[record.algorithm].lifts or record.n == 0:
        return None
    return np.asarray(record.weights[-1], dtype=np.float64)
