"""Whether a hand-set start w₀, b₀ is on a scale a run can use with the data (no Qt, no numba).

A run moves a point's score y·(w·x + b) by at most S² + 1 per update (S² without the offset),
where S is the length of the data's largest coordinates (``data_scale``), so weights k updates
from zero score points at most k·(S² + 1). A start scoring more than :data:`START_SCORE_LIMIT`
times that is worth over a million updates: the points it scores that far keep their side at
least that long, which is no lesson but a typo or a slip of the mouse, and past float64's range (a start of
1e308) nothing at all: ‖w‖ is infinite and every picture of it nonsense. A start from the notes
(θ = [1, −1], θ₀ = 1 on data of scale 1) or dragged on the canvas from a run's weights stays
orders of magnitude below, at any scale of the data, since the limit is measured in S².
"""
from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from ...i18n import _
from ..columns import column_min_max

__all__ = ["START_SCORE_LIMIT", "data_scale", "start_reach", "start_scale_problem"]

START_SCORE_LIMIT = 1e6


def data_scale(X: np.ndarray) -> float:
    """S = ‖(max|x₁|, …, max|x_d|)‖ of the rows of X: at least the longest row's length R and at
    most √d·R, from the columns' bounds (a millisecond at 10⁶ rows, so a drag can ask it)."""
    if X.shape[0] == 0 or X.shape[1] == 0:
        return 0.0
    lo, hi = column_min_max(X)
    return _length(np.maximum(np.abs(lo), np.abs(hi)).tolist())


def start_reach(w: Sequence[float], b: float, scale: float) -> float:
    """‖w‖·S + |b|: the largest score the start gives a point of the data (inf past float64)."""
    return _length(w) * scale + abs(float(b))


def start_scale_problem(w: Sequence[float], b: float, X: np.ndarray, offset: bool) -> str | None:
    """Why the start (w, b) is out of scale with the data X (n, d), as one sentence, or None."""
    scale = data_scale(X)
    step = scale * scale + (1.0 if offset else 0.0)  # the most one update moves a score
    if step == 0.0:
        return None  # no points, or all at the origin without the offset: every score is 0
    reach = start_reach(w, b if offset else 0.0, scale)
    if reach <= START_SCORE_LIMIT * step:
        return None
    shown = _("more than float64 holds") if math.isinf(reach) else f"{reach:.3g}"
    text = (_("The start w₀, b₀ is far larger than the data: it scores points up to "
              "‖w₀‖·S + |b₀| = {shown}, more than a million times the most one update can change a score "
              "(S² + 1 = {step:.3g}, S = {scale:.3g} the data's scale), so a run could "
              "not move it; set a start on the data's scale, or start at zero.") if offset else
            _("The start w₀ is far larger than the data: it scores points up to "
              "‖w₀‖·S = {shown}, more than a million times the most one update can change a score "
              "(S² = {step:.3g}, S = {scale:.3g} the data's scale), so a run could "
              "not move it; set a start on the data's scale, or start at zero."))
    return text.format(shown=shown, step=step, scale=scale)


def _length(v: Sequence[float]) -> float:
    """‖v‖ without overflow in the squares (inf only when the length itself is)."""
    big = max((abs(float(x)) for x in v), default=0.0)
    if big == 0.0 or math.isinf(big):
        return big
    return big * math.sqrt(math.fsum((float(x) / big) ** 2 for x in v))
