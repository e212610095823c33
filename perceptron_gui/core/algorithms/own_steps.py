"""What a learner keeps when every update has a step size of its own, τ (passive-aggressive,
ADALINE): τ per update, in a buffer grown as the updates come, handed to the weight log, which
replays update k as w += (τ_k·y_i)·x_i, and kept in the record as ``extras["tau"]``. A fit with a
weight per point (:class:`RowWeights`) records its updates the same way, τ_k being the weight."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ...i18n import _
from ..dataset import Dataset, DatasetError
from ..run import RunRecord
from ._lazy import LazyModule
from .weight_log import WeightLog

SK = LazyModule("._step_kernels", __package__)  # numba loads at the first fit (see _lazy)


class OwnStepSizes:
    """A mixin for a :class:`~.base.Perceptron` whose kernel writes one τ per update."""

    @staticmethod
    def tau_state(Xa: np.ndarray, w: np.ndarray) -> dict[str, Any]:
        """The start of training's state: the weights, an empty τ buffer, no update yet."""
        return {"w": w, "tau": np.empty(max(Xa.shape[0], 16)), "k": 0}

    @staticmethod
    def tau_room(state: dict[str, Any], k0: int, visits: int) -> np.ndarray:
        """The τ buffer from update k0 on, with room for one update per visit of this call."""
        tau: np.ndarray = state["tau"]
        need = k0 + visits
        if need > tau.shape[0]:
            grown = np.empty(max(2 * tau.shape[0], need))
            grown[:k0] = tau[:k0]
            state["tau"] = tau = grown
        return tau[k0:]

    def _update_scale(self, state: dict[str, Any]) -> np.ndarray:
        return np.asarray(state["tau"][: state["k"]].copy())

    def _finish(self, rec: RunRecord, state: dict[str, Any], Xa: np.ndarray, y: np.ndarray) -> None:
        tau = getattr(rec.weights, "tau", None)
        rec.extras["tau"] = tau if tau is not None else np.zeros(0)
        self._set_final(rec, rec.weights[-1])  # type: ignore[attr-defined]


class RowWeights:
    """A weight s_i per point for a fit (``Perceptron.fit(row_weight=...)``): the visit's update
    becomes w += (y_i·s_i)·x_i through ``_step_kernels.weighted_epoch``, and the record's weight
    log replays update k as a step of its own size τ_k = s_i (``replay_rows_tau``, the product
    τ·y taken as training took y·s), so every w_k is training's to the bit."""

    def __init__(self, s: np.ndarray) -> None:
        self.s = s

    @classmethod
    def of(cls, learner: Any, row_weight: np.ndarray | None, n: int) -> RowWeights | None:
        """The weights of a fit, or None for the unweighted run (none given, or all exactly 1:
        the learner's own kernel, unchanged). Refuses, with a sentence, weights of the wrong
        shape, negative or not finite, and a learner whose update takes none."""
        if row_weight is None:
            return None
        s = np.ascontiguousarray(row_weight, dtype=np.float64)
        if s.shape != (n,):
            raise DatasetError(_("The weights per point have shape {shape}, but there are {n:,} points; "
                                 "give one weight per point.").format(shape=s.shape, n=n))
        if not np.isfinite(s).all() or (s < 0.0).any():
            raise DatasetError(_("The weights per point must be finite numbers of 0 or more."))
        if bool((s == 1.0).all()):
            return None
        if not learner.takes_row_weights():
            raise DatasetError(_("{learner} takes no weight per point: its update is not the "
                                 "perceptron's y·x that a weight could scale.").format(learner=learner.heading()))
        return cls(s)

    def epoch_fn(self, learner: Any) -> Callable[..., int]:
        """The epoch hook ``fit`` calls in place of the learner's ``_epoch``."""
        margin = float(learner.margin) if learner.margin_rule else 0.0
        s = self.s

        def epoch(state: dict[str, Any], Xa: np.ndarray, y: np.ndarray, order: np.ndarray, pos_buf: np.ndarray,
                  idx_buf: np.ndarray, ck: np.ndarray, k0: int, C: int) -> int:
            return int(SK.weighted_epoch(Xa, y, s, order, state["w"], margin, pos_buf, idx_buf, ck, k0, C))

        return epoch

    def weight_log(self, checkpoints: np.ndarray, index: np.ndarray, train: Dataset, offset: bool,
                   C: int) -> WeightLog:
        """The record's weights: update k replayed as w += (τ_k·y_i)·x_i with τ_k = s_i."""
        return WeightLog(checkpoints, index, train.X, train.y, self.s[index], C, offset)

    @staticmethod
    def steps(weights: WeightLog) -> np.ndarray:
        """τ per update, kept as ``extras["tau"]`` (the window shows each step's size)."""
        return weights.tau if weights.tau is not None else np.zeros(0)
