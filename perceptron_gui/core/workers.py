"""Named thread pools, each made at its first use and kept for the process.

The window hands slow work to a few background threads (the points' image, its stamping, the
click grid, the table's widest numbers). Each pool is made the first time it is asked for, so a
process that never needs one starts no thread for it, and asked again by name it is the same
pool. Kept here once: four modules each wrote their own lazily-made global.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

__all__ = ["named_pool"]

_POOLS: dict[str, ThreadPoolExecutor] = {}
_LOCK = threading.Lock()


def named_pool(name: str, workers: int = 1, initializer: Callable[[], None] | None = None) -> ThreadPoolExecutor:
    """The pool called ``name`` (its threads are named after it), made with ``workers`` threads
    and ``initializer`` the first time; later calls return it as made."""
    pool = _POOLS.get(name)
    if pool is None:
        with _LOCK:
            pool = _POOLS.get(name)
            if pool is None:
                pool = _POOLS[name] = ThreadPoolExecutor(workers, thread_name_prefix=name, initializer=initializer)
    return pool
