"""The window on a classroom projector (1024×768, 1280×720) and on large screens.

Geometry only: what is visible, how wide, whether text fits its label; never pixel colours.
"""
from __future__ import annotations

import pytest
from PySide6 import QtCore, QtWidgets

from perceptron_gui.gui.app.main_window import DEFAULT_SIZE, FRAME_ALLOWANCE

SLIDER_USABLE_PX = 120
CANVAS_USABLE_PX = 400


def _on_screen(win, qtbot, width: int, height: int, frame: QtCore.QSize = QtCore.QSize(0, 0)):
    """The window as it first opens on a screen of this size (no frame: the offscreen platform has none)."""
    win.fit_to(QtCore.QRect(0, 0, width, height), frame=frame)
    qtbot.waitUntil(lambda: win.size() == QtCore.QSize(width - frame.width(), height - frame.height()))
    QtWidgets.QApplication.processEvents()  # let the docks and layouts settle at the new size
    return win


def _inside_window(win, widget: QtWidgets.QWidget) -> bool:
    """Its whole width, and its top, on the window (a scrolled panel may be taller than it)."""
    left = widget.mapTo(win, QtCore.QPoint(0, 0))
    return 0 <= left.x() and left.x() + widget.width() <= win.width() and 0 <= left.y() < win.height()


def test_the_window_fits_a_1024_by_768_projector(make_main_window, qtbot):
    win = _on_screen(make_main_window(), qtbot, 1024, 768)
    assert win.minimumSizeHint().width() <= 1024
    assert win.minimumSizeHint().height() <= 768
    assert win.width() == 1024  # not pushed wider by a minimum (it was 1229)
    for name, widget, usable in (("picker", win.picker.combo, 150), ("live panel", win.live_panel, 200),
                                 ("canvas", win.canvas, CANVAS_USABLE_PX),
                                 ("slider", win.playback.slider, SLIDER_USABLE_PX)):
        assert widget.isVisible(), name
        assert widget.width() >= usable, (name, widget.width())
        assert _inside_window(win, widget), name


@pytest.mark.parametrize("size", [(1024, 768), (1280, 720), (1600, 1000)])
def test_the_position_label_shows_its_whole_text(make_main_window, qtbot, size):
    win = _on_screen(make_main_window(), qtbot, *size)
    label = win.playback.position
    s = win.session
    for step in (s.to_start, s.to_end, lambda: s.jump_to_update(1)):
        step()
        QtWidgets.QApplication.processEvents()
        text = label.text()
        assert "row" not in text or text.rsplit("row", 1)[1].strip().isdigit(), text
        assert label.width() >= label.fontMetrics().horizontalAdvance(text), (text, label.width())


def test_the_live_panel_scrolls_only_vertically_when_narrow(make_main_window, qtbot):
    win = _on_screen(make_main_window(), qtbot, 1024, 768)
    scroll = win.live_scroll
    assert scroll.horizontalScrollBarPolicy() == QtCore.Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    # Nothing is hidden by switching the bar off: the panel is never wider than its viewport.
    assert win.live_panel.width() <= scroll.viewport().width()


def _sideways_scrollers(dock: QtWidgets.QDockWidget) -> list[str]:
    return [type(area).__name__ for area in dock.findChildren(QtWidgets.QAbstractScrollArea)
            if area.isVisible() and area.horizontalScrollBar().isVisible()]


@pytest.mark.parametrize("size", [(1024, 768), (1280, 720)])
def test_no_dock_but_the_data_table_scrolls_sideways(make_main_window, qtbot, size):
    win = _on_screen(make_main_window(), qtbot, *size)
    for title, dock in win.docks.items():
        if title != "Data":  # the point table's columns are gui/table/'s (see the next test)
            assert _sideways_scrollers(dock) == [], title


def test_the_data_dock_does_not_scroll_sideways_at_1280x720(make_main_window, qtbot):
    win = _on_screen(make_main_window(), qtbot, 1280, 720)
    assert _sideways_scrollers(win.docks["Data"]) == []


def test_the_per_epoch_headers_are_whole(make_main_window, qtbot):
    win = _on_screen(make_main_window(), qtbot, 1024, 768)
    table = win.epoch_table
    header = table.horizontalHeader()
    model = table.model()
    for col in range(header.count()):
        text = model.headerData(col, QtCore.Qt.Orientation.Horizontal, QtCore.Qt.ItemDataRole.DisplayRole)
        widest = max(header.fontMetrics().horizontalAdvance(line) for line in text.split("\n"))
        assert header.sectionSize(col) >= widest, text  # "train error %" read "rain error %"
    assert header.length() <= table.viewport().width()


@pytest.mark.parametrize("size", [(1024, 768), (1280, 720), (1600, 1000)])
def test_the_angle_legend_sits_above_the_curves(make_main_window, qtbot, size):
    win = _on_screen(make_main_window(), qtbot, *size)
    plot = win.angle_plot
    vb = plot.plot.getPlotItem().getViewBox()
    _, angles = plot.angle_data()
    _, bound = plot.bound_data()
    highest = max(float(angles.max()), float(bound.max()))
    top_of_curves = vb.mapViewToScene(QtCore.QPointF(0.0, highest)).y()
    assert plot.legend.sceneBoundingRect().bottom() <= top_of_curves


def test_the_first_size_fits_the_available_screen(make_main_window, qtbot):
    win = make_main_window()
    # A 1000-px-high screen whose panel takes 30 px: the window and its title bar must fit.
    available = QtCore.QRect(0, 30, 1600, 970)
    win.fit_to(available)
    assert win.width() + FRAME_ALLOWANCE.width() <= available.width()
    assert win.height() + FRAME_ALLOWANCE.height() <= available.height()
    assert available.contains(QtCore.QRect(win.pos(), win.size() + FRAME_ALLOWANCE))
    win.fit_to(QtCore.QRect(0, 0, 2560, 1440))
    assert win.size() == DEFAULT_SIZE  # a large screen gets the usual size, never more
