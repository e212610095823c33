"""Run → Winnow study…: trains on a worker with progress and Cancel, then shows the plot in the
window's theme with its table; saves the figure and the table; the window's own run is untouched."""
from __future__ import annotations

import threading

from PySide6 import QtGui

from perceptron_gui.core.winnow_study import run_winnow_study
from perceptron_gui.gui.dialogs.winnow_study_dialog import (
    SettingsDialog,
    WinnowSettings,
    WinnowStudyDialog,
    WinnowStudyRunner,
    start_winnow_study,
)
from perceptron_gui.render.theme import DARK, LIGHT

SMALL = WinnowSettings(dims=(4, 16, 64), relevant=2, points=120, seed=2)


def _finished(qtbot, runner):
    qtbot.waitUntil(lambda: runner.state != "running", timeout=60_000)
    assert runner.state == "done", runner.message
    return runner.dialog


def test_the_study_shows_its_plot_and_equals_the_librarys(make_main_window, qtbot):
    win = make_main_window("random_separable", "offset")
    k_before = win.session.result.record.num_updates
    assert "winnow_study" in win.actions_by_name
    runner = start_winnow_study(win, SMALL)
    dialog = _finished(qtbot, runner)
    assert runner.study == run_winnow_study((4, 16, 64), relevant=2, points=120, seed=2)
    assert dialog.isVisible() and "x1 ∨ x2" in dialog.setting.text() and "perceptron" in dialog.summary.text()
    assert not dialog.picture.pixmap().isNull()
    assert win.session.result.record.num_updates == k_before
    dialog.close()


def test_the_plot_follows_the_theme(qtbot):
    study = run_winnow_study((4, 16), relevant=1, points=60)
    for theme in (LIGHT, DARK):
        dialog = WinnowStudyDialog(study, None, theme)
        qtbot.addWidget(dialog)
        corner = dialog.image.pixelColor(2, 2)
        assert corner == QtGui.QColor(theme.background)
        dialog.close()


def test_the_dialog_saves_the_figure_and_the_table(make_main_window, qtbot, tmp_path):
    win = make_main_window("random_separable", "offset")
    dialog = _finished(qtbot, start_winnow_study(win, SMALL))
    for name, magic in (("w.png", b"\x89PNG"), ("w.svg", b"<?xml"), ("w.pdf", b"%PDF"), ("w.tex", b"\\documentclass")):
        assert dialog.save_figure(tmp_path / name)
        assert (tmp_path / name).read_bytes().startswith(magic) and name in dialog.status.text()
    png = QtGui.QImage(str(tmp_path / "w.png"))
    assert png.pixelColor(2, 2) == QtGui.QColor("#FFFFFF")  # a saved figure is on white, whatever the theme
    assert dialog.save_table(tmp_path / "t.csv")
    assert (tmp_path / "t.csv").read_text() == dialog.study.csv_text()
    assert not dialog.save_figure(tmp_path / "w.jpg")
    assert ".png, .svg, .pdf or .tex" in dialog.status.text()
    assert not dialog.save_table(tmp_path / "missing" / "t.csv")
    assert "t.csv" in dialog.status.text() and "Traceback" not in dialog.status.text()
    dialog.close()


def test_the_settings_dialog_reads_back_or_says_why_not(qtbot):
    ask = SettingsDialog()
    qtbot.addWidget(ask)
    assert ask.settings() == WinnowSettings()
    ask.dims.setText("8, 32")
    ask.relevant.setValue(2)
    assert ask.settings() == WinnowSettings(dims=(8, 32), relevant=2)
    ask.dims.setText("8,abc")
    assert ask.settings() is None and "whole numbers separated by commas" in ask.problem
    ask.dims.setText("4,16")
    ask.relevant.setValue(5)
    assert ask.settings() is None and "at least 5 features" in ask.problem
    ask._accept()
    assert ask.message.text() == ask.problem and ask.result() == 0


def test_cancel_stops_the_worker(make_main_window, qtbot):
    win = make_main_window("random_separable", "offset")
    gate = threading.Event()
    runner = WinnowStudyRunner(WinnowSettings(dims=(4, 8, 16, 32, 64, 128, 256, 512), points=2000), win)
    # Cancel as soon as the first d reports, from the worker's own progress (no sleeping).
    runner.progressed.connect(lambda d, t: (runner.cancel(), gate.set()))
    runner.start()
    qtbot.waitUntil(lambda: runner.state != "running", timeout=60_000)
    runner.wait(60)
    assert gate.is_set() and runner.state == "cancelled" and runner.study is None
    assert "cancelled" in runner.message
