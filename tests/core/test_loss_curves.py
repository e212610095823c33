"""The losses of w_k along a run: the batched kernel against the per-k
textbook formulas of core.theory, the sampling of big runs, and WeightLog rows."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.loss_curves import loss_curves, sample_updates
from perceptron_gui.core.run import split_augmented
from perceptron_gui.core.theory import hinge_loss, perceptron_loss


def _noisy(n: int, seed: int = 0) -> Dataset:
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, (n, 2))
    y = np.where(X[:, 1] > 0.3 * X[:, 0] + 0.1, 1.0, -1.0)
    y[rng.random(n) < 0.1] *= -1
    return Dataset.from_arrays(X, y)


@pytest.mark.parametrize("algorithm,offset", [("standard", False), ("offset", True)])
def test_losses_equal_the_per_k_formulas(algorithm, offset):
    data = _noisy(60)
    rec = make_algorithm(algorithm, max_epochs=5).fit(data)
    lc = loss_curves(rec.weights, data.X, data.y, rec.offset)
    K = rec.num_updates
    assert K > 10 and lc.every == 1 and not lc.sampled
    np.testing.assert_array_equal(lc.k, np.arange(K + 1))
    for k in (0, 1, 2, K // 2, K):
        w, b = split_augmented(np.asarray(rec.weights[k]), offset)
        assert lc.perceptron[k] == pytest.approx(perceptron_loss(data.X, data.y, w, b), rel=1e-12, abs=1e-12)
        assert lc.hinge[k] == pytest.approx(hinge_loss(data.X, data.y, w, b), rel=1e-12, abs=1e-12)
    # From w₀ = 0 every score is 0: no perceptron loss, hinge loss n.
    assert lc.perceptron[0] == 0.0 and lc.hinge[0] == pytest.approx(60.0)


def test_a_separated_run_ends_with_no_perceptron_loss():
    X = np.array([[1.0, 2.0], [2.0, 1.0], [-1.0, -1.5], [-2.0, -0.5]])
    y = np.array([1.0, 1.0, -1.0, -1.0])
    rec = make_algorithm("standard", max_epochs=20).fit(Dataset.from_arrays(X, y))
    lc = loss_curves(rec.weights, X, y, False)
    assert lc.perceptron[-1] == 0.0  # exactly: the scores are summed as training sums them


def test_big_runs_are_sampled_every_mth_update():
    # 3e6 multiply-adds at n·D = 3e4 per update: at most 100 updates evaluated.
    ks, every = sample_updates(K=1000, n=10_000, D=3, work=3e6)
    assert ks.size <= 100 and ks[0] == 0 and ks[-1] == 1000
    assert np.all(np.diff(ks)[:-1] == every) and np.diff(ks)[-1] <= every
    assert every == 11  # the smallest step that fits: ceil(1000 / 99)
    ks, every = sample_updates(K=50, n=10, D=3)
    assert every == 1 and ks.size == 51
    ks, every = sample_updates(K=10**6, n=1, D=1, max_points=1000)  # capped by points too
    assert ks.size <= 1000 and ks[-1] == 10**6


def test_sampled_curves_hold_the_formula_at_the_sampled_k():
    data = _noisy(200, seed=3)
    rec = make_algorithm("offset", max_epochs=10).fit(data)
    lc = loss_curves(rec.weights, data.X, data.y, True, work=200 * 3 * 12)
    assert lc.sampled and lc.k.size <= 13 and lc.k[-1] == rec.num_updates
    for i, k in enumerate(lc.k):
        w, b = split_augmented(np.asarray(rec.weights[int(k)]), True)
        assert lc.perceptron[i] == pytest.approx(perceptron_loss(data.X, data.y, w, b), rel=1e-12, abs=1e-12)
        assert lc.hinge[i] == pytest.approx(hinge_loss(data.X, data.y, w, b), rel=1e-12, abs=1e-12)


def test_weight_dimension_must_match():
    with pytest.raises(ValueError):
        loss_curves(np.zeros((3, 2)), np.zeros((4, 2)), np.ones(4), True)
