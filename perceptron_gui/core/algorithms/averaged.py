"""The averaged perceptron (notes 004)."""
from __future__ import annotations

import numpy as np

from ..run import RunRecord
from . import _kernels as K
from .base import Perceptron


class AveragedPerceptron(Perceptron):
    """Predicts with the mean of the weights in force after each of the n·E example steps,
    = Σ_k c_k (w_k, b_k) / Σ_k c_k. Runs exactly ``max_epochs`` epochs.

    Extras: ``survival_counts`` (c_k) and ``last_w``/``last_b`` (the plain perceptron's weights).
    """

    name = "averaged"
    title = "Averaged"
    description = "Predicts with the average of all weights over every step: ŷ = sign(Σ c_k·(w_k·x + b_k))."
    extra_bytes_per_update = 8  # survival_counts
    fixed_epochs = True

    def _finish(self, rec: RunRecord, state, Xa, y) -> None:
        c = rec.survival_counts()
        rec.extras["survival_counts"] = c
        last = rec.weights[-1]
        rec.extras["last_w"] = last[:-1].copy() if rec.offset else last.copy()
        rec.extras["last_b"] = float(last[-1]) if rec.offset else 0.0
        # One pass over the updates gives the average at every epoch's end; the output is the
        # last of them (all n·E steps).
        averages = epoch_averaged_weights(rec)
        state["epoch_averages"] = averages
        self._set_final(rec, averages[-1] if len(averages) else rec.weights[0])

    def _predictor_after_epoch(self, rec, epoch, end_w, state):
        return state["epoch_averages"][epoch]


def epoch_averaged_weights(rec: RunRecord) -> np.ndarray:
    """The averaged weights at the end of every epoch, (E, D), from one cumulative sum."""
    E, n = rec.epochs_run, rec.n
    if E == 0 or n == 0:
        return np.zeros((E, rec.D))
    steps = np.concatenate(([0], rec.update_step))  # step at which w_k came into force
    c = np.diff(steps).astype(np.float64)  # completed survival of w_0..w_{K-1}
    ends = (np.arange(E) + 1) * n
    k_end = np.searchsorted(rec.update_step, ends - 1, side="right")
    # prefix[e] = Σ_{j<k_end[e]} c_j w_j, in one pass without a K×D temporary
    prefix = K.weighted_prefix_sums(np.ascontiguousarray(rec.weights), c, k_end.astype(np.int64))
    tail = (ends - steps[k_end]).astype(np.float64)
    return (prefix + tail[:, None] * rec.weights[k_end]) / ends[:, None]


def averaged_weights(rec: RunRecord, k: int, steps: int) -> np.ndarray:
    """Mean (augmented) weights over the first ``steps`` example steps, during which k updates
    were made; the weights at w = start if no step was taken."""
    if steps <= 0:
        return rec.weights[0].copy()
    edges = np.concatenate(([0], rec.update_step[:k], [steps]))
    c = np.diff(edges).astype(np.float64)
    return (c @ rec.weights[: k + 1]) / float(steps)
