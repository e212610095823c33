"""The view scenarios of bench_big_window.py, in their own process: zoom (the wheel) and resize
(the window, and the message strip showing and going), each a change of the canvas's pixels
that redraws its points. Not run by itself: ``bench_big_window.py --only zoom,resize`` starts
this with ``--child zoom`` (or ``resize``), as it starts big_window_child.py for the others.
"""
from __future__ import annotations

import argparse
import tempfile
import time
from typing import Any

from big_window_child import Bench, paint_twice, pump
from PySide6 import QtCore, QtGui, QtWidgets

Qt = QtCore.Qt
VIEW_SCENARIOS = ("zoom", "resize")


def zoom(b: Bench) -> None:
    """10 wheel steps in, then 10 out, at the canvas's centre; each one painted before the next."""
    vp = b.win.canvas.plot.viewport()
    centre = QtCore.QPointF(vp.width() / 2, vp.height() / 2)
    times = []
    t_all = time.perf_counter()
    for i in range(20):
        pump(lambda: False, 0.02)  # the loop runs between wheel steps, as between a user's
        t0 = time.perf_counter()
        delta = 120 if i < 10 else -120
        ev = QtGui.QWheelEvent(centre, QtCore.QPointF(vp.mapToGlobal(centre)), QtCore.QPoint(0, 0),
                               QtCore.QPoint(0, delta), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                               Qt.ScrollPhase.NoScrollPhase, False)

        def act(ev: QtGui.QWheelEvent = ev) -> None:
            QtWidgets.QApplication.sendEvent(vp, ev)
            paint_twice()
        b.profiled("zoom", act) if i == 5 else act()
        times.append(time.perf_counter() - t0)
    t1 = time.perf_counter()
    (x0, x1), _ = b.win.canvas.view_box.viewRange()
    b.row("zoom (20 wheel steps)", times, t_all, t1, note=f"view {x1 - x0:.2f} wide at the end")


def resize(b: Bench) -> None:
    """The window resized 10 times (1600×1000 ↔ 1500×940), then a message shown and closed 10
    times; each change painted before the next."""
    times = []
    t_all = time.perf_counter()
    for i in range(10):
        pump(lambda: False, 0.02)
        t0 = time.perf_counter()

        def act(size: tuple[int, int] = (1500, 940) if i % 2 == 0 else (1600, 1000)) -> None:
            b.win.resize(*size)
            paint_twice()
        b.profiled("resize", act) if i == 5 else act()
        times.append(time.perf_counter() - t0)
    t1 = time.perf_counter()
    b.row("resize the window (10 times)", times, t_all, t1)
    canvas_size = b.win.canvas.size()
    times, t_all = [], time.perf_counter()
    for i in range(10):
        pump(lambda: False, 0.02)
        t0 = time.perf_counter()
        if i % 2 == 0:
            b.win.banner.show_message("error", "A message of three lines or more: " + "words to read. " * 40)
        else:
            b.win.banner.dismiss()
        paint_twice()
        times.append(time.perf_counter() - t0)
    t1 = time.perf_counter()
    same = b.win.canvas.size() == canvas_size
    b.row("message strip shown / closed (10 times)", times, t_all, t1,
          note="canvas size unchanged" if same else "THE CANVAS WAS RESIZED")


def run_child(args: argparse.Namespace) -> list[dict[str, Any]]:
    b = Bench(args)
    if b.load_and_train():
        with tempfile.TemporaryDirectory(prefix="bench-big-view-"):
            b.win.canvas.fit_view()
            paint_twice()
            {"zoom": zoom, "resize": resize}[args.child](b)
    b.probe.timer.stop()
    b.win.file_actions.ask_close = lambda: "discard"
    b.win.close()
    b.rows = b.rows[2:] if len(b.rows) > 2 else b.rows  # the open and the run: reported by playback
    return b.rows
