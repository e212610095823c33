"""How views hear the session: subscriptions that end with the widget, and a throttle for
views that are not the focus of a drag."""
from __future__ import annotations

from typing import Any, Callable, Iterable

from PySide6 import QtCore

from ..session.session import Session

__all__ = ["connect_events", "DragThrottle"]


def connect_events(owner: Any, pairs: Iterable[tuple[Any, Callable[..., Any]]]) -> None:
    """Subscribe callbacks to session events for as long as the Qt object ``owner`` lives.

    When Qt deletes ``owner`` (its parent window closed), the callbacks are disconnected, so
    the session never calls into a deleted widget. ``owner`` only needs a ``destroyed``
    signal, which keeps this module free of Qt imports.
    """
    pairs = list(pairs)
    for event, callback in pairs:
        event.connect(callback)

    def disconnect(*_: Any) -> None:
        for event, callback in pairs:
            event.disconnect(callback)

    owner.destroyed.connect(disconnect)


class DragThrottle(QtCore.QObject):
    """Calls ``fn`` at once, except while the session is in a drag: then the latest call is
    kept and made at most every ``interval_ms``, so the canvas under the mouse gets the
    frame time and the plots beside it still catch up within a tenth of a second."""

    def __init__(self, owner: QtCore.QObject, session: Session, fn: Callable[..., Any],
                 interval_ms: int = 100) -> None:
        super().__init__(owner)
        self.session = session
        self.fn = fn
        self._args: tuple[Any, ...] | None = None
        self._timer = QtCore.QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self._fire)

    def __call__(self, *args: Any) -> None:
        if not getattr(self.session, "dragging", False):
            self._timer.stop()
            self._args = None
            self.fn(*args)
            return
        self._args = args
        if not self._timer.isActive():
            self._timer.start()

    def _fire(self) -> None:
        if self._args is not None:
            args, self._args = self._args, None
            self.fn(*args)
