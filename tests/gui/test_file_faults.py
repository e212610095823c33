"""The window always starts, and a file it cannot read costs nothing: damaged state files are
set aside with a sentence; Recent files and File → Open refuse bad files with one sentence."""
from __future__ import annotations

import errno
import json
import os

import numpy as np
import pytest

from perceptron_gui.session.recent_files import RECENT_FORMAT, RECENT_NAME


@pytest.fixture
def state_dir(state_dir):
    state_dir.mkdir()  # these tests put damaged state files in it before the window starts
    return state_dir


def start(make_main_window):
    win = make_main_window("xor")
    win.file_actions.ask_close = lambda: "discard"
    return win


@pytest.mark.parametrize("content", [
    pytest.param("[" * 5000, id="nested-5000"),
    pytest.param("{garbage", id="garbage"),
    pytest.param(json.dumps({"format": RECENT_FORMAT, "paths": ["/tmp/" + "n" * 300]}), id="name-over-255"),
    pytest.param(json.dumps({"format": RECENT_FORMAT, "paths": {"a": 1}}), id="wrong-types"),
])
def test_the_window_starts_with_a_damaged_recent_list(make_main_window, state_dir, content):
    (state_dir / RECENT_NAME).write_text(content)
    win = start(make_main_window)
    fa = win.file_actions
    assert fa.recent.paths() == []
    message = win.statusBar().currentMessage()
    assert "set aside as recent-files.json.bad-" in message and message.endswith(".")
    assert not (state_dir / RECENT_NAME).exists()
    fa._fill_recent_menu()  # the menu works
    assert [a.text() for a in fa.recent_menu.actions()] == ["(none yet)"]


def test_the_window_starts_when_a_recent_file_sits_in_a_folder_it_may_not_read(
        make_main_window, state_dir, tmp_path, monkeypatch, warnings_shown):
    locked = tmp_path / "locked"
    locked.mkdir()
    target = locked / "lesson.csv"
    target.write_text("x1,x2,y\n0,0,1\n1,1,-1\n")
    (state_dir / RECENT_NAME).write_text(json.dumps({"format": RECENT_FORMAT, "version": 1,
                                                     "paths": [str(target)]}))
    def denying(real):
        def call(path, *args, **kwargs):
            if str(path).startswith(str(locked)):
                raise PermissionError(errno.EACCES, "Permission denied", str(path))
            return real(path, *args, **kwargs)
        return call

    # Root reads chmod 000 folders, so the permission error is simulated at the system call.
    monkeypatch.setattr(os, "stat", denying(os.stat))
    monkeypatch.setattr(os, "open", denying(os.open))
    win = start(make_main_window)  # raised PermissionError while the menu was built
    fa = win.file_actions
    fa._fill_recent_menu()
    assert fa.recent.paths() == [target]
    before = win.session.points.X.copy()
    assert not fa.open_recent(target)
    assert len(warnings_shown) == 1 and "permission denied" in warnings_shown[0][1]
    assert np.array_equal(win.session.points.X, before)


def test_the_title_has_no_star_at_start_up(make_main_window, state_dir):
    win = start(make_main_window)
    assert "*" not in win.windowTitle()
    undo = win.actions_by_name.get("undo")
    assert undo is None or not undo.isEnabled()


def test_a_fifo_in_recent_files_is_refused_without_blocking(make_main_window, state_dir, tmp_path,
                                                             warnings_shown):
    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    win = start(make_main_window)
    before = win.session.points.X.copy()
    assert not win.file_actions.open_recent(fifo)  # blocked forever in open() before
    assert "named pipe" in warnings_shown[0][1]
    assert np.array_equal(win.session.points.X, before)
