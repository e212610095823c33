"""A saved view range: what one may be, and the check that says why not (session files, autosaves)."""
from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..i18n import _

__all__ = ["view_range_problem", "view_or_none", "VIEW_MAX_ABS", "VIEW_MIN_RELATIVE_WIDTH", "VIEW_MIN_WIDTH"]


def view_or_none(view: Any) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The view as floats when it is one :func:`view_range_problem` accepts, else None (a
    window zoomed out past the limits saves no view, and the file reopens fitted)."""
    if view is None:
        return None
    try:
        (x0, x1), (y0, y1) = view
        out = ((float(x0), float(x1)), (float(y0), float(y1)))
    except (TypeError, ValueError, OverflowError):
        return None
    return out if view_range_problem(out) is None else None


# A view range is drawn by pyqtgraph and written as TikZ coordinates: its edges and width must
# be finite with room to spare (±1e308 overflows the width), and the width must hold enough
# float64 steps to draw ticks. 1e151 is ten times the largest coordinate a data set may have
# (dataset.MAX_ABS_VALUE). A width below 1e-9 of the edges' size leaves ticks that differ only
# in their 10th digit (at 1e-12 the exported axes repeat one label; pyqtgraph itself gives up
# near 1e-15).
VIEW_MAX_ABS = 1e151
VIEW_MIN_RELATIVE_WIDTH = 1e-9
VIEW_MIN_WIDTH = 1e-151


def view_range_problem(view: Any) -> str | None:
    """Why ``view`` cannot be a view range (a phrase for a sentence), or None when it can.

    A view range is ``[[xmin, xmax], [ymin, ymax]]``: finite numbers, ``|v| <= 1e151``, and
    on each axis a width ``max - min`` of at least 1e-151 and of at least 1e-9 times the
    larger ``|edge|``.
    """
    shape = _("it must be [[xmin, xmax], [ymin, ymax]] with numbers")
    seq = (list, tuple)
    if not isinstance(view, seq) or len(view) != 2 or not all(isinstance(p, seq) and len(p) == 2 for p in view):
        return shape
    if not all(isinstance(v, (int, float, np.floating, np.integer)) and not isinstance(v, bool)
               for pair in view for v in pair):
        return shape
    try:
        pairs = [(float(a), float(b)) for a, b in view]
    except OverflowError:  # an integer beyond float64
        return _("it holds a number beyond ±1e151")
    for axis, (lo, hi) in zip("xy", pairs):
        if not (math.isfinite(lo) and math.isfinite(hi)):
            return _("its {axis} range holds a number that is not finite").format(axis=axis)
        if max(abs(lo), abs(hi)) > VIEW_MAX_ABS:
            return _("its {axis} range reaches beyond ±1e151").format(axis=axis)
        width = hi - lo
        if width <= 0:
            return _("its {axis} range has {axis}min >= {axis}max").format(axis=axis)
        if width < VIEW_MIN_WIDTH or width < VIEW_MIN_RELATIVE_WIDTH * max(abs(lo), abs(hi)):
            return _("its {axis} range is too narrow to draw (width {width:.3g} at {edge:.3g})").format(
                axis=axis, width=width, edge=max(abs(lo), abs(hi)))
    return None
