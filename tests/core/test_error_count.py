"""The per-epoch error counts through a matrix product with certified signs equal the kernels'
one-sum-at-a-time counts, including scores of exactly 0 and sums that cancel to 0 in the
kernels' order but not in the product's."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core.algorithms import _kernels as K
from perceptron_gui.core.algorithms.error_count import BLAS_FROM_D, count_errors_rows


def exact(Xa, y, P):
    return [int(K.count_errors(Xa, y, np.ascontiguousarray(p))) for p in P]


@pytest.mark.parametrize("n, D, R", [(500, BLAS_FROM_D, 7), (300, 130, 20), (50, 785, 3), (1, 140, 1), (200, 20, 5)])
def test_random_weights_count_as_the_kernels(n, D, R):
    rng = np.random.default_rng(D)
    Xa = rng.normal(size=(n, D))
    y = np.where(rng.random(n) < 0.5, 1.0, -1.0)
    P = rng.normal(size=(R, D))
    assert count_errors_rows(Xa, y, P).tolist() == exact(Xa, y, P)


def test_scores_of_zero_and_cancellations_are_scored_by_the_kernels_arithmetic():
    D = BLAS_FROM_D + 5
    rng = np.random.default_rng(1)
    Xa = rng.integers(-3, 4, size=(2000, D)).astype(np.float64)
    Xa[:50] = 0.0  # score exactly 0: predicted +1
    # In the kernels' order 1e16 + 1 rounds to 1e16 and - 1e16 leaves 0 (+1); the exact sum is 1,
    # and another order may give 1 or 0, or -1 with the signs flipped: the certificate must refuse it.
    Xa[50:60] = 0.0
    Xa[50:60, :3] = [1e16, 1.0, -1e16]
    Xa[60:70] = 0.0
    Xa[60:70, :3] = [-1e16, -1.0, 1e16]
    y = np.where(rng.random(2000) < 0.5, 1.0, -1.0)
    P = np.vstack([np.ones(D), np.zeros(D), rng.integers(-2, 3, size=(5, D)).astype(np.float64)])
    assert count_errors_rows(Xa, y, P).tolist() == exact(Xa, y, P)


def test_huge_values_that_overflow_the_product_are_counted_by_the_kernels():
    D = BLAS_FROM_D + 10
    rng = np.random.default_rng(2)
    Xa = rng.normal(size=(100, D)) * 1e200
    y = np.where(rng.random(100) < 0.5, 1.0, -1.0)
    P = rng.normal(size=(4, D)) * 1e200
    assert count_errors_rows(Xa, y, P).tolist() == exact(Xa, y, P)


def test_many_epochs_are_counted_in_blocks():
    from perceptron_gui.core.algorithms import error_count

    rng = np.random.default_rng(3)
    Xa = rng.normal(size=(3000, BLAS_FROM_D))
    y = np.where(rng.random(3000) < 0.5, 1.0, -1.0)
    P = rng.normal(size=(1500, BLAS_FROM_D))  # more scores than one block holds
    assert 3000 * 1500 > error_count._CELLS  # several blocks
    assert count_errors_rows(Xa, y, P).tolist() == K.count_errors_rows(Xa, y, P).tolist()
