"""ADALINE (Widrow & Hoff 1960): the least-mean-squares rule, the error-driven contrast of the
perceptron's mistake-driven one."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ...i18n import N_, _
from ..dataset import DatasetError
from ..run import EpochRow, RunRecord
from ._lazy import LazyModule
from .base import ParamSpec, Perceptron
from .own_steps import OwnStepSizes

K = LazyModule("._kernels", __package__)  # numba loads at the first fit (see _lazy)

MIN_ETA, MAX_ETA = 1e-9, 10.0
# The squared error of a run that diverges grows without bound; past this many times the start's,
# the run is refused (a stable η never raises it above the start's).
DIVERGED = 1e3


class Adaline(OwnStepSizes, Perceptron):
    """Online Widrow–Hoff: at every visit, with s = w·x + b,
    w ← w + η·(y − s)·x and b ← b + η·(y − s), the labels being the targets −1 and +1.

    Every visit updates (the step is 0 only where s = y exactly), so a run makes exactly
    ``max_epochs`` epochs: there is no epoch without an update to stop at. It minimises the
    squared error Σ (y − s)², one point at a time, and need not separate separable data (the
    line that is best in squares is not always a separator). The record keeps the mean squared
    error after each epoch (``extras["mse"]``) and each step as τ with τ·y = η·(y − s)
    (``extras["tau"]``), so the weight log replays w_k = w_{k−1} + (τ_k·y_i)·x_i to the bit.

    With ``batch`` on it is gradient descent on the mean squared error (1/n)·Σ (y − s)² instead:
    one step per epoch, w ← w + η·(2/n)·Σ (y − s)·x with every s taken from the epoch's starting
    weights. The record still has one update per visit, each point's share of the step added in
    visit order, so the line is seen gathering the gradient point by point and each epoch's end
    is the batch step.

    An η too large for the data makes the weights grow without bound: the fit is refused with
    a sentence naming the largest stable η, 2/λ_max online and 1/λ_max in batch, where λ_max is
    the largest eigenvalue of the points' mean x·xᵀ (x with its constant 1 when there is an
    offset).

    Parameters
    ----------
    eta : float in (0, 10], default 0.01
        The learning rate η.
    batch : bool, default False
        Batch gradient descent on the mean squared error (one step per epoch) instead of the
        online rule.
    (others as :class:`Perceptron`; offset on by default)
    """

    name = "adaline"
    title = N_("ADALINE (Widrow & Hoff's least mean squares)")
    heading_name = N_("ADALINE")
    description = N_("Every visit steps by the error: w ← w + η·(y − (w·x + b))·x and "
                     "b ← b + η·(y − (w·x + b)); it minimises the squared error, not the mistakes.")
    fixed_epochs = True
    steps_own_size = True
    # English (a run file's sentence quotes it); the views show _(no_proof)
    no_proof = N_("ADALINE steps by the squared error at every visit, not by y·x at the mistakes")
    extra_bytes_per_update = 8  # tau
    epoch_loss = ("mse", N_("squared error"))  # the name: shown as _(epoch_loss[1])
    kernels = ("adaline_epoch", "replay_rows_tau", "count_errors_rows", "count_errors")

    def __init__(self, *, max_epochs: int = 100, shuffle: bool = False, seed: int = 0,
                 init: str = "zero", offset: bool = True, eta: float = 0.01,
                 start_w: Sequence[float] = (), start_b: float = 0.0, batch: bool = False) -> None:
        super().__init__(max_epochs=max_epochs, shuffle=shuffle, seed=seed, init=init, offset=offset,
                         start_w=start_w, start_b=start_b)
        self.eta = eta
        self.batch = batch

    @classmethod
    def param_specs(cls) -> list[ParamSpec]:
        return super().param_specs() + [
            ParamSpec("eta", float, 0.01, N_("η (learning rate)"),
                      N_("The step: w ← w + η·(y − (w·x + b))·x at every visit. Too large an η makes the "
                         "weights grow without bound (the largest stable one is 2/λ_max of the points)."),
                      MIN_ETA, MAX_ETA),
            ParamSpec("batch", bool, False, N_("Batch gradient descent"),
                      N_("One step per epoch down the mean squared error, w ← w + η·(2/n)·Σ (y − (w·x + b))·x, "
                         "instead of a step at every visit.")),
        ]

    def _start(self, Xa: np.ndarray, y: np.ndarray, w: np.ndarray) -> dict[str, Any]:
        return {**self.tau_state(Xa, w), "w0": w.copy()}

    def _epoch(self, state: dict[str, Any], Xa: np.ndarray, y: np.ndarray, order: np.ndarray,
               pos_buf: np.ndarray, idx_buf: np.ndarray, ck: np.ndarray, k0: int, C: int) -> int:
        tau = self.tau_room(state, k0, order.shape[0])  # one update per visit
        w = state["w"]
        if self.batch:
            # An epoch may come in slices (chunks.run_epoch): its first slice fixes the scores' w.
            if state.get("batch_left", 0) <= 0:
                state["batch_w0"], state["batch_left"] = w.copy(), Xa.shape[0]
            state["batch_left"] -= order.shape[0]
            w_score, step = state["batch_w0"], float(self.eta) * (2.0 / Xa.shape[0])
        else:
            w_score, step = w, float(self.eta)  # online: every score with the w of that moment
        cnt = int(K.adaline_epoch(Xa, y, order, w, w_score, step, pos_buf, idx_buf, tau, ck, k0, C))
        state["k"] = k0 + cnt
        if not np.isfinite(state["w"]).all():
            raise DatasetError(self.diverged_sentence(Xa, None, None))
        return cnt

    def _epoch_rows(self, rec: RunRecord, epoch_updates: list[int], end_weights: list[np.ndarray],
                    state: dict[str, Any], Xa: np.ndarray, y: np.ndarray,
                    Xt: np.ndarray | None, yt: np.ndarray | None) -> list[EpochRow]:
        start = mean_squared_error(Xa, y, state["w0"])
        mse = [mean_squared_error(Xa, y, w) for w in end_weights]
        if mse and not mse[-1] <= DIVERGED * max(start, 1e-300):
            raise DatasetError(self.diverged_sentence(Xa, start, mse[-1]))
        rec.extras["mse"] = mse
        return super()._epoch_rows(rec, epoch_updates, end_weights, state, Xa, y, Xt, yt)

    def diverged_sentence(self, Xa: np.ndarray, start: float | None, end: float | None) -> str:
        """Why the fit is refused: η, what the error did, and the largest stable η."""
        rose = ("" if start is None or end is None else
                _(" (the mean squared error rose from {start:.3g} to {end:.3g})").format(start=start, end=end))
        lam = largest_eigenvalue(Xa)
        top, rule = (1.0, "1/λ_max") if self.batch else (2.0, "2/λ_max")
        stable = (_("the largest stable η is about {rule} = {value:.3g}").format(rule=rule, value=top / lam)
                  if lam > 0.0 else _("every η is stable here"))
        x = _("x with its constant 1") if self.offset else "x"
        text = (_("With η = {eta:g} ADALINE's weights grow without bound in batch on these data{rose}; "
                  "{stable}, where λ_max = {lam:.3g} is the largest eigenvalue of the mean of x·xᵀ "
                  "({x}). Choose a smaller η.") if self.batch else
                _("With η = {eta:g} ADALINE's weights grow without bound on these data{rose}; "
                  "{stable}, where λ_max = {lam:.3g} is the largest eigenvalue of the mean of x·xᵀ "
                  "({x}). Choose a smaller η."))
        return text.format(eta=float(self.eta), rose=rose, stable=stable, lam=lam, x=x)


def mean_squared_error(Xa: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    """(1/n)·Σ (y − w·x)² over augmented points (0 for no points)."""
    if Xa.shape[0] == 0:
        return 0.0
    with np.errstate(over="ignore", invalid="ignore"):
        r = y - Xa @ w
        return float(np.mean(r * r))


def largest_eigenvalue(Xa: np.ndarray) -> float:
    """λ_max of (1/n)·Σ x·xᵀ: the online rule is stable in the mean for 0 < η < 2/λ_max."""
    n = Xa.shape[0]
    if n == 0:
        return 0.0
    return float(np.linalg.eigvalsh((Xa.T @ Xa) / n)[-1])
