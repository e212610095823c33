"""The compiled pass of :mod:`perceptron_gui.core.dataset`'s value rule (numba; imported at its
first use, and only once numba is loaded: see ``dataset._checked``)."""
from __future__ import annotations

from typing import Any

from numba import njit


@njit(cache=True, nogil=True)
def all_ordinary(src: Any, limit: float) -> bool:  # pragma: no cover - compiled
    """Whether every number of the flat array ``src`` is at most ``limit`` in size (so finite:
    a NaN or an infinity fails the comparison). One pass, without a temporary array; the
    or-ed flag (not a running maximum, which waits on each comparison) lets the loop run in
    vector registers."""
    bad = 0
    for k in range(src.shape[0]):
        bad |= not (abs(src[k]) <= limit)
    return bad == 0


@njit(cache=True, nogil=True)
def copy_ordinary(src: Any, dst: Any, limit: float) -> bool:  # pragma: no cover - compiled
    """:func:`all_ordinary` of ``src`` while it is copied into ``dst`` (flat, the same length):
    each number read once for both."""
    bad = 0
    for k in range(src.shape[0]):
        v = src[k]
        dst[k] = v
        bad |= not (abs(v) <= limit)
    return bad == 0
