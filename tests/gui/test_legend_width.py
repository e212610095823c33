"""Stepping does not resize the plot: the legend column is as wide as its longest entry from the
start (an entry joining it narrowed the view, and the aspect lock then moved the y range)."""
from __future__ import annotations

from PySide6 import QtCore


def test_the_view_keeps_its_width_while_stepping(make_main_window) -> None:
    win = make_main_window("random_noisy", "offset")
    s, vb = win.session, win.canvas.view_box
    s.to_start()
    QtCore.QCoreApplication.processEvents()
    width = vb.size().width()
    for _ in range(6):
        s.step("update", 1)
        QtCore.QCoreApplication.processEvents()
        assert vb.size().width() == width
    s.to_end()
    QtCore.QCoreApplication.processEvents()
    assert vb.size().width() == width
