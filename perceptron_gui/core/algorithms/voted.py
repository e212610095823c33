"""Freund & Schapire's voted perceptron (notes 004)."""
from __future__ import annotations

import numpy as np

from ..run import RunRecord
from . import _kernels as K
from .base import Perceptron


class VotedPerceptron(Perceptron):
    """Keeps every weight vector w_k with its survival count c_k (the number of example steps
    it stayed in force, starting at 1 on the step that created it) and predicts
    sign(Σ_k c_k · sign(w_k·x + b_k)). Runs exactly ``max_epochs`` epochs.

    Extras: ``survival_counts`` (c_k for k = 0..K; c_0 counts the steps before the first update).
    """

    name = "voted"
    title = "Voted (Freund & Schapire)"
    description = "Every w_k votes with weight c_k (how long it survived): ŷ = sign(Σ c_k·sign(w_k·x + b_k))."
    fixed_epochs = True

    def _finish(self, rec: RunRecord, state, Xa, y) -> None:
        rec.extras["survival_counts"] = rec.survival_counts()
        self._set_final(rec, rec.weights[-1])

    def _predictor_after_epoch(self, rec, epoch, end_w, state):
        k_end = rec.epoch_end_k(epoch)
        steps = (epoch + 1) * rec.n
        edges = np.concatenate(([0], rec.update_step[:k_end], [steps]))
        c = np.diff(edges).astype(np.float64)
        W = np.ascontiguousarray(rec.weights[: k_end + 1])
        return lambda Xa: K.vote_scores(np.ascontiguousarray(Xa), W, c)


def voted_scores(rec: RunRecord, X: np.ndarray) -> np.ndarray:
    """Σ_k c_k · sign(w_k·x + b_k) for the rows of X (original features)."""
    from .base import augment

    c = rec.survival_counts()
    return K.vote_scores(augment(X, rec.offset), np.ascontiguousarray(rec.weights), c)
