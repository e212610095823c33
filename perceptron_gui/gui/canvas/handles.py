"""Handles on the hyperplane and its normal arrow: drag them to set the run's start.

Dragging the line moves it (with an offset: w kept, b so that the line passes under the mouse;
through the origin: turned about the origin to pass under the mouse); dragging the arrow's tip
turns w towards the mouse and scales it by how far the tip is pulled (the arrow is drawn a fixed
number of pixels long, so pulling it to twice that length doubles ‖w‖), the line kept through
the arrow's base. Either makes the weights shown the run's start: ``init = "custom"`` with
``start_w``/``start_b`` through ``Session.set_params`` (one undo step per drag), and the playhead
goes to the start, so the line follows the mouse and stepping goes on from there.

Only the 2-D plane view has handles: elsewhere a line on the screen is not one hyperplane.
The arithmetic is Qt-free functions (tested directly); the tool only maps pixels.

Snapping (on unless Alt or Shift is held while moving): a drag lands on round values.

* A point: its position snaps to a grid of a tenth of each axis's major tick spacing as
  drawn (ticks every 0.5: a grid of 0.05), other selected points moving along by as much.
* The line, with an offset: b snaps to a 1-2-5 step near ‖w‖ × that grid (the line moves by
  about one grid cell a step); through the origin: w's components snap to a 1-2-5 step of
  about ‖w‖/20 (‖w‖ at the drag's start: 0.1 for ‖w‖ = 3).
* The arrow's tip: w's components snap to that step, b follows to keep the line through the
  arrow's base.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

__all__ = ["HandleDrag", "pick_handle", "dragged_line", "dragged_tip", "nice_step", "snap", "grid_steps",
           "weight_steps", "snapped_weights", "SNAP_FRACTION", "W_STEPS"]

MIN_PULL = 0.05  # the tip pulled to less than 5 % of the arrow's length keeps that length's w
SNAP_FRACTION = 0.1  # the grid a dragged point snaps to: this fraction of the axis's major tick spacing
W_STEPS = 20  # w's components snap to a 1-2-5 step of about ‖w‖ / W_STEPS


def nice_step(scale: float) -> float:
    """The largest of 1, 2 or 5 × 10ᵏ not above ``scale``; 0 (no snapping) for a scale that is
    not positive and finite."""
    scale = float(scale)
    if not (np.isfinite(scale) and scale > 0.0):
        return 0.0
    p = 10.0 ** np.floor(np.log10(scale))
    for m in (5.0, 2.0, 1.0):
        if m * p <= scale * (1 + 1e-12):
            return float(m * p)
    return float(p / 2)  # log10 rounding put p just above scale


def snap(v: float | np.ndarray | Sequence[float], step: float | np.ndarray | Sequence[float]) -> np.ndarray:
    """``v`` rounded to the nearest multiple of ``step`` (elementwise; a step of 0 leaves the
    value as it is), written as the round decimal it is (0.6, not 0.6000000000000001)."""
    v = np.asarray(v, dtype=np.float64)
    step = np.broadcast_to(np.asarray(step, dtype=np.float64), v.shape)
    on = np.isfinite(step) & (step > 0.0)
    safe = np.where(on, step, 1.0)
    snapped = np.round(v / safe) * safe
    # Decimals of the step plus one: a 1-2-5 step of 10ᵏ has −k decimals at most.
    decimals = np.where(on, np.maximum(0, 1 - np.floor(np.log10(safe))), 0).astype(int)
    cleaned = np.array([round(float(x), int(d)) for x, d in zip(snapped.ravel(), decimals.ravel())]).reshape(v.shape)
    return np.where(on, cleaned, v)


def grid_steps(major_ticks: Sequence[float]) -> np.ndarray:
    """The grid (per axis) a dragged point snaps to, from each axis's major tick spacing (a
    spacing that is not positive and finite: no snapping along that axis)."""
    t = np.asarray(major_ticks, dtype=np.float64)
    return np.where(np.isfinite(t) & (t > 0.0), SNAP_FRACTION * t, 0.0)


def weight_steps(w: np.ndarray, grid: np.ndarray) -> tuple[float, float]:
    """(step of w's components, step of b) for a drag of the handles that began on ``w``, in a
    view whose point grid is ``grid`` (x, y)."""
    nw = float(np.hypot(*np.asarray(w, dtype=np.float64)))
    g = np.asarray(grid, dtype=np.float64)
    g = g[np.isfinite(g) & (g > 0.0)]
    return nice_step(nw / W_STEPS), nice_step(nw * float(g.min())) if g.size else 0.0


def snapped_weights(h: HandleDrag, w: np.ndarray, b: float) -> tuple[np.ndarray, float]:
    """The weights (w, b) a handle drag produced, snapped (see the module's docstring)."""
    step_w, step_b = h.steps
    if h.kind == "line" and h.offset:
        return w, float(snap(b, step_b))
    sw = snap(w, step_w)
    if not np.any(sw != 0.0):
        return w, b  # a step coarser than w: rather the unsnapped w than none
    if h.kind == "tip" and h.offset:
        return sw, float(-(sw @ h.base))
    return sw, b


@dataclass
class HandleDrag:
    """A drag of the line ("line") or of the arrow's tip ("tip") that began on weights (w, b)."""

    kind: str
    w: np.ndarray
    b: float
    offset: bool
    base: np.ndarray  # the arrow's base on the line (data coordinates)
    drag_id: int
    steps: tuple[float, float] = (0.0, 0.0)  # snapping: (step of w's components, step of b); 0: none


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
