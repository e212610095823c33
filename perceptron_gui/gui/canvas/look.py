"""A canvas drawn again in another look: another theme (View → Theme) or presentation mode's
thicker lines and bigger symbols. The canvas's items are made for one look, so the points and
the overlay are made anew (cheap: one set_points, and the overlay's items) rather than each
pen patched in place, which would be a second copy of the overlay's styling."""
from __future__ import annotations

from typing import Any

import numpy as np
import pyqtgraph as pg

from ...render.theme import Theme
from .overlay import FrameOverlay, OverlayLook, point_style, point_styles
from .scatter import FastScatter

__all__ = ["restyle", "style_axes"]


def style_axes(item: pg.PlotItem, theme: Theme) -> None:
    """The canvas's axes, tick labels and grid in ``theme``'s colours."""
    item.showGrid(x=True, y=True, alpha=theme.grid_alpha)
    for name in ("left", "bottom"):
        axis = item.getAxis(name)
        axis.setPen(pg.mkPen("#9A9A9A" if theme.dark else "#444444"))  # the grid takes this colour too
        axis.setTextPen(pg.mkPen(theme.foreground))


def restyle(canvas: Any, look: OverlayLook) -> None:
    """Give ``canvas`` (a :class:`~perceptron_gui.gui.canvas.canvas.Canvas`) ``look``'s background, axes,
    points and overlay; the caller redraws its frame."""
    canvas.plot.setBackground(look.theme.background)
    item = canvas.plot.getPlotItem()
    style_axes(item, look.theme)
    old = canvas.points_item
    cache = old.cacheMode()
    canvas.view_box.removeItem(old)
    points = FastScatter(point_styles(look))
    points.setZValue(old.zValue())
    points.setCacheMode(cache)
    canvas.view_box.addItem(points, ignoreBounds=True)
    pts = canvas.session.points
    points.set_points(np.asarray(canvas.view_points), point_style(pts.y, pts.test, pts.n))
    canvas.points_item = points
    canvas.overlay.dispose(item)
    canvas.overlay = FrameOverlay(canvas.view_box, item, look)
    (x0, x1), (y0, y1) = canvas.view_box.viewRange()
    canvas.overlay.set_view_rect((x0, y0, x1, y1))
