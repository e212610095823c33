"""The docks at a lecture's screen sizes: the live panel gets its width back after the window
was narrowed, and the per-epoch plots keep room for their axis titles at 1280×720."""
from __future__ import annotations

from PySide6 import QtWidgets


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
    plot = win.epoch_plot
    QtWidgets.QApplication.processEvents()
    top = plot.updates_plot.getAxis("left").label.sceneBoundingRect()
    bottom = plot.error_plot.getAxis("left").label.sceneBoundingRect()
    assert not top.intersects(bottom)
    for item in (plot.updates_plot, plot.error_plot):
        axis = item.getAxis("left")
        # Each plot at least as tall as its rotated title: the title is not cut.
        assert item.getViewBox().height() >= axis.label.boundingRect().width() - 1
