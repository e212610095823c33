"""Autosave in the window: edits saved within a quarter second, a damaged
autosave answered Yes set aside with a sentence while autosave goes on, one autosave per
window, a crashed window's work (and its step) restored, stale temporaries cleared at start."""
from __future__ import annotations

import os
import subprocess
import sys
import time

import numpy as np
import pytest

from perceptron_gui.core.atomic import TEMP_SUFFIX
from perceptron_gui.gui.files.file_actions import FileActions, install_file_actions
from perceptron_gui.session.autosave import DEFAULT_DELAY_S, Autosaver, recovery_file
from perceptron_gui.session.autosave_store import read_autosave
from perceptron_gui.session.commands import AddPoints, MovePoints
from perceptron_gui.session.recent_files import RecentFiles
from perceptron_gui.session.session import Session


@pytest.fixture
def window(make_main_window, state_dir, qtbot):
    def make(preset: str = "xor") -> tuple:
        win = make_main_window(preset)
        fa = install_file_actions(win)
        qtbot.waitUntil(lambda: fa.autosaver is not None)
        fa.ask_close = lambda: "discard"
        return win, fa
    return make


@pytest.fixture
def answer_yes(monkeypatch):
    """The start-up question is asked (as on a screen) and answered Yes."""
    monkeypatch.setattr(FileActions, "_can_ask", staticmethod(lambda: True))
    monkeypatch.setattr(FileActions, "_ask_recovery_box", lambda self: True)


def crash(state_dir, edit) -> Session:
    """A session whose window was killed: its autosave written, its lock dropped."""
    s = Session()
    s.load_preset("xor")
    s.wait()
    a = Autosaver(s, state_dir, background=False)
    edit(s)
    s.wait()
    a.flush()
    a.stop()
    return s


def test_the_window_saves_an_edit_within_the_delay(window, qtbot):
    win, fa = window()
    assert fa.autosaver.delay_s == DEFAULT_DELAY_S <= 1.0
    win.session.execute(AddPoints([[0.25, 0.75]], [1.0]))
    assert fa.autosaver.wait_idle(10.0)
    assert read_autosave(fa.autosaver.path)["data"]["X"].shape[0] == win.session.points.n


def test_a_damaged_autosave_answered_yes_is_set_aside_and_autosave_goes_on(state_dir, answer_yes, window, qtbot):
    state_dir.mkdir(parents=True)
    damaged = state_dir / "autosave-99999-abcdef.perceptron.json"
    damaged.write_text('{"format": "perceptron-session", "version": 1, "data": [[[')
    win, fa = window()  # start() asks, gets Yes, and cannot read it
    text = win.banner.text()
    assert "The autosaved work was set aside as autosave-99999-abcdef.perceptron.json.bad-" in text
    assert "could not be restored" in text
    assert not damaged.exists() and list(state_dir.glob("autosave-99999-abcdef.perceptron.json.bad-*"))
    assert win.session.points.n == 4  # the preset stays
    win.session.execute(MovePoints([0], [[0.1, 0.2]]))
    assert fa.autosaver.wait_idle(10.0)
    assert fa.autosaver.last_error is None
    assert read_autosave(fa.autosaver.path)["data"]["X"][0].tolist() == [0.1, 0.2]


def test_a_crashed_windows_work_and_step_are_restored(state_dir, answer_yes, window, qtbot):
    def edit(s: Session) -> None:
        s.set_algorithm("pocket")
        s.execute(AddPoints([[0.2, 0.9]], [-1.0]))
        s.wait()
        s.to_start()
        for _ in range(9):
            s.step("visit", 1)

    crashed = crash(state_dir, edit)
    old = recovery_file(state_dir)
    win, fa = window()
    win.session.wait()
    s = win.session
    assert fa.recovered_from == old and not old.exists()  # taken over by this window
    assert np.array_equal(s.points.X, crashed.points.X) and s.algorithm == "pocket"
    qtbot.waitUntil(lambda: s.playhead.t == crashed.playhead.t)
    assert s.playhead.visit(s.run) == crashed.playhead.visit(crashed.run)
    assert "restored" in win.banner.text()
    assert fa.autosaver.wait_idle(10.0)
    assert read_autosave(fa.autosaver.path)["playhead"]["t"] == crashed.playhead.t  # and saved again as ours
    assert recovery_file(state_dir) is None  # the window is alive: nothing to offer


def test_a_damaged_journal_is_restored_up_to_the_damage_and_the_banner_says_so(state_dir, answer_yes, window):
    def edit(s: Session) -> None:
        s.execute(AddPoints([[0.2, 0.9]], [-1.0]))
        s.execute(MovePoints([0], [[0.3, 0.3]]))

    crash(state_dir, edit)
    (journal,) = state_dir.glob("autosave-*.journal")
    header, *ops = journal.read_text().splitlines()
    journal.write_text("".join(line + "\n" for line in [header, ops[0], "{damaged", *ops[1:]]))
    win, fa = window()
    assert fa.recovered_from is not None
    assert win.banner.level == "error"  # it stays until read, where "restored" fades
    assert win.banner.text().endswith(
        "The work from your last session was restored with 1 edit from its autosave journal, but the rest of the "
        "journal was damaged, so later edits are lost; check the work and save it to keep it.")
    assert win.session.points.n == 5 and win.session.points.X[0].tolist() == [0.3, 0.3]  # the base and the move


def test_a_second_window_never_offers_a_live_windows_autosave(window, qtbot, state_dir):
    w1, f1 = window()
    w1.session.execute(AddPoints([[0.25, 0.75]], [1.0]))
    assert f1.autosaver.wait_idle(10.0)
    w2, f2 = window()
    assert f2.offer_recovery(answer=True) is False
    assert w2.session.points.n == 4
    w2.session.execute(AddPoints([[-0.25, 0.75]], [-1.0]))
    assert f2.autosaver.wait_idle(10.0)
    assert f1.autosaver.path != f2.autosaver.path
    assert w2.close()  # quitting one window deletes its own autosave only
    assert not f2.autosaver.path.exists() and f1.autosaver.path.exists()
    assert read_autosave(f1.autosaver.path)["data"]["X"].shape[0] == 5


def test_declining_deletes_the_crashed_autosave(state_dir, window):
    crash(state_dir, lambda s: s.execute(AddPoints([[0.5, 0.5]], [1.0])))
    win, fa = window()
    assert not fa.offer_recovery(answer=False)
    assert win.session.points.n == 4 and recovery_file(state_dir) is None


def dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def test_the_start_clears_what_killed_saves_left(state_dir, tmp_path, window):
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    state_dir.mkdir()
    (lessons / "a.perceptron.json").write_text("{}")
    RecentFiles(state_dir).add(lessons / "a.perceptron.json")
    old = time.time() - 600
    pid = dead_pid()
    stale = [state_dir / f".autosave-1-abc.perceptron.json.{pid}-0123abcd{TEMP_SUFFIX}",
             lessons / f".fig.svg.{pid}-0123abcd{TEMP_SUFFIX}"]
    for p in stale:
        p.write_text("half")
        os.utime(p, (old, old))
    window()
    assert not any(p.exists() for p in stale)
