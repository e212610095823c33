"""The perceptron loss and the hinge loss of w_k after every update k (notes 001/002).

For the weights w_k (bias last when augmented) and the training set,

    perceptron loss  L_p(w_k) = Σ_i max(0, −y_i·(w_k·x_i + b_k))
    hinge loss       L_h(w_k) = Σ_i max(0, 1 − y_i·(w_k·x_i + b_k))

:func:`perceptron_gui.core.theory.perceptron_loss` and :func:`~perceptron_gui.core.theory.hinge_loss`
are these formulas for one w; this module evaluates them for many w_k at once (one numba pass
over the points per weight vector, the scores summed left to right as training sums them) and
keeps the work bounded: each w_k costs n·D multiply-adds, so for big n·K only every m-th update
is evaluated (:func:`sample_updates`), and :attr:`LossCurves.every` says which. The tests check
the curves against the per-k formulas.
"""
from __future__ import annotations

import math
import threading
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["LossCurves", "LOSS_WORK", "MAX_CURVE_POINTS", "sample_updates", "loss_curves", "loss_rows"]

# n·D multiply-adds over all the sampled updates: about 0.1–0.3 s here (1.5 ms per w_k on
# 10⁶ 2-D points with offset), so even a run trained on the UI thread stays responsive.
LOSS_WORK = 2e8
# A curve in a dock a thousand pixels wide gains nothing from more points than this.
MAX_CURVE_POINTS = 20_000
_BLOCK = 512  # weight vectors replayed and evaluated at a time (bounded memory for long runs)


@dataclass(frozen=True)
class LossCurves:
    """Both losses at the sampled update counts ``k`` (ascending, always 0 and K).

    ``every`` is 1 when every update was evaluated, else m: every m-th update (and the last);
    ``n`` is the number of training points summed over.
    """

    k: np.ndarray
    perceptron: np.ndarray
    hinge: np.ndarray
    every: int
    n: int

    @property
    def sampled(self) -> bool:
        return self.every > 1


def sample_updates(K: int, n: int, D: int, work: float = LOSS_WORK,
                   max_points: int = MAX_CURVE_POINTS) -> tuple[np.ndarray, int]:
    """The update counts to evaluate for a run of K updates on n points of dimension D, and
    the step m between them: all of 0..K when (K + 1)·n·D fits ``work`` and ``max_points``,
    else every m-th (the smallest m that fits) plus K itself."""
    K = max(0, int(K))
    per_k = max(1, int(n) * max(1, int(D)))
    fits = max(2, min(int(max_points), int(work // per_k)))  # k = 0 and K at least
    if K + 1 <= fits:
        return np.arange(K + 1, dtype=np.int64), 1
    every = math.ceil(K / (fits - 1))
    ks = np.arange(0, K + 1, every, dtype=np.int64)
    if ks[-1] != K:
        ks = np.append(ks, K)
    return ks, int(every)


def loss_rows(X: Any, y: Any, W: Any, offset: bool, out: Any) -> None:
    """out[r] = (perceptron loss, hinge loss) of the weights W[r] (bias last when ``offset``)
    on the points X (n, d) with labels y: the score y_i·(Σ_j w_j·x_ij + b), summed left to
    right from 0 as the training kernels do, so a score training saw as 0 is 0 here too.

    Compiled at the first call: numba is imported then, not when this module is (0.2–0.4 s
    that ``perceptron-gui --help`` and the window's start paid before)."""
    global _compiled
    if _compiled is None:
        with _compiling:
            if _compiled is None:
                from numba import njit

                _compiled = njit(cache=True, nogil=True)(_loss_rows)
    _compiled(X, y, W, offset, out)


_compiled: Any = None
_compiling = threading.Lock()


def _loss_rows(X: Any, y: Any, W: Any, offset: bool, out: Any) -> None:  # pragma: no cover - compiled
    n, d = X.shape
    for r in range(W.shape[0]):
        p = 0.0
        h = 0.0
        for i in range(n):
            s = 0.0
            for j in range(d):
                s += W[r, j] * X[i, j]
            if offset:
                s += W[r, d] * 1.0
            m = y[i] * s
            if m < 0.0:
                p -= m
            if m < 1.0:
                h += 1.0 - m
        out[r, 0] = p
        out[r, 1] = h


def loss_curves(weights: Any, X: np.ndarray, y: np.ndarray, offset: bool, *,
                work: float | None = None, max_points: int | None = None) -> LossCurves:
    """Both losses of w_k for the sampled k of a run.

    Parameters
    ----------
    weights : (K + 1, D) array-like
        The run's weights (``RunRecord.weights``: an ndarray or a WeightLog, read in blocks of
        rows); augmented (bias last) when ``offset``.
    X : ndarray of shape (n, d)
        The raw training points (not augmented: the bias is added inside, no copy of X).
    y : ndarray of shape (n,)
        Labels in {−1, +1}.
    offset : bool
    work, max_points : float, int, optional
        The caps of :func:`sample_updates` (default :data:`LOSS_WORK`, :data:`MAX_CURVE_POINTS`).
    """
    X = np.ascontiguousarray(X, dtype=np.float64)
    y = np.ascontiguousarray(y, dtype=np.float64)
    K = int(weights.shape[0]) - 1
    D = int(weights.shape[1])
    if D != X.shape[1] + int(bool(offset)):
        raise ValueError(f"weights of dimension {D} do not match points of dimension {X.shape[1]} "
                         f"{'with' if offset else 'without'} offset")
    ks, every = sample_updates(K, X.shape[0], D, LOSS_WORK if work is None else work,
                               MAX_CURVE_POINTS if max_points is None else max_points)
    out = np.zeros((ks.shape[0], 2))
    for a in range(0, ks.shape[0], _BLOCK):
        W = np.ascontiguousarray(weights[ks[a:a + _BLOCK]], dtype=np.float64)
        block = np.zeros((W.shape[0], 2))
        loss_rows(X, y, W, bool(offset), block)
        out[a:a + W.shape[0]] = block
    return LossCurves(ks, out[:, 0].copy(), out[:, 1].copy(), every, int(X.shape[0]))
