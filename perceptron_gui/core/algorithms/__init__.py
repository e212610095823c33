"""The perceptron variants behind a name → class registry.

Importing it loads no numba: the compiled kernels load at the first fit, or at :func:`warm_up`
(the window calls it on a worker at start, the CLI before it times a run); see ``_lazy``.
"""
from __future__ import annotations

import sys

from ._lazy import LazyModule
from .adaline import Adaline
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
from .winnow import Winnow

_KERNELS = LazyModule("._kernels", __name__)


def warm_up(names: tuple[str, ...] | None = None) -> None:
    """Import numba and compile (or load from its disk cache) the kernels ``names`` (default:
    all), so that the next fit starts at once; see ``_kernels.warm_up``."""
    _KERNELS.warm_up(names)


def kernels_loaded(names: tuple[str, ...]) -> bool:
    """True when every kernel in ``names`` is compiled or loaded in this process already. Never
    imports numba to answer: before the first fit or warm-up, nothing is loaded."""
    if not names:
        return True
    module = sys.modules.get(f"{__name__}._kernels")
    # ``kernels_loaded`` is the module's last definition: while a worker is still importing it
    # (numba takes 0.2 s), the name is missing and the answer is "not yet", without waiting.
    ask = getattr(module, "kernels_loaded", None)
    return bool(ask(names)) if ask is not None else False


REGISTRY: dict[str, type[Perceptron]] = {
    cls.name: cls
    for cls in (StandardPerceptron, OffsetPerceptron, PocketPerceptron, VotedPerceptron,
                AveragedPerceptron, LiftedPerceptron, MarginPerceptron, PassiveAggressive, KernelPerceptron, Adaline, Winnow)
}


def make_algorithm(name: str, **params: object) -> Perceptron:
    """Build the registered algorithm ``name`` with ``params`` (unknown ones are an error)."""
    from ...i18n import _
    from ..dataset import DatasetError

    try:
        cls = REGISTRY[name]
    except KeyError:
        raise DatasetError(_("There is no algorithm '{name}'; choose one of {names}.").format(
            name=name, names=", ".join(REGISTRY))) from None
    known = {p.name for p in cls.param_specs()}
    unknown = sorted(set(params) - known)
    if unknown:
        raise DatasetError(_("The {name} perceptron has no parameter {unknown}; it takes {known}.").format(
            name=name, unknown=", ".join(unknown), known=", ".join(sorted(known))))
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
           "PassiveAggressive", "KernelPerceptron", "Adaline", "Winnow", "kernels_loaded", "warm_up"]
