"""Presentation mode (F5): full screen, big text, the step's three numbers above the canvas,
keyboard stepping only; F5 or Escape gives the window back as it was."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6 import QtCore

from perceptron_gui.gui.app.presentation import text_px

Qt = QtCore.Qt


def _present(win, qtbot, height: int = 1080):
    win.presentation.enter(screen_height=height)
    qtbot.waitUntil(lambda: win.presentation.strip.isVisible())


def test_text_size_is_at_least_20_px_at_1080_and_readable_at_768() -> None:
    assert text_px(1080) >= 20
    assert 16 <= text_px(768) < text_px(1080)


def test_f5_enters_and_the_strip_shows_the_live_panels_numbers(make_main_window, qtbot):
    win = make_main_window("notes003_margin", "offset")
    win.session.to_start()
    win.actions_by_name["presentation"].trigger()
    assert win.presentation.active and win.isFullScreen()
    strip = win.presentation.strip
    assert strip.isVisible()
    panel = win.live_panel
    for key in ("k", "angle", "bound"):
        assert strip.values[key] == panel.text(key)
        assert panel.text(key).replace(" ", "\u00a0").replace("/", "/\u2060") in strip.text()
    # Chrome hidden: toolbar, menu bar, the table dock, the picker; the live panel stays.
    assert not win.menuBar().isVisible() and not win.docks["Data"].isVisible()
    assert not win.picker.isVisible() and win.live_panel.isVisible()
    # Text at the presentation's size for this screen: the panel's labels and the canvas's ticks.
    px = text_px(win.screen().geometry().height())
    assert panel.value_label("k").fontInfo().pixelSize() == px
    assert win.canvas.plot.getPlotItem().getAxis("bottom").style["tickFont"].pixelSize() == px
    win.presentation.leave()
    # On a 1080-px screen: 20 px or more.
    _present(win, qtbot, height=1080)
    assert panel.value_label("k").fontInfo().pixelSize() >= 20
    assert win.angle_plot.plot.getPlotItem().getAxis("left").style["tickFont"].pixelSize() >= 20
    win.presentation.leave()


def test_arrow_keys_step_and_the_strip_follows(make_main_window, qtbot):
    win = make_main_window("notes003_margin", "offset")
    win.session.to_start()
    _present(win, qtbot)
    k0 = win.session.k
    qtbot.keyClick(win.canvas.plot, Qt.Key.Key_Right)
    qtbot.waitUntil(lambda: win.session.k == k0 + 1)
    strip = win.presentation.strip
    qtbot.waitUntil(lambda: strip.values["k"] == win.live_panel.text("k"))
    assert strip.values["angle"] == win.live_panel.text("angle")
    assert win.live_panel.text("k").startswith(f"{k0 + 1} of")
    win.presentation.leave()


def test_canvas_clicks_add_no_point(make_main_window, qtbot):
    win = make_main_window("notes003_margin", "offset")
    _present(win, qtbot)
    vb = win.canvas.view_box
    vb.setRange(xRange=(-5, 5), yRange=(-5, 5), padding=0.0)
    qtbot.waitUntil(lambda: vb.viewRange()[0][0] == pytest.approx(-5, abs=1e-6))
    n = win.session.points.n
    X = win.session.points.X.copy()
    pos = vb.mapViewToScene(QtCore.QPointF(4.0, -4.0))
    view_pos = win.canvas.plot.mapFromScene(pos)
    qtbot.mouseClick(win.canvas.plot.viewport(), Qt.MouseButton.LeftButton, pos=view_pos)
    qtbot.mouseClick(win.canvas.plot.viewport(), Qt.MouseButton.RightButton, pos=view_pos)
    qtbot.keyClick(win.canvas.plot, Qt.Key.Key_Delete)
    assert win.session.points.n == n
    assert np.array_equal(win.session.points.X, X)
    win.presentation.leave()
    # Back in the normal window the same click adds a point: the tool is back.
    qtbot.mouseClick(win.canvas.plot.viewport(), Qt.MouseButton.LeftButton, pos=view_pos)
    qtbot.waitUntil(lambda: win.session.points.n == n + 1)


@pytest.mark.parametrize("how", ["escape", "f5"])
def test_escape_or_f5_restores_docks_and_geometry(make_main_window, qtbot, how):
    win = make_main_window("notes003_margin", "offset")
    win.docks["Proof as curves"].show()  # a state that differs from the default
    qtbot.wait(1)
    docks = {name: d.isVisible() for name, d in win.docks.items()}
    widths = {name: d.width() for name, d in win.docks.items() if d.isVisible()}
    geometry = win.geometry()
    menu, toolbar_look = win.menuBar().isVisible(), win.canvas.look
    _present(win, qtbot)
    if how == "escape":
        qtbot.keyClick(win.canvas.plot, Qt.Key.Key_Escape)
    else:
        win.actions_by_name["presentation"].trigger()
    qtbot.waitUntil(lambda: not win.presentation.active)
    qtbot.waitUntil(lambda: win.geometry() == geometry)
    assert {name: d.isVisible() for name, d in win.docks.items()} == docks
    assert {name: d.width() for name, d in win.docks.items() if d.isVisible()} == widths
    assert win.menuBar().isVisible() == menu and not win.isFullScreen()
    assert win.canvas.look == toolbar_look
    assert not win.presentation.strip.isVisible()
    assert win.live_panel.value_label("k").fontInfo().pixelSize() < 20
