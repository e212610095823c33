"""SIGTERM ends the window as File → Quit does: the process exits 0 and leaves no autosave and
no lock behind, so the next start offers no restore. Unsaved work, with nobody there to ask,
stays in the autosave (written out first) for the next start to offer."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from perceptron_gui.session.autosave_store import PREFIX, crashed_slots, read_autosave
from perceptron_gui.session.commands import AddPoints
from perceptron_gui.session.state_dir import STATE_DIR_ENV

STARTUP_LIMIT_S = 180.0  # a hang detector for the polling below, not a budget: a cold start compiles kernels
EXIT_LIMIT_S = 120.0


# The application as `perceptron-gui --preset random_separable` starts it (run_app), with one
# change once its loop runs: another algorithm, which autosaves (and takes the slot's lock) but
# leaves the data saved. A window killed now left that autosave, and the next start offered it.
# Once the loop has ended the window must be deleted before the interpreter's exit: left to
# PySide's clean-up at exit, its plot items called into a half-finalised Python (a segfault).
DRIVER = """
import sys
import shiboken6
from PySide6 import QtCore
from perceptron_gui.gui.app import application

made = application.make_window
windows = []

def make_window(*args, **kwargs):
    win = made(*args, **kwargs)
    windows.append(win)
    QtCore.QTimer.singleShot(0, win, lambda: win.session.set_algorithm("averaged"))
    return win

application.make_window = make_window
code = application.run_app(preset="random_separable", algorithm="offset")
print("windows alive after the loop:", sum(shiboken6.isValid(w) for w in windows))
sys.exit(code)
"""


def autosave_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob(f"{PREFIX}*")) if folder.is_dir() else []


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or sys.platform.startswith("win"), reason="POSIX signals")
def test_sigterm_ends_the_application_cleanly(tmp_path):
    state = tmp_path / "state"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", **{STATE_DIR_ENV: str(state)})
    proc = subprocess.Popen([sys.executable, "-c", DRIVER],
                            env=env, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        # Ready when the window's autosave holds its lock: the event loop runs, the handler is in.
        deadline = time.monotonic() + STARTUP_LIMIT_S
        while not list(state.glob(f"{PREFIX}-*.lock")):
            assert proc.poll() is None, f"the application ended early: {proc.communicate()}"
            assert time.monotonic() < deadline, "the application never started its autosave"
            time.sleep(0.05)
        lock = next(state.glob(f"{PREFIX}-*.lock"))
        assert str(proc.pid) in lock.name
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=EXIT_LIMIT_S)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, (proc.returncode, err[-3000:])  # the end: faulthandler's stack
    assert "Traceback" not in err, err
    assert "windows alive after the loop: 0" in out, out
    assert not lock.exists()
    assert autosave_files(state) == []  # nothing for the next start to offer
    assert crashed_slots(state) == []


def test_the_ending_of_a_saved_window_removes_its_autosave(make_main_window, state_dir, qtbot):
    from perceptron_gui.gui.app.application import end_window

    win = make_main_window("random_separable", "offset")
    qtbot.waitUntil(lambda: win.file_actions.autosaver is not None)
    win.session.set_algorithm("averaged")  # autosaved; the data stay saved
    assert win.file_actions.autosaver.flush() and not win.document.dirty
    assert any(n.endswith(".lock") for n in autosave_files(state_dir))
    end_window(win)
    assert not win.isVisible()
    assert autosave_files(state_dir) == []


def test_the_ending_of_unsaved_work_keeps_it_for_the_next_start(make_main_window, state_dir, qtbot):
    from perceptron_gui.gui.app.application import end_window

    win = make_main_window("random_separable")
    qtbot.waitUntil(lambda: win.file_actions.autosaver is not None)
    asked: list[str] = []
    win.file_actions.ask_close = lambda: asked.append("asked") or "cancel"
    win.session.execute(AddPoints([[0.25, 0.75]], [1.0]))
    assert win.document.dirty
    end_window(win)
    assert not win.isVisible() and asked == []  # closed, and nobody was asked
    slots = crashed_slots(state_dir)  # written out, and its lock dropped: the next start offers it
    try:
        assert len(slots) == 1
        assert read_autosave(slots[0].base)["data"]["X"].shape[0] == win.session.points.n
    finally:
        for s in slots:
            s.remove()
