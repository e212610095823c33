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

import inspect
import warnings
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from ..core.algorithms import REGISTRY, make_algorithm, predict_scores
from ..core.dataset import Dataset
from ..core.run import RunRecord, stop_sentence
from ..core.run_memory import dataset_bytes, fit_bytes, require_memory
from ._multiclass import MulticlassPerceptron
from ._protocol import EstimatorBase, check_fitted
from ._validation import class_targets, targets_for, validate_fit, validate_predict

__all__ = ["PerceptronEstimator", "MulticlassPerceptron", "Perceptron", "OffsetPerceptron", "PocketPerceptron", "VotedPerceptron",
           "AveragedPerceptron", "LiftedPerceptron", "MarginPerceptron", "PassiveAggressive", "KernelPerceptron",
           "Adaline", "Winnow", "WINNOW_CHECKS_NOT_PASSED", "ESTIMATORS", "final_scores", "class_targets",
           "validate_fit", "LinearOutput"]


def _default(value: Any) -> Any:
    # scikit-learn wants immutable defaults (clone compares them by identity): a list → a tuple.
    return tuple(value) if isinstance(value, list) else value


def _make_init(algorithm: str) -> Any:
    """An ``__init__`` that stores the algorithm's parameters, keyword-only, and nothing else;
    its signature (what ``get_params`` and ``help()`` read) lists them with their defaults."""
    specs = REGISTRY[algorithm].param_specs()
    params = [inspect.Parameter(s.name, inspect.Parameter.KEYWORD_ONLY, default=_default(s.default)) for s in specs]
    names = [p.name for p in params]

    def __init__(self: Any, **kwargs: Any) -> None:  # noqa: N807 - the method it becomes
        unknown = sorted(set(kwargs) - set(names))
        if unknown:
            raise TypeError(f"{type(self).__name__} has no parameter {', '.join(unknown)}; it takes {', '.join(names)}.")
        for p in params:
            setattr(self, p.name, kwargs.get(p.name, p.default))

    __init__.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD), *params])
    return __init__


def _params_doc(algorithm: str) -> str:
    lines = ["Parameters", "----------"]
    for s in REGISTRY[algorithm].param_specs():
        choices = f"{{{', '.join(repr(c) for c in s.choices)}}}" if s.choices else s.kind.__name__
        lines += [f"{s.name} : {choices}, default {_default(s.default)!r}", f"    {s.help}"]
    return "\n".join(lines)


_ATTRIBUTES_DOC = """
Attributes
----------
coef_ : ndarray of shape (1, n_features), or (K, n_features) for K > 2 classes
    The weights w of the predictor the algorithm outputs (the run's ``final_w``), one row per
    class against the rest when there are more than two.
intercept_ : ndarray of shape (1,) or (K,)
    Its bias b (0 without the offset).
classes_ : ndarray of shape (2,) or (K,)
    The labels, sorted; with two, classes_[0] is trained as −1 and classes_[1] as +1.
n_iter_ : int
    Epochs run (the most of any class's run).
t_ : int
    Updates (mistakes corrected) made, over every class's run.
runs_ : list of RunRecord
    The record of each run: one for two classes, one per class (against the rest) for more.
run_ : RunRecord
    Two classes: the full record of the run, as the window steps through it.
train_data_ : Dataset
    Two classes: the points fit trained on, labels mapped to ±1 (``perceptron_gui.show(est)``
    shows them). A pickle leaves them and the run's steps out unless ``est.pickle_run = True``
    was set after the fit (the vote's vectors and the kernel's points, which predict, stay in).
n_features_in_ : int
    Features seen by fit.
"""


@dataclass(frozen=True)
class LinearOutput:
    """What a pickled estimator keeps of a run whose output is one linear predictor (every
    learner but the vote and the kernel's dual form): its w and b, not its points or steps."""

    algorithm: str
    final_w: np.ndarray
    final_b: float


def _kept_when_pickled(rec: RunRecord | LinearOutput) -> RunRecord | LinearOutput:
    if isinstance(rec, LinearOutput):
        return rec
    learner = REGISTRY[rec.algorithm]
    if learner.votes or learner.dual:  # the vectors and their counts, or the points and their α, predict
        return rec
    return LinearOutput(rec.algorithm, np.array(rec.final_w, dtype=np.float64), float(rec.final_b))


def final_scores(rec: RunRecord | LinearOutput, X: np.ndarray) -> np.ndarray:
    """The algorithm's own output score for every row of X once the run is over: the vote
    (voted), the dual form's f(x) (kernel), else w·x + b of its final predictor. Asked of the
    algorithm's ``output_at``, so these are the scores the window shows at the last step."""
    if isinstance(rec, LinearOutput):
        return predict_scores(X, rec.final_w, rec.final_b)
    out = REGISTRY[rec.algorithm].output_at(rec, rec.num_steps - 1)
    if out is not None and out.vote is not None:
        return np.asarray(out.vote(X), dtype=np.float64)
    if out is not None and out.scores is not None:
        return np.asarray(out.scores(X), dtype=np.float64)
    return predict_scores(X, rec.final_w, rec.final_b)


class PerceptronEstimator(EstimatorBase):
    """The base of the estimators: each subclass trains one registered algorithm, named in its
    ``_algorithm``. It is public for ``isinstance`` checks; use a subclass (``Perceptron``,
    ``OffsetPerceptron``, …) to train."""

    _algorithm: ClassVar[str] = "standard"

    def __new__(cls, *args: Any, **kwargs: Any) -> PerceptronEstimator:
        if cls is PerceptronEstimator:
            names = ", ".join(c.__name__ for c in PerceptronEstimator.__subclasses__())
            raise TypeError(f"PerceptronEstimator is the base of the estimators; make one of them instead: {names}.")
        return super().__new__(cls)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.__init__ = _make_init(cls._algorithm)  # type: ignore[method-assign]
        algo = REGISTRY[cls._algorithm]
        if algo.state_is_weights:
            cls.partial_fit = cls._partial_fit  # type: ignore[attr-defined]
        note = f"\n\n{cls.__doc__.strip()}" if cls.__doc__ else ""
        cls.__doc__ = f"{algo.heading()}. {algo.description}{note}\n\n{_params_doc(cls._algorithm)}\n{_ATTRIBUTES_DOC}"

    def fit(self, X: Any, y: Any) -> PerceptronEstimator:
        """Train on X (n_samples, n_features) and y (two labels, or K > 2: each class against the
        rest, as scikit-learn's linear classifiers do); returns self."""
        Xv, yv = validate_fit(self, X, y)
        classes, targets = class_targets(yv)
        params = self._params()
        n, d = Xv.shape
        # Before the data set is made (a copy and a name per feature): the fit checks its own part.
        require_memory(dataset_bytes(n, d) + fit_bytes(n, d + 1), f"Training on {n:,} points of {d:,} features",
                       "use fewer points or features, or close other programs")
        data = Dataset.from_arrays(Xv, targets[0])
        runs = []
        for k, target in enumerate(targets):  # one problem for two labels; K for K classes
            part = data if k == 0 else data.with_labels(target)
            rec = make_algorithm(self._algorithm, **params).fit(part)
            cut_short = stop_sentence(rec)
            if cut_short is not None:  # a memory or vote cap ended training early: say so, as the CLI does
                warnings.warn(cut_short, RuntimeWarning, stacklevel=2)
            runs.append(rec)
        self._take_runs(classes, runs, data, d)
        return self

    def _partial_fit(self, X: Any, y: Any, classes: Any = None) -> PerceptronEstimator:
        """One epoch over X, y from the weights the estimator has (at the first call, from where
        ``fit`` starts), as scikit-learn's ``partial_fit``: ``classes`` (every label the stream will bring) is needed
        at the first call. Only learners whose state is w and b alone have it (``partial_fit``):
        a pocket, a vote, an average, the lifted slack or the kernel's α would be lost between
        calls, and scikit-learn asks ``hasattr(est, "partial_fit")`` to know."""
        name = type(self).__name__
        first = not hasattr(self, "runs_")
        if not first:
            validate_predict(self, X)  # the features of the first call, as scikit-learn says it
        Xv, yv = validate_fit(self, X, y)
        if first and classes is None:
            raise ValueError(f"classes must be passed on the first call to partial_fit: every label {name} "
                             "will see, e.g. classes=np.unique(y_all).")
        known = np.unique(np.asarray(classes)) if classes is not None else self.classes_
        if not first and (known.shape != self.classes_.shape or not np.array_equal(known, self.classes_)):
            raise ValueError(f"classes={known.tolist()!r} is not the {self.classes_.tolist()!r} of the first call; "
                             "pass the same classes, or call fit to start again.")
        if known.shape[0] < 2:
            raise ValueError(f"classes has {known.shape[0]} label; a perceptron needs two, one for each side.")
        unknown = np.setdiff1d(np.unique(yv), known)
        if unknown.size:
            raise ValueError(f"y has labels {unknown.tolist()!r} that are not in classes {known.tolist()!r}; "
                             "pass every label in classes at the first call.")
        targets = targets_for(yv, known)
        d = Xv.shape[1]
        params = self._params()
        params["max_epochs"] = 1
        if not first:  # from the weights so far; the first call starts where fit would
            params["init"] = "custom"
        data = Dataset.from_arrays(Xv, targets[0])
        runs = []
        for k, target in enumerate(targets):
            if not first:
                params["start_w"] = self.coef_[k].tolist()
                if "start_b" in params:  # a learner through the origin has no b to start from
                    params["start_b"] = float(self.intercept_[k])
            part = data if k == 0 else data.with_labels(target)
            runs.append(make_algorithm(self._algorithm, **params).fit(part))
        updates = 0 if first else int(self.t_)
        self._take_runs(known, runs, data, d)
        self.t_ += updates
        return self

    def _params(self) -> dict[str, Any]:
        """The algorithm's parameters as this estimator holds them."""
        return {name: getattr(self, name) for name in inspect.signature(type(self).__init__).parameters
                if name != "self"}

    def _take_runs(self, classes: np.ndarray, runs: list[RunRecord], data: Dataset, d: int) -> None:
        for stale in ("run_", "train_data_"):  # a multi-class fit after a two-class one
            self.__dict__.pop(stale, None)
        self.classes_ = classes
        self.coef_ = np.array([rec.final_w for rec in runs], dtype=np.float64).reshape(len(runs), d)
        self.intercept_ = np.array([rec.final_b for rec in runs], dtype=np.float64)
        self.n_iter_ = max(rec.epochs_run for rec in runs)
        self.t_ = sum(rec.num_updates for rec in runs)
        self.runs_ = runs
        if len(runs) == 1:
            self.run_ = runs[0]
            self.train_data_ = data  # the run's points: perceptron_gui.show(estimator) shows them

    def __getstate__(self) -> dict[str, Any]:
        """A pickle keeps the predictor, not the training: without ``pickle_run = True`` set on the
        fitted estimator, its points (``train_data_``) and the run's steps are left out, except
        where they are the predictor (the vote's vectors, the kernel's points and α). A fit on
        100,000 × 50 pickled 46 MB with them; ``show(estimator)`` needs them."""
        state = dict(self.__dict__)
        if state.get("pickle_run") or "runs_" not in state:
            return state
        state.pop("train_data_", None)
        state.pop("run_", None)
        state["runs_"] = [_kept_when_pickled(rec) for rec in state["runs_"]]
        return state

    def decision_function(self, X: Any) -> np.ndarray:
        """The algorithm's output score of each row: (n_samples,) for two classes (> 0 or = 0 means
        classes_[1]), (n_samples, K) for K classes (each class's score against the rest)."""
        check_fitted(self)
        Xv = validate_predict(self, X)
        if len(self.runs_) == 1:
            return final_scores(self.runs_[0], Xv)
        return np.column_stack([final_scores(rec, Xv) for rec in self.runs_])

    def predict(self, X: Any) -> np.ndarray:
        """Two classes: classes_[1] where the score is ≥ 0 (sign(0) = +1, as in the notes), else
        classes_[0]. K classes: the class with the largest score (the first of equal ones)."""
        scores = self.decision_function(X)
        if scores.ndim == 1:
            return np.asarray(self.classes_[np.where(scores >= 0.0, 1, 0)])
        return np.asarray(self.classes_[np.argmax(scores, axis=1)])


class Perceptron(PerceptronEstimator):
    _algorithm = "standard"


class OffsetPerceptron(PerceptronEstimator):
    _algorithm = "offset"


class PocketPerceptron(PerceptronEstimator):
    _algorithm = "pocket"


class VotedPerceptron(PerceptronEstimator):
    """coef_ holds the last vector w_K; predict and decision_function use the vote."""

    _algorithm = "voted"


class AveragedPerceptron(PerceptronEstimator):
    _algorithm = "averaged"


class LiftedPerceptron(PerceptronEstimator):
    _algorithm = "lifted"


class MarginPerceptron(PerceptronEstimator):
    _algorithm = "margin"


class PassiveAggressive(PerceptronEstimator):
    _algorithm = "pa"


class Adaline(PerceptronEstimator):
    """The least-mean-squares rule: it runs exactly ``max_epochs`` epochs (every visit updates);
    ``run_.extras["mse"]`` holds the mean squared error after each."""

    _algorithm = "adaline"


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

    def fit(self, X: Any, y: Any) -> PerceptronEstimator:
        _refuse_negative(self, X)
        return super().fit(X, y)

    def _partial_fit(self, X: Any, y: Any, classes: Any = None) -> PerceptronEstimator:
        _refuse_negative(self, X)
        return super()._partial_fit(X, y, classes)

    def __sklearn_tags__(self) -> Any:
        tags = super().__sklearn_tags__()
        tags.input_tags.positive_only = True
        return tags


def _refuse_negative(est: PerceptronEstimator, X: Any) -> None:
    """scikit-learn's sentence for a negative value given to an estimator that takes none."""
    try:
        negative = bool(np.any(np.asarray(X, dtype=np.float64) < 0.0))
    except (TypeError, ValueError):  # not numbers: fit's own checks say what is wrong
        return
    if negative:
        raise ValueError(f"Negative values in data passed to {type(est).__name__}: it learns from Boolean "
                         "features, every value 0 or 1.")


class KernelPerceptron(PerceptronEstimator):
    """coef_ is Σ α_j·y_j·x_j for the linear kernel and zeros for the others (no w exists for a
    curved boundary); predict and decision_function use the dual form f."""

    _algorithm = "kernel"


ESTIMATORS: dict[str, type[PerceptronEstimator]] = {
    cls._algorithm: cls for cls in (Perceptron, OffsetPerceptron, PocketPerceptron, VotedPerceptron, AveragedPerceptron,
                                    LiftedPerceptron, MarginPerceptron, PassiveAggressive, KernelPerceptron, Adaline, Winnow)
}
