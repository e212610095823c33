"""A pickled estimator keeps its predictor, not its training: the points and the run's steps are
left out unless asked for (pickle_run = True), except where they are the predictor itself."""
from __future__ import annotations

import pickle

import numpy as np
import pytest

from perceptron_gui.core.algorithms import REGISTRY
from perceptron_gui.estimators import ESTIMATORS


def blobs(n, d, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    return X, (X @ rng.normal(size=d) + 0.2 > 0).astype(int)


@pytest.mark.parametrize("name", sorted(n for n, c in REGISTRY.items() if not c.boolean_features))  # Winnow: test_winnow.py
def test_a_pickled_estimator_predicts_as_the_fitted_one_to_the_bit(name):
    X, y = blobs(200, 3)
    est = ESTIMATORS[name](max_epochs=4).fit(X, y)
    back = pickle.loads(pickle.dumps(est))
    assert np.array_equal(back.decision_function(X), est.decision_function(X))
    assert np.array_equal(back.predict(X), est.predict(X))
    assert np.array_equal(back.coef_, est.coef_) and back.t_ == est.t_ and back.n_iter_ == est.n_iter_
    learner = REGISTRY[name]
    assert not hasattr(back, "train_data_")
    assert hasattr(back.runs_[0], "weights") == (learner.votes or learner.dual)  # the record only where it predicts


def test_the_pickle_of_a_big_fit_is_small_unless_the_run_is_asked_for():
    X, y = blobs(100_000, 50, seed=1)
    est = ESTIMATORS["offset"](max_epochs=2).fit(X, y)
    light = pickle.dumps(est)
    assert len(light) < 20_000, len(light)  # 46 MB with the points and the run
    est.pickle_run = True
    full = pickle.dumps(est)
    assert len(full) > X.nbytes
    back = pickle.loads(full)
    assert back.run_.num_updates == est.run_.num_updates and back.train_data_.n == 100_000


def test_showing_an_estimator_pickled_without_its_run_is_a_sentence():
    from perceptron_gui.gui.app.show import prepare_show

    X, y = blobs(50, 2)
    back = pickle.loads(pickle.dumps(ESTIMATORS["offset"]().fit(X, y)))
    with pytest.raises(ValueError, match="pickle_run = True") as err:
        prepare_show(back)
    assert str(err.value).endswith(".") and "\n" not in str(err.value)
