"""The weight-space picture (render/weight_space.py): the path is the run's weights, the
version space holds θ*, and XOR has none."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core.run import split_augmented
from perceptron_gui.render.geometry import clip_halfplane
from perceptron_gui.render.weight_space import (
    NO_VERSION_SPACE,
    choose_lines,
    describe_weight_space,
    version_space,
)
from perceptron_gui.session.session import Session


def session_for(preset: str, algorithm: str) -> Session:
    s = Session()
    s.load_preset(preset)
    s.set_algorithm(algorithm)
    assert s.result is not None and s.error is None
    return s


def inside(poly: np.ndarray, p: np.ndarray) -> bool:
    """p in the convex polygon (either orientation), with an atol for points on an edge."""
    signs = []
    for a, b in zip(poly, np.roll(poly, -1, axis=0)):
        e, q = b - a, p - a
        signs.append(e[0] * q[1] - e[1] * q[0])
    signs = np.array(signs)
    return bool(np.all(signs >= -1e-12) or np.all(signs <= 1e-12))


@pytest.mark.parametrize("preset,algorithm", [("random_separable", "standard"), ("uniform_diagonal", "standard"),
                                              ("random_separable", "offset"), ("random_noisy", "offset"),
                                              ("and", "offset")])
def test_the_path_is_the_runs_weights_exactly(preset, algorithm):
    s = session_for(preset, algorithm)
    rec = s.result.record
    for t in (-1, rec.num_steps // 2, rec.num_steps - 1):
        ws = describe_weight_space(s.result, t)
        k = rec.k_after_step(t)
        assert ws.k == k and ws.path_first == 0
        assert ws.path.shape == (k + 1, 2)
        for j in range(k + 1):
            w, b = rec.weights_at(rec.step_of_update(j))
            assert np.array_equal(ws.path[j], w)  # exactly: the record's numbers
        # Each step is named by the example of that update (global rows, 1-based in the label).
        assert np.array_equal(ws.path_index, s.result.train_index[rec.update_index[:k]])
        _, b_k = rec.w_b(k)
        assert ws.b_slice == (b_k if rec.offset else 0.0)
        assert ("b = b_k" in ws.title) == rec.offset


def test_each_step_is_labelled_by_its_example():
    s = session_for("random_separable", "standard")
    rec = s.result.record
    ws = describe_weight_space(s.result, rec.num_steps - 1)
    k = rec.num_updates
    last = int(s.result.train_index[rec.update_index[k - 1]])
    assert ws.path_labels[-1] == "x" + "".join("₀₁₂₃₄₅₆₇₈₉"[int(c)] for c in str(last + 1))


def test_constraint_lines_and_allowed_sides():
    s = session_for("random_separable", "offset")
    rec = s.result.record
    ws = describe_weight_space(s.result, rec.num_steps // 3)
    X, y = s.result.train.X, s.result.train.y
    assert len(ws.constraints) == X.shape[0] == ws.total_lines
    for c, xi, yi in zip(ws.constraints, X, y):
        if c.ends is not None:  # on the line w·x + b_k = 0
            assert np.allclose(c.ends @ xi + ws.b_slice, 0.0, atol=1e-9)
        # every corner of the allowed side keeps y(w·x + b_k) >= 0
        assert np.all(yi * (c.allowed @ xi + ws.b_slice) >= -1e-9)


def test_the_version_space_contains_theta_star_when_separable_through_the_origin():
    s = session_for("uniform_diagonal", "standard")  # x2 > x1: separable through the origin
    assert s.result.theory.separable
    rec = s.result.record
    ws = describe_weight_space(s.result, rec.num_steps - 1)
    assert ws.version is not None and NO_VERSION_SPACE not in ws.notes
    theta_w, _ = split_augmented(s.result.theory.theta_star, False)
    half = ws.rect[2]
    assert inside(ws.version, 0.5 * half * theta_w / np.linalg.norm(theta_w))
    # The run converged, so its final weights hold every constraint: they lie in it too.
    assert rec.converged and inside(ws.version, ws.path[-1])
    assert ws.theta_ray is not None and np.allclose(ws.theta_ray[0], 0.0, atol=1e-12)


def test_no_version_space_for_xor():
    for algorithm in ("standard", "offset"):
        s = session_for("xor", algorithm)
        rec = s.result.record
        ws = describe_weight_space(s.result, rec.num_steps - 1)
        assert ws.version is None
        assert NO_VERSION_SPACE in ws.notes


def test_version_space_equals_clipping_by_every_constraint():
    rng = np.random.default_rng(4)
    X = rng.normal(size=(200, 2))
    y = np.where(X @ np.array([1.0, -2.0]) + 0.3 > 0, 1.0, -1.0)
    rect = (-3.0, -3.0, 3.0, 3.0)
    poly = np.array([[-3.0, -3.0], [3.0, -3.0], [3.0, 3.0], [-3.0, 3.0]])
    for xi, yi in zip(X, y):
        poly = clip_halfplane(poly, yi * xi, yi * 0.3)
    fast = version_space(X, y, 0.3, rect)
    assert fast is not None
    for corner in poly:
        assert inside(fast, corner)
    for corner in fast:
        assert inside(poly, corner)


def test_a_million_points_draw_at_most_the_cap_of_lines():
    caused = np.array([5, 999_999, 5, 42])
    pick = choose_lines(1_000_000, caused, 300)
    assert pick.shape == (300,) and np.all(np.diff(pick) > 0)
    assert {5, 42, 999_999} <= set(pick.tolist())
    assert np.array_equal(choose_lines(10, caused[:0], 300), np.arange(10))


def test_three_feature_data_say_why_in_a_sentence():
    s = Session()
    s.load_preset("digits_0_vs_1")
    s.set_algorithm("standard")
    with pytest.raises(ValueError, match="2 features"):
        describe_weight_space(s.result, 0)
