"""The one plane-geometry library of every picture (no Qt): lines, half-planes and bands
clipped to the view rectangle, where the normal arrow starts, and the rectangle that fits.

Rectangles are ``Rect = (x0, y0, x1, y1)`` with x0 < x1 and y0 < y1, everywhere. The session
and the export options keep a view as ``((x0, x1), (y0, y1))`` (pyqtgraph's ``viewRange()``
order); :func:`rect_of_range` and :func:`range_of_rect` are the only conversions.
"""
from __future__ import annotations

import math
from typing import Any, cast

import numpy as np

from ..core.columns import column_min_max
from ..core.errors import UserError
from ..core.floatscale import unit_direction
from ..i18n import _
from .projection import LIFTED_LINE

__all__ = ["Rect", "ViewRange", "view_fit", "notes_view", "check_view_range", "rect_of_range", "range_of_rect",
           "clip_halfplane", "rect_polygon", "unit_line", "clip_line", "clip_strip", "arrow_anchor", "clip_segment"]

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 with x0 < x1, y0 < y1
ViewRange = tuple[tuple[float, float], tuple[float, float]]  # ((x0, x1), (y0, y1))


def rect_of_range(view: ViewRange) -> Rect:
    (x0, x1), (y0, y1) = view
    return float(x0), float(y0), float(x1), float(y1)


def range_of_rect(rect: Rect) -> ViewRange:
    x0, y0, x1, y1 = rect
    return (float(x0), float(x1)), (float(y0), float(y1))


def check_view_range(view: object) -> ViewRange:
    """``view`` as ((xmin, xmax), (ymin, ymax)) floats; UserError (a sentence) if malformed."""
    try:
        xs, ys = cast(Any, view)
        x0, x1 = (float(v) for v in xs)
        y0, y1 = (float(v) for v in ys)
    except (TypeError, ValueError):
        raise UserError(_("The view must be ((xmin, xmax), (ymin, ymax)) with numbers.")) from None
    if not all(math.isfinite(v) for v in (x0, x1, y0, y1)) or not (x0 < x1 and y0 < y1):
        raise UserError(_("The view must have finite limits with xmin < xmax and ymin < ymax."))
    return (x0, x1), (y0, y1)


def notes_view(P: np.ndarray) -> Rect:
    """The notes' figure box (the TikZ default): the points' bounding box with 10 % padding,
    grown to show the origin when it is near, as the notes' figures show the axes through it."""
    P = np.asarray(P, dtype=np.float64)
    if P.shape[0] == 0:
        return -1.0, -1.0, 1.0, 1.0
    out = []
    for j in range(2):
        if j >= P.shape[1]:
            out.append((-1.0, 1.0))
            continue
        lo, hi = float(P[:, j].min()), float(P[:, j].max())
        span = hi - lo
        if span <= 0.0:
            span = max(1.0, abs(lo))
        if lo > 0 and lo <= span:
            lo = 0.0
        if hi < 0 and -hi <= span:
            hi = 0.0
        span = hi - lo if hi > lo else span
        pad = 0.1 * span
        out.append((lo - pad, hi + pad))
    return out[0][0], out[1][0], out[0][1], out[1][1]


def view_fit(P: np.ndarray, kind: str, pad: float = 0.1,
             line: tuple[np.ndarray, float] | None = None) -> Rect:
    """A view rectangle around view-plane points P, padded; (−1, −1, 1, 1) without points.

    With ``line`` = (w₂, b₂), the hyperplane's line w₂·p + b₂ = 0 in the view plane, the
    rectangle also takes in the line's point nearest the points' centre, with room for the
    normal arrow drawn from it: fitting shows the hyperplane, not only the data (a 1-D
    standard run's line at x = 0 was left outside while the canvas said "press F to fit").
    """
    if P.shape[0] == 0:
        x0, y0, x1, y1 = -1.0, -1.0, 1.0, 1.0
    else:
        lo, hi = column_min_max(P)
        x0, y0 = (float(v) for v in lo)
        x1, y1 = (float(v) for v in hi)
    foot = _line_foot(line, ((x0 + x1) / 2.0, (y0 + y1) / 2.0)) if P.shape[0] else None
    if foot is not None:
        # The arrow is about a fifth of the view long: leave that much around the foot.
        room = 0.2 * max(x1 - x0, y1 - y0, abs(foot[0] - (x0 + x1) / 2.0), abs(foot[1] - (y0 + y1) / 2.0))
        room = room if room > 0 else 1.0
        # (In the 1-D "line" view the foot is the point x = −b/w; the y range is fixed below.)
        x0, x1 = min(x0, foot[0] - 0.5 * room), max(x1, foot[0] + 0.5 * room)
        y0, y1 = min(y0, foot[1] - 0.5 * room), max(y1, foot[1] + 0.5 * room)
    if kind == LIFTED_LINE:  # the separator and its normal start at the origin: room around it
        x0, x1, y0, y1 = min(x0, 0.0), max(x1, 0.0), min(y0, 0.0), max(y1, 1.0)
        room = 0.25 * max(x1 - x0, 1.0)
        x0, x1, y0 = min(x0, -room), max(x1, room), min(y0, -room)
    if kind == "line":
        y0, y1 = -1.0, 1.0
        m = pad * (x1 - x0) if x1 - x0 > 1e-9 else 1.0
        return x0 - m, y0, x1 + m, y1
    span = max(x1 - x0, y1 - y0)
    m = pad * span if span > 1e-9 else 1.0
    return x0 - m, y0 - m, x1 + m, y1 + m


def _line_foot(line: tuple[np.ndarray, float] | None, centre: tuple[float, float]) -> np.ndarray | None:
    """The point of the line w·p + b = 0 nearest ``centre`` (None for no line, or w = 0)."""
    if line is None:
        return None
    w = np.asarray(line[0], dtype=np.float64).reshape(-1)
    unit = unit_line(w, float(line[1])) if w.shape == (2,) else None
    if unit is None:
        return None
    w, b = unit
    nn = 1.0
    c = np.asarray(centre, dtype=np.float64)
    foot = c - w * (w @ c + b) / nn
    return foot if np.all(np.isfinite(foot)) else None


# ---- plane geometry ---------------------------------------------------------------------------
def clip_halfplane(poly: np.ndarray, w: np.ndarray, c: float) -> np.ndarray:
    """The part of convex polygon ``poly`` (k, 2) where w·p + c ≥ 0 (Sutherland–Hodgman)."""
    if poly.shape[0] == 0:
        return poly
    v = poly @ w + c
    out: list[np.ndarray] = []
    k = poly.shape[0]
    for a in range(k):
        b = (a + 1) % k
        pa, pb, va, vb = poly[a], poly[b], v[a], v[b]
        if va >= 0:
            out.append(pa)
        if (va >= 0) != (vb >= 0):
            out.append(pa + (pb - pa) * (va / (va - vb)))
    return np.array(out) if out else np.zeros((0, 2))


def rect_polygon(rect: Rect) -> np.ndarray:
    x0, y0, x1, y1 = rect
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float64)


def unit_line(w: np.ndarray, b: float) -> tuple[np.ndarray, float] | None:
    """The same line w·p + b = 0 as (w/‖w‖, b/‖w‖), found without squaring w (weights of
    1e150 or 1e-300 overflow or vanish when squared); None for w = 0 or a line beyond the
    float range."""
    u, bu, norm = unit_direction(np.asarray(w, dtype=np.float64), b)
    if norm == 0.0 or not np.isfinite(bu) or not np.all(np.isfinite(u)):
        return None
    return u, bu


def clip_line(w: np.ndarray, b: float, rect: Rect, level: float = 0.0) -> np.ndarray | None:
    """The segment (2, 2) of the line w·p + b = level inside ``rect``, or None."""
    unit = unit_line(w, float(b) - level)
    if unit is None:
        return None
    w, b = unit
    level, nn = 0.0, 1.0
    x0, y0, x1, y1 = rect
    foot = w * (level - b) / nn  # the line's point nearest the origin
    direction = np.array([-w[1], w[0]]) / np.sqrt(nn)
    t_lo, t_hi = -np.inf, np.inf
    for k, (lo, hi) in enumerate(((x0, x1), (y0, y1))):
        if abs(direction[k]) < 1e-15:
            if not lo <= foot[k] <= hi:
                return None
            continue
        ta, tb = (lo - foot[k]) / direction[k], (hi - foot[k]) / direction[k]
        t_lo, t_hi = max(t_lo, min(ta, tb)), min(t_hi, max(ta, tb))
    if not t_lo < t_hi:
        return None
    return np.array([foot + t_lo * direction, foot + t_hi * direction])


def clip_strip(w: np.ndarray, b: float, half_width: float, rect: Rect) -> np.ndarray:
    """The polygon of the band |w·p + b| ≤ half_width inside ``rect`` (may be empty)."""
    poly = clip_halfplane(rect_polygon(rect), np.asarray(w, float), b + half_width)
    return clip_halfplane(poly, -np.asarray(w, float), -b + half_width)


def arrow_anchor(w: np.ndarray, b: float, rect: Rect, inset: float | None = 0.15,
                 target: tuple[float, float] = (0.5, 0.5)) -> np.ndarray | None:
    """Where the normal arrow starts: the line's point nearest the origin when that is at
    least ``inset`` (a share of the view) inside it — its distance to the origin is then
    |b|/‖w‖, as in the notes — otherwise the point nearest ``target`` (shares of the view's
    width and height), kept on the visible segment."""
    seg = clip_line(w, b, rect)
    if seg is None:
        return None
    x0, y0, x1, y1 = rect
    unit = unit_line(w, b)
    if unit is None:  # (clip_line found the line, so it is not None)
        return None
    w, b = unit
    nn = 1.0
    foot0 = -w * b / nn
    if inset is not None:
        mx, my = inset * (x1 - x0), inset * (y1 - y0)
        if x0 + mx <= foot0[0] <= x1 - mx and y0 + my <= foot0[1] <= y1 - my:
            return foot0
    c = np.array([x0 + target[0] * (x1 - x0), y0 + target[1] * (y1 - y0)])
    foot = c - w * (w @ c + b) / nn
    a, e = seg
    d = e - a
    span = float(np.max(np.abs(d)))  # divide first: d·d of a 1e-300 view would vanish
    dn = d / span if span > 0.0 else d
    dd = float(dn @ dn)
    t = float(np.clip(((foot - a) / span) @ dn / dd, 0.2, 0.8)) if dd > 0.0 else 0.5
    return np.asarray(a + t * d)


def clip_segment(a: np.ndarray, e: np.ndarray, rect: Rect) -> np.ndarray | None:
    """The part (2, 2) of the segment from ``a`` to ``e`` inside ``rect`` (Liang–Barsky), in the
    same direction; None when it misses the rectangle or is a single point."""
    a, e = np.asarray(a, dtype=np.float64), np.asarray(e, dtype=np.float64)
    if not (np.all(np.isfinite(a)) and np.all(np.isfinite(e))):
        return None
    d = e - a
    t_lo, t_hi = 0.0, 1.0
    x0, y0, x1, y1 = rect
    for k, (lo, hi) in enumerate(((x0, x1), (y0, y1))):
        if d[k] == 0.0:
            if not lo <= a[k] <= hi:
                return None
            continue
        ta, tb = (lo - a[k]) / d[k], (hi - a[k]) / d[k]
        t_lo, t_hi = max(t_lo, min(ta, tb)), min(t_hi, max(ta, tb))
    if not t_lo < t_hi:
        return None
    return np.array([a + t_lo * d, a + t_hi * d])
