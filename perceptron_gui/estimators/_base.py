"""The base of the estimators: fit, partial_fit, decision_function and predict over one
registered learner (see the package's docstring)."""
from __future__ import annotations

import warnings
from typing import Any, ClassVar

import numpy as np

from ..core.algorithms import REGISTRY, make_algorithm
from ..core.algorithms.sparse_fit import CsrRows, fit_sparse, takes_sparse
from ..core.dataset import Dataset, RowError
from ..core.run import RunRecord, stop_sentence
from ..core.run_memory import dataset_bytes, fit_bytes, require_memory
from ._generated import ATTRIBUTES_DOC, algorithm_params, make_init, params_doc, weights_doc
from ._output import kept_when_pickled, scores_of
from ._protocol import EstimatorBase, check_fitted
from ._validation import check_finite, class_targets, fit_input, targets_for, validate_predict
from ._weights import check_sample_weight, class_weights, problem_weights

__all__ = ["PerceptronEstimator"]

SPARSE_REFUSED = "its learner trains on dense points only"


class PerceptronEstimator(EstimatorBase):
    """The base of the estimators: each subclass trains one registered algorithm, named in its
    ``_algorithm``. It is public for ``isinstance`` checks; use a subclass (``Perceptron``,
    ``OffsetPerceptron``, …) to train."""

    _algorithm: ClassVar[str] = "standard"
    #: Why the learner takes no ``sample_weight``/``class_weight`` (a clause), or None: it does.
    _weights_refused: ClassVar[str | None] = None
    #: Whether fit trains on a sparse X (``core.algorithms.sparse_fit``); set per class.
    _fits_sparse: ClassVar[bool] = False
    n_features_in_: int  # set by fit (validate_fit)

    def __new__(cls, *args: Any, **kwargs: Any) -> PerceptronEstimator:
        if cls is PerceptronEstimator:
            names = ", ".join(c.__name__ for c in PerceptronEstimator.__subclasses__())
            raise TypeError(f"PerceptronEstimator is the base of the estimators; make one of them instead: {names}.")
        return super().__new__(cls)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        refused = cls._weights_refused
        cls.__init__ = make_init(cls._algorithm, refused)  # type: ignore[method-assign]
        algo = REGISTRY[cls._algorithm]
        cls._fits_sparse = takes_sparse(algo)
        if algo.state_is_weights:
            cls.partial_fit = cls._partial_fit  # type: ignore[attr-defined]
        if refused is not None and "fit" not in cls.__dict__:
            cls.fit = cls._fit_refusing_weights  # type: ignore[method-assign, assignment]
        note = f"\n\n{cls.__doc__.strip()}" if cls.__doc__ else ""
        notes = weights_doc(refused, None if cls._fits_sparse else SPARSE_REFUSED)
        cls.__doc__ = (f"{algo.heading()}. {algo.description}{note}\n\n{params_doc(cls._algorithm, refused)}\n"
                       f"{ATTRIBUTES_DOC}\n{notes}\n")

    def fit(self, X: Any, y: Any, sample_weight: Any = None) -> PerceptronEstimator:
        """Train on X (n_samples, n_features), dense or scipy sparse, and y (two labels, or K > 2:
        each class against the rest, as scikit-learn's linear classifiers do); returns self.

        ``sample_weight`` (n_samples,) or a number: each row's weight, 0 or more, multiplying its
        update with the class's ``class_weight`` (w += s·y·x); None weighs every row 1."""
        return self._fit(X, y, sample_weight)

    def _fit_refusing_weights(self, X: Any, y: Any, **fit_params: Any) -> PerceptronEstimator:
        """Train on X (n_samples, n_features) and y (two labels, or K > 2: each class against the
        rest); returns self. This learner takes no ``sample_weight`` (see the class's Notes)."""
        self._refuse_weights(fit_params)
        return self._fit(X, y, None)

    def _refuse_weights(self, fit_params: dict[str, Any]) -> None:
        name = type(self).__name__
        if fit_params.get("sample_weight") is not None:
            raise ValueError(f"{name} does not take sample_weight: {self._weights_refused}.")
        unknown = sorted(set(fit_params) - {"sample_weight"})
        if unknown:
            raise TypeError(f"{name}.fit has no parameter {', '.join(unknown)}; it takes X and y.")

    def _fit(self, X: Any, y: Any, sample_weight: Any) -> PerceptronEstimator:
        self._check_sparse(X)
        Xv, yv, fresh = fit_input(self, X, y, accept_sparse=True, values=False)  # the data set checks X's values
        classes, targets = class_targets(yv)
        sw = check_sample_weight(type(self).__name__, sample_weight, yv.shape[0])
        cw = class_weights(type(self).__name__, getattr(self, "class_weight", None), classes, yv)
        data = self._data(Xv, targets[0], fresh)
        runs = self._train(data, targets, self._params(), sw, cw, classes.shape[0], warn=True)
        self._take_runs(classes, runs, data, int(self.n_features_in_))
        return self

    def _check_sparse(self, X: Any) -> None:
        from ._validation import is_sparse

        if is_sparse(X) and not self._fits_sparse:
            raise TypeError(f"{type(self).__name__} does not train on sparse input ({SPARSE_REFUSED}); convert X "
                            "to a dense array with X.toarray() if it fits in memory (8 bytes a number).")

    @staticmethod
    def _data(Xv: Any, target: np.ndarray, fresh: bool) -> Dataset | tuple[CsrRows, np.ndarray]:
        """The fit's points: a sparse X's rows, or a data set of a dense X (``fresh``: an array
        the input checks made, which it keeps instead of a copy; the caller's own is copied)."""
        if not isinstance(Xv, np.ndarray):
            return Xv[1], target
        n, d = Xv.shape
        # Before the data set is made (a copy and a name per feature): the fit checks its own part.
        require_memory(dataset_bytes(n, d) + fit_bytes(n, d + 1), f"Training on {n:,} points of {d:,} features",
                       "use fewer points or features, or close other programs")
        try:  # the data set's rule checks the values (finite, at most ±1e150): the one pass a fit makes
            return Dataset.from_arrays(Xv, target, take=fresh)
        except RowError:  # a value the rule refuses, named by its row and column
            check_finite(Xv)  # a NaN or an infinity: scikit-learn's words, which its checks match
            raise  # a value too large to train on: the data set's sentence

    def _train(self, data: Dataset | tuple[CsrRows, np.ndarray], targets: list[np.ndarray], params: dict[str, Any],
               sw: np.ndarray | None, cw: np.ndarray | None, n_classes: int, warn: bool,
               starts: list[dict[str, Any]] | None = None) -> list[RunRecord]:
        """One run per two-class problem (the points shared), each with its rows' weights."""
        runs = []
        for k, target in enumerate(targets):  # one problem for two labels; K for K classes
            p = params if starts is None else {**params, **starts[k]}
            learner = make_algorithm(self._algorithm, **p)
            s = problem_weights(sw, cw, target, k, n_classes)
            if isinstance(data, Dataset):
                part = data if k == 0 else data.with_labels(target)
                rec = learner.fit(part, row_weight=s)
            else:
                rec = fit_sparse(learner, data[0], target, s)
            cut_short = stop_sentence(rec)
            if warn and cut_short is not None:  # a memory or vote cap ended training early: say so, as the CLI does
                warnings.warn(cut_short, RuntimeWarning, stacklevel=3)
            runs.append(rec)
        return runs

    def _partial_fit(self, X: Any, y: Any, classes: Any = None, sample_weight: Any = None) -> PerceptronEstimator:
        """One epoch over X, y from the weights the estimator has (at the first call, from where
        ``fit`` starts), as scikit-learn's ``partial_fit``: ``classes`` (every label the stream will bring) is needed
        at the first call. Only learners whose state is w and b alone have it (``partial_fit``):
        a pocket, a vote, an average, the lifted slack or the kernel's α would be lost between
        calls, and scikit-learn asks ``hasattr(est, "partial_fit")`` to know. ``sample_weight``
        as in ``fit``; ``class_weight`` must be a dict here."""
        name = type(self).__name__
        if self._weights_refused is not None:
            self._refuse_weights({"sample_weight": sample_weight})
        first = not hasattr(self, "runs_")
        self._check_sparse(X)
        if not first:
            validate_predict(self, X, accept_sparse=True)  # the features of the first call, as scikit-learn says it
        Xv, yv, fresh = fit_input(self, X, y, accept_sparse=True, values=False)  # the data set checks X's values
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
        class_weight = getattr(self, "class_weight", None)
        if isinstance(class_weight, str):
            raise ValueError(f"class_weight={class_weight!r} is not supported for partial_fit: one batch's counts are "
                             "not the classes' frequencies; pass compute_class_weight('balanced', classes=classes, "
                             "y=y_all) as a dict instead.")
        targets = targets_for(yv, known)
        sw = check_sample_weight(name, sample_weight, yv.shape[0])
        cw = class_weights(name, class_weight, known, yv)
        params = self._params()
        params["max_epochs"] = 1
        starts = None
        if not first:  # from the weights so far; the first call starts where fit would
            params["init"] = "custom"
            has_b = "start_b" in params  # a learner through the origin has no b to start from
            starts = [{"start_w": self.coef_[k].tolist(), **({"start_b": float(self.intercept_[k])} if has_b else {})}
                      for k in range(len(targets))]
        data = self._data(Xv, targets[0], fresh)
        runs = self._train(data, targets, params, sw, cw, known.shape[0], warn=False, starts=starts)
        updates = 0 if first else int(self.t_)
        self._take_runs(known, runs, data, int(self.n_features_in_))
        self.t_ += updates
        return self

    def _params(self) -> dict[str, Any]:
        """The algorithm's parameters as this estimator holds them."""
        return {name: getattr(self, name) for name in algorithm_params(self._algorithm)}

    def _take_runs(self, classes: np.ndarray, runs: list[RunRecord], data: Any, d: int) -> None:
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
            if isinstance(data, Dataset):
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
        state["runs_"] = [kept_when_pickled(rec) for rec in state["runs_"]]
        return state

    def decision_function(self, X: Any) -> np.ndarray:
        """The algorithm's output score of each row (X dense or scipy sparse): (n_samples,) for two
        classes (> 0 or = 0 means classes_[1]), (n_samples, K) for K classes (each class's score
        against the rest)."""
        check_fitted(self)
        Xv = validate_predict(self, X, accept_sparse=True)
        if len(self.runs_) == 1:
            return scores_of(self.runs_[0], Xv)
        return np.column_stack([scores_of(rec, Xv) for rec in self.runs_])

    def predict(self, X: Any) -> np.ndarray:
        """Two classes: classes_[1] where the score is ≥ 0 (sign(0) = +1, as in the notes), else
        classes_[0]. K classes: the class with the largest score (the first of equal ones)."""
        scores = self.decision_function(X)
        if scores.ndim == 1:
            return np.asarray(self.classes_[np.where(scores >= 0.0, 1, 0)])
        return np.asarray(self.classes_[np.argmax(scores, axis=1)])

    def __sklearn_tags__(self) -> Any:
        tags = super().__sklearn_tags__()
        tags.input_tags.sparse = self._fits_sparse
        return tags

