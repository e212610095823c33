"""The lifted perceptron (notes 000): every point gets a dimension of its own."""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from ...i18n import N_, _
from ..dataset import DatasetError
from ..run import RunRecord
from . import wide
from ._lazy import LazyModule
from .base import ParamSpec, Perceptron
from .step import StepOutput

K = LazyModule("._kernels", __package__)  # numba loads at the first fit (see _lazy)


LEMMA_W = ParamSpec("lemma_w", tuple, [], N_("w* (lemma)"),
                    N_("The direction w* the lifting lemma's margin γ′ is evaluated at (the features, then b with "
                       "the offset), such as the clean labels' separator; empty: the best one (θ*)."))
LEMMA_GAMMA = ParamSpec("lemma_gamma", float, 0.0, N_("γ (lemma)"),
                        N_("The margin γ the lifting lemma asks of w* (points closer pay slack lᵢ); 0: the γ that "
                           "makes γ′ largest."), 0.0, 1e12)


class LiftedPerceptron(Perceptron):
    """The standard perceptron on the lifted points x̃_i = [a·x_i ; √(1−a²)·e_i] (e_i the i-th
    unit vector of Rⁿ). The lifted set is always separable, so it always converges. A new point
    maps to [a·x ; 0], so the predictor on the original features is the feature part of the
    lifted weights times a.

    Parameters
    ----------
    lift_a : float in (0, 1), default 0.5
        The share a of the original features in the lifted point.
    (others as :class:`Perceptron`; offset on by default)

    The record's ``weights`` are the predictor's weights on the (augmented) original features
    after each update. Extras: ``slack`` (final per-point slack weights s_i; nonzero where a
    point needed its own dimension), ``slack_points`` (their indices), ``lift_a``.
    """

    name = "lifted"
    state_is_weights = False
    lifts = True
    final_weights_name = N_("weights on the original features")
    title = N_("Lifted (always converges)")
    heading_name = N_("Lifted perceptron")
    description = N_("Gives each point its own extra dimension x̃ = [a·x ; √(1−a²)·eᵢ], so it always separates.")
    extra_bytes_per_update = 8  # update_y
    kernels = ('lifted_epoch', 'replay_rows', 'count_errors_rows', 'count_errors', 'lifted_epoch_x',
               'count_errors_rows_x')
    reads_x = True  # wide data: ``_start`` takes X or the augmented points, the loop is wide.lifted_epoch

    def __init__(self, *, max_epochs: int = 1000, shuffle: bool = False, seed: int = 0,
                 init: str = "zero", offset: bool = True, lift_a: float = 0.5,
                 start_w: Sequence[float] = (), start_b: float = 0.0, lemma_w: Sequence[float] = (),
                 lemma_gamma: float = 0.0) -> None:
        super().__init__(max_epochs=max_epochs, shuffle=shuffle, seed=seed, init=init, offset=offset,
                         start_w=start_w, start_b=start_b)
        self.lift_a = lift_a
        # The lifting lemma's w* and γ as the lecturer chooses them (a clean labelling's
        # separator, say); empty and 0 are the best the data allow. Training ignores them:
        # session/lifting_lemma.py evaluates the lemma's γ′ with them.
        self.lemma_w = LEMMA_W.coerce(lemma_w)
        self.lemma_gamma = lemma_gamma

    @classmethod
    def param_specs(cls) -> list[ParamSpec]:
        specs = super().param_specs()
        specs[0] = ParamSpec("max_epochs", int, 1000, N_("Max epochs"),
                             N_("Passes over the data at most; the lifted set is separable, so it stops by itself."),
                             1, 1_000_000)
        return specs + [ParamSpec("lift_a", float, 0.5, N_("a (lift)"),
                                  N_("Weight of the original features in x̃ = [a·x ; √(1−a²)·eᵢ]; "
                                     "must be strictly between 0 and 1."),
                                  1e-6, 1 - 1e-6, range_rule=N_("must be strictly between 0 and 1")),
                        LEMMA_W, LEMMA_GAMMA]

    def validate(self) -> None:
        super().validate()
        if not 0.0 < float(self.lift_a) < 1.0:
            raise DatasetError(_("a must be strictly between 0 and 1, not {value}.").format(value=repr(self.lift_a)))

    def _start(self, Xa: np.ndarray, y: np.ndarray, w: np.ndarray) -> dict[str, Any]:
        # Xa: the augmented points, or X itself on wide data (then w has one weight more, b)
        D = w.shape[0]
        if len(self.lemma_w) not in (0, D):
            raise DatasetError((_("The lemma's w* has {n} numbers, but these points need {need} (the features, "
                                  "then b); give {need}, or none for the best w*.") if self.offset else
                                _("The lemma's w* has {n} numbers, but these points need {need}; give {need}, "
                                  "or none for the best w*.")).format(n=len(self.lemma_w), need=D))
        a = float(self.lift_a)
        c = math.sqrt(1.0 - a * a)
        s = np.zeros(Xa.shape[0])
        # A custom start w (from the base class) is the predictor a·v on the original features:
        # the lifted start is w̃₀ = [w/a ; 0], every slack 0 (see lifted_weights).
        if self.init == "first" and Xa.shape[0]:
            # w̃ = y₁·x̃₁: feature part a·y₁x₁ (predictor a²·y₁x₁) and slack y₁·c on point 1.
            x0 = Xa[0] if Xa.shape[1] == D else np.append(Xa[0], 1.0)  # [x₁, 1], as augmented
            w = a * a * y[0] * x0
            s[0] = y[0] * c
        return {"w": np.array(w, dtype=np.float64), "s": s, "a": a, "c": c}

    def _epoch(self, state: dict[str, Any], Xa: np.ndarray, y: np.ndarray, order: np.ndarray,
               pos_buf: np.ndarray, idx_buf: np.ndarray, ck: np.ndarray, k0: int, C: int) -> int:
        return int(K.lifted_epoch(Xa, y, order, state["w"], state["s"], state["a"] ** 2, state["c"],
                                  pos_buf, idx_buf, ck, k0, C))

    def _epoch_on_x(self, state: dict[str, Any], X: np.ndarray, y: np.ndarray, order: np.ndarray,
                    pos_buf: np.ndarray, idx_buf: np.ndarray, ck: np.ndarray, k0: int, C: int) -> int:
        return wide.lifted_epoch(state, X, y, order, pos_buf, idx_buf, ck, k0, C, self.offset)

    def _update_scale(self, state: dict[str, Any]) -> float:
        return float(state["a"] ** 2)  # v += (y·a²)·x, as lifted_epoch computes it

    def _finish(self, rec: RunRecord, state: dict[str, Any], Xa: np.ndarray, y: np.ndarray) -> None:
        s = state["s"]
        rec.extras.update(slack=s.copy(), slack_points=np.flatnonzero(s != 0.0), lift_a=float(self.lift_a),
                          update_y=y[rec.update_index].copy(), init_first=self.init == "first",
                          first_y=float(y[0]) if rec.n else 0.0)
        self._set_final(rec, rec.weights[-1])

    @classmethod
    def output_at(cls, rec: RunRecord, t: int) -> StepOutput:
        # The predictor is the current weights; what the lift adds is which points have
        # needed their own dimension so far (their slack s_i is nonzero).
        return StepOutput(slack_index=slack_points_at(rec, rec.k_after_step(t)))


def lifted_weights(rec: RunRecord, k: int) -> np.ndarray:
    """The full lifted weight vector w̃_k = [feature part ; slack part] after update k."""
    a = rec.extras["lift_a"]
    c = math.sqrt(1.0 - a * a)
    s = np.zeros(rec.n)
    np.add.at(s, rec.update_index[:k], rec.extras["update_y"][:k])
    if rec.extras.get("init_first") and rec.n:
        s[0] += rec.extras["first_y"]
    return np.concatenate([rec.weights[k] / a, s * c])


def slack_points_at(rec: RunRecord, k: int) -> np.ndarray:
    """The training rows whose slack weight is nonzero after update k (sorted): the points
    updated so far, and point 0 when training started at w̃ = y₁·x̃₁."""
    used = np.unique(rec.update_index[:k])
    if rec.extras.get("init_first") and rec.n:
        used = np.union1d(used, [0])
    return used.astype(np.int64)
