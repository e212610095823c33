"""How every variant scores points: the offset column and w·x summed as the kernels sum it.

One arithmetic for training, the per-epoch errors, the frame and the theory, so a score that
training saw as exactly 0 is 0 everywhere (see :func:`row_dots`).
"""
from __future__ import annotations

import numpy as np

from .. import pages

__all__ = ["augment", "predict_scores", "row_dots"]


def augment(X: np.ndarray, offset: bool) -> np.ndarray:
    """A new, writable, C-contiguous float64 copy of X, with a constant-1 column appended
    when ``offset``. Always a fresh writable array, so the kernels see one array type and
    numba compiles one signature each (a Dataset's own arrays are read-only)."""
    X = np.asarray(X, dtype=np.float64)
    # Small pages (core/pages.empty): a fresh process's first fit wrote its 24 MB copy of 10⁶
    # points into cold huge pages when Linux granted them, 52 or 70 ms at random (the cold
    # "first fit as fast as the fourth"); later copies reuse freed memory either way.
    if not offset:
        out = pages.empty(X.shape)
        out[...] = X
        return out
    out = pages.empty((X.shape[0], X.shape[1] + 1))
    out[:, :-1] = X
    out[:, -1] = 1.0
    return out


def predict_scores(X: np.ndarray, w: np.ndarray, b: float) -> np.ndarray:
    """w·x + b for each row, with the kernels' arithmetic (see :func:`row_dots`)."""
    return row_dots(X, w) + b


def row_dots(X: np.ndarray, w: np.ndarray) -> np.ndarray:
    """w·x for each row, summed left to right as the kernels do.

    Not ``X @ w``: BLAS may fuse multiply and add, so a score that training saw as exactly 0
    (a mistake) could come out as ±1e-18 here and flip a prediction or a pocket count.
    """
    X = np.asarray(X, dtype=np.float64)
    w = np.asarray(w, dtype=np.float64)
    s = np.zeros(X.shape[0])
    for j in range(X.shape[1]):
        s += X[:, j] * w[j]
    return s
