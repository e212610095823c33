"""Dragging the hyperplane or the arrow's tip sets the run's start (gui/canvas/handles.py)."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6 import QtCore, QtWidgets

from perceptron_gui.gui.canvas.handles import HandleDrag, dragged_line, dragged_tip, pick_handle

Qt = QtCore.Qt


class FakeDrag:
    """The parts of pyqtgraph's MouseDragEvent the tool reads, in the view box's own pixels."""

    def __init__(self, vb, start, pos, first: bool, last: bool) -> None:
        self._start, self._pos = vb.mapFromView(QtCore.QPointF(*start)), vb.mapFromView(QtCore.QPointF(*pos))
        self._first, self._last = first, last

    def accept(self) -> None: ...
    def isStart(self) -> bool: return self._first  # noqa: N802, E704
    def isFinish(self) -> bool: return self._last  # noqa: N802, E704
    def buttonDownPos(self): return self._start  # noqa: N802, E704
    def pos(self): return self._pos  # noqa: E704
    def modifiers(self): return Qt.KeyboardModifier.NoModifier  # noqa: E704


def drag(canvas, a, b, steps: int = 3) -> None:
    for k in range(steps + 1):
        p = np.asarray(a) + (np.asarray(b) - np.asarray(a)) * k / steps
        canvas.tool.drag(FakeDrag(canvas.view_box, a, p, k == 0, k == steps))
        QtWidgets.QApplication.processEvents()


@pytest.fixture
def notes003(make_main_window):
    win = make_main_window("notes003_margin", "offset")
    s = win.session
    s.set_params({"init": "custom", "start_w": [1, -1], "start_b": 1})
    s.to_start()
    win.canvas.view_box.setRange(xRange=(-4, 4), yRange=(-4, 4), padding=0.0)
    QtWidgets.QApplication.processEvents()
    s.forget_history()
    return win


def test_dragging_the_line_moves_the_start_and_is_one_undo_step(notes003) -> None:
    win = notes003
    s, c = win.session, win.canvas
    a = np.array([0.0, 1.0])  # on x1 − x2 + 1 = 0
    assert c.tool._grab_handle(a) is not None  # the line is under the mouse there
    s.to_start()
    drag(c, a, (1.0, 1.0))  # the line through (1, 1) with w = [1, −1]: b = 0
    assert s.params["offset"]["start_w"] == [1.0, -1.0]
    assert s.params["offset"]["start_b"] == pytest.approx(0.0, abs=1e-2)
    assert s.playhead.t == -1 and c.frame.t == -1
    np.testing.assert_allclose(c.frame.w, [1.0, -1.0])
    assert s.history.undo_text() == "Move the hyperplane"
    s.undo()
    assert s.params["offset"]["start_b"] == 1.0 and not s.history.can_undo()


def test_pulling_the_tip_turns_and_scales_w_keeping_the_line_through_the_base(notes003) -> None:
    win = notes003
    s, c = win.session, win.canvas
    arrow = c.overlay.arrow
    base, u = arrow.anchor.copy(), arrow.direction.copy()
    px = np.array(c.view_box.viewPixelSize())
    tip = base + arrow.length_px * px * u / np.hypot(*(u))  # the view is square: px equal
    target = base + 2.0 * (tip - base)[::-1] * np.array([1.0, -1.0])  # turned by −90°, twice as long
    drag(c, tip, target)
    w = np.array(s.params["offset"]["start_w"])
    assert np.hypot(*w) == pytest.approx(2.0 * np.sqrt(2.0), rel=0.05, abs=1e-12)
    assert w @ (target - base) > 0.99 * np.hypot(*w) * np.hypot(*(target - base))  # points at the mouse
    assert w @ base + s.params["offset"]["start_b"] == pytest.approx(0.0, abs=1e-9)
    assert s.history.undo_text() == "Turn the normal vector"


def test_the_pure_arithmetic() -> None:
    px = np.array([0.01, 0.01])
    w, b = np.array([1.0, -1.0]), 1.0
    assert pick_handle(np.array([0.0, 1.0]), w, b, None, None, px, 56.0, 8.0) == "line"
    assert pick_handle(np.array([0.0, 1.5]), w, b, None, None, px, 56.0, 8.0) is None
    tip = np.array([0.5, 0.5]) + 0.56 * np.array([1.0, -1.0]) / np.sqrt(2.0)
    assert pick_handle(tip, w, b, np.array([0.5, 0.5]), np.array([1.0, -1.0]) / np.sqrt(2.0), px, 56.0, 8.0) == "tip"
    h = HandleDrag("line", w, b, False, np.zeros(2), 1)
    w2, b2 = dragged_line(h, np.array([1.0, 1.0]))
    assert b2 == 0.0 and w2 @ np.array([1.0, 1.0]) == pytest.approx(0.0, abs=1e-12) and w2 @ w > 0
    assert dragged_line(h, np.zeros(2)) is None
    h = HandleDrag("tip", w, b, True, np.array([0.5, 0.5]), 1)
    assert dragged_tip(h, np.array([0.5, 0.5]), px, 56.0) is None
    w3, b3 = dragged_tip(h, np.array([0.5, 0.5 + 0.56]), px, 56.0)
    np.testing.assert_allclose(w3, [0.0, np.sqrt(2.0)], atol=1e-12)
    assert b3 == pytest.approx(-w3 @ np.array([0.5, 0.5]))


def test_typing_the_start_in_the_live_panel(make_main_window, qtbot) -> None:
    win = make_main_window("notes003_margin", "offset")
    s, edit = win.session, win.live_panel.start_edit
    assert edit.text() == "0, 0; 0"
    said: list[str] = []
    s.message.connect(lambda level, text: said.append(text))
    edit.setText("1, −1; 1")
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert s.params["offset"]["start_w"] == [1.0, -1.0] and s.params["offset"]["start_b"] == 1.0
    np.testing.assert_array_equal(s.run.weights[0], [1.0, -1.0, 1.0])
    assert s.history.undo_text() == "Type the start" and edit.text() == "1, -1; 1"
    edit.setText("1, abc")
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert said and "'abc' is not a number" in said[-1]
    assert s.params["offset"]["start_b"] == 1.0  # kept
    s.undo()
    assert edit.text() == "0, 0; 0"
