"""The grammar of ``perceptron-gui exercises`` (exercise sheets with their solutions).

Kept apart from :mod:`.args` so that file stays small; it needs nothing of it."""
from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import Any

from ..core.exercise_data import MAX_GENERATED, ORDERS
from ..core.exercise_kinds import ALGORITHMS, KINDS, MAX_COUNT
from ..i18n import _
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
            raise argparse.ArgumentTypeError(
                _("{option} must be a whole number, not '{value}'").format(option=opt, value=s)) from None
        if v < low or (high is not None and v > high):
            sentence = (_("{option} must be a whole number between {low} and {high:,}, not {value}")
                        if high is not None else _("{option} must be a whole number ≥ {low}, not {value}"))
            raise argparse.ArgumentTypeError(sentence.format(option=opt, low=low, high=high, value=v))
        return v
    return parse


def _margin(s: str) -> float:
    try:
        v = float(s)
    except ValueError:
        raise argparse.ArgumentTypeError(_("--margin must be a number, not '{value}'").format(value=s)) from None
    if not (math.isfinite(v) and v > 0):
        raise argparse.ArgumentTypeError(_("--margin must be a positive number, not {value}").format(value=s))
    return v


def add_exercises_parser(sub: Any) -> None:
    """Add the ``exercises`` command to the subparsers ``sub``."""
    ex = sub.add_parser(
        "exercises", help=_("write an exercise sheet and its solutions (LaTeX) and a Moodle quiz (XML)"),
        description=_("Write hand-simulation exercises about the perceptron with their solutions, every number "
                    "read off a run: one epoch from a given start, the mistakes until convergence, whether a line "
                    "separates the data (signed margins), Novikoff's bound against the updates made, and whether "
                    "the order changes the answer. The data: DATA.csv, an example data set (--preset) or small "
                    "integer points generated for each exercise (--generate N). The same seed writes the same files."),
        epilog=_("Example: {prog} exercises --generate 6 --count 5 --seed 1 --tex sheet.tex "
                 "--solutions sheet-solutions.tex --moodle quiz.xml").format(prog=PROG))
    ex.add_argument("data", metavar="DATA.csv", nargs="?",
                    help=_("the data: one point per line, the coordinates then the label (or --preset, --generate)"))
    ex.add_argument("--preset", dest="run_preset", metavar="NAME",
                    help=_("an example data set instead of DATA.csv (names: '{prog} presets')").format(prog=PROG))
    ex.add_argument("--generate", type=_whole("--generate", 2, MAX_GENERATED), metavar="N",
                    help=_("generate N separable integer points (2 to {most}) for every exercise").format(
                        most=MAX_GENERATED))
    ex.add_argument("--count", type=_whole("--count", 1, MAX_COUNT), default=DEFAULT_COUNT, metavar="N",
                    help=_("how many exercises (default {count}; the kinds are taken in turn)").format(
                        count=DEFAULT_COUNT))
    ex.add_argument("--seed", type=_whole("--seed", 0, 2**31 - 1), default=0, metavar="S",
                    help=_("the seed of the starts, lines, orders and generated points (default 0)"))
    ex.add_argument("--algorithm", choices=ALGORITHMS, default="offset",
                    help=_("the perceptron with offset b (default) or through the origin (standard)"))
    ex.add_argument("--kinds", default=",".join(KINDS), metavar="K,K,...",
                    help=_("which kinds of exercise, taken in turn (default {kinds})").format(kinds=",".join(KINDS)))
    ex.add_argument("--margin", type=_margin, default=None, metavar="M",
                    help=_("with --generate: every point at least this far from the generating line (default 1)"))
    ex.add_argument("--order", choices=ORDERS, default=None,
                    help=_("with --generate: the points' file order (default random; grouped: +1 first)"))
    ex.add_argument("--title", default=None, help=_("the sheet's title"))
    ex.add_argument("--tex", metavar="OUT.tex", help=_("write the exercise sheet (LaTeX, article class)"))
    ex.add_argument("--solutions", metavar="OUT-solutions.tex", help=_("write the sheet with its solutions (LaTeX)"))
    ex.add_argument("--moodle", metavar="OUT.xml", help=_("write the exercises as a Moodle quiz (Moodle XML)"))
