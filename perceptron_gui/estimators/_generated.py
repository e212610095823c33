"""What each estimator class is generated from its learner's ``ParamSpec`` list: its
``__init__`` (keyword-only, the learner's parameters and, where weights mean something,
``class_weight``) and its numpydoc."""
from __future__ import annotations

import inspect
import textwrap
from typing import Any

from ..core.algorithms import REGISTRY

__all__ = ["make_init", "params_doc", "weights_doc", "algorithm_params", "ATTRIBUTES_DOC"]

CLASS_WEIGHT_DOC = """class_weight : dict, "balanced" or None, default None
    A weight per class, multiplying the update on each of its points with ``fit``'s
    ``sample_weight`` (w += class weight × sample weight × y·x), as scikit-learn's Perceptron
    weighs them: "balanced" is n_samples / (n_classes · the class's count in y); a dict
    {label: weight} leaves a class it does not name at 1. With K > 2 classes each class against
    the rest weighs its own points and the rest 1, as scikit-learn does. ``partial_fit`` takes a
    dict only (the counts of one batch are not the classes' frequencies)."""


def _default(value: Any) -> Any:
    # scikit-learn wants immutable defaults (clone compares them by identity): a list → a tuple.
    return tuple(value) if isinstance(value, list) else value


def algorithm_params(algorithm: str) -> list[str]:
    """The names of the learner's own parameters (what ``make_algorithm`` takes)."""
    return [s.name for s in REGISTRY[algorithm].param_specs()]


def make_init(algorithm: str, weights_refused: str | None) -> Any:
    """An ``__init__`` that stores the algorithm's parameters (and ``class_weight`` unless the
    learner refuses weights: ``weights_refused`` says why), keyword-only, and nothing else; its
    signature (what ``get_params`` and ``help()`` read) lists them with their defaults."""
    specs = REGISTRY[algorithm].param_specs()
    params = [inspect.Parameter(s.name, inspect.Parameter.KEYWORD_ONLY, default=_default(s.default)) for s in specs]
    if weights_refused is None:
        params.append(inspect.Parameter("class_weight", inspect.Parameter.KEYWORD_ONLY, default=None))
    names = [p.name for p in params]

    def __init__(self: Any, **kwargs: Any) -> None:  # noqa: N807 - the method it becomes
        if weights_refused is not None and "class_weight" in kwargs:
            raise ValueError(f"{type(self).__name__} does not take class_weight: {weights_refused}.")
        unknown = sorted(set(kwargs) - set(names))
        if unknown:
            raise TypeError(f"{type(self).__name__} has no parameter {', '.join(unknown)}; it takes {', '.join(names)}.")
        for p in params:
            setattr(self, p.name, kwargs.get(p.name, p.default))

    __init__.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD), *params])
    return __init__


def params_doc(algorithm: str, weights_refused: str | None) -> str:
    lines = ["Parameters", "----------"]
    for s in REGISTRY[algorithm].param_specs():
        choices = f"{{{', '.join(repr(c) for c in s.choices)}}}" if s.choices else s.kind.__name__
        lines += [f"{s.name} : {choices}, default {_default(s.default)!r}", f"    {s.help}"]
    if weights_refused is None:
        lines.append(CLASS_WEIGHT_DOC)
    return "\n".join(lines)


def weights_doc(weights_refused: str | None, sparse_refused: str | None) -> str:
    """The Notes section: what ``sample_weight``/``class_weight`` and sparse X do here."""
    if weights_refused is None:
        weights = ("``fit(X, y, sample_weight=None)`` and ``partial_fit`` take a weight per row (0 or more, not all 0): "
                   "it multiplies the row's update, w += s·y·x, and a row of weight 0 is never updated on. The run "
                   "records each update's s as its step size τ (``run_.extras['tau']``), so ``run_.weights_at(t)`` "
                   "replays every w_k exactly.")
    else:
        weights = (f"No ``sample_weight`` or ``class_weight``: {weights_refused}; ``fit`` refuses them with a "
                   "ValueError (its signature has no ``sample_weight``, so scikit-learn's meta-estimators do not "
                   "pass one).")
    if sparse_refused is None:
        sparse = ("A scipy sparse X (CSR; CSC, COO and the others are converted to CSR) trains over its nonzeros, "
                  "never made dense, with the same updates and weights as the dense X, to the bit; ``run_`` "
                  "replays from the sparse rows and ``train_data_`` is not kept.")
    else:
        sparse = (f"A scipy sparse X is refused by ``fit`` ({sparse_refused}); ``predict`` and "
                  "``decision_function`` take one, scored in dense blocks of rows.")
    return f"Notes\n-----\n{textwrap.fill(weights, 96)}\n\n{textwrap.fill(sparse, 96)}"


ATTRIBUTES_DOC = """
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
    shows them); not kept after a fit on sparse X. A pickle leaves them and the run's steps out
    unless ``est.pickle_run = True`` was set after the fit (the vote's vectors and the kernel's
    points, which predict, stay in).
n_features_in_ : int
    Features seen by fit.
"""
