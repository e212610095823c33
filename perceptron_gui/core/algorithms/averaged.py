"""The averaged perceptron (notes 004)."""
from __future__ import annotations

import numpy as np

from ..run import RunRecord
from .base import Perceptron


class AveragedPerceptron(Perceptron):
    """Predicts with the mean of the weights in force after each of the n·E example steps,
    = Σ_k c_k (w_k, b_k) / Σ_k c_k. Runs exactly ``max_epochs`` epochs.

    Extras: ``survival_counts`` (c_k) and ``last_w``/``last_b`` (the plain perceptron's weights).
    """

    name = "averaged"
    title = "Averaged"
    description = "Predicts with the average of all weights over every step: ŷ = sign(Σ c_k·(w_k·x + b_k))."
    fixed_epochs = True

    def _finish(self, rec: RunRecord, state, Xa, y) -> None:
        c = rec.survival_counts()
        rec.extras["survival_counts"] = c
        last = rec.weights[-1]
        rec.extras["last_w"] = last[:-1].copy() if rec.offset else last.copy()
        rec.extras["last_b"] = float(last[-1]) if rec.offset else 0.0
        self._set_final(rec, averaged_weights(rec, rec.num_updates, rec.num_steps))

    def _predictor_after_epoch(self, rec, epoch, end_w, state):
        return averaged_weights(rec, rec.epoch_end_k(epoch), (epoch + 1) * rec.n)


def averaged_weights(rec: RunRecord, k: int, steps: int) -> np.ndarray:
    """Mean (augmented) weights over the first ``steps`` example steps, during which k updates
    were made; the weights at w = start if no step was taken."""
    if steps <= 0:
        return rec.weights[0].copy()
    edges = np.concatenate(([0], rec.update_step[:k], [steps]))
    c = np.diff(edges).astype(np.float64)
    return (c @ rec.weights[: k + 1]) / float(steps)
