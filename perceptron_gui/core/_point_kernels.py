"""The compiled loops of :mod:`perceptron_gui.core.point_stats` (numba; imported at their first use)."""
from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit


@njit(cache=True, nogil=True, inline="always")
def score(X: Any, i: int, w: Any, b: float) -> float:  # pragma: no cover - compiled
    """Σ_j X[i, j]·w_j summed left to right from 0, then + b: training's score of row i."""
    s = 0.0
    for j in range(X.shape[1]):
        s += X[i, j] * w[j]
    return s + b


@njit(cache=True, nogil=True)
def stats(X: Any, y: Any, w: Any, b: float, names: Any, out: Any, sums: Any) -> int:  # pragma: no cover - compiled
    # Without branches on the data (a noisy set's signs are random: mispredicted branches made
    # this loop 5 ms at 10⁶ rows): every row writes out[count], and count grows only when it is
    # wrong, so the entries past the misclassified ones are never touched. A score is nan only
    # when s is (y is ±1), and then numpy's sums and min are nan too.
    n = X.shape[0]
    p = 0.0
    h = 0.0
    closest = np.inf
    seen_nan = False
    count = 0
    for i in range(n):
        s = score(X, i, w, b)
        seen_nan |= s != s
        out[count] = names[i]
        count += (s >= 0.0) != (y[i] > 0.0)
        m = y[i] * s
        p += max(-m, 0.0)
        h += max(1.0 - m, 0.0)
        closest = min(closest, abs(s))
    sums[0] = np.nan if seen_nan else p
    sums[1] = np.nan if seen_nan else h
    sums[2] = np.nan if seen_nan else closest
    return count


@njit(cache=True, nogil=True)
def min_margin(Xs: Any, y: Any, ws: Any, b_s: float, tiny: float, res: Any) -> None:  # pragma: no cover - compiled
    n = Xs.shape[0]
    lo = np.inf
    seen_nan = False
    n_tiny = 0
    for i in range(n):
        s = score(Xs, i, ws, b_s)
        n_tiny += abs(s) < tiny
        seen_nan |= s != s
        lo = min(lo, y[i] * s)
    res[0] = np.nan if seen_nan else lo
    res[1] = n_tiny
