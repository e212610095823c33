"""``perceptron-gui export --figure weight-space``: PNG, SVG and PDF through the figure writers;
its path is the run's weights; TikZ and d != 2 end in one sentence."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PySide6 import QtGui

from perceptron_gui.cli import main
from perceptron_gui.core.io import write_csv
from perceptron_gui.core.presets import random_separable
from perceptron_gui.export.source import ExportSession, ViewOptions
from perceptron_gui.gui.figures.plots import SlideFigure
from perceptron_gui.session.session import Session

THREE_D = "a,b,c,y\n1,0,0,1\n0,1,0,-1\n0,0,1,1\n1,1,1,-1\n"


@pytest.fixture
def sep(tmp_path: Path) -> Path:
    p = tmp_path / "sep.csv"
    write_csv(random_separable(40, 0.15, seed=7), p)
    return p


@pytest.mark.parametrize("algorithm", ["standard", "offset"])
def test_export_writes_png_svg_pdf(qapp, sep, tmp_path, capsys, algorithm):
    outs = {ext: tmp_path / f"ws.{ext}" for ext in ("png", "svg", "pdf")}
    code = main(["export", str(sep), "--algorithm", algorithm, "--figure", "weight-space", "--width", "800",
                 *[a for ext, p in outs.items() for a in (f"--{ext}", str(p))]])
    assert code == 0, capsys.readouterr().err
    img = QtGui.QImage(str(outs["png"]))
    assert img.width() == 800
    assert outs["svg"].read_text().lstrip().startswith("<?xml")
    assert outs["pdf"].read_bytes().startswith(b"%PDF")


def test_the_figures_path_is_the_runs_weights(qapp):
    s = Session()
    s.load_preset("random_separable")
    s.set_algorithm("offset")
    rec = s.result.record
    src = ExportSession.from_session(s, rec.step_of_update(5))
    with SlideFigure(src, "weight-space", options=ViewOptions()) as fig:
        xs, ys = fig.widget.path.getData()
        np.testing.assert_array_equal(np.c_[xs, ys], np.array([rec.w_b(j)[0] for j in range(6)]))
        assert "slice b = b_k" in fig.plot_item.titleLabel.text
        assert fig.render_image().width() > 100


def test_tikz_is_written_and_three_features_say_why(qapp, sep, tmp_path, capsys):
    out = tmp_path / "ws.tex"
    code = main(["export", str(sep), "--algorithm", "standard", "--figure", "weight-space", "--tikz", str(out)])
    assert code == 0, capsys.readouterr().err
    tex = out.read_text()
    assert "% the path of w" in tex and "% the constraint lines" in tex and tex.rstrip().endswith("\\end{document}")
    for fmt in ("tikz", "png"):
        code = main(["export", str(sep), "--algorithm", "kernel", "--kernel", "rbf", "--figure", "weight-space",
                     f"--{fmt}", str(tmp_path / f"k.{'tex' if fmt == 'tikz' else fmt}")])
        err = capsys.readouterr().err
        assert code == 2 and "feature space" in err and "Traceback" not in err
    three = tmp_path / "three.csv"
    three.write_text(THREE_D)
    code = main(["export", str(three), "--algorithm", "standard", "--figure", "weight-space",
                 "--png", str(tmp_path / "ws.png")])
    err = capsys.readouterr().err
    assert code == 2 and "2 features" in err and "Traceback" not in err


def test_file_export_figure_offers_the_weight_space_for_2d_data_only(make_main_window, qtbot, tmp_path):
    from perceptron_gui.gui.dialogs.export_dialog import install_export_actions
    from perceptron_gui.gui.dialogs.figure_dialog import FigureDialog, FigureSettings

    win = make_main_window("random_separable")
    ea = install_export_actions(win)
    dlg = FigureDialog(ea, FigureSettings())
    qtbot.addWidget(dlg)
    row = dlg.figure_box.findData("weight-space")
    assert row >= 0 and dlg.figure_box.model().item(row).isEnabled()
    out = tmp_path / "ws.png"
    assert ea.export_figure(out, FigureSettings(figure="weight-space", fmt="png", width=640))
    assert QtGui.QImage(str(out)).width() == 640
    dlg.figure_box.setCurrentIndex(row)  # TikZ is offered for the weight space, and writes it
    assert dlg.format_box.model().item(3).isEnabled()
    assert ea.export_figure(tmp_path / "ws.tex", FigureSettings(figure="weight-space", fmt="tikz"))
    assert "% the path of w" in (tmp_path / "ws.tex").read_text()
    win.session.load_preset("digits_0_vs_1")
    win.session.wait()
    dlg2 = FigureDialog(ea, FigureSettings())
    qtbot.addWidget(dlg2)
    assert not dlg2.figure_box.model().item(row).isEnabled()
    dlg2.figure_box.setCurrentIndex(row)
    assert not dlg2.format_box.model().item(3).isEnabled()
