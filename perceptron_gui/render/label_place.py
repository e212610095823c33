"""Where a label goes so that it covers no tick label, no point and no other label: a TikZ
node on a slide, and a vector's label on the canvas (gui/canvas/update.py, in pixels).

The picture's painters know where a label belongs (beyond the normal vector's tip, at an update
vector's end) and which side of its box should face that spot (``anchor``). On a slide that
spot can be crowded: the tip may sit on the box's edge, over the tick labels, or among the
points. :func:`place` tries the eight sides of the box against the spot and keeps the one that
collides least, preferring the painter's own choice when it is free.

Sizes are estimated from the label's visible characters (pdflatex does not tell us before
compiling); the estimate is generous, so a label judged free is free.

Everything here is in picture units (TikZ's ``x``/``y`` units) and converted to centimetres
with the picture's ``ux``/``uy`` only for the sizes, which are known in centimetres. The canvas
places in pixels (y upwards) with sizes in pixels and ``units`` (1, 1).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from .geometry import clip_segment

__all__ = ["Obstacles", "COMPASS", "place", "visible_length", "box_at", "label_size_cm", "node_options"]

# The side of the label's box that sits on the spot, as the (x, y) direction from the box's
# centre to that side: "north" is the top edge's middle, so the box hangs below the spot.
COMPASS = {"east": (1, 0), "north east": (1, 1), "north": (0, 1), "north west": (-1, 1),
           "west": (-1, 0), "south west": (-1, -1), "south": (0, -1), "south east": (1, -1)}
_ORDER = tuple(COMPASS)  # by 45°, counter-clockwise

# What a collision costs; the lowest total wins (ties keep the painter's anchor). A label over a
# tick label or another label makes both unreadable; over a few points it stays readable (its
# white ground fades them), so when a crowded slide leaves no free place, points give way first.
OUTSIDE_COST = 1000.0  # per share of the label's area outside the plot's box
OVERLAP_COST = 400.0  # per tick label, axis title or label already placed that it overlaps
SHAFT_COST = 60.0  # when it lies across its own arrow
POINT_COST = 10.0  # per point under it (marks reach POINT_RADIUS_CM beyond their centre)
TURN_COST = 1.0  # per 45° away from the painter's anchor
SHIFTS = (0.0, 1.0, -1.0, 2.0, -2.0, 3.0, -3.0, 4.0, -4.0, 5.0, -5.0)  # vertical steps tried, in heights
SHIFT_COST = 2.0  # per label height stepped up or down
POINT_RADIUS_CM = 0.13  # a + or − mark is 7 pt wide; a visited ring 6 pt in radius

# pdflatex's widths, rounded up: a digit or letter of \footnotesize is ≤ 0.17 cm, of the normal
# size ≤ 0.2 cm; \scriptsize ≤ 0.14 cm. Heights with the node's inner sep.
CHAR_CM = {"scriptsize": 0.14, "footnotesize": 0.17, "normal": 0.2}
HEIGHT_CM = {"scriptsize": 0.3, "footnotesize": 0.38, "normal": 0.45}


def visible_length(tex: str) -> int:
    """How many characters a TeX label shows: '$w_{3}$' → 2, '$(w, b)$' → 6."""
    s = re.sub(r"\\[a-zA-Z]+", "x", tex)  # a command (\theta, \|) shows about one character
    s = re.sub(r"[${}_^\\]", "", s)
    return max(1, len(s))


def label_size_cm(tex: str, font: str = "normal", pad_cm: float = 0.1) -> tuple[float, float]:
    """The estimated width and height in centimetres of a label (with its inner sep)."""
    return CHAR_CM[font] * visible_length(tex) + pad_cm, HEIGHT_CM[font]


@dataclass
class Obstacles:
    """What a label must not cover, in picture units: the plot's ``frame`` (x0, y0, x1, y1),
    the marks' centres, and boxes (tick labels, axis titles, labels placed so far)."""

    frame: tuple[float, float, float, float] | None = None
    points: list[np.ndarray] = field(default_factory=list)
    boxes: list[tuple[float, float, float, float]] = field(default_factory=list)
    n_fixed_boxes: int = 0  # the first boxes belong to the axes; the rest are labels

    def add_points(self, xy: np.ndarray) -> None:
        xy = np.asarray(xy, dtype=np.float64).reshape(-1, 2)
        if xy.size:
            self.points.append(xy)

    def add_axis_box(self, box: tuple[float, float, float, float]) -> None:
        self.boxes.insert(self.n_fixed_boxes, box)
        self.n_fixed_boxes += 1

    def fork(self) -> Obstacles:
        """The same frame, points and axes, without the labels placed so far (a Beamer overlay
        sees the static picture, not the other overlays' labels)."""
        return Obstacles(self.frame, list(self.points), list(self.boxes[:self.n_fixed_boxes]), self.n_fixed_boxes)


def box_at(at: np.ndarray, anchor: str, w: float, h: float) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) of a ``w`` × ``h`` label whose side ``anchor`` sits on ``at``."""
    dx, dy = COMPASS[anchor]
    cx, cy = float(at[0]) - dx * w / 2.0, float(at[1]) - dy * h / 2.0
    return cx - w / 2.0, cy - h / 2.0, cx + w / 2.0, cy + h / 2.0


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _outside_share(box: tuple[float, float, float, float], frame: tuple[float, float, float, float]) -> float:
    w, h = box[2] - box[0], box[3] - box[1]
    iw = max(0.0, min(box[2], frame[2]) - max(box[0], frame[0]))
    ih = max(0.0, min(box[3], frame[3]) - max(box[1], frame[1]))
    return 1.0 - (iw * ih) / (w * h) if w * h > 0 else 0.0


def place(obs: Obstacles, at: np.ndarray, size_cm: tuple[float, float], units: tuple[float, float],
          preferred: str, shaft: np.ndarray | None = None, point_radius: float = POINT_RADIUS_CM) -> tuple[str, float]:
    """Where a label of ``size_cm`` at ``at`` (picture units; ``units`` are the picture's cm per
    unit in x and y) collides least with ``obs``: its anchor and a vertical shift in cm (a long
    label may have to step up or down between two tick labels). The label's box is then added
    to ``obs``. ``shaft`` (2, 2): the label's own arrow, which it must not cross. ``point_radius``:
    how far a mark reaches beyond its centre, in the sizes' unit."""
    ux, uy = units
    w, h = size_cm[0] / ux, size_cm[1] / uy
    rx, ry = point_radius / ux, point_radius / uy
    at = np.asarray(at, dtype=np.float64)
    pts = np.concatenate(obs.points) if obs.points else np.empty((0, 2))
    if pts.size:  # only the marks that any candidate can reach
        reach_x, reach_y = w + rx, h * (1 + max(SHIFTS)) + ry
        pts = pts[(np.abs(pts[:, 0] - at[0]) < reach_x) & (np.abs(pts[:, 1] - at[1]) < reach_y)]
    start = _ORDER.index(preferred) if preferred in COMPASS else 0
    best, best_cost = (_ORDER[start], 0.0), np.inf
    for shift in SHIFTS:
        for step in (0, 1, -1, 2, -2, 3, -3, 4):  # the painter's anchor first, then further round
            anchor = _ORDER[(start + step) % 8]
            spot = at + np.array([0.0, shift * h])
            box = box_at(spot, anchor, w, h)
            cost = TURN_COST * abs(step) + SHIFT_COST * abs(shift)
            if obs.frame is not None:
                cost += OUTSIDE_COST * _outside_share(box, obs.frame)
            cost += OVERLAP_COST * sum(_overlap(box, b) for b in obs.boxes)
            if shaft is not None:
                inner = (box[0] + 0.1 * w, box[1] + 0.1 * h, box[2] - 0.1 * w, box[3] - 0.1 * h)
                if clip_segment(shaft[0], shaft[1], inner) is not None:
                    cost += SHAFT_COST
            if pts.size:
                under = ((pts[:, 0] > box[0] - rx) & (pts[:, 0] < box[2] + rx)
                         & (pts[:, 1] > box[1] - ry) & (pts[:, 1] < box[3] + ry))
                cost += POINT_COST * int(np.count_nonzero(under))
            if cost < best_cost:
                best, best_cost = (anchor, shift * size_cm[1]), cost
    anchor, shift_cm = best
    obs.boxes.append(box_at(at + np.array([0.0, shift_cm / uy]), anchor, w, h))
    return anchor, shift_cm


def node_options(anchor: str, shift_cm: float) -> str:
    """The TikZ node options of a placed label: 'anchor=north' or 'anchor=north, yshift=0.38cm'."""
    return f"anchor={anchor}" + (f", yshift={shift_cm:.3g}cm" if shift_cm else "")
