"""The input checks of the estimators, by hand (no scikit-learn: see ``_protocol``).

Each refusal is one sentence saying what is wrong and what to do. Where scikit-learn's
``check_estimator`` matches words of the message (``Reshape your data``, ``0 feature(s)``,
``Complex data not supported``, ``Unknown label type``, ``sparse``, ``is expecting N features``,
``argument must be a string or a real number``), the sentence contains them, so that tests
written against scikit-learn estimators hold for these too.
"""
from __future__ import annotations

import sys
import warnings
from typing import Any

import numpy as np

from ._protocol import data_conversion_warning_class

__all__ = ["validate_fit", "fit_input", "check_finite", "validate_predict", "class_targets", "targets_for", "is_sparse"]


def validate_fit(est: Any, X: Any, y: Any, accept_sparse: bool = False) -> tuple[Any, np.ndarray]:
    """(X as a finite float64 (n, d) array, y as a 1-D label array); sets ``n_features_in_``.
    With ``accept_sparse`` a scipy sparse X is returned as (its CSR, :class:`CsrRows`) instead
    (``_sparse.as_csr``); without it a sparse X is refused with a sentence."""
    Xv, yv, _ = fit_input(est, X, y, accept_sparse, values=True, stacklevel=5)
    return Xv, yv


def fit_input(est: Any, X: Any, y: Any, accept_sparse: bool, values: bool,
              stacklevel: int = 4) -> tuple[Any, np.ndarray, bool]:
    """:func:`validate_fit`'s (X, y), and whether a dense X is a fresh array these checks made
    (a conversion of the caller's numbers, which no caller holds: a data set may keep it,
    ``Dataset.from_arrays(take=True)``). ``values=False`` leaves a dense X's values unchecked
    for a caller that hands them to a ``Dataset``, whose rule (finite, at most ±1e150) checks
    them once; that caller words a non-finite refusal with :func:`check_finite`. ``stacklevel``
    is the column-vector warning's, from :func:`_labels`."""
    name = type(est).__name__
    if y is None:
        raise ValueError(f"{name} requires y to be passed, but the target y is None; give one label per row of X.")
    fresh = False
    if accept_sparse and is_sparse(X):
        Xv = _any_matrix(name, X, accept_sparse)
    else:
        Xv, fresh = _dense(name, X)
        if values:
            check_finite(Xv)
    yv = _labels(name, y, stacklevel)
    n, d = _shape(Xv)
    if yv.shape[0] != n:
        raise ValueError(f"X has {n} rows but y has {yv.shape[0]} labels; give one label per row of X.")
    est.n_features_in_ = d
    names = _feature_names(X)
    if names is not None:
        est.feature_names_in_ = names
    elif hasattr(est, "feature_names_in_"):  # refitted on a plain array: forget the old names
        del est.feature_names_in_
    return Xv, yv, fresh


def validate_predict(est: Any, X: Any, accept_sparse: bool = False) -> Any:
    """X as a finite float64 array with the features ``est`` was fitted on (sparse: as
    :func:`validate_fit` returns it, with ``accept_sparse``)."""
    _check_feature_names(est, X)  # first, as scikit-learn: a frame of other columns may hold NaN only
    Xv = _any_matrix(type(est).__name__, X, accept_sparse)
    if _shape(Xv)[1] != est.n_features_in_:
        raise ValueError(f"X has {_shape(Xv)[1]} features, but {type(est).__name__} is expecting "
                         f"{est.n_features_in_} features as input.")
    return Xv


def _shape(Xv: Any) -> tuple[int, int]:
    """(n, d) of a checked X: an array, or a sparse one's (CSR, CsrRows)."""
    if isinstance(Xv, np.ndarray):
        return int(Xv.shape[0]), int(Xv.shape[1])
    return int(Xv[1].n), int(Xv[1].d)


def _feature_names(X: Any) -> np.ndarray | None:
    """A data frame's column names when all are strings (as scikit-learn keeps them), else None."""
    columns = getattr(X, "columns", None)
    if columns is None:
        return None
    names = np.asarray(list(columns), dtype=object)
    return names if names.size and all(isinstance(n, str) for n in names) else None


def _check_feature_names(est: Any, X: Any) -> None:
    # As scikit-learn does: columns in another order would silently swap the weights.
    fitted, given, name = getattr(est, "feature_names_in_", None), _feature_names(X), type(est).__name__
    if fitted is None and given is not None:
        warnings.warn(f"X has feature names, but {name} was fitted without feature names.", UserWarning, stacklevel=4)
    elif fitted is not None and given is None:
        warnings.warn(f"X does not have valid feature names, but {name} was fitted with feature names.",
                      UserWarning, stacklevel=4)
    elif fitted is not None and given is not None and (len(fitted) != len(given) or (fitted != given).any()):
        raise ValueError(_names_mismatch(fitted, given))


def _names_mismatch(fitted: np.ndarray, given: np.ndarray) -> str:
    """scikit-learn's words for columns that differ from fit's (its tests match them), and what to do."""
    unseen = sorted(set(given) - set(fitted))
    missing = sorted(set(fitted) - set(given))

    def listed(names: list[str]) -> str:
        return "".join(f"- {n}\n" for n in names[:5]) + ("- ...\n" if len(names) > 5 else "")

    message = "The feature names should match those that were passed during fit.\n"
    if unseen:
        message += "Feature names unseen at fit time:\n" + listed(unseen)
    if missing:
        message += "Feature names seen at fit time, yet now missing:\n" + listed(missing)
    if not unseen and not missing:
        message += "Feature names must be in the same order as they were in fit.\n"
    return message + "Select and order X's columns as they were in fit."


def _any_matrix(name: str, X: Any, accept_sparse: bool) -> Any:
    if accept_sparse and is_sparse(X):
        from ._sparse import as_csr  # only once scipy is loaded: whoever made X loaded it

        return as_csr(name, X)
    return _matrix(name, X)


def is_sparse(a: Any) -> bool:
    """Whether ``a`` is a scipy sparse matrix or array (told without importing scipy)."""
    return _is_sparse(a)


def _is_sparse(a: Any) -> bool:
    # scipy.sparse matrices and arrays, told apart without importing scipy (0.3 s).
    return type(a).__module__.startswith("scipy.sparse") or hasattr(a, "tocsr")


def _unmasked(X: Any, what: str, drop: str) -> Any:
    """A masked array's data when nothing is masked; with masked entries a sentence: numpy's
    asarray would hand over the hidden values under the mask, which are no data."""
    ma = sys.modules.get("numpy.ma")  # not loaded (numpy loads it lazily): no masked array exists
    if ma is None or not isinstance(X, ma.MaskedArray):
        return X
    masked = int(ma.count_masked(X))
    if masked:
        raise ValueError(f"{what} is a masked array with {masked:,} masked entr{'y' if masked == 1 else 'ies'}, whose "
                         f"hidden values are no data; fill them ({what}.filled(value)) or drop those rows ({drop}).")
    return ma.getdata(X)


def _matrix(name: str, X: Any) -> np.ndarray:
    Xv = _dense(name, X)[0]
    check_finite(Xv)
    return Xv


def _dense(name: str, X: Any) -> tuple[np.ndarray, bool]:
    """X as a float64 (n ≥ 1, d ≥ 1) array, its values unchecked, and whether that array is a
    fresh one made here (a conversion, not the caller's own array nor a view of it)."""
    if _is_sparse(X):
        raise TypeError(f"{name} does not take sparse input; convert X to a dense array with X.toarray() first.")
    X = _unmasked(X, "X", "X[~X.mask.any(axis=1)]")
    try:
        raw = np.asarray(X)
        made = isinstance(X, (list, tuple))  # numpy built raw from the rows: no caller holds it
        if np.iscomplexobj(raw):
            raise ValueError("Complex data not supported in X; give real numbers (X.real, or abs(X)).")
        Xv = np.asarray(raw, dtype=np.float64)
    except TypeError as err:  # an object that is no number (a dict, None): numpy's words say which
        raise TypeError(f"X must hold numbers only ({err}); convert it to a float array first.") from None
    except ValueError as err:
        if str(err).startswith("Complex"):
            raise
        raise ValueError(f"X must hold numbers only ({err}); convert it to a float array first.") from None
    if Xv.ndim != 2:
        raise ValueError(f"X must be 2-D (n_samples, n_features) but is {Xv.ndim}-D: Reshape your data with "
                         "X.reshape(-1, 1) if it has one feature or X.reshape(1, -1) if it is one sample.")
    for axis, what, fix in ((0, "sample(s)", "row"), (1, "feature(s)", "feature")):
        if Xv.shape[axis] < 1:
            raise ValueError(f"X has 0 {what} (shape={Xv.shape}) while a minimum of 1 is required; "
                             f"give at least one {fix}.")
    return Xv, made or not np.may_share_memory(Xv, raw)


def check_finite(Xv: np.ndarray) -> None:
    """Refuse a NaN or an infinity in X in scikit-learn's words (its checks match them)."""
    # One sum without a temporary is finite only when every value is (a NaN or an infinity
    # carries through it); an overflowing sum is told apart by the exact check.
    with np.errstate(over="ignore", invalid="ignore"):
        total = np.sum(Xv)
    if not np.isfinite(total) and not np.isfinite(Xv).all():
        raise ValueError("Input X contains NaN or infinity; remove or fill those values.")


def _labels(name: str, y: Any, stacklevel: int) -> np.ndarray:
    if _is_sparse(y):
        raise TypeError(f"{name} does not take a sparse y; give the labels as a 1-D array.")
    yv = np.asarray(_unmasked(y, "y", "y[~y.mask] with the same rows of X"))
    if yv.ndim == 2 and yv.shape[1] == 1:
        warnings.warn(data_conversion_warning_class()(
            "A column-vector y was passed when a 1d array was expected; "
            "give y as shape (n_samples,), for example with y.ravel()."), stacklevel=stacklevel)
        yv = yv.ravel()
    if yv.ndim != 1:
        raise ValueError(f"y must be 1-D (one label per row of X) but has shape {yv.shape}; "
                         "a perceptron predicts one label per row.")
    if np.iscomplexobj(yv):
        raise ValueError("Complex data not supported in y; give class labels.")
    if yv.dtype.kind == "f":
        if not np.isfinite(yv).all():
            raise ValueError("Input y contains NaN or infinity; give every row a label.")
        if (yv != np.round(yv)).any():
            raise ValueError("Unknown label type: continuous (y holds real values, a regression target); "
                             "a perceptron needs two class labels, so threshold y first.")
    return yv


def class_targets(y: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
    """(classes_, the ±1 targets of each two-class problem), as scikit-learn's linear classifiers
    split the labels: two labels are one problem (classes_[0] → −1, classes_[1] → +1); K > 2
    labels are K problems, class k (+1) against the rest (−1). One label is a ValueError."""
    try:
        classes = _classes(y)
    except TypeError:  # an object array mixing labels that do not compare (3 and "a")
        raise ValueError("Unknown label type: y mixes labels of different types; give labels of one type.") from None
    if classes.shape[0] == 1:
        raise ValueError(f"y has only one class ({classes[0]!r}); a perceptron needs two labels, one for each side.")
    return classes, targets_for(y, classes)


def _classes(y: np.ndarray) -> np.ndarray:
    """``np.unique(y)``: for numbers of one or two values, found by their min and max and one
    comparison with each instead of numpy's sort or hash of every label."""
    if y.dtype.kind in "biuf" and y.size:
        lo, hi = y.min(), y.max()
        if lo == hi:
            return np.array([lo], dtype=y.dtype)
        if np.logical_or(y == lo, y == hi).all():
            return np.array([lo, hi], dtype=y.dtype)
    return np.unique(y)


def targets_for(y: np.ndarray, classes: np.ndarray) -> list[np.ndarray]:
    """The ±1 targets of each two-class problem for these (sorted) classes: one for two
    (classes[1] is +1), else one per class against the rest."""
    if classes.shape[0] == 2:
        return [np.where(y == classes[1], 1.0, -1.0)]
    return [np.where(y == c, 1.0, -1.0) for c in classes]
