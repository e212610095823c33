"""Issue 7, point 4: messages never cover data; they can be closed; notes fade, errors stay."""
from __future__ import annotations

from PySide6 import QtCore, QtWidgets

from perceptron_gui.gui.kit.message_bar import MessageBanner, reading_seconds

Qt = QtCore.Qt


def global_rect(widget: QtWidgets.QWidget) -> QtCore.QRect:
    return QtCore.QRect(widget.mapToGlobal(QtCore.QPoint(0, 0)), widget.size())


def test_a_preset_message_covers_neither_the_plot_nor_its_legend(make_main_window, qtbot):
    win = make_main_window("random_separable")
    win.actions_by_name["preset_xor"].trigger()  # its points at y = 1 sat under the old banner
    banner = win.banner
    assert banner.isVisible() and "XOR" in banner.text()
    qtbot.waitUntil(lambda: banner.geometry().height() > 0)
    plot = win.canvas.plot
    assert not global_rect(banner).intersects(global_rect(plot))  # view box, axes and legend alike
    # The top row of points is inside the visible view box.
    vb = win.canvas.view_box
    top = max(win.canvas.view_points[:, 1])
    (x0, x1), (y0, y1) = vb.viewRange()
    assert y0 <= top <= y1


def test_showing_or_closing_a_message_never_moves_the_canvas(make_main_window, qtbot):
    win = make_main_window("random_separable")
    win.banner.dismiss()
    QtWidgets.QApplication.processEvents()
    before = win.canvas.geometry()
    win.banner.show_message("error", "Two lines at most: " + "a sentence about a refused edit. " * 3)
    QtWidgets.QApplication.processEvents()
    assert win.canvas.geometry() == before
    win.banner.dismiss()
    QtWidgets.QApplication.processEvents()
    assert win.canvas.geometry() == before


def test_the_close_button_closes_the_message(make_main_window, qtbot):
    win = make_main_window("random_separable")
    win.banner.show_message("error", "Line 3: 'abc' is not a number; type a number.")
    button = win.banner.close_button
    assert button.isVisible() and "Esc" in button.toolTip()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert not win.banner.isVisible() and win.banner.text() == ""


def test_a_note_fades_by_itself_and_an_error_stays(qtbot):
    banner = MessageBanner()
    qtbot.addWidget(banner)
    banner.show_message("info", "Saved 40 points to data.csv.")
    assert banner.isVisibleTo(None) or not banner.isHidden()
    assert banner.timer.isActive() and banner.timer.interval() == int(1000 * reading_seconds(banner.text()))
    banner.timer.setInterval(1)  # drive the timer instead of waiting for it
    qtbot.waitUntil(banner.isHidden)
    banner.show_message("error", "There are no points to save; draw some on the canvas first.")
    assert not banner.isHidden() and not banner.timer.isActive()


def test_long_notes_stay_long_enough_to_read():
    assert reading_seconds("Saved.") == 6.0
    assert reading_seconds("x" * 210) == 14.0


def test_a_message_is_plain_text(qtbot):
    banner = MessageBanner()
    qtbot.addWidget(banner)
    banner.show_message("error", "Line 2: '<b>x</b>' is not a number.")
    assert banner.label.textFormat() == Qt.TextFormat.PlainText
    assert "<b>x</b>" in banner.label.text()
