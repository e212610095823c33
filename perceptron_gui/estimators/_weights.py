"""``sample_weight`` and ``class_weight``, checked and combined as scikit-learn's SGD does.

A point's weight multiplies its update: w += (y·s)·x with s = class weight × sample weight, the
class weight of a two-class problem being that of classes_[1] for the +1 side and of classes_[0]
for the −1 side, and of a class against the rest (K > 2) that class's weight for +1 and 1 for the
rest, as ``sklearn.linear_model.Perceptron`` weighs them. So the standard and offset perceptrons
with weights are bit-equal to ``Perceptron(tol=None, shuffle=False, eta0=1)`` fitted with the
same ``sample_weight`` and ``class_weight``.
"""
from __future__ import annotations

import numbers
from typing import Any

import numpy as np

__all__ = ["check_sample_weight", "class_weights", "problem_weights"]


def check_sample_weight(name: str, sample_weight: Any, n: int) -> np.ndarray | None:
    """The weights as a float64 (n,) array (a number: the same weight for every row), or None.
    Refused with scikit-learn's words: not 1-D, a wrong length, NaN or infinity, a negative
    weight, all weights 0."""
    if sample_weight is None:
        return None
    if isinstance(sample_weight, numbers.Number) and not isinstance(sample_weight, bool):
        s = np.full(n, float(sample_weight))  # type: ignore[arg-type]
    else:
        try:
            s = np.asarray(sample_weight, dtype=np.float64)
        except (TypeError, ValueError) as err:
            raise ValueError(f"sample_weight must hold numbers only ({err}); give one weight per row of X.") from None
        if s.ndim != 1:
            raise ValueError(f"Sample weights must be 1D array or scalar, got {s.ndim}D array. Expected either a "
                             f"scalar value or a 1D array of length {n}.")
        if s.shape != (n,):
            raise ValueError(f"sample_weight.shape == {s.shape}, expected {(n,)}! Give one weight per row of X.")
    if np.isnan(s).any():
        raise ValueError("Input sample_weight contains NaN; give every row a weight of 0 or more.")
    if not np.isfinite(s).all():
        raise ValueError("Input sample_weight contains infinity; give every row a finite weight.")
    if (s < 0.0).any():
        raise ValueError(f"Negative values in data passed to `sample_weight` of {name}: a negative weight would "
                         "turn an update against the point's label; give weights of 0 or more.")
    if not (s != 0.0).any():
        raise ValueError("Sample weights must contain at least one non-zero number: with every weight 0 "
                         "nothing is learned.")
    return np.ascontiguousarray(s)


def class_weights(name: str, class_weight: Any, classes: np.ndarray, y: np.ndarray) -> np.ndarray | None:
    """One weight per class (scikit-learn's ``compute_class_weight``), or None for none.
    "balanced" is n_samples / (n_classes · count of the class); a dict maps labels to weights
    (a class it leaves out weighs 1); anything else is refused with a sentence."""
    if class_weight is None or (isinstance(class_weight, dict) and not class_weight):
        return None
    if isinstance(class_weight, str):
        if class_weight != "balanced":
            raise ValueError(f"class_weight of {name} must be 'balanced', a dict or None, not {class_weight!r}.")
        counts = np.array([np.count_nonzero(y == c) for c in classes], dtype=np.float64)
        return np.asarray(np.float64(y.shape[0]) / (classes.shape[0] * counts))
    if not isinstance(class_weight, dict):
        raise ValueError(f"class_weight of {name} must be 'balanced', a dict {{label: weight}} or None, "
                         f"not {type(class_weight).__name__}.")
    weights = np.ones(classes.shape[0])
    known = {_plain(c) for c in classes.tolist()}
    unknown = [k for k in class_weight if _plain(k) not in known]
    if unknown:
        raise ValueError(f"class_weight has labels {unknown!r} that are not classes of y "
                         f"({sorted(known, key=repr)!r}); give weights for y's labels only.")
    for i, c in enumerate(classes.tolist()):
        for key, value in class_weight.items():
            if _plain(key) == _plain(c):
                weights[i] = float(value)
    if not np.isfinite(weights).all() or (weights < 0.0).any():
        raise ValueError(f"class_weight of {name} must give finite weights of 0 or more, not {class_weight!r}.")
    return weights


def _plain(label: Any) -> Any:
    """A label as a plain Python value, so 1, 1.0 and np.int64(1) name the same class."""
    return label.item() if isinstance(label, np.generic) else label


def problem_weights(sw: np.ndarray | None, cw: np.ndarray | None, target: np.ndarray, k: int,
                    n_classes: int) -> np.ndarray | None:
    """The weight s_i of each row in problem k (target ±1): class weight × sample weight, the
    class weight as scikit-learn's SGD takes it (two classes: cw[1] for +1 and cw[0] for −1; a
    class against the rest: cw[k] for +1 and 1 for the rest). None when no weight was given."""
    if sw is None and cw is None:
        return None
    if cw is None:
        return sw
    pos, neg = (cw[1], cw[0]) if n_classes == 2 else (cw[k], 1.0)
    per_row = np.where(target > 0.0, pos, neg)
    return per_row if sw is None else per_row * sw
