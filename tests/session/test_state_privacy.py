"""The state folder holds unsaved work and the names of the files a user opened: it is made
0700 (an existing 0755 one is tightened) and the autosave, the recent-files list and the
settings are written 0600, whatever the umask lets other files be."""
from __future__ import annotations

import os
import stat

import pytest

from perceptron_gui.session.autosave import Autosaver
from perceptron_gui.session.recent_files import RECENT_NAME, RecentFiles
from perceptron_gui.session.session import Session
from perceptron_gui.session.state_dir import make_state_dir
from perceptron_gui.session.ui_settings import SETTINGS_FILE, save_setting


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture(autouse=True)
def usual_umask():
    old = os.umask(0o022)  # what most desktops have: new files 0644, folders 0755
    yield
    os.umask(old)


def autosave_once(folder) -> Autosaver:
    s = Session()
    s.load_preset("xor")
    s.wait()
    a = Autosaver(s, folder, background=False)
    a.schedule()
    a.flush()
    return a


def test_a_new_state_folder_and_its_files_are_private(tmp_path):
    folder = tmp_path / "local" / "state"
    recent = RecentFiles(folder)
    recent.add(tmp_path / "a.csv")
    assert mode(folder) == 0o700 and mode(folder / RECENT_NAME) == 0o600
    save_setting(folder, "theme", "dark")
    assert mode(folder / SETTINGS_FILE) == 0o600
    a = autosave_once(folder)
    try:
        for p in (a.slot.base, a.slot.journal, a.slot.lock):
            assert mode(p) == 0o600, p.name
    finally:
        a.stop()
    assert mode(tmp_path / "local") == 0o755  # the parents are made as any folder is


def test_an_open_folder_and_its_old_files_are_tightened(tmp_path):
    folder = tmp_path / "state"
    folder.mkdir(mode=0o755)
    os.chmod(folder, 0o755)
    old_list = folder / RECENT_NAME
    old_list.write_text('{"format": "perceptron-recent-files", "version": 1, "paths": []}')
    os.chmod(old_list, 0o644)
    a = Autosaver(Session(), folder, background=False)  # the window's start: before any write
    try:
        assert mode(folder) == 0o700
    finally:
        a.stop()
    os.chmod(folder, 0o755)
    RecentFiles(folder).add(tmp_path / "b.csv")
    assert mode(folder) == 0o700 and mode(old_list) == 0o600


def test_a_shared_sticky_folder_is_left_alone(tmp_path):
    shared = tmp_path / "tmp"
    shared.mkdir()
    os.chmod(shared, 0o1777)
    make_state_dir(shared)
    assert mode(shared) == 0o1777
