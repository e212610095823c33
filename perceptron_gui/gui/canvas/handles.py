"""Handles on the hyperplane and its normal arrow: drag them to set the run's start (issue 10.1).

Dragging the line moves it (with an offset: w kept, b so that the line passes under the mouse;
through the origin: turned about the origin to pass under the mouse); dragging the arrow's tip
turns w towards the mouse and scales it by how far the tip is pulled (the arrow is drawn a fixed
number of pixels long, so pulling it to twice that length doubles ‖w‖), the line kept through
the arrow's base. Either makes the weights shown the run's start: ``init = "custom"`` with
``start_w``/``start_b`` through ``Session.set_params`` (one undo step per drag), and the playhead
goes to the start, so the line follows the mouse and stepping goes on from there.

Only the 2-D plane view has handles: elsewhere a line on the screen is not one hyperplane.
The arithmetic is Qt-free functions (tested directly); the tool only maps pixels.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["HandleDrag", "pick_handle", "dragged_line", "dragged_tip"]

MIN_PULL = 0.05  # the tip pulled to less than 5 % of the arrow's length keeps that length's w


@dataclass
class HandleDrag:
    """A drag of the line ("line") or of the arrow's tip ("tip") that began on weights (w, b)."""

    kind: str
    w: np.ndarray
    b: float
    offset: bool
    base: np.ndarray  # the arrow's base on the line (data coordinates)
    drag_id: int


def pick_handle(m: np.ndarray, w: np.ndarray, b: float, base: np.ndarray | None, direction: np.ndarray | None,
                px: np.ndarray, arrow_px: float, radius_px: float) -> str | None:
    """Which handle the mouse at ``m`` (data) grabs: "tip", "line" or None.

    ``px`` is the size of a pixel in data units (x, y); the arrow's tip is ``arrow_px`` pixels
    from ``base`` along ``direction`` (unit, data units)."""
    w = np.asarray(w, dtype=np.float64)
    nw = float(np.hypot(*w))
    if nw == 0.0 or not np.all(np.isfinite(w)):
        return None
    if base is not None and direction is not None:
        d_px = np.asarray(direction) / px
        tip_px = np.asarray(base) / px + arrow_px * d_px / float(np.hypot(*d_px))
        if float(np.hypot(*(m / px - tip_px))) <= radius_px:
            return "tip"
    foot = m - (float(w @ m) + b) / (nw * nw) * w  # the line's point nearest to m
    return "line" if float(np.hypot(*((m - foot) / px))) <= radius_px else None


def dragged_line(h: HandleDrag, m: np.ndarray) -> tuple[np.ndarray, float] | None:
    """The weights once the line is dragged to pass through ``m`` (None: no such line)."""
    if h.offset:
        return h.w.copy(), float(-(h.w @ m))
    r = float(np.hypot(*m))
    if r == 0.0:
        return None  # every line through the origin passes there: keep the last one
    n = np.array([-m[1], m[0]]) / r  # unit normal of the line through 0 and m
    if n @ h.w < 0.0:
        n = -n  # keep the side the arrow points to
    return float(np.hypot(*h.w)) * n, 0.0


def dragged_tip(h: HandleDrag, m: np.ndarray, px: np.ndarray, arrow_px: float) -> tuple[np.ndarray, float] | None:
    """The weights once the arrow's tip is pulled to ``m``: w turned towards it, scaled by the
    pulled length over the drawn length, the line kept through the arrow's base (through the
    origin without an offset). None when the mouse is on the base."""
    v = m - h.base
    dist = float(np.hypot(*v))
    if dist == 0.0:
        return None
    pull = max(MIN_PULL, float(np.hypot(*(v / px))) / arrow_px)
    w = float(np.hypot(*h.w)) * pull * v / dist
    return w, float(-(w @ h.base)) if h.offset else 0.0
