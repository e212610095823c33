"""One image of many points, made off the UI thread (see raster_points.py, which shows it).

:func:`make_image` touches no widget and no shared state: it may run on a worker thread (QImage,
unlike QPixmap, is safe there) while the window goes on painting the previous image.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from pyqtgraph.graphicsItems.ScatterPlotItem import drawSymbol
from PySide6 import QtCore, QtGui

from ...render import point_stamps as ps

__all__ = ["ViewKey", "RasterImage", "make_stamps", "make_image", "remap"]

ARGB = QtGui.QImage.Format.Format_ARGB32_Premultiplied


@dataclass(frozen=True)
class ViewKey:
    """What an image is made for: device pixel = s·data + o on each axis (o counted from the
    image's top-left pixel, which lies at device pixel (x0, y0)), its size and pixel ratio."""

    sx: float
    ox: float
    sy: float
    oy: float
    x0: int
    y0: int
    w: int
    h: int
    dpr: float

    def target(self) -> QtCore.QRectF:
        """Where the image goes, in device-independent pixels."""
        return QtCore.QRectF(self.x0 / self.dpr, self.y0 / self.dpr, self.w / self.dpr, self.h / self.dpr)


@dataclass
class RasterImage:
    """An image of points for ``key`` at data ``version``; px, py: each point's pixel in it;
    shown: the points it holds (see point_stamps.stamp_all); index: those by tile, and moved: the
    rows moved since (both for point_stamps.restamp_boxes). ``pixels`` views the image's memory,
    so the UI thread may redraw a few marks in place (a drag)."""

    key: ViewKey
    version: int
    qimage: QtGui.QImage
    pixels: np.ndarray
    px: np.ndarray
    py: np.ndarray
    shown: np.ndarray
    index: ps.TileIndex
    moved: np.ndarray


def _stamp_image(symbol, size: float, pen: QtGui.QPen, brush: QtGui.QBrush, dpr: float) -> np.ndarray:
    """One style's mark as premultiplied ARGB (h, w) uint32, drawn as ScatterPlotItem draws it,
    its centre in the middle of the centre pixel (an odd side)."""
    side = 2 * math.ceil(dpr * (size + max(math.ceil(pen.widthF()), 1)) / 2) + 1
    img = QtGui.QImage(side, side, ARGB)
    img.fill(QtCore.Qt.GlobalColor.transparent)
    p = QtGui.QPainter(img)
    try:
        p.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        p.translate(side / 2, side / 2)
        p.scale(dpr, dpr)
        drawSymbol(p, symbol, size, pen, brush)
    finally:
        p.end()
    row = img.bytesPerLine() // 4
    return np.frombuffer(img.constBits(), dtype=np.uint32).reshape(side, row)[:, :side].copy()


def make_stamps(styles: Sequence[tuple], dpr: float) -> ps.Stamps:
    """The stamps of a style table, (symbol, size, pen, brush) per style, at pixel ratio dpr."""
    return ps.make_stamps([_stamp_image(symbol, size, pen, brush, dpr) for symbol, size, pen, brush in styles])


def make_image(key: ViewKey, version: int, P: np.ndarray, style: np.ndarray, stamps: ps.Stamps) -> RasterImage:
    """Stamp points P (n, 2) in styles ``style`` into a new image for ``key``."""
    ps.warm_up()  # on a worker, the first time: the compiling waits here, not on the UI thread
    qimage = QtGui.QImage(key.w, key.h, ARGB)
    qimage.setDevicePixelRatio(key.dpr)
    pixels = np.frombuffer(qimage.bits(), dtype=np.uint32).reshape(key.h, qimage.bytesPerLine() // 4)[:, :key.w]
    px, py = ps.pixel_coords(P, key.sx, key.ox, key.sy, key.oy)
    shown = ps.stamp_all(pixels, px, py, style, stamps)
    index = ps.tile_index(px, py, shown, key.w, key.h, stamps.radius)
    return RasterImage(key, version, qimage, pixels, px, py, shown, index, np.zeros(0, dtype=np.int64))


def remap(old: ViewKey, new: ViewKey) -> QtGui.QTransform:
    """The transform that lays an image made for ``old`` (in its pixels) where its points lie
    for ``new`` (in device-independent pixels): a zoom or pan shows the last image stretched
    while the next one is made."""
    ax, ay = new.sx / old.sx, new.sy / old.sy
    # image pixel u of old ↦ data (u − o₀)/s₀ ↦ new device pixel x0₁ + s₁·data + o₁
    bx, by = new.x0 + new.ox - ax * old.ox, new.y0 + new.oy - ay * old.oy
    return QtGui.QTransform(ax / new.dpr, 0, 0, ay / new.dpr, bx / new.dpr, by / new.dpr)
