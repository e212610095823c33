"""The views of data with d > 2 (Qt-free geometry): PCA by default, the plane of w and θ*, two
features; the hyperplane's line in each equals the score on the slice."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.render.projection import PCA, W_THETA, make_projection

NAMES = [f"px{j}" for j in range(12)]


def _data(seed: int = 0, n: int = 40, d: int = 12) -> np.ndarray:
    X = np.random.default_rng(seed).normal(size=(n, d))
    X[:, :2] = 0.0  # like MNIST's border pixels: the first two features are always 0
    return X


def test_pca_spreads_points_that_the_first_two_features_stack():
    X = _data()
    two = make_projection(X, NAMES, (0, 1), False).points(X)
    assert np.allclose(two, 0.0)  # every point at (0, 0): the old default showed nothing
    proj = make_projection(X, NAMES, PCA, False)
    assert proj.kind == "pca" and proj.x_label.startswith("PC1 (") and "variance" in proj.y_label
    P = proj.points(X)
    assert P.std(axis=0).min() > 0.1


@pytest.mark.parametrize("view", [PCA, W_THETA, (3, 7)])
def test_line_equals_score_on_the_slice(view):
    X = _data(1)
    rng = np.random.default_rng(2)
    w, t, b = rng.normal(size=12), rng.normal(size=12), 0.4
    proj = make_projection(X, NAMES, view, False, directions=(w, t))
    assert proj.kind == {PCA: "pca", W_THETA: "w_theta"}.get(view, "features")
    assert np.allclose(proj.A.T @ proj.A, np.eye(2), atol=1e-12)
    w2, b2 = proj.line(w, b)
    P = rng.normal(size=(6, 2))
    assert np.allclose(proj.to_data(P) @ w + b, P @ w2 + b2, atol=1e-9)


def test_w_theta_plane_contains_both_directions():
    X = _data(3)
    rng = np.random.default_rng(4)
    w, t = rng.normal(size=12), rng.normal(size=12)
    proj = make_projection(X, NAMES, W_THETA, False, directions=(w, t))
    A = proj.A
    for v in (w, t):  # each is its own projection onto the plane
        assert np.allclose(A @ (A.T @ v), v, atol=1e-9)
    assert np.allclose(A[:, 0], t / np.linalg.norm(t), atol=1e-12)  # θ* along the first axis
    assert "θ*" in proj.x_label and "w" in proj.y_label


@pytest.mark.parametrize("directions", [None, (np.ones(12), None), (None, np.ones(12)),
                                        (np.ones(12), 2 * np.ones(12)), (np.ones(5), np.ones(5))])
def test_w_theta_falls_back_to_pca_when_the_plane_is_undefined(directions):
    X = _data(5)
    assert make_projection(X, NAMES, W_THETA, False, directions=directions).kind == "pca"


def test_a_small_variance_share_is_not_written_as_zero():
    rng = np.random.default_rng(7)
    X = np.column_stack([rng.normal(size=200) * 10.0, rng.normal(size=200) * 0.6, rng.normal(size=200) * 0.1])
    proj = make_projection(X, ["a", "b", "c"], PCA, False)
    assert proj.kind == "pca" and "(0 %" not in proj.y_label
    assert proj.y_label.startswith("PC2 (0.") and proj.y_label.endswith("% of variance)")
