"""The canvas without a mouse: a keyboard cursor that adds, selects, moves and deletes points.

K on the canvas turns it on (K again or Esc turns it off); a crosshair shows where it is and a
line at the top of the plot says which keys do what. While it is on:

=========================  ===================================================================
← → ↑ ↓                    move the cursor by a twentieth of the view
Enter / Shift+Enter        add a point of the active class / of the other class at the cursor
Tab / Shift+Tab            select the next / previous point (the cursor goes to it)
Alt + ← → ↑ ↓              move the selected points by the cursor's step (one undo step each)
Delete                     delete the selected points
Esc or K                   leave the keyboard cursor
=========================  ===================================================================

The run's other keys stay as they are: Ctrl+→ / Ctrl+← step visits, Shift+→ / Shift+← epochs,
Space plays, Home and End jump. Every edit is a session command, so Ctrl+Z undoes it.
"""
from __future__ import annotations

from typing import Any, Protocol

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui

from ...i18n import N_, _, display_numbers, ngettext
from ...render.formatting import fmt
from ...render.projection import Projection
from ...session.commands import MovePoints
from ...session.viewed import ViewedSession
from .tools import EditTool, EditViewBox

__all__ = ["KeyboardCursor", "STEP_FRACTION", "HINT"]

Qt = QtCore.Qt
_Key = Qt.Key
STEP_FRACTION = 1 / 20  # of the view's width (→ ←) or height (↑ ↓)
_ARROWS = {_Key.Key_Left: (-1, 0), _Key.Key_Right: (1, 0), _Key.Key_Up: (0, 1), _Key.Key_Down: (0, -1)}
_ENTER = (_Key.Key_Return, _Key.Key_Enter)
_TABS = (_Key.Key_Tab, _Key.Key_Backtab)
# Two short lines: one long line ran under the legend of a narrow canvas.
HINT = N_("Keyboard cursor: arrows move · Enter adds · Tab selects\n"
          "Alt+arrows move the point · Delete removes · Esc leaves")  # shown translated


def _mods(event: QtGui.QKeyEvent) -> Qt.KeyboardModifier:
    return event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier


class CursorCanvas(Protocol):
    """What the cursor uses of its canvas (the Canvas, which imports this module, is one)."""

    session: ViewedSession
    view_box: EditViewBox
    view_points: np.ndarray
    projection: Projection
    active_class: int
    tool: EditTool
    look: Any

    def describe(self) -> None: ...


class KeyboardCursor:
    """The cursor of one canvas (see the module's docstring); off until :meth:`set_active`."""

    def __init__(self, canvas: CursorCanvas) -> None:
        self.canvas = canvas
        self.active = False
        self.pos = np.zeros(2)
        self.item = pg.TargetItem(pos=(0.0, 0.0), size=22, movable=False, symbol="crosshair",
                                  pen=pg.mkPen(canvas.look.theme.foreground, width=2))
        self.item.setZValue(1e8)
        self.item.hide()
        canvas.view_box.addItem(self.item, ignoreBounds=True)
        # The keys, on screen while the cursor is on: in pixel coordinates, at the plot's top left.
        self.hint = pg.TextItem(display_numbers(_(HINT)), anchor=(0, 0), color=canvas.look.theme.foreground,
                                fill=pg.mkBrush(*canvas.look.theme.label_fill))
        self.hint.setZValue(1e9)
        self.hint.setParentItem(canvas.view_box)
        self.hint.setPos(4, 4)
        self.hint.hide()

    @property
    def session(self):
        return self.canvas.session

    # ---- turning on and off -------------------------------------------------------------------
    def set_active(self, on: bool) -> None:
        """Turn the cursor on (at the centre of the view, or at the selected point) or off."""
        self.active = bool(on)
        if on:
            sel = self.session.selection
            P = self.canvas.view_points
            if sel.size and sel[-1] < P.shape[0]:
                self.pos = P[sel[-1]].astype(np.float64).copy()
            else:
                (x0, x1), (y0, y1) = self.canvas.view_box.viewRange()
                self.pos = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
            self._place()
        self.item.setVisible(self.active)
        self.hint.setVisible(self.active)

    def restyle(self) -> None:
        """The theme's foreground for the crosshair and the hint (View → Theme)."""
        theme = self.canvas.look.theme
        self.item.setPen(pg.mkPen(theme.foreground, width=2))
        self.hint.setColor(theme.foreground)
        self.hint.fill = pg.mkBrush(*theme.label_fill)

    def claims(self, event: QtGui.QKeyEvent) -> bool:
        """Whether the cursor takes ``event``'s key now (the playback keys leave it alone then)."""
        if not self.active:
            return False
        key, mods = event.key(), _mods(event)
        if key in _ARROWS:
            return mods in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.AltModifier)
        if key in _ENTER:
            return mods in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier)
        return key in _TABS and not mods & ~Qt.KeyboardModifier.ShiftModifier

    # ---- keys ---------------------------------------------------------------------------------
    def key(self, event: QtGui.QKeyEvent) -> None:
        """Do what a key :meth:`claims` says (the canvas calls it on the key press)."""
        key, mods = event.key(), _mods(event)
        if key in _ARROWS:
            step = self.step() * np.array(_ARROWS[Qt.Key(key)])
            if mods & Qt.KeyboardModifier.AltModifier:
                self.move_selected(step)
            else:
                self.move_by(step)
        elif key in _ENTER:
            other = bool(mods & Qt.KeyboardModifier.ShiftModifier)
            label = -self.canvas.active_class if other else self.canvas.active_class
            self.canvas.tool.add_point(float(self.pos[0]), float(self.pos[1]), label)
        elif key in _TABS:
            back = key == _Key.Key_Backtab or bool(mods & Qt.KeyboardModifier.ShiftModifier)
            self.select_next(-1 if back else 1)

    def step(self) -> np.ndarray:
        """The cursor's step (x, y) in view units: a twentieth of the view's width and height."""
        (x0, x1), (y0, y1) = self.canvas.view_box.viewRange()
        return np.array([(x1 - x0) * STEP_FRACTION, (y1 - y0) * STEP_FRACTION])

    def move_by(self, delta: np.ndarray) -> None:
        """Move the cursor; the view follows when it would leave it."""
        self.pos = self.pos + delta
        vb = self.canvas.view_box
        (x0, x1), (y0, y1) = vb.viewRange()
        dx = min(0.0, self.pos[0] - x0) + max(0.0, self.pos[0] - x1)
        dy = min(0.0, self.pos[1] - y0) + max(0.0, self.pos[1] - y1)
        if dx or dy:
            vb.translateBy(x=dx, y=dy)
        self._place()

    def move_selected(self, delta: np.ndarray) -> None:
        """Move the selected points by ``delta`` (view units): one undoable step."""
        s = self.session
        sel = np.asarray(s.selection, dtype=np.intp)
        if not sel.size:
            s.message.emit("info", _("Select a point first: Tab selects the next one."))
            return
        X = s.points.X[sel] + self.canvas.projection.delta_to_data([float(delta[0]), float(delta[1])])
        if s.execute(MovePoints(sel, X)):
            self.move_by(delta)

    def select_next(self, direction: int) -> None:
        """Select the point after (``direction`` 1) or before (−1) the selected one, cyclically."""
        s = self.session
        n = s.points.n
        if n == 0:
            return
        sel = s.selection
        if sel.size:
            i = (int(sel.max() if direction > 0 else sel.min()) + direction) % n
        else:
            i = 0 if direction > 0 else n - 1
        s.select([i])
        P = self.canvas.view_points
        if i < P.shape[0]:
            self.pos = P[i].astype(np.float64).copy()
            self._place()

    # ---- what is shown and said ---------------------------------------------------------------
    def _place(self) -> None:
        self.item.setPos(QtCore.QPointF(float(self.pos[0]), float(self.pos[1])))
        self.canvas.describe()  # the cursor's place is part of the canvas's description

    def sentence(self) -> str:
        """Where the cursor is, and the selected point, for the canvas's accessible description."""
        if not self.active:
            return ""
        s = self.session
        text = " " + _("Keyboard cursor at ({x}, {y}).").format(x=fmt(float(self.pos[0])), y=fmt(float(self.pos[1])))
        sel = s.selection
        if sel.size == 1 and sel[0] < s.points.n:
            i = int(sel[0])
            cls = "+1" if s.points.y[i] > 0 else "−1"
            text += " " + _("Selected: row {row} of {n}, class {label}.").format(row=i + 1, n=s.points.n, label=cls)
        elif sel.size > 1:
            text += " " + ngettext("{n} point selected.", "{n} points selected.", int(sel.size)).format(n=sel.size)
        return text
