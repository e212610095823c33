"""What a fitted estimator predicts with: a run's own output score, dense or sparse rows."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..core.algorithms import REGISTRY, predict_scores
from ..core.algorithms.sparse_fit import CsrRows, csr_scores
from ..core.run import RunRecord
from ._sparse import in_row_blocks

__all__ = ["LinearOutput", "final_scores", "kept_when_pickled", "scores_of"]


@dataclass(frozen=True)
class LinearOutput:
    """What a pickled estimator keeps of a run whose output is one linear predictor (every
    learner but the vote and the kernel's dual form): its w and b, not its points or steps."""

    algorithm: str
    final_w: np.ndarray
    final_b: float


def kept_when_pickled(rec: RunRecord | LinearOutput) -> RunRecord | LinearOutput:
    if isinstance(rec, LinearOutput):
        return rec
    learner = REGISTRY[rec.algorithm]
    if learner.votes or learner.dual:  # the vectors and their counts, or the points and their α, predict
        return rec
    return LinearOutput(rec.algorithm, np.array(rec.final_w, dtype=np.float64), float(rec.final_b))


def _is_linear(rec: RunRecord | LinearOutput) -> bool:
    """Whether the run predicts with its final (w, b) alone (not a vote or a dual form)."""
    if isinstance(rec, LinearOutput):
        return True
    learner = REGISTRY[rec.algorithm]
    return not (learner.votes or learner.dual)


def final_scores(rec: RunRecord | LinearOutput, X: np.ndarray) -> np.ndarray:
    """The algorithm's own output score for every row of X once the run is over: the vote
    (voted), the dual form's f(x) (kernel), else w·x + b of its final predictor. Asked of the
    algorithm's ``output_at``, so these are the scores the window shows at the last step."""
    if isinstance(rec, LinearOutput):
        return predict_scores(X, rec.final_w, rec.final_b)
    out = REGISTRY[rec.algorithm].output_at(rec, rec.num_steps - 1)
    if out is not None and out.vote is not None:
        return np.asarray(out.vote(X), dtype=np.float64)
    if out is not None and out.scores is not None:
        return np.asarray(out.scores(X), dtype=np.float64)
    return predict_scores(X, rec.final_w, rec.final_b)


def scores_of(rec: RunRecord | LinearOutput, X: np.ndarray | tuple[Any, CsrRows]) -> np.ndarray:
    """:func:`final_scores` of dense rows, or of sparse ones given as (scipy CSR, its arrays): a
    linear predictor over the nonzeros (the dense scores' arithmetic, to the bit), any other
    output in dense blocks of rows."""
    if isinstance(X, np.ndarray):
        return final_scores(rec, X)
    csr, rows = X
    if _is_linear(rec):
        return csr_scores(rows, rec.final_w, float(rec.final_b))
    return in_row_blocks(csr, lambda block: final_scores(rec, block))
