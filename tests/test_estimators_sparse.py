"""scipy sparse X: the standard, offset and margin perceptrons train over the nonzeros with the
dense run's updates to the bit (the standard one bit-equal to scikit-learn's sparse fit too), the
record replays from the sparse rows, predict and decision_function take sparse X for every
learner, and the learners that train on dense points only refuse a sparse fit in a sentence."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.estimators import (
    ESTIMATORS,
    KernelPerceptron,
    MarginPerceptron,
    OffsetPerceptron,
    Perceptron,
    VotedPerceptron,
)

sparse = pytest.importorskip("scipy.sparse")
sklearn_linear = pytest.importorskip("sklearn.linear_model")

FITS_SPARSE = ("standard", "offset", "margin")


def _data(seed: int, n: int = 300, d: int = 40, density: float = 0.15, k: int = 2):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, d)) * (rng.random((n, d)) < density)
    score = X @ rng.standard_normal(d) + 0.2 + 0.3 * rng.standard_normal(n)
    y = np.where(score > 0, 1, 0) if k == 2 else np.digitize(score, np.quantile(score, [1 / 3, 2 / 3]))
    return X, y


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("fmt", ["csr", "csc", "coo"])
@pytest.mark.parametrize("name", FITS_SPARSE)
def test_a_sparse_fit_is_the_dense_fit_to_the_bit(name, fmt, seed):
    X, y = _data(seed)
    Xs = sparse.csr_matrix(X).asformat(fmt)
    dense = ESTIMATORS[name](max_epochs=8).fit(X, y)
    sp = ESTIMATORS[name](max_epochs=8).fit(Xs, y)
    assert np.array_equal(sp.coef_, dense.coef_) and np.array_equal(sp.intercept_, dense.intercept_)
    assert sp.t_ == dense.t_ and sp.n_iter_ == dense.n_iter_
    assert np.array_equal(sp.run_.update_index, dense.run_.update_index)
    assert [r.train_error for r in sp.run_.epochs] == [r.train_error for r in dense.run_.epochs]
    assert np.array_equal(np.asarray(sp.run_.weights), np.asarray(dense.run_.weights))  # the replay
    assert not hasattr(sp, "train_data_")
    for Xp in (Xs, X):
        assert np.array_equal(sp.decision_function(Xp), dense.decision_function(X))


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("k", [2, 3])
def test_the_standard_perceptrons_sparse_fit_is_bit_equal_to_sklearns(seed, k):
    X, y = _data(seed, k=k)
    Xs = sparse.csr_matrix(X)
    ours = Perceptron(max_epochs=6).fit(Xs, y)
    sk = sklearn_linear.Perceptron(tol=None, shuffle=False, eta0=1.0, max_iter=6, fit_intercept=False).fit(Xs, y)
    assert np.array_equal(ours.coef_, sk.coef_)


def test_the_offset_perceptrons_sparse_fit_is_sklearns_dense_fit():
    # scikit-learn's SGD moves the bias by 0.01·y on sparse data (SPARSE_INTERCEPT_DECAY), so its
    # sparse fit is another algorithm; ours is the offset perceptron's b += y on any input.
    X, y = _data(4)
    ours = OffsetPerceptron(max_epochs=6).fit(sparse.csr_array(X), y)
    sk = sklearn_linear.Perceptron(tol=None, shuffle=False, eta0=1.0, max_iter=6).fit(X, y)
    assert np.array_equal(ours.coef_, sk.coef_) and np.array_equal(ours.intercept_, sk.intercept_)


@pytest.mark.parametrize("name", ["standard", "offset", "margin"])
def test_weights_and_sparse_together(name):
    X, y = _data(5, k=3)
    sw = np.random.default_rng(5).uniform(0.0, 2.0, X.shape[0])
    dense = ESTIMATORS[name](max_epochs=5, class_weight="balanced").fit(X, y, sample_weight=sw)
    sp = ESTIMATORS[name](max_epochs=5, class_weight="balanced").fit(sparse.csr_matrix(X), y, sample_weight=sw)
    assert np.array_equal(sp.coef_, dense.coef_) and np.array_equal(sp.intercept_, dense.intercept_)
    for a, b in zip(sp.runs_, dense.runs_):
        assert np.array_equal(a.extras["tau"], b.extras["tau"])
        assert np.array_equal(np.asarray(a.weights), np.asarray(b.weights))
    if name == "standard":
        sk = sklearn_linear.Perceptron(tol=None, shuffle=False, eta0=1.0, max_iter=5, class_weight="balanced",
                                       fit_intercept=False).fit(sparse.csr_matrix(X), y, sample_weight=sw)
        assert np.array_equal(sp.coef_, sk.coef_)


def test_shuffled_first_and_custom_starts_and_partial_fit_match_the_dense_ones():
    X, y = _data(6)
    Xs = sparse.csr_matrix(X)
    for params in ({"shuffle": True, "seed": 4}, {"init": "first"},
                   {"init": "custom", "start_w": tuple(np.linspace(-1, 1, X.shape[1])), "start_b": 0.5}):
        a = MarginPerceptron(max_epochs=4, margin=0.3, **params).fit(X, y)
        b = MarginPerceptron(max_epochs=4, margin=0.3, **params).fit(Xs, y)
        assert np.array_equal(a.coef_, b.coef_) and np.array_equal(a.intercept_, b.intercept_), params
    a, b = OffsetPerceptron(), OffsetPerceptron()
    for _ in range(3):
        a.partial_fit(X, y, classes=[0, 1])
        b.partial_fit(Xs, y, classes=[0, 1])
    assert np.array_equal(a.coef_, b.coef_) and np.array_equal(a.intercept_, b.intercept_)


@pytest.mark.parametrize("name", sorted(set(ESTIMATORS) - set(FITS_SPARSE)))
def test_the_others_refuse_a_sparse_fit_in_a_sentence_and_say_so_in_their_tags(name):
    cls = ESTIMATORS[name]
    X = sparse.csr_matrix(np.array([[0.0, 1.0], [1.0, 1.0], [1.0, 0.0], [0.0, 0.0]]))
    with pytest.raises(TypeError, match=f"{cls.__name__} does not train on sparse input"):
        cls().fit(X, [0, 1, 1, 0])
    assert cls._fits_sparse is False


@pytest.mark.parametrize("cls", [VotedPerceptron, KernelPerceptron])
def test_predict_takes_sparse_rows_in_blocks_for_outputs_that_are_not_linear(cls, monkeypatch):
    from perceptron_gui.estimators import _sparse

    monkeypatch.setattr(_sparse, "BLOCK_NUMBERS", 7 * 40)  # blocks of 7 rows
    X, y = _data(7)
    est = cls(max_epochs=3).fit(X, y)
    assert np.array_equal(est.decision_function(sparse.csr_matrix(X)), est.decision_function(X))
    assert np.array_equal(est.predict(sparse.coo_array(X)), est.predict(X))


def test_a_wide_sparse_fit_never_makes_the_matrix_dense():
    # 2,000 × 1,000,000 with 20 nonzeros a row: dense it would be 16 GB.
    rng = np.random.default_rng(0)
    n, d, per = 2000, 1_000_000, 20
    cols = rng.integers(0, d, (n, per))
    X = sparse.csr_matrix((rng.standard_normal(n * per), cols.ravel(), np.arange(0, n * per + 1, per)), shape=(n, d))
    y = rng.integers(0, 2, n)
    est = OffsetPerceptron(max_epochs=2).fit(X, y)
    assert est.coef_.shape == (1, d) and est.predict(X).shape == (n,)
