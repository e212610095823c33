"""The grammar of ``perceptron-gui study`` (the order study of notes 004).

Kept apart from :mod:`.args` so that file stays small; ``args.build_parser`` hands over its
own ``_algorithm_options`` (one option per algorithm parameter, as ``run`` has), so this
module needs nothing of it and no import cycle forms."""
from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from ..core.algorithms import REGISTRY
from ..core.order_study import DEFAULT_SEEDS, MAX_SEEDS
from ..core.winnow_study import DEFAULT_DIMS, DEFAULT_POINTS, DEFAULT_RELEVANT, MAX_DIM, MAX_POINTS
from ..i18n import _
from .common import PROG

__all__ = ["add_study_parser", "seeds_type", "dims_type", "WINNOW_ONLY"]

# The Winnow study's own options: refused without --winnow (dest → option).
WINNOW_ONLY = {"dims": "--dims", "relevant": "--relevant", "points": "--points"}


def seeds_type(s: str) -> int:
    try:
        v = int(s)
    except ValueError:
        raise argparse.ArgumentTypeError(_("--seeds must be a whole number, not '{value}'").format(value=s)) from None
    if not 1 <= v <= MAX_SEEDS:
        raise argparse.ArgumentTypeError(
            _("--seeds must be between 1 and {most:,}, not {value}").format(most=MAX_SEEDS, value=v))
    return v


def dims_type(s: str) -> tuple[int, ...]:
    """--dims: whole numbers between 1 and MAX_DIM, separated by commas."""
    parts = [p.strip() for p in s.split(",")]
    try:
        dims = tuple(int(p) for p in parts)
    except ValueError:
        bad = next(p for p in parts if not p.lstrip("+-").isdigit())
        raise argparse.ArgumentTypeError(_("--dims takes whole numbers separated by commas, such as "
                                           "8,16,32, not '{value}'").format(value=bad or s)) from None
    for d in dims:
        if not 1 <= d <= MAX_DIM:
            raise argparse.ArgumentTypeError(
                _("--dims must be numbers of features between 1 and {most:,}, not {value}").format(most=MAX_DIM, value=d))
    if len(set(dims)) != len(dims):
        raise argparse.ArgumentTypeError(_("--dims names each number of features once, not '{value}'").format(value=s))
    return dims


def _positive(opt: str, top: int) -> Callable[[str], int]:
    def parse(s: str) -> int:
        try:
            v = int(s)
        except ValueError:
            raise argparse.ArgumentTypeError(
                _("{option} must be a whole number, not '{value}'").format(option=opt, value=s)) from None
        if not 1 <= v <= top:
            raise argparse.ArgumentTypeError(
                _("{option} must be between 1 and {most:,}, not {value}").format(option=opt, most=top, value=v))
        return v
    return parse


def add_study_parser(sub: Any, algorithm_options: Callable[[argparse.ArgumentParser], None]) -> None:
    """Add the ``study`` command to the subparsers ``sub``."""
    st = sub.add_parser(
        "study", help=_("train one algorithm in many shuffled orders and summarise the updates each needed "
                      "(or, with --winnow, Winnow against the perceptron as d grows)"),
        description=_("The order study (notes 004): train on DATA.csv in the file order and in N shuffled "
                    "orders (seeds 0 to N-1); print the fewest, median and most updates against the bound "
                    "(R/γ)², and write one row per order (--csv) and their histogram "
                    "(--png, --svg, --pdf, --tikz; also 'export DATA.csv --figure study'). With --winnow: "
                    "the Winnow study instead (see its options below)."),
        epilog=_("Examples: {prog} study data.csv --algorithm standard --seeds 200 --csv study.csv --png study.png; "
                 "{prog} study --winnow --dims 8,16,32,64,128,256 --relevant 3 --png winnow.png").format(prog=PROG))
    st.add_argument("data", metavar="DATA.csv", nargs="?",
                    help=_("training data: one point per line, the coordinates then the label (or --preset)"))
    st.add_argument("--preset", dest="run_preset", metavar="NAME",
                    help=_("study an example data set instead of DATA.csv (its training points; names: "
                           "'{prog} presets')").format(prog=PROG))
    st.add_argument("--algorithm", choices=list(REGISTRY),
                    help=_("which perceptron (needed with DATA.csv; a preset about one algorithm picks it)"))
    st.add_argument("--seeds", type=seeds_type, default=None, metavar="N",
                    help=_("how many shuffled orders, seeds 0 to N-1 (default {seeds})").format(seeds=DEFAULT_SEEDS))
    algorithm_options(st)
    for action in st._actions:  # the study sets the order itself: refused, so not offered in --help
        if action.dest == "shuffle":
            action.help = argparse.SUPPRESS
        if action.dest == "seed":
            action.help = _("with --winnow: the seed of the random points (default 0); the order study sets it itself")
    winnow = st.add_argument_group(
        _("the Winnow study (--winnow)"),
        _("Mistakes against the number of features d: Winnow (α = 2, θ = d) and the offset perceptron on the same "
          "random Boolean points labelled by a disjunction of the first R variables, with Littlestone's bound "
          "2 + 3R(1 + log2 d) and the perceptron's (R/γ)². No DATA.csv: the study makes its own points."))
    winnow.add_argument("--winnow", action="store_true", help=_("run the Winnow study instead of the order study"))
    winnow.add_argument("--dims", type=dims_type, default=None, metavar="D,D,...",
                        help=_("the numbers of features d (default {dims})").format(dims=",".join(map(str, DEFAULT_DIMS))))
    winnow.add_argument("--relevant", type=_positive("--relevant", MAX_DIM), default=None, metavar="R",
                        help=_("how many variables the disjunction has (default {relevant}; at most the "
                               "smallest d)").format(relevant=DEFAULT_RELEVANT))
    winnow.add_argument("--points", type=_positive("--points", MAX_POINTS), default=None, metavar="N",
                        help=_("how many random points at each d (default {points})").format(points=DEFAULT_POINTS))
    st.add_argument("--csv", metavar="STUDY.csv",
                    help=_("write seed,updates,epochs,converged,train_error: one row per order, the file order "
                         "first with seed 'file' (with --winnow: one row per d, each learner's mistakes and bound)"))
    st.add_argument("--png", metavar="FIG.png",
                    help=_("write the histogram of updates (of the final training error when a run did not "
                         "converge), with the bound and the file order marked (with --winnow: mistakes against d)"))
    st.add_argument("--svg", metavar="FIG.svg", help=_("write the figure as SVG (vector)"))
    st.add_argument("--pdf", metavar="FIG.pdf", help=_("write the figure as a one-page PDF (vector)"))
    st.add_argument("--tikz", metavar="FIG.tex", help=_("write the figure as a standalone TikZ picture (LaTeX)"))
    st.add_argument("--width", type=int, default=1920, metavar="PX", help=_("PNG width in pixels (default 1920)"))
