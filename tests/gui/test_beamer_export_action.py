"""File → Export as Beamer slides…: the window's run as the document the command line writes."""
from __future__ import annotations

import re

from perceptron_gui.export.beamer import run_to_beamer
from perceptron_gui.gui.files.file_actions import install_file_actions


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
    from perceptron_gui.gui.dialogs import beamer_dialog

    win = make_main_window("notes003_margin")
    fa = install_file_actions(win)
    fa.ask_close = lambda: "discard"
    win.session.wait()
    monkeypatch.setattr(beamer_dialog, "MAX_OVERLAYS", 1)
    path = tmp_path / "slides.tex"
    assert fa.export_beamer(path)
    assert "one overlay per epoch's end" in path.read_text(encoding="utf-8")
    assert "per epoch" in win.banner.text()


def test_the_dialog_offers_the_command_lines_options(make_main_window, state_dir, qtbot, tmp_path):
    """Overlays per visit, a range of updates and the animate option, counted as they change;
    the file equals the command line's for the same options."""
    from perceptron_gui.gui.dialogs.beamer_dialog import BeamerDialog, BeamerSettings

    win = make_main_window("notes003_margin")
    fa = install_file_actions(win)
    fa.ask_close = lambda: "discard"
    win.session.wait()
    result = win.session.result
    K = result.record.num_updates
    assert K >= 2
    dialog = BeamerDialog(win, result, BeamerSettings())
    qtbot.addWidget(dialog)
    assert dialog.count_label.text().startswith(f"{K + 1} overlays")
    dialog.from_spin.setValue(1)
    dialog.to_spin.setValue(2)
    assert dialog.count_label.text().startswith("2 overlays") and dialog.ok_button.isEnabled()
    dialog.from_spin.setValue(2)
    dialog.to_spin.setValue(1)
    assert not dialog.ok_button.isEnabled() and "From must not be after To" in dialog.count_label.text()
    dialog.to_spin.setValue(K)
    dialog.frames_box.setCurrentIndex(dialog.frames_box.findData("visit"))
    dialog.animate_box.setChecked(True)
    s = dialog.settings()
    assert (s.frames, s.k_from, s.k_to, s.animate) == ("visit", 2, None, True)
    assert "one page that plays them" in dialog.count_label.text()
    path = tmp_path / "visit.tex"
    assert fa.export_beamer(path, settings=s)
    assert path.read_text(encoding="utf-8") == run_to_beamer(result, "visit", 2, None, animate=True)
