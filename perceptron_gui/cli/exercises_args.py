"""The grammar of ``perceptron-gui exercises`` (exercise sheets with their solutions).

Kept apart from :mod:`.args` so that file stays small; it needs nothing of it."""
from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import Any

from ..core.exercise_data import MAX_GENERATED, ORDERS
from ..core.exercise_kinds import ALGORITHMS, KINDS, MAX_COUNT
from .common import PROG

__all__ = ["add_exercises_parser", "DEFAULT_COUNT", "GENERATED_ONLY"]

DEFAULT_COUNT = 5
# The generator's own options: refused without --generate (dest → option).
GENERATED_ONLY = {"margin": "--margin", "order": "--order"}


def _whole(opt: str, low: int, high: int | None) -> Callable[[str], int]:
    def parse(s: str) -> int:
        try:
            v = int(s)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{opt} must be a whole number, not '{s}'") from None
        if v < low or (high is not None and v > high):
            span = f"between {low} and {high:,}" if high is not None else f"≥ {low}"
            raise argparse.ArgumentTypeError(f"{opt} must be a whole number {span}, not {v}")
        return v
    return parse


def _margin(s: str) -> float:
    try:
        v = float(s)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--margin must be a number, not '{s}'") from None
    if not (math.isfinite(v) and v > 0):
        raise argparse.ArgumentTypeError(f"--margin must be a positive number, not {s}")
    return v


def add_exercises_parser(sub: Any) -> None:
    """Add the ``exercises`` command to the subparsers ``sub``."""
    ex = sub.add_parser(
        "exercises", help="write an exercise sheet and its solutions (LaTeX) and a Moodle quiz (XML)",
        description="Write hand-simulation exercises about the perceptron with their solutions, every number "
                    "read off a run: one epoch from a given start, the mistakes until convergence, whether a line "
                    "separates the data (signed margins), Novikoff's bound against the updates made, and whether "
                    "the order changes the answer. The data: DATA.csv, an example data set (--preset) or small "
                    "integer points generated for each exercise (--generate N). The same seed writes the same files.",
        epilog=f"Example: {PROG} exercises --generate 6 --count 5 --seed 1 --tex sheet.tex "
               "--solutions sheet-solutions.tex --moodle quiz.xml")
    ex.add_argument("data", metavar="DATA.csv", nargs="?",
                    help="the data: one point per line, the coordinates then the label (or --preset, --generate)")
    ex.add_argument("--preset", dest="run_preset", metavar="NAME",
                    help=f"an example data set instead of DATA.csv (names: '{PROG} presets')")
    ex.add_argument("--generate", type=_whole("--generate", 2, MAX_GENERATED), metavar="N",
                    help=f"generate N separable integer points (2 to {MAX_GENERATED}) for every exercise")
    ex.add_argument("--count", type=_whole("--count", 1, MAX_COUNT), default=DEFAULT_COUNT, metavar="N",
                    help=f"how many exercises (default {DEFAULT_COUNT}; the kinds are taken in turn)")
    ex.add_argument("--seed", type=_whole("--seed", 0, 2**31 - 1), default=0, metavar="S",
                    help="the seed of the starts, lines, orders and generated points (default 0)")
    ex.add_argument("--algorithm", choices=ALGORITHMS, default="offset",
                    help="the perceptron with offset b (default) or through the origin (standard)")
    ex.add_argument("--kinds", default=",".join(KINDS), metavar="K,K,...",
                    help=f"which kinds of exercise, taken in turn (default {','.join(KINDS)})")
    ex.add_argument("--margin", type=_margin, default=None, metavar="M",
                    help="with --generate: every point at least this far from the generating line (default 1)")
    ex.add_argument("--order", choices=ORDERS, default=None,
                    help="with --generate: the points' file order (default random; grouped: +1 first)")
    ex.add_argument("--title", default="Perceptron exercises", help="the sheet's title")
    ex.add_argument("--tex", metavar="OUT.tex", help="write the exercise sheet (LaTeX, article class)")
    ex.add_argument("--solutions", metavar="OUT-solutions.tex", help="write the sheet with its solutions (LaTeX)")
    ex.add_argument("--moodle", metavar="OUT.xml", help="write the exercises as a Moodle quiz (Moodle XML)")
