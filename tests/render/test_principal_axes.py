"""The canvas's PCA axes from the d × d scatter matrix (many more points than features) are the
SVD's: the same two directions (up to the sign fixed after), the same shares of the variance."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.render.projection import _principal_axes


def svd_axes(X):
    Xc = X - X.mean(axis=0)
    _, s, vt = np.linalg.svd(Xc, full_matrices=False)
    return vt[:2].T, (s ** 2)[:2] / (s ** 2).sum()


@pytest.mark.parametrize("n, d", [(500, 3), (2000, 64), (400, 150)])
def test_the_scatter_matrix_gives_the_svds_axes(n, d):
    rng = np.random.default_rng(d)
    X = rng.normal(size=(n, d)) * np.linspace(5.0, 1.0, d)  # distinct variances: well-defined axes
    A, share = _principal_axes(X, X.mean(axis=0))
    B, share_svd = svd_axes(X)
    assert np.allclose(np.abs(np.sum(A * B, axis=0)), 1.0, rtol=0, atol=1e-9)  # same directions
    assert np.allclose(share, share_svd, rtol=1e-9, atol=1e-15)
    for c in range(2):  # the sign rule: each axis's largest component is positive
        assert A[np.argmax(np.abs(A[:, c])), c] > 0


def test_points_all_alike_have_no_axes():
    X = np.ones((100, 5))
    assert _principal_axes(X, X.mean(axis=0)) is None
