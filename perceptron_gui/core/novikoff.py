"""The convergence proof's bounds from any start w₀ (Block & Novikoff; notes 003 and 004).

For a unit θ* with margin γ on data with max ‖x‖ = R, every update (made on a mistake) adds at
least γ to w·θ* and at most R² to ‖w‖². From a start w₀ the proof therefore gives, after k
updates,

    w_k·θ* ≥ w₀·θ* + kγ     and     ‖w_k‖² ≤ ‖w₀‖² + kR²,

so cos∠(w_k, θ*) ≥ (w₀·θ* + kγ) / √(‖w₀‖² + kR²) while the numerator is ≥ 0, and since a
cosine is at most 1 the number of updates K satisfies (w₀·θ* + Kγ)² ≤ ‖w₀‖² + KR²: the largest
such k is the bound on updates. From w₀ = 0 these are √k·γ/R and Novikoff's (R/γ)².

Every view, the CLI and the run file ask this module; none re-derives the formulas.
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..i18n import N_
from .algorithms import REGISTRY

# (R/γ)² overflows (Python raises) beyond this R/γ; the bound is then reported as inf.
_SQRT_FLOAT_MAX = 1e154

__all__ = ["cos_lower_bound", "angle_bound_deg", "updates_bound", "max_updates",
           "starts_at_zero", "bound_formula", "start_terms", "start_bound_sentence",
           "run_start_bound", "margin_perceptron_R", "margin_guarantee", "margin_bound_formula"]


def starts_at_zero(dot0: float, norm_sq0: float) -> bool:
    """True when the start is w₀ = 0 (‖w₀‖² = 0 implies w₀·θ* = 0)."""
    return float(norm_sq0) == 0.0 and float(dot0) == 0.0


def cos_lower_bound(k: np.ndarray | float, gamma: float, R: float, dot0: float = 0.0,
                    norm_sq0: float = 0.0) -> np.ndarray:
    """The proof's lower bound on cos∠(w_k, θ*) after k updates, capped at 1.

    −1 (no bound) while w₀·θ* + kγ < 0; 0 where ‖w₀‖² + kR² = 0 (k = 0 from w₀ = 0).
    """
    k = np.asarray(k, dtype=np.float64)
    R = float(R)
    if 0.0 < R < math.inf:
        # In units of R, so that R² neither overflows (data near 1e150) nor vanishes (1e-300).
        num = dot0 / R + k * (gamma / R)
        den_sq = norm_sq0 / R / R + k
    else:
        num = dot0 + k * gamma
        den_sq = norm_sq0 + k * R * R
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        ratio = num / np.sqrt(np.where(den_sq > 0, den_sq, 1.0))
    cos = np.where(den_sq > 0, ratio, 0.0)
    return np.where(num >= 0, np.minimum(1.0, cos), -1.0)


def angle_bound_deg(k: np.ndarray | float, gamma: float, R: float, dot0: float = 0.0,
                    norm_sq0: float = 0.0) -> np.ndarray:
    """The largest angle (°) to θ* the proof allows after k updates: arccos of
    :func:`cos_lower_bound` (180° while it gives no bound, 90° at k = 0 from w₀ = 0)."""
    return np.asarray(np.degrees(np.arccos(cos_lower_bound(k, gamma, R, dot0, norm_sq0))))


def updates_bound(gamma: float | None, R: float | None, dot0: float = 0.0,
                  norm_sq0: float = 0.0) -> float | None:
    """The real k* at which the angle bound reaches 0°: the larger root of
    (w₀·θ* + kγ)² = ‖w₀‖² + kR², so a run from w₀ makes at most ⌊k*⌋ updates.

    (R/γ)² for w₀ = 0. None without a margin (γ ≤ 0 or unknown) or a finite R.
    """
    if gamma is None or R is None or not (gamma > 0) or not math.isfinite(R) or not math.isfinite(gamma):
        return None
    q = R / gamma
    if not q < _SQRT_FLOAT_MAX:   # features at wildly different scales: no usable bound
        return math.inf
    if starts_at_zero(dot0, norm_sq0):
        return q ** 2  # the same arithmetic as Theory.bound, so both agree to the bit
    # γ²k² + (2dγ − R²)k + (d² − s) = 0 with d = w₀·θ*, s = ‖w₀‖². Since |d| ≤ √s (θ* is a unit
    # vector) the constant is ≤ 0 and the roots have opposite signs: the larger is k*.
    # Written with the scale-free q = R/γ and u = d/γ, v = s/γ² to keep it finite for any scale.
    d, s = float(dot0), float(norm_sq0)
    q2 = q ** 2
    r = math.sqrt(s) / gamma      # ‖w₀‖/γ, so that v cannot divide by an underflowed γ²
    if not r < _SQRT_FLOAT_MAX:
        return math.inf
    u, v = d / gamma, r * r
    B = 2.0 * u - q2              # k² + Bk + C = 0
    C = u * u - v
    disc = max(B * B - 4.0 * C, 0.0)
    root = math.sqrt(disc)
    # Citardauq form for the larger root: no cancellation whichever sign B has.
    big = (-B + root) / 2.0 if B <= 0 else (-2.0 * C) / (B + root) if (B + root) > 0 else 0.0
    return max(big, 0.0)


def max_updates(bound: float | None) -> int | None:
    """The integer bound on updates, ⌊bound⌋, read with a relative tolerance of 1e-9 so that a
    bound that is an integer up to round-off (4 computed as 3.9999999999) counts as that integer.
    Everything that prints "at most N updates" uses this one rounding."""
    if bound is None or not math.isfinite(bound):
        return None
    return int(math.floor(bound * (1.0 + 1e-9) + 1e-12))


def bound_formula(dot0: float, norm_sq0: float) -> str:
    """The bound in words and symbols, for legends, tooltips and the run file: English (the run
    file's text), marked with N_(); a legend or tooltip shows ``_(bound_formula(...))``."""
    if starts_at_zero(dot0, norm_sq0):
        return N_("k ≤ (R/γ)²: from w₀ = 0, w_k·θ* ≥ kγ and ‖w_k‖² ≤ kR²")
    return N_("largest k with (w₀·θ* + kγ)² ≤ ‖w₀‖² + kR²: from the start w₀, "
              "w_k·θ* ≥ w₀·θ* + kγ and ‖w_k‖² ≤ ‖w₀‖² + kR²")


def start_terms(w0: np.ndarray, theta_star: np.ndarray) -> tuple[float, float]:
    """w₀·θ* and ‖w₀‖² of a start (both vectors augmented alike), with the arithmetic
    :func:`~perceptron_gui.core.theory.proof_quantities` uses for its row 0."""
    W = np.atleast_2d(np.asarray(w0, dtype=np.float64))
    with np.errstate(over="ignore", under="ignore"):
        return float((W @ np.asarray(theta_star, dtype=np.float64))[0]), float(np.einsum("ij,ij->i", W, W)[0])


def start_bound_sentence(gamma: float | None, R: float | None, dot0: float, norm_sq0: float,
                         bound: float | None = None) -> str | None:
    """The bound on updates from a start, as one sentence with its numbers (the run file's
    ``theory.start_bound_formula`` and ``run``'s summary); None without a margin.

    ``bound`` is the value to print (default :func:`updates_bound`; the caller may pass the
    data set's own (R/γ)² for a zero start, so both print the same digits)."""
    k = updates_bound(gamma, R, dot0, norm_sq0) if bound is None else bound
    if k is None or gamma is None or R is None:
        return None
    n = max_updates(k)
    most = f"at most {n:,} update{'s' if n != 1 else ''}" if n is not None else "no finite number of updates"
    if starts_at_zero(dot0, norm_sq0):
        return f"From w₀ = 0 the bound is k ≤ (R/γ)² = ({R:.6g}/{gamma:.6g})² = {k:.6g}: {most}."
    return (f"From the start w₀ (w₀·θ* = {dot0:.6g}, ‖w₀‖² = {norm_sq0:.6g}) the bound is the largest k with "
            f"({dot0:.6g} + {gamma:.6g}·k)² ≤ {norm_sq0:.6g} + {R * R:.6g}·k while {dot0:.6g} + {gamma:.6g}·k ≥ 0, "
            f"k ≤ {k:.6g}: {most}.")


def run_start_bound(theory: Any, rec: Any) -> tuple[float | None, str | None]:
    """The bound on updates from this run's start w₀ (0, y₁x₁ or a hand-set one) and its
    sentence: Novikoff's argument telescoped from w₀. ``theory`` is a
    :class:`~perceptron_gui.core.theory.Theory` (or None), ``rec`` a
    :class:`~perceptron_gui.core.run.RunRecord`; for a zero start the bound is the data set's
    own ``theory.bound``, to the bit."""
    bound = getattr(theory, "bound", None)
    ts, gamma, R = (getattr(theory, k, None) for k in ("theta_star", "gamma", "R"))
    if ts is None or not gamma or R is None or rec.n == 0:
        return bound, None
    learner = REGISTRY[rec.algorithm]
    if learner.lifts:
        return bound, ("The lifted perceptron trains on the lifted points, so this bound, made for the data "
                       "themselves, does not limit its updates.")
    if learner.no_proof:
        return bound, f"{learner.no_proof[0].upper()}{learner.no_proof[1:]}, so this bound does not limit its updates."
    dot0, norm_sq0 = start_terms(rec.weights[0], ts)
    if learner.margin_rule:  # Novikoff's argument with R² + 2β in place of R²
        beta = float(rec.params.get("margin", 0.0))
        R_m = margin_perceptron_R(R, beta)
        bound = updates_bound(gamma, R_m, dot0, norm_sq0)
        if starts_at_zero(dot0, norm_sq0) and bound is not None:
            n = max_updates(bound)
            most = f"at most {n:,} update{'s' if n != 1 else ''}" if n is not None else "no finite number of updates"
            return bound, (f"For the margin perceptron (β = {beta:.6g}) from w₀ = 0 the bound is k ≤ (R² + 2β)/γ² = "
                           f"({R:.6g}² + 2·{beta:.6g})/{gamma:.6g}² = {bound:.6g}: {most}.")
        return bound, start_bound_sentence(gamma, R_m, dot0, norm_sq0, bound)
    if not starts_at_zero(dot0, norm_sq0):
        bound = updates_bound(gamma, R, dot0, norm_sq0)
    return bound, start_bound_sentence(gamma, R, dot0, norm_sq0, bound)


# ---- the margin perceptron (update when y·(w·x) ≤ β, β ≥ 0) --------------------------------
# Krauth & Mézard (1987), "Learning algorithms with optimal stability in neural networks", and
# Collobert & Bengio (2004), "Links between perceptrons, MLPs and SVMs": an update on a point with
# y·w·x ≤ β adds at most 2β + R² to ‖w‖² (2y·w·x ≤ 2β instead of ≤ 0) and still at least γ to
# w·θ*. So Novikoff's proof holds word for word with R² replaced by R² + 2β: at most
# (R² + 2β)/γ² updates from w₀ = 0, and once converged (y·w·x > β on every point, with
# ‖w‖ ≤ (R² + 2β)/γ) the margin reached is at least β·γ/(R² + 2β), which tends to γ/2 as β grows.

def margin_perceptron_R(R: float | None, margin: float) -> float | None:  # noqa: N802 - the notes' R
    """√(R² + 2β): the R that Novikoff's proof uses for the margin perceptron with margin β
    (every view passes it where it passes R, so the bound and the cosine bound follow)."""
    if R is None or not math.isfinite(R):
        return R
    return math.sqrt(float(R) ** 2 + 2.0 * float(margin))


def margin_guarantee(gamma: float | None, R: float | None, margin: float) -> float | None:
    """β·γ/(R² + 2β): the geometric margin a converged margin perceptron has at least (from
    w₀ = 0); None without a margin γ > 0 or for β = 0 (the perceptron promises no margin)."""
    if gamma is None or R is None or not gamma > 0 or not margin > 0 or not math.isfinite(R):
        return None
    return float(margin) * float(gamma) / (float(R) ** 2 + 2.0 * float(margin))


def margin_bound_formula(margin: float) -> str:
    """The margin perceptron's bound in words, for tooltips and the run file."""
    return (f"k ≤ (R² + 2β)/γ² with β = {margin:g} (Krauth & Mézard 1987): an update adds at most "
            "R² + 2β to ‖w‖² and at least γ to w·θ*")
