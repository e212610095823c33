"""View → Theme: the dark theme reaches the canvas, the plots and the live panel; the choice is saved."""
from __future__ import annotations

import numpy as np
from PySide6 import QtGui

from perceptron_gui.gui.app.themes import saved_theme
from perceptron_gui.render import theme
from perceptron_gui.session.state_dir import default_state_dir


def _pen_colour(item) -> str:
    return QtGui.QColor(item.opts["pen"].color()).name().upper()


def test_dark_theme_reaches_canvas_plots_and_live_panel(make_main_window, qtbot):
    win = make_main_window("notes003_margin", "offset")
    assert win.canvas.plot.backgroundBrush().color().name().upper() == theme.LIGHT.background
    win.actions_by_name["theme_dark"].trigger()
    assert win.theme is theme.DARK
    assert win.canvas.plot.backgroundBrush().color().name().upper() == theme.DARK.background
    # The black hyperplane became near-white; the class colours stayed.
    assert _pen_colour(win.canvas.overlay.hyperplane) == theme.DARK.colour(theme.HYPERPLANE)
    assert win.angle_plot.plot.backgroundBrush().color().name().upper() == theme.DARK.background
    panel = win.live_panel.palette()
    assert panel.color(QtGui.QPalette.ColorRole.WindowText).name().upper() == theme.DARK.foreground
    assert "#1C3550" in win.banner.styleSheet()  # the message strip too
    # The canvas still draws the run: the same points, the frame at the playhead.
    assert win.canvas.points_item.data.shape[0] == win.session.points.n
    assert np.array_equal(win.canvas.frame.w, win.session.frame().w)
    win.actions_by_name["theme_light"].trigger()
    assert win.canvas.plot.backgroundBrush().color().name().upper() == theme.LIGHT.background
    assert _pen_colour(win.canvas.overlay.hyperplane) == theme.HYPERPLANE


def test_theme_choice_is_saved_and_restored(make_main_window):
    win = make_main_window("notes003_margin", "offset")
    win.actions_by_name["theme_dark"].trigger()
    assert saved_theme(default_state_dir()) == "dark"
    again = make_main_window("notes003_margin", "offset")
    assert again.theme is theme.DARK
    assert again.actions_by_name["theme_dark"].isChecked()


def test_a_broken_settings_file_means_the_default_theme(tmp_path):
    (tmp_path / "settings.json").write_text("{not json")
    assert saved_theme(tmp_path) == "light"


def test_the_canvas_keeps_working_after_a_theme_change(make_main_window, qtbot):
    win = make_main_window("notes003_margin", "offset")
    win.actions_by_name["theme_dark"].trigger()
    win.session.to_start()
    win.session.step("update", 1)
    assert win.canvas.frame.k == 1
    assert win.canvas.overlay.picture is not None and win.canvas.overlay.picture.get("hyperplane") is not None


def test_the_plots_playhead_has_the_same_shade_before_and_after_a_round_trip(make_main_window):
    win = make_main_window("notes003_margin", "offset")
    line = win.angle_plot.playhead_line
    first = line.pen.color().name().upper()
    assert first == theme.LIGHT.colour(theme.VISIT_UPDATE)  # 3:1 on white, not the exports' orange
    win.actions_by_name["theme_dark"].trigger()
    win.actions_by_name["theme_light"].trigger()
    assert line.pen.color().name().upper() == first
