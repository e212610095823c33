"""Autosave: every edit on disk within delay_s (≤ 1 s), the step saved with the
edits, one autosave per window, a real kill -9 recovered exactly. No sleeps: the writer runs on
an injected clock (``background=False`` and :meth:`Autosaver.poll`), or the test waits on the
worker's own condition (``wait_idle``), or on the child's output."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from perceptron_gui.session import autosave as autosave_module
from perceptron_gui.session.autosave import (
    AUTOSAVE_NAME,
    DEFAULT_DELAY_S,
    STATE_DIR_ENV,
    Autosaver,
    autosave_path,
    default_state_dir,
    recovery_file,
)
from perceptron_gui.session.autosave_store import read_autosave
from perceptron_gui.session.commands import AddPoints, DeletePoints, MovePoints, SetLabels, SetRoles
from perceptron_gui.session.session import Session
from perceptron_gui.session.session_file import SessionFileError, apply_session, save_session


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def saver(tmp_path, clock):
    made = []

    def make(session: Session, background: bool = False, directory=None, **kw) -> Autosaver:
        a = Autosaver(session, directory or tmp_path, clock=clock, background=background, **kw)
        made.append(a)
        return a

    yield make
    for a in made:
        a.stop()


def xor_session() -> Session:
    s = Session()
    s.load_preset("xor")
    s.wait()
    return s


def state_of(s: Session) -> dict:
    return {"X": s.points.X.tolist(), "y": s.points.y.tolist(), "test": s.points.test.tolist(),
            "algorithm": s.algorithm, "params": s.params, "t": int(s.playhead.t)}


def assert_restores(path, s: Session) -> Session:
    """The autosave holds exactly ``s``'s points, algorithm, parameters and step."""
    loaded = read_autosave(path)
    d = loaded["data"]
    assert np.array_equal(d["X"], s.points.X) and np.array_equal(d["y"], s.points.y)
    assert np.array_equal(d["test"], s.points.test)
    assert loaded["algorithm"] == s.algorithm and loaded["params"] == s.params
    assert loaded["playhead"]["t"] == s.playhead.t
    fresh = Session()
    apply_session(fresh, loaded)
    fresh.wait()
    assert fresh.playhead.t == s.playhead.t and fresh.k == s.k
    return fresh


# ---- within delay_s of each edit --------------------------------------------------------------------
def test_the_delay_is_under_a_second():
    assert 0 < DEFAULT_DELAY_S <= 1.0


def test_the_first_edit_writes_a_base_at_once_and_later_edits_within_the_delay(tmp_path, saver, clock):
    s = xor_session()
    a = saver(s)
    assert recovery_file(tmp_path) is None and not a.path.exists()  # nothing before an edit
    s.execute(AddPoints([[0.5, 0.25]], [1.0]))
    assert a.pending_due() == clock.now  # a base is due at once
    a.poll()
    assert a.saves == 1 and a.path.exists()
    # The run the edit started moved the playhead: that line follows within the delay.
    clock.now += DEFAULT_DELAY_S
    a.poll()
    assert a.saves == 2
    assert_restores(a.path, s)

    clock.now = 10.0
    s.execute(MovePoints([0], [[0.3, 0.3]]))
    assert a.pending_due() == pytest.approx(10.0 + DEFAULT_DELAY_S)
    clock.now = 10.0 + DEFAULT_DELAY_S / 2
    a.poll()
    assert a.saves == 2  # not yet: lines wait at most delay_s to go out together
    clock.now = 10.0 + DEFAULT_DELAY_S
    a.poll()
    assert a.saves == 3
    assert_restores(a.path, s)


def test_a_drag_is_written_at_least_every_delay_and_never_postponed(tmp_path, saver, clock):
    s = xor_session()
    a = saver(s)
    s.execute(AddPoints([[0.5, 0.25]], [1.0]))
    a.poll()
    drag = s.new_drag_id()
    for i in range(200):  # two seconds of a 100 Hz drag
        clock.now += 0.01
        s.execute(MovePoints([0], [[0.01 * i, 0.0]], drag))
        due = a.pending_due()
        assert due is not None and due - clock.now <= DEFAULT_DELAY_S  # a new edit never pushes it back
        a.poll()
        # on disk: every move older than delay_s
        on_disk = read_autosave(a.path)["data"]["X"][0, 0]
        written = [0.01 * j for j in range(i + 1) if clock.now - (0.01 * (j + 1)) >= DEFAULT_DELAY_S - 1e-9]
        if written:
            assert on_disk >= max(written) - 1e-12
    s.end_drag()
    assert 2 / DEFAULT_DELAY_S - 1 <= a.saves <= 2 / DEFAULT_DELAY_S + 2  # batched, not one write per move
    a.flush()
    assert_restores(a.path, s)


def test_the_step_shown_is_saved_with_the_edits(tmp_path, saver):
    s = xor_session()
    s.set_algorithm("pocket")
    a = saver(s)
    s.execute(AddPoints([[0.2, 0.9]], [-1.0]))
    s.wait()
    s.to_start()
    for _ in range(7):  # example visits, not updates: rows that made no update too
        s.step("visit", 1)
    a.flush()
    t = s.playhead.t
    assert read_autosave(a.path)["playhead"]["t"] == t
    fresh = assert_restores(a.path, s)
    assert fresh.playhead.visit(fresh.run) == s.playhead.visit(s.run)


def test_stepping_without_edits_writes_nothing(tmp_path, saver):
    s = xor_session()
    a = saver(s)
    s.to_start()
    s.step("visit", 1)
    a.flush()
    assert not a.path.exists() and recovery_file(tmp_path) is None


def test_every_kind_of_edit_replays_exactly(tmp_path, saver, clock, monkeypatch):
    monkeypatch.setattr(autosave_module, "COMPACT_BYTES", 3000)  # new bases along the way, too
    rng = np.random.default_rng(7)
    s = xor_session()
    a = saver(s)
    s.execute(MovePoints([0], [[0.5, 0.5]]))
    for i in range(300):
        n = s.points.n
        r = rng.integers(0, 10)
        if r == 0 or n < 3:
            at = sorted(rng.choice(n + 2, size=2, replace=False).tolist())
            s.execute(AddPoints(rng.normal(size=(2, 2)), rng.choice([-1.0, 1.0], 2), at=at))
        elif r == 1:
            s.execute(DeletePoints(rng.choice(n, size=min(2, n - 2), replace=False)))
        elif r in (2, 3):
            s.execute(MovePoints([int(rng.integers(n))], rng.normal(size=(1, 2))))
        elif r == 4:
            s.execute(SetLabels([int(rng.integers(n))] * 2, [-1.0, -1.0]))
        elif r == 5:
            s.execute(SetRoles([int(rng.integers(n))], [bool(rng.integers(2))]))
        elif r == 6:
            s.undo()
        elif r == 7:
            s.redo()
        elif r == 8:
            s.set_algorithm(str(rng.choice(["standard", "offset", "pocket", "averaged"])))
            s.set_param("max_epochs", int(rng.integers(5, 40)))
        else:
            s.wait()
            s.step("visit", 1)
        clock.now += float(rng.choice([0.0, 0.05, 0.5]))
        a.poll()
        if i % 50 == 0:
            s.wait()
            a.flush()
            assert_restores(a.path, s)
    s.wait()
    a.flush()
    assert_restores(a.path, s)


def test_the_snapshot_is_taken_at_the_edit_not_at_the_write(tmp_path, saver):
    s = xor_session()
    a = saver(s)
    s.execute(AddPoints([[0.5, 0.5]], [1.0]))
    # Changed in place after the edit, as every in-place edit must: writable() first (the
    # snapshot shares the arrays until then; points.PointSet.snapshot).
    s.points.writable()
    s.points.X[0, 0] = 123.0
    a.flush()
    assert read_autosave(a.path)["data"]["X"][0, 0] == 0.0


# ---- damage ------------------------------------------------------------------------------------------
def test_a_journal_line_cut_short_by_a_kill_is_ignored(tmp_path, saver):
    s = xor_session()
    a = saver(s)
    s.execute(AddPoints([[0.5, 0.5]], [1.0]))
    a.flush()
    s.execute(MovePoints([4], [[0.75, 0.5]]))
    a.flush()
    with open(a.slot.journal, "ab") as fh:
        fh.write(b'{"op": "rows", "idx": [0], "X": [[9')
    assert read_autosave(a.path)["data"]["X"][4].tolist() == [0.75, 0.5]


def test_a_journal_of_another_base_is_not_replayed(tmp_path, saver):
    s = xor_session()
    a = saver(s)
    s.execute(AddPoints([[0.5, 0.5]], [1.0]))
    a.flush()
    s.execute(MovePoints([4], [[0.75, 0.5]]))
    a.flush()
    lines = a.slot.journal.read_text().splitlines()
    header = json.loads(lines[0])
    header["base"] += 1
    a.slot.journal.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    assert read_autosave(a.path)["data"]["X"][4].tolist() == [0.5, 0.5]


def test_a_damaged_base_is_one_sentence_and_can_be_set_aside(tmp_path, saver):
    s = xor_session()
    a = saver(s)
    s.execute(AddPoints([[0.5, 0.5]], [1.0]))
    a.flush()
    a.stop()  # as a kill leaves it
    a.path.write_text('{"format": "perceptron-session", "version": 1, "data": [')
    with pytest.raises(SessionFileError, match=r"is not valid JSON"):
        read_autosave(a.path)
    from perceptron_gui.session.autosave_store import crashed_slots

    (slot,) = crashed_slots(tmp_path)
    sentence = slot.set_aside("it is damaged")
    assert sentence.startswith("The autosaved work was set aside as ") and sentence.endswith("because it is damaged.")
    assert recovery_file(tmp_path) is None
    assert [p.name for p in tmp_path.iterdir() if ".bad-" in p.name]


def test_a_failed_write_is_reported_once_and_autosave_recovers(tmp_path, saver, clock):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    errors = []
    s = xor_session()
    a = saver(s, directory=blocker / "state", on_error=errors.append)
    s.execute(AddPoints([[1.0, 2.0]], [-1.0]))
    a.flush()
    s.execute(AddPoints([[1.0, 3.0]], [-1.0]))
    a.flush()
    assert len(errors) == 1 and "could not be created" in errors[0] and STATE_DIR_ENV in errors[0]
    assert a.last_error == errors[0]
    blocker.unlink()
    blocker.mkdir()
    s.execute(MovePoints([0], [[0.1, 0.1]]))
    a.flush()
    assert a.last_error is None
    assert_restores(a.path, s)


def test_a_full_disk_while_appending_keeps_the_last_good_autosave(tmp_path, saver, monkeypatch):
    errors = []
    s = xor_session()
    a = saver(s, on_error=errors.append)
    s.execute(AddPoints([[0.5, 0.5]], [1.0]))
    a.flush()
    before = read_autosave(a.path)["data"]["X"].copy()

    def full(fd, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(autosave_module.os, "write", full)
    s.execute(MovePoints([0], [[0.9, 0.9]]))
    a.flush()
    assert errors and errors[0].startswith("Could not write autosave-") and "the disk is full" in errors[0]
    assert np.array_equal(read_autosave(a.path)["data"]["X"], before)
    monkeypatch.undo()
    s.execute(MovePoints([1], [[0.8, 0.8]]))  # space again: the next edit writes a whole new base
    a.flush()
    assert a.last_error is None
    assert_restores(a.path, s)


def test_an_unexpected_error_while_writing_is_a_sentence_and_the_worker_lives_on(tmp_path, monkeypatch):
    errors = []
    s = xor_session()
    a = Autosaver(s, tmp_path, on_error=errors.append)  # the real worker thread
    try:
        def broken(snap):
            raise MemoryError

        monkeypatch.setattr(autosave_module, "session_json_chunks", broken)
        s.execute(AddPoints([[0.5, 0.5]], [1.0]))
        assert a.wait_idle(10.0)
        assert errors == ["The work could not be autosaved (MemoryError); save it with File → Save session to be safe."]
        monkeypatch.undo()
        s.execute(MovePoints([0], [[0.1, 0.1]]))
        assert a.wait_idle(10.0) and a.last_error is None
        assert_restores(a.path, s)
    finally:
        a.stop()


# ---- one autosave per window ----------------------------------------------------------------------
def test_each_window_has_its_own_autosave_and_deletes_only_its_own(tmp_path, saver):
    s1, s2 = xor_session(), xor_session()
    a1, a2 = saver(s1), saver(s2)
    s1.execute(AddPoints([[0.5, 0.5]], [1.0]))
    s2.execute(AddPoints([[-0.5, 0.5]], [-1.0]))
    a1.flush()
    a2.flush()
    assert a1.path != a2.path and a1.path.exists() and a2.path.exists()
    assert recovery_file(tmp_path) is None  # both windows live: nothing to recover
    a1.mark_clean_exit()
    assert not a1.path.exists() and a2.path.exists()
    a2.stop()  # the second window "crashes"
    assert recovery_file(tmp_path) == a2.path
    assert_restores(a2.path, s2)


def test_discard_deletes_this_windows_autosave_and_the_next_edit_starts_again(tmp_path, saver):
    s = xor_session()
    a = saver(s)
    s.execute(AddPoints([[1.0, 2.0]], [-1.0]))
    a.flush()
    a.discard()  # saved as a session file
    assert not a.path.exists() and not a.slot.journal.exists()
    s.step("visit", -1)
    a.flush()
    assert not a.path.exists()  # stepping is no new work
    s.execute(MovePoints([0], [[0.1, 0.2]]))
    a.flush()
    assert_restores(a.path, s)


def test_a_clean_exit_drops_what_waits(tmp_path, saver):
    s = xor_session()
    a = saver(s)
    s.execute(AddPoints([[1.0, 2.0]], [-1.0]))
    a.mark_clean_exit()
    assert list(tmp_path.iterdir()) == []


def test_an_autosave_of_an_earlier_version_is_offered(tmp_path):
    s = xor_session()
    save_session(s, autosave_path(tmp_path))
    assert recovery_file(tmp_path) == tmp_path / AUTOSAVE_NAME
    assert read_autosave(tmp_path / AUTOSAVE_NAME)["data"]["X"].shape == (4, 2)


def test_the_worker_thread_writes_within_the_delay(tmp_path):
    s = xor_session()
    a = Autosaver(s, tmp_path)
    try:
        s.execute(AddPoints([[0.5, 0.25]], [1.0]))
        s.execute(MovePoints([4], [[0.5, 0.5]]))
        assert a.wait_idle(10.0)  # the worker's own schedule, no flush
        assert_restores(a.path, s)
    finally:
        a.stop()


# ---- a real kill -------------------------------------------------------------------------------------
CHILD = textwrap.dedent("""
    import json, sys
    from perceptron_gui.session.autosave import Autosaver
    from perceptron_gui.session.commands import AddPoints, MovePoints, SetLabels, DeletePoints
    from perceptron_gui.session.session import Session

    s = Session()
    s.load_preset("xor")
    a = Autosaver(s, sys.argv[1])
    s.execute(AddPoints([[0.5, 0.25], [0.1, 0.9]], [1.0, -1.0]))
    drag = s.new_drag_id()
    for i in range(30):
        s.execute(MovePoints([4], [[0.5 + 0.01 * i, 0.25]], drag))
    s.end_drag()
    s.execute(SetLabels([1], [1.0]))
    s.execute(DeletePoints([0]))
    s.set_algorithm("pocket")
    s.set_param("max_epochs", 17)
    s.wait()
    s.to_start()
    for _ in range(5):
        s.step("visit", 1)
    assert a.wait_idle(30.0)
    print(json.dumps({"X": s.points.X.tolist(), "y": s.points.y.tolist(), "test": s.points.test.tolist(),
                      "algorithm": s.algorithm, "params": s.params, "t": s.playhead.t, "k": s.k}), flush=True)
    sys.stdin.read()  # wait to be killed
""")


def test_kill_9_loses_nothing_written_and_restores_the_step(tmp_path):
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(tmp_path)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = child.stdout.readline()
        assert line, child.stderr.read()
        expected = json.loads(line)
        assert recovery_file(tmp_path) is None  # alive: its autosave is not offered
        os.kill(child.pid, signal.SIGKILL)
        child.wait(30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stdin.close()
        child.stdout.close()
        child.stderr.close()
    path = recovery_file(tmp_path)
    assert path is not None
    fresh = Session()
    apply_session(fresh, read_autosave(path))
    fresh.wait()
    assert fresh.points.X.tolist() == expected["X"] and fresh.points.y.tolist() == expected["y"]
    assert fresh.points.test.tolist() == expected["test"]
    assert fresh.algorithm == expected["algorithm"] and fresh.params == expected["params"]
    assert fresh.playhead.t == expected["t"] and fresh.k == expected["k"]


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
