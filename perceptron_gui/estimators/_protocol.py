"""scikit-learn's estimator protocol, written by hand: one design whether or not scikit-learn is
installed, and no scikit-learn import when the estimators are imported.

Why by hand: inheriting scikit-learn's ``BaseEstimator`` made
``import perceptron_gui.estimators`` cost 0.8 s more (``sklearn/__init__`` pulls in scipy), and a
notebook that only wants a perceptron should start in a blink. What scikit-learn asks of an
estimator is small and stable, so it is written out here: ``get_params``/``set_params`` read from
the keyword-only ``__init__`` signature (what ``clone``, ``Pipeline`` and ``GridSearchCV`` use),
``__sklearn_tags__`` (imports scikit-learn's tag classes inside the method: only scikit-learn
calls it, so it is loaded by then), ``__sklearn_is_fitted__``, ``_estimator_type``, and ``score``.
``_validation`` checks the input with the sentences scikit-learn's ``check_estimator`` expects.
"""
from __future__ import annotations

import inspect
import sys
from typing import Any

import numpy as np

__all__ = ["EstimatorBase", "NotFittedError", "DataConversionWarning", "check_fitted", "not_fitted_error_class",
           "data_conversion_warning_class"]


class NotFittedError(ValueError, AttributeError):
    """Raised by predict before fit; the same bases as scikit-learn's class of that name."""


class DataConversionWarning(UserWarning):
    """Warned when y is a column (n, 1) and is flattened; scikit-learn's class of that name."""


def _sklearn_class(name: str, hand: type) -> type:
    # Where a program has imported scikit-learn (its checks, a Pipeline, a notebook that catches
    # sklearn.exceptions.NotFittedError), raise or warn with scikit-learn's own class so its
    # ``except``/``filterwarnings`` see it; it costs nothing then. Otherwise the hand class: an
    # import of scikit-learn just to raise an error would cost the 0.8 s this module avoids.
    exceptions = sys.modules.get("sklearn.exceptions")
    found = getattr(exceptions, name, None) if exceptions is not None else None
    return found if isinstance(found, type) else hand


def not_fitted_error_class() -> type[Exception]:
    """scikit-learn's NotFittedError when scikit-learn is loaded, else :class:`NotFittedError`."""
    return _sklearn_class("NotFittedError", NotFittedError)


def data_conversion_warning_class() -> type[Warning]:
    """scikit-learn's DataConversionWarning when it is loaded, else :class:`DataConversionWarning`."""
    return _sklearn_class("DataConversionWarning", DataConversionWarning)


def _same(a: Any, b: Any) -> bool:
    try:
        return bool(a == b)
    except ValueError:  # arrays compare element-wise
        return False


class EstimatorBase:
    """The protocol of a scikit-learn classifier (``BaseEstimator`` + ``ClassifierMixin``)."""

    # Read by older scikit-learn (before tags) and by code that still asks is_classifier this way.
    _estimator_type = "classifier"

    @classmethod
    def _get_param_names(cls) -> list[str]:
        sig = inspect.signature(cls.__init__)
        return sorted(p.name for p in sig.parameters.values() if p.name != "self" and p.kind != p.VAR_KEYWORD)

    def get_params(self, deep: bool = True) -> dict[str, Any]:
        """The estimator's parameters by name (``deep`` is accepted: there are no nested estimators)."""
        return {name: getattr(self, name) for name in self._get_param_names()}

    def set_params(self, **params: Any) -> EstimatorBase:
        """Set parameters by name; returns self. An unknown name is a ValueError (one sentence)."""
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

    def __sklearn_is_fitted__(self) -> bool:
        return hasattr(self, "runs_")

    def __sklearn_tags__(self) -> Any:
        # Only scikit-learn calls this, so importing its tag classes here is free.
        from sklearn.utils import ClassifierTags, Tags, TargetTags

        return Tags(estimator_type="classifier", target_tags=TargetTags(required=True), transformer_tags=None,
                    regressor_tags=None, classifier_tags=ClassifierTags(multi_class=True))  # K > 2: each class against the rest

    def score(self, X: Any, y: Any, sample_weight: Any = None) -> float:
        """The mean accuracy of ``predict(X)`` against y (weighted by ``sample_weight`` if given)."""
        right = np.asarray(self.predict(X) == np.asarray(y).reshape(-1), dtype=np.float64)  # type: ignore[attr-defined]
        return float(np.average(right, weights=None if sample_weight is None else np.asarray(sample_weight)))


def check_fitted(est: Any) -> None:
    """A NotFittedError (one sentence) when ``est`` has not been fitted."""
    if not hasattr(est, "runs_"):
        raise not_fitted_error_class()(f"This {type(est).__name__} is not fitted yet; call fit(X, y) first.")
