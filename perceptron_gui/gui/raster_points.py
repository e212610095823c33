"""The canvas's points at any count: a vector scatter up to a threshold, one image above it.

A ScatterPlotItem repaints every point on each zoom, pan, resize or moved point: about 200 ms
at 10⁶ points, even with Qt's item cache (the cache is redrawn whenever the view changes). Above
:data:`RASTER_ABOVE` points the canvas shows :class:`RasterPoints` instead: the marks are
stamped into one image at screen resolution (render/point_stamps.py, ~60 ms for 10⁶ points on 2
cores), redrawn only when the view or the data change, and only around a dragged point while
it moves (a few ms). :class:`PointLayer` keeps one of the two filled and switches as points are
added or deleted across the threshold.
"""
from __future__ import annotations

import math
import threading
from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from pyqtgraph.graphicsItems.ScatterPlotItem import drawSymbol
from PySide6 import QtCore, QtGui, QtWidgets

from ..render import point_stamps as ps
from .canvas_scatter import FastScatter

__all__ = ["RASTER_ABOVE", "RasterPoints", "PointLayer"]

RASTER_ABOVE = 100_000  # points; at 10⁵ a vector repaint costs ~30 ms, a raster a few
_MAX_SIDE = 16_384  # px: a view larger than this (a huge export) is not rasterised past it
_FEW_MOVED = 16  # moved points redrawn box by box; more than this: the whole image again
_ARGB = QtGui.QImage.Format.Format_ARGB32_Premultiplied


def _stamp_image(symbol, size: float, pen: QtGui.QPen, brush: QtGui.QBrush, dpr: float) -> np.ndarray:
    """One style's mark as premultiplied ARGB (h, w) uint32, drawn as ScatterPlotItem draws it,
    its centre in the middle of the centre pixel (an odd side)."""
    side = 2 * math.ceil(dpr * (size + max(math.ceil(pen.widthF()), 1)) / 2) + 1
    img = QtGui.QImage(side, side, _ARGB)
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


class _Ready(QtCore.QObject):
    done = QtCore.Signal()


_READY: _Ready | None = None


def _kernels_ready() -> QtCore.SignalInstance:
    """A signal emitted (on the UI thread, queued) once point_stamps.warm_up has run on a
    worker thread; the first call starts that thread."""
    global _READY
    if _READY is None:
        ready = _READY = _Ready()  # made on the UI thread, so its signal is delivered there

        def work() -> None:
            ps.warm_up()
            ready.done.emit()
        threading.Thread(target=work, name="point-stamps-warm-up", daemon=True).start()
    return _READY.done


class RasterPoints(pg.GraphicsObject):
    """Points drawn as one image of the view at device resolution.

    ``styles`` is the canvas's style table, (symbol, size, pen, brush) per style, as
    :class:`FastScatter` takes it. The image is made in :meth:`paint` when the view's transform,
    the device's size or the points changed since the last one, so many range changes between
    two paints cost one raster.
    """

    def __init__(self, styles: Sequence[tuple]) -> None:
        super().__init__()
        self.setAcceptedMouseButtons(QtCore.Qt.MouseButton.NoButton)
        self._styles = [tuple(s) for s in styles]
        self._stamps: ps.Stamps | None = None
        self._stamps_dpr = 0.0
        self.P = np.zeros((0, 2))
        self.style = np.zeros(0, dtype=np.intp)
        self._key: tuple | None = None  # what the image was made for
        self._qimage: QtGui.QImage | None = None
        self._pixels = np.zeros((0, 0), dtype=np.uint32)  # a view of _qimage's memory
        self._px = np.zeros(0, dtype=np.int32)  # each point's pixel in the image
        self._py = np.zeros(0, dtype=np.int32)
        self._shown = np.zeros(0, dtype=np.bool_)  # which points the image holds (see stamp_all)
        self._target = QtCore.QRectF()  # where the image goes, in device-independent pixels
        self.rasters = 0  # whole images made (tests and benchmarks read it)
        self._awaiting = False  # for the kernels (see _await_kernels)

    @property
    def n(self) -> int:
        return int(self.P.shape[0])

    def pixel(self, x: float, y: float) -> QtGui.QColor | None:
        """The colour the image holds at device-independent pixel (x, y) of the paint device
        (None before the first image, or outside it)."""
        if self._qimage is None or self._key is None:
            return None
        dpr = self._key[6]
        c, r = math.floor((x - self._target.left()) * dpr), math.floor((y - self._target.top()) * dpr)
        if not (0 <= c < self._qimage.width() and 0 <= r < self._qimage.height()):
            return None
        return self._qimage.pixelColor(c, r)

    # ---- data ---------------------------------------------------------------------------------
    def set_points(self, P: np.ndarray, style: np.ndarray) -> None:
        self.P = np.array(P, dtype=np.float64).reshape(-1, 2)
        self.style = np.asarray(style, dtype=np.intp).copy()
        self._changed()

    def move_points(self, idx: np.ndarray, P: np.ndarray) -> None:
        idx = np.asarray(idx, dtype=np.intp)
        self.P[idx] = P
        self._redraw_rows(idx)

    def set_styles(self, idx: np.ndarray, style: np.ndarray) -> None:
        idx = np.asarray(idx, dtype=np.intp)
        self.style[idx] = style
        self._redraw_rows(idx)

    def delete_points(self, idx: np.ndarray) -> None:
        keep = np.ones(self.n, dtype=bool)
        keep[np.asarray(idx, dtype=np.intp)] = False
        self.P, self.style = self.P[keep], self.style[keep]
        self._changed()

    def insert_points(self, at: np.ndarray, P: np.ndarray, style: np.ndarray) -> None:
        at = np.asarray(at, dtype=np.intp)
        where = at - np.arange(at.size)  # positions among the old rows (at: rows after the insert)
        self.P = np.insert(self.P, where, np.asarray(P, dtype=np.float64).reshape(-1, 2), axis=0)
        self.style = np.insert(self.style, where, np.asarray(style, dtype=np.intp))
        self._changed()

    def set_style_table(self, styles: Sequence[tuple]) -> None:
        """Draw with another style table (another look): the marks are made again."""
        self._styles = [tuple(st) for st in styles]
        self._stamps = None
        self._changed()

    def _changed(self) -> None:
        self._key = None
        self.update()

    def _redraw_rows(self, idx: np.ndarray) -> None:
        """Rows ``idx`` moved or restyled: redraw the boxes around their old and new pixels
        now (the view is unchanged), or the whole image at the next paint."""
        if self._key is None or self._stamps is None or idx.size > _FEW_MOVED or self._px.size != self.n:
            self._changed()
            return
        old = np.column_stack((self._px[idx], self._py[idx]))
        sx, ox, sy, oy = self._key[:4]
        self._px[idx], self._py[idx] = ps.pixel_coords(self.P[idx], sx, ox, sy, oy)
        new = np.column_stack((self._px[idx], self._py[idx]))
        self._shown[idx] = True  # a moved mark is drawn even where another hid it before
        ps.restamp_boxes(self._pixels, self._px, self._py, self.style, self._stamps, np.vstack((old, new)), self._shown)
        self.update()

    # ---- QGraphicsItem ------------------------------------------------------------------------
    def boundingRect(self) -> QtCore.QRectF:  # noqa: N802
        r = self.viewRect()  # the visible data rectangle: the image covers exactly that
        return QtCore.QRectF() if r is None else QtCore.QRectF(r)

    def viewRangeChanged(self) -> None:  # noqa: N802 - pyqtgraph's hook on a pan, zoom or resize
        self.prepareGeometryChange()
        self.update()

    def paint(self, p: QtGui.QPainter, *args) -> None:
        if self.n == 0:
            return
        tr = p.transform()  # data → device-independent pixels of the paint device
        if tr.m12() or tr.m21():
            return  # pyqtgraph's views never rotate; a rotated image would be wrong, not slow
        dev = p.device()
        if not ps.is_warm():
            if isinstance(dev, QtWidgets.QWidget):  # on screen: draw once they are ready
                self._await_kernels()
                return
            ps.warm_up()  # an image or a file being rendered: it must hold the points
        dpr = float(dev.devicePixelRatioF()) if dev is not None else 1.0
        r = tr.mapRect(self.boundingRect())
        x0, y0 = math.floor(r.left() * dpr), math.floor(r.top() * dpr)
        w = min(math.ceil(r.right() * dpr) - x0, _MAX_SIDE)
        h = min(math.ceil(r.bottom() * dpr) - y0, _MAX_SIDE)
        if w <= 0 or h <= 0:
            return
        key = (tr.m11() * dpr, tr.dx() * dpr - x0, tr.m22() * dpr, tr.dy() * dpr - y0, w, h, dpr)
        if key != self._key:
            self._raster(key)
        self._target = QtCore.QRectF(x0 / dpr, y0 / dpr, w / dpr, h / dpr)
        p.save()
        p.resetTransform()
        p.drawImage(self._target, self._qimage)
        p.restore()

    def _await_kernels(self) -> None:
        """Load the stamping kernels on a worker (0.8 s from numba's cache, seconds the first
        time) instead of blocking the window; paint again when they are ready."""
        if not self._awaiting:
            self._awaiting = True
            _kernels_ready().connect(self._on_kernels_ready)

    def _on_kernels_ready(self) -> None:
        self._awaiting = False
        self.update()

    def _raster(self, key: tuple) -> None:
        sx, ox, sy, oy, w, h, dpr = key
        if self._stamps is None or self._stamps_dpr != dpr:
            self._stamps = ps.make_stamps([_stamp_image(*s, dpr) for s in self._styles])
            self._stamps_dpr = dpr
        if self._qimage is None or (self._qimage.width(), self._qimage.height()) != (w, h):
            self._qimage = QtGui.QImage(w, h, _ARGB)
            self._qimage.setDevicePixelRatio(dpr)
            row = self._qimage.bytesPerLine() // 4
            self._pixels = np.frombuffer(self._qimage.bits(), dtype=np.uint32).reshape(h, row)[:, :w]
        self._px, self._py = ps.pixel_coords(self.P, sx, ox, sy, oy)
        self._shown = ps.stamp_all(self._pixels, self._px, self._py, self.style, self._stamps)
        self._key = key
        self.rasters += 1


class PointLayer:
    """The canvas's points: ``scatter`` (vector marks) up to ``raster_above`` points, ``raster``
    above (None: always the scatter, as figures need for SVG and PDF). The canvas edits through
    this; the empty one of the two is hidden."""

    def __init__(self, scatter: FastScatter, raster_above: int | None) -> None:
        self.scatter = scatter
        self.raster_above = raster_above
        self.raster: RasterPoints | None = None
        if raster_above is not None:
            self.raster = RasterPoints(scatter.style_table)
            self.raster.setZValue(scatter.zValue())
            self.raster.hide()

    def set_scatter(self, scatter: FastScatter) -> None:
        """Use ``scatter`` (filled with all points, in a new look's styles) from now on; while
        the points are an image, the image takes its styles and the scatter is emptied."""
        self.scatter = scatter
        if self.raster is None:
            return
        self.raster.set_style_table(scatter.style_table)
        self.raster.setZValue(scatter.zValue())
        if self.rastered:
            scatter.set_points(np.zeros((0, 2)))
            scatter.hide()

    @property
    def rastered(self) -> bool:
        """Whether the points are drawn as an image now."""
        return self.raster is not None and self.raster.isVisible()

    def active(self) -> FastScatter | RasterPoints:
        return self.raster if self.rastered and self.raster is not None else self.scatter

    def set_points(self, P: np.ndarray, style: np.ndarray) -> None:
        if self.raster is not None and self.raster_above is not None and len(P) > self.raster_above:
            self.raster.set_points(P, style)
            self._show(raster=True)
        else:
            self.scatter.set_points(P, style)
            self._show(raster=False)

    def move_points(self, idx: np.ndarray, P: np.ndarray) -> None:
        self.active().move_points(idx, P)

    def set_styles(self, idx: np.ndarray, style: np.ndarray) -> None:
        self.active().set_styles(idx, style)

    def delete_points(self, idx: np.ndarray) -> None:
        layer = self.active()
        layer.delete_points(idx)
        if layer is self.raster and self.raster_above is not None and self.raster.n <= self.raster_above:
            self.set_points(self.raster.P, self.raster.style)  # below the threshold: vector marks again

    def insert_points(self, at: np.ndarray, P: np.ndarray, style: np.ndarray) -> None:
        layer = self.active()
        layer.insert_points(at, P, style)
        if layer is self.scatter and self.raster is not None and self.raster_above is not None \
                and len(self.scatter.data) > self.raster_above:
            self.set_points(np.column_stack(self.scatter.getData()), self.scatter.styles())

    def _show(self, raster: bool) -> None:
        if self.raster is None:
            return
        if raster:  # the scatter's records of 10⁶ points hold ~100 MB: give them back
            self.scatter.set_points(np.zeros((0, 2)))
        else:
            self.raster.set_points(np.zeros((0, 2)), np.zeros(0, dtype=np.intp))
        self.scatter.setVisible(not raster)
        self.raster.setVisible(raster)
