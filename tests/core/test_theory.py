"""Tests for the convergence-proof numbers: max margin, Novikoff quantities, margins, lifting."""
from __future__ import annotations

import itertools
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from perceptron_gui.core.theory import (
    dataset_margin,
    dataset_theory,
    hinge_loss,
    lift,
    lifted_margin_lower_bound,
    max_margin,
    perceptron_loss,
    proof_quantities,
    signed_margins,
    training_error,
)

SQ2 = np.sqrt(2.0)


def augment(X: np.ndarray) -> np.ndarray:
    return np.hstack([X, np.ones((len(X), 1))])


# ---------------------------------------------------------------- independent references
def brute_force_2d(Z: np.ndarray) -> tuple[float, np.ndarray]:
    """Exact max-margin in 2-D: the optimum is a vertex direction or an edge normal of the hull."""
    cands = [z / np.linalg.norm(z) for z in Z if np.linalg.norm(z) > 0]
    for a, b in itertools.combinations(Z, 2):
        e = b - a
        if np.linalg.norm(e) > 0:
            nrm = np.array([-e[1], e[0]]) / np.linalg.norm(e)
            cands += [nrm, -nrm]
    margins = [np.min(Z @ c) for c in cands]
    best = int(np.argmax(margins))
    return float(margins[best]), cands[best]


def check_kkt(Z: np.ndarray, res) -> None:
    """Optimality certificate: gamma = min z.theta*, support on the margin, theta* in their cone."""
    th, g, S = res.theta_star, res.gamma, res.support
    assert abs(np.linalg.norm(th) - 1.0) < 1e-12
    assert g > 0 and abs(np.min(Z @ th) - g) <= 1e-12 * g
    np.testing.assert_allclose(Z[S] @ th, g, rtol=1e-9, atol=1e-12)
    mu, *_ = np.linalg.lstsq(Z[S].T, th, rcond=None)
    assert np.linalg.norm(Z[S].T @ mu - th) < 1e-9
    assert mu.min() >= -1e-9 * np.abs(mu).max()


def random_data(rng, n, d, *, separable, offset=True):
    X = rng.uniform(-1, 1, (n, d))
    u = rng.normal(size=d)
    s = X @ (u / np.linalg.norm(u)) + 0.1
    if separable:
        X, s = X[np.abs(s) > 0.02], s[np.abs(s) > 0.02]
        y = np.where(s > 0, 1.0, -1.0)
    else:
        y = np.where(s + rng.normal(0, 0.1, len(s)) > 0, 1.0, -1.0)
    return (augment(X) if offset else X), y


def perceptron_history(X: np.ndarray, y: np.ndarray, max_updates: int) -> np.ndarray:
    """Textbook perceptron through the origin; returns the weights after each update."""
    w = np.zeros(X.shape[1])
    history = [w.copy()]
    while True:
        updated = False
        for xi, yi in zip(X, y):
            if yi * (w @ xi) <= 0:
                w = w + yi * xi
                history.append(w.copy())
                updated = True
                assert len(history) <= max_updates + 1, "more updates than Novikoff allows"
        if not updated:
            return np.array(history)


# ---------------------------------------------------------------- margins and losses
def test_worked_example_signed_margins():
    X = np.array([[1.0, 3.0], [2.5, 1.5], [-1.5, 1.5]])
    y = np.array([1, 1, -1])
    w, b = np.array([1.0, -1.0]), 1.0
    np.testing.assert_allclose(signed_margins(X, y, w, b), [-SQ2 / 2, SQ2, SQ2], rtol=1e-15, atol=1e-12)
    assert dataset_margin(X, y, w, b) == pytest.approx(-SQ2 / 2, rel=1e-15, abs=1e-12)


def test_margins_of_zero_weights_are_nan_without_warnings():
    X, y = np.array([[1.0, 2.0], [3.0, 4.0]]), np.array([1.0, -1.0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert np.all(np.isnan(signed_margins(X, y, np.zeros(2), 1.0)))
        assert np.isnan(dataset_margin(X, y, np.zeros(2), 0.0))
        assert np.isnan(dataset_margin(np.zeros((0, 2)), np.zeros(0), np.ones(2)))


def test_losses_and_training_error():
    X = np.array([[1.0, 0.0], [0.0, 1.0], [-2.0, 0.0], [0.0, 0.0]])
    y = np.array([1, -1, 1, -1])
    w, b = np.array([1.0, 0.5]), 0.0                 # scores 1, 0.5, -2, 0
    assert perceptron_loss(X, y, w, b) == pytest.approx(0.5 + 2.0)
    assert hinge_loss(X, y, w, b) == pytest.approx(0.0 + 1.5 + 3.0 + 1.0)
    # Point 4 has score 0, predicted +1 but labelled -1: wrong, as are points 2 and 3.
    assert training_error(X, y, w, b) == pytest.approx(3 / 4)
    assert training_error(X, -y, w, b) == pytest.approx(1 / 4)
    assert np.isnan(training_error(np.zeros((0, 2)), np.zeros(0), w))
    assert perceptron_loss(np.zeros((0, 2)), np.zeros(0), w) == 0.0


# ---------------------------------------------------------------- max_margin
def test_notes_example_offset_but_not_through_origin():
    X, y = np.array([[1.0], [2.0], [3.0], [4.0]]), np.array([1, 1, -1, -1])
    assert max_margin(X, y).separable is False
    res = max_margin(augment(X), y)
    assert res.separable and res.exact and res.gap == 0.0
    expected = np.array([-1.0, 2.5]) / np.sqrt(7.25)  # theta = -1, theta0 = 2.5, normalised
    np.testing.assert_allclose(res.theta_star, expected, rtol=1e-12, atol=1e-12)
    assert res.gamma == pytest.approx(0.5 / np.sqrt(7.25), rel=1e-12, abs=1e-12)
    assert sorted(res.support) == [1, 2]
    th = dataset_theory(X, y, offset=True)
    assert th.separable and th.separable_through_origin is False
    assert "but not through the origin" in th.verdict
    assert th.R == pytest.approx(np.sqrt(17.0))
    assert th.bound == pytest.approx(17.0 / th.gamma**2)


def test_simple_margin_and_verdict():
    res = max_margin(np.array([[0.5, 0.0], [0.0, 0.5]]), np.array([1, 1]))
    assert res.gamma == pytest.approx(SQ2 / 4, rel=1e-14, abs=1e-12)
    np.testing.assert_allclose(res.theta_star, [SQ2 / 2, SQ2 / 2], rtol=1e-14, atol=1e-12)
    assert res.verdict == "linearly separable through the origin, margin γ = 0.3536"


@pytest.mark.parametrize(
    "X, y, separable, gamma",
    [
        (np.zeros((0, 2)), np.zeros(0), None, None),
        (np.tile([1.0, 2.0], (5, 1)), np.ones(5), True, np.sqrt(5.0)),        # all identical
        (np.tile([1.0, 2.0], (4, 1)), np.array([1, -1, 1, 1]), False, None),  # both labels
        (np.array([[1.0, 1.0], [0.0, 0.0]]), np.array([1, 1]), False, None),  # at the origin
        (np.array([[1.0, 0.0], [-1.0, 0.5], [0.0, -1.0]]), np.ones(3), False, None),  # one class
        (np.array([[1.0, 1.0], [2.0, -1.0]]), np.ones(2), True, np.sqrt(1.8)),
        (np.array([[1.0], [2.0], [-3.0]]), np.array([1, 1, -1]), True, 1.0),  # d = 1
        (np.array([[1.0], [-2.0]]), np.array([1, 1]), False, None),
        (np.array([[3.0, 4.0]]), np.array([-1]), True, 5.0),                   # n = 1
    ],
)
def test_degenerate_cases(X, y, separable, gamma):
    res = max_margin(X, y)
    assert res.separable is separable
    if gamma is None:
        assert res.gamma is None and res.theta_star is None
    else:
        assert res.gamma == pytest.approx(gamma, rel=1e-12, abs=1e-12)
        check_kkt(y[:, None] * X, res)
    if len(X) == 0:
        assert res.verdict == "empty data set" and res.iterations == 0
        assert dataset_theory(X, y, offset=True).verdict == "empty data set"
    if separable is False:
        assert res.verdict.startswith("not linearly separable") and res.exact
    if np.any(np.all(X == 0, axis=1)):
        assert "origin" in res.verdict


def test_invalid_input():
    with pytest.raises(ValueError):
        max_margin(np.ones((2, 2)), np.array([1, 0]))
    with pytest.raises(ValueError):
        max_margin(np.ones((2, 2)), np.ones(3))
    with pytest.raises(ValueError):
        max_margin(np.array([[np.nan, 1.0]]), np.ones(1))


@pytest.mark.parametrize("seed", range(40))
def test_matches_brute_force_in_2d(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 25))
    X = rng.integers(-4, 5, (n, 2)).astype(float) if seed % 2 else rng.normal(size=(n, 2))
    y = np.where(X @ rng.normal(size=2) + 0.5 * rng.normal(size=n) * (seed % 3 == 0) >= 0, 1, -1)
    Z = y[:, None] * X
    best, direction = brute_force_2d(Z)
    res = max_margin(X, y)
    assert res.exact
    if best > 1e-9:
        assert res.separable and res.gamma == pytest.approx(best, rel=1e-9, abs=1e-12)
        np.testing.assert_allclose(res.theta_star, direction, atol=1e-7)
        check_kkt(Z, res)
    else:
        assert res.separable is False


@pytest.mark.parametrize("d", [1, 2, 3, 5, 10, 50])
@pytest.mark.parametrize("separable", [True, False])
def test_kkt_and_independent_solver(d, separable):
    rng = np.random.default_rng(d)
    X, y = random_data(rng, 1000, d, separable=separable)
    Z = y[:, None] * X
    res = max_margin(X, y)
    assert res.exact and res.separable is separable and len(res.support) <= d + 2
    if not separable:
        return
    check_kkt(Z, res)
    optimize = pytest.importorskip("scipy.optimize")
    # Any point of the hull has norm >= gamma; NNLS finds one within rounding of p*.
    big = 1e4 * np.max(np.linalg.norm(Z, axis=1))
    A = np.vstack([Z.T, np.full(len(Z), big)])
    lam, _ = optimize.nnls(A, np.r_[np.zeros(Z.shape[1]), big], maxiter=100 * len(Z))
    ref = np.linalg.norm(Z.T @ (lam / lam.sum()))
    assert res.gamma <= ref * (1 + 1e-12) and (ref - res.gamma) <= 1e-9 * res.gamma


@pytest.mark.parametrize("separable", [True, False])
def test_ten_thousand_points_exact_and_fast(separable):
    X, y = random_data(np.random.default_rng(7), 10_000, 2, separable=separable)
    res = max_margin(X, y)
    assert res.exact and res.separable is separable
    if separable:
        check_kkt(y[:, None] * X, res)


def test_early_stop_returns_a_certified_interval():
    X, y = random_data(np.random.default_rng(3), 2000, 10, separable=True)
    exact = max_margin(X, y)
    for kwargs in ({"max_iter": 2}, {"max_iter": 8}, {"time_budget_s": 0.0}):
        res = max_margin(X, y, **kwargs)
        assert not res.exact and res.gap > 0
        if res.separable:
            assert res.gamma <= exact.gamma * (1 + 1e-12)
            assert exact.gamma <= res.gamma + res.gap * (1 + 1e-9)
        else:
            assert res.separable is None and res.verdict.startswith("undecided")


# The time budget itself is tested on a fake clock in test_maxmargin_budget.py.


# ---------------------------------------------------------------- dataset_theory
def test_dataset_theory_without_offset_is_max_margin():
    X, y = random_data(np.random.default_rng(1), 200, 3, separable=True, offset=False)
    y = np.where(X[:, 0] > 0, 1.0, -1.0)               # through the origin
    th = dataset_theory(X, y, offset=False)
    assert th.separable and th.separable_through_origin and th.mm_origin is None
    assert th.R == pytest.approx(np.max(np.linalg.norm(X, axis=1)))
    assert th.gamma == th.mm.gamma == max_margin(X, y).gamma
    assert th.bound == pytest.approx((th.R / th.gamma) ** 2)
    assert "(R/γ)²" not in th.verdict  # shown beside the verdict (fmt_bound), never in a second format


def test_dataset_theory_not_separable_with_offset():
    X, y = np.array([[0.0], [1.0], [2.0]]), np.array([1, -1, 1])
    th = dataset_theory(X, y, offset=True)
    assert th.separable is False and th.bound is None and th.theta_star is None
    assert th.verdict.startswith("not linearly separable, even with an offset")


# ---------------------------------------------------------------- proof quantities
def test_proof_quantities_by_hand():
    W = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 0.0]])
    th = np.array([1.0, 0.0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pq = proof_quantities(W, th, gamma=0.5, R=2.0)
    np.testing.assert_array_equal(pq.k, [0, 1, 2])
    np.testing.assert_allclose(pq.dot, [0, 1, 2])
    np.testing.assert_allclose(pq.dot_lower, [0, 0.5, 1.0])
    np.testing.assert_allclose(pq.norm_sq, [0, 2, 4])
    np.testing.assert_allclose(pq.norm_sq_upper, [0, 4, 8])
    assert np.isnan(pq.cos[0]) and np.isnan(pq.angle_deg[0])
    np.testing.assert_allclose(pq.cos[1:], [1 / SQ2, 1.0])
    np.testing.assert_allclose(pq.cos_lower, [0.0, 0.25, SQ2 * 0.25])
    np.testing.assert_allclose(pq.angle_deg[1:], [45.0, 0.0], atol=1e-12)
    np.testing.assert_allclose(pq.angle_bound_deg, np.degrees(np.arccos(pq.cos_lower)))
    assert pq.angle_bound_deg[0] == pytest.approx(90.0)


def test_cos_lower_is_capped_at_one():
    pq = proof_quantities(np.zeros((10, 1)), np.array([1.0]), gamma=1.0, R=1.0)
    assert pq.cos_lower.max() == 1.0 and pq.angle_bound_deg[-1] == 0.0


@st.composite
def separable_data(draw):
    d = draw(st.integers(1, 4))
    n = draw(st.integers(1, 30))
    coords = st.floats(-3, 3, allow_nan=False, allow_subnormal=False)
    X = draw(arrays(np.float64, (n, d), elements=coords))
    u = draw(arrays(np.float64, d, elements=coords).filter(lambda v: np.linalg.norm(v) > 0.1))
    u = u / np.linalg.norm(u)
    margin = draw(st.floats(0.2, 2.0))
    offset = draw(st.booleans())
    c = draw(st.floats(-2, 2)) if offset else 0.0
    s = X @ u + c
    y = np.where(s >= 0, 1.0, -1.0)
    X = X + (np.maximum(0.0, margin - np.abs(s)) * y)[:, None] * u  # now |u.x + c| >= margin
    return (augment(X) if offset else X), y


@settings(max_examples=50, deadline=None)
@given(separable_data())
def test_perceptron_obeys_novikoff(data):
    X, y = data
    res = max_margin(X, y)
    assert res.separable and res.exact
    R = float(np.max(np.linalg.norm(X, axis=1)))
    bound = (R / res.gamma) ** 2
    W = perceptron_history(X, y, max_updates=int(bound * (1 + 1e-9)))
    pq = proof_quantities(W, res.theta_star, res.gamma, R)
    k = pq.k
    assert np.all(pq.dot >= k * res.gamma * (1 - 1e-9))
    assert np.all(pq.norm_sq <= k * R**2 * (1 + 1e-9))
    assert np.all(pq.cos[1:] >= pq.cos_lower[1:] - 1e-9)
    # arccos turns a rounding error eps near cos = 1 into sqrt(2 eps) rad, ~1e-6 degrees.
    assert np.all(pq.angle_deg[1:] <= pq.angle_bound_deg[1:] + 1e-4)


# ---------------------------------------------------------------- lifting lemma
def test_lift_shape_and_bad_parameter():
    X = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    L = lift(X, 0.6)
    assert L.shape == (3, 5)
    np.testing.assert_allclose(L[:, :2], 0.6 * X)
    np.testing.assert_allclose(L[:, 2:], 0.8 * np.eye(3))
    for a in (0.0, 1.0, -0.5, 1.5):
        with pytest.raises(ValueError, match="strictly between 0 and 1"):
            lift(X, a)
        with pytest.raises(ValueError):
            lifted_margin_lower_bound(X, np.ones(3), np.ones(2), 1.0, a)
    with pytest.raises(ValueError):
        lifted_margin_lower_bound(X, np.ones(3), np.zeros(2), 1.0, 0.5)


@settings(max_examples=50, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(2, 25),
    d=st.integers(1, 4),
    gamma=st.floats(0.01, 3.0),
    a=st.floats(0.05, 0.95),
)
def test_lifted_margin_beats_the_lemma(seed, n, d, gamma, a):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    y = rng.choice([-1.0, 1.0], size=n)
    y[:2] = [1.0, -1.0]
    X[1] = X[0]                                   # same point, both labels: never separable
    assert max_margin(X, y).separable is False
    w = rng.normal(size=d)
    bound = lifted_margin_lower_bound(X, y, w, gamma, a)
    res = max_margin(lift(X, a), y)
    assert res.separable and res.gamma >= bound - 1e-9
