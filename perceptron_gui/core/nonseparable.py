"""The perceptron's mistake bound without separability (Freund & Schapire 1999; Shalev-Shwartz
& Ben-David, *Understanding Machine Learning*, Theorem 21.16; the hinge-loss bound of notes 000).

For the perceptron from w = 0 with updates w += y·x on y·w·x ≤ 0 (x augmented with its 1 when
there is an offset), every comparison vector u gives, M being the number of mistakes and
R = max ‖x‖,

    M ≤ L + R·‖u‖·√L + R²·‖u‖²,   L = Σ over the mistake rounds of max(0, 1 − y·u·x).

With separable data and u = θ*/γ every hinge term is 0 and the bound is Novikoff's (R/γ)². With
‖u‖ = 1/γ it is the notes' form: u/‖u‖ a unit direction asked for a margin γ.

Which u: at u = 0 the bound is M itself (every hinge term is 1), so the smallest bound over u says
nothing. With separable data the views take θ*/γ (the bound is then (R/γ)²); otherwise a u the
data recommend before the run: one that (nearly) minimises the same bound with the hinge loss
summed over every visit of the run, not only the mistakes (a bound that does not know the
mistakes; :func:`recommended_u`). The user may then change its length in the window.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from .algorithms import REGISTRY
from .algorithms.kernel import in_feature_space
from .floatscale import vector_norm

__all__ = ["MistakeBound", "fs_bound", "mistake_bound", "bound_curve", "recommended_u", "hinge_terms",
           "applies", "default_u", "run_bound", "augmented"]

# The search for u: steps of the descent, and the lengths tried along each direction.
_DESCENT_STEPS = 200
_SCALES = np.geomspace(1e-3, 1e3, 121)
SEARCH_POINTS = 20_000  # the most points the search for u evaluates its bound on
# ... and the most coordinates (points × features): on wide data (784 pixels) each of the
# descent's ~800 products with the points then costs what it costs on 20,000 points of the plane.
SEARCH_ENTRIES = 2_000_000


def search_sample_size(n: int, d: int) -> int:
    """How many of ``n`` points of ``d`` coordinates the search for u evaluates its bound on."""
    return min(n, max(1_000, min(SEARCH_POINTS, SEARCH_ENTRIES // max(d, 1))))


@dataclass(frozen=True)
class MistakeBound:
    """The bound for one u: M ≤ hinge_sum + R·‖u‖·√hinge_sum + R²·‖u‖² = bound."""

    u: np.ndarray          # the comparison vector, the offset last (augmented)
    hinge_sum: float       # Σ max(0, 1 − y·u·x) over the mistake rounds
    R: float
    mistakes: int          # M
    bound: float

    @property
    def norm(self) -> float:
        return float(vector_norm(self.u))


def fs_bound(hinge_sum: float | np.ndarray, R: float, norm_u: float) -> float | np.ndarray:
    """L + R·‖u‖·√L + R²·‖u‖², the one statement of the formula."""
    return hinge_sum + R * norm_u * np.sqrt(hinge_sum) + (R * norm_u) ** 2


def hinge_terms(u: np.ndarray, Xa: np.ndarray, y: np.ndarray) -> np.ndarray:
    """max(0, 1 − y_i·u·x_i) for every (augmented) point."""
    terms: np.ndarray = np.maximum(0.0, 1.0 - y * (Xa @ u))
    return terms


def mistake_bound(u: np.ndarray, Xa: np.ndarray, y: np.ndarray, update_index: np.ndarray, R: float) -> MistakeBound:
    """The bound at u for a run whose mistakes visited the points ``update_index`` (in order,
    with repeats): the hinge loss summed over those rounds."""
    counts = np.bincount(np.asarray(update_index, dtype=np.int64), minlength=Xa.shape[0]).astype(np.float64)
    L = float(counts @ hinge_terms(u, Xa, y)) if Xa.shape[0] else 0.0
    u = np.array(u, dtype=np.float64)
    return MistakeBound(u, L, float(R), int(len(update_index)), float(fs_bound(L, R, float(vector_norm(u)))))


def bound_curve(u: np.ndarray, Xa: np.ndarray, y: np.ndarray, update_index: np.ndarray, R: float) -> np.ndarray:
    """The bound after each of the first k mistakes, k = 0..M (the hinge sum of those k rounds):
    the theorem holds for every prefix of the run, so mistake k never exceeds entry k."""
    terms = hinge_terms(u, Xa, y)[np.asarray(update_index, dtype=np.int64)]
    L = np.concatenate([[0.0], np.cumsum(terms)])
    return np.asarray(fs_bound(L, R, float(vector_norm(u))), dtype=np.float64)


def _best_length(v: np.ndarray, Xa: np.ndarray, y: np.ndarray, visits: np.ndarray, R: float) -> tuple[float, np.ndarray]:
    """The length along direction v with the smallest objective, from a log grid refined once."""
    m = y * (Xa @ v)
    typical = float(np.median(np.abs(m))) or 1.0
    scales = _SCALES / typical
    nv = float(vector_norm(v))

    def objective(s: float) -> float:  # at u = s·v, whose margins are s·m: one product for all lengths
        return float(fs_bound(float(visits @ np.maximum(0.0, 1.0 - s * m)), R, s * nv))

    values = [objective(s) for s in scales]
    i = int(np.argmin(values))
    fine = np.geomspace(scales[max(i - 1, 0)], scales[min(i + 1, len(scales) - 1)], 41)
    values_fine = [objective(s) for s in fine]
    j = int(np.argmin(values_fine))
    return values_fine[j], fine[j] * v


def recommended_u(Xa: np.ndarray, y: np.ndarray, visits: np.ndarray, R: float,
                  starts: list[np.ndarray]) -> np.ndarray:
    """A u that nearly minimises the bound with the hinge loss summed over every visit
    (``visits[i]``: how often the run visited point i): the best length along each start
    direction, then a subgradient descent from the best of them. Deterministic. Past
    :func:`search_sample_size` points the search looks at an evenly spaced sample, each of its points
    standing for n / sample of them (which u is chosen is a heuristic; its bound is then exact)."""
    n = Xa.shape[0]
    sample = search_sample_size(n, Xa.shape[1])
    if n > sample:
        pick = np.linspace(0, n - 1, sample).astype(np.int64)
        Xa, y, visits = Xa[pick], y[pick], visits[pick] * (n / sample)
    best_f, best_u = math.inf, np.zeros(Xa.shape[1])
    for s in starts:
        norm = float(vector_norm(s))
        if norm > 0 and np.isfinite(norm):
            f, u = _best_length(np.asarray(s, dtype=np.float64) / norm, Xa, y, visits, R)
            if f < best_f:
                best_f, best_u = f, u
    if not best_f < math.inf:
        return best_u
    u, step = best_u.copy(), 0.1 * max(float(vector_norm(best_u)), 1e-12)
    margins = y * (Xa @ u)  # carried from step to step: two products a step, not four
    for _step in range(_DESCENT_STEPS):
        active = margins < 1.0
        L = float(visits @ np.maximum(0.0, 1.0 - margins))
        nu = float(vector_norm(u))
        grad_L = -((visits * active * y) @ Xa)
        g = grad_L * (1.0 + (R * nu / (2.0 * math.sqrt(L)) if L > 0 else 0.0)) + 2.0 * R * R * u
        if nu > 0:
            g = g + R * math.sqrt(L) * u / nu
        gn = float(vector_norm(g))
        if gn == 0.0:
            break
        trial = u - step * g / gn
        trial_margins = y * (Xa @ trial)
        f = float(fs_bound(float(visits @ np.maximum(0.0, 1.0 - trial_margins)), R, float(vector_norm(trial))))
        if f < best_f:
            best_f, u, margins = f, trial, trial_margins
        else:
            step *= 0.5
            if step < 1e-9 * max(nu, 1e-12):
                break
    return u


def applies(rec: Any) -> bool:
    """Whether the theorem speaks of run ``rec``: a learner that adds y·x at each mistake (not its
    own step sizes, a margin rule, lifting or a curved kernel), from w = 0, with an update."""
    if rec.n == 0 or rec.num_updates == 0:
        return False
    learner = REGISTRY[rec.algorithm]
    if learner.no_proof or learner.margin_rule or learner.lifts or not in_feature_space(rec):
        return False
    return not np.any(np.asarray(rec.weights[0]))


def augmented(X: np.ndarray, offset: bool) -> np.ndarray:
    """The points as the theorem sees them: with their constant 1 when there is an offset."""
    return np.column_stack([X, np.ones(X.shape[0])]) if offset else np.asarray(X, dtype=np.float64)


def default_u(rec: Any, Xa: np.ndarray, y: np.ndarray, theory: Any) -> np.ndarray | None:
    """The u every view starts from: θ*/γ when the data are separable, else :func:`recommended_u`
    over the run's visits from the run's final direction; None where the theorem does not apply."""
    if not applies(rec):
        return None
    if theory.theta_star is not None and theory.gamma:
        u: np.ndarray = np.asarray(theory.theta_star, dtype=np.float64) / float(theory.gamma)
        return u
    visits = np.full(Xa.shape[0], float(rec.epochs_run))
    return recommended_u(Xa, y, visits, theory.R, [np.asarray(rec.final_augmented(), dtype=np.float64)])


def run_bound(rec: Any, X: np.ndarray, y: np.ndarray, theory: Any) -> MistakeBound | None:
    """The bound of run ``rec`` at :func:`default_u` (the run file's ``nonseparable_bound``)."""
    Xa = augmented(X, rec.offset)
    u = default_u(rec, Xa, y, theory)
    return None if u is None else mistake_bound(u, Xa, y, rec.update_index, theory.R)
