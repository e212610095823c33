"""The point table driven from the keyboard: a value typed always lands in the row the user sees
selected. The AND preset: rows (0,0), (0,1), (1,0), (1,1); labels −1, −1, −1, +1."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6 import QtCore, QtWidgets

from perceptron_gui.session.commands import DeletePoints

Qt = QtCore.Qt
Key = Qt.Key
AND_X = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])


@pytest.fixture
def table_window(make_main_window, qtbot):
    win = make_main_window("and")
    win.activateWindow()
    win.table.view.setFocus()
    qtbot.waitUntil(lambda: win.table.view.hasFocus())
    return win


def _focus() -> QtWidgets.QWidget:
    return QtWidgets.QApplication.focusWidget()


def _type(qtbot, text: str) -> None:
    # One key at a time to whichever widget has the focus, as a keyboard does: the first key
    # may open an editor that takes the rest.
    for ch in text:
        qtbot.keyClicks(_focus(), ch)


def _key(qtbot, key: Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(_focus(), key, modifier)
    # Qt's delegate commits on Enter through a queued call: let it run before looking.
    QtWidgets.QApplication.processEvents()


def _editing(win) -> bool:
    return win.table.view.open_editor() is not None


def _view_rows(win) -> list[int]:
    return sorted({i.row() for i in win.table.view.selectionModel().selectedRows()})


def _assert_consistent(win) -> None:
    """What the user sees selected, what the session holds and where typing goes agree."""
    s, view = win.session, win.table.view
    assert _view_rows(win) == s.selection.tolist()
    current = view.currentIndex()
    if s.selection.size:
        assert current.isValid() and current.row() in s.selection.tolist()
    else:
        assert not current.isValid()


def _click_row(qtbot, win, row: int, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    view = win.table.view
    rect = view.visualRect(win.table.model.index(row, 0))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, modifier, rect.center())


def test_add_row_type_tab_type_enter_fills_the_new_row(table_window, qtbot):
    # The exact sequence: it used to write 0.9 into row 1 and leave the new row at x2 = 0.
    win, s = table_window, table_window.session
    win.table.add_row()
    assert _editing(win)
    _type(qtbot, "0.5")
    _key(qtbot, Key.Key_Tab)
    _type(qtbot, "0.9")
    _key(qtbot, Key.Key_Return)
    assert s.points.n == 5
    np.testing.assert_array_equal(s.points.X[:4], AND_X)
    np.testing.assert_array_equal(s.points.X[4], [0.5, 0.9])
    assert s.selection.tolist() == [4]
    _assert_consistent(win)


def test_shift_tab_goes_back_within_the_new_row(table_window, qtbot):
    win, s = table_window, table_window.session
    win.table.add_row()
    _type(qtbot, "0.5")
    _key(qtbot, Key.Key_Tab)
    _type(qtbot, "0.9")
    _key(qtbot, Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    _type(qtbot, "0.7")
    _key(qtbot, Key.Key_Enter)  # the keypad's Enter commits like Return
    np.testing.assert_array_equal(s.points.X[:4], AND_X)
    np.testing.assert_array_equal(s.points.X[4], [0.7, 0.9])
    _assert_consistent(win)


def test_tab_through_label_and_set_of_a_new_row(table_window, qtbot):
    win, s = table_window, table_window.session
    win.table.active_class = 1
    win.table.add_row()
    _type(qtbot, "0.5")
    _key(qtbot, Key.Key_Tab)
    _type(qtbot, "0.9")
    _key(qtbot, Key.Key_Tab)
    assert isinstance(_focus(), QtWidgets.QComboBox)
    _type(qtbot, "-")  # a keyboard's minus picks −1
    _key(qtbot, Key.Key_Tab)
    _type(qtbot, "te")
    _key(qtbot, Key.Key_Return)
    np.testing.assert_array_equal(s.points.X[:4], AND_X)
    np.testing.assert_array_equal(s.points.X[4], [0.5, 0.9])
    assert s.points.y[4] == -1.0 and bool(s.points.test[4])
    assert s.points.y[:4].tolist() == [-1.0, -1.0, -1.0, 1.0] and not s.points.test[:4].any()
    _assert_consistent(win)


def test_escape_abandons_the_edit_and_typing_goes_on_in_the_new_row(table_window, qtbot):
    win, s = table_window, table_window.session
    win.table.add_row()
    _type(qtbot, "0.5")
    _key(qtbot, Key.Key_Escape)
    assert not _editing(win)
    np.testing.assert_array_equal(s.points.X, np.vstack([AND_X, [0.0, 0.0]]))
    _assert_consistent(win)
    _type(qtbot, "3")  # any key starts editing the current cell: the new row's x1
    _key(qtbot, Key.Key_Return)
    np.testing.assert_array_equal(s.points.X, np.vstack([AND_X, [3.0, 0.0]]))


def test_arrow_down_commits_into_the_edited_row_and_moves_on(table_window, qtbot):
    win, s = table_window, table_window.session
    win.table.view.selectRow(1)
    _type(qtbot, "0.7")
    _key(qtbot, Key.Key_Down)
    assert s.points.X[1, 0] == 0.7
    assert s.selection.tolist() == [2]
    _assert_consistent(win)
    _type(qtbot, "0.3")
    _key(qtbot, Key.Key_Return)
    np.testing.assert_array_equal(s.points.X, [[0, 0], [0.7, 1], [0.3, 0], [1, 1]])


def test_after_a_delete_no_key_edits_a_row_nobody_selected(table_window, qtbot):
    win, s = table_window, table_window.session
    win.table.view.selectRow(1)
    _key(qtbot, Key.Key_Delete)  # the window's Delete shortcut
    assert s.points.n == 3 and s.selection.size == 0
    _assert_consistent(win)
    _type(qtbot, "5")
    _key(qtbot, Key.Key_Return)
    np.testing.assert_array_equal(s.points.X, AND_X[[0, 2, 3]])
    _key(qtbot, Key.Key_Down)  # the arrows select a row again, and typing follows them
    assert s.selection.size == 1
    _assert_consistent(win)
    row = int(s.selection[0])
    _type(qtbot, "7")
    _key(qtbot, Key.Key_Return)
    expected = AND_X[[0, 2, 3]].copy()
    expected[row, win.table.view.currentIndex().column()] = 7.0
    np.testing.assert_array_equal(s.points.X, expected)


def test_a_selection_made_elsewhere_moves_the_typing_cell(table_window, qtbot):
    win, s = table_window, table_window.session
    win.table.view.selectRow(0)
    s.select([2])  # as the canvas does after a click on a point
    _assert_consistent(win)
    _type(qtbot, "9")
    _key(qtbot, Key.Key_Return)
    np.testing.assert_array_equal(s.points.X, [[0, 0], [0, 1], [9, 0], [1, 1]])
    s.select([])  # as Escape on the canvas does
    _assert_consistent(win)
    _type(qtbot, "4")
    _key(qtbot, Key.Key_Return)
    np.testing.assert_array_equal(s.points.X, [[0, 0], [0, 1], [9, 0], [1, 1]])


def test_undo_while_editing_keeps_the_editor_on_its_point(table_window, qtbot):
    win, s = table_window, table_window.session
    s.execute(DeletePoints([0]))  # rows now (0,1), (1,0), (1,1)
    win.table.view.selectRow(1)  # the point (1, 0)
    _type(qtbot, "0.25")
    assert _editing(win)
    s.undo()  # puts (0,0) back at row 0: the edited point moves to row 2, and so does its editor
    assert s.selection.tolist() == [2]
    _assert_consistent(win)
    _key(qtbot, Key.Key_Return)
    np.testing.assert_array_equal(s.points.X, [[0, 0], [0, 1], [0.25, 0], [1, 1]])


def test_undoing_the_new_row_while_typing_writes_nowhere(table_window, qtbot):
    win, s = table_window, table_window.session
    win.table.add_row()
    _type(qtbot, "0.5")
    s.undo()  # the row being edited goes away, and its editor with it
    assert not _editing(win)
    _key(qtbot, Key.Key_Return)
    np.testing.assert_array_equal(s.points.X, AND_X)
    _assert_consistent(win)


def test_ctrl_click_that_deselects_moves_the_typing_cell(table_window, qtbot):
    win, s = table_window, table_window.session
    _click_row(qtbot, win, 1)
    _click_row(qtbot, win, 2, Qt.KeyboardModifier.ControlModifier)
    assert s.selection.tolist() == [1, 2]
    _click_row(qtbot, win, 2, Qt.KeyboardModifier.ControlModifier)  # deselects row 2
    assert s.selection.tolist() == [1]
    _assert_consistent(win)
    win.table.view.setFocus()
    _type(qtbot, "4")
    _key(qtbot, Key.Key_Return)
    np.testing.assert_array_equal(s.points.X, [[0, 0], [4, 1], [1, 0], [1, 1]])


def test_shift_arrows_extend_and_shrink_the_selection(table_window, qtbot):
    win, s = table_window, table_window.session
    win.table.view.selectRow(3)
    _key(qtbot, Key.Key_Up, Qt.KeyboardModifier.ShiftModifier)
    _key(qtbot, Key.Key_Up, Qt.KeyboardModifier.ShiftModifier)
    assert s.selection.tolist() == [1, 2, 3]
    _assert_consistent(win)
    _key(qtbot, Key.Key_Down, Qt.KeyboardModifier.ShiftModifier)
    assert s.selection.tolist() == [2, 3]
    _assert_consistent(win)


def test_typing_a_minus_on_a_label_cell_picks_minus_one(table_window, qtbot):
    win, s = table_window, table_window.session
    win.table.view.selectRow(3)  # label +1
    _key(qtbot, Key.Key_Tab)  # ←/→ belong to the playhead outside text fields; Tab moves the cell
    _key(qtbot, Key.Key_Tab)
    assert win.table.view.currentIndex().column() == 2 and s.selection.tolist() == [3]
    _type(qtbot, "-")
    _key(qtbot, Key.Key_Return)
    assert s.points.y.tolist() == [-1.0, -1.0, -1.0, -1.0]


def test_digits_and_letters_typed_into_a_cell_are_not_window_shortcuts(table_window, qtbot):
    # "2" is the window's "add class −1" key and "t" toggles θ*: typed into the table they are
    # the start of a value ("2.5" used to become class −1 and the value ".5").
    win, s = table_window, table_window.session
    active = win.canvas.active_class
    theta = win.canvas.options.show_theta_star
    win.table.view.selectRow(0)
    _type(qtbot, "2.5")
    _key(qtbot, Key.Key_Return)
    assert s.points.X[0, 0] == 2.5
    assert win.canvas.active_class == active
    win.table.view.selectRow(1)
    _key(qtbot, Key.Key_Tab)
    _key(qtbot, Key.Key_Tab)
    _key(qtbot, Key.Key_Tab)  # the set cell
    _type(qtbot, "te")
    _key(qtbot, Key.Key_Return)
    assert s.points.test.tolist() == [False, True, False, False]
    assert win.canvas.options.show_theta_star == theta


def test_one_and_zero_typed_on_a_label_cell(table_window, qtbot):
    win, s = table_window, table_window.session
    win.table.view.selectRow(0)  # label −1
    _key(qtbot, Key.Key_Tab)
    _key(qtbot, Key.Key_Tab)
    _type(qtbot, "1")
    _key(qtbot, Key.Key_Return)
    assert s.points.y[0] == 1.0
    _type(qtbot, "0")  # the same cell is still current: 0 is read as −1, as in CSV files
    _key(qtbot, Key.Key_Return)
    assert s.points.y[0] == -1.0


def test_with_nothing_selected_the_one_key_shortcuts_still_work(table_window, qtbot):
    win, s = table_window, table_window.session
    s.select([])
    assert not win.table.view.currentIndex().isValid()
    _key(qtbot, Key.Key_2)
    assert win.canvas.active_class == -1
    np.testing.assert_array_equal(s.points.X, AND_X)


def test_a_delete_elsewhere_while_typing_abandons_the_edit(table_window, qtbot):
    # The session clears the selection on a delete (here of another point, as a toolbar or the
    # canvas would): the open editor's point is no longer selected, so its text goes nowhere.
    win, s = table_window, table_window.session
    win.table.view.selectRow(2)
    _type(qtbot, "0.25")
    assert _editing(win)
    s.execute(DeletePoints([0]))
    qtbot.waitUntil(lambda: not _editing(win))
    _key(qtbot, Key.Key_Return)
    np.testing.assert_array_equal(s.points.X, AND_X[1:])
    _assert_consistent(win)


def test_focus_alone_makes_no_row_typeable(table_window, qtbot):
    # Qt makes the first cell current when the table gets the focus, without selecting it.
    win, s = table_window, table_window.session
    win.canvas.setFocus()
    s.select([])
    win.table.view.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: win.table.view.hasFocus())
    _assert_consistent(win)
    _type(qtbot, "5")
    _key(qtbot, Key.Key_Return)
    np.testing.assert_array_equal(s.points.X, AND_X)


def test_add_row_after_a_ctrl_key_still_selects_and_edits_the_new_row(table_window, qtbot):
    # Qt reads the keyboard's modifiers when code selects a row; a Ctrl recorded by the last
    # key (Ctrl+→ steps the playhead) made that a toggle, and the new row was left unselected.
    win, s = table_window, table_window.session
    win.table.view.selectRow(3)
    _key(qtbot, Key.Key_Right, Qt.KeyboardModifier.ControlModifier)
    win.table.add_row()
    assert s.selection.tolist() == [4] and _editing(win)
    _type(qtbot, "0.5")
    _key(qtbot, Key.Key_Return)
    np.testing.assert_array_equal(s.points.X, np.vstack([AND_X, [0.5, 0.0]]))
