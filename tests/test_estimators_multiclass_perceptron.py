"""The multiclass perceptron estimator: the core run's numbers, scikit-learn's protocol and checks."""
from __future__ import annotations

import pickle
import warnings

import numpy as np
import pytest
from sklearn.utils.estimator_checks import parametrize_with_checks

from perceptron_gui.core.algorithms.multiclass import MulticlassPerceptron as Learner
from perceptron_gui.core.class_data import class_data
from perceptron_gui.core.class_presets import CLASS_PRESETS
from perceptron_gui.estimators import MulticlassPerceptron


def test_the_estimator_is_the_core_run_bit_for_bit():
    data = CLASS_PRESETS["digits_0_1_2"].make()
    labels = np.array(data.classes)[data.codes].astype(int)
    est = MulticlassPerceptron(shuffle=True, seed=4).fit(data.X, labels)
    run = Learner(shuffle=True, seed=4).fit(class_data(data.X, labels))
    assert np.array_equal(est.W_, run.W[:, :-1]) and np.array_equal(est.b_, run.W[:, -1])
    assert est.classes_.tolist() == [0, 1, 2] and est.coef_.shape == (3, 64)
    assert est.t_ == run.n_updates and est.n_iter_ == len(run.epoch_updates)
    assert est.score(data.X, labels) == 1.0  # converged: every training point right


def test_word_labels_and_two_classes():
    X = np.array([[0.0, 1.0], [1.0, 0.0], [2.0, 2.0], [-1.0, -2.0]])
    y = np.array(["cat", "dog", "dog", "cat"])
    est = MulticlassPerceptron().fit(X, y)
    assert est.coef_.shape == (1, 2) and est.intercept_.shape == (1,)
    dec = est.decision_function(X)
    assert dec.shape == (4,)
    assert est.predict(X).tolist() == np.where(dec > 0, "dog", "cat").tolist()
    np.testing.assert_allclose(dec, X @ est.coef_[0] + est.intercept_[0], rtol=0, atol=1e-12)


def test_a_pickle_keeps_the_predictor_not_the_points():
    X = np.random.default_rng(1).normal(size=(300, 5))
    y = np.argmax(X[:, :3], axis=1)
    est = MulticlassPerceptron(max_epochs=5).fit(X, y)
    light = pickle.loads(pickle.dumps(est))
    assert not hasattr(light, "run_") and np.array_equal(light.predict(X), est.predict(X))
    est.pickle_run = True
    assert pickle.loads(pickle.dumps(est)).run_.n_updates == est.t_


def test_one_class_is_refused_with_a_sentence():
    with pytest.raises(ValueError, match="needs at least two"):
        MulticlassPerceptron().fit([[0.0], [1.0]], [3, 3])


with warnings.catch_warnings():  # the protocol is written by hand: see estimators._protocol
    warnings.filterwarnings("ignore", message="Estimator .* does not inherit from `sklearn.base.BaseEstimator`")
    _CHECKS = parametrize_with_checks([MulticlassPerceptron(), MulticlassPerceptron(shuffle=True, seed=2, offset=False)])


@_CHECKS
def test_scikit_learn_checks(estimator, check):
    check(estimator)
