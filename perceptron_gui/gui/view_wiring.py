"""How views hear the session: subscriptions that end with the widget, and a throttle for
views that are not the focus of a drag."""
from __future__ import annotations

import weakref
from typing import Any, Callable, Iterable

import shiboken6
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
    frame time and the views beside it still catch up within a tenth of a second.

    Every throttle of one session waits on the same clock (:class:`_DragGate`) and fires with
    the others, in the order their events came: the live panel, the status bar and the plots
    show the same run at every moment (seen: the panel said "separable: no" while the plots
    still showed the previous, separable run).
    """

    def __init__(self, owner: QtCore.QObject, session: Session, fn: Callable[..., Any],
                 interval_ms: int = 100) -> None:
        super().__init__(owner)
        self.session = session
        self.fn = fn
        self._args: tuple[Any, ...] | None = None
        self._gate = _DragGate.of(session, interval_ms)

    def __call__(self, *args: Any) -> None:
        if not getattr(self.session, "dragging", False) and not self._gate.holding():
            self._args = None
            self.fn(*args)
            return
        self._args = args
        self._gate.hold(self)

    def _fire(self) -> None:
        if self._args is not None:
            args, self._args = self._args, None
            self.fn(*args)


class _DragGate(QtCore.QObject):
    """One timer per session for all its throttled views: they release together."""

    _gates: "weakref.WeakKeyDictionary[Session, _DragGate]" = weakref.WeakKeyDictionary()

    @classmethod
    def of(cls, session: Session, interval_ms: int) -> "_DragGate":
        try:
            gate = cls._gates.get(session)
        except TypeError:  # a stand-in session that cannot be weakly referenced: a gate of its own
            return cls(interval_ms)
        if gate is None or not shiboken6.isValid(gate):
            gate = cls._gates[session] = cls(interval_ms)
        return gate

    def __init__(self, interval_ms: int) -> None:
        super().__init__()
        self._pending: dict[int, DragThrottle] = {}  # insertion order = the order events came
        self._timer = QtCore.QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.release)

    def holding(self) -> bool:
        """True while some view waits: a later event must queue behind it, not overtake it."""
        return bool(self._pending)

    def hold(self, throttle: DragThrottle) -> None:
        self._pending.setdefault(id(throttle), throttle)
        if not self._timer.isActive():
            self._timer.start()

    def release(self) -> None:
        pending, self._pending = list(self._pending.values()), {}
        for throttle in pending:
            if shiboken6.isValid(throttle):  # its widget may have closed meanwhile
                throttle._fire()  # noqa: SLF001 - the gate and its throttles are one mechanism
