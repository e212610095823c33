"""What the live panel says about the margin perceptron and passive-aggressive runs (no Qt).

The formulas live in :mod:`~perceptron_gui.core.novikoff` (the margin perceptron's bound and
margin guarantee) and in the run record (each update's τ); this module only words them, so the
panel stays a thin view and a test can read the same sentences without a window.
"""
from __future__ import annotations

import numpy as np

from ..core import novikoff
from ..core.algorithms import REGISTRY
from ..i18n import _
from ..session.frame import Frame
from ..session.run_result import RunResult
from .formatting import NA, fmt, fmt_bound

__all__ = ["margin_of", "margin_bound_caption", "margin_bound_text", "margin_promise_text", "tau_text", "run_bound"]


def margin_of(result: RunResult) -> float | None:
    """The margin β of a margin-perceptron run; None for any other learner."""
    if result is None or not REGISTRY[result.record.algorithm].margin_rule:
        return None
    return float(result.record.params.get("margin", 0.0))


def margin_bound_caption(beta: float) -> str:
    return "(R²+2β)/γ²" if beta > 0 else "(R/γ)²"


def margin_bound_text(result: RunResult) -> str:
    """The bound on updates of the margin perceptron from w₀ = 0, (R² + 2β)/γ²."""
    tho, beta = result.theory, margin_of(result)
    if tho is None or beta is None:
        return _(NA)
    return fmt_bound(novikoff.updates_bound(tho.gamma, result.proof_R))


def margin_promise_text(result: RunResult, fr: Frame) -> str:
    """The margin the run has reached now against what convergence guarantees, β·γ/(R² + 2β)."""
    tho, beta = result.theory, margin_of(result)
    if tho is None or beta is None:
        return _(NA)
    promise = novikoff.margin_guarantee(tho.gamma, tho.R, beta)
    now = _(NA) if fr.dataset_margin is None else fmt(fr.dataset_margin)
    if promise is None:
        return _("{now} now (no guarantee: β = 0 or no θ*)").format(now=now)
    return _("{now} now; ≥ {promise} once converged (γ = {gamma})").format(now=now, promise=fmt(promise),
                                                                           gamma=fmt(tho.gamma))


def tau_text(fr: Frame) -> str:
    """τ of the update shown and the length τ‖x̃‖ of the move it made (x̃ with its 1 for b)."""
    if fr.update_tau is None or fr.prev_w is None:
        return _(NA) + _(" (no update yet)")
    move = np.append(fr.w - fr.prev_w, (fr.b - fr.prev_b) if fr.offset else [])
    return _("{tau} (the move τ‖x̃‖ = {move})").format(tau=fmt(fr.update_tau), move=fmt(float(np.linalg.norm(move))))


def run_bound(result: RunResult) -> tuple[float | None, str]:
    """The bound on updates from w₀ = 0 that this run's learner obeys, and its formula:
    (R/γ)², (R² + 2β)/γ² for the margin perceptron, none for passive-aggressive."""
    tho = result.theory
    if tho is None:
        return None, "(R/γ)²"
    if REGISTRY[result.record.algorithm].no_proof:
        return None, ""
    beta = margin_of(result)
    if beta is not None:
        return novikoff.updates_bound(tho.gamma, result.proof_R), margin_bound_caption(beta)
    return tho.bound, "(R/γ)²"
