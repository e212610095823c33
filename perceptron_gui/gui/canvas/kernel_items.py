"""The kernel perceptron's items on the canvas: the regions sign f(x), the curve f(x) = 0 and
the α rings (render/kernel_picture.py says what; this says how it looks on screen)."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui

from ...render import theme as style
from ...render.kernel_picture import AlphaRings, Curve, alpha_ring_scale
from ...render.picture import Picture, Raster

__all__ = ["KernelLayer", "ALPHA_RING_PX"]

ALPHA_RING_PX = 22.0  # the ring of a point with α = 1; larger α, larger ring (alpha_ring_scale)


class KernelLayer:
    """Three pyqtgraph items, made once and updated per picture (hidden for other algorithms).

    Parameters
    ----------
    view_box : where they are drawn.
    boundary_pen : the pen of f(x) = 0 (the hyperplane's: it is the hyperplane of the feature space).
    ring_colour : the α rings' colour; ``size_factor`` scales them (slides draw bigger).
    region_alpha : the shading's opacity (0–255), as the linear regions'.
    """

    def __init__(self, view_box: pg.ViewBox, boundary_pen: QtGui.QPen, ring_colour: str,
                 size_factor: float = 1.0, region_alpha: int = 40) -> None:
        self.view_box = view_box
        self.regions = pg.ImageItem(axisOrder="row-major")
        self.regions.setAcceptedMouseButtons(QtCore.Qt.MouseButton.NoButton)
        self.boundary = pg.PlotCurveItem(pen=boundary_pen, connect="pairs", antialias=True)
        ring_pen = pg.mkPen(QtGui.QColor(ring_colour), width=1.6)
        self.rings = pg.ScatterPlotItem(symbol="o", pen=ring_pen, brush=pg.mkBrush(None), pxMode=True)
        self.size_factor = size_factor
        self.region_alpha = region_alpha
        self.ring_pen = ring_pen
        for item, z in ((self.regions, -29), (self.boundary, -17), (self.rings, 10)):
            item.setZValue(z)
            view_box.addItem(item, ignoreBounds=True)
            item.setVisible(False)

    def items(self) -> tuple[pg.GraphicsObject, ...]:
        return self.regions, self.boundary, self.rings

    def show(self, pic: Picture) -> None:
        regions, curve, rings = pic.get("kernel_regions"), pic.get("kernel_boundary"), pic.get("alpha")
        if isinstance(regions, Raster):
            a = self.region_alpha
            rgba = np.where(regions.positive[..., None], np.array(style.POSITIVE_REGION[:3] + (a,), dtype=np.uint8),
                            np.array(style.NEGATIVE_REGION[:3] + (a,), dtype=np.uint8))
            x0, y0, x1, y1 = regions.rect
            self.regions.setImage(rgba.astype(np.uint8), autoLevels=False, levels=(0, 255))
            self.regions.setRect(QtCore.QRectF(x0, y0, x1 - x0, y1 - y0))
        self.regions.setVisible(isinstance(regions, Raster))
        if isinstance(curve, Curve):
            seg = curve.segments.reshape(-1, 2)
            self.boundary.setData(seg[:, 0], seg[:, 1], connect="pairs")
        self.boundary.setVisible(isinstance(curve, Curve))
        if isinstance(rings, AlphaRings):
            sizes = ALPHA_RING_PX * self.size_factor * alpha_ring_scale(rings.alpha)
            self.rings.setData(pos=rings.positions, size=sizes)
        self.rings.setVisible(isinstance(rings, AlphaRings))

    def dispose(self) -> None:
        for item in self.items():
            if item.scene() is not None:
                self.view_box.removeItem(item)
