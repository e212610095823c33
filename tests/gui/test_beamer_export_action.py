"""File → Export as Beamer slides…: the window's run as the document the command line writes."""
from __future__ import annotations

import re

from perceptron_gui.export.beamer import run_to_beamer
from perceptron_gui.gui.file_actions import install_file_actions


def test_the_menu_exports_the_runs_slides(make_main_window, state_dir, qtbot, tmp_path):
    win = make_main_window("notes003_margin")
    fa = install_file_actions(win)
    fa.ask_close = lambda: "discard"
    win.session.wait()
    file_menu = next(a.menu() for a in win.menuBar().actions() if a.text().replace("&", "") == "File")
    assert win.actions_by_name["export_beamer"] in file_menu.actions()
    path = tmp_path / "slides.tex"
    assert fa.export_beamer(path)
    tex = path.read_text(encoding="utf-8")
    assert tex == run_to_beamer(win.session.result)
    assert len(re.findall(r"^\\only<\d+>", tex, re.M)) == win.session.run.num_updates + 1
    assert "Beamer" in win.banner.text()


def test_too_many_updates_fall_back_to_one_overlay_per_epoch(make_main_window, state_dir, qtbot, tmp_path,
                                                              monkeypatch):
    from perceptron_gui.gui import run_exports

    win = make_main_window("notes003_margin")
    fa = install_file_actions(win)
    fa.ask_close = lambda: "discard"
    win.session.wait()
    monkeypatch.setattr(run_exports, "MAX_OVERLAYS", 1)
    path = tmp_path / "slides.tex"
    assert fa.export_beamer(path)
    assert "one overlay per epoch's end" in path.read_text(encoding="utf-8")
    assert "per epoch" in win.banner.text()
