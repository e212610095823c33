"""What a write may replace: a link is written through to its target, a pipe, a device or a
folder is refused with a sentence, and a name ending in '/' is a folder, never a file named
like it. The atomic writer and the check before long work (``unwritable_reason``) agree."""
from __future__ import annotations

import os
import stat

import pytest

from perceptron_gui.core.atomic import WriteError, atomic_path, atomic_write_text
from perceptron_gui.core.io import unwritable_reason
from perceptron_gui.core.write_target import same_file, target_problem


def one_sentence(text: str) -> None:
    assert text.endswith(".") and "\n" not in text and "Traceback" not in text, text


def test_a_link_is_written_through_and_stays_a_link(tmp_path):
    real = tmp_path / "runs" / "real.csv"
    real.parent.mkdir()
    real.write_text("old\n")
    link = tmp_path / "latest.csv"
    link.symlink_to(real)
    atomic_write_text(link, "new\n")
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text() == "new\n"
    assert not [p for p in real.parent.iterdir() if p.name.startswith(".")]  # no temporary left


def test_a_chain_of_links_and_a_dangling_link_write_their_final_target(tmp_path):
    real = tmp_path / "real.json"
    real.write_text("old")
    (tmp_path / "b.json").symlink_to("real.json")  # relative, as `ln -s` makes them
    (tmp_path / "a.json").symlink_to("b.json")
    atomic_write_text(tmp_path / "a.json", "new")
    assert real.read_text() == "new" and (tmp_path / "a.json").is_symlink()
    dangling = tmp_path / "later.json"
    dangling.symlink_to(tmp_path / "made.json")
    atomic_write_text(dangling, "made")
    assert dangling.is_symlink() and (tmp_path / "made.json").read_text() == "made"


def test_atomic_path_writes_through_a_link(tmp_path):
    real = tmp_path / "fig.png"
    real.write_bytes(b"old")
    link = tmp_path / "slide.png"
    link.symlink_to(real)
    with atomic_path(link) as tmp:
        assert tmp.parent == tmp_path
        tmp.write_bytes(b"new")
    assert link.is_symlink() and real.read_bytes() == b"new"


@pytest.mark.parametrize("how", ["fifo", "link to a fifo", "link to a device", "folder"])
def test_a_target_that_is_not_a_regular_file_is_refused_and_kept(tmp_path, how):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    target = {"fifo": fifo, "folder": tmp_path / "sub"}.get(how, tmp_path / "stdout")
    if how == "link to a fifo":
        target.symlink_to(fifo)  # what /dev/stdout is when the output is piped
    elif how == "link to a device":
        target.symlink_to(os.devnull)
    elif how == "folder":
        target.mkdir()
    with pytest.raises(WriteError) as err:
        atomic_write_text(target, "x")
    one_sentence(str(err.value))
    assert "give" in str(err.value)
    assert unwritable_reason(str(target)) == str(err.value)
    assert stat.S_ISFIFO(fifo.lstat().st_mode)  # nothing took the pipe's place
    if how.startswith("link"):
        assert target.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({"pipe", target.name})


def test_a_device_named_directly_is_refused():
    # /dev/stdout itself is whatever pytest made of it (a file): /dev/null is a device everywhere.
    problem = target_problem(os.devnull)
    assert problem is not None and problem.startswith(f"{os.devnull} is a device")
    one_sentence(problem)


def test_a_trailing_slash_names_a_folder_and_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("newdir/", str(tmp_path / "newdir") + "/"):
        with pytest.raises(WriteError) as err:
            atomic_write_text(name, "x")
        one_sentence(str(err.value))
        assert "ends in '/'" in str(err.value)
        assert unwritable_reason(name) == str(err.value)
    assert list(tmp_path.iterdir()) == []


def test_a_regular_file_or_a_new_name_has_no_problem(tmp_path):
    (tmp_path / "a.csv").write_text("1")
    assert target_problem(tmp_path / "a.csv") is None
    assert target_problem(tmp_path / "b.csv") is None
    assert unwritable_reason(tmp_path / "b.csv") is None


def test_same_file_sees_links_hard_links_and_spellings(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    data = tmp_path / "in.csv"
    data.write_text("1,1\n")
    os.link(data, tmp_path / "hard.csv")
    (tmp_path / "soft.csv").symlink_to(data)
    for other in ("in.csv", "./in.csv", str(data), "hard.csv", "soft.csv", "sub/../in.csv"):
        (tmp_path / "sub").mkdir(exist_ok=True)
        assert same_file(other, data), other
    assert not same_file("out.csv", data)
