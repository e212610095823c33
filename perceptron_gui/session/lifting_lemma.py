"""The lifting lemma's margin of a lifted run, at the w* and γ the lecturer chose or the best
the data allow (no Qt).

With w* (normalised) and γ > 0, each point pays the slack lᵢ = max(0, γ − yᵢ w*·xᵢ), and the
lifted points x̃ᵢ = [a xᵢ ; √(1−a²) eᵢ] are separated with margin

    γ′ = aγ / √(1 + a²/(1−a²) · Σ lᵢ²)        (core.theory.lifted_margin_lower_bound).

The lifted perceptron's ``lemma_w`` and ``lemma_gamma`` parameters choose w* and γ (say the clean
labels' separator and its margin); empty and 0 mean the best: θ* of the data when it is
separable (then every lᵢ = 0 and γ′ = aγ), else the feature part of the lifted θ*, and the γ of a
grid that makes γ′ largest (the lemma holds for every γ > 0).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core.algorithms import augment
from ..core.theory import lifted_margin_lower_bound

__all__ = ["LemmaMargin", "lemma_margin"]

GRID = 256  # the values of γ tried for the best one, spaced evenly on a log scale


@dataclass(frozen=True)
class LemmaMargin:
    """γ′, the γ and unit w* it was evaluated at, and whether the lecturer chose them."""

    gamma_prime: float
    gamma: float
    w_star: np.ndarray
    chosen_w: bool
    chosen_gamma: bool


def lemma_margin(result: Any) -> LemmaMargin | None:
    """The lemma's margin for a lifted run (None when it has none: not lifted, no points, no w*)."""
    rec = result.record
    a = rec.extras.get("lift_a")
    if a is None or result.train.n == 0:
        return None
    Xa, y = augment(result.train.X, rec.offset), result.train.y
    params = getattr(result, "params", {}) or {}
    chosen = np.asarray(params.get("lemma_w") or (), dtype=np.float64)
    gamma = float(params.get("lemma_gamma") or 0.0)
    theory = result.theory
    if chosen.size:
        w = chosen
    elif theory.theta_star is not None and theory.gamma:
        w = np.asarray(theory.theta_star, dtype=np.float64)
        gamma = gamma or float(theory.gamma)
    else:
        lt = result.lifted_theory
        if lt is None or lt.theta_star is None:
            return None
        w = np.asarray(lt.theta_star[: Xa.shape[1]], dtype=np.float64)
    if w.shape != (Xa.shape[1],) or not np.any(w != 0.0) or not np.all(np.isfinite(w)):
        return None
    unit = w / np.linalg.norm(w)
    if gamma <= 0.0:
        gamma = _best_gamma(Xa, y, unit, float(a))
        if gamma <= 0.0:
            return None
    return LemmaMargin(lifted_margin_lower_bound(Xa, y, unit, gamma, float(a)), gamma, unit,
                       bool(chosen.size), bool(params.get("lemma_gamma")))


def _best_gamma(Xa: np.ndarray, y: np.ndarray, unit: np.ndarray, a: float) -> float:
    """The γ of a log-spaced grid up to the largest |margin| that makes γ′ largest."""
    m = y * (Xa @ unit)
    grid = np.geomspace(1e-4, max(float(np.max(np.abs(m))), 1e-3), GRID)
    slack = np.maximum(0.0, grid[:, None] - m[None, :])
    lem = a * grid / np.sqrt(1.0 + a * a / (1.0 - a * a) * np.sum(slack ** 2, axis=1))
    return float(grid[int(np.argmax(lem))])
