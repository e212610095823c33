"""The result every view reads: a finished run with its data, its theory and its proof.

A module of its own, below the runner that makes it, so views, exporters and the session type
it without reaching into the training thread's module.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Protocol

import numpy as np

from ..core import novikoff
from ..core import theory as th
from ..core.algorithms import REGISTRY
from ..core.algorithms.kernel import NOT_IN_FEATURE_SPACE, in_feature_space
from ..core.algorithms.lifted import lifted_weights
from ..core.dataset import Dataset
from ..core.loss_curves import LossCurves, loss_curves
from ..core.nonseparable import MistakeBound, augmented, bound_curve, default_u, mistake_bound
from ..core.run import RunRecord
from ..core.shown_verdict import shown_verdict
from ..i18n import _

__all__ = ["RunResult", "StepMemo", "no_proof_reason", "LIFTED_THEORY_MAX_N", "THEORY_TIME_BUDGET_S"]

# Exact max-margin of a lifted set works in n + D dimensions; beyond this it is skipped.
LIFTED_THEORY_MAX_N = 200
THEORY_TIME_BUDGET_S = 0.25


class StepMemo(Protocol):
    """What a run keeps of its last frame (a ``session.frame.Frame``, which imports this module:
    ``frame.memo_of`` reads it back as one): the step it shows."""

    t: int


@dataclass
class RunResult:
    """A finished run with everything the panel shows about it."""

    generation: int
    algorithm: str
    params: dict[str, Any]
    train: Dataset
    test: Dataset | None
    train_index: np.ndarray
    test_index: np.ndarray
    record: RunRecord
    theory: th.Theory
    lifted_theory: th.Theory | None = None
    seconds: float = 0.0
    extras: dict[str, Any] = field(default_factory=dict)
    last_frame: StepMemo | None = field(default=None, repr=False, compare=False)  # frame.frame_at's memo

    @property
    def has_proof(self) -> bool:
        """Whether the proof's views have curves to draw: a θ* with a margin, and a learner whose
        steps Novikoff's proof describes, in the input space (cheap: nothing is computed)."""
        tho = self.proof_theory
        return not (tho is None or tho.theta_star is None or not tho.gamma or proof_impossible(self))

    @cached_property
    def proof(self) -> th.ProofQuantities | None:
        """Novikoff's per-update quantities (None when there is no θ*)."""
        if not self.has_proof:
            return None
        tho = self.proof_theory
        assert tho is not None and tho.theta_star is not None and tho.gamma
        R = self.proof_R
        if R is None:
            return None
        return th.proof_quantities(self.proof_weights(), tho.theta_star, tho.gamma, R)

    @property
    def proof_R(self) -> float | None:  # noqa: N802 - the notes' R
        """The R of Novikoff's proof for this run: the data's, or √(R² + 2β) for the margin
        perceptron (an update inside the margin adds up to R² + 2β to ‖w‖²). Every view asks
        here, so the bound, the meter and the cosine bound agree."""
        tho = self.proof_theory
        R = None if tho is None else tho.R
        if REGISTRY[self.record.algorithm].margin_rule:
            return novikoff.margin_perceptron_R(R, float(self.record.params.get("margin", 0.0)))
        return R

    @cached_property
    def losses(self) -> LossCurves:
        """The perceptron and hinge losses of w_k on the training points, at every update or,
        for big n·K, every m-th (bounded work: see :mod:`~perceptron_gui.core.loss_curves`).
        :func:`compute` fills it on the training thread for a run trained there; a small run's
        (computed on the UI thread) waits until a view asks: at n = 1,000 all 23,000 updates'
        losses took 40 ms, which every drag step paid while the plots were hidden."""
        rec = self.record
        return loss_curves(rec.weights, self.train.X, self.train.y, rec.offset)

    @property
    def proof_theory(self) -> th.Theory | None:
        """The theory the run's proof is about: the lifted set's for a learner that lifts."""
        return self.lifted_theory if REGISTRY[self.record.algorithm].lifts else self.theory

    @cached_property
    def mistake_bound(self) -> MistakeBound | None:
        """The mistake bound without separability (:mod:`~perceptron_gui.core.nonseparable`) at
        its default u (θ*/γ when separable, else the one the data recommend), or None where the
        theorem does not speak of this run."""
        u = self.bound_direction
        return None if u is None else mistake_bound(u, self.augmented_points, self.train.y, self.record.update_index,
                                                    self.theory.R)

    @cached_property
    def mistake_bound_curve(self) -> np.ndarray | None:
        """The bound of :attr:`mistake_bound` after each of the first k mistakes, k = 0..M (None where
        the theorem does not speak of this run): one O(n·d) pass, kept, so a step only reads entry k.
        :func:`compute` fills it on the training thread for a run trained there."""
        mb = self.mistake_bound
        return None if mb is None else bound_curve(mb.u, self.augmented_points, self.train.y,
                                                   self.record.update_index, mb.R)

    def mistake_bound_at(self, norm: float) -> MistakeBound | None:
        """The bound with u of length ``norm`` along the default u's direction (the window's slider)."""
        u = self.bound_direction
        length = None if u is None else float(np.linalg.norm(u))
        if u is None or not length:
            return self.mistake_bound
        return mistake_bound(u * (norm / length), self.augmented_points, self.train.y, self.record.update_index,
                             self.theory.R)

    @cached_property
    def bound_direction(self) -> np.ndarray | None:
        """The default u of :attr:`mistake_bound` (None where the theorem does not apply)."""
        return default_u(self.record, self.augmented_points, self.train.y, self.theory)

    @cached_property
    def augmented_points(self) -> np.ndarray:
        return augmented(self.train.X, self.record.offset)

    def proof_weights(self) -> np.ndarray:
        rec = self.record
        if REGISTRY[rec.algorithm].lifts:
            return np.array([lifted_weights(rec, k) for k in range(rec.num_updates + 1)])
        return np.asarray(rec.weights)



def proof_impossible(result: RunResult | None) -> bool:
    """True when the run's learner can never draw the convergence proof: its steps are not the
    perceptron's (:attr:`no_proof`) or it separates outside the input space (a curved kernel). Its
    proof views then hold only :func:`no_proof_reason`'s sentence."""
    if result is None:
        return False
    return bool(REGISTRY[result.record.algorithm].no_proof) or not in_feature_space(result.record)


def no_proof_reason(result: RunResult | None) -> str:
    """Why a run has no convergence proof to show (no θ*), as one sentence for every view."""
    if result is None:
        return _("No run yet: the proof is drawn when the first run is done.")
    if result.train.n == 0:
        return _("No θ*: there are no training points.")
    learner = REGISTRY[result.record.algorithm]
    if learner.no_proof:  # the panel says why instead of showing failed inequalities
        return _("No convergence proof: {reason}, so Novikoff's w·θ* ≥ kγ and ‖w‖² ≤ kR² do not apply.").format(
            reason=_(learner.no_proof))
    if not in_feature_space(result.record):
        return _("No convergence proof here: {reason}.").format(reason=_(NOT_IN_FEATURE_SPACE))
    if learner.lifts:
        lt = result.lifted_theory
        if lt is None:
            return _("No θ* to plot: the lifted set is always separable, but its θ* is only computed "
                     "for at most {max} training points (this set has {n}).").format(max=LIFTED_THEORY_MAX_N,
                                                                                    n=result.train.n)
        return _("No θ* to plot: the lifted set is always separable, but its θ* could not be computed "
                 "within {seconds:g} s; step or edit to try again.").format(seconds=THEORY_TIME_BUDGET_S)
    tho = result.theory
    if tho.separable is False:
        return _("No θ*: the data is {verdict}.").format(verdict=shown_verdict(tho.verdict))
    return _("No θ*: separability could not be decided in time ({verdict}).").format(verdict=shown_verdict(tho.verdict))
