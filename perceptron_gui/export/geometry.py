"""Plane geometry for exporters (no Qt): lines and bands clipped to a view box.

Every exporter that writes coordinates into a file (TikZ, SVG by hand) clips here first, so
nothing reaches outside the box and no clipping path has to hide it.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from ..core.dataset import DatasetError

__all__ = ["View", "Point", "check_view", "hyperplane_segment", "band_polygon", "default_view"]

View = tuple[tuple[float, float], tuple[float, float]]
Point = tuple[float, float]


def check_view(view: object) -> View:
    """``view`` as ((xmin, xmax), (ymin, ymax)) floats; DatasetError (a sentence) if malformed."""
    try:
        (x0, x1), (y0, y1) = view
        x0, x1, y0, y1 = (float(v) for v in (x0, x1, y0, y1))
    except (TypeError, ValueError):
        raise DatasetError("The view must be ((xmin, xmax), (ymin, ymax)) with numbers.") from None
    if not all(math.isfinite(v) for v in (x0, x1, y0, y1)) or not (x0 < x1 and y0 < y1):
        raise DatasetError("The view must have finite limits with xmin < xmax and ymin < ymax.")
    return (x0, x1), (y0, y1)


def hyperplane_segment(w: Sequence[float], b: float, view: View) -> tuple[Point, Point] | None:
    """The part of the line w·x + b = 0 inside the box ``view`` (2-D), or None.

    None when w = 0 (no line) or when the line misses the box. Vertical and horizontal lines
    need no special case: the line is walked from its point nearest the origin along
    (−w₂, w₁) and the walk is cut by each pair of box sides (Liang–Barsky).
    """
    w = np.asarray(w, dtype=np.float64).reshape(-1)
    norm = float(np.hypot(w[0], w[1]))
    if norm == 0.0 or not math.isfinite(norm):
        return None
    a = w / norm
    c = float(b) / norm
    p0 = -c * a
    d = np.array([-a[1], a[0]])
    (x0, x1), (y0, y1) = view
    lo, hi = -math.inf, math.inf
    for p, di, bmin, bmax in ((p0[0], d[0], x0, x1), (p0[1], d[1], y0, y1)):
        if abs(di) < 1e-15:
            if not bmin <= p <= bmax:
                return None
            continue
        t1, t2 = (bmin - p) / di, (bmax - p) / di
        lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
    if not lo < hi:
        return None
    pa, pb = p0 + lo * d, p0 + hi * d
    return (float(pa[0]), float(pa[1])), (float(pb[0]), float(pb[1]))


def _clip_halfplane(poly: list[Point], a: np.ndarray, c: float) -> list[Point]:
    """Sutherland–Hodgman: the part of ``poly`` where a·p + c >= 0."""
    out: list[Point] = []
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        fp = a[0] * p[0] + a[1] * p[1] + c
        fq = a[0] * q[0] + a[1] * q[1] + c
        if fp >= 0:
            out.append(p)
        if (fp >= 0) != (fq >= 0):
            s = fp / (fp - fq)
            out.append((p[0] + s * (q[0] - p[0]), p[1] + s * (q[1] - p[1])))
    return out


def band_polygon(w: Sequence[float], b: float, half_width: float, view: View) -> list[Point]:
    """The region −h <= w·x + b <= h inside the box ``view`` as polygon corners (maybe none)."""
    w = np.asarray(w, dtype=np.float64).reshape(-1)[:2]
    norm = float(np.hypot(w[0], w[1]))
    if norm == 0.0 or not math.isfinite(norm):
        return []
    a, c, h = w / norm, float(b) / norm, float(half_width) / norm
    (x0, x1), (y0, y1) = view
    poly: list[Point] = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    poly = _clip_halfplane(poly, a, c + h)
    if poly:
        poly = _clip_halfplane(poly, -a, -c + h)
    return poly if len(poly) >= 3 else []


def default_view(X: np.ndarray) -> View:
    """The points' bounding box with 10 % padding, grown to show the origin when it is near."""
    X = np.asarray(X, dtype=np.float64)
    if X.shape[0] == 0:
        return (-1.0, 1.0), (-1.0, 1.0)
    out = []
    for j in range(2):
        if j >= X.shape[1]:
            out.append((-1.0, 1.0))
            continue
        lo, hi = float(X[:, j].min()), float(X[:, j].max())
        span = hi - lo
        if span <= 0.0:
            span = max(1.0, abs(lo))
        # The notes' figures show the axes through the origin; include 0 when it is close.
        if lo > 0 and lo <= span:
            lo = 0.0
        if hi < 0 and -hi <= span:
            hi = 0.0
        span = hi - lo if hi > lo else span
        pad = 0.1 * span
        out.append((lo - pad, hi + pad))
    return out[0], out[1]
