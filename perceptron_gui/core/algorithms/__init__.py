"""The perceptron variants behind a name → class registry."""
from __future__ import annotations

from ._kernels import kernels_loaded, warm_up
from .averaged import AveragedPerceptron
from .base import ParamSpec, Perceptron, augment, predict_scores
from .kernel import KernelPerceptron
from .lifted import LiftedPerceptron
from .margin import MarginPerceptron
from .offset import OffsetPerceptron
from .params import START_W
from .passive_aggressive import PassiveAggressive
from .pocket import PocketPerceptron
from .standard import StandardPerceptron
from .voted import VotedPerceptron, voted_scores

REGISTRY: dict[str, type[Perceptron]] = {
    cls.name: cls
    for cls in (StandardPerceptron, OffsetPerceptron, PocketPerceptron, VotedPerceptron,
                AveragedPerceptron, LiftedPerceptron, MarginPerceptron, PassiveAggressive, KernelPerceptron)
}


def make_algorithm(name: str, **params: object) -> Perceptron:
    """Build the registered algorithm ``name`` with ``params`` (unknown ones are an error)."""
    from ..dataset import DatasetError

    try:
        cls = REGISTRY[name]
    except KeyError:
        raise DatasetError(f"There is no algorithm '{name}'; choose one of {', '.join(REGISTRY)}.") from None
    known = {p.name for p in cls.param_specs()}
    unknown = sorted(set(params) - known)
    if unknown:
        raise DatasetError(f"The {name} perceptron has no parameter {', '.join(unknown)}; it takes {', '.join(sorted(known))}.")
    # The start w₀, b₀ is set on the built object, not passed to the constructor: one path for
    # every variant, whatever parameters its own __init__ lists.
    start = {k: params.pop(k) for k in ("start_w", "start_b") if k in params}
    algo = cls(**params)  # type: ignore[arg-type]
    if "start_w" in start:
        algo.start_w = START_W.coerce(start["start_w"])
    if "start_b" in start:
        algo.start_b = start["start_b"]  # type: ignore[assignment]
    return algo


__all__ = ["REGISTRY", "make_algorithm", "Perceptron", "ParamSpec", "augment", "predict_scores",
           "voted_scores", "StandardPerceptron", "OffsetPerceptron", "PocketPerceptron",
           "VotedPerceptron", "AveragedPerceptron", "LiftedPerceptron", "MarginPerceptron",
           "PassiveAggressive", "KernelPerceptron", "kernels_loaded", "warm_up"]
