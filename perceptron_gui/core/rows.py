"""``0, 1, …, n−1`` as a read-only view of one shared array.

Every picture of the canvas names its points by row (``Markers("points", P, rows, …)``) and an
open's change names every row; at 10⁶ points a fresh ``np.arange`` is 8 MB of new memory,
25 ms of the window's thread at every playback step under load. The numbers never
change, so one array serves every n up to the largest asked, as a read-only slice.
"""
from __future__ import annotations

import threading

import numpy as np

__all__ = ["every_row"]

_rows = np.zeros(0, dtype=np.intp)
_lock = threading.Lock()  # the frame worker and the window's thread both ask


def every_row(n: int) -> np.ndarray:
    """``np.arange(n, dtype=np.intp)``, read-only (a view of a shared array: copy it to edit)."""
    global _rows
    rows = _rows
    if rows.shape[0] < n:
        with _lock:
            if _rows.shape[0] < n:
                grown = np.arange(max(int(n), 2 * _rows.shape[0]), dtype=np.intp)
                grown.setflags(write=False)
                _rows = grown
            rows = _rows
    return rows[:n]
