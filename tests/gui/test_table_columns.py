"""The point table's columns fit their contents after every change of data, as in a fresh
window (QA follow-up): after the 1-D example, the x2 column of the next data
set kept the y column's width and elided every number ("−0.…"), through Clear and new points."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6 import QtGui, QtWidgets

from perceptron_gui.core.dataset import Dataset
from perceptron_gui.gui.table.data_table import PointTable
from perceptron_gui.gui.table.view import WIDEST_MINIMUM
from perceptron_gui.session.commands import AddPoints
from perceptron_gui.session.session import Session


def _dataset(d: int, scale: float = 1.0, n: int = 6) -> Dataset:
    X = np.random.default_rng(d).uniform(-1, 1, (n, d)) * scale
    return Dataset.from_arrays(X, np.where(np.arange(n) % 2 == 0, 1.0, -1.0))


def _table(qtbot, data: Dataset, width: int = 300) -> PointTable:
    s = Session()
    s.runner.submit = lambda *args, **kwargs: None  # the table alone: no training needed
    s.load_dataset(data)
    table = PointTable(s)
    qtbot.addWidget(table)
    table.resize(width, 300)
    table.show()
    qtbot.waitExposed(table)
    return table


def _widths(table: PointTable) -> list[int]:
    return [table.view.columnWidth(c) for c in range(table.model.columnCount())]


def _assert_no_text_cut(table: PointTable) -> None:
    """Every cell's text and every header's fits its column (the delegate's margins included)."""
    view, model = table.view, table.model
    fm = QtGui.QFontMetrics(view.font())
    margin = 2 * (view.style().pixelMetric(QtWidgets.QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1)
    for c in range(model.columnCount()):
        if view.isColumnHidden(c):  # the margin column, until the View menu shows it
            continue
        texts = [model.data(model.index(r, c)) for r in range(model.rowCount())]
        texts += ["train", "test"] * (c == model.d + 1)
        need = max([fm.horizontalAdvance(t) + margin for t in texts] + [view.horizontalHeader().sectionSizeHint(c)])
        assert view.columnWidth(c) >= need, (c, view.columnWidth(c), need)


@pytest.mark.parametrize("ds", [(2, 1, 2), (2, 1, 3), (3, 1, 2), (1, 2, 1), (3, 2, 4, 2)])
def test_columns_after_a_change_of_data_are_those_of_a_fresh_table(qtbot, ds):
    table = _table(qtbot, _dataset(ds[0]))
    for d in ds[1:]:
        table.session.load_dataset(_dataset(d))
        QtWidgets.QApplication.processEvents()
        _assert_no_text_cut(table)
    fresh = _table(qtbot, _dataset(ds[-1]), width=table.width())  # the table may have grown for wider data
    assert _widths(table) == _widths(fresh)


def test_clear_and_new_points_after_the_one_d_example(qtbot):
    # The QA's path, in the table: 2-D data, the 1-D example, 2-D noisy data, Clear, new points.
    table = _table(qtbot, _dataset(2))
    s = table.session
    s.load_dataset(Dataset.from_arrays(np.array([[1.0], [2.0], [3.0], [4.0]]), np.array([1.0, 1.0, -1.0, -1.0])))
    s.load_dataset(_dataset(2))
    s.clear()
    s.execute(AddPoints(np.array([[-0.123456, 0.987654], [0.5, -0.25]]), np.array([1.0, -1.0])))
    QtWidgets.QApplication.processEvents()
    _assert_no_text_cut(table)
    assert table.view.columnWidth(0) == table.view.columnWidth(1)


def _assert_all_shown(qtbot, table: PointTable) -> None:
    """No column hidden behind the table's right edge: the table asked for their width."""
    view = table.view
    qtbot.waitUntil(lambda: view.horizontalScrollBar().maximum() == 0)
    assert sum(_widths(table)) <= view.viewport().width()


def test_wide_numbers_never_cut_the_set_column(qtbot):
    table = _table(qtbot, _dataset(2, scale=-1e-7), width=200)
    _assert_no_text_cut(table)
    _assert_all_shown(qtbot, table)
    table.session.load_dataset(_dataset(1))
    table.session.load_dataset(_dataset(2, scale=-1.2345e-7))
    QtWidgets.QApplication.processEvents()
    _assert_no_text_cut(table)
    _assert_all_shown(qtbot, table)


def test_many_columns_scroll_sideways_instead(qtbot):
    table = _table(qtbot, _dataset(40), width=200)
    assert table.view.minimumWidth() == WIDEST_MINIMUM
    qtbot.waitUntil(lambda: table.view.horizontalScrollBar().maximum() > 0)
    _assert_no_text_cut(table)


def test_the_window_after_presets_and_clear(make_main_window, qtbot):
    win = make_main_window(None)
    for preset in ("offset_1d", "random_noisy"):
        win.session.load_preset(preset)
        QtWidgets.QApplication.processEvents()
        _assert_no_text_cut(win.table)
    win.session.clear()
    win.session.execute(AddPoints(np.array([[-0.3, 0.30123], [0.79, -0.5]]), np.array([1.0, -1.0])))
    QtWidgets.QApplication.processEvents()
    _assert_no_text_cut(win.table)
    _assert_all_shown(qtbot, win.table)
