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
from .common import PROG

__all__ = ["add_study_parser", "seeds_type"]


def seeds_type(s: str) -> int:
    try:
        v = int(s)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--seeds must be a whole number, not '{s}'") from None
    if not 1 <= v <= MAX_SEEDS:
        raise argparse.ArgumentTypeError(f"--seeds must be between 1 and {MAX_SEEDS:,}, not {v}")
    return v


def add_study_parser(sub: Any, algorithm_options: Callable[[argparse.ArgumentParser], None]) -> None:
    """Add the ``study`` command to the subparsers ``sub``."""
    st = sub.add_parser(
        "study", help="train one algorithm in many shuffled orders and summarise the updates each needed",
        description="The order study (notes 004): train on DATA.csv in the file order and in N shuffled "
                    "orders (seeds 0 to N-1); print the fewest, median and most updates against the bound "
                    "(R/γ)², and write one row per order (--csv) and their histogram "
                    "(--png, --svg, --pdf, --tikz; also 'export DATA.csv --figure study').",
        epilog=f"Example: {PROG} study data.csv --algorithm standard --seeds 200 --csv study.csv --png study.png")
    st.add_argument("data", metavar="DATA.csv", nargs="?",
                    help="training data: one point per line, the coordinates then the label (or --preset)")
    st.add_argument("--preset", dest="run_preset", metavar="NAME",
                    help=f"study an example data set instead of DATA.csv (its training points; names: '{PROG} presets')")
    st.add_argument("--algorithm", choices=list(REGISTRY),
                    help="which perceptron (needed with DATA.csv; a preset about one algorithm picks it)")
    st.add_argument("--seeds", type=seeds_type, default=DEFAULT_SEEDS, metavar="N",
                    help=f"how many shuffled orders, seeds 0 to N-1 (default {DEFAULT_SEEDS})")
    algorithm_options(st)
    for action in st._actions:  # the study sets the order itself: refused, so not offered in --help
        if action.dest in ("shuffle", "seed"):
            action.help = argparse.SUPPRESS
    st.add_argument("--csv", metavar="STUDY.csv",
                    help="write seed,updates,epochs,converged,train_error: one row per order, the file order "
                         "first with seed 'file'")
    st.add_argument("--png", metavar="FIG.png",
                    help="write the histogram of updates (of the final training error when a run did not "
                         "converge), with the bound and the file order marked")
    st.add_argument("--svg", metavar="FIG.svg", help="write the histogram as SVG (vector)")
    st.add_argument("--pdf", metavar="FIG.pdf", help="write the histogram as a one-page PDF (vector)")
    st.add_argument("--tikz", metavar="FIG.tex", help="write the histogram as a standalone TikZ picture (LaTeX)")
    st.add_argument("--width", type=int, default=1920, metavar="PX", help="PNG width in pixels (default 1920)")
