"""What an algorithm outputs at step t, as its class answers it (see ``Perceptron.output_at``)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

__all__ = ["StepOutput"]


@dataclass(frozen=True)
class StepOutput:
    """The algorithm's own answer at one step, beside the perceptron's current weights.

    Attributes
    ----------
    label : str
        What the output is called on screen ("averaged", "pocket (w after update 3)").
    weights : ndarray (D,) or None
        The augmented weights it predicts with (pocket, averaged); split with
        :func:`~perceptron_gui.core.run.split_augmented`.
    vote : callable or None
        Voted: X (original features) → Σ_k c_k·sign(w_k·x + b_k), the vote so far.
    survival_counts : ndarray or None
        Voted: the vote weights c_0..c_k of the vectors in force so far.
    pocket_k, pocket_count : int or None
        Pocket: the update whose weights are in the pocket, and their count I.
    slack_index : ndarray of int
        Lifted: the training rows that have needed their own dimension so far.
    scores : callable or None
        Kernel: X (original features) → f(x) = Σ_j α_j·y_j·K(x_j, x) (+ b), the predictor's score.
    alpha : ndarray of int or None
        Kernel: α_i, the mistakes made on each training row so far.
    """

    label: str = ""
    weights: np.ndarray | None = None
    vote: Callable[[np.ndarray], np.ndarray] | None = None
    survival_counts: np.ndarray | None = None
    pocket_k: int | None = None
    pocket_count: int | None = None
    slack_index: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    scores: Callable[[np.ndarray], np.ndarray] | None = None
    alpha: np.ndarray | None = None
