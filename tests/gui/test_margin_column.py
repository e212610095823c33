"""The point table's margin column and the View menu's update switches.

Notes 003: θ = [1, −1], θ₀ = 1 gives (1, 3)+, (2.5, 1.5)+, (−1.5, 1.5)− the margins −√2/2, √2,
√2, and the data set's margin is the smallest, −√2/2.
"""
from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np
import pytest
from PySide6 import QtCore, QtWidgets

from perceptron_gui.core import theory
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.gui.table import model as table_model
from perceptron_gui.gui.table.model import NO_MARGIN, PointTableModel
from perceptron_gui.session.session import Session

Qt = QtCore.Qt
NOTES_X = np.array([[1.0, 3.0], [2.5, 1.5], [-1.5, 1.5]])
NOTES_Y = np.array([1.0, 1.0, -1.0])


def notes_session(custom: bool = True) -> Session:
    s = Session()
    s.load_dataset(Dataset.from_arrays(NOTES_X, NOTES_Y), "notes 003")
    s.set_algorithm("offset")
    if custom:
        s.set_params({"init": "custom", "start_w": [1, -1], "start_b": 1})
    s.wait()
    s.to_start()  # before the first visit: the start θ, θ₀
    return s


def column(model: PointTableModel, role=Qt.ItemDataRole.DisplayRole) -> list:
    return [model.data(model.index(r, model.margin_column), role) for r in range(model.rowCount())]


def test_the_column_shows_the_notes_margins_and_highlights_the_data_sets(qtbot):
    s = notes_session()
    model = PointTableModel(s)
    assert model.headerData(model.margin_column, Qt.Orientation.Horizontal) == "margin"
    assert column(model) == ["−0.7071", "1.414", "1.414"]
    np.testing.assert_allclose([float(v) for v in column(model, Qt.ItemDataRole.EditRole)],
                               [-math.sqrt(2) / 2, math.sqrt(2), math.sqrt(2)], rtol=1e-15)
    backgrounds = column(model, Qt.ItemDataRole.BackgroundRole)
    assert backgrounds[0] is not None and backgrounds[1:] == [None, None]  # −√2/2: the data set's margin
    assert "data set's margin" in model.data(model.index(0, model.margin_column), Qt.ItemDataRole.ToolTipRole)
    assert not model.flags(model.index(0, model.margin_column)) & Qt.ItemFlag.ItemIsEditable
    assert not model.setData(model.index(0, model.margin_column), "3")
    # After the update on (1, 3)+: θ = [2, 2], θ₀ = 2, and the negative point has the smallest margin.
    changed = []
    model.dataChanged.connect(lambda a, b: changed.append((a.column(), b.column())))
    s.step("update")
    assert changed and changed[-1] == (model.margin_column, model.margin_column)
    assert column(model) == ["3.536", "3.536", "−0.7071"]
    assert column(model, Qt.ItemDataRole.BackgroundRole)[2] is not None


def test_no_margin_while_w_is_zero(qtbot):
    s = notes_session(custom=False)  # the zero start
    model = PointTableModel(s)
    assert column(model) == [NO_MARGIN] * 3
    assert column(model, Qt.ItemDataRole.BackgroundRole) == [None] * 3


def test_a_step_computes_margins_only_for_the_rows_asked(qtbot, monkeypatch):
    rng = np.random.default_rng(0)
    X = rng.uniform(-1, 1, (5000, 2))
    s = Session()
    s.load_dataset(Dataset.from_arrays(X, np.where(X[:, 0] > 0.1 * X[:, 1], 1.0, -1.0)), "big")
    s.wait()
    model = PointTableModel(s)
    rows_computed = []
    real = theory.signed_margins
    # The table's own calls (the frame computes the data set's margin over all points itself).
    monkeypatch.setattr(table_model, "th", SimpleNamespace(
        signed_margins=lambda X, *a, **k: rows_computed.append(len(X)) or real(X, *a, **k)))
    for _ in range(20):
        s.step("visit", -1)  # no view asks: nothing is computed
    assert rows_computed == []
    model.data(model.index(4321, model.margin_column))
    model.data(model.index(4321, model.margin_column), Qt.ItemDataRole.ToolTipRole)
    assert rows_computed == [1]  # one row, once for this frame
    fr = s.frame()
    assert float(model.data(model.index(4321, model.margin_column), Qt.ItemDataRole.EditRole)) == pytest.approx(
        real(X[4321:4322], s.points.y[4321:4322], fr.w, fr.b)[0], rel=0, abs=0)


def test_the_view_menu_switches_the_update_and_the_margins(make_main_window, qtbot):
    win = make_main_window("notes003_margin", "offset")
    acts = win.actions_by_name
    assert acts["previous"].isChecked() and win.canvas.options.show_previous
    assert not acts["update_vectors"].isChecked() and not acts["point_margins"].isChecked()
    view = win.table.view
    margin_col = win.table.model.margin_column
    assert view.isColumnHidden(margin_col)  # shown on demand: the window must fit a 1024×768 projector
    acts["margin_column"].setChecked(True)
    assert not view.isColumnHidden(margin_col) and view.columnWidth(margin_col) > 0
    acts["update_vectors"].setChecked(True)
    acts["point_margins"].setChecked(True)
    acts["previous"].setChecked(False)
    QtWidgets.QApplication.processEvents()
    o = win.canvas.options
    assert (o.show_update, o.show_point_margins, o.show_previous) == (True, True, False)
    pic = win.canvas.overlay.picture
    assert pic is not None and pic.get("point_margins") is not None and pic.get("previous") is None


def test_fitting_the_view_takes_in_the_update_vectors(make_main_window, qtbot):
    win = make_main_window("notes003_margin", "offset")
    s = win.session
    s.set_params({"init": "custom", "start_w": [1, -1], "start_b": 1})
    s.wait()
    s.jump_to_update(2)  # w₁ = (2, 2) + y·x of (−1.5, 1.5)− = (3.5, 0.5): right of every point
    win.actions_by_name["update_vectors"].setChecked(True)
    win.canvas.fit_view()
    (x0, x1), (y0, y1) = win.canvas.view_box.viewRange()
    fr = s.frame()
    for tip in (fr.prev_w, fr.w, np.zeros(2)):
        assert x0 <= tip[0] <= x1 and y0 <= tip[1] <= y1, (tip, (x0, x1), (y0, y1))
    assert all(v.head for v in win.canvas.overlay.picture if hasattr(v, "head"))


def test_a_step_repaints_only_the_margin_strip_and_nothing_while_it_is_hidden(qtbot):
    """A playback step changes the margin of every row: the table repaints that column's strip
    (shown) or nothing (hidden), not all its cells (~900 cells a frame at 60 steps/s)."""
    from perceptron_gui.gui.table.view import PointView

    s = notes_session(custom=False)
    model = PointTableModel(s)
    view = PointView(model, lambda: None, lambda r: False)
    qtbot.addWidget(view)
    view.resize(500, 300)
    view.show()
    qtbot.waitExposed(view)
    painted: list[QtCore.QRect] = []

    class Spy(QtCore.QObject):
        def eventFilter(self, obj, ev):  # noqa: N802
            if ev.type() == QtCore.QEvent.Type.Paint:
                painted.append(ev.rect())
            return False

    spy = Spy()
    view.viewport().installEventFilter(spy)

    def settle() -> None:  # until a turn of the event loop paints nothing (a layout's repaints done)
        for _ in range(50):
            painted.clear()
            QtWidgets.QApplication.processEvents()
            if not painted:
                return

    def step_and_paint() -> None:
        settle()
        assert s.step("update", 1)
        QtWidgets.QApplication.processEvents()

    step_and_paint()
    assert painted == []  # hidden: the step repaints no cell
    view.set_show_margin(True)
    s.to_start()
    s.step("update", 1)  # w ≠ 0 from here: every row has a margin
    settle()
    before = column(model)
    step_and_paint()
    c = model.margin_column
    strip = QtCore.QRect(view.columnViewportPosition(c), 0, view.columnWidth(c), view.viewport().height())
    assert painted and all(strip.contains(r) for r in painted)
    assert column(model) != before  # and the strip shows the new step's margins
    # Any other change still repaints as Qt does (an edited coordinate's cell).
    settle()
    model.setData(model.index(0, 0), "0.5")
    QtWidgets.QApplication.processEvents()
    assert painted and any(r.left() < view.columnViewportPosition(c) for r in painted)
