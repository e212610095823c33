"""The numbers of the perceptron convergence proof, for the live theory panel.

Novikoff's theorem: if every ||x_i|| <= R and some unit theta* has y_i theta* . x_i >= gamma
> 0, the perceptron started at w_0 = 0 makes at most (R / gamma)^2 updates, because after
k updates w_k . theta* >= k gamma while ||w_k||^2 <= k R^2, so the cosine between w_k and
theta* is at least sqrt(k) gamma / R and cannot exceed 1. This module computes gamma and
theta* for a data set (:func:`dataset_theory`), those quantities along a recorded run
(:func:`proof_quantities`), margins and losses of any separator, and the lifting lemma
that makes any data set separable. Conventions: X is (n, d), y in {-1, +1}, the score of
x is w . x + b; "augmented" data has a column of ones appended so that b is the last weight.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..i18n import _
from . import floatscale, novikoff
from .algorithms.base import row_dots
from .algorithms.scores import augment
from .maxmargin import MaxMarginResult, budget_clock, max_margin
from .run_memory import require_memory, theory_bytes
from .separability import max_margin_any_scale

__all__ = [
    "MaxMarginResult", "max_margin", "Theory", "dataset_theory", "ProofQuantities",
    "proof_quantities", "signed_margins", "dataset_margin", "perceptron_loss", "hinge_loss",
    "training_error", "lift", "lifted_margin_lower_bound", "proof_bytes_per_update",
]


# Below this max ‖x‖, products w·x of a run (about k·‖x‖²) leave float64's normal range (2.2e-308).
_TINY_R = 1e-154


def _xy(X: object, y: object) -> tuple[np.ndarray, np.ndarray]:
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    if X.ndim != 2 or y.shape != (X.shape[0],):
        raise ValueError(f"X must have shape (n, d) and y shape (n,), got {X.shape} and {y.shape}.")
    return X, y


def _scores(X: np.ndarray, w: object, b: float) -> np.ndarray:
    w = np.asarray(w, dtype=np.float64)
    if w.shape != (X.shape[1],):
        raise ValueError(f"w must have shape ({X.shape[1]},) to match X, got {w.shape}.")
    return row_dots(X, w) + float(b)  # training's arithmetic: X @ w may fuse multiply-adds


@dataclass(frozen=True)
class Theory:
    """What the theory panel shows for one data set.

    Attributes
    ----------
    offset : bool
        Whether the quantities refer to augmented data [x, 1].
    R : float
        max_i ||x~_i|| over the (augmented) points; 0.0 for no data.
    mm : MaxMarginResult
        Max-margin separator of the (augmented) data through the origin.
    gamma : float or None
        ``mm.gamma``: the margin in the (augmented) space Novikoff's bound uses.
    theta_star : ndarray or None
        ``mm.theta_star``: unit (augmented) normal, bias last when ``offset``.
    bound : float or None
        (R / gamma)^2, the most updates the perceptron can make from w_0 = 0.
    separable : bool or None
        ``mm.separable``.
    separable_through_origin : bool or None
        Separability of the raw X without offset (equals ``separable`` when not ``offset``).
    mm_origin : MaxMarginResult or None
        The max-margin result on the raw X when ``offset`` (None without offset, and when
        the augmented data are already not separable, which settles it).
    verdict : str
        One or two sentences for the user.
    """

    offset: bool
    R: float
    mm: MaxMarginResult
    gamma: float | None
    theta_star: np.ndarray | None
    bound: float | None
    separable: bool | None
    separable_through_origin: bool | None
    mm_origin: MaxMarginResult | None
    verdict: str


def dataset_theory(
    X: np.ndarray, y: np.ndarray, *, offset: bool, time_budget_s: float | None = None,
    separator: np.ndarray | None = None,
) -> Theory:
    """R, gamma, theta* and Novikoff's bound for (X, y), with or without an offset.

    Parameters
    ----------
    X : ndarray of shape (n, d)
        Raw (not augmented) points.
    y : ndarray of shape (n,)
        Labels in {-1, +1}.
    offset : bool
        Analyse the augmented data [x, 1] (a perceptron with a bias) instead of X.
    time_budget_s : float or None, optional
        Wall-clock budget for the :func:`max_margin` calls together (roughly: each call
        may overrun by one iteration).
    separator : ndarray or None, optional
        Weights (augmented when ``offset``) known to separate the data, from a run that
        converged (:func:`run_separator`): when the solver cannot confirm separability at
        this data's scale, they do, so the verdict never contradicts the run.

    Returns
    -------
    Theory
    """
    X, y = _xy(X, y)
    n, D = X.shape[0], X.shape[1] + int(offset)
    require_memory(theory_bytes(n, D), _("Finding θ* of {n:,} points of {d:,} features").format(n=n, d=X.shape[1]),
                   _("use fewer points or features, or close other programs"))
    # One (n, D) array for everything below: the points (augmented with the offset) times
    # their labels, y·x, with labels all 1. Every margin y·(x·u) equals (y·x)·u to the bit
    # (negation is exact), and the solver works in this array itself instead of its own copy.
    Xt = augment(X, offset)
    Xt *= y[:, None]
    # All labels 1, as a read-only view of one number: at 10⁶ points an array of ones was 8 MB
    # of the peak of `perceptron-gui run`; every reader below only reads it.
    ones = np.broadcast_to(np.ones(1), y.shape)
    R = floatscale.max_row_norm(Xt)
    start = budget_clock()  # the solver's clock, so a frozen clock freezes the split too
    mm = max_margin_any_scale(Xt, ones, time_budget_s=time_budget_s, separator=separator, signed=True)
    mm_origin, through = None, mm.separable
    if offset and mm.separable is not False:   # not separable with offset => not without
        left = time_budget_s
        if left is not None:
            left = max(0.0, left + start - budget_clock())
        # Undecided with the budget spent: the solve through the origin would have no time
        # either, and its copy of y·x is as large as the data (79 MB for MNIST's 0 vs 1).
        if not (mm.separable is None and left == 0.0):
            mm_origin = max_margin_any_scale(X, y, time_budget_s=left)
            through = mm_origin.separable
    bound = _bound(Xt, ones, mm) if mm.separable else None

    if len(X) == 0 or mm.separable is None or not offset:
        verdict = mm.verdict
    elif not mm.separable:
        verdict = ("not linearly separable, even with an offset: "
                   "the convex hull of the y·[x, 1] contains the origin")
    else:
        also = {True: " (also through the origin)", False: " but not through the origin", None: ""}
        verdict = (f"linearly separable with an offset{also[through]}, "
                   f"margin γ {'=' if mm.exact else '≥'} {mm.gamma:.4g} for the augmented points [x, 1]")
        if not mm.exact:
            verdict += mm.caveat or f" (within {mm.gap:.2g})"
    if mm.separable and 0.0 < floatscale.max_row_norm(X) < _TINY_R:
        verdict += ("; at this scale w·x falls below float64's normal range, so the perceptron's "
                    "scores round to 0 and it may never converge: rescale the data")
    return Theory(offset, R, mm, mm.gamma, mm.theta_star, bound, mm.separable, through,
                  mm_origin, verdict)


def _bound(Xt: np.ndarray, y: np.ndarray, mm: MaxMarginResult) -> float | None:
    """(R/γ)², from R and γ on the solver's power-of-two scale: the ratio is then the same
    at every scale, even where R and γ themselves are subnormal (few bits) in the data's units."""
    Xs, _unused = floatscale.to_unit_scale(Xt)
    R_s = float(np.sqrt(np.max(np.einsum("ij,ij->i", Xs, Xs))))
    with np.errstate(under="ignore"):
        gamma_s = float(np.min(y * (Xs @ mm.theta_star)))
    if not gamma_s > np.finfo(np.float64).tiny:   # a margin below the scaled range (mixed scales)
        return novikoff.updates_bound(mm.gamma, floatscale.max_row_norm(Xt))
    return novikoff.updates_bound(gamma_s, R_s)


def proof_bytes_per_update(D: int) -> int:
    """Memory :func:`proof_quantities` takes per update for weights of dimension D: a dozen
    float64 curves and a rescaled copy of the weights (twice, for a weights history that is
    itself built for the call, as the lifted run's is)."""
    return 128 + 16 * int(D)


@dataclass(frozen=True)
class ProofQuantities:
    """The convergence proof along a run, one entry per update count k = 0..K.

    ``dot >= dot_lower`` and ``norm_sq <= norm_sq_upper`` for a perceptron that updates only
    on mistakes (y w . x <= 0); hence ``cos >= cos_lower`` and ``angle_deg <=
    angle_bound_deg``. With w_0 = 0 the bounds are k gamma, k R^2 and min(1, sqrt(k) gamma / R).
    ``cos`` and ``angle_deg`` are nan where w_k = 0.
    """

    k: np.ndarray
    dot: np.ndarray
    dot_lower: np.ndarray
    norm_sq: np.ndarray
    norm_sq_upper: np.ndarray
    cos: np.ndarray
    cos_lower: np.ndarray
    angle_deg: np.ndarray
    angle_bound_deg: np.ndarray


def proof_quantities(
    W: np.ndarray, theta_star: np.ndarray, gamma: float, R: float
) -> ProofQuantities:
    """Novikoff's quantities for a weights history.

    Parameters
    ----------
    W : ndarray of shape (K + 1, D)
        Row k holds the weights after k updates (row 0 the start, usually 0); augmented
        when the data are. For a learning rate eta, pass W / eta.
    theta_star : ndarray of shape (D,)
        Unit max-margin direction (in the same space as W).
    gamma : float
        Its margin (> 0).
    R : float
        max_i ||x_i|| in the same space (> 0).

    Returns
    -------
    ProofQuantities
    """
    W = np.atleast_2d(np.asarray(W, dtype=np.float64))
    theta_star = np.asarray(theta_star, dtype=np.float64)
    k = np.arange(W.shape[0])
    # The cosine is taken with each row on its own power-of-two scale, so weights of 1e-300
    # or 1e150 give the same angle as weights of 1; the raw dot and squared norm may
    # honestly overflow or vanish, without warnings.
    top = np.max(np.abs(W), axis=1) if W.shape[1] else np.zeros(W.shape[0])
    Ws = np.ldexp(W, -np.frexp(top)[1][:, None])
    with np.errstate(over="ignore", under="ignore", divide="ignore", invalid="ignore"):
        dot = W @ theta_star
        norm_sq = np.einsum("ij,ij->i", W, W)
        # The proof telescopes from w_0: each update adds >= gamma to w.theta* and <= R^2
        # to ||w||^2, so a non-zero start only shifts both bounds.
        dot_lower = dot[0] + k * gamma
        norm_sq_upper = norm_sq[0] + k * np.float64(R) ** 2
        norm_s = np.sqrt(np.einsum("ij,ij->i", Ws, Ws))
        cos = np.where(norm_s > 0, (Ws @ theta_star) / np.where(norm_s > 0, norm_s, 1.0), np.nan)
    cos_lower = novikoff.cos_lower_bound(k, gamma, R, float(dot[0]), float(norm_sq[0]))
    angle = np.degrees(np.arccos(np.clip(np.nan_to_num(cos, nan=0.0), -1.0, 1.0)))
    angle_deg = np.where(np.isnan(cos), np.nan, angle)
    angle_bound_deg = np.degrees(np.arccos(cos_lower))
    return ProofQuantities(k, dot, dot_lower, norm_sq, norm_sq_upper, cos, cos_lower,
                           angle_deg, angle_bound_deg)


def signed_margins(X: np.ndarray, y: np.ndarray, w: np.ndarray, b: float = 0.0) -> np.ndarray:
    """Signed distances y_i (w . x_i + b) / ||w|| of the points to the hyperplane.

    Positive on the correct side. All nan when w = 0 (no hyperplane), without warnings.
    Computed on power-of-two rescalings, so data and weights at any finite scale work.
    """
    X, y = _xy(X, y)
    w = np.asarray(w, dtype=np.float64)
    if w.shape != (X.shape[1],):
        raise ValueError(f"w must have shape ({X.shape[1]},) to match X, got {w.shape}.")
    return floatscale.signed_margins(X, y, w, b)


def dataset_margin(X: np.ndarray, y: np.ndarray, w: np.ndarray, b: float = 0.0) -> float:
    """The smallest signed margin (< 0 when a point is misclassified); nan for n = 0 or w = 0."""
    X, y = _xy(X, y)
    w = np.asarray(w, dtype=np.float64)
    if w.shape != (X.shape[1],):
        raise ValueError(f"w must have shape ({X.shape[1]},) to match X, got {w.shape}.")
    return floatscale.min_signed_margin(X, y, w, b)


def perceptron_loss(X: np.ndarray, y: np.ndarray, w: np.ndarray, b: float = 0.0) -> float:
    """Sum of max(0, -y_i (w . x_i + b)): zero exactly when no point is strictly misclassified."""
    X, y = _xy(X, y)
    return float(np.sum(np.maximum(0.0, -y * _scores(X, w, b))))


def hinge_loss(X: np.ndarray, y: np.ndarray, w: np.ndarray, b: float = 0.0) -> float:
    """Sum of max(0, 1 - y_i (w . x_i + b))."""
    X, y = _xy(X, y)
    return float(np.sum(np.maximum(0.0, 1.0 - y * _scores(X, w, b))))


def training_error(X: np.ndarray, y: np.ndarray, w: np.ndarray, b: float = 0.0) -> float:
    """Fraction of points with sign(w . x + b) != y, where sign(0) = +1; nan for n = 0."""
    X, y = _xy(X, y)
    if len(X) == 0:
        return float("nan")
    predicted = np.where(_scores(X, w, b) >= 0.0, 1.0, -1.0)
    return float(np.mean(predicted != y))


def _check_a(a: float) -> float:
    a = float(a)
    if not 0.0 < a < 1.0:
        raise ValueError(f"The lifting parameter a must lie strictly between 0 and 1, got {a}.")
    return a


def lift(X: np.ndarray, a: float) -> np.ndarray:
    """The lifted points x~_i = [a x_i ; sqrt(1 - a^2) e_i], shape (n, d + n).

    Every data set becomes separable through the origin once lifted, since each point
    gets a private coordinate. The matrix is dense, so keep n small.
    """
    a = _check_a(a)
    X = np.asarray(X, dtype=np.float64)
    if X.ndim != 2:
        raise ValueError(f"X must have shape (n, d), got {X.shape}.")
    return np.hstack([a * X, np.sqrt(1.0 - a * a) * np.eye(X.shape[0])])


def lifted_margin_lower_bound(
    X: np.ndarray, y: np.ndarray, w_star: np.ndarray, gamma: float, a: float
) -> float:
    """Margin guaranteed for the lifted data by the lifting lemma.

    With l_i = max(0, gamma - y_i w* . x_i) (w* normalised), the direction
    [w* ; a / sqrt(1 - a^2) * y_i l_i] separates the lifted points with margin

        gamma' = a gamma / sqrt(1 + a^2 / (1 - a^2) * sum_i l_i^2),

    so the perceptron on the lifted data makes at most (R~ / gamma')^2 updates.

    Parameters
    ----------
    X : ndarray of shape (n, d)
    y : ndarray of shape (n,)
    w_star : ndarray of shape (d,)
        Any non-zero direction; it is normalised.
    gamma : float
        Target margin (> 0).
    a : float
        Lifting parameter in (0, 1).

    Returns
    -------
    float
    """
    a = _check_a(a)
    if not gamma > 0:
        raise ValueError(f"The target margin gamma must be positive, got {gamma}.")
    norm = float(np.linalg.norm(w_star))
    if norm == 0.0:
        raise ValueError("The direction w* must be non-zero.")
    X, y = _xy(X, y)
    slack = np.maximum(0.0, gamma - y * _scores(X, np.asarray(w_star) / norm, 0.0))
    return float(a * gamma / np.sqrt(1.0 + a * a / (1.0 - a * a) * np.sum(slack**2)))
