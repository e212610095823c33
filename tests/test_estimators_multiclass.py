"""More than two labels: every estimator trains each class against the rest, as scikit-learn's
linear classifiers do, with coef_ of shape (K, d); the perceptrons' weights equal scikit-learn's
Perceptron to the bit, and each class's run is the binary run on its own ±1 labels."""
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


def three_blobs(n=90, seed=0):
    rng = np.random.default_rng(seed)
    centres = np.array([[0.0, 3.0], [3.0, -1.0], [-3.0, -1.0]])
    labels = np.array(["cat", "dog", "emu"])
    k = np.arange(n) % 3
    return centres[k] + rng.normal(scale=1.2, size=(n, 2)), labels[k]


@pytest.mark.parametrize("name, offset", [("offset", True), ("standard", False)])
def test_the_weights_equal_scikit_learns_perceptron_to_the_bit(name, offset):
    if SkPerceptron is None:
        pytest.skip("scikit-learn is not installed")
    X, y = three_blobs()
    ours = ESTIMATORS[name](max_epochs=15).fit(X, y)
    theirs = SkPerceptron(penalty=None, alpha=0, fit_intercept=offset, max_iter=15, tol=None,
                                shuffle=False, eta0=1.0).fit(X, y)
    assert ours.coef_.shape == (3, 2) and ours.intercept_.shape == (3,)
    assert np.array_equal(ours.classes_, theirs.classes_)
    assert np.array_equal(ours.coef_, theirs.coef_) and np.array_equal(ours.intercept_, theirs.intercept_)
    assert np.array_equal(ours.predict(X), theirs.predict(X))
    assert np.allclose(ours.decision_function(X), theirs.decision_function(X), rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("name", sorted(n for n, c in REGISTRY.items() if not c.boolean_features))  # Winnow: test_winnow.py
def test_each_class_is_the_binary_run_on_its_own_labels(name):
    X, y = three_blobs(seed=1)
    params = {"eta": 0.01} if name == "adaline" else {}
    est = ESTIMATORS[name](max_epochs=5, **params).fit(X, y)
    assert est.coef_.shape == (3, 2) and len(est.runs_) == 3 and not hasattr(est, "run_")
    scores = est.decision_function(X)
    assert scores.shape == (90, 3)
    for k, c in enumerate(est.classes_):
        rec = make_algorithm(name, max_epochs=5, **params).fit(Dataset.from_arrays(X, np.where(y == c, 1.0, -1.0)))
        assert np.array_equal(est.coef_[k], rec.final_w) and est.intercept_[k] == rec.final_b
        assert est.runs_[k].num_updates == rec.num_updates
    assert est.t_ == sum(r.num_updates for r in est.runs_)
    assert est.n_iter_ == max(r.epochs_run for r in est.runs_)
    # The class with the largest score, the first of equal ones (numpy's argmax, as scikit-learn).
    assert np.array_equal(est.predict(X), est.classes_[np.argmax(scores, axis=1)])
    assert est.score(X, y) > 0.8


def test_a_two_class_fit_after_a_three_class_one_has_one_run_again():
    X, y = three_blobs()
    est = ESTIMATORS["offset"]().fit(X, y)
    est.fit(X[y != "emu"], y[y != "emu"])
    assert est.coef_.shape == (1, 2) and len(est.runs_) == 1 and est.run_ is est.runs_[0]
    assert est.decision_function(X).shape == (90,)
    est.fit(X, y)
    assert not hasattr(est, "run_") and not hasattr(est, "train_data_")


def test_show_says_the_window_draws_two_classes():
    from perceptron_gui.gui.app.show import prepare_show

    X, y = three_blobs()
    est = ESTIMATORS["offset"]().fit(X, y)
    with pytest.raises(ValueError, match="window draws two"):
        prepare_show(est)
    with pytest.raises(ValueError, match="window draws two classes"):
        prepare_show(X, y)
