"""scipy sparse input, taken without importing scipy and without making the whole matrix dense.

A sparse X is told by its type's module (``_validation._is_sparse``) and converted with its own
``tocsr()`` (CSC, COO, LIL, … become CSR), so ``import perceptron_gui.estimators`` loads no scipy:
whoever passes a sparse matrix has loaded it. Fit trains on the CSR rows (the learners that can:
``core.algorithms.sparse_fit``); decision_function and predict score linear predictors over the
nonzeros and every other output (the vote, the kernel's dual form) in dense blocks of rows.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..core.algorithms.sparse_fit import CsrRows

__all__ = ["as_csr", "BLOCK_NUMBERS", "in_row_blocks"]

# The numbers of one dense block of rows a sparse X is scored in (8 MB).
BLOCK_NUMBERS = 1 << 20


def as_csr(name: str, X: Any) -> tuple[Any, CsrRows]:
    """(X as scipy's CSR, its arrays as :class:`CsrRows`): canonical (sorted, repeats summed),
    float64 values, int64 indices. Refused with the dense checks' sentences: complex or
    non-finite values, no rows or no features, an X that is not 2-D."""
    try:
        csr = X.tocsr()
        _ = csr.shape, csr.data, csr.indices, csr.indptr
    except (AttributeError, TypeError, ValueError) as err:
        raise TypeError(f"X looks sparse but {name} cannot read it as a scipy CSR matrix ({err}); give a "
                        "scipy.sparse matrix or a dense array.") from None
    if len(csr.shape) != 2:
        raise ValueError(f"X must be 2-D (n_samples, n_features) but is {len(csr.shape)}-D: Reshape your data.")
    n, d = (int(v) for v in csr.shape)
    for size, what, fix in ((n, "sample(s)", "row"), (d, "feature(s)", "feature")):
        if size < 1:
            raise ValueError(f"X has 0 {what} (shape={(n, d)}) while a minimum of 1 is required; give at least one {fix}.")
    if np.iscomplexobj(csr.data):
        raise ValueError("Complex data not supported in X; give real numbers (X.real, or abs(X)).")
    if not getattr(csr, "has_canonical_format", False):
        csr = csr.copy()
        csr.sum_duplicates()  # sorts the indices too
    try:
        data = np.ascontiguousarray(csr.data, dtype=np.float64)
    except (TypeError, ValueError) as err:
        raise ValueError(f"X must hold numbers only ({err}); convert it to a float sparse matrix first.") from None
    if not np.isfinite(data).all():
        raise ValueError("Input X contains NaN or infinity; remove or fill those values.")
    rows = CsrRows(data=data, indices=np.ascontiguousarray(csr.indices, dtype=np.int64),
                   indptr=np.ascontiguousarray(csr.indptr, dtype=np.int64), n=n, d=d)
    return csr, rows


def in_row_blocks(csr: Any, score: Callable[[np.ndarray], np.ndarray]) -> np.ndarray:
    """``score`` of the rows of a sparse X, made dense ``BLOCK_NUMBERS // d`` rows at a time and
    joined: the dense scores to the bit, never the whole matrix dense."""
    n, d = (int(v) for v in csr.shape)
    step = max(1, BLOCK_NUMBERS // max(d, 1))
    parts = [np.asarray(score(np.asarray(csr[a:a + step].toarray(), dtype=np.float64))) for a in range(0, n, step)]
    return np.concatenate(parts, axis=0)
