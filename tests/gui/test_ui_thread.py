"""Results cross from workers to the window's thread; Qt objects never cross (gui/kit/ui_thread.py)."""
from __future__ import annotations

import gc
import sys
import threading
import weakref

from PySide6 import QtCore, QtWidgets

from perceptron_gui.core import collector
from perceptron_gui.core.workers import background_thread
from perceptron_gui.gui.kit import ui_thread


class _Receiver(QtCore.QObject):
    def __init__(self) -> None:
        super().__init__()
        self.got: list[tuple[object, bool]] = []

    def take(self, value: object) -> None:
        self.got.append((value, threading.current_thread() is threading.main_thread()))


def _run_on_worker(fn) -> None:
    t = background_thread(fn, "ui-thread-test", housekeeping=False)
    t.start()
    t.join()


def test_a_ui_call_from_a_worker_runs_on_the_windows_thread(qtbot) -> None:
    r = _Receiver()
    call = ui_thread.ui_call(r.take)
    _run_on_worker(lambda: call(42))
    qtbot.waitUntil(lambda: r.got != [])
    assert r.got == [(42, True)]


def test_a_ui_call_holds_its_object_weakly_and_a_late_call_is_dropped(qtbot) -> None:
    r = _Receiver()
    gone = weakref.ref(r)
    call = ui_thread.ui_call(r.take)
    del r
    gc.collect()
    assert gone() is None  # the call kept nothing alive
    _run_on_worker(lambda: call("late"))
    marker = _Receiver()
    ui_thread.post(lambda: marker.take("after"))  # posted later, delivered later
    qtbot.waitUntil(lambda: marker.got != [])  # the late call was delivered before it, to nobody


def test_a_deleted_qt_object_gets_no_call(qtbot) -> None:
    r = _Receiver()
    call = ui_thread.ui_call(r.take)
    r.deleteLater()
    qtbot.waitUntil(lambda: not __import__("shiboken6").isValid(r))
    _run_on_worker(lambda: call(1))
    marker = _Receiver()
    ui_thread.post(lambda: marker.take("after"))
    qtbot.waitUntil(lambda: marker.got != [])
    assert r.got == []


def test_the_poster_belongs_to_the_application_and_collects_on_its_thread(qtbot) -> None:
    ui_thread.install()
    poster = ui_thread._POSTER
    assert poster is not None and poster.parent() is QtWidgets.QApplication.instance()
    assert poster.collecting.isActive() and poster.collecting.interval() == ui_thread.COLLECT_EVERY_MS
    assert not gc.isenabled() and collector.owner_thread() is threading.main_thread()


def test_a_background_job_hands_its_worker_no_qt_object(qtbot, monkeypatch) -> None:
    from perceptron_gui.gui.kit.background_job import BackgroundJob

    handed: list[object] = []
    import perceptron_gui.gui.kit.background_job as bj

    real = bj.background_thread

    def watching(target, name, *, housekeeping):
        handed.append(target)
        return real(target, name, housekeeping=housekeeping)  # refuses a Qt object itself
    monkeypatch.setattr(bj, "background_thread", watching)

    class Job(BackgroundJob):
        what = "The test job"

        def work(self):
            return lambda progress, stop: (progress(1, 1), "done")[1]

    job = Job()
    job.start()
    job.wait(60)
    qtbot.waitUntil(lambda: job.state == "done")
    assert job.result == "done" and len(handed) == 1


def test_a_cycle_holding_a_widget_is_freed_on_the_windows_thread_not_where_a_worker_allocates(qtbot) -> None:
    """What aborted the suite: a closed window's widgets in a reference cycle, collected by the
    automatic collection on whichever thread allocated next — a worker's — and so destroyed
    there. With collection on the window's thread only, a worker's allocations free nothing."""
    freed_on: list[str] = []
    widget = QtWidgets.QWidget()
    widget.me = widget  # type: ignore[attr-defined]  # a cycle, as a widget's lambdas over itself make
    ref = weakref.ref(widget, lambda r: freed_on.append(threading.current_thread().name))
    del widget

    def allocate() -> None:
        junk = [[] for _ in range(100_000)]  # many times the automatic collection's threshold
        del junk
    _run_on_worker(allocate)
    assert freed_on == [] and ref() is not None
    gc.collect()  # here, on the window's thread (the window's timer or the suite between tests)
    assert freed_on == [threading.main_thread().name]


class _Named(QtWidgets.QWidget):
    """A widget whose overrides read its Python state, as pyqtgraph's items do."""

    def __init__(self, name: str, seen: list[str]) -> None:
        super().__init__()
        self.name, self.seen = name, seen

    def hideEvent(self, ev) -> None:  # noqa: N802 (Qt's name)
        self.seen.append(self.name)  # "no attribute 'name'" if its wrapper were cleared first


def test_a_dropped_window_in_a_cycle_is_torn_down_by_qt_with_its_state_intact(qtbot, monkeypatch) -> None:
    ui_thread.install()
    collector.collect(2)  # older garbage first: only this window's cycle is left below
    seen: list[str] = []
    errors: list[BaseException] = []
    monkeypatch.setattr(sys, "excepthook", lambda *exc: errors.append(exc[1]))
    parts = [_Named(f"part {i}", seen) for i in range(3)]  # tracked before their window
    window = QtWidgets.QWidget()
    layout = QtWidgets.QVBoxLayout(window)
    for part in parts:
        layout.addWidget(part)
        part.window_ = window  # each part and the window in one cycle
    window.show()
    qtbot.waitExposed(window)
    gone = weakref.ref(window)
    del window, layout, part, parts
    seen.clear()
    assert collector.collect(2) > 0
    assert gone() is None and errors == []
    # Qt hid each part as it deleted the window, and each override still found its name.
    assert sorted(seen) == ["part 0", "part 1", "part 2"]
