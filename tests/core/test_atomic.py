"""The one atomic writer: a failed write (full disk, I/O error, permission) is one sentence and
leaves the old file whole; killed writers' temporaries are swept. No real full disk is needed:
the system calls are replaced by ones that fail."""
from __future__ import annotations

import errno
import os
import subprocess
import sys
import time

import pytest

from perceptron_gui.core import atomic, stale_temporaries
from perceptron_gui.core.atomic import (
    TEMP_SUFFIX,
    WriteError,
    atomic_path,
    atomic_write_bytes,
    atomic_write_chunks,
    atomic_write_text,
    is_temporary_name,
    remove_stale_temporaries,
    temporary_name,
)
from perceptron_gui.core.io import atomic_write_chunks as io_chunks
from perceptron_gui.core.io import atomic_write_text as io_text

OLD = "the previous content\n"
FULL = "Could not write {}: the disk is full; free some space or choose another folder."


def leftovers(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


@pytest.fixture
def old_file(tmp_path):
    p = tmp_path / "fig.svg"
    p.write_text(OLD)
    return p


def test_io_keeps_the_names_other_code_imports():
    assert io_text is atomic_write_text and io_chunks is atomic_write_chunks


def test_text_bytes_and_chunks_land_whole_with_no_temporary_left(tmp_path):
    p = tmp_path / "a.txt"
    atomic_write_text(p, "héllo\r\n")
    assert p.read_bytes() == "héllo\r\n".encode()  # no newline translation
    atomic_write_bytes(p, b"\x00\x01")
    assert p.read_bytes() == b"\x00\x01"
    big = ["x" * 1000] * 3000  # more than one write block
    atomic_write_chunks(p, (c for c in big))
    assert p.read_text() == "".join(big)
    assert leftovers(tmp_path) == []


def test_the_mode_of_an_existing_file_is_kept_and_a_new_one_follows_the_umask(tmp_path):
    p = tmp_path / "m.txt"
    p.write_text("x")
    os.chmod(p, 0o640)
    atomic_write_text(p, "y")
    assert p.stat().st_mode & 0o777 == 0o640
    q = tmp_path / "new.txt"
    umask = os.umask(0o022)
    try:
        atomic_write_text(q, "z")
    finally:
        os.umask(umask)
    assert q.stat().st_mode & 0o777 == 0o644


@pytest.mark.parametrize("failure", ["raise", "zero"])
def test_a_full_disk_during_write_is_one_sentence_and_the_old_file_stays(old_file, monkeypatch, failure):
    def full(fd, data):
        if failure == "zero":
            return 0  # a write that makes no progress
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "write", full)
    with pytest.raises(WriteError) as err:
        atomic_write_text(old_file, "<svg/>")
    assert str(err.value) == FULL.format("fig.svg")
    assert err.value.errno == errno.ENOSPC and err.value.path == old_file
    assert old_file.read_text() == OLD
    assert leftovers(old_file.parent) == []


def test_an_io_error_at_fsync_keeps_the_old_file(old_file, monkeypatch):
    def broken(fd):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(atomic.os, "fsync", broken)
    with pytest.raises(WriteError, match=r"^Could not write fig\.svg: the disk reported an input/output error; "
                                         r"check the disk or choose another folder\.$"):
        atomic_write_text(old_file, "<svg/>")
    assert old_file.read_text() == OLD and leftovers(old_file.parent) == []


def test_a_producer_that_fails_midway_keeps_the_old_file(old_file):
    def rows():
        yield "a,b\n" * 100_000
        raise OSError(errno.ENOSPC, "No space left on device")

    with pytest.raises(WriteError, match="disk is full"):
        atomic_write_chunks(old_file, rows())
    assert old_file.read_text() == OLD and leftovers(old_file.parent) == []


def test_a_program_error_in_the_producer_passes_through_and_cleans_up(old_file):
    def rows():
        yield "a"
        raise KeyError("bug")

    with pytest.raises(KeyError):
        atomic_write_chunks(old_file, rows())
    assert old_file.read_text() == OLD and leftovers(old_file.parent) == []


def test_a_read_only_folder_is_named(tmp_path, monkeypatch):
    def denied(*a, **k):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(atomic.os, "open", denied)
    with pytest.raises(WriteError, match=r"^Could not write x\.csv: permission denied; choose a folder you may write to\.$"):
        atomic_write_text(tmp_path / "x.csv", "1")


def test_a_missing_folder_is_named(tmp_path):
    with pytest.raises(WriteError, match="the folder does not exist; choose an existing folder"):
        atomic_write_text(tmp_path / "nope" / "x.csv", "1")


# ---- writers that take a file name -------------------------------------------------------------
def test_atomic_path_replaces_only_after_a_whole_file(old_file):
    with atomic_path(old_file) as tmp:
        assert tmp.parent == old_file.parent and is_temporary_name(tmp.name)
        tmp.write_text("<svg>new</svg>")
        assert old_file.read_text() == OLD  # not yet
    assert old_file.read_text() == "<svg>new</svg>" and leftovers(old_file.parent) == []


@pytest.mark.parametrize("writer, sentence", [
    (lambda tmp: tmp.write_bytes(b""), "nothing was written (the disk may be full)"),
    (lambda tmp: None, "the writer made no file"),
])
def test_atomic_path_refuses_an_empty_or_missing_result(old_file, writer, sentence):
    with pytest.raises(WriteError, match=sentence.replace("(", r"\(").replace(")", r"\)")), atomic_path(old_file) as tmp:
        writer(tmp)
    assert old_file.read_text() == OLD and leftovers(old_file.parent) == []


def test_atomic_path_turns_an_os_error_of_the_writer_into_a_sentence(old_file):
    with pytest.raises(WriteError) as err, atomic_path(old_file) as tmp:
        tmp.write_text("half")
        raise OSError(errno.ENOSPC, "No space left on device")
    assert str(err.value) == FULL.format("fig.svg")
    assert old_file.read_text() == OLD and leftovers(old_file.parent) == []


def test_temporary_names_fit_the_name_limit(tmp_path):
    long = tmp_path / ("n" * 240 + ".csv")
    assert len(temporary_name(long).name.encode()) <= 255
    atomic_write_text(long, "1,2,1\n")
    assert long.read_text() == "1,2,1\n"


# ---- what killed writers leave -------------------------------------------------------------------
def dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def test_stale_temporaries_of_dead_writers_are_removed_and_nothing_else(tmp_path):
    now = time.time()
    dead = dead_pid()

    def make(name: str, age_s: float):
        p = tmp_path / name
        p.write_text("partial")
        os.utime(p, (now - age_s, now - age_s))
        return p

    stale = make(f".fig.svg.{dead}-0123abcd{TEMP_SUFFIX}", 120)
    fresh = make(f".fig.pdf.{dead}-0123abce{TEMP_SUFFIX}", 10)  # its writer may just have died: wait
    ours = make(f".run.json.{os.getpid()}-0123abcf{TEMP_SUFFIX}", 120)  # a write of this process
    abandoned = make(f".old.csv.{os.getpid()}-01234567{TEMP_SUFFIX}", 2 * 24 * 3600)
    other = [make(n, 3600) for n in (".hidden", f"fig.svg.{dead}-0123abcd{TEMP_SUFFIX}", "data.csv",
                                     f".x.{dead}-0123abcd.tmp")]
    removed = remove_stale_temporaries([tmp_path, tmp_path / "missing-folder"], now=now)
    assert sorted(removed) == sorted([stale, abandoned])
    assert fresh.exists() and ours.exists() and all(p.exists() for p in other)


def test_a_write_sweeps_its_folder_once(tmp_path, monkeypatch):
    monkeypatch.setattr(stale_temporaries, "_swept", set())
    now = time.time()
    stale = tmp_path / f".a.csv.{dead_pid()}-89abcdef{TEMP_SUFFIX}"
    stale.write_text("x")
    os.utime(stale, (now - 600, now - 600))
    atomic_write_text(tmp_path / "b.csv", "1")
    assert not stale.exists()
