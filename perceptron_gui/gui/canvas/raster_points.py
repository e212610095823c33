"""The canvas's points at any count: a vector scatter up to a threshold, one image above it.

A ScatterPlotItem repaints every point on each zoom, pan, resize or moved point: about 200 ms at
10⁶ points, even with Qt's item cache (the cache is redrawn whenever the view changes). Above
:data:`RASTER_ABOVE` points the canvas shows :class:`RasterPoints` instead: the marks are
stamped into one image at screen resolution (render/point_stamps.py, ~50 ms for 10⁶ points on 2
cores), made on a worker thread when the view or the data change (the last image is shown
stretched meanwhile), and redrawn only around a dragged point while it moves (a few ms).
:class:`PointLayer` keeps one of the two filled and switches as points are added or deleted
across the threshold.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from ...core.workers import named_pool
from ...render import point_stamps as ps
from ...session.points import with_rows, without_rows
from ..kit.ui_thread import UiCall, ui_call
from .raster_image import RasterImage, ViewKey, make_image, make_stamps, remap
from .scatter import FastScatter

__all__ = ["RASTER_ABOVE", "RasterPoints", "PointLayer"]

RASTER_ABOVE = 100_000  # points; at 10⁵ a vector repaint costs ~30 ms, a raster a few
_MAX_SIDE = 16_384  # px: a view larger than this (a huge export) is not rasterised past it
_FEW_MOVED = 16  # moved points redrawn box by box; more than this: the whole image again


class RasterPoints(pg.GraphicsObject):
    """Points drawn as one image of the view at device resolution.

    ``styles`` is the canvas's style table, (symbol, size, pen, brush) per style, as
    :class:`FastScatter` takes it. When the view (a zoom, pan or resize) or the points change, a
    new image is made on a worker thread while the last one is shown stretched to the new view;
    a few moved or restyled points are redrawn in place at once (a drag). Painted into an image
    or a file (an export), the image is made there and then.
    """


    def __init__(self, styles: Sequence[tuple]) -> None:
        super().__init__()
        self.setAcceptedMouseButtons(QtCore.Qt.MouseButton.NoButton)
        self._styles = [tuple(s) for s in styles]
        self._stamps: ps.Stamps | None = None
        self._stamps_dpr = 0.0
        self.P = np.zeros((0, 2))
        self.style = np.zeros(0, dtype=ps.STYLE_DTYPE)
        self._version = 0  # counts changes of the points or styles
        self._image: RasterImage | None = None  # the image shown (maybe of an older view or version)
        self._job: tuple[ViewKey, int] | None = None  # the image being made
        self._wanted: ViewKey | None = None  # the view of the last paint
        self.rasters = 0  # whole images made (tests and benchmarks read it)

    @property
    def n(self) -> int:
        return int(self.P.shape[0])

    @property
    def up_to_date(self) -> bool:
        """Whether the image shown is of the points now, for the view last painted."""
        im = self._image
        return self.n == 0 or (im is not None and im.version == self._version and im.key == self._wanted)

    def pixel(self, x: float, y: float) -> QtGui.QColor | None:
        """The colour the image holds at device-independent pixel (x, y) of the paint device
        (None before the first image, or outside it)."""
        im = self._image
        if im is None:
            return None
        c = math.floor(x * im.key.dpr) - im.key.x0
        r = math.floor(y * im.key.dpr) - im.key.y0
        if not (0 <= c < im.key.w and 0 <= r < im.key.h):
            return None
        return im.qimage.pixelColor(c, r)

    # ---- data ---------------------------------------------------------------------------------
    def set_points(self, P: np.ndarray, style: np.ndarray) -> None:
        # Not copied (16 MB at 10⁶ points): the canvas gives its own view_points, and moves
        # rows of it only through move_points.
        self.P = np.asarray(P, dtype=np.float64).reshape(-1, 2)
        self.style = np.asarray(style, dtype=ps.STYLE_DTYPE)
        self._changed()

    def move_points(self, idx: np.ndarray, P: np.ndarray) -> None:
        idx = np.asarray(idx, dtype=np.intp)
        self.P[idx] = P
        self._redraw_rows(idx)

    def set_styles(self, idx: np.ndarray, style: np.ndarray) -> None:
        idx = np.asarray(idx, dtype=np.intp)
        self.style[idx] = style
        self._redraw_rows(idx)

    def delete_points(self, idx: np.ndarray, positions: np.ndarray | None = None) -> None:
        """Drop rows ``idx``; ``positions``: the canvas's own positions after the delete, taken
        as they are (one 16 MB array of fresh memory fewer at 10⁶ points), as set_points takes them."""
        # By runs of rows (the point table's own rule): a boolean mask over 10⁶ rows took 89 ms
        # of the window's thread at every Delete.
        idx = np.unique(np.asarray(idx, dtype=np.intp))
        self.P = without_rows(self.P, idx) if positions is None else np.asarray(positions, dtype=np.float64)
        self.style = without_rows(self.style, idx)
        self._changed()

    def insert_points(self, at: np.ndarray, P: np.ndarray, style: np.ndarray,
                      positions: np.ndarray | None = None) -> None:
        """Put rows P at the sorted places ``at``; ``positions`` as in :meth:`delete_points`."""
        at = np.asarray(at, dtype=np.intp)
        self.P = (with_rows(self.P, at, np.asarray(P, dtype=np.float64).reshape(-1, 2)) if positions is None
                  else np.asarray(positions, dtype=np.float64))
        self.style = with_rows(self.style, at, np.asarray(style, dtype=ps.STYLE_DTYPE))
        self._changed()

    def set_style_table(self, styles: Sequence[tuple]) -> None:
        """Draw with another style table (another look): the marks are made again."""
        self._styles = [tuple(st) for st in styles]
        self._stamps = None
        self._changed()

    def _changed(self) -> None:
        self._version += 1
        self.update()

    def _redraw_rows(self, idx: np.ndarray) -> None:
        """Rows ``idx`` moved or restyled: redraw the boxes around their old and new pixels in
        the image shown when it was up to date (a drag: the view is unchanged), else make a new
        image."""
        im = self._image
        fresh = im is not None and im.version == self._version and self._job is None
        self._version += 1
        if not fresh or im is None or self._stamps is None or idx.size > _FEW_MOVED or im.px.size != self.n:
            self.update()
            return
        old = np.column_stack((im.px[idx], im.py[idx]))
        k = im.key
        im.px[idx], im.py[idx] = ps.pixel_coords(self.P[idx], k.sx, k.ox, k.sy, k.oy)
        im.shown[idx] = True  # a moved mark is drawn even where another hid it before
        im.moved = np.union1d(im.moved, idx)  # off their tiles in im.index now
        ps.restamp_boxes(im.pixels, im.px, im.py, self.style, self._stamps,
                         np.vstack((old, np.column_stack((im.px[idx], im.py[idx])))), im.shown, im.index, im.moved)
        im.version = self._version
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
        key = self._view_key(p)
        if key is None:
            return
        if not (self._image is not None and self._image.key == key and self._image.version == self._version):
            if isinstance(p.device(), QtWidgets.QWidget):
                self._wanted = key
                self._request(key)  # on screen: show the last image until the new one is made
            else:  # an image or a file being rendered: it must hold the points as they are
                self._image = make_image(key, self._version, self.P, self.style, self._stamps_at(key.dpr))
        im = self._image
        if im is None:
            return
        p.save()
        p.resetTransform()
        p.setClipRect(key.target(), QtCore.Qt.ClipOperation.IntersectClip)
        if im.key == key:
            p.drawImage(key.target(), im.qimage)
        else:
            p.setRenderHint(QtGui.QPainter.RenderHint.SmoothPixmapTransform)
            p.setTransform(remap(im.key, key))
            p.drawImage(QtCore.QRectF(0, 0, im.key.w, im.key.h), im.qimage)
        p.restore()

    def _view_key(self, p: QtGui.QPainter) -> ViewKey | None:
        tr = p.transform()  # data → device-independent pixels of the paint device
        if tr.m12() or tr.m21():
            return None  # pyqtgraph's views never rotate; a rotated image would be wrong, not slow
        dev = p.device()
        dpr = float(dev.devicePixelRatioF()) if dev is not None else 1.0
        r = tr.mapRect(self.boundingRect())
        x0, y0 = math.floor(r.left() * dpr), math.floor(r.top() * dpr)
        w = min(math.ceil(r.right() * dpr) - x0, _MAX_SIDE)
        h = min(math.ceil(r.bottom() * dpr) - y0, _MAX_SIDE)
        if w <= 0 or h <= 0:
            return None
        return ViewKey(tr.m11() * dpr, tr.dx() * dpr - x0, tr.m22() * dpr, tr.dy() * dpr - y0, x0, y0, w, h, dpr)

    def _stamps_at(self, dpr: float) -> ps.Stamps:
        if self._stamps is None or self._stamps_dpr != dpr:
            self._stamps = make_stamps(self._styles, dpr)
            self._stamps_dpr = dpr
        return self._stamps

    def _request(self, key: ViewKey) -> None:
        """Have the image for ``key`` and the points now made on the worker; one at a time (a
        request while one is being made is taken up when it lands)."""
        if self._job is not None:
            return
        self._job = (key, self._version)
        args = (key, self._version, self.P, self.style, self._stamps_at(key.dpr))
        _worker().submit(_make_image_job, ui_call(self._on_made), *args)  # the worker holds no Qt object

    def _on_made(self, image: object) -> None:
        self._job = None
        if isinstance(image, Exception):
            raise image
        assert isinstance(image, RasterImage)
        self._image = image
        self.rasters += 1
        self.update()  # the next paint asks again if the view or the points moved on meanwhile


def _make_image_job(made: UiCall, *args: Any) -> None:
    """On the worker: the image, or the error, handed to the item on the window's thread (if it still exists)."""
    image: RasterImage | Exception
    try:
        image = make_image(*args)
    except Exception as exc:  # noqa: BLE001 - reported on the UI thread, never lost on the worker
        image = exc
    made(image)


def _worker() -> ThreadPoolExecutor:
    """One thread that makes images (their stamping uses the point_stamps pool's threads)."""
    return named_pool("raster-points", 1, housekeeping=True)


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

    def delete_points(self, idx: np.ndarray, positions: np.ndarray | None = None) -> None:
        layer = self.active()
        if layer is self.raster:
            self.raster.delete_points(idx, positions)
        else:
            self.scatter.delete_points(idx)
        if layer is self.raster and self.raster_above is not None and self.raster.n <= self.raster_above:
            self.set_points(self.raster.P, self.raster.style)  # below the threshold: vector marks again

    def insert_points(self, at: np.ndarray, P: np.ndarray, style: np.ndarray,
                      positions: np.ndarray | None = None) -> None:
        layer = self.active()
        if layer is self.raster:
            self.raster.insert_points(at, P, style, positions)
        else:
            self.scatter.insert_points(at, P, style)
        if layer is self.scatter and self.raster is not None and self.raster_above is not None \
                and len(self.scatter.data) > self.raster_above:
            self.set_points(np.column_stack(self.scatter.getData()), self.scatter.styles())

    def _show(self, raster: bool) -> None:
        if self.raster is None:
            return
        if raster:  # the scatter's records of 10⁶ points hold ~100 MB: give them back
            self.scatter.set_points(np.zeros((0, 2)))
        else:
            self.raster.set_points(np.zeros((0, 2)), np.zeros(0, dtype=ps.STYLE_DTYPE))
        self.scatter.setVisible(not raster)
        self.raster.setVisible(raster)
