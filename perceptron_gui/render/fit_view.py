"""The view an exported picture needs (no Qt): the points, and what the frames must show.

A slide is made once and cannot be panned: a hyperplane that crosses the points' box only in a
corner (k = 1 of a run, far from the data) is drawn as a stub, and the vectors of an update
(w_{k−1}, y·x, w_k from the origin) are cut off where the window's view ends. So an export takes
in, for every frame it draws, the point of each hyperplane nearest the points' centre with room
for its normal arrow, and the update's tips and the origin when the vectors are drawn.
"""
from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from ..session.frame import Frame
from .geometry import Rect, clip_line, notes_view, unit_line
from .projection import Projection
from .update_picture import update_tips

__all__ = ["must_show", "fitted_view", "widened_view"]

ARROW_ROOM = 0.2  # the normal arrow is drawn about a fifth of the view long (picture.describe)
MIN_CROSSING = 0.25  # a line inside a view for less of its shorter side is a stub in a corner


def must_show(frames: Iterable[Frame], proj: Projection, P: np.ndarray, *, show_previous: bool = False,
              show_update: bool = False, rect: Rect | None = None) -> np.ndarray:
    """View-plane points (m, 2) a picture of ``frames`` must contain besides the points ``P``.

    With ``rect`` (a view a lecturer chose) a hyperplane that crosses it for at least
    :data:`MIN_CROSSING` of its shorter side counts as shown; one that misses it or only grazes a
    corner brings in its point nearest the view's centre."""
    P = np.asarray(P, dtype=np.float64).reshape(-1, 2)
    if rect is not None:
        x0, y0, x1, y1 = rect
        centre, span = np.array([(x0 + x1) / 2.0, (y0 + y1) / 2.0]), max(x1 - x0, y1 - y0)
    else:
        centre = (P.min(axis=0) + P.max(axis=0)) / 2.0 if P.shape[0] else np.zeros(2)
        span = float(np.max(np.ptp(P, axis=0))) if P.shape[0] else 1.0
    room = ARROW_ROOM * (span if span > 0 else 1.0)
    out: list[np.ndarray] = []
    for frame in frames:
        lines = [(frame.w, frame.b)] if frame.has_hyperplane else []
        if show_previous and frame.prev_w is not None and np.any(frame.prev_w != 0):
            lines.append((frame.prev_w, frame.prev_b))
        for w, b in lines:
            if rect is not None and _crosses(proj, w, b, rect):
                continue
            foot = _foot(proj, w, b, centre)
            if foot is not None:
                unit, _ = foot
                out += [foot[1], foot[1] + room * unit]
        tips = update_tips(frame, proj.kind) if show_update else None
        if tips is not None:
            out += [np.zeros(2), *tips]
    pts = np.array(out, dtype=np.float64).reshape(-1, 2)
    return pts[np.all(np.isfinite(pts), axis=1)]


def fitted_view(P: np.ndarray, extra: np.ndarray) -> Rect:
    """The notes' box (padded, the origin taken in when near) around the points and ``extra``."""
    return notes_view(np.vstack([np.asarray(P, dtype=np.float64).reshape(-1, 2), extra]))


def widened_view(rect: Rect, extra: np.ndarray, pad: float = 0.05) -> Rect:
    """``rect`` grown just enough to hold ``extra`` (with ``pad`` of its span beyond them): a
    lecturer's zoom is kept, and only what must be shown is added."""
    if extra.shape[0] == 0:
        return rect
    x0, y0, x1, y1 = rect
    lo, hi = extra.min(axis=0), extra.max(axis=0)
    if lo[0] >= x0 and lo[1] >= y0 and hi[0] <= x1 and hi[1] <= y1:
        return rect
    nx0, ny0 = min(x0, float(lo[0])), min(y0, float(lo[1]))
    nx1, ny1 = max(x1, float(hi[0])), max(y1, float(hi[1]))
    m = pad * max(nx1 - nx0, ny1 - ny0)
    return (nx0 - (m if nx0 < x0 else 0.0), ny0 - (m if ny0 < y0 else 0.0),
            nx1 + (m if nx1 > x1 else 0.0), ny1 + (m if ny1 > y1 else 0.0))


def _crosses(proj: Projection, w: np.ndarray, b: float, rect: Rect) -> bool:
    w2, b2 = proj.line(np.asarray(w, dtype=np.float64), float(b))
    seg = clip_line(np.asarray(w2, dtype=np.float64).reshape(-1), float(b2), rect)
    x0, y0, x1, y1 = rect
    return seg is not None and float(np.hypot(*(seg[1] - seg[0]))) >= MIN_CROSSING * min(x1 - x0, y1 - y0)


def _foot(proj: Projection, w: np.ndarray, b: float, centre: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """(unit normal, the point of the line nearest ``centre``) in the view plane, or None."""
    w2, b2 = proj.line(np.asarray(w, dtype=np.float64), float(b))
    unit = unit_line(np.asarray(w2, dtype=np.float64).reshape(-1), float(b2))
    if unit is None or unit[0].shape != (2,):
        return None
    n, c = unit
    return n, centre - n * (n @ centre + c)
