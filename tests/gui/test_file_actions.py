"""The File menu's sessions, exports and recent files; autosave, recovery and closing."""
from __future__ import annotations

import json

import numpy as np
import pytest
from PySide6 import QtWidgets

from perceptron_gui.core.runio import read_run_json
from perceptron_gui.gui.files.file_actions import FileActions, install_file_actions
from perceptron_gui.session.autosave import AUTOSAVE_NAME
from perceptron_gui.session.commands import AddPoints
from perceptron_gui.session.session import Session
from perceptron_gui.session.session_file import load_session, save_session

NEW_ACTIONS = ("open_session", "save_session", "save_session_as", "export_run_json", "export_updates_csv",
               "export_epochs_csv", "copy_epochs_latex")


@pytest.fixture
def window(make_main_window, state_dir, qtbot):
    def make(preset: str = "notes003_margin") -> tuple[QtWidgets.QMainWindow, FileActions]:
        win = make_main_window(preset)
        fa = install_file_actions(win)  # returns the window's own when the window installs it
        qtbot.waitUntil(lambda: fa.autosaver is not None)
        fa.autosaver.delay_s = 0.05
        fa.ask_close = lambda: "discard"  # tests that care replace it; teardown must not block
        return win, fa
    return make


def file_menu(win) -> QtWidgets.QMenu:
    return next(a.menu() for a in win.menuBar().actions() if a.text().replace("&", "") == "File")


def test_actions_are_in_the_file_menu_and_by_name(window):
    win, fa = window()
    menu_actions = file_menu(win).actions()
    for name in NEW_ACTIONS:
        assert win.actions_by_name[name] in menu_actions
    assert win.actions_by_name["open_session"].shortcut().toString() == "Ctrl+Shift+O"
    texts = [a.text() for a in menu_actions]
    assert "&Recent files" in texts
    assert texts[-1] == "&Quit"  # our entries go before Quit
    assert install_file_actions(win) is fa  # idempotent


def test_save_then_open_restores_everything(window, tmp_path):
    win, fa = window()
    s = win.session
    s.set_algorithm("pocket")
    s.set_param("shuffle", True)
    s.set_param("seed", 99)
    s.wait()
    s.jump_to_update(1)
    s.execute(AddPoints([[0.5, -2.0]], [-1.0]))
    s.wait()
    s.jump_to_update(2)
    path = tmp_path / "lesson.perceptron.json"
    assert fa.save_session(path)
    assert path.exists() and s.history.is_clean()
    assert win.file_path == path and win.windowTitle().startswith("lesson.perceptron.json")
    assert "*" not in win.windowTitle()

    win2, fa2 = window("xor")
    assert fa2.open_session(path)
    s2 = win2.session
    s2.wait()
    assert s2.algorithm == "pocket" and s2.params == s.params
    assert np.array_equal(s2.points.X, s.points.X)
    assert np.array_equal(s2.run.weights, s.run.weights)
    assert s2.playhead.t == s.playhead.t
    assert win2.file_path == path and win2.windowTitle().startswith("lesson.perceptron.json")
    assert s2.history.is_clean() and s2.history.undo_text() == "Open session"
    assert path in fa2.recent.paths()


def test_save_session_without_a_path_reuses_the_session_file(window, tmp_path, monkeypatch):
    win, fa = window()
    path = tmp_path / "again.perceptron.json"
    assert fa.save_session_as(path)
    win.session.execute(AddPoints([[3.0, 3.0]], [1.0]))
    monkeypatch.setattr(QtWidgets.QFileDialog, "getSaveFileName",
                        lambda *a, **k: pytest.fail("no dialog when the session has a file"))
    win.actions_by_name["save_session"].trigger()
    assert load_session(path)["data"]["X"].shape[0] == win.session.points.n


def test_ctrl_s_on_an_opened_session_saves_the_session_not_csv(window, tmp_path):
    win, fa = window()
    path = tmp_path / "s.perceptron.json"
    save_session(win.session, path)
    assert fa.open_session(path)
    win.session.execute(AddPoints([[0.0, -1.0]], [-1.0]))
    win.actions_by_name["save"].trigger()
    loaded = load_session(path)  # still a session file
    assert loaded["data"]["X"].shape[0] == win.session.points.n
    assert win.session.history.is_clean()


def test_ctrl_s_on_a_csv_still_saves_csv(window, tmp_path):
    win, fa = window()
    csv = tmp_path / "d.csv"
    assert win.save_csv(str(csv))
    win.session.execute(AddPoints([[0.0, -1.0]], [-1.0]))
    win.actions_by_name["save"].trigger()
    assert csv.read_text().startswith("x1,x2,y")
    assert len(csv.read_text().splitlines()) == win.session.points.n + 1


def test_exports_write_their_files(window, tmp_path):
    win, fa = window()
    s = win.session
    s.wait()
    assert fa.export_run_json(tmp_path / "run.json")
    doc = read_run_json(tmp_path / "run.json")
    assert doc["algorithm"] == s.algorithm and doc["num_updates"] == s.run.num_updates
    assert fa.export_updates_csv(tmp_path / "updates.csv")
    lines = (tmp_path / "updates.csv").read_text().splitlines()
    assert lines[0].startswith("k,epoch,index") and len(lines) == s.run.num_updates + 1
    assert fa.export_epochs_csv(tmp_path / "epochs.csv")
    assert (tmp_path / "epochs.csv").read_text().splitlines()[0] == "epoch,updates,train_error,test_error"
    assert "Exported" in win.banner.text()


def test_copy_epoch_table_as_latex(window):
    win, fa = window()
    QtWidgets.QApplication.clipboard().clear()
    win.actions_by_name["copy_epochs_latex"].trigger()
    text = QtWidgets.QApplication.clipboard().text()
    assert text.startswith("\\begin{tabular}") and text.rstrip().endswith("\\end{tabular}")
    assert text.count("\\\\") == len(win.session.run.epochs) + 1
    assert "LaTeX" in win.banner.text()


def test_export_without_a_run_is_a_sentence(window, tmp_path):
    win, fa = window()
    win.session.result = None
    assert not fa.export_run_json(tmp_path / "x.json")
    assert not (tmp_path / "x.json").exists()
    assert "no finished run" in win.banner.text()


def test_bad_session_file_gives_a_message_box_and_keeps_the_data(window, tmp_path, warnings_shown):
    win, fa = window()
    before = win.session.points.X.copy()
    bad = tmp_path / "bad.perceptron.json"
    bad.write_text(json.dumps({"format": "perceptron-session", "version": 7}))
    assert not fa.open_session(bad)
    assert warnings_shown and "newer version" in warnings_shown[0][1]
    assert np.array_equal(win.session.points.X, before)


def test_recent_files_list_sessions_and_csvs_and_reopen_them(window, tmp_path):
    win, fa = window()
    csv = tmp_path / "points.csv"
    csv.write_text("x1,x2,y\n0,0,-1\n1,1,1\n2,0,1\n")
    assert win.open_csv(str(csv))
    session_path = tmp_path / "r.perceptron.json"
    assert fa.save_session(session_path)
    assert fa.recent.paths()[:2] == [session_path, csv]
    fa._fill_recent_menu()
    entries = [a for a in fa.recent_menu.actions() if a.toolTip() in (str(csv), str(session_path))]
    assert len(entries) == 2
    csv_entry = next(a for a in entries if a.toolTip() == str(csv))
    csv_entry.trigger()
    assert win.file_path == csv and win.session.points.n == 3
    csv.unlink()
    fa._fill_recent_menu()
    assert csv not in fa.recent.paths()


def test_edits_are_autosaved_and_a_clean_close_removes_the_file(window, state_dir, qtbot):
    win, fa = window()
    win.session.execute(AddPoints([[0.25, 0.75]], [1.0]))
    autosave = fa.autosaver.path  # this window's own autosave (tests/gui/test_autosave_window.py has more)
    qtbot.waitUntil(autosave.exists, timeout=20_000)
    assert load_session(autosave)["data"]["X"].shape[0] == win.session.points.n
    fa.ask_close = lambda: "discard"
    assert win.close()
    assert not autosave.exists()


def test_recovery_restores_the_autosave(window, state_dir, qtbot):
    crashed = Session()
    crashed.load_preset("xor")
    crashed.set_algorithm("averaged")
    crashed.execute(AddPoints([[0.5, 0.5]], [1.0]))
    state_dir.mkdir(parents=True, exist_ok=True)
    save_session(crashed, state_dir / AUTOSAVE_NAME)

    win, fa = window()
    asked = []
    fa.ask_recovery = lambda: asked.append(1) or True
    assert fa.offer_recovery()
    win.session.wait()
    assert asked == [1]
    assert win.session.algorithm == "averaged"
    assert np.array_equal(win.session.points.X, crashed.points.X)
    assert win.file_path is None and " *" in win.windowTitle()
    assert "restored" in win.banner.text()


def test_recovery_declined_keeps_the_data(window, state_dir):
    state_dir.mkdir(parents=True, exist_ok=True)
    save_session(Session(), state_dir / AUTOSAVE_NAME)
    win, fa = window()
    n = win.session.points.n
    assert not fa.offer_recovery(answer=False)
    assert win.session.points.n == n


def test_closing_with_unsaved_changes_asks(window, tmp_path):
    win, fa = window()
    win.session.execute(AddPoints([[0.25, 0.75]], [1.0]))
    fa.ask_close = lambda: "cancel"
    assert not win.close()
    assert win.isVisible()
    path = tmp_path / "closing.perceptron.json"
    fa.save_session_as(path)
    win.session.execute(AddPoints([[0.5, 0.5]], [-1.0]))
    fa.ask_close = lambda: "save"
    assert win.close()
    assert load_session(path)["data"]["X"].shape[0] == win.session.points.n


def test_closing_a_clean_window_asks_nothing(window):
    win, fa = window()
    asked = []
    fa.ask_close = lambda: asked.append(1) or "cancel"
    assert win.session.history.is_clean()
    assert win.close()
    assert asked == []


def test_with_no_screen_the_start_asks_nothing(window, state_dir):
    state_dir.mkdir(parents=True, exist_ok=True)
    save_session(Session(), state_dir / AUTOSAVE_NAME)
    win, fa = window()  # offscreen: the real question box would block; it is not shown
    assert fa.recovered_from is None and fa.autosaver is not None
    assert QtWidgets.QApplication.platformName() == "offscreen"
    # Run whatever is still queued (sleeping would run no Qt event): the start-up has decided
    # by now (the fixture waited for the autosaver), and nothing later replaces the data.
    QtWidgets.QApplication.processEvents()
    assert win.session.points.n == 3  # the preset stays
