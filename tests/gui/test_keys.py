"""Issue 7, point 3: the playback keys act on the playhead whatever widget had the focus.

Each test puts the focus where a user would have left it (clicked the table, typed a speed and
pressed Enter, chose in a combo box's list, pressed OK in a dialog, …) and then presses every
playback key, one at a time, through the window (``QTest.keyClick`` on the window's QWindow:
the key goes to the focus widget by Qt's own path, shortcuts included). The playhead must move
exactly as the core's :class:`Playhead` says, and nothing else may change.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from focus_setups import EDITS, FOCUS, canvas_has_focus, click_into, make_active_window, middle_of_the_run, press, type_text
from PySide6 import QtCore, QtTest, QtWidgets

from perceptron_gui.session.playback import Playhead

Qt = QtCore.Qt
Key = Qt.Key
Mod = Qt.KeyboardModifier


@dataclass(frozen=True)
class PlaybackKey:
    name: str
    key: Key
    mods: Mod
    move: Callable[[Playhead, object], object] | None  # None: Space (play / pause)


KEYS = [
    PlaybackKey("→", Key.Key_Right, Mod.NoModifier, lambda ph, run: ph.next_update(run)),
    PlaybackKey("←", Key.Key_Left, Mod.NoModifier, lambda ph, run: ph.prev_update(run)),
    PlaybackKey("Ctrl+→", Key.Key_Right, Mod.ControlModifier, lambda ph, run: ph.next_visit(run)),
    PlaybackKey("Ctrl+←", Key.Key_Left, Mod.ControlModifier, lambda ph, run: ph.prev_visit(run)),
    PlaybackKey("Shift+→", Key.Key_Right, Mod.ShiftModifier, lambda ph, run: ph.next_epoch(run)),
    PlaybackKey("Shift+←", Key.Key_Left, Mod.ShiftModifier, lambda ph, run: ph.prev_epoch(run)),
    PlaybackKey("Home", Key.Key_Home, Mod.NoModifier, lambda ph, run: ph.to_start()),
    PlaybackKey("End", Key.Key_End, Mod.NoModifier, lambda ph, run: ph.to_end(run)),
    PlaybackKey("Space", Key.Key_Space, Mod.NoModifier, None),
]


@pytest.mark.parametrize("leave_focus", FOCUS, ids=[f.__name__ for f in FOCUS])
def test_every_playback_key_moves_the_playhead(make_main_window, qtbot, leave_focus):
    win = make_active_window(make_main_window, qtbot)
    s = win.session
    for k in KEYS:
        leave_focus(win, qtbot)
        qtbot.waitUntil(lambda: QtWidgets.QApplication.focusWidget() is not None)  # a list's popup has closed
        s.wait()
        t0 = middle_of_the_run(s)
        state = (s.algorithm, s.current_params(), s.points.n, s.play_unit, win.picker.combo.currentIndex())
        focus = QtWidgets.QApplication.focusWidget()
        press(win, k.key, k.mods)
        if k.move is None:
            assert s.playing, f"Space did not play after {leave_focus.__name__}"
            s.set_playing(False)
        else:
            expected = Playhead(t0)
            k.move(expected, s.run)
            assert expected.t != t0  # the key has somewhere to go from here
            assert s.playhead.t == expected.t, f"{k.name} after {leave_focus.__name__}"
        assert (s.algorithm, s.current_params(), s.points.n, s.play_unit,
                win.picker.combo.currentIndex()) == state, f"{k.name} changed more than the playhead"
        assert QtWidgets.QApplication.focusWidget() is focus  # the key did not move the focus either


@pytest.mark.parametrize("edit", EDITS, ids=[f.__name__ for f in EDITS])
def test_an_edit_hands_the_focus_back_to_the_canvas(make_main_window, qtbot, edit):
    win = make_active_window(make_main_window, qtbot)
    edit(win, qtbot)
    qtbot.waitUntil(lambda: canvas_has_focus(win))


def test_a_text_field_keeps_its_keys_while_it_is_edited(make_main_window, qtbot):
    win = make_active_window(make_main_window, qtbot)
    s = win.session
    t0 = middle_of_the_run(s)
    spin = win.playback.speed
    click_into(qtbot, spin)
    type_text(win, "12")
    for key in (Key.Key_Home, Key.Key_End, Key.Key_Left, Key.Key_Right, Key.Key_Space):
        press(win, key)
    assert s.playhead.t == t0 and not s.playing
    assert spin.hasFocus()
    press(win, Key.Key_Home)
    type_text(win, "1")  # Home went to the field: the 1 lands before the 12
    press(win, Key.Key_Return)
    assert s.play_speed == 112.0
    assert canvas_has_focus(win)


def test_a_table_cell_editor_keeps_enter_and_its_keys(make_main_window, qtbot):
    win = make_active_window(make_main_window, qtbot)
    view, model = win.table.view, win.table.model
    index = model.index(1, 0)
    view.setCurrentIndex(index)
    view.edit(index)
    editor = QtWidgets.QApplication.focusWidget()
    assert isinstance(editor, QtWidgets.QLineEdit)
    t0 = middle_of_the_run(win.session)
    press(win, Key.Key_End)  # the cursor moves in the cell, not the playhead
    assert win.session.playhead.t == t0
    QtTest.QTest.keyClick(editor, Key.Key_A, Mod.ControlModifier)
    type_text(win, "0.5")
    press(win, Key.Key_Return)
    assert win.session.points.X[1, 0] == 0.5
    assert not canvas_has_focus(win)  # the table keeps the focus for the next cell


def test_escape_closes_the_message(make_main_window, qtbot):
    win = make_active_window(make_main_window, qtbot)
    win.banner.show_message("error", "Something to read.")
    assert win.banner.isVisible()
    win.canvas.setFocus()
    press(win, Key.Key_Escape)
    assert not win.banner.isVisible()
