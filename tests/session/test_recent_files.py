"""The recent-files list: a damaged state file is set aside with a sentence, never a crash."""
from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from perceptron_gui.session.recent_files import RECENT_FORMAT, RECENT_NAME, RecentFiles


def write_list(folder: Path, content: str | bytes) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    f = folder / RECENT_NAME
    f.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return f


def good(paths: list) -> str:
    return json.dumps({"format": RECENT_FORMAT, "version": 1, "paths": paths})


DAMAGED = {
    "garbage": "not json at all {",
    "binary": b"\x00\x01\x02\xff" * 50,
    "nested": "[" * 5000,
    "nested-but-parsable": "[" * 200 + "]" * 200,
    "huge-int": '{"format": "perceptron-recent-files", "paths": [' + "1" * 5000 + "]}",
    "wrong format": json.dumps({"format": "other", "paths": []}),
    "paths not a list": json.dumps({"format": RECENT_FORMAT, "paths": "/tmp/a.csv"}),
    "path not text": good([1, 2]),
    "name over 255": good(["/tmp/" + "a" * 300 + ".csv"]),
    "NUL in name": good(["/tmp/a\u0000b.csv"]),
    "a list": "[]",
}


@pytest.mark.parametrize("name", sorted(DAMAGED))
def test_a_damaged_list_is_set_aside_with_a_sentence(tmp_path, name):
    f = write_list(tmp_path, DAMAGED[name])
    recent = RecentFiles(tmp_path)
    assert recent.paths() == []
    msg = recent.problem
    assert msg is not None and msg.endswith(".") and "\n" not in msg and len(msg) < 400, msg
    assert "set aside as recent-files.json.bad-" in msg
    assert not f.exists()
    aside = [p for p in tmp_path.iterdir() if p.name.startswith(RECENT_NAME + ".bad-")]
    assert len(aside) == 1 and aside[0].name in msg
    # The list works afterwards and writes a fresh file.
    recent.add(tmp_path / "x.csv")
    assert RecentFiles(tmp_path).paths() == [tmp_path / "x.csv"]
    assert RecentFiles(tmp_path).problem is None


def test_a_fifo_as_the_list_is_set_aside_without_blocking(tmp_path):
    tmp_path.mkdir(exist_ok=True)
    os.mkfifo(tmp_path / RECENT_NAME)
    recent = RecentFiles(tmp_path)  # would block forever in open() if it were read
    assert recent.paths() == [] and "named pipe" in recent.problem


def test_a_missing_list_is_empty_and_silent(tmp_path):
    recent = RecentFiles(tmp_path / "nowhere")
    assert recent.paths() == [] and recent.problem is None


def test_a_file_in_a_folder_we_may_not_read_stays_listed(tmp_path, monkeypatch):
    locked = tmp_path / "locked"
    listed = [str(locked / "a.csv"), str(tmp_path / "gone.csv")]
    write_list(tmp_path, good(listed))
    real_stat = os.stat

    def stat(path, *args, **kwargs):
        if str(path).startswith(str(locked)):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_stat(path, *args, **kwargs)

    # As root a chmod 000 folder is still readable: the permission error is simulated.
    monkeypatch.setattr(os, "stat", stat)
    recent = RecentFiles(tmp_path)
    assert recent.problem is None
    assert recent.remove_missing() == [tmp_path / "gone.csv"]
    assert recent.paths() == [locked / "a.csv"]
    assert recent.exists(locked / "a.csv") is None


def test_the_windows_list_is_written_by_a_worker_in_the_order_it_changed(tmp_path, monkeypatch):
    # A write syncs to disk: with a 60 MB autosave in flight that took 400 ms on the window's thread.
    import threading

    from perceptron_gui.session import recent_files

    writers: list[str] = []
    real = recent_files.atomic_write_text

    def spy(path, text, **kwargs):
        writers.append(threading.current_thread().name)
        return real(path, text, **kwargs)

    monkeypatch.setattr(recent_files, "atomic_write_text", spy)
    recent = RecentFiles(tmp_path, background=True)
    for name in ("a", "b", "c"):
        recent.add(tmp_path / f"{name}.csv")
    recent.wait()
    assert RecentFiles(tmp_path).paths() == [tmp_path / "c.csv", tmp_path / "b.csv", tmp_path / "a.csv"]
    assert len(writers) == 3 and threading.current_thread().name not in writers
    assert all(w.startswith("recent-files") for w in writers)


def test_a_list_of_ten_thousand_names_is_read_only_as_far_as_it_is_kept(tmp_path, monkeypatch):
    # Such a list took 15 s to start with: every name was compared with every other.
    from perceptron_gui.session import recent_files

    names = [str(tmp_path / f"data-{i}.csv") for i in range(10_000)]
    for name in names[:3]:
        Path(name).write_text("x,y\n1,1\n")
    write_list(tmp_path, good(names))
    stats: list[str] = []
    judged: list[Path] = []
    real_stat, real_problem = os.stat, recent_files.path_problem

    def counting_stat(path, *args, **kwargs):
        stats.append(str(path))
        return real_stat(path, *args, **kwargs)

    def counting_problem(path):
        judged.append(path)
        return real_problem(path)

    monkeypatch.setattr(os, "stat", counting_stat)
    monkeypatch.setattr(recent_files, "path_problem", counting_problem)
    recent = RecentFiles(tmp_path, limit=10)
    assert recent.problem is None
    assert recent.paths() == [Path(n) for n in names[:10]]
    assert len(judged) <= 10
    recent.remove_missing()  # what the menu does before it is shown
    assert recent.paths() == [Path(n) for n in names[:3]]
    assert len([s for s in stats if s in names]) <= 10
