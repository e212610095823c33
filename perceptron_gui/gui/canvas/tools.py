"""Mouse handling of the canvas: presses and drags become session commands.

The tool never edits data itself: it builds :mod:`~perceptron_gui.session.commands` and hands
them to ``session.execute``; the canvas redraws when the session announces the change.

=====================================  ==========================================================
left click on empty space              add a point of the active class
right click, or Shift + left click     add a point of the other class
left click on a point                  select it (Shift: add it to / remove it from the selection)
Ctrl + click on a point                delete it
left-drag a point                      move it (all selected points if it is selected); one undo step
left-drag the hyperplane               move it: the run starts there (2-D view; one undo step)
left-drag the normal arrow's tip       turn and scale w: the run starts there
Alt or Shift held while dragging       move freely: without it the drags above snap (canvas_handles)
left-drag on empty space               rubber band: select the points inside (Shift/Ctrl: add)
right-drag or middle-drag              pan
wheel                                  zoom
=====================================  ==========================================================
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from ...i18n import _, display_numbers
from ...render.formatting import fmt, fmt_vec
from ...render.hit_grid import HitFinder
from ...render.projection import Projection
from ...session.commands import AddPoints, DeletePoints, MovePoints
from ...session.frame import Frame
from ...session.viewed import ViewedSession
from .handles import HandleDrag, dragged_line, dragged_tip, grid_steps, pick_handle, snap, snapped_weights, weight_steps

__all__ = ["EditViewBox", "EditTool", "ToolCanvas"]

_Left, _Right, _Middle = (QtCore.Qt.MouseButton.LeftButton, QtCore.Qt.MouseButton.RightButton,
                          QtCore.Qt.MouseButton.MiddleButton)
_Shift, _Ctrl = QtCore.Qt.KeyboardModifier.ShiftModifier, QtCore.Qt.KeyboardModifier.ControlModifier
_Alt = QtCore.Qt.KeyboardModifier.AltModifier
_READOUT_OFFSET = QtCore.QPointF(14.0, -8.0)  # px from the mouse: up and to the right, off the point


class EditViewBox(pg.ViewBox):
    """A ViewBox whose left button edits (through ``tool``) instead of panning.

    Right-drag and middle-drag pan, the wheel zooms; the context menu is off because the
    right button adds points.
    """

    def __init__(self) -> None:
        super().__init__(enableMenu=False)
        self.tool: EditTool | None = None
        self.rubber_band = QtWidgets.QGraphicsRectItem(0, 0, 1, 1)
        self.rubber_band.setPen(pg.mkPen("#444444", width=1, style=QtCore.Qt.PenStyle.DashLine))
        self.rubber_band.setBrush(QtGui.QBrush(QtGui.QColor(80, 80, 80, 30)))
        self.rubber_band.setZValue(1e9)
        self.rubber_band.hide()
        # A child of the view box itself, not of the data group: it lives in pixel coordinates.
        self.rubber_band.setParentItem(self)
        # The values a drag sets, shown beside the mouse while it drags (pixel coordinates too).
        self.readout = pg.TextItem("", anchor=(0, 1))
        self.readout.setZValue(1e9)
        self.readout.setParentItem(self)
        self.readout.hide()

    def mouseClickEvent(self, ev) -> None:  # noqa: N802
        if self.tool is not None and self.tool.click(ev):
            return
        ev.ignore()

    def mouseDragEvent(self, ev, axis=None) -> None:  # noqa: N802
        button = ev.button()
        if axis is None and button == _Left and self.tool is not None:
            self.tool.drag(ev)
        elif axis is None and button == _Right:
            self._pan(ev)
        else:  # middle button pans; drags on an axis keep pyqtgraph's behaviour
            super().mouseDragEvent(ev, axis)

    def _pan(self, ev) -> None:
        ev.accept()
        inv = pg.functions.invertQTransform(self.childGroup.transform())
        d = inv.map(ev.lastPos()) - inv.map(ev.pos())
        mx, my = self.state["mouseEnabled"]
        self.translateBy(x=d.x() if mx else None, y=d.y() if my else None)
        self.sigRangeChangedManually.emit(self.state["mouseEnabled"])

    def keyPressEvent(self, ev) -> None:  # noqa: N802
        ev.ignore()  # keys are the canvas's (Delete, F); pyqtgraph's Backspace-zoom-history is off


@dataclass
class _MoveDrag:
    indices: np.ndarray
    X0: np.ndarray
    start: np.ndarray
    drag_id: int
    row: int  # the point grabbed: its position snaps, the others move along
    at: np.ndarray  # its view position when grabbed
    grid: np.ndarray  # the grid (x, y) it snaps to


@dataclass
class _BandDrag:
    additive: bool


class ToolCanvas(Protocol):
    """What the tool reads of the canvas it serves (the Canvas is one).

    A protocol rather than the Canvas class: the canvas imports this module, so importing it
    back, even for type hints only, would make a cycle (the import contracts count those)."""

    session: ViewedSession
    view_box: EditViewBox
    view_points: np.ndarray  # the points as drawn: (n, 2) view coordinates
    projection: Projection
    active_class: int
    frame: Frame | None  # the frame drawn (its w and b are what the handles grab)
    overlay: Any  # its ``arrow`` (NormalArrow: anchor, direction, length_px) is the tip handle
    plot: Any  # the pg.PlotWidget: its axes' tick spacing is the snapping grid's unit
    look: Any  # its ``theme`` colours the values shown while dragging


class EditTool:
    """Turns clicks and drags on ``canvas`` into commands for ``canvas.session``."""

    hit_radius_px = 8.0

    def __init__(self, canvas: ToolCanvas) -> None:
        self.canvas = canvas
        self._drag: _MoveDrag | _BandDrag | HandleDrag | None = None
        self._finder = HitFinder()  # a grid over 10⁶ points instead of a scan at every click

    @property
    def session(self):
        return self.canvas.session

    def hit(self, pos: QtCore.QPointF, radius_px: float | None = None) -> int | None:
        """The point drawn nearest to view position ``pos``, if within ``radius_px`` screen
        pixels (default ``hit_radius_px``): the one nearest-point rule of clicks and hovers."""
        P = self.canvas.view_points
        if P.shape[0] == 0:
            return None
        pw, ph = self.canvas.view_box.viewPixelSize()
        if not pw or not ph:
            return None
        r = self.hit_radius_px if radius_px is None else radius_px
        return self._finder.nearest(P, pos.x(), pos.y(), pw, ph, r)

    def points_replaced(self, P: np.ndarray) -> None:
        """The canvas has new ``view_points`` (new data, an add or a delete): index them now."""
        self._finder.prepare(P)

    def points_moved(self, rows: np.ndarray) -> None:
        """The canvas moved these rows of ``view_points`` in place (the hit search must know)."""
        self._finder.moved(rows)

    # ---- clicks ---------------------------------------------------------------------------------
    def click(self, ev) -> bool:
        button, mods = ev.button(), ev.modifiers()
        if button not in (_Left, _Right):
            return False
        ev.accept()
        vb = self.canvas.view_box
        pos = vb.mapToView(ev.pos())
        i = self.hit(pos)
        if i is not None:
            if mods & _Ctrl:
                self.session.execute(DeletePoints(np.array([i])))
            elif mods & _Shift:
                sel = set(self.session.selection.tolist())
                self.session.select(sorted(sel ^ {i}))
            else:
                self.session.select([i])
            return True
        if mods & _Ctrl:
            return True
        other = button == _Right or bool(mods & _Shift)
        self.add_point(pos.x(), pos.y(), -self.canvas.active_class if other else self.canvas.active_class)
        return True

    def add_point(self, x: float, y: float, label: int) -> bool:
        proj = self.canvas.projection
        if not proj.can_add:
            self.session.message.emit(
                "info", _("This data set has {d} features and the view shows a 2-D projection, "
                          "so a click cannot say where a new point lies; add points in the table.").format(d=proj.d))
            return False
        X = proj.to_data(np.array([[x, y]]))
        return self.session.execute(AddPoints(X, np.array([float(label)])))

    # ---- drags ----------------------------------------------------------------------------------
    def drag(self, ev) -> None:
        ev.accept()
        vb = self.canvas.view_box
        if ev.isStart():
            start = vb.mapToView(ev.buttonDownPos())
            i = self.hit(start)
            mods = ev.modifiers()
            if i is not None and not mods & (_Ctrl | _Shift):
                sel = self.session.selection
                idx = np.array(sel if i in set(sel.tolist()) else [i], dtype=np.int64)
                self._drag = _MoveDrag(idx, self.session.points.X[idx].copy(),
                                       np.array([start.x(), start.y()]), self.session.new_drag_id(),
                                       int(i), self.canvas.view_points[i].copy(), self.grid())
            else:
                handle = None if mods & (_Ctrl | _Shift) else self._grab_handle(np.array([start.x(), start.y()]))
                self._drag = handle or _BandDrag(additive=bool(mods & (_Ctrl | _Shift)))
        drag = self._drag
        free = bool(ev.modifiers() & (_Alt | _Shift))  # held while moving: no snapping
        if isinstance(drag, _MoveDrag):
            pos = vb.mapToView(ev.pos())
            self._move_points(drag, np.array([pos.x(), pos.y()]), free, ev.pos())
            if ev.isFinish():
                self.session.end_drag()
        elif isinstance(drag, HandleDrag):
            self._move_handle(drag, vb.mapToView(ev.pos()), free, ev.pos())
            if ev.isFinish():
                self.session.end_drag()
        elif isinstance(drag, _BandDrag):
            rect = QtCore.QRectF(ev.buttonDownPos(), ev.pos()).normalized()
            vb.rubber_band.setRect(rect)
            vb.rubber_band.setVisible(not ev.isFinish())
            if ev.isFinish():
                self._select_in(vb.childGroup.mapRectFromParent(rect), drag.additive)
        if ev.isFinish():
            self._drag = None
            vb.readout.hide()

    def _move_points(self, drag: _MoveDrag, m: np.ndarray, free: bool, pixel: QtCore.QPointF) -> None:
        """The grabbed point to the mouse (snapped to the grid unless ``free``), the others along."""
        proj = self.canvas.projection
        target = drag.at + (m - drag.start)
        if not free:
            target = snap(target, drag.grid)
        X = drag.X0 + proj.delta_to_data(target - drag.at)
        mine = np.flatnonzero(drag.indices == drag.row)
        if proj.can_add and mine.size:  # a view position is a data row here: land on the grid exactly
            X[mine[0]] = proj.to_data(target.reshape(1, 2))[0]
        self.session.execute(MovePoints(drag.indices, X, drag.drag_id))
        if proj.can_add and mine.size:
            x = X[mine[0]]
            text = f"x = {fmt(x[0])}" if x.shape[0] == 1 else f"x = {fmt_vec(x)}"
        else:
            text = f"({fmt(target[0])}, {fmt(target[1])})"
        self._show_readout(text, pixel)

    def _show_readout(self, text: str, pixel: QtCore.QPointF) -> None:
        """``text`` beside the mouse at view-box pixel ``pixel``, in the canvas's theme."""
        item = self.canvas.view_box.readout
        theme = getattr(self.canvas.look, "theme", None)
        if theme is not None:
            r, g, b, _a = theme.label_fill
            item.fill = pg.mkBrush(QtGui.QColor(r, g, b, 225))
            item.setColor(theme.foreground)
        item.setText(display_numbers(text))  # the window's decimal separator
        item.setPos(QtCore.QPointF(pixel) + _READOUT_OFFSET)
        item.show()

    def grid(self) -> np.ndarray:
        """The grid (x, y) dragged points snap to: a tenth of each axis's major tick spacing as
        the axes draw it now (handles.grid_steps)."""
        vb = self.canvas.view_box
        (x0, x1), (y0, y1) = vb.viewRange()
        item = self.canvas.plot.getPlotItem()
        ticks = []
        for name, lo, hi, size in (("bottom", x0, x1, vb.width()), ("left", y0, y1, vb.height())):
            levels = item.getAxis(name).tickSpacing(lo, hi, size) if size > 0 else []
            ticks.append(levels[0][0] if levels else 0.0)
        return grid_steps(ticks)

    # ---- handles: the hyperplane and the arrow's tip set the run's start (canvas_handles) ------------
    def _pixel(self) -> np.ndarray | None:
        pw, ph = self.canvas.view_box.viewPixelSize()
        return np.array([pw, ph]) if pw and ph else None

    def _grab_handle(self, m: np.ndarray) -> HandleDrag | None:
        fr, arrow, px = self.canvas.frame, self.canvas.overlay.arrow, self._pixel()
        if fr is None or px is None or self.canvas.projection.kind != "plane" or not fr.has_hyperplane:
            return None
        kind = pick_handle(m, fr.w, fr.b, arrow.anchor, arrow.direction, px, arrow.length_px, self.hit_radius_px)
        if kind is None:
            return None
        base = arrow.anchor if arrow.anchor is not None else np.zeros(2)
        h = HandleDrag(kind, fr.w.copy(), float(fr.b), bool(fr.offset), np.array(base, dtype=np.float64),
                       self.session.new_drag_id(), weight_steps(fr.w, self.grid()))
        self.session.to_start()  # the start is what is dragged: show it, and step on from there
        return h

    def _move_handle(self, h: HandleDrag, pos: QtCore.QPointF, free: bool = False,
                     pixel: QtCore.QPointF | None = None) -> None:
        m, px = np.array([pos.x(), pos.y()]), self._pixel()
        if px is None:
            return
        got = dragged_line(h, m) if h.kind == "line" else dragged_tip(h, m, px, self.canvas.overlay.arrow.length_px)
        if got is None:
            return
        w, b = got if free else snapped_weights(h, *got)
        changes: dict[str, Any] = {"init": "custom", "start_w": [float(v) for v in w]}
        has_b = "start_b" in self.session.current_params()
        if has_b:
            changes["start_b"] = b
        label = _("Move the hyperplane") if h.kind == "line" else _("Turn the normal vector")
        self.session.set_params(changes, label=label, drag_id=h.drag_id)
        if pixel is not None:
            self._show_readout(f"w = {fmt_vec(w)}" + (f",  b = {fmt(b)}" if has_b else ""), pixel)

    def _select_in(self, r: QtCore.QRectF, additive: bool) -> None:
        P = self.canvas.view_points
        inside = np.flatnonzero((P[:, 0] >= r.left()) & (P[:, 0] <= r.right())
                                & (P[:, 1] >= r.top()) & (P[:, 1] <= r.bottom()))
        if additive:
            inside = np.union1d(inside, self.session.selection)
        self.session.select(inside)
