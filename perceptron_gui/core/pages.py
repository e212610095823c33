"""Which memory pages the program's big arrays get: the small (4 KiB) ones, by the program's choice.

numpy asks Linux for transparent huge pages (2 MiB) for every array of 4 MiB or more
(``madvise(MADV_HUGEPAGE)``). On the virtual machines this project is measured on, a huge page
the process touches for the first time costs 2.5–3.8 ms per MiB, against 0.37 ms per MiB for
small pages (``tests/benchmarks/bench_first_run.py`` prints both): the host backs a freshly
handed-out huge page on its first write, and a fresh process gets fresh ones. A fit's update
log alone touches 20 MiB at 10⁶ points, so the first fit of a process took 130–150 ms instead
of 60 ms, at random. With small pages it takes 67–70 ms every time; a second touch of the same
memory is as fast either way.

The commands (``run``, ``export``, ``study``) and the window (``run_app``) turn numpy's
request off at their start (:func:`use_small_pages`): at 10⁶ points the window's drag makes
fresh arrays at every move, and its longest block was 47–96 ms in huge pages against 13–26 ms
in small ones (play and steps the same). The library (``perceptron_gui.estimators``,
``perceptron_gui.show``) leaves the caller's process as it is.

Memory that is written once, front to back, as a fit's update log is, gets small pages in
every process (:func:`empty_small_pages`; a log below 4 MiB takes numpy's ordinary memory, which
is never huge and is reused from fit to fit), and a fit's copies of the data (``augment``), its
labels and its file order are made with numpy's request off for the moment (:func:`empty`,
:func:`made_in_small_pages`): a fit's first-time cost then no longer depends on who started
the process (the first of four fits in one process: 52 or 70 ms at random, now 54–58 against
50–54 for the fourth).

numpy's own switch is the environment variable ``NUMPY_MADVISE_HUGEPAGE``, read once at its
import; a user who sets it keeps their choice. The runtime switch is numpy's
``_set_madvise_hugepage``, the function that variable sets: it is not public, so a numpy
without it is left as it is.
"""
from __future__ import annotations

import mmap
import os
import threading
from collections.abc import Callable

import numpy as np

__all__ = ["use_small_pages", "empty_small_pages", "empty", "made_in_small_pages", "SMALL_PAGES_FROM"]

# numpy asks for huge pages from this size on (its own threshold); below it both are the same.
SMALL_PAGES_FROM = 4 << 20

ENV = "NUMPY_MADVISE_HUGEPAGE"


def use_small_pages() -> bool:
    """Stop numpy from asking for huge pages for the arrays made from now on, unless the user
    chose with :data:`ENV`. Returns True when the request is off after the call."""
    if ENV in os.environ:
        return os.environ[ENV].strip() == "0"
    switch = _numpy_switch()
    if switch is None:
        return False
    with _SWITCH_LOCK:
        switch(False)
    return True


def empty_small_pages(shape: int | tuple[int, ...], dtype: np.dtype | type = np.float64) -> np.ndarray:
    """``np.empty(shape, dtype)`` in memory of small pages, whatever numpy was told: an
    anonymous ``mmap`` of its own, which numpy never advises (Python's ``mmap`` module is the
    one way to get such memory without a C extension). Like ``np.empty``'s, its pages take
    memory only once written, and it goes back to the OS with the last array that uses it.
    The array is C-contiguous, writable and page-aligned."""
    dt = np.dtype(dtype)
    dims = (shape,) if isinstance(shape, int) else tuple(shape)
    count = int(np.prod(dims, dtype=np.int64))
    if count * dt.itemsize == 0:
        return np.empty(dims, dtype=dt)
    # Private: a shared anonymous mapping would be tmpfs memory, with dearer faults.
    mem = mmap.mmap(-1, count * dt.itemsize, flags=mmap.MAP_PRIVATE)
    no_huge = getattr(mmap, "MADV_NOHUGEPAGE", None)
    if no_huge is not None:  # a kernel set to give huge pages "always" would give them here too
        mem.madvise(no_huge)
    return np.frombuffer(mem, dtype=dt, count=count).reshape(dims)


_SWITCH_LOCK = threading.Lock()


def _numpy_switch() -> Callable[[bool], bool] | None:
    """numpy's ``_set_madvise_hugepage`` (returns its previous setting), or None."""
    multiarray = getattr(getattr(np, "_core", None), "multiarray", None)
    return getattr(multiarray, "_set_madvise_hugepage", None)


def empty(shape: int | tuple[int, ...], dtype: np.dtype | type = np.float64) -> np.ndarray:
    """``np.empty`` for an array written at once and kept, made while numpy's huge-page request
    is off: the window's Delete makes new X, y and positions of 10⁶ rows while the old ones
    stay for Undo, so their memory is always fresh (41 MiB cost 65–83 ms in cold huge pages).

    Unlike :func:`empty_small_pages`, the array owns its memory (``base`` is None), as the
    session's copy-on-write test of its points needs (``session/points._read_elsewhere``). The
    switch is numpy's, process-wide: it is turned back under a lock, so two threads cannot leave
    it off; an array another thread makes in that moment gets small pages too, which is harmless.
    A user's own :data:`ENV` is left to decide, as in :func:`use_small_pages`."""
    dt = np.dtype(dtype)
    dims = (shape,) if isinstance(shape, int) else tuple(shape)
    if int(np.prod(dims, dtype=np.int64)) * dt.itemsize < SMALL_PAGES_FROM:
        return np.empty(dims, dtype=dt)
    return made_in_small_pages(lambda: np.empty(dims, dtype=dt))


def made_in_small_pages(make: Callable[[], np.ndarray]) -> np.ndarray:
    """``make()``, with numpy's huge-page request off while it runs (see :func:`empty`): for
    an array numpy both makes and fills, as ``np.arange``."""
    switch = _numpy_switch()
    if switch is None or ENV in os.environ:
        return make()
    with _SWITCH_LOCK:
        was = switch(False)
        try:
            return make()
        finally:
            switch(was)
