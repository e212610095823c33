"""File → Exercise sheet…: the dialog writes the files the command line writes, and says what it
wrote or why not."""
from __future__ import annotations

from perceptron_gui.core.exercises import Generated, build_sheet
from perceptron_gui.core.presets import get_preset
from perceptron_gui.export.exercise_latex import sheet_tex
from perceptron_gui.export.exercise_moodle import sheet_moodle
from perceptron_gui.gui.dialogs.exercise_dialog import SOURCES, ExerciseDialog, open_exercise_dialog
from perceptron_gui.gui.files.file_actions import install_file_actions


def _dialog(qtbot, data=None, algorithm="offset"):
    dialog = ExerciseDialog(None, data, algorithm)
    qtbot.addWidget(dialog)
    return dialog


def test_the_dialog_writes_the_three_files(qtbot, tmp_path):
    dialog = _dialog(qtbot)
    assert dialog.source_box.currentData() == "generate"  # no window data: generated points
    dialog.points_spin.setValue(7)
    dialog.count_spin.setValue(5)
    dialog.seed_spin.setValue(2)
    paths = {k: tmp_path / f"sheet{s}" for k, s in (("tex", ".tex"), ("solutions", "-sol.tex"), ("moodle", ".xml"))}
    for key, path in paths.items():
        dialog.path_edits[key].setText(str(path))
    assert dialog.write()
    sheet = build_sheet(Generated(7), count=5, seed=2, name="The generated data")
    assert paths["tex"].read_text(encoding="utf-8") == sheet_tex(sheet)
    assert paths["solutions"].read_text(encoding="utf-8") == sheet_tex(sheet, solutions=True)
    assert paths["moodle"].read_text(encoding="utf-8") == sheet_moodle(sheet)
    assert dialog.message.text() == "Wrote 5 exercises (seed 2) to sheet.tex, sheet-sol.tex, sheet.xml."


def test_the_dialog_says_why_not(qtbot, tmp_path):
    dialog = _dialog(qtbot, get_preset("xor").data())
    assert dialog.source_box.currentData() == "window"
    assert not dialog.write()
    assert dialog.message.text().startswith("Choose at least one file")
    dialog.path_edits["tex"].setText(str(tmp_path / "x.tex"))
    assert not dialog.write()
    assert "is not linearly separable" in dialog.message.text()
    assert not (tmp_path / "x.tex").exists()
    for kind, box in dialog.kind_boxes.items():
        box.setChecked(kind in ("epoch", "separator"))
    assert dialog.write() and (tmp_path / "x.tex").exists()
    for box in dialog.kind_boxes.values():
        box.setChecked(False)
    assert not dialog.write() and dialog.message.text() == "Tick at least one kind of exercise."
    dialog.path_edits["moodle"].setText(str(tmp_path / "x.tex"))
    for box in dialog.kind_boxes.values():
        box.setChecked(True)
    assert not dialog.write() and "same name" in dialog.message.text()


def test_an_example_data_set(qtbot, tmp_path):
    dialog = _dialog(qtbot, algorithm="standard")
    dialog.source_box.setCurrentIndex(list(SOURCES).index("preset"))
    assert dialog.preset_box.isEnabled() and not dialog.points_spin.isEnabled()
    dialog.preset_box.setCurrentIndex(dialog.preset_box.findData("notes003_margin"))
    dialog.path_edits["moodle"].setText(str(tmp_path / "q.xml"))
    assert dialog.write()
    sheet = build_sheet(get_preset("notes003_margin").data(), count=5, seed=0, algorithm="standard",
                        name="The example notes003_margin")
    assert (tmp_path / "q.xml").read_text(encoding="utf-8") == sheet_moodle(sheet)


def test_the_file_menu_opens_it_on_the_windows_data(make_main_window, state_dir, qtbot, tmp_path):
    win = make_main_window("notes003_margin")
    fa = install_file_actions(win)
    fa.ask_close = lambda: "discard"
    win.session.wait()
    file_menu = next(a.menu() for a in win.menuBar().actions() if a.text().replace("&", "") == "File")
    assert fa.actions["exercise_sheet"] in file_menu.actions()
    dialog = open_exercise_dialog(win, win.session)
    qtbot.addWidget(dialog)
    assert dialog.source_box.currentData() == "window" and dialog.window_data.n == 3
    dialog.path_edits["tex"].setText(str(tmp_path / "w.tex"))
    assert dialog.write()
    assert "The window's data set" in (tmp_path / "w.tex").read_text(encoding="utf-8")
    dialog.close()
