"""Python's cyclic garbage collection on one thread only: the window's.

Python collects reference cycles whenever allocations pass a threshold, on whichever thread
happens to allocate at that moment: a training thread, a pool's worker. A cycle holding a Qt
object (a closed window's widgets and their lambdas; pyqtgraph's items) is then freed on that
thread, while the window's thread may be painting it, and Qt aborts the process ("pure virtual
method called", or a segmentation fault). It shows only where enough garbage and enough
threads meet: a whole test suite in one process on a busy machine, or a long lecture.

So a process with a window turns the automatic collection off (:func:`collect_on_this_thread`)
and collects itself, on the window's thread, where no paint is under way: the window from a
timer, the test suite between tests (:func:`collect_due`, the same generations and thresholds
the automatic collection would use). :func:`collections_elsewhere` lists every collection that
started on another thread all the same (a library's explicit ``gc.collect()``), so a test
session can fail on it. pyqtgraph's ``GarbageCollector`` does the first half with a Qt timer;
this module is Qt-free, so the suite's core tests, which never load Qt, share the same rule.
"""
from __future__ import annotations

import gc
import threading
from collections.abc import Callable
from typing import Any

__all__ = ["collect_on_this_thread", "collect_due", "collections_elsewhere", "hand_back", "owner_thread",
           "before_freeing", "collect"]

_STATE: dict[str, Any] = {"owner": None, "thresholds": None, "elsewhere": [], "before_free": None}
# Re-entrant: a collection can start inside a locked block on the same thread (an allocation
# there), and its callback takes the lock again.
_LOCK = threading.RLock()


def collect_on_this_thread() -> None:
    """Turn the automatic collection off and make the calling thread the one that collects
    (idempotent; the first caller's thread stays the owner)."""
    with _LOCK:
        if _STATE["owner"] is None:
            _STATE["owner"] = threading.current_thread()
            _STATE["thresholds"] = gc.get_threshold()
            gc.callbacks.append(_watch)
    gc.disable()


def hand_back() -> None:
    """Turn the automatic collection on again (a script's ``show()`` returns once its window
    closed: the caller's process collects as it did before)."""
    if _STATE["owner"] is not None:
        collect(2)  # the window's cycles, here, on the window's thread
    gc.enable()


def before_freeing(hook: Callable[[list[Any]], None] | None) -> None:
    """Show ``hook`` every unreachable object this module's collections find, before any of
    them is cleared (None: no hook).

    A collection clears the objects of a cycle one by one (their attributes first), then frees
    them. An object of a C++ library whose wrapper is in the cycle is still alive while that
    happens, and the library may call back into a wrapper already cleared (Qt asking a cleared
    pyqtgraph item for its size hint). The hook can end such objects first, in the library's
    own order, while every wrapper still has its state."""
    _STATE["before_free"] = hook


def owner_thread() -> threading.Thread | None:
    """The thread that collects, once :func:`collect_on_this_thread` was called."""
    owner: threading.Thread | None = _STATE["owner"]
    return owner


def collect_due() -> int:
    """On the owner's thread: collect the generations whose counts passed their thresholds, as
    the automatic collection would have (generation 0, then 1 and 2 only when they are due
    too). Returns the number of unreachable objects found."""
    if threading.current_thread() is not _STATE["owner"]:
        raise RuntimeError("collect_due runs on the thread that called collect_on_this_thread.")
    t0, t1, t2 = _STATE["thresholds"]
    c0, c1, c2 = gc.get_count()
    if c0 <= t0:
        return 0
    generation = 2 if (c1 > t1 and c2 > t2) else 1 if c1 > t1 else 0
    return collect(generation)


def collect(generation: int = 2) -> int:
    """On the owner's thread: ``gc.collect(generation)``, with the unreachable objects shown to
    the hook of :func:`before_freeing` before they are cleared."""
    hook = _STATE["before_free"]
    if hook is None:
        return gc.collect(generation)
    # DEBUG_SAVEALL keeps what the collection finds unreachable in gc.garbage instead of
    # clearing it (the gc module's only way to hand over the unreachable set); the hook sees
    # it, and a second collection of the generation they were moved to frees it.
    start, debug = len(gc.garbage), gc.get_debug()
    gc.set_debug(debug | gc.DEBUG_SAVEALL)
    try:
        found = gc.collect(generation)
    finally:
        gc.set_debug(debug)
    if not found:
        return 0
    saved = gc.garbage[start:]
    del gc.garbage[start:]
    try:
        hook(saved)
    finally:
        del saved
        gc.collect(min(generation + 1, 2))
    return found


def collections_elsewhere(clear: bool = False) -> list[str]:
    """The names of the threads on which a collection started off the owner's thread."""
    with _LOCK:
        seen = list(_STATE["elsewhere"])
        if clear:
            _STATE["elsewhere"].clear()
    return seen


def _watch(phase: str, info: dict[str, Any]) -> None:
    owner = _STATE["owner"]
    if phase == "start" and owner is not None and threading.current_thread() is not owner:
        with _LOCK:
            _STATE["elsewhere"].append(threading.current_thread().name)
