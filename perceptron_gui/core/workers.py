"""Background threads: named thread pools, each made at its first use and kept for the
process, and single threads; the housekeeping ones at a lower CPU priority than the window's thread.

The window hands slow work to a few background threads (the points' image, its stamping, the
click grid, the table's widest numbers). Each pool is made the first time it is asked for, so a
process that never needs one starts no thread for it, and asked again by name it is the same
pool. Kept here once: four modules each wrote their own lazily-made global.

The housekeeping ones run at nice 10 (Linux: a thread's own nice value): the points' image,
the table's widths, the recent files, the autosave, a private copy. When 10⁶ points arrive,
five threads start at once (the run, the click grid, the table's widths, the image, the
autosave) and on two cores the window's thread got 25–30 ms of CPU in blocks of 95–104 ms
(perf); at a lower priority they yield the core to it. The work a user waits for (the run,
the frames, the click grid, reads, saves, exports) stays at the window's priority (see
:func:`background_thread`).

No thread here is ever handed a Qt object: Python frees an object on the thread that drops its
last reference, and a widget freed on a worker aborts the program (see ``gui/kit/ui_thread.py``).
Both doors check the work they are given (:func:`refuse_qt_objects`), so a slip fails at once
with a sentence instead of crashing some later test, on some machine, under load.
"""
from __future__ import annotations

import functools
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

__all__ = ["named_pool", "background_thread", "refuse_qt_objects"]

_LOCK = threading.Lock()


def _is_qt_object(obj: object) -> bool:
    # By the class's module, so this layer needs no Qt to ask (it must never import it).
    return any(c.__module__.startswith(("PySide6.", "shiboken6", "pyqtgraph")) for c in type(obj).__mro__)


def _held_by(fn: object) -> list[object]:
    """What a callable carries to the thread that calls it: a bound method's object, a
    partial's function and arguments, a closure's cells (one level deep)."""
    held: list[object] = []
    if isinstance(fn, functools.partial):
        held += [fn.func, *fn.args, *fn.keywords.values()]
        held += _held_by(fn.func)
    bound = getattr(fn, "__self__", None)
    if bound is not None:
        held.append(bound)
    for cell in getattr(fn, "__closure__", None) or ():
        try:
            held.append(cell.cell_contents)
        except ValueError:  # an empty cell
            pass
    return held


def refuse_qt_objects(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
    """Raise TypeError when ``fn`` or its arguments carry a Qt object to another thread."""
    for obj in (*_held_by(fn), *args, *kwargs.values()):
        if _is_qt_object(obj):
            raise TypeError(f"{type(obj).__name__} is a Qt object: hand a worker Qt-free work and a "
                            "gui.kit.ui_thread.ui_call for its result, never the object itself.")


class _CheckedPool(ThreadPoolExecutor):
    """A pool that refuses work carrying a Qt object (see the module's doc)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        refuse_qt_objects(fn, *args, **kwargs)
        return super().submit(fn, *args, **kwargs)


_POOLS: dict[str, ThreadPoolExecutor] = {}


def _lower_priority() -> None:
    """Give the calling thread a lower CPU priority (Linux: its own nice value, 10 above the
    process's), so that background work never slows the window's own thread."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), os.getpriority(os.PRIO_PROCESS, 0) + 10)
    except (AttributeError, OSError):  # not Linux, or not allowed: the default priority
        pass


def named_pool(name: str, workers: int = 1, *, housekeeping: bool) -> ThreadPoolExecutor:
    """The pool called ``name`` (its threads are named after it), made with ``workers``
    threads the first time; later calls return it as made. A ``housekeeping`` pool runs at a
    lower priority (see :func:`background_thread`)."""
    pool = _POOLS.get(name)
    if pool is None:
        with _LOCK:
            pool = _POOLS.get(name)
            if pool is None:
                pool = _POOLS[name] = _CheckedPool(workers, thread_name_prefix=name,
                                                   initializer=_lower_priority if housekeeping else None)
    return pool


def background_thread(target: Callable[[], object], name: str, *, housekeeping: bool) -> threading.Thread:
    """A daemon thread called ``name`` that runs ``target`` (not started); at a lower priority
    when it is ``housekeeping``, work nobody waits for (the autosave, a private copy).

    Work a user waits for (a run, the frame playback shows, a file being read, saved or
    exported, a job with a progress bar) keeps the window's priority: at nice 10 it starved
    whenever another program kept the cores busy (with two busy loops beside the window, an
    open of 10⁶ points took 5.5 s against 0.8 s, a run 4.5 against 1.3 s)."""
    refuse_qt_objects(target)

    def run() -> None:
        if housekeeping:
            _lower_priority()
        target()
    return threading.Thread(target=run, name=name, daemon=True)
