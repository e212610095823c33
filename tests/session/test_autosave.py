"""Autosave after a quiet delay, crash recovery, clean exit, and the recent-files list."""
from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import pytest

from perceptron_gui.session.autosave import (AUTOSAVE_NAME, STATE_DIR_ENV, Autosaver, RecentFiles, autosave_path,
                                             default_state_dir, recovery_file)
from perceptron_gui.session.commands import AddPoints, MovePoints
from perceptron_gui.session.session import Session
from perceptron_gui.session.session_file import apply_session, load_session

DELAY = 0.05


def wait_for(cond, timeout: float = 5.0) -> float:
    t0 = time.monotonic()
    while not cond():
        if time.monotonic() - t0 > timeout:
            raise AssertionError("timed out")
        time.sleep(0.005)
    return time.monotonic() - t0


@pytest.fixture
def saver(tmp_path):
    made = []

    def make(session: Session, delay: float = DELAY) -> Autosaver:
        a = Autosaver(session, tmp_path, delay_s=delay)
        made.append(a)
        return a

    yield make
    for a in made:
        a.stop()


def test_edits_are_saved_after_the_delay_and_restore_the_points(tmp_path, saver):
    s = Session()
    s.load_preset("xor")
    a = saver(s)
    assert recovery_file(tmp_path) is None  # nothing before an edit
    s.execute(AddPoints([[0.5, 0.25]], [1.0]))
    elapsed = wait_for(lambda: a.saves == 1)
    assert elapsed < DELAY + 1.0
    path = recovery_file(tmp_path)
    assert path == tmp_path / AUTOSAVE_NAME
    s2 = Session()
    apply_session(s2, load_session(path))
    assert np.array_equal(s2.points.X, s.points.X) and np.array_equal(s2.points.y, s.points.y)


def test_a_burst_of_edits_is_saved_once_after_the_quiet(tmp_path, saver):
    s = Session()
    s.load_preset("xor")
    a = saver(s, delay=1.0)
    drag = s.new_drag_id()
    for i in range(20):
        s.execute(MovePoints([0], [[0.01 * i, 0.0]], drag))
        time.sleep(0.005)
    assert a.saves == 0  # still inside the quiet period
    wait_for(lambda: a.saves == 1)
    time.sleep(0.2)
    assert a.saves == 1
    assert load_session(a.path)["data"]["X"][0, 0] == pytest.approx(0.19)


def test_algorithm_changes_are_saved_too(tmp_path, saver):
    s = Session()
    a = saver(s)
    s.set_algorithm("voted")
    wait_for(lambda: a.saves == 1)
    assert load_session(a.path)["algorithm"] == "voted"


def test_the_worker_writes_the_snapshot_not_the_live_arrays(tmp_path, saver):
    s = Session()
    s.load_preset("xor")
    a = saver(s, delay=0.2)
    s.execute(AddPoints([[0.5, 0.5]], [1.0]))
    s.points.X[0, 0] = 123.0  # changed behind the session's back after the snapshot
    wait_for(lambda: a.saves == 1)
    assert load_session(a.path)["data"]["X"][0, 0] == 0.0


def test_kill_leaves_a_recovery_file_and_a_clean_exit_none(tmp_path, saver):
    s = Session()
    a = saver(s)
    s.execute(AddPoints([[1.0, 2.0]], [-1.0]))
    wait_for(lambda: a.saves == 1)
    # "kill": the process ends without mark_clean_exit; the file stays for the next start.
    a.stop()
    assert recovery_file(tmp_path) == tmp_path / AUTOSAVE_NAME
    # the next start restores it, works, and closes normally
    s2 = Session()
    b = saver(s2)
    apply_session(s2, load_session(recovery_file(tmp_path)))
    assert s2.points.X.tolist() == [[1.0, 2.0]]
    b.mark_clean_exit()
    assert recovery_file(tmp_path) is None


def test_clean_exit_drops_a_pending_save(tmp_path, saver):
    s = Session()
    a = saver(s, delay=0.5)
    s.execute(AddPoints([[1.0, 2.0]], [-1.0]))
    a.mark_clean_exit()
    time.sleep(0.7)
    assert recovery_file(tmp_path) is None


def test_flush_and_discard(tmp_path, saver):
    s = Session()
    a = saver(s, delay=60.0)
    s.execute(AddPoints([[1.0, 2.0]], [-1.0]))
    assert a.flush(5.0)
    assert recovery_file(tmp_path) is not None
    a.discard()
    assert recovery_file(tmp_path) is None


def test_a_failed_save_is_reported(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    errors = []
    s = Session()
    a = Autosaver(s, blocker / "state", delay_s=DELAY, on_error=errors.append)
    try:
        s.execute(AddPoints([[1.0, 2.0]], [-1.0]))
        wait_for(lambda: errors)
        assert "could not be created" in errors[0] and STATE_DIR_ENV in errors[0]
        assert a.last_error == errors[0]
    finally:
        a.stop()


def test_state_directory_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv(STATE_DIR_ENV, str(tmp_path / "mine"))
    assert default_state_dir() == tmp_path / "mine"
    monkeypatch.delenv(STATE_DIR_ENV)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg"))
    assert default_state_dir() == tmp_path / "xdg" / "perceptron-gui"
    monkeypatch.setenv("XDG_STATE_HOME", "relative/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_state_dir() == tmp_path / "home" / ".local" / "state" / "perceptron-gui"
    assert autosave_path(tmp_path) == tmp_path / AUTOSAVE_NAME


# ---- recent files ------------------------------------------------------------------------------
def test_recent_files_order_limit_and_persistence(tmp_path):
    files = []
    for i in range(12):
        f = tmp_path / f"f{i}.csv"
        f.write_text("1,2,1\n")
        files.append(f)
    r = RecentFiles(tmp_path / "state")
    for f in files:
        r.add(f)
    assert r.paths() == list(reversed(files))[:10]
    r.add(files[5])  # move to front
    assert r.paths()[0] == files[5] and len(r.paths()) == 10 and r.paths().count(files[5]) == 1
    again = RecentFiles(tmp_path / "state")
    assert again.paths() == r.paths()
    files[11].unlink()
    assert again.remove_missing() == [files[11]]
    assert files[11] not in RecentFiles(tmp_path / "state").paths()
    again.remove(files[5])
    assert files[5] not in again.paths()


def test_recent_files_store_absolute_paths_and_survive_damage(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("rel.perceptron.json").write_text("{}")
    r = RecentFiles(tmp_path / "state")
    r.add("rel.perceptron.json")
    assert r.paths() == [tmp_path / "rel.perceptron.json"]
    doc = json.loads((tmp_path / "state" / "recent-files.json").read_text())
    assert doc["format"] == "perceptron-recent-files" and doc["paths"] == [str(tmp_path / "rel.perceptron.json")]
    (tmp_path / "state" / "recent-files.json").write_text("{broken")
    assert RecentFiles(tmp_path / "state").paths() == []
