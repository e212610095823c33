"""An epoch in chunks, so a run can be stopped within about 20 ms (see :func:`run_epoch`)."""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

__all__ = ["TrainingStopped", "run_epoch", "CHUNK_SECONDS", "CountingStop"]

CHUNK_SECONDS = 0.02  # how long one kernel call runs, about: the longest wait for a stop


class TrainingStopped(Exception):  # noqa: N818 - a signal, not an error
    """Raised by ``fit`` when its ``stop()`` said so: the run is abandoned, no record is made."""


class CountingStop:
    """A ``stop()`` that is also told how many visits each chunk made (``on_visits(m)``, on the
    training thread), so a caller can measure the run's rate while an epoch is under way."""

    def __init__(self, stop: Callable[[], bool], on_visits: Callable[[int], None]) -> None:
        self.stop = stop
        self.on_visits = on_visits

    def __call__(self) -> bool:
        return self.stop()


def run_epoch(epoch: Callable[..., int], stop: Callable[[], bool], state: dict[str, Any], Xa: np.ndarray,
              y: np.ndarray, order: np.ndarray, pos_buf: np.ndarray, idx_buf: np.ndarray, ck: np.ndarray,
              k0: int, C: int) -> int:
    """One epoch as consecutive calls of ``epoch`` (an algorithm's ``_epoch``) over slices of
    ``order``, asking ``stop()`` between them; returns the epoch's update count, with positions
    relative to the epoch.

    The kernels keep their state in ``state`` between calls (the weights, the pocket's counts,
    the lifted slack), so the chunks add up to the same updates, to the bit, as one call. The
    slice length adapts so a call takes about :data:`CHUNK_SECONDS` (a pocket update alone
    costs O(n·D); a perceptron visit nanoseconds).
    """
    n = order.shape[0]
    # Start small: a pocket update costs O(n·D), and at the start nearly every visit updates
    # (4,096 visits of a 10⁶-point pocket took 5.4 s); grow fourfold while chunks are quick.
    size = state.setdefault("_chunk", 16)
    done = cnt = 0
    while done < n:
        m = min(size, n - done)
        t0 = time.perf_counter()
        c = epoch(state, Xa, y, order[done: done + m], pos_buf[cnt:], idx_buf[cnt:], ck, k0 + cnt, C)
        took = time.perf_counter() - t0
        pos_buf[cnt: cnt + c] += done
        cnt += c
        done += m
        if isinstance(stop, CountingStop):
            stop.on_visits(m)
        if took < CHUNK_SECONDS / 4 and m == size:
            size = min(4 * size, 1 << 24)
        elif took > 2 * CHUNK_SECONDS and size > 1:
            size = max(1, size // 2)
        if stop():
            raise TrainingStopped()
    state["_chunk"] = size
    return cnt
