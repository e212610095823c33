"""A minimal, Qt-free observer: the model announces, views subscribe.

Named in the past tense like Qt signals (``points_changed``). Callbacks run synchronously in
the thread that emits; the session only emits on the thread that owns it.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Callable, Iterator


class Event:
    """A list of callbacks called in connection order by :meth:`emit`."""

    def __init__(self, name: str = "") -> None:
        self.name = name
        self._callbacks: list[Callable[..., Any]] = []
        self._blocked = 0

    def connect(self, callback: Callable[..., Any]) -> Callable[..., Any]:
        self._callbacks.append(callback)
        return callback

    def disconnect(self, callback: Callable[..., Any]) -> None:
        try:
            self._callbacks.remove(callback)
        except ValueError:
            pass

    def emit(self, *args: Any) -> None:
        if self._blocked:
            return
        for cb in list(self._callbacks):
            cb(*args)

    @contextmanager
    def blocked(self) -> Iterator[None]:
        """Suppress emission inside the block (a view writing back blocks its own echo)."""
        self._blocked += 1
        try:
            yield
        finally:
            self._blocked -= 1

    def __repr__(self) -> str:
        return f"Event({self.name!r}, {len(self._callbacks)} callbacks)"
