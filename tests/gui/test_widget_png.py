"""A dock's Export PNG… writes through the one atomic writer: a full disk leaves the old file
whole and says one sentence, and a link is written through to its file."""
from __future__ import annotations

import errno
import os

from PySide6 import QtGui, QtWidgets

from perceptron_gui.gui.kit.widget_png import save_widget_png


def a_widget(qtbot) -> QtWidgets.QWidget:
    w = QtWidgets.QLabel("weights")
    w.resize(120, 80)
    qtbot.addWidget(w)
    return w


def test_a_full_disk_keeps_the_old_png_and_says_one_sentence(qtbot, tmp_path, monkeypatch):
    out = tmp_path / "w.png"
    out.write_bytes(b"the old picture")
    said: list[str] = []
    monkeypatch.setattr(QtWidgets.QMessageBox, "warning", lambda parent, title, text: said.append(text))

    def full(fd, data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "write", full)
    assert not save_widget_png(None, a_widget(qtbot), out, "Export", "w.png")
    monkeypatch.undo()
    assert out.read_bytes() == b"the old picture"
    assert said == ["Could not write w.png: the disk is full; free some space or choose another folder."]
    assert [p.name for p in tmp_path.iterdir()] == ["w.png"]  # no temporary left


def test_a_link_is_written_through(qtbot, tmp_path):
    real = tmp_path / "figures" / "w.png"
    real.parent.mkdir()
    real.write_bytes(b"old")
    link = tmp_path / "slide.png"
    link.symlink_to(real)
    assert save_widget_png(None, a_widget(qtbot), link, "Export", "w.png")
    assert link.is_symlink()
    picture = QtGui.QImage(str(real))
    assert not picture.isNull() and picture.width() >= 120
