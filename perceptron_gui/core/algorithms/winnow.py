"""Winnow (Littlestone 1988): multiplicative updates on Boolean features, the contrast of the
perceptron's additive ones when most features are irrelevant."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ...i18n import N_, _
from ..dataset import Dataset, DatasetError
from ..run import RunRecord
from ._lazy import LazyModule
from .base import ParamSpec, Perceptron
from .params import START_W
from .weight_log import WeightLog

K = LazyModule("._kernels", __package__)  # numba loads at the first fit (see _lazy)


class Winnow(Perceptron):
    """Winnow on Boolean points x ∈ {0, 1}^d with labels ±1: predict +1 when w·x ≥ θ. The
    weights start at 1; on a missed positive (w·x < θ) every w_j with x_j = 1 is multiplied by α
    (promotion), on a false positive (w·x ≥ θ, y = −1) divided by α (demotion). θ is fixed
    (default d, the number of features): it is the offset weight −θ of the augmented point
    (x, 1), never updated, so the line drawn is w·x − θ = 0. Epochs in file order unless
    shuffled; a run stops after an epoch without a mistake.

    Littlestone's bound: learning a disjunction of r of the d variables with α = 2, θ = d, it
    makes at most 2 + 3r·(1 + log₂ d) mistakes, where the perceptron's can grow with d.

    Parameters
    ----------
    alpha : float > 1, default 2
        The promotion and demotion factor α.
    threshold : float ≥ 0, default 0
        θ; 0 means d, the number of features.
    (max_epochs, shuffle, seed as :class:`Perceptron`)
    """

    name = "winnow"
    title = N_("Winnow (Littlestone)")
    heading_name = N_("Winnow")
    boolean_features = True
    description = N_("On Boolean points: predict +1 when w·x ≥ θ; a mistake multiplies (missed +1) or divides "
                     "(false +1) by α every w_j whose x_j = 1. w starts at 1, θ = d unless set.")
    default_offset = True
    offset_fixed = True  # the offset weight is −θ, fixed
    steps_own_size = False
    # English (a run file's sentence quotes it); the views show _(no_proof)
    no_proof = N_("Winnow's updates multiply the weights by α, they do not add y·x")
    step_text = (N_("×α where x = 1, y = +1; ÷α where x = 1, y = −1"),
                 N_("$\\times\\alpha$ where $x_j = 1$, $y = +1$; $\\div\\alpha$ where $x_j = 1$, $y = -1$"))
    kernels = ("winnow_epoch", "replay_rows_winnow", "count_errors_rows", "count_errors")

    def __init__(self, *, max_epochs: int = 100, shuffle: bool = False, seed: int = 0, init: str = "ones",
                 alpha: float = 2.0, threshold: float = 0.0,
                 start_w: Sequence[float] = (), start_b: float = 0.0) -> None:
        super().__init__(max_epochs=max_epochs, shuffle=shuffle, seed=seed, init=init, offset=True,
                         start_w=start_w, start_b=start_b)
        self.alpha = alpha
        self.threshold = threshold

    @classmethod
    def param_specs(cls) -> list[ParamSpec]:
        specs = [ParamSpec("init", str, "ones", N_("Start at"),
                           N_("ones: every weight 1 (Littlestone's start); custom: hand-set positive weights. "
                              "The offset weight is −θ either way."), choices=("ones", "custom"))
                 if s.name == "init" else s for s in super().param_specs()]
        return specs + [
            ParamSpec("alpha", float, 2.0, N_("α (factor)"),
                      N_("A missed +1 multiplies by α, a false +1 divides by α, every weight whose feature is 1."),
                      1.0 + 1e-9, 1e3, range_rule=N_("must be above 1 (and at most 1000)")),
            ParamSpec("threshold", float, 0.0, N_("θ (threshold)"),
                      N_("Predict +1 when w·x ≥ θ; 0 means θ = d, the number of features."), 0.0, 1e12),
        ]

    def theta(self, d: int) -> float:
        """θ for d features: the threshold set, or d when it is 0."""
        return float(self.threshold) if float(self.threshold) > 0.0 else float(d)

    def start_weights(self, Xa: np.ndarray, y: np.ndarray, d: int) -> np.ndarray:
        w = np.ones(Xa.shape[1])
        if self.init == "custom":
            self.check_start(Xa[:, :d])
            start = np.asarray(START_W.coerce(self.start_w), dtype=np.float64)
            if start.size and not (start > 0.0).all():
                raise DatasetError(_("Winnow's weights must start above 0 (a product never leaves 0); "
                                     "give every start weight a positive value."))
            w[:start.size] = start
        w[d] = -self.theta(d)
        return w

    def _start(self, Xa: np.ndarray, y: np.ndarray, w: np.ndarray) -> dict[str, Any]:
        X = Xa[:, :-1]
        bad = np.flatnonzero(((X != 0.0) & (X != 1.0)).any(axis=1))
        if bad.size:
            i = int(bad[0])
            j = int(np.flatnonzero((X[i] != 0.0) & (X[i] != 1.0))[0])
            raise DatasetError(_("Winnow learns from Boolean features, every value 0 or 1, and row {row} has "
                                 "{value:g} in feature {feature}; use Boolean data (such as the and or or presets) "
                                 "or another learner.").format(row=i + 1, value=X[i, j], feature=j + 1))
        return {"w": w}

    def _epoch(self, state: dict[str, Any], Xa: np.ndarray, y: np.ndarray, order: np.ndarray,
               pos_buf: np.ndarray, idx_buf: np.ndarray, ck: np.ndarray, k0: int, C: int) -> int:
        return int(K.winnow_epoch(Xa, y, order, state["w"], float(self.alpha), pos_buf, idx_buf, ck, k0, C))

    def _weight_log(self, checkpoints: np.ndarray, index: np.ndarray, train: Dataset, state: dict[str, Any],
                    C: int) -> WeightLog:
        return WeightLog(checkpoints, index, train.X, train.y, 1.0, C, True, multiply=float(self.alpha))

    def _finish(self, rec: RunRecord, state: dict[str, Any], Xa: np.ndarray, y: np.ndarray) -> None:
        rec.extras["theta"] = self.theta(rec.d)
        self._set_final(rec, rec.weights[-1])
