"""The multiclass perceptron as a scikit-learn classifier: native K classes (one weight vector
per class), not one class against the rest. Its results are the window's and the command line's
(the same core run), bit for bit."""
from __future__ import annotations

from typing import Any

import numpy as np

from ..core.algorithms.multiclass import MulticlassPerceptron as _Learner
from ..core.algorithms.multiclass import MulticlassRun, class_scores
from ..core.class_data import ClassData
from ._protocol import EstimatorBase, check_fitted
from ._validation import validate_fit, validate_predict

__all__ = ["MulticlassPerceptron"]


class MulticlassPerceptron(EstimatorBase):
    """Multiclass perceptron. W holds one weight vector per class, all zero at the start; at a
    visited (x, y), ŷ is the class with the largest W_c·x among c ≠ y (the lowest index on ties),
    and a mistake (W_y·x ≤ W_ŷ·x) adds x to W_y and subtracts it from W_ŷ. Training stops after an
    epoch without a mistake or ``max_epochs``.

    Parameters
    ----------
    max_epochs : int, default 100
        Passes over the training data at most.
    shuffle : bool, default False
        Visit the examples in a fresh seeded random order every epoch.
    seed : int, default 0
        Seed of the random orders.
    offset : bool, default True
        One offset per class, as the weight of a constant input 1.

    Attributes
    ----------
    classes_ : ndarray of shape (K,)
        The sorted labels.
    W_ : ndarray of shape (K, n_features), and ``b_`` of shape (K,)
        One weight vector and offset per class (zeros when ``offset`` is off).
    coef_ : ndarray of shape (K, n_features), or (1, n_features) for two classes
        ``W_``; with two classes W₁ − W₀, as scikit-learn's binary classifiers keep one row.
    intercept_ : ndarray of shape (K,) or (1,)
        ``b_`` likewise.
    run_ : the core run (every W_k, the rivals ŷ, the Kesler vectors); ``train_data_`` its
        points. Left out of a pickle unless ``pickle_run = True`` is set on the fitted estimator.
    n_iter_, t_ : epochs run and updates made.
    """

    def __init__(self, *, max_epochs: int = 100, shuffle: bool = False, seed: int = 0, offset: bool = True) -> None:
        self.max_epochs = max_epochs
        self.shuffle = shuffle
        self.seed = seed
        self.offset = offset

    def fit(self, X: Any, y: Any) -> MulticlassPerceptron:
        """Train on X (n_samples, n_features) and y (K ≥ 2 labels); returns self."""
        Xv, yv = validate_fit(self, X, y)
        classes, codes = np.unique(yv, return_inverse=True)
        if classes.shape[0] < 2:
            raise ValueError(f"y has 1 class ({classes[0]!r}); the multiclass perceptron needs at least two.")
        data = ClassData(Xv, codes.astype(np.int64).reshape(-1), tuple(str(c) for c in classes.tolist()),
                         tuple(f"x{j + 1}" for j in range(Xv.shape[1])))
        learner = _Learner(max_epochs=self.max_epochs, shuffle=self.shuffle, seed=self.seed, offset=self.offset)
        try:
            learner.validate()
        except Exception as exc:  # a DatasetError's sentence, as scikit-learn raises: ValueError
            raise ValueError(str(exc)) from None
        run = learner.fit(data)
        self._take_run(classes, run, data)
        return self

    def _take_run(self, classes: np.ndarray, run: MulticlassRun, data: ClassData) -> None:
        W, b = run.split(run.W)
        self.classes_ = classes
        self.W_ = np.array(W, dtype=np.float64)
        self.b_ = np.array(b, dtype=np.float64) if b is not None else np.zeros(len(classes))
        two = len(classes) == 2
        self.coef_ = (self.W_[1] - self.W_[0]).reshape(1, -1) if two else self.W_.copy()
        self.intercept_ = np.array([self.b_[1] - self.b_[0]]) if two else self.b_.copy()
        self.n_iter_ = len(run.epoch_updates)
        self.t_ = run.n_updates
        self.runs_ = [run]
        self.run_ = run
        self.train_data_ = data

    def _scores(self, X: Any) -> np.ndarray:
        check_fitted(self)
        Xv = validate_predict(self, X)
        W = np.column_stack([self.W_, self.b_]) if self.offset else self.W_
        return class_scores(W, Xv, self.offset)

    def decision_function(self, X: Any) -> np.ndarray:
        """W_c·x + b_c for every row and class, (n_samples, K); with two classes the difference
        of the two, (n_samples,), > 0 meaning classes_[1]."""
        s = self._scores(X)
        return s[:, 1] - s[:, 0] if s.shape[1] == 2 else s

    def predict(self, X: Any) -> np.ndarray:
        """The class with the largest W_c·x + b_c (the first of equal ones), as in training."""
        best = np.argmax(self._scores(X), axis=1)
        return np.asarray(self.classes_[best])

    def __getstate__(self) -> dict[str, Any]:
        """The predictor (W_, b_) without the points and the steps, unless ``pickle_run`` is set."""
        state = dict(self.__dict__)
        if not state.get("pickle_run"):
            state.pop("run_", None)
            state.pop("train_data_", None)
            state["runs_"] = []
        return state
