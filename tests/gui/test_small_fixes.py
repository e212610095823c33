"""Three small look fixes: the Order study's dialogs are wide enough for their title, the live
panel's "k vs bound" meter keeps its text readable over its fill (light and dark theme), and the
angle plot's k axis has whole-number ticks only (a run with no update showed 0.2, 0.4, …)."""
from __future__ import annotations

import re

import pytest
from PySide6 import QtGui, QtWidgets

from perceptron_gui.core.order_study import run_order_study
from perceptron_gui.gui.dialogs import order_study_dialog
from perceptron_gui.gui.dialogs.order_study_dialog import OrderStudyRunner, StudyDialog, start_order_study
from perceptron_gui.gui.panels.live_panel import LivePanel
from perceptron_gui.gui.plots.proof_plots import AnglePlot
from perceptron_gui.session.session import Session

BUTTONS_PX = 160  # a title bar's icon, its close, maximise and minimise buttons and their padding


def title_need(dialog: QtWidgets.QWidget) -> int:
    font = QtGui.QFont(dialog.font())
    font.setBold(True)
    font.setPointSizeF(font.pointSizeF() * 1.2)
    return QtGui.QFontMetrics(font).horizontalAdvance(dialog.windowTitle()) + BUTTONS_PX


# ---- the Order study's title ------------------------------------------------------------------------
def test_the_order_study_question_fits_its_title(make_main_window, qtbot, monkeypatch):
    from perceptron_gui.gui.dialogs.order_study_dialog import seeds_dialog  # the question, as an object

    win = make_main_window("random_separable", "offset")
    asked: list[QtWidgets.QInputDialog] = []

    def answer(dialog: QtWidgets.QInputDialog) -> int:  # the question, answered without its loop
        asked.append(dialog)
        dialog.setIntValue(3)
        return QtWidgets.QDialog.DialogCode.Accepted

    monkeypatch.setattr(QtWidgets.QInputDialog, "exec", answer)
    runner = start_order_study(win)  # asks through seeds_dialog
    assert isinstance(runner, OrderStudyRunner) and runner.seeds == 3
    assert len(asked) == 1 and asked[0].windowTitle() == "Order study"
    assert asked[0].minimumWidth() >= title_need(asked[0])
    qtbot.waitUntil(lambda: runner.state != "running", timeout=60_000)
    runner.dialog.close()
    ask = seeds_dialog(win)
    qtbot.addWidget(ask)
    assert ask.intValue() > 0 and ask.minimumWidth() >= title_need(ask)


def test_the_order_study_progress_fits_its_title(make_main_window, qtbot):
    win = make_main_window("random_separable", "offset")
    runner = start_order_study(win, seeds=3)
    progress = runner.progress_dialog
    assert progress.windowTitle() == "Order study" and progress.minimumWidth() >= title_need(progress)
    qtbot.waitUntil(lambda: runner.state != "running", timeout=60_000)
    runner.dialog.close()


def test_the_study_dialog_fits_its_title(make_main_window, qtbot):
    win = make_main_window("random_separable", "offset")
    dialog = StudyDialog(run_order_study("offset", win.session.points.train_dataset(), seeds=2), win)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.width() >= title_need(dialog)
    narrow = QtWidgets.QDialog(win)
    qtbot.addWidget(narrow)
    narrow.setWindowTitle("Order study")
    assert order_study_dialog.fit_title(narrow) >= title_need(narrow) and narrow.minimumWidth() >= title_need(narrow)
    dialog.close()


# ---- the meter ------------------------------------------------------------------------------------
def luminance(c: QtGui.QColor) -> float:
    def lin(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF())


def contrast(a: QtGui.QColor, b: QtGui.QColor) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def meter_text_and_fill(meter: QtWidgets.QProgressBar) -> tuple[QtGui.QColor, QtGui.QColor, QtGui.QColor]:
    """The text colour, the fill (the chunk) and the empty part's colour the meter's style sheet sets."""
    sheet = meter.styleSheet()
    bar = re.search(r"QProgressBar\s*\{([^}]*)\}", sheet)
    chunk = re.search(r"QProgressBar::chunk\s*\{([^}]*)\}", sheet)
    assert bar and chunk, f"no text colour and fill in the meter's style sheet {sheet!r}"
    text = re.search(r"(?<![-\w])color:\s*(#[0-9a-fA-F]{6})", bar.group(1))
    field = re.search(r"background(?:-color)?:\s*(#[0-9a-fA-F]{6})", bar.group(1))
    fill = re.search(r"background(?:-color)?:\s*(#[0-9a-fA-F]{6})", chunk.group(1))
    assert text and field and fill, sheet
    assert "text-align: center" in bar.group(1)  # the text is over the bar, and so over its fill
    return QtGui.QColor(text.group(1)), QtGui.QColor(fill.group(1)), QtGui.QColor(field.group(1))


def test_the_meter_text_is_readable_over_its_fill(qtbot):
    s = Session(background_work=1e12)
    s.load_preset("random_separable")
    panel = LivePanel(s)
    qtbot.addWidget(panel)
    panel.show()
    text, fill, field = meter_text_and_fill(panel.meter)
    assert contrast(text, fill) >= 4.5 and contrast(text, field) >= 4.5  # WCAG AA for normal text
    assert panel.meter.value() > 0


def test_the_meter_follows_the_theme(make_main_window):
    win = make_main_window("random_separable", "offset")
    meter = win.live_panel.meter
    light = meter_text_and_fill(meter)
    win.actions_by_name["theme_dark"].setChecked(True)
    try:
        dark = meter_text_and_fill(meter)
        assert dark[0] != light[0] and dark[1] != light[1]  # new colours for the dark palette
        assert contrast(dark[0], dark[1]) >= 4.5 and contrast(dark[0], dark[2]) >= 4.5
    finally:
        win.actions_by_name["theme_light"].setChecked(True)
    assert meter_text_and_fill(meter) == light


# ---- whole-number k ticks ---------------------------------------------------------------------------
def no_update_session() -> Session:
    """An offset run that starts at (a multiple of) θ*: it converges with no update."""
    s = Session(background_work=1e12)
    s.load_preset("random_separable")
    s.set_algorithm("offset")
    th = s.result.theory.theta_star
    s.set_params({"init": "custom", "start_w": [float(v) * 10 for v in th[:-1]], "start_b": float(th[-1]) * 10})
    assert s.result.record.num_updates == 0 and s.result.proof is not None
    return s


def test_the_angle_plots_k_ticks_are_whole_numbers(qtbot):
    plot = AnglePlot(no_update_session())
    qtbot.addWidget(plot)
    plot.resize(800, 260)
    plot.show()
    qtbot.waitExposed(plot)
    axis = plot.plot.getPlotItem().getAxis("bottom")
    lo, hi = plot.plot.getPlotItem().getViewBox().viewRange()[0]
    levels = axis.tickValues(lo, hi, axis.width())
    values = [v for _spacing, vs in levels for v in vs]
    assert values and all(float(v).is_integer() for v in values), levels
    assert {0.0, 1.0} <= set(values)


@pytest.mark.parametrize("lo, hi", [(0, 1), (-0.02, 1.02), (0, 3), (0, 7.5), (-1.5, 12), (0, 2_500_000)])
def test_the_k_axis_never_ticks_between_whole_numbers(qtbot, lo, hi):
    plot = AnglePlot(no_update_session())
    qtbot.addWidget(plot)
    axis = plot.plot.getPlotItem().getAxis("bottom")
    for size in (120, 400, 1600):
        values = [v for _s, vs in axis.tickValues(lo, hi, size) for v in vs]
        assert values and all(float(v).is_integer() for v in values), (lo, hi, size, values)


# ---- Help → The algorithms -------------------------------------------------------------------------
def test_help_about_the_algorithms_counts_the_learners_it_lists(make_main_window, qtbot):
    from perceptron_gui.core.algorithms import REGISTRY
    from perceptron_gui.gui.app.actions import show_algorithms

    win = make_main_window("random_separable", "offset")
    box = show_algorithms(win)
    try:
        rows = box.text().count("<tr")
        assert rows == len(REGISTRY)
        assert box.windowTitle() == f"The {rows} algorithms"
    finally:
        box.close()
        box.deleteLater()
