"""Saving big data writes on a worker thread; the window stays live and nothing is lost."""
from __future__ import annotations

import json
import threading

import numpy as np
import pytest

from perceptron_gui.gui.files import file_saving
from perceptron_gui.gui.files.file_actions import install_file_actions
from perceptron_gui.session import document as document_mod
from perceptron_gui.session.commands import AddPoints


@pytest.fixture
def big(make_main_window, state_dir, qtbot, monkeypatch):
    monkeypatch.setattr(file_saving, "BACKGROUND_SAVE_NUMBERS", 2)  # the notes' 3 points count as big
    win = make_main_window("notes003_margin")
    fa = install_file_actions(win)
    qtbot.waitUntil(lambda: fa.autosaver is not None)
    fa.ask_close = lambda: "discard"
    return win, fa


def _held_writer(monkeypatch):
    """Make the session writer wait for ``release`` (the test edits meanwhile)."""
    release, started = threading.Event(), threading.Event()
    real = document_mod.save_snapshot

    def slow(snap, p):
        started.set()
        assert release.wait(30)
        real(snap, p)
    monkeypatch.setattr(document_mod, "save_snapshot", slow)
    return release, started


def test_a_big_save_is_written_off_the_ui_thread_and_then_counts_as_saved(big, qtbot, tmp_path, monkeypatch):
    win, fa = big
    s = win.session
    s.execute(AddPoints([[0.5, -2.0]], [-1.0]))
    assert fa.document.dirty
    release, started = _held_writer(monkeypatch)
    path = tmp_path / "big.perceptron.json"
    assert fa.save_session(path)
    assert started.wait(30) and fa.saving
    assert "Saving" in win.statusBar().currentMessage() and fa.document.dirty  # written, not yet recorded
    banner_before = fa.banner.isVisible()
    release.set()
    qtbot.waitUntil(lambda: not fa.saving and not fa.document.dirty, timeout=10_000)
    assert fa.document.path == path and "Saved the session" in win.statusBar().currentMessage()
    assert fa.banner.isVisible() == banner_before  # the strip above the canvas, and its size, untouched
    np.testing.assert_array_equal(np.array(json.loads(path.read_text())["data"]["X"]), s.points.X)


def test_an_edit_during_the_write_leaves_the_work_unsaved_and_the_file_as_it_was_asked(big, qtbot, tmp_path,
                                                                                     monkeypatch):
    win, fa = big
    s = win.session
    release, started = _held_writer(monkeypatch)
    path = tmp_path / "during.perceptron.json"
    n0 = s.points.n
    assert fa.save_session(path)
    assert started.wait(30)
    s.execute(AddPoints([[3.0, 3.0]], [1.0]))  # the user goes on working
    release.set()
    qtbot.waitUntil(lambda: not fa.saving and fa.document.path == path, timeout=10_000)
    assert fa.document.dirty  # the file holds the state before the edit
    assert len(json.loads(path.read_text())["data"]["y"]) == n0


def test_closing_waits_for_the_save_under_way(big, qtbot, tmp_path, monkeypatch):
    win, fa = big
    s = win.session
    s.execute(AddPoints([[0.5, -2.0]], [-1.0]))
    release, started = _held_writer(monkeypatch)
    asked: list[bool] = []
    fa.ask_close = lambda: asked.append(True) or "cancel"
    path = tmp_path / "closing.perceptron.json"
    assert fa.save_session(path)
    assert started.wait(30)
    threading.Timer(0.05, release.set).start()  # the write ends while close waits for it
    assert fa.confirm_close()  # saved by then: no question
    assert not asked and path.exists() and not fa.document.dirty


def test_a_save_asked_for_while_closing_is_written_before_the_answer(big, tmp_path):
    win, fa = big
    win.session.execute(AddPoints([[0.5, -2.0]], [-1.0]))
    path = tmp_path / "asked.csv"
    fa.document.save(path)  # the open file is a CSV
    win.session.execute(AddPoints([[1.5, -2.0]], [-1.0]))
    fa.ask_close = lambda: "save"
    assert fa.confirm_close()
    assert not fa.saving and not fa.document.dirty
    assert path.read_text().count("\n") == win.session.points.n + 1  # header + rows


def test_few_wide_points_are_big_too(make_main_window, state_dir, qtbot, monkeypatch, tmp_path):
    """What a save costs is the numbers it writes: 200 points of 1,000 features are 200,200 of
    them, more than 50,000 points of 2 features (a file of 2,000 × 784 took 1-2.4 s of the window)."""
    from perceptron_gui.core.dataset import Dataset

    win = make_main_window(None)
    fa = install_file_actions(win)
    qtbot.waitUntil(lambda: fa.autosaver is not None)
    fa.ask_close = lambda: "discard"
    rng = np.random.default_rng(0)
    win.session.load_dataset(Dataset.from_arrays(rng.normal(size=(200, 1000)), np.where(np.arange(200) % 2, 1.0, -1.0)))
    qtbot.waitUntil(lambda: not win.session.busy, timeout=60_000)
    release, started = threading.Event(), threading.Event()
    real = document_mod.write_csv

    def held(data, p):
        assert threading.current_thread() is not threading.main_thread(), "written on the window's thread"
        started.set()
        assert release.wait(30)
        real(data, p)
    monkeypatch.setattr(document_mod, "write_csv", held)
    path = tmp_path / "wide.csv"
    assert fa.save_csv(path)
    assert started.wait(30) and fa.saving  # on the writer's thread: this one was free to go on
    assert "Saving 200 points" in win.statusBar().currentMessage()
    release.set()
    qtbot.waitUntil(lambda: not fa.saving and fa.document.path == path, timeout=10_000)
    assert path.read_text().count("\n") == 201
