"""The canvas by keyboard alone: K turns the keyboard cursor on; the arrows move it, Enter adds
a point, Tab selects, Alt+arrows move the selected point, Delete removes it, Ctrl+Z undoes; the
keys go through the window, as a user's do."""
from __future__ import annotations

import numpy as np
from focus_setups import canvas_has_focus, make_active_window, press
from PySide6 import QtCore

from perceptron_gui.gui.canvas.keyboard_cursor import STEP_FRACTION

Key = QtCore.Qt.Key
Mod = QtCore.Qt.KeyboardModifier


def _cursor_window(make_main_window, qtbot):
    win = make_active_window(make_main_window, qtbot)
    assert canvas_has_focus(win)
    press(win, Key.Key_K)
    cursor = win.canvas.keyboard_cursor
    assert cursor.active and cursor.item.isVisible() and cursor.hint.isVisible()
    return win


def test_arrows_move_the_cursor_not_the_playhead_while_it_is_on(make_main_window, qtbot) -> None:
    win = _cursor_window(make_main_window, qtbot)
    s, cursor = win.session, win.canvas.keyboard_cursor
    s.jump_to_update(s.run.num_updates // 2)
    t, start = s.playhead.t, cursor.pos.copy()
    (x0, x1), (y0, y1) = win.canvas.view_box.viewRange()
    press(win, Key.Key_Right)
    press(win, Key.Key_Up)
    assert s.playhead.t == t
    np.testing.assert_allclose(cursor.pos - start, [(x1 - x0) * STEP_FRACTION, (y1 - y0) * STEP_FRACTION])
    press(win, Key.Key_Right, Mod.ShiftModifier)  # the modified arrows still step the run
    assert s.playhead.t != t
    press(win, Key.Key_Escape)
    assert not cursor.active and not cursor.item.isVisible()
    t = s.playhead.t
    press(win, Key.Key_Left)  # off: ← steps back again
    assert s.playhead.t < t


def test_enter_adds_tab_selects_alt_arrows_move_delete_removes_and_undo_undoes(make_main_window, qtbot) -> None:
    win = _cursor_window(make_main_window, qtbot)
    s, cursor = win.session, win.canvas.keyboard_cursor
    n = s.points.n
    press(win, Key.Key_Left)
    press(win, Key.Key_Return)  # a point of the active class (+1) at the cursor
    assert s.points.n == n + 1 and s.points.y[-1] == 1
    np.testing.assert_allclose(s.points.X[-1], cursor.pos)
    press(win, Key.Key_Return, Mod.ShiftModifier)  # Shift+Enter: the other class
    assert s.points.n == n + 2 and s.points.y[-1] == -1

    press(win, Key.Key_Tab)
    assert s.selection.tolist() == [0] and canvas_has_focus(win)  # Tab stays on the canvas meanwhile
    press(win, Key.Key_Tab)
    assert s.selection.tolist() == [1]
    press(win, Key.Key_Backtab, Mod.ShiftModifier)
    press(win, Key.Key_Backtab, Mod.ShiftModifier)  # before the first: the last
    assert s.selection.tolist() == [n + 1]
    np.testing.assert_allclose(cursor.pos, win.canvas.view_points[n + 1])
    assert f"row {n + 2} of {n + 2}" in win.canvas.plot.accessibleDescription()

    before = s.points.X[n + 1].copy()
    step = cursor.step()
    press(win, Key.Key_Down, Mod.AltModifier)
    np.testing.assert_allclose(s.points.X[n + 1], before - [0.0, step[1]])
    press(win, Key.Key_Z, Mod.ControlModifier)
    np.testing.assert_allclose(s.points.X[n + 1], before)

    press(win, Key.Key_Delete)
    assert s.points.n == n + 1
    press(win, Key.Key_Z, Mod.ControlModifier)
    assert s.points.n == n + 2
    np.testing.assert_allclose(s.points.X[n + 1], before)


def test_k_again_leaves_and_the_help_lists_the_keys(make_main_window, qtbot) -> None:
    from perceptron_gui.gui.app.actions import SHORTCUTS

    win = _cursor_window(make_main_window, qtbot)
    press(win, Key.Key_K)
    assert not win.canvas.keyboard_cursor.active
    keys = " ".join(k for k, _ in SHORTCUTS)
    assert "K" in keys.split() and "Alt+" in keys
