"""The canvas's items that explain one update: the previous hyperplane and its normal, the
update as vectors, and the margins beside the points.

They paint the ``previous``, ``previous_normal``, ``update_*`` and ``point_margins`` items of a
:class:`~perceptron_gui.render.picture.Picture` (render/update_picture.py decides what they
are); like every canvas item they are made once and updated per picture.
"""
from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui

from ...render.geometry import Rect
from ...render.label_place import Obstacles, place
from ...render.picture import Arrow, Picture, Segment
from ...render.update_picture import VECTOR_ROLES, Labels, Vector
from .items import LineItem, NormalArrow, ViewSpanItem

__all__ = ["UpdateLayer", "VectorItem", "TextLabels", "anchored_box", "placed_box"]

_HEAD_PX = 11.0
_GAP_PX = 4.0


def anchored_box(at: QtCore.QPointF, size: QtCore.QSizeF, anchor: str, gap: float = _GAP_PX) -> QtCore.QRectF:
    """The box of a text of ``size`` whose ``anchor`` side (TikZ's names: "south west", "north",
    …) sits ``gap`` pixels from ``at``, in device pixels (y grows downwards)."""
    w, h = size.width(), size.height()
    x = at.x() + gap if "west" in anchor else at.x() - gap - w if "east" in anchor else at.x() - w / 2
    y = at.y() - gap - h if "south" in anchor else at.y() + gap if "north" in anchor else at.y() - h / 2
    return QtCore.QRectF(x, y, w, h)


def placed_box(obs: Obstacles, at: QtCore.QPointF, size: QtCore.QSizeF, anchor: str,
               shaft: tuple[QtCore.QPointF, QtCore.QPointF] | None = None, gap: float = _GAP_PX) -> QtCore.QRectF:
    """The box of a label of ``size`` near ``at`` (device pixels) that covers least of what
    ``obs`` holds (the labels placed so far, the view's edge) and not its own arrow: the rule
    the TikZ export places its labels by (render/label_place.py), here in pixels. ``anchor`` is
    the painter's choice, kept when it is free; the box is added to ``obs``."""
    def up(q: QtCore.QPointF) -> np.ndarray:  # label_place counts y upwards; pixels count down
        return np.array([q.x(), -q.y()])

    w, h = size.width() + 2 * gap, size.height() + 2 * gap  # the gap is kept clear around the text
    line = None if shaft is None else np.array([up(shaft[0]), up(shaft[1])])
    best, shift = place(obs, up(at), (w, h), (1.0, 1.0), anchor, shaft=line, point_radius=0.0)
    box = anchored_box(QtCore.QPointF(at.x(), at.y() - shift), size, best, gap)
    return box


def _view_pixels(tr: QtGui.QTransform, rect: Rect) -> QtCore.QRectF:
    """The view rectangle in device pixels (where a label must stay to be seen)."""
    return tr.mapRect(QtCore.QRectF(rect[0], rect[1], rect[2] - rect[0], rect[3] - rect[1]))


def _draw_text(p: QtGui.QPainter, at: QtCore.QPointF, text: str, anchor: str, colour: QtGui.QColor,
               bold: bool = False, gap: float = _GAP_PX, inside: QtCore.QRectF | None = None,
               fill: tuple[int, int, int, int] = (255, 255, 255, 190), obs: Obstacles | None = None,
               shaft: tuple[QtCore.QPointF, QtCore.QPointF] | None = None) -> QtCore.QRectF:
    """Draw ``text`` on a rounded box beside ``at``; with ``obs`` the box goes where it covers
    least (:func:`placed_box`). Returns the box drawn."""
    font = p.font()
    font.setBold(bold)
    p.setFont(font)
    size = p.fontMetrics().size(0, text)
    text_size = QtCore.QSizeF(size.width() + 4, size.height())
    if obs is not None:
        box = placed_box(obs, at, text_size, anchor, shaft, gap)
    else:
        box = anchored_box(at, text_size, anchor, gap)
    if inside is not None and inside.width() > box.width() and inside.height() > box.height():
        # A label past the view's edge is cut off by the view: slide it back in.
        box.moveLeft(min(max(box.left(), inside.left()), inside.right() - box.width()))
        box.moveTop(min(max(box.top(), inside.top()), inside.bottom() - box.height()))
    p.setPen(QtCore.Qt.PenStyle.NoPen)
    p.setBrush(QtGui.QColor(*fill))  # readable over points and lines
    p.drawRoundedRect(box, 3, 3)
    p.setPen(colour)
    p.drawText(box, QtCore.Qt.AlignmentFlag.AlignCenter, text)
    return box


class _PixelItem(ViewSpanItem):
    """An item painted in device pixels around data points: its bounds pad the points by
    ``pad_px`` pixels (labels and heads reach that far)."""

    pad_px = 160.0

    def _pixel_bounds(self, pts: np.ndarray | None) -> None:
        if pts is None or len(pts) == 0:
            self._set_bounds(None)
            return
        px, py = self.pixelWidth(), self.pixelHeight()
        if not (px > 0 and py > 0):  # not on screen yet
            px = py = 0.004 * max(self._rect[2] - self._rect[0], self._rect[3] - self._rect[1])
        r = np.array([px, py]) * self.pad_px
        self._set_bounds(np.array([np.min(pts, axis=0) - r, np.max(pts, axis=0) + r]))


class VectorItem(_PixelItem):
    """The update as arrows to scale (shaft in data units, head and label in pixels)."""

    def __init__(self, pens: dict[str, QtGui.QPen]) -> None:
        super().__init__()
        self.pens = pens
        self.vectors: list[Vector] = []
        self.label_boxes: list[QtCore.QRectF] = []  # where the last paint put each label (device pixels)

    def set_vectors(self, vectors: list[Vector], rect: Rect) -> None:
        self._rect = rect
        self.vectors = list(vectors)
        self._update_bounds()

    def viewTransformChanged(self) -> None:  # noqa: N802 - pixels changed size: so did the bounds
        self._update_bounds()

    def _update_bounds(self) -> None:
        self._pixel_bounds(np.concatenate([v.ends for v in self.vectors]) if self.vectors else None)

    def paint(self, p: QtGui.QPainter, *args) -> None:
        if not self.vectors:
            return
        tr = p.transform()
        inside = _view_pixels(tr, self._rect)
        p.save()
        p.resetTransform()
        p.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        # The labels keep clear of one another and of the view's edge (w₀ and w₁ both at the
        # origin, or three labels at one tip, were drawn on top of each other).
        obs = Obstacles(frame=(inside.left(), -inside.bottom(), inside.right(), -inside.top()))
        self.label_boxes = []
        for v in self.vectors:
            pen = self.pens[v.role]
            a, e = tr.map(QtCore.QPointF(*v.ends[0])), tr.map(QtCore.QPointF(*v.ends[1]))
            d = np.array([e.x() - a.x(), e.y() - a.y()])
            n = float(np.hypot(*d))
            if n == 0.0 or not np.isfinite(n):
                continue
            u = d / n
            head = min(_HEAD_PX, 0.5 * n) if v.head else 0.0
            back = np.array([e.x(), e.y()]) - u * head
            p.setPen(pen)
            p.drawLine(a, QtCore.QPointF(*(back + u * min(2.0, head))))
            if v.head:
                side = np.array([-u[1], u[0]]) * head * 0.42
                p.setPen(QtCore.Qt.PenStyle.NoPen)
                p.setBrush(pen.color())
                p.drawPolygon(QtGui.QPolygonF([e, QtCore.QPointF(*(back + side)), QtCore.QPointF(*(back - side))]))
            dark = QtGui.QColor(*self.label_fill).lightness() < 128  # text on a dark box: lighter, not darker
            box = _draw_text(p, tr.map(QtCore.QPointF(*v.label_at)), v.label, v.label_anchor,
                             pen.color().lighter(130) if dark else pen.color().darker(130), inside=inside,
                             fill=self.label_fill, obs=obs, shaft=(a, e))
            self.label_boxes.append(box)
        p.restore()


class TextLabels(_PixelItem):
    """Numbers beside points, up and to the right of each (the margins); bold where emphasised."""

    pad_px = 90.0

    def __init__(self, colour: str = "#222222") -> None:
        super().__init__()
        self.colour = QtGui.QColor(colour)
        self.labels: Labels | None = None
        # How a number is written on screen (the overlay's: the window's decimal separator,
        # an export's point); texts() gives them as computed.
        self.shown: Callable[[str], str] = str

    def set_labels(self, labels: Labels | None, rect: Rect) -> None:
        self._rect = rect
        self.labels = labels
        self._update_bounds()

    def viewTransformChanged(self) -> None:  # noqa: N802
        self._update_bounds()

    def _update_bounds(self) -> None:
        self._pixel_bounds(None if self.labels is None else self.labels.positions)

    def texts(self) -> list[str]:
        return [] if self.labels is None else list(self.labels.texts)

    def paint(self, p: QtGui.QPainter, *args) -> None:
        if self.labels is None:
            return
        tr = p.transform()
        inside = _view_pixels(tr, self._rect)
        p.save()
        p.resetTransform()
        p.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
        for pos, text, bold in zip(self.labels.positions, self.labels.texts, self.labels.emphasis):
            _draw_text(p, tr.map(QtCore.QPointF(*pos)), self.shown(text), "south west", self.colour, bool(bold), gap=6.0,
                       inside=inside, fill=self.label_fill)
        p.restore()


class UpdateLayer:
    """The previous line and normal, the vectors and the margin labels of one canvas."""

    def __init__(self, view_box: pg.ViewBox, pen_of, arrow_length_px: float) -> None:
        self.previous = LineItem(pen_of("previous"))
        self.previous_arrow = NormalArrow(pen_of("previous_normal"), length_px=arrow_length_px)
        self.vectors = VectorItem({role: pen_of(role) for role in VECTOR_ROLES})
        self.margin_labels = TextLabels()
        for item, z in ((self.previous, -17.5), (self.previous_arrow, 13.5), (self.vectors, 13.6),
                        (self.margin_labels, 13.7)):
            item.setZValue(z)
            view_box.addItem(item, ignoreBounds=True)

    def show(self, pic: Picture) -> None:
        rect = pic.rect
        seg = pic.get("previous")
        self.previous.set_segment(seg.ends if isinstance(seg, Segment) else None, rect)
        arrow = pic.get("previous_normal")
        if isinstance(arrow, Arrow):
            self.previous_arrow.set_arrow(arrow.base, arrow.direction, arrow.label, rect)
        else:
            self.previous_arrow.set_arrow(None, None, "", rect)
        self.vectors.set_vectors([it for it in pic if isinstance(it, Vector)], rect)
        labels = pic.get("point_margins")
        self.margin_labels.set_labels(labels if isinstance(labels, Labels) else None, rect)

    def swatch_pen(self, role: str) -> QtGui.QPen | None:
        """The pen of a legend entry of this layer (None: not one of its entries)."""
        if role == "previous":
            return self.previous.opts["pen"]
        if role == "update":
            return self.vectors.pens["update_step"]
        return None
