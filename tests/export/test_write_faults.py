"""Issue 7, 5.3: a full disk (or an I/O error, or a painter that fails) while exporting never
destroys the previous file and never reports success — in the library call, in
``perceptron-gui export`` (exit 2, one sentence) and in the window (a sentence, not "Exported")."""
from __future__ import annotations

import errno

import numpy as np
import pytest
from PySide6 import QtGui

from perceptron_gui.cli import main
from perceptron_gui.core import atomic
from perceptron_gui.core.atomic import TEMP_SUFFIX, WriteError
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.io import write_csv
from perceptron_gui.core.runio import write_run_json, write_updates_csv
from perceptron_gui.gui.figures import animation as animation_module
from perceptron_gui.gui.figures.animation import AnimationSettings, write_animation
from perceptron_gui.gui.figures.plots import ExportSession, export_figure
from perceptron_gui.session.session import Session

OLD = b"the figure from last week\n"
FULL = "Could not write {}: the disk is full; free some space or choose another folder."


def trained() -> Session:
    s = Session()
    s.load_dataset(Dataset.from_arrays(np.array([[1.0, 3.0], [2.5, 1.5], [-1.5, 1.5]]), np.array([1.0, 1.0, -1.0])))
    s.wait()
    s.to_end()
    return s


@pytest.fixture
def session(qapp) -> Session:
    return trained()


def disk_full(monkeypatch) -> None:
    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(atomic.os, "write", full)


def old_file(tmp_path, name: str):
    p = tmp_path / name
    p.write_bytes(OLD)
    return p


def no_temporaries(folder) -> bool:
    return not [p for p in folder.iterdir() if p.name.endswith(TEMP_SUFFIX) or ".part" in p.name]


@pytest.mark.parametrize("name", ["fig.svg", "fig.pdf", "fig.png", "fig.tex"])
def test_a_full_disk_keeps_the_old_figure(session, tmp_path, monkeypatch, name):
    p = old_file(tmp_path, name)
    disk_full(monkeypatch)
    with pytest.raises(WriteError) as err:
        export_figure(ExportSession.from_session(session), p, width=400)
    assert str(err.value) == FULL.format(name)
    assert p.read_bytes() == OLD and no_temporaries(tmp_path)


@pytest.mark.parametrize("fmt", ["svg", "pdf"])
def test_a_painter_that_fails_to_end_is_an_error_not_an_empty_file(session, tmp_path, monkeypatch, fmt):
    p = old_file(tmp_path, f"fig.{fmt}")
    real_end = QtGui.QPainter.end
    monkeypatch.setattr(QtGui.QPainter, "end", lambda self: real_end(self) and False)
    with pytest.raises(WriteError, match=rf"^Could not write fig\.{fmt}: the {fmt.upper()} painter failed"):
        export_figure(ExportSession.from_session(session), p)
    assert p.read_bytes() == OLD and no_temporaries(tmp_path)


@pytest.mark.parametrize("name, write", [
    ("run.json", lambda s, p: write_run_json(p, s.result.record, s.result.theory, s.result.train, s.result.test)),
    ("updates.csv", lambda s, p: write_updates_csv(p, s.result.record, s.result.train, s.result.theory)),
    ("data.csv", lambda s, p: write_csv(s.points.all_dataset(), p)),
])
def test_run_files_and_data_too(session, tmp_path, monkeypatch, name, write):
    p = old_file(tmp_path, name)
    disk_full(monkeypatch)
    with pytest.raises(WriteError, match="the disk is full"):
        write(session, p)
    assert p.read_bytes() == OLD and no_temporaries(tmp_path)


def test_a_gif_whose_encoder_hits_a_full_disk_keeps_the_old_file(session, tmp_path, monkeypatch):
    p = old_file(tmp_path, "run.gif")

    def full(self, frames):
        for _ in frames:
            pass
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(animation_module.GifEncoder, "encode", full)
    with pytest.raises(Exception) as err:
        write_animation(ExportSession.from_session(session), p, settings=AnimationSettings(width=200, max_frames=3))
    assert str(err.value) == FULL.format("run.gif")
    assert p.read_bytes() == OLD and no_temporaries(tmp_path)


def test_a_gif_writer_that_writes_nothing_is_an_error(session, tmp_path, monkeypatch):
    p = old_file(tmp_path, "run.gif")
    monkeypatch.setattr(animation_module.GifEncoder, "encode", lambda self, frames: [None for _ in frames])
    with pytest.raises(WriteError, match="the writer made no file"):
        write_animation(ExportSession.from_session(session), p, settings=AnimationSettings(width=200, max_frames=3))
    assert p.read_bytes() == OLD and no_temporaries(tmp_path)


# ---- the command line ------------------------------------------------------------------------------
@pytest.mark.parametrize("option, name", [("--svg", "fig.svg"), ("--pdf", "fig.pdf"), ("--json", "run.json")])
def test_export_command_exits_2_with_the_sentence(qapp, tmp_path, monkeypatch, capsys, option, name):
    data = tmp_path / "three.csv"
    data.write_text("x1,x2,y\n1,3,1\n2.5,1.5,1\n-1.5,1.5,-1\n")
    p = old_file(tmp_path, name)
    disk_full(monkeypatch)
    code = main(["export", str(data), "--algorithm", "offset", option, str(p)])
    err = capsys.readouterr()
    assert code == 2
    assert err.err.strip() == FULL.format(name) and "Wrote" not in err.out
    assert p.read_bytes() == OLD and no_temporaries(tmp_path)


def test_run_command_exits_2_with_the_sentence(tmp_path, monkeypatch, capsys):
    data = tmp_path / "three.csv"
    data.write_text("x1,x2,y\n1,3,1\n2.5,1.5,1\n-1.5,1.5,-1\n")
    p = old_file(tmp_path, "run.json")
    disk_full(monkeypatch)
    code = main(["run", str(data), "--algorithm", "offset", "--out", str(p)])
    err = capsys.readouterr()
    assert code == 2 and err.err.strip() == FULL.format("run.json") and "Traceback" not in err.err
    assert p.read_bytes() == OLD
