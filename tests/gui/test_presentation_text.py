"""What a room reads: one text zoom for the panel, the plots and the canvas (kept); a strip
whose height never follows its text; a canvas legend that can move to a corner or hide."""
from __future__ import annotations

import pytest
from PySide6 import QtCore, QtGui, QtWidgets

from perceptron_gui.gui.app.presentation import text_px
from perceptron_gui.gui.app.text_zoom import ZOOM_STEPS
from perceptron_gui.session.state_dir import default_state_dir
from perceptron_gui.session.ui_settings import load_setting

Qt = QtCore.Qt


def _sizes(win) -> dict[str, float]:
    """The sizes the zoom scales: the panel's value, the canvas's and the angle plot's tick
    labels, the canvas's legend and the font the labels on the canvas are painted in."""
    def tick_px(view) -> float:
        font = view.getPlotItem().getAxis("bottom").style.get("tickFont") or view.font()
        return font.pixelSize() if font.pixelSize() > 0 else font.pointSizeF() * 4 / 3

    legend = win.canvas.overlay.legend.opts["labelTextSize"]
    return {"panel": win.live_panel.value_label("k").fontInfo().pixelSize(),
            "canvas ticks": tick_px(win.canvas.plot), "angle ticks": tick_px(win.angle_plot.plot),
            "legend": float(legend[:-2]) * (0.75 if legend.endswith("px") else 1.0),
            "labels": win.canvas.plot.fontInfo().pixelSize()}


def _activate(win, qtbot) -> None:
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)


def test_the_text_zoom_scales_everything_together_and_is_kept(make_main_window, qtbot):
    win = make_main_window()
    before = _sizes(win)
    _activate(win, qtbot)  # window shortcuts reach only the active window
    qtbot.keyClick(win.canvas.plot, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(win.canvas.plot, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    factor = ZOOM_STEPS[ZOOM_STEPS.index(1.0) + 2]
    assert win.text_zoom.factor == factor
    after = _sizes(win)
    for name, size in before.items():  # each within a pixel's rounding of the factor
        assert after[name] == pytest.approx(size * factor, rel=0.05, abs=1.0), name
    assert load_setting(default_state_dir(), "text_zoom") == factor
    # Kept: a new window starts at that zoom.
    again = make_main_window()
    assert again.text_zoom.factor == factor
    assert _sizes(again)["panel"] == after["panel"]
    # Ctrl+0: the window's own sizes again, exactly.
    _activate(win, qtbot)
    qtbot.keyClick(win.canvas.plot, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert _sizes(win) == before


def test_the_zoom_multiplies_presentation_modes_sizes(make_main_window, qtbot):
    win = make_main_window()
    win.text_zoom.step(1)
    win.presentation.enter(screen_height=1080, full_screen=False)
    px = round(text_px(1080) * win.text_zoom.factor)
    assert win.live_panel.value_label("k").fontInfo().pixelSize() == px
    win.text_zoom.step(1)  # zoomed while presenting: at once
    px = round(text_px(1080) * win.text_zoom.factor)
    assert win.live_panel.value_label("k").fontInfo().pixelSize() == px
    assert win.canvas.plot.getPlotItem().getAxis("bottom").style["tickFont"].pixelSize() == px
    win.presentation.leave()
    win.text_zoom.step(0)
    win.presentation.enter(screen_height=1080, full_screen=False)
    # The labels on the canvas (the normal's name, the margins) as large as the panel's numbers:
    # an x-height of 10 px or more at 1080 (it was 7 px).
    assert win.canvas.plot.fontInfo().pixelSize() == text_px(1080)
    assert QtGui.QFontMetrics(win.canvas.plot.font()).xHeight() >= 10
    win.presentation.leave()


def test_the_strip_keeps_its_height_whatever_it_says(make_main_window, qtbot, monkeypatch):
    win = make_main_window("random_separable", "offset", size=(1280, 720))
    win.presentation.enter(screen_height=720, full_screen=False)
    strip = win.presentation.strip
    qtbot.waitUntil(lambda: strip.isVisible() and strip.width() > 0)
    heights, canvas = set(), set()
    # A short step and a long one (as a run's numbers grow): one line and two at this width.
    for k, angle, bound in (("1 of 9", "5°", "5"),
                            ("88\u202f888 of 88\u202f888", "88.88° ≤ 108.8°", "88\u202f888 (88887.9)")):
        texts = {"k": k, "angle": angle, "bound": bound}
        monkeypatch.setattr(strip, "value", lambda key, texts=texts: texts[key])
        strip.refresh()
        win.centralWidget().layout().activate()  # laid out now, as the next paint would
        assert strip.height() >= strip.heightForWidth(strip.width())  # nothing cut
        heights.add(strip.height())
        canvas.add(win.canvas.height())
    assert len(heights) == 1 and len(canvas) == 1
    win.presentation.leave()


def test_the_legend_moves_to_a_corner_or_hides_and_the_choice_is_kept(make_main_window, qtbot):
    win = make_main_window(size=(1024, 700))
    vb = win.canvas.view_box
    width = vb.width()
    win.actions_by_name["legend_top_left"].trigger()
    legend = win.canvas.overlay.legend
    qtbot.waitUntil(lambda: vb.width() > width)  # the legend's column goes back to the plot
    assert legend.parentItem() is vb
    top_left = legend.mapToItem(vb, legend.boundingRect().topLeft())
    assert 0 <= top_left.x() < 20 and 0 <= top_left.y() < 20
    win.actions_by_name["legend_hidden"].trigger()
    assert win.canvas.overlay.legend.scene() is None
    assert load_setting(default_state_dir(), "canvas_legend") == "hidden"
    # A theme or presentation mode makes the legend anew: it stays hidden.
    win.actions_by_name["theme_dark"].trigger()
    assert win.canvas.overlay.legend.scene() is None
    win.presentation.enter(screen_height=700, full_screen=False)
    assert win.canvas.overlay.legend.scene() is None
    win.presentation.leave()
    assert make_main_window().canvas.overlay.legend.scene() is None
    win.actions_by_name["legend_beside"].trigger()
    qtbot.waitUntil(lambda: win.canvas.overlay.legend.isVisible())
    assert win.canvas.overlay.legend.parentItem() is win.canvas.plot.getPlotItem()


def test_the_per_epoch_titles_keep_their_room_at_presentations_size(make_main_window, qtbot):
    win = make_main_window(size=(1280, 720))
    win.actions_by_name["lesson_digits_002"].trigger()
    win.session.wait()
    win.presentation.enter(screen_height=1080, full_screen=False)  # the text of a 1080-px screen
    plot = win.epoch_plot
    qtbot.waitUntil(plot.isVisible)
    win.text_zoom.step(1)
    QtWidgets.QApplication.processEvents()
    labels = [item.getAxis("left").label for item in (plot.updates_plot, plot.error_plot)]
    assert not labels[0].sceneBoundingRect().intersects(labels[1].sceneBoundingRect())
    for item, label in zip((plot.updates_plot, plot.error_plot), labels):
        drawn = label.boundingRect().width() - 2 * label.document().documentMargin()  # at 22 px × zoom
        assert item.getViewBox().height() >= drawn
    win.presentation.leave()
