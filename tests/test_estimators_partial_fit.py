"""partial_fit: one epoch per call from the weights the estimator has, as scikit-learn's; the
perceptrons equal scikit-learn's Perceptron.partial_fit to the bit over a stream of batches."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core.algorithms import REGISTRY, make_algorithm
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.estimators import ESTIMATORS

try:  # at import, not in a test: scikit-learn's first import sets KMP_INIT_AT_FORK in the environment
    from sklearn.linear_model import Perceptron as SkPerceptron
except ImportError:  # pragma: no cover - scikit-learn is a test dependency
    SkPerceptron = None


def stream(n=240, classes=2, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 3))
    if classes == 2:
        y = np.where(X @ np.array([1.0, -2.0, 0.5]) + 0.3 > 0, "yes", "no")
    else:
        y = np.array(["a", "b", "c"])[np.argmax(X @ rng.normal(size=(3, 3)), axis=1)]
    return X, y


@pytest.mark.parametrize("name, offset, classes", [("offset", True, 2), ("standard", False, 2), ("offset", True, 3)])
def test_a_stream_of_batches_equals_scikit_learns_partial_fit_to_the_bit(name, offset, classes):
    if SkPerceptron is None:
        pytest.skip("scikit-learn is not installed")
    X, y = stream(classes=classes)
    labels = np.unique(y)
    ours = ESTIMATORS[name]()
    theirs = SkPerceptron(penalty=None, alpha=0, fit_intercept=offset, tol=None, shuffle=False, eta0=1.0)
    for batch in np.array_split(np.arange(len(X)), 4):
        ours.partial_fit(X[batch], y[batch], classes=labels)
        theirs.partial_fit(X[batch], y[batch], classes=labels)
        assert np.array_equal(ours.coef_, theirs.coef_) and np.array_equal(ours.intercept_, theirs.intercept_)
    assert np.array_equal(ours.predict(X), theirs.predict(X))


# Winnow takes Boolean points only: its stream is tested in tests/core/test_winnow.py.
@pytest.mark.parametrize("name", sorted(n for n, c in REGISTRY.items() if c.state_is_weights and n != "winnow"))
def test_each_call_is_one_epoch_from_the_weights_so_far(name):
    X, y = stream(seed=1)
    est = ESTIMATORS[name]()
    halves = np.array_split(np.arange(len(X)), 2)
    est.partial_fit(X[halves[0]], y[halves[0]], classes=np.unique(y))
    w1, b1, t1 = est.coef_[0].copy(), float(est.intercept_[0]), est.t_
    est.partial_fit(X[halves[1]], y[halves[1]])
    pm = np.where(y == "yes", 1.0, -1.0)
    start = {"start_b": b1} if any(p.name == "start_b" for p in REGISTRY[name].param_specs()) else {}
    rec = make_algorithm(name, max_epochs=1, init="custom", start_w=w1.tolist(), **start).fit(
        Dataset.from_arrays(X[halves[1]], pm[halves[1]]))
    assert np.array_equal(est.coef_[0], rec.final_w) and est.intercept_[0] == rec.final_b
    assert est.t_ == t1 + rec.num_updates and est.n_iter_ == 1


@pytest.mark.parametrize("name", sorted(n for n, c in REGISTRY.items() if not c.state_is_weights))
def test_a_learner_whose_state_is_more_than_its_weights_has_no_partial_fit(name):
    assert not hasattr(ESTIMATORS[name](), "partial_fit")  # scikit-learn asks hasattr


def test_partial_fit_says_what_is_wrong_in_a_sentence():
    X, y = stream()
    est = ESTIMATORS["offset"]()
    with pytest.raises(ValueError, match="classes must be passed on the first call"):
        est.partial_fit(X, y)
    est.partial_fit(X[:10], y[:10], classes=["no", "yes"])
    with pytest.raises(ValueError, match="not in classes"):
        est.partial_fit(X[:3], np.array(["no", "maybe", "yes"]))
    with pytest.raises(ValueError, match="is not the"):
        est.partial_fit(X[:3], y[:3], classes=["no", "yes", "maybe"])
