"""After an open, the table gets its own copy of the coordinates on a worker thread.

An open copies nothing on the window's thread: the table shares the loaded arrays with the
open's undo step (copy-on-write, :meth:`PointSet.writable`). So the first in-place edit after
it — the first move of a drag — would copy X there: 16 MB of fresh memory at 10⁶ 2-D points,
30–40 ms of a drag's first frame. This copies X beforehand, off the window's thread (numpy's
copy of a plain array releases the GIL), and hands it to the table on the window's thread,
unless the table has moved on meanwhile (another open, an undo, an edit that copied already).
"""
from __future__ import annotations

import functools
import threading
from collections.abc import Callable

import numpy as np

from ..core.workers import background_thread
from .points import PointSet

__all__ = ["OWN_COPY_MIN_VALUES", "own_copy_in_background"]

# Below this many numbers the copy on the first edit is too short to matter (about 1 ms at 10⁵
# points of the plane); wide rows count by their numbers (12,665 × 784 is a 79 MB copy).
OWN_COPY_MIN_VALUES = 200_000


def own_copy_in_background(points: PointSet, post: Callable[[Callable[[], None]], None] | None
                           ) -> threading.Thread | None:
    """Copy ``points.X`` on a worker and give the copy to ``points`` through ``post`` (the
    window's thread). Returns the worker (tests join it), or None when nothing is done: no
    dispatcher, few points, or X not shared."""
    if post is None or points.X.size < OWN_COPY_MIN_VALUES or "X" not in points._shared:
        return None
    X = points.X

    def work() -> None:
        post(functools.partial(points.adopt, "X", X, np.array(X, dtype=np.float64, copy=True)))

    thread = background_thread(work, "perceptron-own-copy", housekeeping=True)
    thread.start()
    return thread
