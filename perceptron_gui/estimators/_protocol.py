"""scikit-learn's estimator protocol: its own base classes and input checks when scikit-learn is
importable, the same protocol written out by hand when it is not.

scikit-learn is a test dependency of this project, never a runtime one (issue 13 §1): a notebook
with only numpy installed still gets working estimators, and with scikit-learn installed they
are its estimators in full (``clone``, ``Pipeline``, ``GridSearchCV``, ``check_estimator``).
"""
from __future__ import annotations

import inspect
from typing import Any

import numpy as np

__all__ = ["HAVE_SKLEARN", "EstimatorBase", "NotFittedError", "check_fitted", "validate_fit", "validate_predict",
           "binary_classes"]


class _HandNotFittedError(ValueError, AttributeError):
    """Raised by predict before fit (scikit-learn's own class when it is importable)."""


class HandEstimator:
    """``get_params``/``set_params``/``repr`` from the keyword-only ``__init__`` signature, as
    scikit-learn's ``BaseEstimator`` gives them."""

    @classmethod
    def _get_param_names(cls) -> list[str]:
        sig = inspect.signature(cls.__init__)
        return sorted(p.name for p in sig.parameters.values() if p.name != "self" and p.kind != p.VAR_KEYWORD)

    def get_params(self, deep: bool = True) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self._get_param_names()}

    def set_params(self, **params: Any) -> HandEstimator:
        valid = self._get_param_names()
        for key, value in params.items():
            if key not in valid:
                raise ValueError(f"{type(self).__name__} has no parameter {key!r}; it takes {', '.join(valid)}.")
            setattr(self, key, value)
        return self

    def __repr__(self) -> str:
        defaults = {p.name: p.default for p in inspect.signature(type(self).__init__).parameters.values()}
        changed = [f"{k}={v!r}" for k, v in self.get_params().items() if not _same(v, defaults.get(k))]
        return f"{type(self).__name__}({', '.join(changed)})"


class HandClassifier:
    """``score`` as scikit-learn's ``ClassifierMixin`` gives it: the mean accuracy."""

    def score(self, X: Any, y: Any) -> float:
        return float(np.mean(self.predict(X) == np.asarray(y)))  # type: ignore[attr-defined]


def _same(a: Any, b: Any) -> bool:
    try:
        return bool(a == b)
    except ValueError:  # arrays compare element-wise
        return False


try:
    from sklearn.base import BaseEstimator as _Estimator
    from sklearn.base import ClassifierMixin as _Classifier
    from sklearn.exceptions import NotFittedError
    from sklearn.utils.multiclass import check_classification_targets
    from sklearn.utils.validation import check_is_fitted, validate_data
    HAVE_SKLEARN = True
except ImportError:
    _Estimator, _Classifier = HandEstimator, HandClassifier
    NotFittedError = _HandNotFittedError
    HAVE_SKLEARN = False


class EstimatorBase(_Classifier, _Estimator):
    """The base of every estimator here: scikit-learn's mixin order (classifier first)."""

    def __sklearn_tags__(self) -> Any:
        # Only ever called by scikit-learn, so super() is scikit-learn's here.
        tags = super().__sklearn_tags__()
        tags.classifier_tags.multi_class = False  # a perceptron separates two labels
        return tags


def check_fitted(est: Any) -> None:
    """A NotFittedError (one sentence) when ``est`` has not been fitted."""
    if HAVE_SKLEARN:
        check_is_fitted(est, "run_")
    elif not hasattr(est, "run_"):
        raise NotFittedError(f"This {type(est).__name__} is not fitted yet; call fit(X, y) first.")


def validate_fit(est: Any, X: Any, y: Any) -> tuple[np.ndarray, np.ndarray]:
    """(X as a finite float64 (n, d) array, y as a 1-D array); sets ``n_features_in_``."""
    if HAVE_SKLEARN:
        Xv, yv = validate_data(est, X, y, dtype=np.float64)
        check_classification_targets(yv)
        return Xv, yv
    if y is None:
        raise ValueError(f"{type(est).__name__} requires y to be passed, but the target y is None.")
    Xv = _hand_matrix(est, X)
    yv = np.asarray(y)
    if yv.ndim == 2 and yv.shape[1] == 1:
        yv = yv.ravel()
    if yv.ndim != 1 or yv.shape[0] != Xv.shape[0]:
        raise ValueError(f"X has {Xv.shape[0]} rows but y has shape {yv.shape}; give one label per row of X.")
    est.n_features_in_ = Xv.shape[1]
    return Xv, yv


def validate_predict(est: Any, X: Any) -> np.ndarray:
    """X as a finite float64 array with the features ``est`` was fitted on."""
    if HAVE_SKLEARN:
        return np.asarray(validate_data(est, X, dtype=np.float64, reset=False))
    Xv = _hand_matrix(est, X)
    if Xv.shape[1] != est.n_features_in_:
        raise ValueError(f"X has {Xv.shape[1]} features, but {type(est).__name__} is expecting "
                         f"{est.n_features_in_} features as input.")
    return Xv


def _hand_matrix(est: Any, X: Any) -> np.ndarray:
    try:
        Xv = np.asarray(X, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(f"{type(est).__name__} needs numbers in X; convert it to a float array first.") from None
    if Xv.ndim != 2:
        raise ValueError(f"Expected a 2-D array X of shape (n_samples, n_features), got {Xv.ndim}-D; "
                         "reshape it (X.reshape(-1, 1) for one feature).")
    if Xv.shape[0] < 1 or Xv.shape[1] < 1:
        raise ValueError(f"X has shape {Xv.shape}; give at least one row and one feature.")
    if not np.isfinite(Xv).all():
        raise ValueError("Input X contains NaN or infinity; remove or fill those values.")
    return Xv


def binary_classes(y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(classes_, y mapped to ±1: classes_[0] → −1, classes_[1] → +1), as scikit-learn maps two
    labels; one label or more than two is a ValueError (one sentence)."""
    classes = np.unique(y)
    if classes.shape[0] == 1:
        raise ValueError(f"y has only one class ({classes[0]!r}); a perceptron needs two labels, one for each side.")
    if classes.shape[0] > 2:
        raise ValueError(f"Only binary classification is supported: y has {classes.shape[0]} classes; "
                         "a perceptron separates exactly two labels, so keep two (or train one against the rest).")
    return classes, np.where(y == classes[1], 1.0, -1.0)
