"""Passive-aggressive learning (Crammer, Dekel, Keshet, Shalev-Shwartz & Singer 2006): the
online learner that moves just far enough, with a step size τ of its own at every update."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ...i18n import N_, _
from ..dataset import DatasetError
from ._codes import PA, PA_I, PA_II
from ._lazy import LazyModule
from .base import ParamSpec, Perceptron
from .own_steps import OwnStepSizes

K = LazyModule("._kernels", __package__)  # numba loads at the first fit (see _lazy)

VARIANTS = {"PA": PA, "PA-I": PA_I, "PA-II": PA_II}
MAX_C = 1e6


class PassiveAggressive(OwnStepSizes, Perceptron):
    """On a visit with hinge loss ℓ = max(0, 1 − y·(w·x + b)) > 0 take the step
    τ = ℓ/‖x‖² (PA), min(C, ℓ/‖x‖²) (PA-I) or ℓ/(‖x‖² + 1/(2C)) (PA-II), then
    w ← w + τ·y·x and b ← b + τ·y. With the offset ‖x‖² counts the constant input 1.

    PA moves w just far enough that y·(w·x + b) = 1 on the point visited; PA-I caps the step at
    C, PA-II damps it (both tolerate noisy labels). "Converged" means an epoch with no update,
    i.e. ℓ = 0 on every point: every point has y·(w·x + b) ≥ 1. A point with ‖x‖² = 0 (x = 0
    without the offset) is skipped, since no step could move w.

    The record keeps τ per update (``extras["tau"]``, 8 bytes each), and the weight log replays
    w_k = w_{k−1} + (τ_k·y_i)·x_i with training's arithmetic, so every w_k is exact to the bit.

    Parameters
    ----------
    pa_variant : {"PA", "PA-I", "PA-II"}, default "PA-I"
    C : float > 0, default 1.0
        The aggressiveness of PA-I and PA-II (PA ignores it).
    (others as :class:`Perceptron`; offset on by default)
    """

    name = "pa"
    steps_own_size = True
    # English (a run file's sentence quotes it); the views show _(no_proof)
    no_proof = N_("passive-aggressive steps have their own size τ, not the perceptron's y·x")
    title = N_("Passive-aggressive (PA, PA-I, PA-II)")
    heading_name = N_("Passive-aggressive")
    description = N_("Online steps of size τ: if ℓ = 1 − y·(w·x + b) > 0 then w ← w + τ·y·x, "
                     "with τ = ℓ/‖x‖² (PA), min(C, ℓ/‖x‖²) (PA-I) or ℓ/(‖x‖² + 1/(2C)) (PA-II).")
    extra_bytes_per_update = 8  # tau
    kernels = ("pa_epoch", "replay_rows_tau", "count_errors_rows", "count_errors")

    def __init__(self, *, max_epochs: int = 100, shuffle: bool = False, seed: int = 0,
                 init: str = "zero", offset: bool = True, pa_variant: str = "PA-I", C: float = 1.0,
                 start_w: Sequence[float] = (), start_b: float = 0.0) -> None:
        super().__init__(max_epochs=max_epochs, shuffle=shuffle, seed=seed, init=init, offset=offset,
                         start_w=start_w, start_b=start_b)
        self.pa_variant = pa_variant
        self.C = C

    @classmethod
    def param_specs(cls) -> list[ParamSpec]:
        return super().param_specs() + [
            ParamSpec("pa_variant", str, "PA-I", N_("Variant"),
                      N_("PA: τ = ℓ/‖x‖² (just far enough); PA-I: τ = min(C, ℓ/‖x‖²); "
                         "PA-II: τ = ℓ/(‖x‖² + 1/(2C))."), choices=tuple(VARIANTS)),
            # Past MAX_C, PA-I's cap min(C, ℓ/‖x‖²) and PA-II's 1/(2C) added to ‖x‖² change
            # nothing but for points within 1e-3 of the origin: the variant is PA itself, which
            # is the choice to make for that.
            ParamSpec("C", float, 1.0, N_("C (aggressiveness)"),
                      N_("PA-I caps the step τ at C; PA-II adds 1/(2C) to ‖x‖². Larger C: bolder steps."),
                      1e-4, MAX_C),
        ]

    def validate(self) -> None:
        super().validate()
        if not float(self.C) > 0.0:
            raise DatasetError(_("C must be greater than 0, not {value}.").format(value=repr(self.C)))

    def _start(self, Xa: np.ndarray, y: np.ndarray, w: np.ndarray) -> dict[str, Any]:
        return self.tau_state(Xa, w)

    def _epoch(self, state: dict[str, Any], Xa: np.ndarray, y: np.ndarray, order: np.ndarray,
               pos_buf: np.ndarray, idx_buf: np.ndarray, ck: np.ndarray, k0: int, C: int) -> int:
        tau = self.tau_room(state, k0, order.shape[0])  # at most one update per visit
        cnt = int(K.pa_epoch(Xa, y, order, state["w"], VARIANTS[self.pa_variant], float(self.C),
                              pos_buf, idx_buf, tau, ck, k0, C))
        state["k"] = k0 + cnt
        return cnt
