"""File → Export figure / animation in the window: menu, toolbar, dialogs, the files, a
responsive window while an animation is written, and Cancel."""
from __future__ import annotations

import pytest
from PIL import Image
from PySide6 import QtCore, QtWidgets

from perceptron_gui.gui.dialogs import export_dialog
from perceptron_gui.gui.dialogs.export_dialog import (
    AnimationDialog,
    ExportActions,
    FigureDialog,
    FigureSettings,
    install_export_actions,
)
from perceptron_gui.gui.figures.animation import AnimationSettings
from perceptron_gui.gui.figures.plots import logical_size


@pytest.fixture
def window(make_main_window, tmp_path, monkeypatch):
    monkeypatch.setenv("PERCEPTRON_GUI_STATE_DIR", str(tmp_path / "state"))  # autosave never in the user's folder

    def make(preset: str = "random_separable"):
        win = make_main_window(preset)
        # An export shows a banner above the canvas, which shrinks it: show one first, so the
        # sizes a test reads before an export are those the export sees.
        win.banner.show_message("info", "ready")
        QtCore.QCoreApplication.processEvents()
        return win, install_export_actions(win)
    return make


def file_menu(win) -> QtWidgets.QMenu:
    return next(a.menu() for a in win.menuBar().actions() if a.text().replace("&", "") == "File")


def test_entries_in_the_file_menu_and_the_toolbar(window):
    win, ea = window()
    assert install_export_actions(win) is ea and win.export_actions is ea
    menu = file_menu(win).actions()
    for name in ("export_figure", "export_gif", "export_mp4"):
        assert ea.actions[name] in menu and win.actions_by_name[name] is ea.actions[name]
    assert menu.index(ea.actions["export_figure"]) < len(menu) - 1  # before Quit
    toolbar = win.findChild(QtWidgets.QToolBar, "main toolbar")
    assert ea.actions["export_figure"] in toolbar.actions()
    assert ea.actions["export_figure"].shortcut().toString() == "Ctrl+E"


def test_mp4_entry_says_how_to_get_it_when_missing(make_main_window, monkeypatch):
    monkeypatch.setattr(export_dialog, "mp4_available", lambda: False)
    win = make_main_window()
    ea = ExportActions(win)
    a = ea.actions["export_mp4"]
    assert not a.isEnabled()
    assert "pip install 'perceptron-gui[mp4]'" in a.text()


def test_export_figure_png_without_dialogs(window, tmp_path):
    win, ea = window()
    path = tmp_path / "canvas.png"
    assert ea.export_figure(path, FigureSettings(figure="canvas", fmt="png", width=1000))
    img = Image.open(path)
    aspect = win.canvas.width() / win.canvas.height()
    lw, lh = logical_size(aspect)
    assert img.size == (1000, round(1000 * lh / lw))
    assert "Exported the canvas" in win.banner.text()


def test_scale_is_times_the_size_on_screen(window, tmp_path):
    win, ea = window()
    path = tmp_path / "epochs.png"
    assert ea.export_figure(path, FigureSettings(figure="epochs", fmt="png", scale=2.0))
    assert Image.open(path).size[0] == 2 * win.epoch_plot.width()


@pytest.mark.parametrize("figure,fmt", [("canvas", "svg"), ("canvas", "pdf"), ("canvas", "tikz"),
                                        ("angle", "pdf"), ("epochs", "svg")])
def test_every_figure_and_format(window, tmp_path, figure, fmt):
    win, ea = window()
    path = tmp_path / f"f.{ {'tikz': 'tex'}.get(fmt, fmt)}"
    assert ea.export_figure(path, FigureSettings(figure=figure, fmt=fmt))
    assert path.stat().st_size > 500


def test_export_does_not_touch_the_window(window, tmp_path):
    win, ea = window()
    win.session.jump_to_update(2)
    win.canvas.view_box.setRange(xRange=(-0.5, 0.5), yRange=(-0.5, 0.5), padding=0)
    view, t = win.canvas.view_box.viewRange(), win.session.playhead.t
    ea.export_figure(tmp_path / "a.png", FigureSettings(width=500))
    runner = ea.export_animation(tmp_path / "a.gif", AnimationSettings(width=200, max_frames=5))
    QtCore.QCoreApplication.processEvents()
    while runner.state == "running":
        QtCore.QCoreApplication.processEvents()
    assert win.canvas.view_box.viewRange() == view and win.session.playhead.t == t
    assert win.session.view_range == ((view[0][0], view[0][1]), (view[1][0], view[1][1]))


def test_animation_runs_from_a_timer_and_the_window_stays_responsive(window, tmp_path, qtbot):
    win, ea = window()
    path = tmp_path / "run.gif"
    # Who ran, in order: "r" for each of the runner's ticks, "t" for another timer's. Both are
    # zero-interval timers, so the event loop fires each once per pass: if the runner returns
    # to the loop between its slices of frames, a "t" sits between any two "r". Counting ticks
    # of a 5 ms timer instead would depend on how fast the machine renders.
    order: list[str] = []
    timer = QtCore.QTimer()
    timer.setInterval(0)
    timer.timeout.connect(lambda: order.append("t"))
    timer.start()
    runner = ea.export_animation(path, AnimationSettings(unit="visit", width=400, max_frames=60))
    runner.timer.timeout.connect(lambda: order.append("r"))
    assert runner.state == "running" and not path.exists()  # returned at once: the frames come later
    with qtbot.waitSignal(runner.finished, timeout=60_000) as blocker:
        pass
    timer.stop()
    assert blocker.args == ["done"]
    ran = "".join(order)
    assert ran.count("r") >= 2 and "rr" not in ran.lstrip("t")  # other timers fired while it rendered
    with Image.open(path) as im:
        assert im.n_frames == 60
    assert "60 frames" in win.banner.text()


def test_cancel_the_animation(window, tmp_path, qtbot):
    win, ea = window()
    path = tmp_path / "run.gif"
    runner = ea.export_animation(path, AnimationSettings(unit="visit", width=400, max_frames=500))
    qtbot.waitUntil(lambda: runner.job.done > 0, timeout=20_000)
    runner.progress.canceled.emit()  # what the dialog's Cancel button does
    assert runner.state == "cancelled"
    qtbot.wait(50)
    assert not path.exists()
    assert not [p for p in tmp_path.iterdir() if p.name != "state"]  # no temporary file either
    assert "cancelled" in win.banner.text()


def test_no_finished_run(window, tmp_path):
    win, ea = window()
    win.session.result = None  # as before the first run of a new data set has arrived
    assert not ea.export_figure(tmp_path / "a.png", FigureSettings())
    assert ea.export_animation(tmp_path / "a.gif") is None
    assert "no finished run" in win.banner.text()


def test_unwritable_folder_is_a_banner_sentence(window, tmp_path):
    win, ea = window()
    assert not ea.export_figure(tmp_path / "missing" / "a.png", FigureSettings())
    assert "does not exist" in win.banner.text()


def test_figure_dialog(window, qtbot):
    win, ea = window("notes003_margin")
    dlg = FigureDialog(ea, FigureSettings(figure="canvas", fmt="png", scale=3.0))
    qtbot.addWidget(dlg)
    s = dlg.settings()
    assert (s.figure, s.fmt, s.width, s.scale, s.transparent) == ("canvas", "png", None, 3.0, False)
    assert dlg.size_label.text().startswith(f"{3 * win.canvas.width()} × ")
    dlg.width_radio.setChecked(True)
    dlg.width_spin.setValue(1234)
    assert dlg.settings().width == 1234 and dlg.size_label.text().startswith("1234 × ")
    dlg.figure_box.setCurrentIndex(dlg.figure_box.findData("epochs"))
    assert not dlg.format_box.model().item(3).isEnabled()  # TikZ: not for the per-epoch plot
    for curves in ("dot", "norm", "losses"):  # ... but for the curves against k, as export_figure writes them
        dlg.figure_box.setCurrentIndex(dlg.figure_box.findData(curves))
        assert dlg.format_box.model().item(3).isEnabled(), curves
    dlg.figure_box.setCurrentIndex(dlg.figure_box.findData("epochs"))
    dlg.format_box.setCurrentIndex(dlg.format_box.findData("svg"))
    assert not dlg.width_spin.isEnabled() and dlg.size_label.text() == "vector: any size"


def test_the_dialogs_compact_legend_reaches_the_tikz_file(window, qtbot, tmp_path):
    """The compact legend is offered for TikZ only, and the file is the one --compact-legend writes."""
    win, ea = window("notes003_margin")
    dlg = FigureDialog(ea, FigureSettings(figure="canvas", fmt="png"))
    qtbot.addWidget(dlg)
    assert not dlg.compact_box.isEnabled()
    dlg.format_box.setCurrentIndex(dlg.format_box.findData("tikz"))
    assert dlg.compact_box.isEnabled()
    dlg.compact_box.setChecked(True)
    settings = dlg.settings()
    assert settings.compact_legend
    compact, plain = tmp_path / "c.tex", tmp_path / "p.tex"
    assert ea.export_figure(compact, settings)
    assert ea.export_figure(plain, FigureSettings(figure="canvas", fmt="tikz"))
    small = "font=\\scriptsize"  # the compact legend's labels (the ticks' labels have it in both)
    assert compact.read_text().count(small) > plain.read_text().count(small)


def test_figure_dialog_without_theta_star(window, qtbot):
    win, ea = window("random_noisy")
    if win.session.result.proof is not None:
        pytest.skip("this preset happens to be separable")
    dlg = FigureDialog(ea, FigureSettings())
    qtbot.addWidget(dlg)
    assert not dlg.figure_box.model().item(1).isEnabled()


def test_animation_dialog_counts_frames(window, qtbot):
    win, ea = window()
    dlg = AnimationDialog(ea, ea._source(), "gif")
    qtbot.addWidget(dlg)
    K = win.session.run.num_updates
    assert dlg.to_spin.value() == K and dlg.from_spin.value() == 0
    dlg.fps_spin.setValue(2.0)
    assert dlg.info.text() == f"{K + 1} frames, {(K + 1) / 2:.1f} s"
    dlg.unit_box.setCurrentIndex(dlg.unit_box.findData("visit"))
    dlg.cap_spin.setValue(7)
    assert dlg.info.text().startswith("7 frames")
    dlg.from_spin.setValue(K)
    dlg.to_spin.setValue(0)
    assert not dlg.ok_button.isEnabled()
    s = dlg.settings()
    assert (s.unit, s.max_frames, s.fps) == ("visit", 7, 2.0)


def test_closing_the_window_cancels_an_animation(window, tmp_path, qtbot):
    win, ea = window()
    path = tmp_path / "run.gif"
    runner = ea.export_animation(path, AnimationSettings(unit="visit", width=400, max_frames=500))
    qtbot.waitUntil(lambda: runner.job.done > 0, timeout=20_000)
    win.close()
    assert runner.state == "cancelled"
    assert not path.exists() and not [p for p in tmp_path.iterdir() if p.name != "state"]
