"""What a learner keeps when every update has a step size of its own, τ (passive-aggressive,
ADALINE): τ per update, in a buffer grown as the updates come, handed to the weight log, which
replays update k as w += (τ_k·y_i)·x_i, and kept in the record as ``extras["tau"]``."""
from __future__ import annotations

from typing import Any

import numpy as np

from ..run import RunRecord


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
