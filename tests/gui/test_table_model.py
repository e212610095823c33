"""The point table's model and view without the window: Qt's model contract through every kind
of edit, rows inserted and removed (never a reset) so the current cell stays on its point, the
number format, and what a selection change asks of the model."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6 import QtCore, QtGui, QtWidgets

from perceptron_gui.core.dataset import Dataset
from perceptron_gui.gui.table import model as table_model
from perceptron_gui.gui.table.data_table import PointTable
from perceptron_gui.gui.table.model import PointTableModel, row_runs
from perceptron_gui.render.formatting import MINUS, fmt, fmt_widest
from perceptron_gui.session.commands import AddPoints, DeletePoints, MovePoints, SetLabels, SetRoles
from perceptron_gui.session.session import Session

Qt = QtCore.Qt


def _session(X, y=None) -> Session:
    s = Session()
    s.runner.submit = lambda *args, **kwargs: None  # the table alone: no training needed
    X = np.asarray(X, dtype=float)
    y = np.where(np.arange(len(X)) % 2 == 0, 1.0, -1.0) if y is None else np.asarray(y, dtype=float)
    s.load_dataset(Dataset.from_arrays(X, y))
    return s


def _shown(model: PointTableModel) -> np.ndarray:
    d = model.d
    return np.array([[float(model.data(model.index(r, c), Qt.ItemDataRole.EditRole)) for c in range(d)]
                     for r in range(model.rowCount())]).reshape(model.rowCount(), d)


def test_row_runs():
    assert row_runs([]) == []
    assert row_runs(np.array([7, 1, 3, 2, 7])) == [(1, 3), (7, 7)]
    assert row_runs(range(5)) == [(0, 4)]


def test_the_model_keeps_qts_contract_through_every_edit(qtmodeltester):
    # The Python tester checks, inside each begin/end pair, that the rows around the change
    # show the same data before and after: the model must show the old rows until it says so.
    s = _session(np.arange(12.0).reshape(6, 2))
    model = PointTableModel(s)
    qtmodeltester.check(model, force_py=True)
    edits = [
        AddPoints(np.array([[100.0, 101.0]]), np.array([1.0])),
        AddPoints(np.array([[200.0, 0.0], [201.0, 0.0], [202.0, 0.0]]), np.array([1.0, -1.0, 1.0]), at=np.array([0, 3, 4])),
        DeletePoints(np.array([1, 2, 5, 8])),
        MovePoints(np.array([0]), np.array([[-5.0, 5.0]])),
        SetLabels(np.array([1]), np.array([-1.0])),
        SetRoles(np.array([2]), np.array([True])),
    ]
    for command in edits:
        assert s.execute(command)
        np.testing.assert_array_equal(_shown(model), s.points.X)
    for _ in edits:
        assert s.undo()
        np.testing.assert_array_equal(_shown(model), s.points.X)
    for _ in edits:
        assert s.redo()
        np.testing.assert_array_equal(_shown(model), s.points.X)
    s.load_dataset(Dataset.from_arrays(np.ones((3, 4)), np.array([1.0, -1.0, 1.0])))  # another d: a reset
    assert model.columnCount() == 4 + 3  # x1..x4, y, set, margin
    np.testing.assert_array_equal(_shown(model), s.points.X)
    s.clear()
    assert model.rowCount() == 0


def test_adds_and_deletes_move_rows_and_never_reset(qtbot):
    s = _session(np.arange(8.0).reshape(4, 2))
    model = PointTableModel(s)
    resets = []
    model.modelReset.connect(lambda: resets.append(1))
    with qtbot.waitSignal(model.rowsInserted) as inserted:
        s.execute(AddPoints(np.array([[9.0, 9.0]]), np.array([1.0]), at=np.array([1])))
    assert inserted.args[1:] == [1, 1]
    with qtbot.waitSignal(model.rowsRemoved) as removed:
        s.execute(DeletePoints(np.array([3])))
    assert removed.args[1:] == [3, 3]
    assert resets == []


def test_the_current_cell_stays_on_its_point_when_rows_come_above_it(qtbot):
    s = _session(np.arange(8.0).reshape(4, 2))
    table = PointTable(s)
    qtbot.addWidget(table)
    table.view.setCurrentIndex(table.model.index(2, 1))
    assert s.selection.tolist() == [2]
    s.execute(AddPoints(np.array([[9.0, 9.0]]), np.array([1.0]), at=np.array([0])))
    current = table.view.currentIndex()
    assert (current.row(), current.column()) == (3, 1)
    assert s.selection.tolist() == [3]
    np.testing.assert_array_equal(s.points.X[3], [4.0, 5.0])


def test_a_number_cell_shows_its_exponent(qtbot):
    s = _session([[-8.287e149, 1e-320], [0.5, -1e-7]])
    table = PointTable(s)
    qtbot.addWidget(table)
    table.resize(160, 300)  # a narrow dock
    table.show()
    qtbot.waitExposed(table)
    model, view = table.model, table.view
    texts = {(r, c): model.data(model.index(r, c)) for r in range(2) for c in range(2)}
    assert texts[(0, 0)] == f"{MINUS}8.287e+149"
    assert texts[(0, 1)] == f"1e{MINUS}320"  # a subnormal keeps its exponent too
    assert texts[(1, 1)] == f"{MINUS}1e{MINUS}07"
    fm = QtGui.QFontMetrics(view.font())
    for (_r, c), text in texts.items():
        # The cell's text area (the cell less the delegate's margins) holds the whole text.
        margin = 2 * (view.style().pixelMetric(QtWidgets.QStyle.PixelMetric.PM_FocusFrameHMargin) + 1)
        assert view.columnWidth(c) - margin >= fm.horizontalAdvance(text), f"{text!r} is elided"
    assert model.data(model.index(0, 0), Qt.ItemDataRole.ToolTipRole) == repr(-8.287e149)


@pytest.fixture
def flags_calls(monkeypatch):
    calls = [0]
    flags = PointTableModel.flags

    def counting(self, index):
        calls[0] += 1
        return flags(self, index)

    monkeypatch.setattr(table_model.PointTableModel, "flags", counting)
    return calls


def test_a_selection_change_does_not_ask_about_every_cell_of_the_selected_rows(qtbot, flags_calls):
    # Qt's selectedRows() and its row header asked for the flags of every cell of every
    # selected row: with 200 rows of 302 columns selected that is 60,400 calls per key.
    n, d = 400, 300
    s = _session(np.random.default_rng(0).random((n, d)))
    table = PointTable(s)
    qtbot.addWidget(table)
    table.resize(300, 600)
    table.show()
    qtbot.waitExposed(table)
    view = table.view
    view.setFocus()
    view.selectRow(n - 1)
    for _ in range(199):  # Shift+↑ from the last row: 200 rows selected
        qtbot.keyClick(view, Qt.Key.Key_Up, Qt.KeyboardModifier.ShiftModifier)
    assert s.selection.tolist() == list(range(200, n))
    QtWidgets.QApplication.processEvents()
    flags_calls[0] = 0
    for _ in range(5):
        qtbot.keyClick(view, Qt.Key.Key_Up, Qt.KeyboardModifier.ShiftModifier)
        view.viewport().repaint()
        view.verticalHeader().viewport().repaint()
    assert s.selection.size == 205
    # Painting asks about the cells on screen (a few times each); one row's worth on top is
    # allowed, every cell of the selected rows (200 × 302 a change) is not.
    vp = view.viewport()
    visible = ((view.rowAt(vp.height() - 1) - view.rowAt(0) + 1)
               * (view.columnAt(vp.width() - 1) - view.columnAt(0) + 1))
    assert flags_calls[0] <= 5 * (3 * visible + d + 3), f"{flags_calls[0]} flags calls for 5 selection changes"


def test_rapid_selection_changes_paint_once(qtbot):
    # Work never piles up: twenty selection changes between two turns of the event loop
    # (key repeats, a rubber band) leave one paint of the table and one of its row header.
    s = _session(np.random.default_rng(1).random((300, 50)))
    table = PointTable(s)
    qtbot.addWidget(table)
    table.resize(300, 600)
    table.show()
    qtbot.waitExposed(table)
    QtWidgets.QApplication.processEvents()
    paints = {"cells": 0, "header": 0}

    class Counter(QtCore.QObject):
        def eventFilter(self, obj, ev):  # noqa: N802
            if ev.type() == QtCore.QEvent.Type.Paint:
                paints["cells" if obj is table.view.viewport() else "header"] += 1
            return False

    counter = Counter()
    table.view.viewport().installEventFilter(counter)
    table.view.verticalHeader().viewport().installEventFilter(counter)
    for i in range(20):
        s.select(range(i, i + 10))
    QtWidgets.QApplication.processEvents()
    assert paints == {"cells": 1, "header": 1}


def test_fmt_widest_is_never_shorter_than_fmt():
    rng = np.random.default_rng(7)
    edges = [9.9995, 9999.5, 99995.0, 1e-5, 0.0001, 0.00099995, 1e4, 5e-324, 1e150, 123.45, 0.5]
    values = np.concatenate([edges, 10.0 ** rng.uniform(-323, 150, 3000), np.round(rng.uniform(0, 1e4, 500), 2)])
    values = values * rng.choice([-1.0, 1.0], values.size)
    for x in values:
        assert len(fmt(x)) <= max(len(t) for t in fmt_widest(np.array([x]))), x


def test_columns_widen_for_an_exponent_and_narrow_for_the_next_data_set(qtbot):
    s = _session([[0.5, -0.25], [0.125, 1.0]])
    table = PointTable(s)
    qtbot.addWidget(table)
    table.resize(160, 300)
    table.show()
    qtbot.waitExposed(table)
    view = table.view
    narrow = view.columnWidth(0)
    s.execute(MovePoints(np.array([1]), np.array([[-8.287e149, 1.0]])))
    wide = view.columnWidth(0)
    assert wide > narrow
    assert view.columnWidth(1) == wide  # one width for all coordinates
    assert wide >= QtGui.QFontMetrics(view.font()).horizontalAdvance(f"{MINUS}8.287e+149")
    # The table asks for the width of its columns (the dock makes room): none is cut.
    qtbot.waitUntil(lambda: view.horizontalScrollBar().maximum() == 0)
    assert sum(view.columnWidth(c) for c in range(4)) <= view.viewport().width()
    asked = view.minimumWidth()
    s.load_dataset(Dataset.from_arrays(np.array([[0.5, 0.5], [1.0, 0.0]]), np.array([1.0, -1.0])))
    assert view.minimumWidth() < asked  # the narrow numbers ask for less again
    assert view.columnWidth(0) == view.columnWidth(1) <= wide


def test_label_and_set_columns_stay_narrow_and_numbers_share_the_rest(qtbot):
    s = _session(np.random.default_rng(2).uniform(-1, 1, (5, 3)))
    table = PointTable(s)
    qtbot.addWidget(table)
    table.resize(600, 300)
    table.show()
    qtbot.waitExposed(table)
    view = table.view
    widths = [view.columnWidth(c) for c in range(5)]
    assert widths[0] == widths[1] == widths[2] > widths[3] and widths[4] > widths[3]
    assert sum(widths) <= view.viewport().width()  # all visible, no sideways scrolling
    assert view.horizontalScrollBar().maximum() == 0


@pytest.mark.parametrize("text", ["1_000", "\u0661", "abc", "nan", "inf", "1e999", "0x10"])
def test_a_coordinate_that_is_not_a_finite_number_is_one_sentence(qtbot, text):
    # Read as the CSV reader reads a number: float() alone took "1_000" and Arabic-Indic digits.
    s = _session([[0.5, -0.25], [0.125, 1.0]])
    model = PointTableModel(s)
    messages: list[tuple[str, str]] = []
    s.message.connect(lambda level, msg: messages.append((level, msg)))
    assert not model.setData(model.index(0, 0), text)
    np.testing.assert_array_equal(s.points.X, [[0.5, -0.25], [0.125, 1.0]])
    assert len(messages) == 1 and messages[0][0] == "error"
    assert messages[0][1].endswith(".") and "Traceback" not in messages[0][1]
