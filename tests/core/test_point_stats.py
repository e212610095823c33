"""core/point_stats: one compiled pass gives the numbers the notes' formulas give in numpy."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core import floatscale
from perceptron_gui.core import theory as th
from perceptron_gui.core.algorithms.scores import predict_scores
from perceptron_gui.core.point_stats import point_stats


def reference(X, y, w, b, names):
    """The frame's numbers as numpy states them (theory's formulas for one w)."""
    with np.errstate(over="ignore", invalid="ignore"):
        s = predict_scores(X, w, b)
        wrong = names[(s >= 0.0) != (y > 0.0)]
        return (wrong, float(np.sum(np.maximum(0.0, -y * s))), float(np.sum(np.maximum(0.0, 1.0 - y * s))),
                float(np.min(np.abs(s))) if len(s) else float("nan"))


@pytest.mark.parametrize("d", [1, 2, 5])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_same_numbers_as_the_formulas(d, seed):
    rng = np.random.default_rng(seed)
    n = 2_000
    X = rng.normal(size=(n, d)) * rng.choice([1e-3, 1.0, 1e3])
    y = np.where(rng.random(n) < 0.5, -1.0, 1.0)
    w, b = rng.normal(size=d), float(rng.normal())
    names = np.sort(rng.choice(10 * n, size=n, replace=False)).astype(np.int64)
    st = point_stats(X, y, w, b, names)
    wrong, p, h, closest = reference(X, y, w, b, names)
    assert 0 < wrong.size < n
    np.testing.assert_array_equal(st.wrong, wrong)
    assert st.perceptron_loss == pytest.approx(p, rel=1e-12, abs=1e-300)
    assert st.hinge_loss == pytest.approx(h, rel=1e-12, abs=1e-300)
    assert st.closest == closest  # a minimum does not depend on the order: the same bits
    # The default names are the rows themselves.
    np.testing.assert_array_equal(point_stats(X, y, w, b).wrong, np.flatnonzero((predict_scores(X, w, b) >= 0) != (y > 0)))


def test_a_score_of_exactly_zero_is_plus_one_as_training_sums_it():
    # 0.1·(−0.3) + 0.3·0.1 is exactly 0 left to right (BLAS's fused multiply-add gives −1.7e-18).
    X = np.array([[0.1, 0.3], [-0.3, 0.1]])
    st = point_stats(X, np.array([1.0, -1.0]), np.array([-0.3, 0.1]), 0.0)
    # point 0: 0.1·(−0.3) + 0.3·0.1 = 0 → +1 = y: right; point 1: 0.09 + 0.01 > 0 → +1 ≠ −1: wrong
    assert st.wrong.tolist() == [1]
    assert st.closest == 0.0
    assert st.perceptron_loss == pytest.approx(0.1, rel=1e-12, abs=1e-12)
    assert st.hinge_loss == pytest.approx(1.0 + 1.1, rel=1e-12, abs=1e-12)


def test_no_points_and_all_right():
    st = point_stats(np.zeros((0, 2)), np.zeros(0), np.ones(2), 0.0)
    assert st.wrong.shape == (0,) and st.perceptron_loss == 0.0 and st.hinge_loss == 0.0
    assert np.isnan(st.closest)
    X = np.array([[2.0, 0.0], [-3.0, 0.0]])
    st = point_stats(X, np.array([1.0, -1.0]), np.array([1.0, 0.0]), 0.0)
    assert st.wrong.tolist() == [] and st.perceptron_loss == 0.0 and st.hinge_loss == 0.0 and st.closest == 2.0


def test_a_nan_score_makes_the_sums_nan_as_numpy_does():
    X = np.array([[1e308, 1e308], [1.0, 0.0]])
    w = np.array([10.0, -10.0])  # inf − inf = nan for row 0
    y = np.array([1.0, 1.0])
    st = point_stats(X, y, w, 0.0)
    wrong, p, h, closest = reference(X, y, w, 0.0, np.arange(2))
    assert np.isnan(p) and np.isnan(h) and np.isnan(closest)
    assert np.isnan(st.perceptron_loss) and np.isnan(st.hinge_loss) and np.isnan(st.closest)
    np.testing.assert_array_equal(st.wrong, wrong)  # nan ≥ 0 is false: predicted −1, so row 0 is wrong


def test_shapes_must_match():
    with pytest.raises(ValueError, match="shapes"):
        point_stats(np.zeros((3, 2)), np.zeros(3), np.zeros(3), 0.0)
    with pytest.raises(ValueError, match="shapes"):
        point_stats(np.zeros((3, 2)), np.zeros(3), np.zeros(2), 0.0, np.arange(2))


SCALES = [1e-300, 1e-150, 1.0, 1e150, 1e300, 1e-320]


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("b", [0.0, 0.7, -2.5])
def test_min_signed_margin_is_the_minimum_of_the_margins_to_the_bit(scale, b):
    rng = np.random.default_rng(7)
    X = rng.normal(size=(500, 3)) * scale
    y = np.where(rng.random(500) < 0.5, -1.0, 1.0)
    w = rng.normal(size=3) / scale if scale > 1e-300 else rng.normal(size=3)
    with np.errstate(all="ignore"):
        ref = float(np.min(floatscale.signed_margins(X, y, w, b * scale)))
    got = floatscale.min_signed_margin(X, y, w, b * scale)
    assert not np.isnan(ref) and got == ref  # ±inf where the margin passes the float range
    assert th.dataset_margin(X, y, w, b * scale) == got


def test_min_signed_margin_takes_the_exact_sums_where_products_vanish():
    # x₁ of 1e150 beside x₂ of 1e-150: on the common scale the second product falls below
    # 2^-1022; the full margins' exact exponent sums keep its sign, and so does the minimum.
    X = np.array([[1e150, 0.0], [0.0, -1e-150]])
    y, w = np.array([1.0, -1.0]), np.array([1e-300, 1.0])
    m = floatscale.signed_margins(X, y, w)
    assert np.all(m > 0)
    assert floatscale.min_signed_margin(X, y, w) == float(np.min(m)) > 0


def test_min_signed_margin_of_nothing_or_of_w_zero_is_nan():
    assert np.isnan(floatscale.min_signed_margin(np.zeros((0, 2)), np.zeros(0), np.ones(2)))
    assert np.isnan(floatscale.min_signed_margin(np.ones((3, 2)), np.ones(3), np.zeros(2)))
    assert np.isnan(th.dataset_margin(np.ones((3, 2)), np.ones(3), np.zeros(2)))
    with pytest.raises(ValueError, match="w must have shape"):
        th.dataset_margin(np.ones((3, 2)), np.ones(3), np.zeros(3))
