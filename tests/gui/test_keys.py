"""Issue 7, point 3: the playback keys act on the playhead whatever widget had the focus.

Each test puts the focus where a user would have left it (clicked the table, typed a speed and
pressed Enter, chose in a combo box's list, pressed OK in a dialog, …) and then presses every
playback key, one at a time, through the window (``QTest.keyClick`` on the window's QWindow:
the key goes to the focus widget by Qt's own path, shortcuts included). The playhead must move
exactly as the core's :class:`Playhead` says, and nothing else may change.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pytest
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


def press(win, key: Key, mods: Mod = Mod.NoModifier) -> None:
    """A key press as the user makes it: to the window, which gives it to its focus widget."""
    QtTest.QTest.keyClick(win.windowHandle(), key, mods)


def type_text(win, text: str) -> None:
    for ch in text:
        QtTest.QTest.keyClicks(QtWidgets.QApplication.focusWidget(), ch)


def make_active_window(make_main_window, qtbot):
    win = make_main_window("random_separable")
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)  # keys go to the active window's focus widget
    return win


def canvas_has_focus(win) -> bool:
    return QtWidgets.QApplication.focusWidget() is win.canvas.plot


def middle_of_the_run(s) -> int:
    """A playhead position from which every key moves somewhere else."""
    run = s.run
    assert run.num_updates >= 4 and run.epochs_run >= 3, "the preset must give a run with room to move"
    s.set_playing(False)
    s.jump_to_update(run.num_updates // 2)
    return s.playhead.t


# ---- where the focus was left ------------------------------------------------------------------
def focus_canvas(win, qtbot):
    win.canvas.setFocus()
    assert canvas_has_focus(win)


def click_table_cell(win, qtbot):
    view = win.table.view
    rect = view.visualRect(win.table.model.index(2, 0))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert view.hasFocus()


def _click_into(qtbot, spin: QtWidgets.QAbstractSpinBox) -> None:
    qtbot.mouseClick(spin, Qt.MouseButton.LeftButton, pos=QtCore.QPoint(8, spin.height() // 2))
    assert spin.hasFocus()
    QtTest.QTest.keyClick(spin, Key.Key_A, Mod.ControlModifier)  # select the text, as a user would


def type_max_epochs_and_enter(win, qtbot):
    spin = win.picker.editors["max_epochs"]
    _click_into(qtbot, spin)
    type_text(win, str(spin.value()))  # the same value: the run stays the one the keys are checked on
    press(win, Key.Key_Return)


def type_max_epochs_and_escape(win, qtbot):
    spin = win.picker.editors["max_epochs"]
    before = spin.value()
    _click_into(qtbot, spin)
    type_text(win, "3")
    press(win, Key.Key_Escape)
    assert spin.value() == before and spin.text() == str(before)  # abandoned, not committed


def type_speed_and_enter(win, qtbot):  # seen: Home and Space did nothing after this
    _click_into(qtbot, win.playback.speed)
    type_text(win, "20")
    press(win, Key.Key_Return)
    assert win.session.play_speed == 20.0


def type_speed_and_escape(win, qtbot):
    before = win.session.play_speed
    _click_into(qtbot, win.playback.speed)
    type_text(win, "77")
    press(win, Key.Key_Escape)
    assert win.session.play_speed == before


def _choose_in_list(win, qtbot, combo: QtWidgets.QComboBox, index: int) -> None:
    qtbot.mouseClick(combo, Qt.MouseButton.LeftButton)
    view = combo.view()
    qtbot.waitUntil(view.isVisible)
    view.setCurrentIndex(view.model().index(index, 0))
    QtTest.QTest.keyClick(view, Key.Key_Return)
    qtbot.waitUntil(lambda: not view.isVisible())
    assert combo.currentIndex() == index
    # Offscreen, a closing popup leaves no window active; a window manager gives the activation
    # back to the window, as here.
    qtbot.waitUntil(lambda: QtWidgets.QApplication.activeWindow() is not view.window())
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)


def choose_algorithm_in_list(win, qtbot):
    combo = win.picker.combo
    _choose_in_list(win, qtbot, combo, combo.findData("pocket"))
    assert win.session.algorithm == "pocket"


def choose_start_at_in_list(win, qtbot):
    combo = win.picker.editors["init"]
    _choose_in_list(win, qtbot, combo, combo.currentIndex())


def choose_step_unit_in_list(win, qtbot):
    combo = win.playback.unit
    _choose_in_list(win, qtbot, combo, combo.findText("visit"))


def tab_into_algorithm_combo(win, qtbot):
    win.picker.combo.setFocus(Qt.FocusReason.TabFocusReason)  # keyboard focus, no list open


def click_slider(win, qtbot):
    slider = win.playback.slider
    slider.setFocus(Qt.FocusReason.MouseFocusReason)


def click_shuffle_checkbox_twice(win, qtbot):
    box = win.picker.editors["shuffle"]
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)  # on and off again: the same run
    box.setFocus(Qt.FocusReason.MouseFocusReason)


def focus_add_row_button(win, qtbot):
    button = next(b for b in win.table.findChildren(QtWidgets.QPushButton) if b.text() == "Add row")
    button.setFocus(Qt.FocusReason.TabFocusReason)  # Space on a focused button would press it


def click_live_panel_value(win, qtbot):
    label = win.live_panel.value_label("w")
    qtbot.mouseClick(label, Qt.MouseButton.LeftButton)  # selectable text takes the click focus
    label.setFocus(Qt.FocusReason.MouseFocusReason)


def ok_in_random_separable_dialog_from_the_algorithm_combo(win, qtbot):  # seen: End chose "Lifted"
    win.picker.combo.setFocus(Qt.FocusReason.TabFocusReason)
    pressed = []

    def press_ok() -> None:
        dialog = QtWidgets.QApplication.activeModalWidget()
        if dialog is None:  # not shown yet: look again on the next turn of the event loop
            QtCore.QTimer.singleShot(10, press_ok)
            return
        QtTest.QTest.keyClick(dialog.windowHandle(), Key.Key_Return)  # Enter presses OK
        pressed.append(True)

    QtCore.QTimer.singleShot(0, press_ok)
    win.actions_by_name["random_separable"].trigger()
    assert pressed and win.session.data_title.startswith("Random separable")
    win.activateWindow()  # what the window manager does when the dialog closes
    qtbot.waitUntil(win.isActiveWindow)


def algorithm_combo_before_the_window_is_active_again(win, qtbot):
    """Keys can reach the window before it is the active window again (a dialog just closed,
    a window manager still busy): then its shortcuts cannot fire, and End went to the combo
    box, which chose its last entry, Lifted."""
    win.picker.combo.setFocus(Qt.FocusReason.TabFocusReason)
    other = QtWidgets.QLineEdit()
    qtbot.addWidget(other)  # closed after the test; qtbot holds it weakly, the window strongly:
    win.other_windows = [*getattr(win, "other_windows", []), other]
    other.show()
    other.activateWindow()
    other.setFocus()
    qtbot.waitUntil(lambda: QtWidgets.QApplication.activeWindow() is other and other.hasFocus())
    assert win.focusWidget() is win.picker.combo


FOCUS = [focus_canvas, click_table_cell, type_max_epochs_and_enter, type_max_epochs_and_escape,
         type_speed_and_enter, type_speed_and_escape, choose_algorithm_in_list, choose_start_at_in_list,
         choose_step_unit_in_list, tab_into_algorithm_combo, click_slider, click_shuffle_checkbox_twice,
         focus_add_row_button, click_live_panel_value, ok_in_random_separable_dialog_from_the_algorithm_combo,
         algorithm_combo_before_the_window_is_active_again]


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


EDITS = [type_max_epochs_and_enter, type_max_epochs_and_escape, type_speed_and_enter, type_speed_and_escape,
         choose_algorithm_in_list, choose_start_at_in_list, choose_step_unit_in_list,
         ok_in_random_separable_dialog_from_the_algorithm_combo]


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
    _click_into(qtbot, spin)
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
