"""Drags land on round values: points on a grid of a tenth of the axes' tick spacing, the line's
b and the arrow's w on 1-2-5 steps; Alt or Shift held while moving drags freely; the values
show beside the mouse while dragging (gui/canvas/handles.py, tools.py)."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import numpy as np
import pytest
from PySide6 import QtCore, QtWidgets

from perceptron_gui.gui.canvas.canvas import Canvas
from perceptron_gui.gui.canvas.handles import (
    SNAP_FRACTION,
    HandleDrag,
    grid_steps,
    nice_step,
    snap,
    snapped_weights,
    weight_steps,
)
from perceptron_gui.session.session import Session

Qt = QtCore.Qt


def on_grid(v, step) -> bool:
    v, step = np.asarray(v, float), np.broadcast_to(np.asarray(step, float), np.shape(v))
    return bool(np.allclose(np.round(v / step) * step, v, rtol=0.0, atol=1e-12))


# ---- the arithmetic (no Qt) ------------------------------------------------------------------------
def test_nice_steps_are_one_two_five() -> None:
    cases = {0.1475: 0.1, 0.1: 0.1, 0.25: 0.2, 0.07: 0.05, 1.0: 1.0, 4.99: 2.0, 5.0: 5.0, 730.0: 500.0, 3e-5: 2e-5}
    for scale, want in cases.items():
        assert nice_step(scale) == pytest.approx(want, rel=1e-12), scale
    assert nice_step(0.0) == 0.0 and nice_step(-1.0) == 0.0 and nice_step(float("nan")) == 0.0


def test_snap_rounds_to_the_step_and_writes_the_round_decimal() -> None:
    got = snap([0.61, 0.7471, -0.2345, 0.31], 0.2)
    assert got.tolist() == [0.6, 0.8, -0.2, 0.4]  # exactly those decimals, not 0.6000000000000001
    assert snap([0.7471, -0.026], [0.05, 0.1]).tolist() == [0.75, -0.0]
    assert snap(0.123456, 0.0).tolist() == 0.123456  # a step of 0: no snapping
    assert snap(1234.5678, 0.5).tolist() == 1234.5


def test_the_grid_is_a_tenth_of_the_tick_spacing() -> None:
    assert SNAP_FRACTION == 0.1
    np.testing.assert_allclose(grid_steps([0.5, 1.0]), [0.05, 0.1], atol=1e-15)
    np.testing.assert_allclose(grid_steps([0.0, float("nan")]), [0.0, 0.0])  # no ticks: no snapping


def test_the_handles_snap_their_weights() -> None:
    w, base = np.array([0.017, 2.95]), np.array([0.3, -0.4])
    steps = weight_steps(w, np.array([0.05, 0.05]))
    assert steps == (pytest.approx(0.1), pytest.approx(0.1))  # ‖w‖/20 = 0.1475 → 0.1; ‖w‖·0.05 → 0.1
    line = HandleDrag("line", w, 0.0, True, base, 1, steps)
    sw, sb = snapped_weights(line, w, -0.3372)
    assert sw is w and sb == -0.3  # the line keeps its w; b lands on the step
    tip = HandleDrag("tip", w, 0.0, True, base, 1, steps)
    sw, sb = snapped_weights(tip, np.array([1.234, -0.987]), 123.0)
    assert sw.tolist() == [1.2, -1.0]
    assert sb == pytest.approx(-(sw @ base), abs=1e-15)  # still through the arrow's base
    origin = HandleDrag("line", w, 0.0, False, base, 1, steps)
    sw, sb = snapped_weights(origin, np.array([2.049, 2.061]), 0.0)
    assert sw.tolist() == [2.0, 2.1] and sb == 0.0


# ---- drags on a canvas ------------------------------------------------------------------------------
class FakeDrag:
    """The parts of pyqtgraph's MouseDragEvent the tool reads, in the view box's own pixels."""

    def __init__(self, vb, start, pos, first: bool, last: bool, mods=Qt.KeyboardModifier.NoModifier) -> None:
        self._start, self._pos = vb.mapFromView(QtCore.QPointF(*start)), vb.mapFromView(QtCore.QPointF(*pos))
        self._first, self._last, self._mods = first, last, mods

    def accept(self) -> None: ...
    def isStart(self) -> bool: return self._first  # noqa: N802, E704
    def isFinish(self) -> bool: return self._last  # noqa: N802, E704
    def buttonDownPos(self): return self._start  # noqa: N802, E704
    def pos(self): return self._pos  # noqa: E704
    def modifiers(self): return self._mods  # noqa: E704


def drag(canvas: Canvas, a, b, steps: int = 3, mods=Qt.KeyboardModifier.NoModifier, finish: bool = True) -> None:
    for k in range(steps + 1):
        p = np.asarray(a) + (np.asarray(b) - np.asarray(a)) * k / steps
        canvas.tool.drag(FakeDrag(canvas.view_box, a, p, k == 0, finish and k == steps, mods))
        QtWidgets.QApplication.processEvents()


def make(qtbot, preset: str) -> Canvas:
    s = Session()
    s.load_preset(preset)
    c = Canvas(s)
    qtbot.addWidget(c)
    c.resize(800, 600)
    c.show()
    qtbot.waitExposed(c)
    c.view_box.setRange(xRange=(-2.0, 2.0), yRange=(-2.0, 2.0), padding=0.0)
    QtWidgets.QApplication.processEvents()
    return c


def test_a_dragged_point_ends_on_the_grid_and_the_selection_moves_along(qtbot) -> None:
    c = make(qtbot, "random_separable")
    s = c.session
    grid = c.tool.grid()
    major = c.plot.getPlotItem().getAxis("bottom").tickSpacing(-2.0, 2.0, c.view_box.width())[0][0]
    assert grid[0] == pytest.approx(0.1 * major) and np.all(grid > 0)
    s.select([3, 7])
    X0 = s.points.X.copy()
    target = X0[7] + np.array([0.3131, -0.2718])
    drag(c, X0[7], target)
    x = s.points.X[7]
    assert on_grid(x, grid)
    assert np.all(np.abs(x - target) <= grid / 2 + 1e-12)
    np.testing.assert_allclose(s.points.X[3] - X0[3], x - X0[7], atol=1e-12)  # the other one moved along
    assert s.history.undo_text().startswith("Move")  # one undo step
    assert not c.view_box.readout.isVisible()  # the values show only while dragging


def test_alt_or_shift_while_moving_drags_freely(qtbot) -> None:
    c = make(qtbot, "random_separable")
    s = c.session
    for mods in (Qt.KeyboardModifier.AltModifier, Qt.KeyboardModifier.ShiftModifier):
        X0 = s.points.X.copy()
        target = X0[5] + np.array([0.3131, -0.2718])
        # The first event (the press) carries no modifier: Shift there would start a selection band.
        c.tool.drag(FakeDrag(c.view_box, X0[5], X0[5], True, False))
        for k in (1, 2, 3):
            p = X0[5] + (target - X0[5]) * k / 3
            c.tool.drag(FakeDrag(c.view_box, X0[5], p, False, k == 3, mods))
        np.testing.assert_allclose(s.points.X[5], target, atol=2 * max(c.view_box.viewPixelSize()))
        assert not on_grid(s.points.X[5], c.tool.grid())


def test_the_values_show_beside_the_mouse_while_dragging(qtbot) -> None:
    c = make(qtbot, "random_separable")
    X0 = c.session.points.X.copy()
    drag(c, X0[2], X0[2] + 0.3, finish=False)
    readout = c.view_box.readout
    x = c.session.points.X[2]
    assert readout.isVisible()
    text = readout.textItem.toPlainText()
    assert text.startswith("x = (") and all(f"{v:g}".replace("-", "−") in text for v in x)
    mouse = c.view_box.mapFromView(QtCore.QPointF(*(X0[2] + 0.3)))
    assert abs(readout.pos().x() - mouse.x()) < 40 and abs(readout.pos().y() - mouse.y()) < 40  # near the mouse
    c.tool.drag(FakeDrag(c.view_box, X0[2], X0[2] + 0.3, False, True))
    assert not readout.isVisible()


@pytest.fixture
def notes003(qtbot) -> Canvas:
    c = make(qtbot, "notes003_margin")
    s = c.session
    s.set_algorithm("offset")
    s.set_params({"init": "custom", "start_w": [1, -1], "start_b": 1})
    s.to_start()
    c.view_box.setRange(xRange=(-4, 4), yRange=(-4, 4), padding=0.0)
    QtWidgets.QApplication.processEvents()
    return c


def test_dragging_the_line_ends_on_a_round_b(notes003) -> None:
    c = notes003
    s = c.session
    steps = weight_steps(np.array([1.0, -1.0]), c.tool.grid())
    assert steps[1] > 0
    a, m = (0.0, 1.0), (1.0137, 1.3791)  # off the grid on purpose: −w·m = 0.3654
    drag(c, a, m, finish=False)
    b = s.params["offset"]["start_b"]
    assert s.params["offset"]["start_w"] == [1.0, -1.0]
    assert on_grid(b, steps[1]) and b == pytest.approx(0.3654, abs=steps[1] / 2)
    assert c.view_box.readout.textItem.toPlainText() == f"w = (1, −1),  b = {b:g}"
    c.tool.drag(FakeDrag(c.view_box, a, m, False, True))
    assert s.params["offset"]["start_b"] == b and not c.view_box.readout.isVisible()
    assert s.history.undo_text() == "Move the hyperplane"


def test_pulling_the_tip_ends_on_a_round_w_with_the_line_through_the_base(notes003) -> None:
    c = notes003
    s = c.session
    arrow = c.overlay.arrow
    base, u = arrow.anchor.copy(), arrow.direction.copy()
    px = np.array(c.view_box.viewPixelSize())
    tip = base + arrow.length_px * px * u
    step_w = weight_steps(np.array([1.0, -1.0]), c.tool.grid())[0]
    target = base + 1.73 * (tip - base)[::-1] * np.array([1.0, -1.0])
    drag(c, tip, target)
    w = np.array(s.params["offset"]["start_w"])
    assert on_grid(w, step_w)
    assert w @ base + s.params["offset"]["start_b"] == pytest.approx(0.0, abs=1e-9)
    free = np.hypot(1.0, 1.0) * 1.73 * (target - base) / np.hypot(*(target - base))  # the pull, unsnapped
    assert np.all(np.abs(w - free) <= step_w / 2 + 0.02 * np.hypot(*free))


def test_the_help_names_the_snapping_and_the_free_modifier() -> None:
    from perceptron_gui.gui.app.actions import SHORTCUTS

    text = " ".join(f"{k} {v}" for k, v in SHORTCUTS)
    assert "snap" in text.lower() and "Alt" in text
