"""Clicks and hovers on a canvas of many points find the nearest by a grid built off the
window's thread; a point moved afterwards is found where it is now."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import numpy as np
from PySide6 import QtCore

from perceptron_gui.core.dataset import Dataset
from perceptron_gui.gui.canvas.canvas import Canvas
from perceptron_gui.render.hit_grid import GRID_MIN_N
from perceptron_gui.session.commands import MovePoints
from perceptron_gui.session.session import Session


def test_a_point_moved_after_the_grid_was_built_is_hit_where_it_is(qtbot) -> None:
    n = GRID_MIN_N + 500
    rng = np.random.default_rng(3)
    X = rng.uniform(-1.0, 1.0, size=(n, 2))
    session = Session()
    session.set_param("max_epochs", 1)
    session.load_dataset(Dataset.from_arrays(X, np.where(X[:, 0] > 0, 1.0, -1.0)), "many")
    session.wait()
    canvas = Canvas(session)
    qtbot.addWidget(canvas)
    canvas.resize(800, 600)
    canvas.show()
    qtbot.waitExposed(canvas)
    canvas.view_box.setRange(xRange=(-2, 2), yRange=(-2, 2), padding=0.0)
    tool = canvas.tool
    P = canvas.view_points
    at = QtCore.QPointF(*P[11])
    assert tool.hit(at) == 11  # a scan while the grid is being built
    qtbot.waitUntil(lambda: tool.hit(at) == 11 and tool._finder._grid is not None, timeout=30_000)  # noqa: SLF001
    assert session.execute(MovePoints([11], [[1.8, -1.8]]))
    assert tool.hit(QtCore.QPointF(1.8, -1.8)) == 11
    assert tool.hit(at) != 11
    assert tool._finder._grid is not None  # noqa: SLF001 - the move did not throw the grid away


def test_the_grid_is_built_when_the_points_arrive_not_at_the_first_click(qtbot) -> None:
    """A new data set starts the grid's build at once (off the window's thread), so the first
    click after opening a big file finds it ready."""
    n = GRID_MIN_N + 100
    rng = np.random.default_rng(5)
    X = rng.uniform(-1.0, 1.0, size=(n, 2))
    session = Session()
    session.set_param("max_epochs", 1)
    canvas = Canvas(session)
    qtbot.addWidget(canvas)
    session.load_dataset(Dataset.from_arrays(X, np.where(X[:, 1] > 0, 1.0, -1.0)), "many")
    session.wait()
    finder = canvas.tool._finder  # noqa: SLF001
    assert finder._of is canvas.view_points  # noqa: SLF001 - being built for these points, no click yet
    qtbot.waitUntil(lambda: finder._future is None or finder._future.done(), timeout=30_000)  # noqa: SLF001
