"""What a fit does with the X and y it is given (estimators._validation, _base._data): the
caller's own array is copied, never kept nor changed; an array the checks made is kept without a
second copy; X's values are checked once, by the data set's rule, and refused in the same
sentences as before; the labels' classes are np.unique's."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core.dataset import Dataset
from perceptron_gui.estimators import OffsetPerceptron, Perceptron, _base, _validation, class_targets

RNG = np.random.default_rng(7)
X = RNG.standard_normal((40, 20))  # 20 features or more: the fit reads the data set's X itself
Y = np.where(X @ RNG.standard_normal(20) >= 0.0, 1, 0)


class _Holds:
    """An array-like that hands numpy the array it holds (as a data frame of one dtype may)."""

    def __init__(self, a: np.ndarray) -> None:
        self.a = a

    def __array__(self, dtype=None, copy=None):
        return self.a if dtype is None else self.a.astype(dtype)


def _spy_take(monkeypatch) -> list[bool]:
    """The ``take`` every data set of a fit is made with."""
    seen: list[bool] = []
    made = Dataset.from_arrays

    def from_arrays(X, y, feature_names=None, *, take=False):
        seen.append(take)
        return made(X, y, feature_names, take=take)

    monkeypatch.setattr(_base.Dataset, "from_arrays", staticmethod(from_arrays))
    return seen


@pytest.mark.parametrize("kind", ["float64", "fortran", "slice", "float32", "int", "list", "masked", "holder",
                                  "holder-int"])
@pytest.mark.parametrize("cls", [OffsetPerceptron, Perceptron])
def test_the_callers_array_is_never_kept_nor_changed(cls, kind):
    given = {
        "float64": lambda: X.copy(),
        "fortran": lambda: np.asfortranarray(X),
        "slice": lambda: np.hstack([X, X])[:, ::2],
        "float32": lambda: X.astype(np.float32),
        "int": lambda: np.round(X * 10).astype(np.int64),
        "list": lambda: X.tolist(),
        "masked": lambda: np.ma.masked_array(X.copy(), mask=False),
        "holder": lambda: _Holds(X.copy()),
        "holder-int": lambda: _Holds(np.round(X * 10).astype(np.int64)),
    }[kind]()
    inner = given.a if isinstance(given, _Holds) else np.ma.getdata(given) if kind == "masked" else given
    before = np.array(inner, dtype=np.float64)
    est = cls(max_epochs=3).fit(given, Y)
    np.testing.assert_array_equal(np.asarray(inner, dtype=np.float64), before)  # not changed
    kept, w_final = est.train_data_.X, est.run_.weights[-1].copy()
    assert not kept.flags.writeable
    if isinstance(inner, np.ndarray):
        assert not np.shares_memory(kept, inner)
        inner[...] = 0  # the caller changes its array: the fitted estimator does not see it
    np.testing.assert_array_equal(est.train_data_.X, before)
    np.testing.assert_array_equal(est.run_.weights[-1], w_final)  # replayed from the kept points


@pytest.mark.parametrize(("given", "taken"), [
    (lambda: X.copy(), False),  # the caller's own: copied
    (lambda: X[::2], False),  # a view of it: copied
    (lambda: _Holds(X.copy()), False),  # what an array-like holds: copied
    (lambda: X.astype(np.float32), True),  # converted by the checks: kept as made
    (lambda: np.round(X).astype(np.int64), True),
    (lambda: X.tolist(), True),  # built by numpy from the rows
    (lambda: _Holds(np.round(X).astype(np.int32)), True),
])
def test_an_array_the_checks_made_is_kept_without_a_second_copy(monkeypatch, given, taken):
    seen = _spy_take(monkeypatch)
    data = given()
    y = Y[::2] if isinstance(data, np.ndarray) and data.shape[0] != Y.shape[0] else Y
    OffsetPerceptron(max_epochs=2).fit(data, y)
    assert seen == [taken]


def test_a_good_fit_checks_the_values_once_in_its_data_set(monkeypatch):
    def refused(Xv):
        raise AssertionError("the estimator's own finite check ran on a good fit")

    monkeypatch.setattr(_base, "check_finite", refused)
    for cls in (OffsetPerceptron, Perceptron):
        cls(max_epochs=2).fit(X, Y)
        cls(max_epochs=2).partial_fit(X, Y, classes=[0, 1])


NAN_SENTENCE = "Input X contains NaN or infinity; remove or fill those values."


@pytest.mark.parametrize(("bad", "sentence"), [
    (np.nan, NAN_SENTENCE),
    (np.inf, NAN_SENTENCE),
    (-np.inf, NAN_SENTENCE),
    (1e300, "Row 3, column 2 is 1e+300, too large to train on (the limit is ±1e150); rescale the data."),
    (-2e150, "Row 3, column 2 is -2e+150, too large to train on (the limit is ±1e150); rescale the data."),
    (1.7e308, "Row 3, column 2 is 1.7e+308, too large to train on (the limit is ±1e150); rescale the data."),
])
@pytest.mark.parametrize("cls", [OffsetPerceptron, Perceptron])
@pytest.mark.parametrize("as_int", [False, True])
def test_bad_values_are_refused_in_the_same_sentences(cls, bad, sentence, as_int):
    Xb = X.astype(object) if as_int else X.copy()
    Xb[2, 1] = bad
    if not np.isfinite(bad):  # a NaN beside a value too large: the NaN is said
        Xb[5, 3] = 1e300
    with pytest.raises(ValueError) as err:
        cls(max_epochs=2).fit(Xb, Y)
    assert str(err.value) == sentence
    with pytest.raises(ValueError) as err:
        cls(max_epochs=2).partial_fit(Xb, Y, classes=[0, 1])
    assert str(err.value) == sentence


def test_the_limit_is_inclusive_and_predict_takes_large_values():
    Xb = X.copy()
    Xb[0, 0] = 1e150
    assert OffsetPerceptron(max_epochs=2).fit(Xb, Y).train_data_.X[0, 0] == 1e150
    est = OffsetPerceptron(max_epochs=2).fit(X, Y)
    Xb[0, 0] = 1e300  # predict refuses non-finite values only, as scikit-learn's estimators do
    assert est.predict(Xb).shape == (40,)
    Xb[0, 0] = np.nan
    with pytest.raises(ValueError, match="Input X contains NaN"):
        est.predict(Xb)


@pytest.mark.parametrize("y", [
    np.array([0, 1, 1, 0]), np.array([3, -2, 3, 3]), np.array([7, 7, 7]), np.array([1, 2, 3, 1]),
    np.array([True, False, True]), np.array([0, 255, 0], dtype=np.uint8), np.array([-1.5, 2.0, 2.0]),
    np.array([0.0, 1.0, 0.0]), np.array(["b", "a", "b"]), np.array([2, "a"], dtype=object)[:1],
    np.array([np.iinfo(np.int64).min, np.iinfo(np.int64).max]),
])
def test_the_classes_are_np_unique_s(y):
    if np.unique(y).shape[0] == 1:
        with pytest.raises(ValueError, match="only one class"):
            class_targets(y)
        return
    classes, targets = class_targets(y)
    expected = np.unique(y)
    assert classes.dtype == expected.dtype and classes.tolist() == expected.tolist()
    assert len(targets) == (1 if expected.shape[0] == 2 else expected.shape[0])
    np.testing.assert_array_equal(targets[0], np.where(y == expected[1 if expected.shape[0] == 2 else 0], 1.0, -1.0))


def test_fit_input_says_fresh_only_for_an_array_it_made():
    est = OffsetPerceptron()
    assert not _validation.fit_input(est, X, Y, False, values=True)[2]
    assert _validation.fit_input(est, X.astype(np.float32), Y, False, values=True)[2]
    assert _validation.fit_input(est, X.tolist(), Y, False, values=True)[2]
