"""No command writes over what it reads: an output that is the same file as an input (by name,
link, hard link or another spelling) is one sentence and exit 2, with nothing written; so is
two outputs naming one file, an output that is a pipe or a device, and a name ending in '/'."""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from perceptron_gui.cli import main
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.session.session import Session
from perceptron_gui.session.session_file import save_session

THREE = "x1,x2,y\n1,3,1\n2.5,1.5,1\n-1.5,1.5,-1\n"  # notes 003


def snapshot(folder: Path) -> dict[str, tuple[int, bytes]]:
    """Every entry of ``folder``: its inode and content (a replaced file has a new inode)."""
    out = {}
    for p in sorted(folder.iterdir()):
        st = p.lstat()
        out[p.name] = (st.st_ino, p.read_bytes() if p.is_file() and not p.is_symlink() else b"")
    return out


@pytest.fixture
def folder(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "in.csv").write_text(THREE)
    (tmp_path / "test.csv").write_text(THREE)
    os.link(tmp_path / "in.csv", tmp_path / "hard.csv")
    (tmp_path / "soft.csv").symlink_to("in.csv")
    s = Session()
    s.load_dataset(Dataset.from_arrays(np.array([[1.0, 3.0], [2.5, 1.5], [-1.5, 1.5]]),
                                       np.array([1.0, 1.0, -1.0]), ["x1", "x2"]), "three")
    s.wait()
    save_session(s, tmp_path / "s.perceptron.json")
    return tmp_path


def refused(capsys, folder: Path, *args: str) -> str:
    before = snapshot(folder)
    code = main(list(args))
    cap = capsys.readouterr()
    assert code == 2, cap.err
    assert snapshot(folder) == before  # nothing written, nothing replaced
    err = cap.err.strip()
    assert err.endswith(".") and "\n" not in err and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("args", [
    ["run", "in.csv", "--algorithm", "offset", "--out", "in.csv"],
    ["run", "in.csv", "--algorithm", "offset", "--csv", "in.csv"],
    ["run", "in.csv", "--algorithm", "offset", "--csv", "./sub/../in.csv"],
    ["run", "in.csv", "--algorithm", "offset", "--csv", "hard.csv"],
    ["run", "in.csv", "--algorithm", "offset", "--csv", "soft.csv"],
    ["run", "in.csv", "--algorithm", "offset", "--test", "test.csv", "--out", "test.csv"],
    ["export", "in.csv", "--algorithm", "offset", "--csv", "in.csv"],
    ["export", "in.csv", "--algorithm", "offset", "--test", "test.csv", "--json", "test.csv"],
    ["export", "s.perceptron.json", "--json", "s.perceptron.json"],
    ["export", "s.perceptron.json", "--tikz", "x.tex", "--json", "{abs}/s.perceptron.json"],
    ["study", "in.csv", "--algorithm", "offset", "--seeds", "3", "--csv", "hard.csv"],
], ids=lambda a: " ".join(a))
def test_an_output_onto_an_input_is_refused(capsys, folder, args):
    (folder / "sub").mkdir()
    args = [a.replace("{abs}", str(folder)) for a in args]
    err = refused(capsys, folder, *args)
    option = next(a for a in args if a.startswith("--") and a not in ("--algorithm", "--test", "--seeds", "--tikz"))
    assert err.startswith(f"{option} ") and "same file as" in err and f"give {option} another file name" in err


def test_the_windows_screenshot_onto_the_file_it_opens_is_refused(capsys, folder):
    err = refused(capsys, folder, "in.csv", "--screenshot", "hard.csv")
    assert err.startswith("--screenshot hard.csv is the same file as the file to open in.csv")


def test_two_outputs_that_are_one_file_are_refused(capsys, folder):
    (folder / "a.csv").write_text("old")
    os.link(folder / "a.csv", folder / "b.csv")
    err = refused(capsys, folder, "run", "in.csv", "--algorithm", "offset", "--out", "a.csv", "--csv", "b.csv")
    assert err == "--out and --csv name the same file (b.csv); give each its own."


@pytest.mark.parametrize("args,fragment", [
    (["export", "in.csv", "--algorithm", "offset", "--png", "newdir/"], "newdir/ ends in '/'"),
    (["export", "in.csv", "--algorithm", "offset", "--csv", "pipe"], "pipe is a named pipe (FIFO)"),
    # A link to the device, never the device itself: run as root, a regression would rename a file over /dev/null.
    (["run", "in.csv", "--algorithm", "offset", "--out", "stdout"], "stdout is a device"),
    (["run", "in.csv", "--algorithm", "offset", "--csv", "out/"], "out/ ends in '/'"),
])
def test_an_output_that_is_no_regular_file_is_refused_before_the_run(capsys, folder, args, fragment):
    os.mkfifo(folder / "pipe")
    (folder / "stdout").symlink_to(os.devnull)
    err = refused(capsys, folder, *args)
    assert err.startswith(fragment) and "give" in err
    assert not (folder / "newdir").exists() and not (folder / "out").exists()


def test_an_output_through_a_link_replaces_the_links_file(capsys, folder):
    (folder / "runs").mkdir()
    (folder / "runs" / "updates.csv").write_text("old")
    (folder / "latest.csv").symlink_to("runs/updates.csv")
    assert main(["run", "in.csv", "--algorithm", "offset", "--csv", "latest.csv"]) == 0, capsys.readouterr().err
    assert (folder / "latest.csv").is_symlink()
    assert (folder / "runs" / "updates.csv").read_text().startswith("k,")
    assert (folder / "in.csv").read_text() == THREE
