"""One scenario of bench_big_window.py, in its own process: the window, the probe, the actions.

Not run by itself: ``bench_big_window.py`` starts this with ``--child SCENARIO`` and reads the
rows it prints. See that file's docstring for what is measured and why. Two aids, by
environment variable: ``BENCH_WATCHDOG=1`` samples every thread's stack while the window's
thread is blocked (:mod:`ui_watchdog`); ``BENCH_PROFILE_OUT=PREFIX`` writes the ``--profile``
action's whole cProfile to ``PREFIX-ACTION-ALGORITHM.pstats``.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import resource
import statistics
import time
from array import array
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

import numpy as np
from PySide6 import QtCore, QtGui, QtWidgets

from perceptron_gui.gui.app.application import freeze_startup_heap, make_window, set_up_own_process

Qt = QtCore.Qt
QEvent = QtCore.QEvent
WAIT = QtCore.QEventLoop.ProcessEventsFlag.WaitForMoreEvents


class Probe(QtCore.QObject):
    """A 1 ms timer on the UI thread that stamps each firing; a gap between stamps is a block."""

    def __init__(self) -> None:
        super().__init__()
        self.stamps = array("d")
        self.timer = QtCore.QTimer(self)
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(1)
        self.timer.timeout.connect(lambda: self.stamps.append(time.perf_counter()))

    def gaps(self, t0: float, t1: float) -> list[float]:
        """Gaps (ms) between the stamps in [t0, t1], the window's ends included as stamps: a
        call made from this script (not from the event loop) is a block as long as the call."""
        inside = [t0, *(s for s in self.stamps if t0 < s < t1), t1]
        return [1000 * (b - a) for a, b in zip(inside, inside[1:])]


def pump(ok: Callable[[], bool], timeout: float) -> bool:
    """Run the event loop until ``ok()`` or ``timeout`` seconds; True when ``ok()``."""
    deadline = time.perf_counter() + timeout
    while not ok():
        if time.perf_counter() > deadline:
            return False
        QtWidgets.QApplication.processEvents(WAIT)  # the probe's 1 ms timer wakes it up
    return True


def paint_twice() -> None:
    # Qt paints what a change made dirty when the loop runs; a second pass catches updates
    # the first one scheduled (as bench_window.py does).
    QtWidgets.QApplication.processEvents()
    QtWidgets.QApplication.processEvents()


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux


class Bench:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.app = QtWidgets.QApplication.instance() or QtWidgets.QApplication([])
        self.rows: list[dict[str, Any]] = []
        self.win = make_window("random_noisy", args.algorithm)
        self.win.resize(1600, 1000)
        self.win.show()
        self.s = self.win.session
        self.s.set_param("max_epochs", args.epochs)
        pump(lambda: self.win.file_actions.autosaver is not None, 10.0)  # started on the loop's first turn
        freeze_startup_heap()  # as run_app does once the window is up
        set_up_own_process()  # as run_app does before the window
        self.probe = Probe()
        self.probe.timer.start()
        if os.environ.get("BENCH_WATCHDOG"):  # where the window's thread is while blocked
            import threading

            from ui_watchdog import Watchdog
            self.watchdog = Watchdog(self.probe, threading.get_ident())

    def row(self, scenario: str, times_s: list[float] | None, t0: float, t1: float, note: str = "",
            is_step: bool = False, error: str = "") -> None:
        gaps = sorted(self.probe.gaps(t0, t1))
        ms = [1000 * t for t in times_s] if times_s else None
        self.rows.append({
            "scenario": f"{scenario} ({self.args.algorithm})" if self.args.child == "playback" else scenario,
            "median_ms": statistics.median(ms) if ms else None, "max_ms": max(ms) if ms else None,
            "block_ms": gaps[-1], "p99_ms": gaps[min(len(gaps) - 1, int(0.99 * len(gaps)))],
            "rss_mb": rss_mb(), "note": note, "is_step": is_step, "error": error})

    def profiled(self, name: str, fn: Callable[[], Any]) -> Any:
        if self.args.profile != name:
            return fn()
        prof = cProfile.Profile()
        out = prof.runcall(fn)
        if os.environ.get("BENCH_PROFILE_OUT"):  # the whole profile, for pstats or snakeviz
            prof.dump_stats(f"{os.environ['BENCH_PROFILE_OUT']}-{name}-{self.args.algorithm}.pstats")
        # By cumulative time the first rows are the event loop's plumbing (processEvents, emit):
        # 25 rows reach the work; by own time, the 10 where it is spent.
        for order, rows in (("cumulative", 25), ("tottime", 10)):
            text = io.StringIO()
            pstats.Stats(prof, stream=text).sort_stats(order).print_stats(rows)
            print(f"cProfile of {name} ({self.args.algorithm}), top {rows} by {order}:")
            print("\n".join(line for line in text.getvalue().splitlines() if line.strip())[-9000:])
        return out

    def phase(self, name: str) -> None:
        if hasattr(self, "watchdog"):
            self.watchdog.phase = name

    # ---- load and train (every scenario starts so) ---------------------------------------------
    def load_and_train(self) -> bool:
        n, s = self.args.n, self.s
        fa = self.win.file_actions
        t0 = time.perf_counter()
        self.phase("open")
        fa.open_csv(self.args.csv)
        loaded = self.profiled("open", lambda: pump(lambda: s.points.n == n and not fa.reading, self.args.timeout))
        t1 = time.perf_counter()
        self.row("open CSV (File → Open)", [t1 - t0], t0, t1, note=f"{n:,} rows",
                 error="" if loaded else "not loaded")
        if not loaded:
            return False
        self.phase("train")
        trained = self.profiled("train", lambda: pump(
            lambda: (not s.busy and s.run is not None and s.run.n == n) or s.error is not None, self.args.timeout))
        t2 = time.perf_counter()
        K = s.run.num_updates if trained and s.run is not None else 0
        error = s.error or ("" if trained else f"no run after {self.args.timeout:.0f} s")
        self.row("train after the open", [t2 - t1], t1, t2, note=f"{K:,} updates", error=error or "")
        if error:
            s.cancel()
        return not error

    # ---- the scenarios --------------------------------------------------------------------------
    def playback(self) -> None:
        s, acts = self.s, self.win.actions_by_name
        K = s.run.num_updates
        t0 = time.perf_counter()
        self.profiled("jump", lambda: (s.jump_to_update(K // 2), paint_twice()))  # with its repaint
        t1 = time.perf_counter()
        self.row("jump to k = K/2 (slider)", [t1 - t0], t0, t1)
        times = []
        t_all = time.perf_counter()
        for i in range(30):
            if time.perf_counter() - t_all > self.args.step_budget:
                break  # a step of many seconds: the few done say enough, and the run must end
            t0 = time.perf_counter()

            def one_step() -> None:
                acts["next_update"].trigger()
                paint_twice()
            self.profiled("step", one_step) if i == 1 else one_step()  # the 2nd: the 1st pays for warm-up
            times.append(time.perf_counter() - t0)
        t1 = time.perf_counter()
        cut = "" if len(times) == 30 else f" (stopped after {len(times)} of 30: over {self.args.step_budget:.0f} s)"
        self.row("30 steps (→, Next update)", times, t_all, t1, is_step=True, note=f"k = {s.k:,} of {K:,}{cut}")
        self.play()

    def play(self) -> None:
        s = self.s
        s.jump_to_update(s.run.num_updates // 4)
        paint_twice()
        vp = self.win.canvas.plot.viewport()
        paints = [0]

        class Count(QtCore.QObject):
            def eventFilter(self, obj: QtCore.QObject, ev: QtCore.QEvent) -> bool:  # noqa: N802
                if ev.type() == QEvent.Type.Paint:
                    paints[0] += 1
                return False

        counter = Count()
        vp.installEventFilter(counter)
        s.set_play_speed(60.0)
        self.win.playback.speed.setValue(60.0)
        k0 = s.k
        t0 = time.perf_counter()
        self.win.actions_by_name["play"].trigger()
        self.profiled("play", lambda: pump(lambda: time.perf_counter() - t0 >= 3.0 or not s.playing, 4.0))
        t1 = time.perf_counter()
        self.win.actions_by_name["play"].trigger() if s.playing else None
        vp.removeEventFilter(counter)
        steps = s.k - k0
        self.row("play 3 s at 60 steps/s", None, t0, t1,
                 note=f"{steps / (t1 - t0):.1f} steps/s, {paints[0] / (t1 - t0):.1f} canvas paints/s (target 60)")

    def _px(self, x: float, y: float) -> QtCore.QPointF:
        c = self.win.canvas
        return QtCore.QPointF(c.plot.mapFromScene(c.view_box.mapViewToScene(QtCore.QPointF(x, y))))

    def _mouse(self, kind: QEvent.Type, pos: QtCore.QPointF, buttons: Qt.MouseButton) -> None:
        vp = self.win.canvas.plot.viewport()
        button = Qt.MouseButton.LeftButton if kind != QEvent.Type.MouseMove else Qt.MouseButton.NoButton
        ev = QtGui.QMouseEvent(kind, pos, vp.mapToGlobal(pos), button, buttons, Qt.KeyboardModifier.NoModifier)
        QtWidgets.QApplication.sendEvent(vp, ev)

    def _show_range(self) -> None:
        self.win.canvas.view_box.setRange(xRange=(-1.2, 1.2), yRange=(-1.2, 1.2), padding=0)
        paint_twice()

    def select(self) -> None:
        self._show_range()
        s, L = self.s, Qt.MouseButton.LeftButton
        if s.points.d != 2:  # the canvas draws a projection: select the first row, as its table row's click does
            t0 = time.perf_counter()
            self.profiled("select", lambda: (s.select([0]), paint_twice()))
            t1 = time.perf_counter()
            self.row("select a point (row 1)", [t1 - t0], t0, t1, note=f"selected {s.selection.size}",
                     error="" if s.selection.size else "nothing selected")
            return
        x, y = (float(v) for v in s.points.X[0])
        t0 = time.perf_counter()

        def click() -> None:
            self._mouse(QEvent.Type.MouseButtonPress, self._px(x, y), L)
            self._mouse(QEvent.Type.MouseButtonRelease, self._px(x, y), Qt.MouseButton.NoButton)
            paint_twice()
        self.profiled("select", click)
        t1 = time.perf_counter()
        self.row("select a point (click)", [t1 - t0], t0, t1, note=f"selected {s.selection.size}",
                 error="" if s.selection.size else "nothing selected")

    def drag(self) -> None:
        s, L, Move = self.s, Qt.MouseButton.LeftButton, QEvent.Type.MouseMove
        c = self.win.canvas
        x0, y0 = (float(v) for v in c.view_points[0])  # where row 0 is drawn (wide data: its place in PCA)
        if s.points.d <= 2:
            self._show_range()
            u = 1.0
        else:  # the plane's view and moves, scaled to the spread of the points as drawn
            u = float(np.ptp(c.view_points[:, 0])) / 4 / 1.2
            c.view_box.setRange(xRange=(x0 - 1.2 * u, x0 + 1.2 * u), yRange=(y0 - 1.2 * u, y0 + 1.2 * u), padding=0)
            paint_twice()
        before = s.points.X.copy()  # the press takes the point drawn nearest, not always row 0
        t_press = time.perf_counter()
        self._mouse(QEvent.Type.MouseButtonPress, self._px(x0, y0), L)
        # pyqtgraph starts a drag after a few pixels or half a second: let the loop run that long.
        pump(lambda: time.perf_counter() - t_press > 0.6, 1.0)
        self._mouse(Move, self._px(x0 + 0.005 * u, y0), L)
        paint_twice()
        if not s.dragging:
            self.row("drag one point (mouse moves)", None, t_press, time.perf_counter(), error="no drag started")
            return
        times, t_all, last = [], time.perf_counter(), 0.0
        for i in range(10):
            # pyqtgraph drops moves closer than 10 ms apart: wait that out, running the loop.
            pump(lambda last=last: time.perf_counter() - last > 0.012, 1.0)
            t0 = time.perf_counter()

            def move(i: int = i) -> None:
                self._mouse(Move, self._px(x0 + 0.01 * u * (i + 1), y0 + 0.005 * u * (i + 1)), L)
                paint_twice()
            self.profiled("drag", move) if i == 5 else move()
            times.append(time.perf_counter() - t0)
            last = time.perf_counter()
        self._mouse(QEvent.Type.MouseButtonRelease, self._px(x0 + 0.1 * u, y0 + 0.05 * u), Qt.MouseButton.NoButton)
        paint_twice()
        t1 = time.perf_counter()
        n = self.args.n
        settled = pump(lambda: not s.busy and s.run is not None and s.run.n == n, self.args.timeout)
        t2 = time.perf_counter()
        self.row("drag one point (10 moves)", times, t_all, t1, note=f"{_moved(before, s.points.X)}")
        self.row("re-train after the drag", [t2 - t1], t1, t2, error="" if settled else "no run")

    def save(self, tmp: Path) -> None:
        target = tmp / "big.perceptron.json"
        t0 = time.perf_counter()

        def save_and_wait() -> bool:  # profiled whole: what the window's thread does meanwhile
            with mock.patch.object(QtWidgets.QFileDialog, "getSaveFileName", return_value=(str(target), "")):
                self.win.file_actions.actions["save_session"].trigger()
            return pump(lambda: target.exists(), self.args.timeout)
        there = self.profiled("save", save_and_wait)
        t1 = time.perf_counter()
        size = target.stat().st_size / 1e6 if there else 0.0
        self.row("save session (File → Save session)", [t1 - t0], t0, t1,
                 note=f"file there after {t1 - t0:.2f} s, {size:.0f} MB", error="" if there else "no file")

    def autosave(self) -> None:
        s, n = self.s, self.args.n
        aus = self.win.file_actions.autosaver
        aus.wait_idle(self.args.timeout)  # the load's base is written (not measured)
        for nth in ("1st", "2nd"):
            saves = aus.saves
            s.select([1])
            t0 = time.perf_counter()
            # Profiled with its repaint: both hold the window's thread in one block.
            self.profiled("autosave", lambda: (self.win.actions_by_name["delete"].trigger(), paint_twice()))
            t_edit = time.perf_counter()
            landed = pump(lambda saves=saves: aus.saves > saves, self.args.timeout)
            t_saved = time.perf_counter()
            # The block is measured until the re-trained run is shown too: it is part of the edit.
            trained = pump(lambda n=n: not s.busy and s.run is not None and s.run.n == n - 1, self.args.timeout)
            t1 = time.perf_counter()
            n -= 1
            self.row(f"edit (Delete a point) + autosave, {nth}", [t_edit - t0], t0, t1,
                     note=f"autosave written {t_saved - t0:.2f} s after the edit, re-trained run shown after {t1 - t0:.2f} s",
                     error="" if landed and trained else "no autosave" if not landed else "no run")

    def idle(self) -> None:
        pump(lambda: not self.s.busy, self.args.timeout)
        # "Nothing happening": the load's autosave (60 MB of JSON at 10⁶ points, written by a
        # worker for several seconds) is over, and so are the repaints.
        self.win.file_actions.autosaver.wait_idle(self.args.timeout)
        t = time.perf_counter()
        pump(lambda: time.perf_counter() - t > 1.0, 2.0)
        self.probe.timer.stop()  # the probe would be the only CPU user
        loop = QtCore.QEventLoop()
        QtCore.QTimer.singleShot(10_000, loop.quit)
        c0, t0 = time.process_time(), time.perf_counter()
        loop.exec()
        cpu, wall = time.process_time() - c0, time.perf_counter() - t0
        self.probe.timer.start()
        self.rows.append({"scenario": "idle 10 s (nothing happening)", "median_ms": None, "max_ms": None,
                          "block_ms": None, "p99_ms": None, "rss_mb": rss_mb(),
                          "note": f"CPU {1000 * cpu:.0f} ms in {wall:.1f} s = {100 * cpu / wall:.1f} % of a core",
                          "idle_cpu_pct": 100 * cpu / wall, "error": ""})


def _moved(before: Any, after: Any) -> str:
    if before.shape != after.shape:
        return "rows changed"
    rows = (before != after).any(axis=1).nonzero()[0]
    if rows.size == 0:
        return "NOTHING MOVED"
    return f"moved row {rows[0]} by {float(((after[rows[0]] - before[rows[0]]) ** 2).sum() ** 0.5):.2f}"


def run_child(args: argparse.Namespace) -> list[dict[str, Any]]:
    import tempfile
    b = Bench(args)
    if b.load_and_train():
        with tempfile.TemporaryDirectory(prefix="bench-big-save-") as tmp:
            kind = args.child
            b.phase(kind)
            {"playback": b.playback, "select": b.select, "drag": b.drag, "save": lambda: b.save(Path(tmp)),
             "autosave": b.autosave, "idle": b.idle}[kind]()
    b.probe.timer.stop()
    if hasattr(b, "watchdog"):
        b.watchdog.report()
    b.win.file_actions.ask_close = lambda: "discard"
    b.win.close()
    if args.child != "playback":  # the open and the run are reported once per algorithm, by playback
        b.rows = [r for r in b.rows[2:]] if len(b.rows) > 2 else b.rows
    return b.rows
