"""The window's thread and the workers: results cross over, Qt objects never do.

A Qt object must be created, used and destroyed on the thread that owns it (the window's).
Python frees an object on whichever thread drops its last reference, so a worker that holds
a widget — a bound method handed to a pool, a closure over ``self`` — frees it there if the
window let go of it meanwhile, and Qt aborts ("pure virtual method called") at the next event.
The rules, each kept by one piece of this module:

- a worker is handed Qt-free work and a :func:`ui_call` — a *weak* reference to the method
  that takes the result, callable from any thread — never the widget itself
  (``core.workers`` refuses a Qt object handed to a thread, so a slip fails at once);
- the result reaches the window's thread through one process-wide poster (:func:`post`),
  a QObject owned by the application, which no worker can be the last to release;
- the method is called there only if its object is still alive, as Qt sees it;
- Python's cycle collection, which frees whatever cycles exist on the thread that triggers it,
  runs on this thread only, from the poster's timer (``core/collector.py``);
- a Qt object still alive in the garbage (a dropped window in a cycle with its lambdas) is
  deleted by Qt before Python clears the cycle (:func:`delete_living_qt_objects`), so Qt
  never calls back into a half-cleared wrapper while it tears the window down.
"""
from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from typing import Any

import shiboken6
from PySide6 import QtCore, QtWidgets

from ...core import collector

__all__ = ["UiCall", "install", "post", "ui_call", "delete_living_qt_objects", "COLLECT_EVERY_MS"]

# How often the window's thread collects the cycles that are due. The automatic collection
# would run about as often under allocation; a due generation-0 pass takes well under 1 ms.
COLLECT_EVERY_MS = 500


class _Poster(QtCore.QObject):
    """Carries callables from any thread to the window's thread (a queued signal)."""

    called = QtCore.Signal(object)

    def __init__(self, parent: QtCore.QObject) -> None:
        super().__init__(parent)
        self.called.connect(self._run, QtCore.Qt.ConnectionType.QueuedConnection)
        self.collecting = QtCore.QTimer(self)
        self.collecting.setInterval(COLLECT_EVERY_MS)
        self.collecting.timeout.connect(collector.collect_due)
        self.collecting.start()

    @QtCore.Slot(object)
    def _run(self, fn: Any) -> None:
        fn()


_POSTER: _Poster | None = None
_LOCK = threading.Lock()


def install() -> None:
    """Make the poster on the window's thread (idempotent), and collect cycles on this thread
    only. Called by the window and by every :class:`UiCall` as it is made (both on the
    window's thread), so a worker never has to."""
    global _POSTER
    if _POSTER is not None and shiboken6.isValid(_POSTER):
        collector.collect_on_this_thread()  # again after a show() handed collection back
        return
    app = QtWidgets.QApplication.instance()
    if app is None:
        raise RuntimeError("The window's thread has no QApplication yet.")
    if QtCore.QThread.currentThread() is not app.thread():
        raise RuntimeError("The poster must be made on the window's thread.")
    collector.collect_on_this_thread()
    collector.before_freeing(delete_living_qt_objects)
    with _LOCK:
        # Parented to the application: Qt owns it and frees it with the application, on its thread.
        _POSTER = _Poster(app)


def delete_living_qt_objects(garbage: list[Any]) -> None:
    """Delete the Qt objects in ``garbage`` (unreachable from Python, found by a collection)
    that Python would delete when it frees their wrappers, before it clears any of them.

    Freed by the collector, a cycle is first cleared wrapper by wrapper; a window's C++ object
    lives on until its own wrapper goes, and while Qt then tears the window down it asks its
    items for their size, their shape — Python overrides whose wrappers have lost their state
    by then (pyqtgraph's ``LabelItem.sizeHint``: "no attribute _sizeHint"). Deleted here first,
    in Qt's order (a parent takes its children along), every override still finds its state.
    Only what Python owns is deleted (Qt would free nothing else when the wrapper goes), only
    roots (an object with a parent goes with it), only on this thread, never a thread object."""
    here = QtCore.QThread.currentThread()
    widgets: list[QtCore.QObject] = []
    others: list[QtCore.QObject] = []
    for obj in garbage:
        kind = type(obj)  # not isinstance: a dead weakref.proxy in the garbage raises on it
        if not issubclass(kind, QtCore.QObject) or issubclass(kind, QtCore.QThread):
            continue
        if not (shiboken6.isValid(obj) and shiboken6.ownedByPython(obj)) or obj.parent() is not None:
            continue
        if obj.thread() != here:
            continue
        (widgets if issubclass(kind, QtWidgets.QWidget) else others).append(obj)
    for obj in widgets + others:  # a widget takes its scene and items along
        if shiboken6.isValid(obj):
            shiboken6.delete(obj)


def post(fn: Callable[[], None]) -> None:
    """Call ``fn`` on the window's thread, from any thread (in order of posting)."""
    poster = _POSTER
    if poster is None:
        raise RuntimeError("ui_thread.install() was not called on the window's thread.")
    poster.called.emit(fn)


class UiCall:
    """A method of a Qt object, called from any thread, run on the window's thread.

    Holds the object weakly: a worker that keeps a ``UiCall`` keeps no widget alive, and a
    call that arrives after the object was deleted (its window closed) is dropped."""

    __slots__ = ("_method", "__weakref__")

    def __init__(self, method: Callable[..., Any]) -> None:
        install()
        self._method = weakref.WeakMethod(method)

    def __call__(self, *args: Any) -> None:
        post(lambda: self._deliver(args))

    def _deliver(self, args: tuple[Any, ...]) -> None:
        method = self._method()
        if method is None or not shiboken6.isValid(getattr(method, "__self__", None)):
            return
        method(*args)


def ui_call(method: Callable[..., Any]) -> UiCall:
    """``method`` (a bound method of a Qt object), callable from a worker: see :class:`UiCall`."""
    return UiCall(method)
