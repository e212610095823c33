"""The weight-space plot: paints a :class:`~perceptron_gui.render.weight_space.WeightSpace`.

What is drawn is decided in ``render/weight_space.py`` (no Qt); this widget only paints it and
finds the constraint line under the mouse. It reads any
:class:`~perceptron_gui.session.viewed.ViewedSession` (the window's session, or an export's
frozen copy), so the dock and the slide figure show the same picture.
"""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from ...core.algorithms.kernel import in_feature_space
from ...i18n import N_, _, display_numbers
from ...render import theme as style
from ...render.geometry import Rect
from ...render.weight_space import (
    NOT_2D,
    NOT_INPUT_SPACE,
    WeightSpace,
    allowed_alpha,
    describe_weight_space,
    path_weights,
    spaced_labels,
    weight_space_rect,
)
from ...session.viewed import ViewedSession
from ..kit.plot_setup import settle_axes

__all__ = ["WeightSpaceView", "HOVER_PX", "LEGEND_TEXT"]

VERSION_EDGE = style.WS_VERSION_EDGE
HOVER_PX = 6.0  # how near (screen pixels) the mouse must come to a line to hover it
_DASHES = {"solid": QtCore.Qt.PenStyle.SolidLine, "dash": QtCore.Qt.PenStyle.DashLine,
           "dot": QtCore.Qt.PenStyle.DotLine, "dashdot": QtCore.Qt.PenStyle.DashDotLine}
LEGEND_TEXT = N_("Each line is a training point xᵢ (blue +1, vermillion −1), shaded on its allowed side "
               "y·(w·xᵢ + b) > 0; yellow: the version space, where all hold; green: the path of w, each step "
                  "named by its example; dashed purple: θ*'s direction.")  # shown as _(LEGEND_TEXT)


def _pen(role: str, scale: float = 1.0) -> QtGui.QPen:
    s = style.STROKES[role]
    pen = pg.mkPen(style.FIGURE.colour(s.colour), width=s.width * scale)
    pen.setStyle(_DASHES[s.dash])
    return pen



def _sentence_case(text: str) -> str:
    # str.capitalize() would lower the rest: German nouns and symbols keep their case.
    return text[:1].upper() + text[1:]

class _Polygons(pg.GraphicsObject):
    """Many translucent polygons in one item, painted in order so overlaps darken (one item per
    polygon would be 300 items to re-create per step)."""

    def __init__(self, pen: QtGui.QPen | None = None) -> None:
        super().__init__()
        self._pen = pen
        self._polys: list[tuple[QtGui.QPolygonF, QtGui.QBrush]] = []
        self._rect = QtCore.QRectF()

    def set_polygons(self, polys: list[tuple[np.ndarray, QtGui.QBrush]]) -> None:
        self.prepareGeometryChange()
        self._polys = [(QtGui.QPolygonF([QtCore.QPointF(float(x), float(y)) for x, y in p]), b)
                       for p, b in polys if p.shape[0] >= 3]
        rect = QtCore.QRectF()
        for poly, _brush in self._polys:
            rect = rect.united(poly.boundingRect())
        self._rect = rect
        self.update()

    def boundingRect(self) -> QtCore.QRectF:  # noqa: N802 - Qt's name
        return self._rect

    def paint(self, painter: QtGui.QPainter, *args: object) -> None:
        if self._pen is None:
            painter.setPen(QtCore.Qt.PenStyle.NoPen)
        else:
            painter.setPen(self._pen)
        for poly, brush in self._polys:
            painter.setBrush(brush)
            painter.drawPolygon(poly)


class WeightSpaceView(QtWidgets.QWidget):
    """The plane of (w₁, w₂) at the session's playhead, or one sentence why not.

    Signals
    -------
    hovered(object) : the global index of the point whose line is under the mouse, or None.
    """

    hovered = QtCore.Signal(object)

    def __init__(self, session: ViewedSession, parent: QtWidgets.QWidget | None = None,
                 pen_scale: float = 1.0, label_px: int = 12, mark_scale: float = 1.0) -> None:
        super().__init__(parent)
        self.session = session
        self.pen_scale = float(pen_scale)  # a slide figure's lines are wider (gui/figures/weight_space_figure.py)
        self.label_px = int(label_px)
        # The window's dock writes the language's decimal separator; a slide figure (an export
        # file) keeps the point (gui/figures/weight_space_figure.py turns this off).
        self.localise_numbers = True
        self.picture: WeightSpace | None = None
        self.highlighted: int | None = None
        self._result: object = None
        col = QtWidgets.QVBoxLayout(self)
        col.setContentsMargins(0, 0, 0, 0)
        col.setSpacing(2)
        self.plot = pg.PlotWidget(background="w")
        self.plot.setMinimumSize(160, 160)
        item = self.plot.getPlotItem()
        item.setMenuEnabled(False)
        item.hideButtons()
        item.showGrid(x=True, y=True, alpha=0.18)
        settle_axes(item)
        item.setLabel("bottom", "w₁")
        item.setLabel("left", "w₂")
        self.view_box = item.getViewBox()
        self.view_box.setAspectLocked(True, ratio=1.0)  # angles in weight space are the point
        self.view_box.disableAutoRange()
        self.fills = _Polygons()
        # Outlined: the version space of data with a small margin is a thin wedge.
        self.version = _Polygons(pg.mkPen(VERSION_EDGE, width=1.5 * self.pen_scale))
        sc = self.pen_scale
        self.lines_pos = pg.PlotCurveItem(pen=_pen("ws_line_positive", sc), connect="pairs")
        self.lines_neg = pg.PlotCurveItem(pen=_pen("ws_line_negative", sc), connect="pairs")
        self.hover_line = pg.PlotCurveItem(pen=_pen("ws_hovered", sc), connect="pairs")
        self.theta = pg.PlotCurveItem(pen=_pen("theta", sc))
        self.path = pg.PlotCurveItem(pen=_pen("ws_path", sc))
        ms = float(mark_scale)
        self.path_marks = pg.ScatterPlotItem(size=5 * ms, pen=pg.mkPen(style.NORMAL), brush=pg.mkBrush(style.NORMAL))
        self.current = pg.ScatterPlotItem(size=11 * ms, symbol="o", pen=pg.mkPen("#000000", width=1.5 * ms),
                                          brush=pg.mkBrush(style.NORMAL))
        for z, it in enumerate((self.fills, self.lines_pos, self.lines_neg, self.version, self.theta, self.path,
                                self.path_marks, self.current, self.hover_line)):
            it.setZValue(z)
            self.view_box.addItem(it, ignoreBounds=True)
        self.labels: list[pg.TextItem] = []  # a pool: made once, re-used per step
        self.note = QtWidgets.QLabel()
        self.note.setWordWrap(True)
        self.note.setToolTip(_(LEGEND_TEXT))
        col.addWidget(self.plot, 1)
        col.addWidget(self.note)
        self.message = QtWidgets.QLabel()
        self.message.setWordWrap(True)
        self.message.setAlignment(QtCore.Qt.AlignmentFlag.AlignCenter)
        col.addWidget(self.message, 1)
        self.plot.setToolTip(_(LEGEND_TEXT))
        self._described: Rect | None = None
        # Every range change, not only the user's: the aspect lock widens a fitted range after
        # the fact, and the lines must reach the edges of what is shown.
        self.view_box.sigRangeChanged.connect(self._on_range_changed)
        self.plot.scene().sigMouseMoved.connect(self._on_mouse_moved)

    # ---- drawing ------------------------------------------------------------------------
    def refresh(self, keep_view: bool = False) -> None:
        """Redraw from the session's run at its playhead. The view is fitted to the path when
        a new run comes or the path leaves it; ``keep_view`` (a pan or zoom) keeps it."""
        result = self.session.result
        if result is None:
            self._show_message(_("No run yet: add points of both classes."))
            return
        rec = result.record
        if rec.d != 2:
            self._show_message(_(NOT_2D).format(d=rec.d))
            return
        if not in_feature_space(rec):
            self._show_message(_(NOT_INPUT_SPACE))
            return
        t = self.session.playhead.t
        if not keep_view:
            path, _steps = path_weights(rec, rec.k_after_step(t))
            fit = weight_space_rect(path)
            if result is not self._result or not _holds(self.view_rect(), fit):
                self.view_box.setRange(xRange=(fit[0], fit[2]), yRange=(fit[1], fit[3]), padding=0.0)
        self._result = result
        self._described = self.view_rect()
        self.picture = pic = describe_weight_space(result, t, self._described)
        self.plot.show()
        self.note.show()
        self.message.hide()
        self._paint(pic)

    def _on_range_changed(self, *_args: object) -> None:
        if self.picture is not None and self.view_rect() != self._described:
            self.refresh(keep_view=True)

    def title_note(self) -> str:
        """What a slide figure's header adds: the slice, and the picture's notes."""
        pic = self.picture
        if pic is None:
            return ""
        parts = [_("slice b = b_k = {b:.3g}").format(b=pic.b_slice)] if pic.offset else [_("lines w·xᵢ = 0")]
        return " · ".join(parts + pic.notes)

    def view_rect(self) -> Rect:
        (x0, x1), (y0, y1) = self.view_box.viewRange()
        return float(x0), float(y0), float(x1), float(y1)

    def _shown(self, text: str) -> str:
        """``text`` with the language's decimal separator in the window, the point in a figure."""
        return display_numbers(text) if self.localise_numbers else text

    def _paint(self, pic: WeightSpace) -> None:
        item = self.plot.getPlotItem()
        # The axis says which plane this is (the slice b = b_k with an offset); no title: a long
        # one sets the dock's minimum width and squeezes the window at 1024×768.
        item.setLabel("bottom", pic.x_title if not pic.offset else self._shown(
            _("w₁   (slice b = b_k = {b:.3g})").format(b=pic.b_slice)))
        self.plot.setToolTip(self._shown(f"{pic.title}\n{_(LEGEND_TEXT)}"))
        alpha = allowed_alpha(len(pic.constraints))
        line_alpha = 255 if len(pic.constraints) <= 20 else 140  # many lines: the path must stay on top
        for item_, role in ((self.lines_pos, "ws_line_positive"), (self.lines_neg, "ws_line_negative")):
            pen = _pen(role, self.pen_scale)
            colour = pen.color()
            colour.setAlpha(line_alpha)
            pen.setColor(colour)
            item_.setPen(pen)
        brushes = {1.0: QtGui.QBrush(QtGui.QColor(*style.rgba(style.POSITIVE, alpha))),
                   -1.0: QtGui.QBrush(QtGui.QColor(*style.rgba(style.NEGATIVE, alpha)))}
        self.fills.set_polygons([(c.allowed, brushes[1.0 if c.y > 0 else -1.0]) for c in pic.constraints])
        self.version.set_polygons([] if pic.version is None else
                                  [(pic.version, QtGui.QBrush(QtGui.QColor(*style.WS_VERSION_SPACE)))])
        for item, sign in ((self.lines_pos, 1.0), (self.lines_neg, -1.0)):
            segs = [c.ends for c in pic.constraints if c.ends is not None and (c.y > 0) == (sign > 0)]
            _set_pairs(item, segs)
        self.theta.setData(*(pic.theta_ray.T if pic.theta_ray is not None else ([], [])))
        self.path.setData(pic.path[:, 0], pic.path[:, 1])
        self.path_marks.setData(pic.path[:-1, 0], pic.path[:-1, 1])
        self.current.setData([pic.path[-1, 0]], [pic.path[-1, 1]])
        self.current.setToolTip(self._shown(_("w_k at k = {k}: ({w1:.4g}, {w2:.4g})").format(
            k=pic.k, w1=pic.path[-1, 0], w2=pic.path[-1, 1])))
        self._place_labels(pic)
        self.note.setText(self._shown(_sentence_case("; ".join(pic.notes)) + "." if pic.notes else ""))
        self.highlight(self.highlighted)

    def _place_labels(self, pic: WeightSpace) -> None:
        # The step's label sits at the end of the step (w_j), where the example moved w to.
        # As HTML x<sub>i</sub>: the slide font has no subscript digits (x₁₃ came out as boxes).
        sx, sy = (float(v) if v > 0 else 1.0 for v in self.view_box.viewPixelSize())
        wanted = spaced_labels([(pic.path[j + 1], f"x<sub>{int(pic.path_index[j]) + 1}</sub>")
                                for j, text in enumerate(pic.path_labels) if text],
                               2.6 * self.label_px * sx, 1.4 * self.label_px * sy)
        while len(self.labels) < len(wanted):
            label = pg.TextItem(color="#1B5E4A", anchor=(0.0, 1.0), fill=pg.mkBrush(255, 255, 255, 190))
            label.setZValue(20)
            label.setFont(_font(self.label_px))
            self.view_box.addItem(label, ignoreBounds=True)
            self.labels.append(label)
        for i, label in enumerate(self.labels):
            if i < len(wanted):
                (x, y), text = wanted[i]
                label.setHtml(f'<span style="font-size:{self.label_px}px">{text}</span>')
                label.setPos(float(x), float(y))
                label.show()
            else:
                label.hide()

    def _show_message(self, text: str) -> None:
        self.picture = None
        self._result = None
        self.plot.hide()
        self.note.hide()
        self.message.setText(text)
        self.message.show()

    # ---- hover ------------------------------------------------------------------------------
    def highlight(self, index: int | None) -> None:
        """Draw the line of the point with global ``index`` bold (None: no line)."""
        self.highlighted = index
        pic = self.picture
        ends = None if pic is None or index is None else next(
            (c.ends for c in pic.constraints if c.index == index and c.ends is not None), None)
        _set_pairs(self.hover_line, [] if ends is None else [ends])

    def line_near(self, x: float, y: float, px: float = HOVER_PX) -> int | None:
        """The global index of the drawn line nearest (x, y) in (w₁, w₂) within ``px`` screen
        pixels, or None."""
        pic = self.picture
        if pic is None:
            return None
        drawn = [(c.index, c.ends) for c in pic.constraints if c.ends is not None]
        if not drawn:
            return None
        a = np.array([ends[0] for __, ends in drawn])
        e = np.array([ends[1] for __, ends in drawn])
        p = np.array([x, y])
        d = e - a
        tt = np.clip(np.einsum("ij,ij->i", p - a, d) / np.maximum(np.einsum("ij,ij->i", d, d), 1e-300), 0.0, 1.0)
        dist = np.linalg.norm(a + tt[:, None] * d - p, axis=1)
        best = int(np.argmin(dist))
        per_px = self.view_box.viewPixelSize()[0]
        return drawn[best][0] if dist[best] <= px * per_px else None

    def leaveEvent(self, ev: QtCore.QEvent) -> None:  # noqa: N802 - Qt's name
        # The scene reports no move once the mouse is outside: without this the ring on the
        # canvas stayed after the mouse left a line for another widget.
        super().leaveEvent(ev)
        if self.highlighted is not None:
            self.highlight(None)
            self.hovered.emit(None)

    def _on_mouse_moved(self, pos: QtCore.QPointF) -> None:
        if self.picture is None or not self.view_box.sceneBoundingRect().contains(pos):
            index = None
        else:
            p = self.view_box.mapSceneToView(pos)
            index = self.line_near(p.x(), p.y())
        if index != self.highlighted:
            self.highlight(index)
            self.hovered.emit(index)


def _font(px: int) -> QtGui.QFont:
    font = QtGui.QFont()
    font.setPixelSize(px)
    return font


def _set_pairs(item: pg.PlotCurveItem, segs: list[np.ndarray]) -> None:
    if not segs:
        item.setData([], [])
        return
    pts = np.concatenate(segs)
    item.setData(pts[:, 0], pts[:, 1], connect="pairs")


def _holds(outer: Rect, inner: Rect) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and outer[2] >= inner[2] and outer[3] >= inner[3]
