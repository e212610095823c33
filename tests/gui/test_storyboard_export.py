"""The storyboard painted by Qt (PNG, SVG, PDF) and File → Export storyboard… with its dialog."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from PySide6 import QtGui, QtWidgets

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "render"))
from test_storyboard import noisy  # noqa: E402  - the render tests' small runs

from perceptron_gui.export.source import ViewOptions  # noqa: E402
from perceptron_gui.gui.figures.storyboard_figure import (  # noqa: E402
    StoryboardFigure,
    render_storyboard,
    write_storyboard,
)
from perceptron_gui.render.storyboard import StoryboardError  # noqa: E402

MAGIC = {"png": b"\x89PNG\r\n\x1a\n", "svg": b"<?xml", "pdf": b"%PDF-", "tex": b"% A storyboard"}


def test_png_svg_pdf_and_tikz_are_written(qtbot, tmp_path):
    src = noisy()
    for ending, magic in MAGIC.items():
        path = tmp_path / f"board.{ending}"
        write_storyboard(src, path, [1, 2, 3, 4], width=1200, options=ViewOptions(aspect=16 / 9))
        assert path.read_bytes()[:len(magic)] == magic, ending
    image = QtGui.QImage(str(tmp_path / "board.png"))
    assert image.width() == 1200 and image.height() > 600


def test_the_panels_share_one_view_and_take_their_titles(qtbot):
    src = noisy()
    with StoryboardFigure(src, [2, 3, 4, 5, 6, 7], options=ViewOptions(aspect=16 / 9), width_px=1920) as fig:
        assert (fig.board.rows, fig.board.columns) == (2, 3)
        ranges = np.array([p.widget.view_box.viewRange() for p in fig.panels])
        assert np.allclose(ranges, ranges[0], rtol=1e-12, atol=0.0)  # one view: the panels compare
        (x0, x1), (y0, y1) = ranges[0]
        bx0, by0, bx1, by1 = fig.board.rect
        assert x0 <= bx0 + 1e-9 and x1 >= bx1 - 1e-9 and y0 <= by0 + 1e-9 and y1 >= by1 - 1e-9
        for panel, drawn in zip(fig.board.panels, fig.panels):
            assert drawn.source.playhead.t == panel.t
            assert drawn.plot_item.titleLabel.text.startswith(f"k = {panel.k} ·")
            assert drawn.widget.overlay.legend.scene() is None  # one legend below all
        assert fig.pixel_size[0] == 1920
        assert set(fig._swatches()) >= {e.role for e in fig.board.legend}
    assert fig.panels == []


def test_a_step_the_run_lacks_is_a_sentence_and_writes_nothing(qtbot, tmp_path):
    src = noisy()
    with pytest.raises(StoryboardError, match=r"^Update 99 is not a step of this run: it made \d+ updates"):
        write_storyboard(src, tmp_path / "b.png", [1, 99])
    assert not (tmp_path / "b.png").exists()
    image = render_storyboard(src, [1], width=400)
    assert image.width() == 400


def test_the_menu_entry_and_its_dialog_write_the_file(make_main_window, state_dir, qtbot, tmp_path, monkeypatch):
    from perceptron_gui.gui.dialogs import storyboard_dialog as sd

    win = make_main_window("random_separable", "offset")
    win.session.wait()
    m = win.session.run.num_updates
    assert m >= 4
    file_menu = next(a.menu() for a in win.menuBar().actions() if a.text().replace("&", "") == "File")
    assert win.actions_by_name["export_storyboard"] in file_menu.actions()
    win.session.jump_to_update(1)  # the step shown: update 1

    dialog = sd.StoryboardDialog(win, 1, m, sd.StoryboardSettings(count=2))
    qtbot.addWidget(dialog)
    assert dialog.what.text().startswith(f"Updates 2, 3 of {m}: 2 panels")  # the next two after update 1
    dialog.count_spin.setValue(3)
    assert dialog.what.text().startswith(f"Updates 2–4 of {m}: 3 panels")
    dialog.typed_edit.setText(f"1,{m + 1}")
    dialog.typed_radio.setChecked(True)
    assert not dialog.ok_button.isEnabled() and f"it made {m} update" in dialog.what.text()
    dialog.typed_edit.setText(f"1-{m}")
    assert dialog.ok_button.isEnabled()

    path = tmp_path / "story.png"
    chosen = {}

    def run_dialog(self):  # the user types the steps and presses Export…
        self.typed_radio.setChecked(True)
        self.typed_edit.setText("1,2")
        self.columns_spin.setValue(2)
        chosen["settings"] = self.settings()
        return QtWidgets.QDialog.DialogCode.Accepted

    monkeypatch.setattr(sd.StoryboardDialog, "exec", run_dialog)
    monkeypatch.setattr(QtWidgets.QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))
    win.actions_by_name["export_storyboard"].trigger()
    assert path.read_bytes()[:8] == MAGIC["png"]
    assert chosen["settings"] == sd.StoryboardSettings(count=6, typed="1,2", columns=2)
    assert win.banner.text() == "Exported the storyboard of updates 1, 2 to story.png."
    assert win.session.playhead.t == win.session.run.step_of_update(1)  # the window's playhead is untouched

    assert sd.export_storyboard(win, tmp_path / "story.tex", sd.StoryboardSettings(typed="2"))
    assert (tmp_path / "story.tex").read_text(encoding="utf-8").count("\\begin{scope}[shift=") == 1
    assert not sd.export_storyboard(win, tmp_path / "bad.png", sd.StoryboardSettings(typed=str(m + 5)))
    assert f"made {m} update" in win.banner.text() and not (tmp_path / "bad.png").exists()


def test_the_beamer_dialog_offers_the_handout(make_main_window, state_dir, qtbot, tmp_path):
    from perceptron_gui.export.beamer_handout import PER_FRAME, run_to_handout
    from perceptron_gui.gui.dialogs.beamer_dialog import BeamerDialog, BeamerSettings
    from perceptron_gui.gui.files.file_actions import install_file_actions

    win = make_main_window("notes003_margin")
    fa = install_file_actions(win)
    fa.ask_close = lambda: "discard"
    win.session.wait()
    result = win.session.result
    K = result.record.num_updates
    dialog = BeamerDialog(win, result, BeamerSettings(animate=True))
    qtbot.addWidget(dialog)
    dialog.handout_box.setChecked(True)
    s = dialog.settings()
    assert s.handout and not s.animate and s.frames == "update" and not dialog.frames_box.isEnabled()
    assert dialog.count_label.text().startswith(f"{-(-K // PER_FRAME)} frame")
    path = tmp_path / "handout.tex"
    assert fa.export_beamer(path, settings=s)
    tex = path.read_text(encoding="utf-8")
    assert tex == run_to_handout(result) and "\\only" not in tex
    assert "handout" in win.banner.text()
