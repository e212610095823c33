"""What one weight vector does to every training point, in one pass (no Qt).

A frame of the window (and of every export) shows, for the current (w, b): which points are
misclassified, the training error, the perceptron and hinge losses, the distance of the closest
point to the hyperplane, and the data set's signed margin. Written as numpy expressions these
were about fifteen passes over n rows (15 ms a frame at 10⁶ points, so playback managed
~40 steps a second); here they are one compiled pass, plus one over the scaled copy of
X for the margin.

The numbers are the notes' formulas, as :mod:`perceptron_gui.core.theory` states them for one w:

- a score is Σ_j x_j·w_j summed left to right from 0, then + b, as training sums it
  (:func:`~perceptron_gui.core.algorithms.scores.row_dots`), so a score training saw as 0 is 0;
- a point is misclassified when sign(score) ≠ y with sign(0) = +1;
- the losses are Σ max(0, −y·s) and Σ max(0, 1 − y·s), summed in row order as
  :mod:`perceptron_gui.core.loss_curves` sums them (NaN propagates as in numpy's maximum);
- the margin is min_i y_i·s_i/‖w‖ on the power-of-two rescaling of
  :func:`perceptron_gui.core.floatscale.signed_margins` (so any finite scale works), the same bits
  as the minimum of that array, since scaling and division by ‖w‖ > 0 keep the order.

numba is imported and the kernels loaded at the first call (or at :func:`load`), not when this
module is imported.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .algorithms._lazy import LazyModule
from .rows import every_row

_K = LazyModule("._point_kernels", __package__)  # numba loads at the first frame (see _lazy)

__all__ = ["PointStats", "point_stats", "min_signed_margin", "load"]


@dataclass(frozen=True)
class PointStats:
    """The points under one (w, b): ``wrong`` holds the misclassified rows' names (``names[i]``,
    ascending in i), and ``closest`` is min |w·x + b| (nan with no rows)."""

    wrong: np.ndarray
    perceptron_loss: float
    hinge_loss: float
    closest: float


def point_stats(X: np.ndarray, y: np.ndarray, w: np.ndarray, b: float,
                names: np.ndarray | None = None) -> PointStats:
    """The :class:`PointStats` of (w, b) on the points X (n, d) with labels y in {−1, +1};
    ``names`` (default 0…n−1) are what ``wrong`` reports for each row."""
    X = np.ascontiguousarray(X, dtype=np.float64)
    y = np.ascontiguousarray(y, dtype=np.float64)
    w = np.ascontiguousarray(w, dtype=np.float64)
    n = X.shape[0]
    names = np.ascontiguousarray(every_row(n) if names is None else names, dtype=np.int64)
    if names.shape != (n,) or y.shape != (n,) or w.shape != (X.shape[1],):
        raise ValueError(f"shapes do not match: X {X.shape}, y {y.shape}, w {w.shape}, names {names.shape}")
    # Untouched pages cost nothing: only the misclassified rows' entries are ever written.
    out = np.empty(n, dtype=np.int64)
    sums = np.zeros(3)
    count = _K.stats(X, y, w, float(b), names, out, sums)
    return PointStats(out[:count].copy(), float(sums[0]), float(sums[1]),
                      float(sums[2]) if n else float("nan"))


def min_signed_margin(Xs: np.ndarray, y: np.ndarray, ws: np.ndarray, b_s: float,
                      tiny: float) -> tuple[float, int]:
    """(min_i y_i·(Σ_j Xs_ij·ws_j + b_s), how many rows have |score| < ``tiny``): the inner
    loop of :func:`perceptron_gui.core.floatscale.min_signed_margin`, which scales the inputs and
    the answer (nan when a score is nan, +inf with no rows)."""
    Xs = np.ascontiguousarray(Xs, dtype=np.float64)
    y = np.ascontiguousarray(y, dtype=np.float64)
    ws = np.ascontiguousarray(ws, dtype=np.float64)
    res = np.zeros(2)
    _K.min_margin(Xs, y, ws, float(b_s), float(tiny), res)
    return float(res[0]), int(res[1])


def load() -> None:
    """Import numba and load (or compile) the kernels now, e.g. on a worker thread before the
    first frame asks for them on the UI thread."""
    X, y = np.ones((1, 2)), np.ones(1)
    X.setflags(write=False)  # as a run's training data are: numba compiles read-only arrays apart
    y.setflags(write=False)
    point_stats(X, y, np.ones(2), 0.0, np.zeros(1, dtype=np.int64))
    _K.min_margin(X, y, np.ones(2), 0.0, 0.0, np.zeros(2))
