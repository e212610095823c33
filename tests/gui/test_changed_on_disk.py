"""Two windows on one session file: the first one's save no longer replaces the second one's
without a word. The window asks Reload / Overwrite / Save As… (the QMessageBox is answered by
a stand-in for exec, so no dialog blocks) and does as answered; with nobody to ask it writes
nothing and says why."""
from __future__ import annotations

import pytest
from PySide6 import QtWidgets

from perceptron_gui.gui.files.file_actions import FileActions, install_file_actions
from perceptron_gui.session.commands import AddPoints
from perceptron_gui.session.session_file import load_session


@pytest.fixture
def two_windows(make_main_window, state_dir, tmp_path, qtbot):
    """Two windows with one session file open, the second having saved an edit to it since."""
    def window():
        win = make_main_window("xor")
        fa = install_file_actions(win)
        qtbot.waitUntil(lambda: fa.autosaver is not None)
        fa.ask_close = lambda: "discard"
        return win, fa

    path = tmp_path / "lesson.perceptron.json"
    (first, fa1), (second, fa2) = window(), window()
    assert fa1.save_session(path)
    assert fa2.open_session(path)
    second.session.execute(AddPoints([[0.5, 0.5]], [1.0]))
    assert fa2.save_session()
    first.session.execute(AddPoints([[0.1, 0.1], [0.2, 0.2]], [1.0, -1.0]))
    assert points_in(path) == 5
    return path, first, fa1


def points_in(path) -> int:
    return load_session(path)["data"]["X"].shape[0]


@pytest.fixture
def answer(monkeypatch):
    """Answer the real box with the button named; returns the questions asked."""
    asked: list[str] = []

    def choose(text: str) -> None:
        def exec_(box: QtWidgets.QMessageBox) -> int:
            asked.append(f"{box.windowTitle()}: {box.text()}")
            button = next(b for b in box.buttons() if b.text() == text)
            button.click()  # what a user's click does: the box records it and closes
            return 0

        monkeypatch.setattr(QtWidgets.QMessageBox, "exec", exec_)

    monkeypatch.setattr(FileActions, "_can_ask", staticmethod(lambda: True))  # as on a screen
    choose.asked = asked  # type: ignore[attr-defined]
    return choose


def test_the_window_asks_and_overwrite_writes_its_work(two_windows, answer):
    path, win, fa = two_windows
    answer("Overwrite")
    assert fa.save_session()
    assert answer.asked == ["File changed on disk: lesson.perceptron.json was changed on disk by another window "
                            "or program since this window opened or saved it."]
    assert points_in(path) == 6 and not win.document.dirty


def test_reload_shows_the_files_work_and_writes_nothing(two_windows, answer):
    path, win, fa = two_windows
    before = path.read_bytes()
    answer("Reload")
    assert not fa.save_session()
    assert path.read_bytes() == before
    assert win.session.points.n == 5 and not win.document.dirty  # the other window's work


def test_save_as_writes_elsewhere_and_leaves_the_file(two_windows, answer, monkeypatch, tmp_path):
    path, win, fa = two_windows
    before = path.read_bytes()
    other = tmp_path / "mine.perceptron.json"
    monkeypatch.setattr(QtWidgets.QFileDialog, "getSaveFileName", lambda *a, **k: (str(other), ""))
    answer("Save As…")
    assert fa.save_session()
    assert path.read_bytes() == before and points_in(other) == 6
    assert win.document.path == other


def test_cancel_writes_nothing_and_keeps_the_work_unsaved(two_windows, answer):
    path, win, fa = two_windows
    before = path.read_bytes()
    answer("Cancel")
    assert not fa.save_session()
    assert path.read_bytes() == before and win.document.dirty and win.session.points.n == 6


def test_with_nobody_to_ask_nothing_is_written_and_the_banner_says_why(two_windows):
    path, win, fa = two_windows  # offscreen: no question can be answered
    before = path.read_bytes()
    assert not fa.save_session()
    assert path.read_bytes() == before
    assert win.banner.level == "error"
    assert win.banner.text().endswith("reload it, overwrite it, or save the work here under another name.")
