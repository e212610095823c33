"""Predict, then reveal: before the next update is shown, the student says which point causes it
and what w_{k+1}, b_{k+1} will be; the run record knows both exactly, so the guess is judged and
scored. No Qt: the window's panel (``gui/panels/predict_panel.py``) asks and paints.

The truth of the step after update k is the record's: the point of update k + 1 (a row of the
window's points, through the run's ``train_index``) and its weights ``w_b(k + 1)``. The weights are
asked only where they are the picture's (not for the lifted perceptron, whose w lives in a larger
space, nor a curved kernel's, which has none); the point is asked for every learner. A weight guess
is right when every coordinate is within the tolerance of the truth (absolute).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

import numpy as np

from ..core.algorithms import REGISTRY
from ..core.algorithms.kernel import in_feature_space
from ..core.errors import UserError
from ..i18n import _, ngettext
from .run_result import RunResult

__all__ = ["Truth", "Verdict", "PredictScore", "next_truth", "judge", "parse_numbers", "asks_weights",
           "DEFAULT_TOLERANCE"]

DEFAULT_TOLERANCE = 0.05


class GuessError(UserError):
    """A guess that cannot be read; ``str(err)`` is one sentence."""


@dataclass(frozen=True)
class Truth:
    """What the step after update k does: update k + 1 at ``point`` (a row), to (w, b)."""

    k: int                      # the update to come (1-based)
    point: int                  # the row of the window's points
    w: np.ndarray
    b: float | None             # None without an offset
    weights_asked: bool


@dataclass(frozen=True)
class Verdict:
    truth: Truth
    point: int | None           # the row guessed (None: not said)
    w: np.ndarray | None
    b: float | None
    point_right: bool
    error: float | None         # the largest |guess − truth| over w (and b); None: no weights guessed
    weights_right: bool | None  # None when the weights were not asked or not given


@dataclass
class PredictScore:
    """The sitting's running score."""

    asked: int = 0
    points_found: int = 0
    weights_asked: int = 0
    weights_right: int = 0

    def add(self, v: Verdict) -> None:
        self.asked += 1
        self.points_found += int(v.point_right)
        if v.weights_right is not None:
            self.weights_asked += 1
            self.weights_right += int(v.weights_right)

    def text(self) -> str:
        if not self.asked:
            return _("No step predicted yet.")
        if self.weights_asked:
            return _("Points found: {found} of {asked}; weights {right} of {weights_asked} within the tolerance.").format(
                found=self.points_found, asked=self.asked, right=self.weights_right, weights_asked=self.weights_asked)
        return _("Points found: {found} of {asked}.").format(found=self.points_found, asked=self.asked)


def asks_weights(result: RunResult) -> bool:
    """Whether the weights of a step are asked: they are the picture's w and b."""
    rec = result.record
    return not REGISTRY[rec.algorithm].lifts and in_feature_space(rec)


def next_truth(result: RunResult | None, k: int) -> Truth | None:
    """The step after update k of ``result`` (None at the run's end or without a run)."""
    if result is None or k >= result.record.num_updates or k < 0:
        return None
    rec = result.record
    row = int(result.train_index[int(rec.update_index[k])])
    w, b = rec.w_b(k + 1)
    return Truth(k + 1, row, np.array(w, dtype=np.float64), float(b) if rec.offset else None, asks_weights(result))


def parse_numbers(text: str, count: int, what: str) -> np.ndarray:
    """``count`` numbers from "2, -1.5" (commas, semicolons or spaces); a sentence otherwise."""
    cells = [c for c in re.split(r"[,;\s]+", text.strip().strip("()[]")) if c]
    try:
        values = [float(c.replace("−", "-")) for c in cells]
    except ValueError:
        # TRANSLATORS: {what} is a symbol, w or b.
        raise GuessError(ngettext("{what} must be {count} number such as {example}; '{text}' is not.",
                                  "{what} must be {count} numbers such as {example}; '{text}' is not.", count)
                         .format(what=what, count=count, example=", ".join(["1"] * count),
                                 text=text.strip()[:40])) from None
    if len(values) != count:
        raise GuessError(ngettext("{what} needs {count} number, not {given}.",
                                  "{what} needs {count} numbers, not {given}.", count)
                         .format(what=what, count=count, given=len(values)))
    if not all(math.isfinite(v) for v in values):
        raise GuessError(_("{what} must hold finite numbers.").format(what=what))
    return np.array(values)


def judge(truth: Truth, point: int | None, w: np.ndarray | None, b: float | None,
          tolerance: float = DEFAULT_TOLERANCE) -> Verdict:
    """The guess against the truth: the point exactly, the weights within ``tolerance``."""
    error = None
    right = None
    if truth.weights_asked and w is not None:
        diffs = list(np.abs(np.asarray(w, dtype=np.float64) - truth.w))
        if truth.b is not None:
            diffs.append(abs((0.0 if b is None else float(b)) - truth.b))
        error = float(max(diffs)) if diffs else 0.0
        right = error <= tolerance
    return Verdict(truth, point, None if w is None else np.asarray(w, dtype=np.float64), b,
                   point is not None and point == truth.point, error, right)
