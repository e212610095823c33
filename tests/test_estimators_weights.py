"""sample_weight and class_weight: the standard and offset perceptrons bit-equal to scikit-learn's
Perceptron(tol=None, shuffle=False, eta0=1) with the same weights, the record's replay exact, the
unweighted path untouched, scikit-learn's errors, and the learners that refuse weights saying so."""
from __future__ import annotations

import inspect

import numpy as np
import pytest

from perceptron_gui.estimators import (
    ESTIMATORS,
    AveragedPerceptron,
    MarginPerceptron,
    OffsetPerceptron,
    Perceptron,
    VotedPerceptron,
)

sklearn_linear = pytest.importorskip("sklearn.linear_model")

REFUSING = ("pocket", "voted", "lifted", "pa", "kernel", "adaline", "winnow")


def _data(seed: int, n: int = 150, d: int = 6, k: int = 2):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, d)) * rng.uniform(0.5, 3.0, d)
    if k == 2:
        y = np.where(X @ rng.standard_normal(d) + 0.3 + 0.8 * rng.standard_normal(n) > 0, "b", "a")
    else:
        y = np.argmax(X[:, :k] + 0.5 * rng.standard_normal((n, k)), axis=1)
    return X, y


def _weights(kind: str, n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed + 100)
    if kind == "integer":
        return rng.integers(0, 4, n).astype(np.float64)  # zeros among them
    if kind == "fractional":
        return rng.uniform(0.0, 2.5, n)
    w = rng.uniform(0.1, 3.0, n)
    w[rng.random(n) < 0.3] = 0.0
    return w


def _sk(offset: bool, epochs: int, class_weight=None):
    return sklearn_linear.Perceptron(tol=None, shuffle=False, eta0=1.0, max_iter=epochs, fit_intercept=offset,
                                     class_weight=class_weight)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("kind", ["integer", "fractional", "zeros"])
@pytest.mark.parametrize("cls, offset", [(OffsetPerceptron, True), (Perceptron, False)])
def test_sample_weight_is_bit_equal_to_sklearn(cls, offset, kind, seed):
    X, y = _data(seed)
    sw = _weights(kind, X.shape[0], seed)
    ours = cls(max_epochs=9).fit(X, y, sample_weight=sw)
    sk = _sk(offset, 9).fit(X, y, sample_weight=sw)
    assert np.array_equal(ours.coef_, sk.coef_) and np.array_equal(ours.intercept_, sk.intercept_)
    assert np.array_equal(ours.predict(X), sk.predict(X))  # (scores: ours summed left to right, its BLAS's not)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("k", [2, 3])
@pytest.mark.parametrize("class_weight", ["balanced", "dict"])
@pytest.mark.parametrize("cls, offset", [(OffsetPerceptron, True), (Perceptron, False)])
def test_class_weight_with_sample_weight_is_bit_equal_to_sklearn(cls, offset, class_weight, k, seed):
    X, y = _data(seed, k=k)
    labels = np.unique(y)
    cw = "balanced" if class_weight == "balanced" else {lab: 0.5 + i for i, lab in enumerate(labels[:-1])}
    sw = _weights("fractional", X.shape[0], seed)
    ours = cls(max_epochs=7, class_weight=cw).fit(X, y, sample_weight=sw)
    sk = _sk(offset, 7, class_weight=cw).fit(X, y, sample_weight=sw)
    assert np.array_equal(ours.coef_, sk.coef_) and np.array_equal(ours.intercept_, sk.intercept_)
    assert np.array_equal(ours.predict(X), sk.predict(X))


@pytest.mark.parametrize("cls", [OffsetPerceptron, Perceptron, MarginPerceptron, AveragedPerceptron])
def test_the_replay_of_a_weighted_run_ends_on_its_final_weights_bit_for_bit(cls):
    X, y = _data(5, n=400)
    sw = _weights("zeros", X.shape[0], 5)
    est = cls(max_epochs=6).fit(X, y, sample_weight=sw)
    rec = est.run_
    tau = rec.extras["tau"]
    assert tau.shape == (rec.num_updates,) and np.array_equal(tau, sw[rec.update_index])
    assert (tau > 0.0).all()  # a point of weight 0 is never updated on
    W = np.asarray(rec.weights)
    if cls is not AveragedPerceptron:  # the average's output is not the last w
        assert np.array_equal(np.append(est.coef_[0], est.intercept_[0]) if rec.offset else est.coef_[0], W[-1])
    # Every w_k is the one before it plus τ_k·y_i·x_i, as training added it.
    Xa = np.hstack([X, np.ones((X.shape[0], 1))]) if rec.offset else X
    yy = np.where(y == est.classes_[1], 1.0, -1.0)
    w = W[0].copy()
    for k, i in enumerate(rec.update_index):
        w += (tau[k] * yy[i]) * Xa[i]
        assert np.array_equal(w, W[k + 1])
    for t in (0, rec.num_steps // 2, rec.num_steps - 1):
        wt, bt = rec.weights_at(t)
        assert np.array_equal(np.append(wt, bt) if rec.offset else wt, W[rec.k_after_step(t)])


def test_weights_of_one_are_the_unweighted_run_through_its_own_kernel():
    X, y = _data(2, n=300)
    plain = OffsetPerceptron(max_epochs=5).fit(X, y)
    ones = OffsetPerceptron(max_epochs=5).fit(X, y, sample_weight=np.ones(X.shape[0]))
    scalar = OffsetPerceptron(max_epochs=5, class_weight={"a": 1.0, "b": 1.0}).fit(X, y, sample_weight=1)
    for est in (ones, scalar):
        assert np.array_equal(est.coef_, plain.coef_) and est.intercept_ == plain.intercept_
        assert "tau" not in est.run_.extras  # no step sizes: the unweighted record


def test_a_weight_of_2_is_twice_the_step():
    X, _ = _data(3, n=60)
    X2, y2 = X[:2], np.array(["a", "b"])
    est = OffsetPerceptron(max_epochs=1).fit(X2, y2, sample_weight=[2.0, 1.0])
    # The first point is a mistake (score 0): w = 2·(−1)·x₀, b = −2; the second then scores.
    assert est.run_.extras["tau"][0] == 2.0
    assert np.array_equal(est.run_.weights[1][:-1], -2.0 * X2[0])


@pytest.mark.parametrize("sample_weight, words", [
    (np.array([1.0, -1.0, 1.0, 1.0]), "Negative values in data passed to `sample_weight`"),
    (np.array([1.0, np.nan, 1.0, 1.0]), "Input sample_weight contains NaN"),
    (np.array([1.0, np.inf, 1.0, 1.0]), "contains infinity"),
    (np.ones(3), r"sample_weight.shape == \(3,\), expected \(4,\)"),
    (np.ones((4, 1)), "Sample weights must be 1D array or scalar"),
    (np.zeros(4), "Sample weights must contain at least one non-zero number"),
    (["a", "b", "c", "d"], "sample_weight must hold numbers only"),
])
def test_bad_sample_weights_are_refused_in_sklearn_words(sample_weight, words):
    X = np.array([[0.0, 1.0], [1.0, 2.0], [3.0, 0.5], [4.0, 1.0]])
    with pytest.raises(ValueError, match=words):
        OffsetPerceptron().fit(X, [0, 0, 1, 1], sample_weight=sample_weight)


@pytest.mark.parametrize("class_weight, words", [
    ("balance", "must be 'balanced', a dict or None"),
    ({0: 1.0, 7: 2.0}, r"labels \[7\] that are not classes of y"),
    ({0: -1.0}, "finite weights of 0 or more"),
    ([1.0, 2.0], "must be 'balanced', a dict"),
])
def test_bad_class_weights_are_refused(class_weight, words):
    X = np.array([[0.0, 1.0], [1.0, 2.0], [3.0, 0.5], [4.0, 1.0]])
    with pytest.raises(ValueError, match=words):
        Perceptron(class_weight=class_weight).fit(X, [0, 0, 1, 1])


def test_partial_fit_takes_weights_and_a_dict_but_not_balanced():
    X, y = _data(4)
    sw = _weights("integer", X.shape[0], 4)
    ours = OffsetPerceptron(class_weight={"a": 2.0})
    sk = sklearn_linear.Perceptron(tol=None, shuffle=False, eta0=1.0, class_weight={"a": 2.0})
    for _ in range(3):
        ours.partial_fit(X, y, classes=["a", "b"], sample_weight=sw)
        sk.partial_fit(X, y, classes=["a", "b"], sample_weight=sw)
    assert np.array_equal(ours.coef_, sk.coef_) and np.array_equal(ours.intercept_, sk.intercept_)
    with pytest.raises(ValueError, match="'balanced' is not supported for partial_fit"):
        OffsetPerceptron(class_weight="balanced").partial_fit(X, y, classes=["a", "b"])


@pytest.mark.parametrize("name", REFUSING)
def test_the_learners_whose_update_a_weight_does_not_scale_refuse_weights_in_a_sentence(name):
    cls = ESTIMATORS[name]
    assert "sample_weight" not in inspect.signature(cls.fit).parameters  # scikit-learn's has_fit_parameter
    assert "class_weight" not in cls().get_params()
    X = np.array([[0.0, 1.0], [1.0, 1.0], [1.0, 0.0], [0.0, 0.0]])
    with pytest.raises(ValueError, match=f"{cls.__name__} does not take sample_weight: .+"):
        cls().fit(X, [0, 1, 1, 0], sample_weight=[1.0, 2.0, 1.0, 1.0])
    with pytest.raises(ValueError, match=f"{cls.__name__} does not take class_weight: .+"):
        cls(class_weight="balanced")
    cls().fit(X, [0, 1, 1, 0], sample_weight=None)  # None is no weight: fine
    assert "No ``sample_weight`` or ``class_weight``" in cls.__doc__


@pytest.mark.parametrize("name", sorted(set(ESTIMATORS) - set(REFUSING)))
def test_the_others_document_both(name):
    cls = ESTIMATORS[name]
    assert "sample_weight" in inspect.signature(cls.fit).parameters
    assert "class_weight : dict, \"balanced\" or None" in cls.__doc__
    assert cls().get_params()["class_weight"] is None


def test_the_margin_perceptrons_weighted_update_scales_its_step():
    X, y = _data(6)
    sw = _weights("fractional", X.shape[0], 6)
    est = MarginPerceptron(margin=0.5, max_epochs=4).fit(X, y, sample_weight=sw)
    hinge = sklearn_linear.SGDClassifier(loss="hinge", penalty=None, learning_rate="constant", eta0=2.0,
                                         max_iter=4, tol=None, shuffle=False)
    hinge.fit(X, y, sample_weight=sw)  # y·s ≤ 1 with η = 1/β: our weights over β
    assert np.allclose(est.coef_ / 0.5, hinge.coef_, rtol=1e-12, atol=1e-12)


def test_voted_refuses_but_averaged_takes_them():
    X, y = _data(7)
    AveragedPerceptron(max_epochs=3).fit(X, y, sample_weight=_weights("integer", X.shape[0], 7))
    with pytest.raises(ValueError, match="VotedPerceptron does not take sample_weight"):
        VotedPerceptron().fit(X, y, sample_weight=np.ones(X.shape[0]))
