"""The kernel perceptron (dual form) against an independent textbook loop, the offset
perceptron (linear kernel) and the standard perceptron on the explicit degree-2 feature map."""
from __future__ import annotations

import math

import numpy as np
import pytest

from perceptron_gui.core.algorithms import kernel as kmod
from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.core.algorithms.kernel import KernelPerceptron, alpha_at, kernel_scorer
from perceptron_gui.core.dataset import Dataset, DatasetError
from perceptron_gui.core.run import epoch_order

XOR_X = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
XOR_Y = np.array([-1.0, 1.0, 1.0, -1.0])


def textbook_kernel_perceptron(X, y, kern, *, offset, max_epochs, shuffle=False, seed=0):
    """A plain loop: f(x_i) = Σ_j α_j y_j (K(x_j, x_i) + [offset]) computed at each visit."""
    X, y = np.asarray(X, dtype=float).tolist(), np.asarray(y, dtype=float).tolist()
    n = len(y)
    alpha = [0] * n
    updates, per_epoch = [], []
    for epoch in range(max_epochs):
        made = 0
        for i in epoch_order(n, epoch, shuffle, seed).tolist():
            f = sum(alpha[j] * y[j] * (kern(X[j], X[i]) + (1.0 if offset else 0.0)) for j in range(n) if alpha[j])
            if y[i] * f <= 0:
                alpha[i] += 1
                updates.append(i)
                made += 1
        per_epoch.append(made)
        if made == 0:
            break
    return np.array(alpha), updates, per_epoch


def poly(gamma, c, p):
    return lambda a, b: (gamma * sum(u * v for u, v in zip(a, b)) + c) ** p


def rbf(gamma):
    return lambda a, b: math.exp(-gamma * sum((u - v) ** 2 for u, v in zip(a, b)))


def _data(seed, n=40, integer=False):
    rng = np.random.default_rng(seed)
    X = rng.integers(-4, 5, (n, 2)).astype(float) if integer else rng.uniform(-1, 1, (n, 2))
    y = np.where(X[:, 0] ** 2 + 0.7 * X[:, 1] ** 2 - (4 if integer else 0.4) > 0, 1.0, -1.0)
    return X, y


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("shuffle", [False, True])
def test_linear_kernel_is_the_offset_perceptron_on_integer_data(seed, shuffle):
    X, y = _data(seed, integer=True)
    y = np.where(X[:, 0] - X[:, 1] + 0.5 > 0, 1.0, -1.0)
    y[::9] *= -1  # not separable: the runs go all epochs, the sequences must still agree
    ds = Dataset.from_arrays(X, y)
    kr = KernelPerceptron(kernel="linear", max_epochs=15, shuffle=shuffle, seed=seed).fit(ds)
    orr = make_algorithm("offset", max_epochs=15, shuffle=shuffle, seed=seed).fit(ds)
    assert np.array_equal(kr.update_index, orr.update_index)
    assert np.array_equal(kr.update_step, orr.update_step)
    assert np.array_equal(kr.final_w, orr.final_w) and kr.final_b == orr.final_b
    assert [r.train_error for r in kr.epochs] == pytest.approx([r.train_error for r in orr.epochs], abs=1e-12)


def feature_map(X, c):
    r2 = math.sqrt(2.0)
    x1, x2 = X[:, 0], X[:, 1]
    return np.column_stack([x1 * x1, x2 * x2, r2 * x1 * x2, r2 * c * x1, r2 * c * x2, np.full(len(X), c)])


@pytest.mark.parametrize("seed", range(4))
def test_poly_degree_2_is_the_standard_perceptron_on_the_explicit_feature_map(seed):
    X, y = _data(seed)
    y[::11] *= -1
    kr = KernelPerceptron(kernel="poly", degree=2, coef0=1.0, kernel_gamma=1.0, offset=False,
                        max_epochs=20).fit(Dataset.from_arrays(X, y))
    sr = make_algorithm("standard", max_epochs=20).fit(Dataset.from_arrays(feature_map(X, 1.0), y))
    assert kr.num_updates > 20
    assert np.array_equal(kr.update_index, sr.update_index)


@pytest.mark.parametrize("kernel,params,kern", [
    ("poly", dict(degree=2, coef0=1.0, kernel_gamma=1.0), poly(1.0, 1.0, 2)),
    ("poly", dict(degree=3, coef0=0.5, kernel_gamma=2.0), poly(2.0, 0.5, 3)),
    ("rbf", dict(kernel_gamma=3.0), rbf(3.0)),
    ("linear", {}, lambda a, b: sum(u * v for u, v in zip(a, b))),
])
@pytest.mark.parametrize("offset", [True, False])
@pytest.mark.parametrize("shuffle", [False, True])
def test_equals_an_independent_textbook_loop(kernel, params, kern, offset, shuffle):
    X, y = _data(7)
    y[::13] *= -1
    rec = KernelPerceptron(kernel=kernel, offset=offset, max_epochs=12, shuffle=shuffle, seed=3,
                         **params).fit(Dataset.from_arrays(X, y))
    alpha, updates, per_epoch = textbook_kernel_perceptron(X, y, kern, offset=offset, max_epochs=12,
                                                           shuffle=shuffle, seed=3)
    assert rec.update_index.tolist() == updates
    assert [r.updates for r in rec.epochs] == per_epoch
    assert np.array_equal(rec.extras["alpha"], alpha)
    assert np.array_equal(alpha_at(rec, rec.num_updates), alpha)


@pytest.mark.parametrize("kernel,params", [("poly", dict(degree=2)), ("rbf", dict(kernel_gamma=2.0))])
def test_xor_converges(kernel, params):
    rec = KernelPerceptron(kernel=kernel, max_epochs=100, **params).fit(Dataset.from_arrays(XOR_X, XOR_Y))
    assert rec.converged and rec.stop_reason == "converged"
    assert rec.epochs[-1].train_error == 0.0
    f = kernel_scorer(rec, rec.num_updates)(XOR_X)
    assert np.all(XOR_Y * f > 0)


def test_xor_does_not_converge_with_the_linear_kernel():
    rec = KernelPerceptron(kernel="linear", max_epochs=30).fit(Dataset.from_arrays(XOR_X, XOR_Y))
    assert not rec.converged


def test_without_the_gram_matrix_the_run_is_the_same(monkeypatch):
    X, y = _data(3, n=60)
    y[::7] *= -1
    ds = Dataset.from_arrays(X, y)
    with_gram = KernelPerceptron(kernel="rbf", kernel_gamma=2.0, max_epochs=10).fit(ds)
    monkeypatch.setattr(kmod, "GRAM_MAX_POINTS", 10)
    on_the_fly = KernelPerceptron(kernel="rbf", kernel_gamma=2.0, max_epochs=10).fit(ds)
    assert np.array_equal(with_gram.update_index, on_the_fly.update_index)
    assert [r.train_error for r in with_gram.epochs] == [r.train_error for r in on_the_fly.epochs]


def test_per_epoch_errors_and_the_run_file_fields():
    X, y = _data(5)
    y[::5] *= -1
    Xt, yt = _data(6, n=30)
    rec = KernelPerceptron(kernel="rbf", kernel_gamma=2.0, max_epochs=6).fit(
        Dataset.from_arrays(X, y), Dataset.from_arrays(Xt, yt))
    for e, row in enumerate(rec.epochs):
        f = kernel_scorer(rec, rec.epoch_end_k(e))
        assert row.train_error == pytest.approx(np.mean(np.where(f(X) >= 0, 1.0, -1.0) != y), abs=1e-12)
        assert row.test_error == pytest.approx(np.mean(np.where(f(Xt) >= 0, 1.0, -1.0) != yt), abs=1e-12)
    assert rec.extras["kernel"] == {"name": "rbf", "degree": 2, "coef0": 1.0, "gamma": 2.0}
    assert np.all(rec.final_w == 0.0)  # no primal w for a curved boundary
    assert rec.final_b == float(np.sum(rec.extras["alpha"] * y))


def test_only_the_zero_start_and_known_kernels():
    ds = Dataset.from_arrays(XOR_X, XOR_Y)
    with pytest.raises(DatasetError, match="Start at must be one of zero"):
        KernelPerceptron(init="first").fit(ds)
    with pytest.raises(DatasetError, match="Kernel must be one of linear, poly, rbf"):
        KernelPerceptron(kernel="sigmoid").fit(ds)
    with pytest.raises(DatasetError, match="must be above 0"):
        KernelPerceptron(kernel_gamma=0.0).fit(ds)
    assert KernelPerceptron().get_params()["kernel"] == "poly"
