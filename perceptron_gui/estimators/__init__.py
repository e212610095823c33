"""scikit-learn estimators for every perceptron of the registry.

    >>> from perceptron_gui.estimators import VotedPerceptron
    >>> clf = VotedPerceptron(max_epochs=10).fit(X, y)      # any two labels
    >>> clf.predict(X), clf.coef_, clf.run_.num_updates      # run_: the full RunRecord

Each class trains its registered algorithm (``core.algorithms.REGISTRY``) exactly as the window
and ``perceptron-gui run`` do; its keyword-only parameters, their defaults and their docs are
read from that algorithm's ``ParamSpec`` list (one place says what a parameter is), so a new
parameter of an algorithm is a new parameter of its estimator without an edit here.

Predictions are the algorithm's own output: voted's vote, averaged's and pocket's weights,
the kernel perceptron's dual form; a score of exactly 0 is the positive label, as sign(0) = +1
in the notes. Imports no Qt, no scikit-learn and no numba (numba loads at the first fit; the
scikit-learn protocol is written by hand in ``estimators._protocol``).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ._base import PerceptronEstimator
from ._multiclass import MulticlassPerceptron
from ._output import LinearOutput, final_scores
from ._validation import class_targets, is_sparse, validate_fit

__all__ = ["PerceptronEstimator", "MulticlassPerceptron", "Perceptron", "OffsetPerceptron", "PocketPerceptron", "VotedPerceptron",
           "AveragedPerceptron", "LiftedPerceptron", "MarginPerceptron", "PassiveAggressive", "KernelPerceptron",
           "Adaline", "Winnow", "WINNOW_CHECKS_NOT_PASSED", "ESTIMATORS", "final_scores", "class_targets",
           "validate_fit", "LinearOutput"]


class Perceptron(PerceptronEstimator):
    _algorithm = "standard"


class OffsetPerceptron(PerceptronEstimator):
    _algorithm = "offset"


class PocketPerceptron(PerceptronEstimator):
    _algorithm = "pocket"
    _weights_refused = ("the pocket keeps the weights that get the most points right, and a weight per point "
                        "could scale the updates, the count, or both: no one rule is the pocket's")


class VotedPerceptron(PerceptronEstimator):
    """coef_ holds the last vector w_K; predict and decision_function use the vote."""

    _algorithm = "voted"
    _weights_refused = ("each vector votes with the visits it survived, and whether a weighted point's visit "
                        "should count by its weight is no rule of Freund and Schapire's")


class AveragedPerceptron(PerceptronEstimator):
    _algorithm = "averaged"


class LiftedPerceptron(PerceptronEstimator):
    _algorithm = "lifted"
    _weights_refused = ("every point has a dimension of its own, and a weight would change the lifted point's "
                        "length (its share a and its slack) in a way the lifting lemma does not cover")


class MarginPerceptron(PerceptronEstimator):
    _algorithm = "margin"


class PassiveAggressive(PerceptronEstimator):
    _algorithm = "pa"
    _weights_refused = ("its step τ is the least move that brings the point to y·(w·x + b) = 1, and a weight "
                        "could multiply τ (scikit-learn's PassiveAggressiveClassifier) or C (a cost per point): "
                        "the two disagree, and neither keeps the step's meaning")


class Adaline(PerceptronEstimator):
    """The least-mean-squares rule: it runs exactly ``max_epochs`` epochs (every visit updates);
    ``run_.extras["mse"]`` holds the mean squared error after each."""

    _algorithm = "adaline"
    _weights_refused = ("ADALINE's weighted squared error (w ← w + η·s·(y − w·x − b)·x) is not implemented: "
                        "its kernel takes no weight per point")


# scikit-learn's checks Winnow cannot pass, and why: each trains on real numbers, and Winnow learns
# from Boolean features only (every value 0 or 1), so each fit is refused with a ValueError sentence.
NOT_BOOLEAN = "the check trains on real numbers, not Boolean features (every value 0 or 1)"
WINNOW_CHECKS_NOT_PASSED: dict[str, str] = {name: NOT_BOOLEAN for name in (
    "check_fit_score_takes_y", "check_estimators_overwrite_params", "check_dont_overwrite_parameters",
    "check_estimators_fit_returns_self", "check_readonly_memmap_input", "check_n_features_in_after_fitting",
    "check_estimators_dtypes", "check_dtype_object", "check_pipeline_consistency", "check_estimators_nan_inf",
    "check_estimators_pickle", "check_f_contiguous_array_estimator", "check_classifier_data_not_an_array",
    "check_classifiers_classes", "check_estimators_partial_fit_n_features", "check_classifiers_train",
    "check_supervised_y_2d", "check_methods_sample_order_invariance", "check_methods_subset_invariance",
    "check_fit2d_1feature", "check_dict_unchanged", "check_fit_idempotent", "check_fit_check_is_fitted",
    "check_n_features_in", "check_fit2d_predict1d", "check_classifiers_partial_fit_n_features")}


class Winnow(PerceptronEstimator):
    """Winnow learns from Boolean features only: every value 0 or 1. A negative value is refused
    with scikit-learn's "Negative values in data" sentence (its tags say ``positive_only``), any
    other value but 0 and 1 with a sentence naming the row and feature.

    scikit-learn's ``check_estimator`` trains on real numbers, so the checks that fit cannot pass
    here: those of ``WINNOW_CHECKS_NOT_PASSED`` (in this module), for that one reason. The
    others pass, and the project's own tests check fit, predict, partial_fit and pickling on
    Boolean data."""

    _algorithm = "winnow"
    _weights_refused = ("its updates multiply the weights by α, and a weight per point has no one meaning "
                        "there (α to the power s, or s·α)")

    def fit(self, X: Any, y: Any, **fit_params: Any) -> PerceptronEstimator:  # type: ignore[override]
        """Train on Boolean X (every value 0 or 1) and y; returns self. Takes no ``sample_weight``."""
        _refuse_negative(self, X)
        return self._fit_refusing_weights(X, y, **fit_params)

    def _partial_fit(self, X: Any, y: Any, classes: Any = None, sample_weight: Any = None) -> PerceptronEstimator:
        _refuse_negative(self, X)
        return super()._partial_fit(X, y, classes, sample_weight)

    def __sklearn_tags__(self) -> Any:
        tags = super().__sklearn_tags__()
        tags.input_tags.positive_only = True
        return tags


def _refuse_negative(est: PerceptronEstimator, X: Any) -> None:
    """scikit-learn's sentence for a negative value given to an estimator that takes none."""
    if is_sparse(X):
        return  # refused by fit's own check: Winnow trains on dense points
    try:
        values = np.asarray(X)
        if np.iscomplexobj(values):
            return  # fit's own check refuses complex data in scikit-learn's words
        negative = bool(np.any(np.asarray(values, dtype=np.float64) < 0.0))
    except (TypeError, ValueError):  # not numbers: fit's own checks say what is wrong
        return
    if negative:
        raise ValueError(f"Negative values in data passed to {type(est).__name__}: it learns from Boolean "
                         "features, every value 0 or 1.")


class KernelPerceptron(PerceptronEstimator):
    """coef_ is Σ α_j·y_j·x_j for the linear kernel and zeros for the others (no w exists for a
    curved boundary); predict and decision_function use the dual form f."""

    _algorithm = "kernel"
    _weights_refused = ("α_i counts the mistakes made on point i, and the dual form's pictures and bounds read "
                        "those whole counts")


ESTIMATORS: dict[str, type[PerceptronEstimator]] = {
    cls._algorithm: cls for cls in (Perceptron, OffsetPerceptron, PocketPerceptron, VotedPerceptron, AveragedPerceptron,
                                    LiftedPerceptron, MarginPerceptron, PassiveAggressive, KernelPerceptron, Adaline, Winnow)
}
