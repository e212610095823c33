"""Where a user leaves the focus before pressing a playback key, for
test_keys.py: each function puts the focus there the way a user would."""
from __future__ import annotations

from PySide6 import QtCore, QtTest, QtWidgets

Qt = QtCore.Qt
Key = Qt.Key
Mod = Qt.KeyboardModifier


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


def edit_table_cell_and_enter(win, qtbot):
    view, model = win.table.view, win.table.model
    index = model.index(2, 1)
    view.setCurrentIndex(index)
    view.edit(index)
    editor = QtWidgets.QApplication.focusWidget()
    assert isinstance(editor, QtWidgets.QLineEdit)  # a line edit: it keeps the keys while it is open
    press(win, Key.Key_Return)  # the text shown is the value: the data and the run stay the same
    assert view.hasFocus()


def click_into(qtbot, spin: QtWidgets.QAbstractSpinBox) -> None:
    qtbot.mouseClick(spin, Qt.MouseButton.LeftButton, pos=QtCore.QPoint(8, spin.height() // 2))
    assert spin.hasFocus()
    QtTest.QTest.keyClick(spin, Key.Key_A, Mod.ControlModifier)  # select the text, as a user would


def type_max_epochs_and_enter(win, qtbot):
    spin = win.picker.editors["max_epochs"]
    click_into(qtbot, spin)
    type_text(win, str(spin.value()))  # the same value: the run stays the one the keys are checked on
    press(win, Key.Key_Return)


def type_max_epochs_and_escape(win, qtbot):
    spin = win.picker.editors["max_epochs"]
    before = spin.value()
    click_into(qtbot, spin)
    type_text(win, "3")
    press(win, Key.Key_Escape)
    assert spin.value() == before and spin.text() == str(before)  # abandoned, not committed


def type_speed_and_enter(win, qtbot):  # seen: Home and Space did nothing after this
    click_into(qtbot, win.playback.speed)
    type_text(win, "20")
    press(win, Key.Key_Return)
    assert win.session.play_speed == 20.0


def type_speed_and_escape(win, qtbot):
    before = win.session.play_speed
    click_into(qtbot, win.playback.speed)
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


FOCUS = [focus_canvas, click_table_cell, edit_table_cell_and_enter, type_max_epochs_and_enter, type_max_epochs_and_escape,
         type_speed_and_enter, type_speed_and_escape, choose_algorithm_in_list, choose_start_at_in_list,
         choose_step_unit_in_list, tab_into_algorithm_combo, click_slider, click_shuffle_checkbox_twice,
         focus_add_row_button, click_live_panel_value, ok_in_random_separable_dialog_from_the_algorithm_combo,
         algorithm_combo_before_the_window_is_active_again]


EDITS = [type_max_epochs_and_enter, type_max_epochs_and_escape, type_speed_and_enter, type_speed_and_escape,
         choose_algorithm_in_list, choose_start_at_in_list, choose_step_unit_in_list,
         ok_in_random_separable_dialog_from_the_algorithm_combo]
