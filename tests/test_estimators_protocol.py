"""The estimators' hand-written protocol (estimators._protocol, _validation): each input a user
can get wrong is refused with one sentence holding the words scikit-learn's checks match, and the
error and warning classes are scikit-learn's own once scikit-learn is loaded, the hand ones
otherwise."""
from __future__ import annotations

import sys
import warnings

import numpy as np
import pytest

from perceptron_gui.estimators import MulticlassPerceptron, OffsetPerceptron, _protocol

try:  # while collecting: importing scikit-learn sets KMP_* in os.environ, which the conftest's
    import sklearn.exceptions  # noqa: F401  leak check would blame on the test that did it
except ImportError:
    pass

X = np.array([[0.0, 1.0], [1.0, 2.0], [3.0, 0.5], [4.0, 1.0]])
Y = np.array([0, 0, 1, 1])


class _Sparse:
    """Stands for a scipy.sparse matrix (told apart by ``tocsr``) without importing scipy."""

    def tocsr(self) -> _Sparse:
        return self


def _one_sentence(message: str) -> None:
    assert message.endswith(".") and "\n" not in message and ". " not in message.replace("e.g. ", ""), message


@pytest.mark.parametrize("X_bad, y_bad, error, words", [
    (_Sparse(), Y, TypeError, "sparse"),
    (X + 1j, Y, ValueError, "Complex data not supported"),
    (X[:, 0], Y, ValueError, "Reshape your data"),
    (np.empty((0, 2)), [], ValueError, "0 sample(s)"),
    (np.empty((4, 0)), Y, ValueError, r"0 feature(s) (shape=(4, 0)) while a minimum of 1 is required"),
    (np.array([[1.0, {"a": 1}]] * 4, dtype=object), Y, TypeError, "argument must be a string or a real number"),
    ([["a", "b"]] * 4, Y, ValueError, "X must hold numbers only"),
    (X, [0.5, 1.5, 2.5, 0.25], ValueError, "Unknown label type: continuous"),
    (X, [0.0, np.nan, 1.0, 1.0], ValueError, "Input y contains NaN"),
    (X, [0, 1, 1], ValueError, "X has 4 rows but y has 3 labels"),
    (X, np.ones((4, 2)), ValueError, "y must be 1-D"),
    (X, np.array([1, "a", 1, "a"], dtype=object), ValueError, "mixes labels"),
])
def test_a_bad_input_is_one_sentence_with_the_words_sklearn_matches(X_bad, y_bad, error, words):
    with pytest.raises(error) as err:
        OffsetPerceptron().fit(X_bad, y_bad)
    assert words in str(err.value)
    _one_sentence(str(err.value))


def test_object_data_holding_numbers_is_taken_as_numbers():
    est = OffsetPerceptron().fit(X.astype(object), Y.astype(object))
    assert est.predict(X.astype(object)).tolist() == Y.tolist()


def test_a_column_y_warns_and_trains_the_same_as_a_flat_one():
    flat = OffsetPerceptron().fit(X, Y)
    with pytest.warns(_protocol.data_conversion_warning_class(), match="A column-vector y was passed"):
        column = OffsetPerceptron().fit(X, Y[:, None])
    np.testing.assert_array_equal(flat.coef_, column.coef_)


def test_the_error_class_is_sklearns_only_when_sklearn_is_loaded(monkeypatch):
    pytest.importorskip("sklearn")
    from sklearn.exceptions import DataConversionWarning, NotFittedError

    assert _protocol.not_fitted_error_class() is NotFittedError
    assert _protocol.data_conversion_warning_class() is DataConversionWarning
    monkeypatch.delitem(sys.modules, "sklearn.exceptions")  # as in a process that never imported it
    assert _protocol.not_fitted_error_class() is _protocol.NotFittedError
    with pytest.raises(_protocol.NotFittedError) as err:
        OffsetPerceptron().decision_function(X)
    _one_sentence(str(err.value))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(_protocol.DataConversionWarning):
            OffsetPerceptron().fit(X, Y[:, None])


def test_score_weighs_samples_as_sklearn_does():
    est = OffsetPerceptron().fit(X, Y)
    wrong = np.array([0, 0, 1, 0])  # the last row wrong
    assert est.score(X, wrong) == pytest.approx(0.75)
    assert est.score(X, wrong, sample_weight=[1, 1, 1, 3]) == pytest.approx(0.5)


def test_an_unknown_parameter_to_set_params_is_one_sentence():
    with pytest.raises(ValueError, match="has no parameter 'epochs'") as err:
        OffsetPerceptron().set_params(epochs=3)
    _one_sentence(str(err.value))


class _Frame:
    """Stands for a data frame (named columns, converts to an array) without needing pandas."""

    def __init__(self, values: np.ndarray, columns: list[str]) -> None:
        self.values, self.columns = values, columns

    def __array__(self, dtype: object = None, copy: object = None) -> np.ndarray:
        return np.asarray(self.values, dtype=dtype)  # type: ignore[call-overload]


def test_column_names_are_kept_and_checked_as_sklearn_does():
    est = OffsetPerceptron().fit(_Frame(X, ["a", "b"]), Y)
    assert est.feature_names_in_.tolist() == ["a", "b"]
    assert est.predict(_Frame(X, ["a", "b"])).tolist() == Y.tolist()
    with pytest.raises(ValueError, match="feature names should match"):
        est.predict(_Frame(X[:, ::-1], ["b", "a"]))  # swapped columns would swap the weights
    with pytest.warns(UserWarning, match="X does not have valid feature names"):
        est.predict(X)
    refit = est.fit(X, Y)
    assert not hasattr(refit, "feature_names_in_")
    with pytest.warns(UserWarning, match="X has feature names, but OffsetPerceptron was fitted without"):
        refit.predict(_Frame(X, ["a", "b"]))


@pytest.mark.parametrize("make", [OffsetPerceptron, MulticlassPerceptron])
def test_wrong_columns_are_worded_as_sklearns_dataframe_check_expects(make):
    """scikit-learn's check_dataframe_column_names_consistency (skipped without pandas) matches these
    words after fit and after a first partial_fit; the same three cases on a stand-in frame."""
    import re

    rng = np.random.default_rng(0)
    Xf = rng.normal(size=(30, 5))
    yf = (Xf[:, 0] > 0).astype(int)
    names = [f"col_{i}" for i in range(5)]
    cases = [
        (names[::-1], "Feature names must be in the same order as they were in fit.\n"),
        ([f"another_prefix_{i}" for i in range(5)],
         "Feature names unseen at fit time:\n- another_prefix_0\n- another_prefix_1\n"),
        (names[:3], "Feature names seen at fit time, yet now missing:\n- col_3\n"),
    ]
    ests = [make().fit(_Frame(Xf, names), yf)]
    if hasattr(ests[0], "partial_fit"):
        ests.append(make().partial_fit(_Frame(Xf, names), yf, classes=[0, 1]))
    for est in ests:
        for bad, words in cases:
            expected = re.escape("The feature names should match those that were passed during fit.\n" + words)
            # As a data frame re-indexed to other columns: those it lacks are NaN, and the names
            # are what is wrong, so they are what is said.
            frame = _Frame(np.where([n in names for n in bad], Xf[:, :len(bad)], np.nan), bad)
            for method in (est.predict, est.decision_function, lambda F: est.score(F, yf)):
                with pytest.raises(ValueError, match=expected):
                    method(frame)
            if hasattr(est, "partial_fit"):
                with pytest.raises(ValueError, match=expected):
                    est.partial_fit(frame, yf)
