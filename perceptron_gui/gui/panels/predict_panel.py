"""Predict, then reveal (Run → Predict, then reveal…, key P): before the next update is shown the
student clicks the point that will cause it (on the canvas or its row) and types w_{k+1}, b_{k+1};
→ (or Reveal) shows the step with the guess beside the truth, right and wrong marked, and keeps a
score. Escape leaves. The judging is :mod:`perceptron_gui.session.predict` (no Qt); this module
asks, draws the guess on the canvas and restores the canvas's tool when it ends.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from ...core.errors import UserError
from ...i18n import N_, _, display_numbers
from ...render import theme
from ...render.formatting import fmt
from ...session.predict import DEFAULT_TOLERANCE, PredictScore, Truth, Verdict, judge, next_truth, parse_numbers
from ..canvas.tools import EditTool
from ..kit.view_wiring import connect_events

__all__ = ["PickTool", "PredictMode", "DOCK_TITLE"]

Qt = QtCore.Qt
DOCK_TITLE = N_("Predict, then reveal")  # the dock's object name; shown translated
_GUESS = theme.OUTPUT  # the guess in purple, beside the truth's black line


class PickTool(EditTool):
    """The canvas's mouse while predicting: a click chooses the nearest point, nothing is edited."""

    hit_radius_px = 24.0

    def click(self, ev: Any) -> bool:
        ev.accept()
        i = self.hit(self.canvas.view_box.mapToView(ev.pos()))
        if i is not None:
            self.session.select([i])
        return True

    def drag(self, ev: Any) -> None:
        ev.ignore()


def _vector(v: np.ndarray) -> str:
    return "(" + ", ".join(fmt(float(x)) for x in v) + ")"


class PredictMode(QtWidgets.QWidget):
    """The panel and the mode: :meth:`enter`, :meth:`reveal`, :meth:`leave`."""

    def __init__(self, win: Any) -> None:
        super().__init__()
        self.win = win
        self.session = win.session
        self.active = False
        self.score = PredictScore()
        self.truth: Truth | None = None
        self._saved_tool: Any = None
        self._revealing = False
        lay = QtWidgets.QVBoxLayout(self)
        self.prompt = QtWidgets.QLabel("")
        self.prompt.setWordWrap(True)
        self.prompt.setAccessibleName(_("The question"))
        lay.addWidget(self.prompt)
        form = QtWidgets.QFormLayout()
        self.point_label = QtWidgets.QLabel("—")
        form.addRow(_("Point:"), self.point_label)
        self.w_edit = QtWidgets.QLineEdit()
        self.w_edit.setPlaceholderText(_("e.g. 2, 2"))
        self.w_edit.setAccessibleName(_("Your w after the update"))
        self.b_edit = QtWidgets.QLineEdit()
        self.b_edit.setPlaceholderText(_("e.g. 1"))
        self.b_edit.setAccessibleName(_("Your b after the update"))
        form.addRow(_("w after it:"), self.w_edit)
        form.addRow(_("b after it:"), self.b_edit)
        self.tolerance = QtWidgets.QDoubleSpinBox()
        self.tolerance.setDecimals(3)
        self.tolerance.setRange(0.0, 1e6)
        self.tolerance.setValue(DEFAULT_TOLERANCE)
        self.tolerance.setAccessibleName(_("Tolerance for the weights"))
        self.tolerance.setToolTip(_("A weight guess is right when every coordinate is within this of the truth"))
        form.addRow(_("Tolerance:"), self.tolerance)
        lay.addLayout(form)
        buttons = QtWidgets.QHBoxLayout()
        self.reveal_button = QtWidgets.QPushButton(_("&Reveal (→)"))
        self.reveal_button.clicked.connect(self.reveal)
        leave = QtWidgets.QPushButton(_("Leave (Esc)"))
        leave.clicked.connect(self.leave)
        buttons.addWidget(self.reveal_button)
        buttons.addWidget(leave)
        lay.addLayout(buttons)
        for edit in (self.w_edit, self.b_edit):
            edit.returnPressed.connect(self.reveal)
        self.verdict = QtWidgets.QLabel("")
        self.verdict.setWordWrap(True)
        self.verdict.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.verdict)
        self.score_label = QtWidgets.QLabel(display_numbers(self.score.text()))
        lay.addWidget(self.score_label)
        lay.addStretch(1)
        self.dock = QtWidgets.QDockWidget(_(DOCK_TITLE), win)
        self.dock.setObjectName(DOCK_TITLE)
        self.dock.setWidget(self)
        win.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.dock.hide()
        self.guess_line = pg.PlotDataItem(pen=pg.mkPen(_GUESS, width=3, style=Qt.PenStyle.DashLine))
        self.guess_mark = pg.ScatterPlotItem(size=22, symbol="x", brush=pg.mkBrush(_GUESS), pen=pg.mkPen(_GUESS))
        connect_events(self, [(self.session.selection_changed, self._on_selection),
                              (self.session.run_changed, self._on_run_changed),
                              (self.session.playhead_changed, self._on_playhead_changed)])

    # ---- the mode ----------------------------------------------------------------------
    def enter(self) -> None:
        """Start predicting from the step shown (the canvas's clicks then only choose points)."""
        if self.active:
            return
        self.active = True
        canvas = self.win.canvas
        self._saved_tool = canvas.view_box.tool
        canvas.view_box.tool = PickTool(canvas)
        canvas.view_box.tool.points_replaced(canvas.view_points)
        for item in (self.guess_line, self.guess_mark):
            canvas.plot.addItem(item, ignoreBounds=True)
        presenting = bool(getattr(getattr(self.win, "presentation", None), "active", False))
        font = QtGui.QFont(self.font())
        font.setPointSizeF(self.font().pointSizeF() * (1.6 if presenting else 1.0))
        self.prompt.setFont(font)
        self.verdict.setFont(font)
        self.dock.show()
        self.dock.raise_()
        self._ask()

    def leave(self) -> None:
        """End predicting: the canvas's own tool and picture come back."""
        if not self.active:
            return
        self.active = False
        canvas = self.win.canvas
        canvas.view_box.tool = self._saved_tool
        for item in (self.guess_line, self.guess_mark):
            canvas.plot.removeItem(item)
        self.dock.hide()
        action = self.win.actions_by_name.get("predict")
        if action is not None and action.isChecked():
            action.setChecked(False)

    def _ask(self) -> None:
        self.truth = next_truth(self.session.result, self.session.k)
        self.w_edit.clear()
        self.b_edit.clear()
        self.session.select([])
        self.point_label.setText(_("— (click the point on the canvas or its row in the table)"))
        if self.truth is None:
            self.prompt.setText(_("The run has no further update: every step is shown. Go back (←, Home) to "
                                  "predict earlier steps, or leave with Esc."))
            self.reveal_button.setEnabled(False)
            return
        self.reveal_button.setEnabled(True)
        t = self.truth
        weights = t.weights_asked
        for edit in (self.w_edit, self.b_edit):
            edit.setEnabled(weights)
        self.b_edit.setEnabled(weights and t.b is not None)
        self.prompt.setText((_("Update {k} comes next. Which point causes it? Click it. "
                               "Then type w and b after the update, and press → (or Reveal).") if weights else
                             _("Update {k} comes next. Which point causes it? Click it. "
                               "Then press → (or Reveal); this learner's weights are not asked.")).format(k=t.k))

    def _on_selection(self) -> None:
        if not self.active:
            return
        sel = self.session.selection
        self.point_label.setText(_("x{i} (row {row})").format(i=int(sel[0]) + 1, row=int(sel[0]) + 1) if len(sel) else
                                 _("— (click the point on the canvas or its row in the table)"))

    def _on_run_changed(self, *_args: object) -> None:
        if self.active:
            self._clear_guess()
            self._ask()

    def _on_playhead_changed(self, *_args: object) -> None:
        """The user stepped elsewhere (←, Home, the slider): ask about the step after it."""
        if self.active and not self._revealing and (self.truth is None or self.session.k != self.truth.k - 1):
            self._clear_guess()
            self.verdict.setText("")
            self._ask()

    # ---- revealing ---------------------------------------------------------------------
    def reveal(self) -> Verdict | None:
        """Judge the guess, show the step and the guess beside it, and ask the next."""
        t = self.truth
        if not self.active or t is None:
            return None
        sel = self.session.selection
        point = int(sel[0]) if len(sel) else None
        try:
            w = parse_numbers(self.w_edit.text(), len(t.w), "w") if t.weights_asked and self.w_edit.text().strip() else None
            b = (float(parse_numbers(self.b_edit.text(), 1, "b")[0])
                 if w is not None and t.b is not None and self.b_edit.text().strip() else None)
        except UserError as exc:
            self.verdict.setText(str(exc))
            return None
        verdict = judge(t, point, w, b, self.tolerance.value())
        self.score.add(verdict)
        self._revealing = True
        try:
            self.session.jump_to_update(t.k)
        finally:
            self._revealing = False
        self._draw_guess(verdict)
        self.verdict.setText(display_numbers(self._verdict_text(verdict)))
        self.score_label.setText(display_numbers(self.score.text()))
        self._ask()  # the next question; the guess stays drawn beside the step just shown
        return verdict

    def _verdict_text(self, v: Verdict) -> str:
        t = v.truth
        point = (_("✓ Right point: x{i}.").format(i=t.point + 1) if v.point_right else
                 _("✗ The point was x{i}, not x{j}.").format(i=t.point + 1, j=v.point + 1) if v.point is not None
                 else _("✗ The point was x{i}.").format(i=t.point + 1))
        truth = f"w = {_vector(t.w)}" + (f", b = {fmt(t.b)}" if t.b is not None else "")
        if v.weights_right is None:
            weights = " " + _("The step made {truth}.").format(truth=truth) + (
                "" if t.weights_asked else " " + _("(weights not asked for this learner)"))
        else:
            mark = "✓" if v.weights_right else "✗"
            weights = " " + _("{mark} Weights: yours are off by at most {error} (tolerance {tolerance}); "
                              "the step made {truth}.").format(mark=mark, error=fmt(v.error),
                                                               tolerance=fmt(self.tolerance.value()), truth=truth)
        return point + weights

    def _draw_guess(self, v: Verdict) -> None:
        self._clear_guess()
        canvas = self.win.canvas
        if not canvas.projection.can_add:  # the view is not the data's plane: the numbers say it
            return
        if v.point is not None and not v.point_right:
            P = canvas.view_points
            if 0 <= v.point < len(P):
                self.guess_mark.setData([P[v.point, 0]], [P[v.point, 1]])
        if v.w is None or len(v.w) != 2:
            return
        (x0, x1), (y0, y1) = canvas.view_box.viewRange()
        w1, w2 = float(v.w[0]), float(v.w[1])
        b = float(v.b or 0.0)
        if abs(w2) >= abs(w1) and w2 != 0.0:
            xs = np.array([x0, x1])
            self.guess_line.setData(xs, -(w1 * xs + b) / w2)
        elif w1 != 0.0:
            ys = np.array([y0, y1])
            self.guess_line.setData(-(w2 * ys + b) / w1, ys)

    def _clear_guess(self) -> None:
        self.guess_line.setData([], [])
        self.guess_mark.setData([], [])

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if event.key() == Qt.Key.Key_Escape:
            self.leave()
            return
        super().keyPressEvent(event)

