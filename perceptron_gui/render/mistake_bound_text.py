"""The words every view gives the mistake bound without separability
(:mod:`perceptron_gui.core.nonseparable`): the live panel, the angle dock's plot, ``run``."""
from __future__ import annotations

import numpy as np

from ..core.nonseparable import MistakeBound, bound_curve
from ..i18n import N_, _
from .formatting import fmt

__all__ = ["FORMULA", "TITLE", "bound_line", "bound_at", "prefix_sentence"]

# Marked only: a view shows _(TITLE), _(FORMULA) in the language in force.
TITLE = N_("Mistake bound without separability (Freund & Schapire)")
FORMULA = N_("M ≤ L + R‖u‖√L + R²‖u‖²,  L = Σ over the mistakes of max(0, 1 − y·u·x)")


def bound_line(mb: MistakeBound) -> str:
    """M ≤ the bound, with its parts: the numbers a student can check by hand."""
    R, nu, L = mb.R, mb.norm, mb.hinge_sum
    if nu == 0.0:
        return _("M = {m} ≤ {bound}: on these points no u beats u = 0, where every hinge term is 1 and the bound "
                 "is M itself").format(m=mb.mistakes, bound=fmt(mb.bound))
    return (f"M = {mb.mistakes} ≤ L + R‖u‖√L + R²‖u‖² = {fmt(L)} + {fmt(R)}·{fmt(nu)}·√{fmt(L)} + "
            f"({fmt(R)}·{fmt(nu)})² = {fmt(mb.bound)}  (‖u‖ = {fmt(nu)}, γ = 1/‖u‖ = "
            f"{fmt(1.0 / nu) if nu else '∞'})")


def bound_at(mb: MistakeBound, Xa: np.ndarray, y: np.ndarray, update_index: np.ndarray) -> np.ndarray:
    """The bound after each of the first k mistakes, k = 0..M, at mb's u."""
    return bound_curve(mb.u, Xa, y, update_index, mb.R)


def prefix_sentence(mb: MistakeBound, k: int, curve: np.ndarray) -> str:
    """The theorem after the first k mistakes, as the live panel says it."""
    k = max(0, min(int(k), len(curve) - 1))
    # TRANSLATORS: {title} and {formula} are the theorem's name and formula (translated apart); {line} is
    # "M = 3 ≤ L + … = 7.2  (‖u‖ = …)".
    return _("{title}: for any u, {formula}. For the u the data recommend (θ*/γ when separable; the angle dock's "
             "slider changes its length), after {k} mistakes the bound is {bound} ≥ {k}; at the run's end "
             "{line}.").format(title=_(TITLE), formula=_(FORMULA), k=k, bound=fmt(float(curve[k])),
                               line=bound_line(mb))
