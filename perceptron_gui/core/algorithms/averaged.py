"""The averaged perceptron (notes 004)."""
from __future__ import annotations

from typing import Any

import numpy as np

from ...i18n import N_, _
from ..run import RunRecord, split_augmented
from ._lazy import LazyModule
from .base import Perceptron
from .step import StepOutput
from .weight_log import WeightLog

K = LazyModule("._kernels", __package__)  # numba loads at the first fit (see _lazy)


class AveragedPerceptron(Perceptron):
    """Predicts with the mean of the weights in force after each of the n·E example steps,
    = Σ_k c_k (w_k, b_k) / Σ_k c_k. Runs exactly ``max_epochs`` epochs.

    Extras: ``survival_counts`` (c_k) and ``last_w``/``last_b`` (the plain perceptron's weights).
    """

    name = "averaged"
    state_is_weights = False
    output_differs = True
    averages = True
    final_weights_name = N_("averaged weights")
    title = N_("Averaged")
    heading_name = N_("Averaged perceptron")
    description = N_("Predicts with the average of all weights over every step: ŷ = sign(Σ c_k·(w_k·x + b_k)).")
    extra_bytes_per_update = 8  # survival_counts
    kernels = ('perceptron_epoch', 'replay_rows', 'count_errors_rows', 'count_errors', 'weighted_prefix_sums',
               'replay_weighted_prefix', 'perceptron_epoch_x', 'count_errors_rows_x')
    fixed_epochs = True
    # It trains as the perceptron does (``_epoch_on_x`` is the perceptron's); its hooks read
    # no points, and its per-epoch averages are counted after the fit (wide.errors_on_x).
    reads_x = True

    def _finish(self, rec: RunRecord, state: dict[str, Any], Xa: np.ndarray, y: np.ndarray) -> None:
        c = rec.survival_counts()
        rec.extras["survival_counts"] = c
        last_w, rec.extras["last_b"] = split_augmented(rec.weights[-1], rec.offset)
        rec.extras["last_w"] = last_w.copy()
        # One pass over the updates gives the average at every epoch's end; the output is the
        # last of them (all n·E steps).
        averages = epoch_averaged_weights(rec)
        state["epoch_averages"] = averages
        self._set_final(rec, averages[-1] if len(averages) else rec.weights[0])

    def _predictor_after_epoch(self, rec: RunRecord, epoch: int, end_w: np.ndarray,
                               state: dict[str, Any]) -> np.ndarray:
        return np.asarray(state["epoch_averages"][epoch])

    @classmethod
    def output_at(cls, rec: RunRecord, t: int) -> StepOutput:
        return StepOutput(label=_("averaged"), weights=averaged_weights_after(rec, np.array([t + 1]))[0])


def epoch_averaged_weights(rec: RunRecord) -> np.ndarray:
    """The averaged weights at the end of every epoch, (E, D), from one cumulative sum."""
    if rec.n == 0:
        return np.zeros((rec.epochs_run, rec.D))
    return averaged_weights_after(rec, (np.arange(rec.epochs_run, dtype=np.int64) + 1) * rec.n)


def averaged_weights_after(rec: RunRecord, steps: np.ndarray) -> np.ndarray:
    """The mean (augmented) weights over the first s example steps, for each s in ``steps``
    (non-decreasing), (len(steps), D); the start weights where s <= 0.

    The one arithmetic for the averaged output: the per-epoch errors, the final weights and
    the frame at any step all come from here, so they agree to the bit.
    """
    steps = np.asarray(steps, dtype=np.int64).reshape(-1)
    out = np.empty((steps.shape[0], rec.D))
    none = steps <= 0
    out[none] = rec.weights[0]
    s = steps[~none]
    if s.shape[0]:
        starts = rec.start_steps()  # step at which w_k came into force
        c = rec.survival_counts()[:-1]  # completed survival of w_0..w_{K-1}
        k_end = np.searchsorted(rec.update_step, s - 1, side="right").astype(np.int64)
        # prefix[e] = Σ_{j<k_end[e]} c_j w_j, in one pass; a log answers from its checkpoints
        # (the K weight vectors are never made: 18 MB and 17 ms a frame at 740,000 updates)
        W = rec.weights
        if isinstance(W, WeightLog):
            prefix = W.weighted_prefix(c, k_end, "survival")
        else:
            prefix = K.weighted_prefix_sums(np.ascontiguousarray(W), c, k_end)
        tail = (s - starts[k_end]).astype(np.float64)
        out[~none] = (prefix + tail[:, None] * W[k_end]) / s[:, None]
    return out

