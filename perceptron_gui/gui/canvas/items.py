"""The canvas's own graphics items: segments, shading, the normal arrow, the legend.

Every item is made once and updated from a :class:`~perceptron_gui.render.picture.Picture`
(``set_segment``, ``set_polygons``, ``set_arrow``), never re-created; the geometry comes
already clipped to the view (render/geometry.py), the items only paint it.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

import numpy as np
import pyqtgraph as pg
from pyqtgraph.graphicsItems.LabelItem import LabelItem
from pyqtgraph.graphicsItems.LegendItem import ItemSample
from PySide6 import QtCore, QtGui

from ...render.geometry import Rect

__all__ = ["ViewSpanItem", "LineItem", "PolygonItem", "NormalArrow", "LegendSwatch", "Legend"]

_Key = TypeVar("_Key", bound=Hashable)  # a legend entry's key (a role, a role and its text)


class ViewSpanItem(pg.GraphicsObject):
    """An item whose geometry the picture gives (clipped to the view by render/); it keeps a
    bounding rect that covers what it paints."""

    label_fill: tuple[int, int, int, int] = (255, 255, 255, 190)  # behind a label (the theme's background)

    def __init__(self) -> None:
        super().__init__()
        self.setAcceptedMouseButtons(QtCore.Qt.MouseButton.NoButton)
        self._rect: Rect = (-1.0, -1.0, 1.0, 1.0)
        self._bounds = QtCore.QRectF()

    def _set_bounds(self, pts: np.ndarray | None) -> None:
        if pts is None or len(pts) == 0:
            r = QtCore.QRectF()
        else:
            (x0, y0), (x1, y1) = np.min(pts, axis=0), np.max(pts, axis=0)
            # A cosmetic pen is a few pixels wide: pad by 1 % of the view, which covers it.
            px = 0.01 * (self._rect[2] - self._rect[0])
            py = 0.01 * (self._rect[3] - self._rect[1])
            r = QtCore.QRectF(x0 - px, y0 - py, x1 - x0 + 2 * px, y1 - y0 + 2 * py)
        self.prepareGeometryChange()
        self._bounds = r
        self.update()

    def boundingRect(self) -> QtCore.QRectF:  # noqa: N802
        return self._bounds


class LineItem(ViewSpanItem):
    """A segment of the picture (a hyperplane, a margin line, θ*, a guide)."""

    def __init__(self, pen: QtGui.QPen) -> None:
        super().__init__()
        self.opts = {"pen": pen}  # read by legend samples
        self._pen = pen
        self.segment: np.ndarray | None = None  # (2, 2) end points, view coordinates

    def set_pen(self, pen: QtGui.QPen) -> None:
        """Paint with ``pen`` from now on (the hyperplane is dashed while the previous one shows)."""
        if pen != self._pen:
            self._pen = pen
            self.opts["pen"] = pen
            self.update()

    def set_segment(self, ends: np.ndarray | None, rect: Rect) -> None:
        """Show the segment ``ends`` (None hides the line); ``rect`` is the view it was clipped to."""
        self._rect = rect
        self.segment = None if ends is None else np.asarray(ends, dtype=np.float64)
        self._set_bounds(self.segment)

    def paint(self, p: QtGui.QPainter, *args) -> None:
        if self.segment is None:
            return
        p.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        p.setPen(self._pen)
        (x0, y0), (x1, y1) = self.segment
        p.drawLine(QtCore.QPointF(x0, y0), QtCore.QPointF(x1, y1))


class PolygonItem(ViewSpanItem):
    """Filled polygons of the picture (the decision regions, θ*'s band), one brush per role."""

    def __init__(self, brushes: dict[str, QtGui.QBrush]) -> None:
        super().__init__()
        self.brushes = brushes
        first = next(iter(brushes.values()))
        self.opts = {"pen": pg.mkPen(None), "brush": first}  # read by legend samples
        self._polys: list[tuple[QtGui.QPolygonF, QtGui.QBrush]] = []
        self._corners: list[np.ndarray] = []

    def set_polygons(self, polys: list[tuple[str, np.ndarray]], rect: Rect) -> None:
        """Show ``polys`` as (role, corners (k, 2)) pairs."""
        self._rect = rect
        polys = [(role, np.asarray(P, dtype=np.float64)) for role, P in polys if len(P) >= 3]
        self._corners = [P for _, P in polys]
        self._polys = [(QtGui.QPolygonF([QtCore.QPointF(x, y) for x, y in P]), self.brushes[role]) for role, P in polys]
        self._set_bounds(np.concatenate(self._corners) if self._corners else None)

    def polygons(self) -> list[np.ndarray]:
        return [P.copy() for P in self._corners]

    def paint(self, p: QtGui.QPainter, *args) -> None:
        # Filled without antialiasing: 0.35 ms against 1.25 ms for the two regions of a
        # 1100 × 560 plot, a quarter of a step's repaint at 10⁶ points. Their shared edge is the
        # hyperplane, drawn antialiased on top; neighbouring fills leave no seam (pixel centres).
        p.save()
        p.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing, False)
        p.setPen(QtCore.Qt.PenStyle.NoPen)
        for poly, brush in self._polys:
            p.setBrush(brush)
            p.drawPolygon(poly)
        p.restore()


class NormalArrow(ViewSpanItem):
    """The normal vector w drawn from the hyperplane, a fixed number of pixels long."""

    def __init__(self, pen: QtGui.QPen, length_px: float = 56.0, label: str = "w") -> None:
        super().__init__()
        self.opts = {"pen": pen}
        self._pen = pen
        self._brush = QtGui.QBrush(pen.color())
        self.length_px = length_px
        self.label = label
        self.anchor: np.ndarray | None = None
        self.direction: np.ndarray | None = None

    def set_arrow(self, base: np.ndarray | None, direction: np.ndarray | None, label: str, rect: Rect) -> None:
        """Show the arrow from ``base`` along the unit ``direction`` (None hides it)."""
        self._rect = rect
        self.label = label
        self.anchor = None if base is None else np.asarray(base, dtype=np.float64)
        self.direction = None if direction is None else np.asarray(direction, dtype=np.float64)
        self._update_bounds()

    def viewTransformChanged(self) -> None:  # noqa: N802 - the pixel size changed: so did our data-space size
        self._update_bounds()

    def _update_bounds(self) -> None:
        if self.anchor is None:
            self._set_bounds(None)
            return
        px, py = self.pixelWidth(), self.pixelHeight()
        if px > 0 and py > 0:
            r = np.array([px, py]) * (self.length_px + 60.0)
        else:  # not on screen yet
            r = 0.3 * np.array([self._rect[2] - self._rect[0], self._rect[3] - self._rect[1]])
        self._set_bounds(np.array([self.anchor - r, self.anchor + r]))

    def paint(self, p: QtGui.QPainter, *args) -> None:
        if self.anchor is None or self.direction is None:
            return
        tr = p.transform()
        eps = 1e-3 * max(self._rect[2] - self._rect[0], self._rect[3] - self._rect[1])
        a = tr.map(QtCore.QPointF(*self.anchor))
        e = tr.map(QtCore.QPointF(*(self.anchor + eps * self.direction)))
        v = np.array([e.x() - a.x(), e.y() - a.y()])
        n = float(np.hypot(*v))
        if n == 0.0 or not np.isfinite(n):
            return
        u = v / n
        head = 12.0
        a_ = np.array([a.x(), a.y()])
        tip = a_ + u * self.length_px
        back = tip - u * head
        side = np.array([-u[1], u[0]]) * head * 0.42
        p.save()
        p.resetTransform()  # draw in device pixels: a fixed on-screen length
        p.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        p.setPen(self._pen)
        p.drawLine(QtCore.QPointF(*a_), QtCore.QPointF(*(back + u * 2)))
        p.setPen(QtCore.Qt.PenStyle.NoPen)
        p.setBrush(self._brush)
        p.drawPolygon(QtGui.QPolygonF([QtCore.QPointF(*tip), QtCore.QPointF(*(back + side)),
                                       QtCore.QPointF(*(back - side))]))
        p.drawEllipse(QtCore.QPointF(*a_), 3.0, 3.0)
        if self.label:
            font = p.font()
            font.setBold(True)
            p.setFont(font)
            size = p.fontMetrics().size(0, self.label)
            c = tip + u * (6 + 0.5 * max(size.width(), size.height()))
            box = QtCore.QRectF(c[0] - size.width() / 2 - 2, c[1] - size.height() / 2, size.width() + 4, size.height())
            p.setBrush(QtGui.QColor(*self.label_fill))  # readable over points and lines
            p.drawRoundedRect(box, 3, 3)
            p.setPen(self._pen)
            p.drawText(box, QtCore.Qt.AlignmentFlag.AlignCenter, self.label)
        p.restore()


class LegendSwatch(ItemSample):
    """A legend sample not tied to a plot item: a line, a filled box or a symbol."""

    def __init__(self, pen: QtGui.QPen | None = None, brush: QtGui.QBrush | None = None,
                 symbol: QtGui.QPainterPath | str | None = None, size: float = 12.0,
                 symbol_pen: QtGui.QPen | None = None) -> None:
        super().__init__(None)
        self._pen, self._brush, self._symbol, self._size = pen, brush, symbol, size
        self._symbol_pen = symbol_pen

    def paint(self, p: QtGui.QPainter, *args) -> None:
        p.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        if self._brush is not None and self._symbol is None:
            p.setPen(QtCore.Qt.PenStyle.NoPen)
            p.setBrush(self._brush)
            p.drawRect(QtCore.QRectF(2, 4, 16, 14))
        if self._pen is not None:
            p.setPen(self._pen)
            p.drawLine(QtCore.QPointF(0, 11), QtCore.QPointF(20, 11))
        if self._symbol is not None:
            p.translate(10, 11)
            pg.graphicsItems.ScatterPlotItem.drawSymbol(
                p, self._symbol, self._size, self._symbol_pen or pg.mkPen(None),
                self._brush or QtGui.QBrush(QtCore.Qt.BrushStyle.NoBrush))

    def mouseClickEvent(self, event) -> None:  # noqa: N802 - no show/hide toggling: the canvas decides
        event.accept()


class Legend(pg.LegendItem):
    """A legend that swallows clicks, so clicking it never adds a point underneath."""

    items: list[tuple[ItemSample, LabelItem]]  # pyqtgraph's list of (sample, label), untyped there

    def mouseClickEvent(self, ev) -> None:  # noqa: N802
        ev.accept()

    def mouseDragEvent(self, ev) -> None:  # noqa: N802 - it sits in the plot's layout: not draggable
        ev.ignore()

    def updateSize(self) -> None:  # noqa: N802
        # LegendItem moves itself to (0, 0) here, which in a layout puts it over the plot's
        # corner until the layout runs again; resize in place and let the layout place it.
        self.adjustSize()
        self.updateGeometry()

    def set_entries(self, entries: list[tuple[LegendSwatch, str]]) -> None:
        """Replace the entries (called only when the set of names changes)."""
        self._drop_kept()  # the hidden kept entries; clear() deletes the shown ones
        self.clear()
        self.__dict__.pop("_kept", None)
        for swatch, name in entries:
            self.addItem(swatch, name)
        self.setVisible(bool(entries))

    def show_entries(self, entries: Sequence[tuple[_Key, str]], make_swatch: Callable[[_Key], LegendSwatch]) -> None:
        """Show ``(key, text)`` entries in this order, the swatch made by ``make_swatch(key)``.

        An entry shown before is put back, not made anew: while stepping, entries come and go
        at every visit ("visited: updated" / "no update"), and making pyqtgraph's label and
        sample widgets again, each laid out as it came, took 80–160 ms of every step."""
        kept: dict[tuple[Hashable, str], tuple[ItemSample, LabelItem]] = self.__dict__.setdefault("_kept", {})
        for sample, label in self.items:
            self.layout.removeItem(sample)
            self.layout.removeItem(label)
            sample.hide()
            label.hide()
        self.items = []
        for key, text in entries:
            pair = kept.get((key, text))
            if pair is None:
                sample = make_swatch(key)
                sample.sigClicked.connect(self.sigSampleClicked)
                label = LabelItem(text, color=self.opts["labelTextColor"], justify="left", size=self.opts["labelTextSize"])
                pair = kept[(key, text)] = (sample, label)
            for item in pair:
                item.show()
            self.items.append(pair)
            self._addItemToLayout(*pair)
        self.updateSize()  # once, not once per entry
        # Never narrower again than the widest entries it has shown: a legend that narrowed and
        # widened as "hyperplane before the last update" came and went resized the view beside
        # it at such steps, and the whole canvas and its axes were laid out and painted again.
        widest = max(self.__dict__.get("_widest", 0.0), math.ceil(self.width()))  # adjustSize: the entries' width
        if widest > self.__dict__.get("_widest", 0.0):
            self._widest = widest
            self.setMinimumWidth(max(widest, self.minimumWidth()))
        self.setVisible(bool(entries))

    def setLabelTextColor(self, *args, **kwargs) -> None:  # noqa: N802 - pyqtgraph's name
        self._drop_kept()  # hidden entries would come back in the old colour
        super().setLabelTextColor(*args, **kwargs)

    def setLabelTextSize(self, size) -> None:  # noqa: N802 - pyqtgraph's name
        self._drop_kept()
        super().setLabelTextSize(size)

    def _drop_kept(self) -> None:
        """Delete the hidden entries kept for reuse; the shown ones stay (restyled with the rest)."""
        kept: dict = self.__dict__.get("_kept", {})
        shown = {id(pair[1]) for pair in self.items}
        for key, pair in list(kept.items()):
            if id(pair[1]) in shown:
                continue
            del kept[key]
            for item in pair:
                item.close()
                if item.scene() is not None:
                    item.scene().removeItem(item)
