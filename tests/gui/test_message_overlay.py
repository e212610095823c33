"""A message of up to two lines never resizes the canvas (a resize redraws every point: at 10⁶
points that was a 200 ms block each time the strip showed or went); a longer one, a lesson's
explanation, makes its room above the plot instead of covering the points it talks about."""
from __future__ import annotations

from PySide6 import QtCore, QtWidgets


def global_rect(widget: QtWidgets.QWidget) -> QtCore.QRect:
    return QtCore.QRect(widget.mapToGlobal(QtCore.QPoint(0, 0)), widget.size())


def test_a_message_longer_than_two_lines_is_read_whole_above_the_plot_and_gives_the_room_back(make_main_window, qtbot):
    win = make_main_window("random_separable")
    win.banner.dismiss()
    QtWidgets.QApplication.processEvents()
    before = win.canvas.geometry()
    text = "Line 7: this message is far longer than two lines of the strip. " * 12
    win.banner.show_message("error", text)
    banner = win.banner
    qtbot.waitUntil(lambda: not global_rect(banner).intersects(global_rect(win.canvas.plot)))
    assert banner.isVisible() and banner.text() == text
    assert banner.height() > banner.reserved_height()  # all of it readable
    assert banner.close_button.isVisible()
    win.banner.dismiss()
    qtbot.waitUntil(lambda: win.canvas.geometry() == before)


def test_the_banner_follows_its_slot_when_the_window_is_resized(make_main_window, qtbot):
    win = make_main_window("random_separable")
    win.banner.show_message("info", "Saved 40 points to data.csv.")
    win.resize(1000, 700)
    QtWidgets.QApplication.processEvents()
    slot = win.banner._slot
    assert global_rect(win.banner).top() == global_rect(slot).top() + 2
    assert win.banner.width() == slot.width() - 8
