"""Small things the window says that must be true (issue 7, section 4)."""
from __future__ import annotations

from pathlib import Path

from perceptron_gui.gui.status import summary_text


def test_default_session_name_is_the_data_title_not_perceptron_perceptron(make_main_window):
    win = make_main_window("xor")
    name = Path(win.file_actions._suggest(".perceptron.json")).name
    assert name == "xor-not-separable.perceptron.json"
    win.session.clear()
    assert Path(win.file_actions._suggest(".perceptron.json")).name == "untitled.perceptron.json"


def test_one_d_standard_says_not_through_the_origin_in_panel_and_status(make_main_window):
    win = make_main_window("offset_1d")
    win.session.set_algorithm("standard")
    panel = win.live_panel.text("separable")
    assert panel == "no, not through the origin"
    assert "not linearly separable through the origin" in summary_text(win.session)


def test_title_drops_the_preset_name_after_clear(make_main_window):
    win = make_main_window("xor")
    assert "XOR" in win.windowTitle()
    win.session.clear()  # the title follows by itself
    assert "XOR" not in win.windowTitle() and "untitled" in win.windowTitle()


def test_a_long_status_line_ends_in_an_ellipsis_and_keeps_the_whole_text(make_main_window):
    win = make_main_window("xor", "lifted")
    label = win.status.summary
    full = summary_text(win.session)
    assert label.full_text() == full and full in label.toolTip()
    label.resize(300, label.height())
    shown = label.text()
    assert shown.endswith("…") and len(shown) < len(full)
    assert label.fontMetrics().horizontalAdvance(shown) <= label.contentsRect().width()
