"""Per-column minimum and maximum of a tall matrix, column by column.

``np.min(X, axis=0)`` on an (n, 2) array reduces across rows two numbers at a time: 29 ms at
10⁶ points here, against 0.7 ms for the two columns reduced one by one (strided, but each a
single fast loop). Opening 10⁶ points fitted the view twice on the window's thread with it
(the open's longest blocks). Same numbers, NaN included (a NaN in a column is its
minimum and maximum, as numpy's reductions say).
"""
from __future__ import annotations

import numpy as np

__all__ = ["column_min_max"]

_FEW_COLUMNS = 16  # up to here, one Python-level reduction per column is cheap


def column_min_max(X: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(np.min(X, axis=0), np.max(X, axis=0))`` for a non-empty 2-D ``X``, faster when X is tall."""
    if X.ndim != 2 or X.shape[0] == 0 or X.shape[1] > _FEW_COLUMNS:
        # numpy's own answer (or its error); wide rows are what its axis-0 loop is quick at
        return np.min(X, axis=0), np.max(X, axis=0)
    lo = np.array([X[:, j].min() for j in range(X.shape[1])], dtype=X.dtype)
    hi = np.array([X[:, j].max() for j in range(X.shape[1])], dtype=X.dtype)
    return lo, hi
