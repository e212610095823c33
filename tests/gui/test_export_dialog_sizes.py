"""The Export figure dialog sizes a figure for a slide: a 16:9 choice (a plot's default), a
height beside the width, and for TikZ the room to fit and the legend switch, which reach the
files as the command line's --width, --height and --no-legend write them."""
from __future__ import annotations

import pytest
from PIL import Image
from PySide6 import QtCore

from perceptron_gui.gui.dialogs.export_dialog import FigureDialog, FigureSettings, install_export_actions


@pytest.fixture
def window(make_main_window, tmp_path, monkeypatch):
    monkeypatch.setenv("PERCEPTRON_GUI_STATE_DIR", str(tmp_path / "state"))
    win = make_main_window("random_separable")
    win.banner.show_message("info", "ready")
    QtCore.QCoreApplication.processEvents()
    return win, install_export_actions(win)


def test_a_plot_defaults_to_a_16_9_slide_and_the_canvas_to_its_scale(window, qtbot, tmp_path):
    win, ea = window
    dlg = FigureDialog(ea, FigureSettings(figure="canvas"))
    qtbot.addWidget(dlg)
    assert dlg.scale_radio.isChecked() and dlg.settings().height is None
    dlg.figure_box.setCurrentIndex(dlg.figure_box.findData("norm"))
    s = dlg.settings()
    assert dlg.slide_radio.isChecked() and (s.width, s.height) == (1600, 900)
    assert dlg.size_label.text() == "1600 × 900 pixels"
    path = tmp_path / "norm.png"
    assert ea.export_figure(path, s)
    assert Image.open(path).size == (1600, 900)
    # A size the lecturer chose stays when the figure changes.
    dlg.width_radio.click()
    dlg.width_spin.setValue(1000)
    dlg.height_spin.setValue(800)
    dlg.figure_box.setCurrentIndex(dlg.figure_box.findData("canvas"))
    s = dlg.settings()
    assert dlg.width_radio.isChecked() and (s.width, s.height) == (1000, 800)
    assert ea.export_figure(path, s)
    assert Image.open(path).size == (1000, 800)


def test_tikz_room_and_legend_reach_the_file(window, qtbot, tmp_path):
    win, ea = window
    dlg = FigureDialog(ea, FigureSettings(figure="canvas", fmt="tikz"))
    qtbot.addWidget(dlg)
    assert dlg.tikz_width.isEnabled() and dlg.legend_box.isChecked()
    dlg.tikz_width.setText(r"0.9\linewidth")
    dlg.tikz_height.setText(r"0.7\textheight")
    dlg.legend_box.setChecked(False)
    path = tmp_path / "step.tex"
    assert ea.export_figure(path, dlg.settings())
    tex = path.read_text(encoding="utf-8")
    assert "\\percfitw=0.9\\linewidth" in tex and "\\percfith=0.7\\textheight" in tex and "class $+1$" not in tex
    dlg.tikz_width.setText("wide")
    assert not ea.export_figure(path, dlg.settings())
    assert win.banner.text().startswith("The width must be a positive length")
    dlg.format_box.setCurrentIndex(dlg.format_box.findData("png"))
    assert not dlg.tikz_width.isEnabled() and not dlg.legend_box.isEnabled()


def test_the_proof_figure_as_tikz_and_png_but_not_animated(window, qtbot, tmp_path):
    from perceptron_gui.gui.dialogs.export_dialog import AnimationDialog
    from perceptron_gui.gui.dialogs.figure_dialog import FIGURE_TITLES

    win, ea = window
    dlg = FigureDialog(ea, FigureSettings(figure="proof", fmt="tikz"))
    qtbot.addWidget(dlg)
    path = tmp_path / "proof.tex"
    assert ea.export_figure(path, dlg.settings())
    assert "% ---- panel 3: cos" in path.read_text(encoding="utf-8")
    dlg.format_box.setCurrentIndex(dlg.format_box.findData("png"))
    s = dlg.settings()
    assert (s.fmt, s.width, s.height) == ("png", 1600, 900)
    png = tmp_path / "proof.png"
    assert ea.export_figure(png, s)
    assert Image.open(png).size == (1600, 900)
    anim = AnimationDialog(ea, ea._source(), "gif", None, "canvas")
    qtbot.addWidget(anim)
    assert not anim.figure_box.model().item(list(FIGURE_TITLES).index("proof")).isEnabled()
    assert anim.figure_box.model().item(list(FIGURE_TITLES).index("cos")).isEnabled()


def test_the_figure_dialog_offers_tikz_exactly_for_the_figures_with_a_tikz_form(window, qtbot):
    from perceptron_gui.export.names import tikz_problem

    win, ea = window
    dlg = FigureDialog(ea, FigureSettings(figure="canvas"))
    qtbot.addWidget(dlg)
    tikz_row = dlg.format_box.model().item(dlg.format_box.findData("tikz"))
    seen = 0
    for row in range(dlg.figure_box.count()):
        if not dlg.figure_box.model().item(row).isEnabled():
            continue  # a figure this run cannot draw at all
        figure = dlg.figure_box.itemData(row)
        dlg.figure_box.setCurrentIndex(row)
        problem = tikz_problem(figure, win.session.points.d)
        assert tikz_row.isEnabled() == (problem is None), figure
        assert tikz_row.toolTip() == ("" if problem is None else problem)
        seen += 1
    assert seen >= 6
    assert tikz_problem("angle") is not None and tikz_problem("epochs") is not None
    assert tikz_problem("canvas", 3) is not None and tikz_problem("canvas", 2) is None
