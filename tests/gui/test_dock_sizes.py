"""The docks at a lecture's screen sizes: the live panel gets its width back after the window
was narrowed, and at 1280×720 the window fits and the per-epoch plots keep room for their axis
titles."""
from __future__ import annotations

from PySide6 import QtCore, QtGui, QtWidgets

Qt = QtCore.Qt


def test_the_live_panel_gets_its_width_back_when_the_window_widens(make_main_window, qtbot):
    win = make_main_window(size=(1400, 900))
    dock = win.docks["Algorithm and live panel"]
    qtbot.waitUntil(lambda: win.live_width.wanted > 0 and dock.width() == win.live_width.wanted)
    width = dock.width()
    assert width > dock.minimumSizeHint().width()  # room to lose
    win.resize(900, 600)  # the window's minimum width, at most
    qtbot.waitUntil(lambda: win.width() < 1400 and dock.width() < width)
    win.resize(1400, 900)
    qtbot.waitUntil(lambda: win.width() == 1400 and dock.width() == width)


def test_the_per_epoch_plots_titles_do_not_overlap_at_1280x720(make_main_window, qtbot):
    win = make_main_window("random_separable", "offset", size=(1280, 720))
    win.actions_by_name["lesson_digits_002"].trigger()
    win.session.wait()
    # The window still fits the screen (PCA's note on one line made it 1397 px wide).
    qtbot.waitUntil(lambda: win.size() == QtCore.QSize(1280, 720))
    note = win.feature_picker.note
    assert note.isVisible() and note.height() >= note.heightForWidth(note.width())  # wrapped, not cut
    plot = win.epoch_plot
    QtWidgets.QApplication.processEvents()
    top = plot.updates_plot.getAxis("left").label.sceneBoundingRect()
    bottom = plot.error_plot.getAxis("left").label.sceneBoundingRect()
    assert not top.intersects(bottom)
    for item in (plot.updates_plot, plot.error_plot):
        axis = item.getAxis("left")
        # Each plot at least as tall as its rotated title: the title is not cut.
        title = QtGui.QFontMetricsF(axis.label.font()).horizontalAdvance(axis.label.toPlainText())
        assert item.getViewBox().height() >= title
    # With room, one above the other again (they share the epoch axis).
    win.resize(1400, 1000)
    win.resizeDocks([win.docks["Per epoch"]], [3 * plot.one_plot_height], Qt.Orientation.Vertical)
    qtbot.waitUntil(lambda: not plot.side_by_side)
