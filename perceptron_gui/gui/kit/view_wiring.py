"""How views hear the session: subscriptions that end with the widget, and a throttle for
views that are not the focus of a drag."""
from __future__ import annotations

import sys
import weakref
from collections.abc import Callable, Iterable
from typing import Any

import shiboken6
from psygnal import SignalInstance
from PySide6 import QtCore

from ...session.viewed import ViewedSession

__all__ = ["connect_events", "DragThrottle"]


def connect_events(owner: QtCore.QObject, pairs: Iterable[tuple[SignalInstance, Callable[..., Any]]]) -> None:
    """Subscribe ``owner``'s callbacks to session events: the one way views listen.

    The subscriptions live exactly as long as the widget:

    - Qt may delete ``owner`` (its window closed) while Python still holds its wrapper: a
      callback is never called once ``shiboken6.isValid(owner)`` is False, and removes itself
      at the next event;
    - the session holds each subscription weakly (psygnal) and ``owner`` holds it strongly,
      so a widget that Python lets go of is collected and stops listening, even if the
      session lives on.

    A callback may be a bound method, a lambda or a :class:`DragThrottle`; it gets every
    argument of its event. One callback that raises does not stop the others (see
    :mod:`perceptron_gui.session.events`).
    """
    held: list[_ViewCallback] | None = getattr(owner, _HELD, None)
    if held is None:
        held = []
        setattr(owner, _HELD, held)
    for signal, callback in pairs:
        slot = _ViewCallback(owner, signal, callback)
        held.append(slot)
        signal.connect(slot)


_HELD = "_session_subscriptions"  # where a widget keeps its subscriptions alive


class _ViewCallback:
    """One subscription: calls ``callback`` while ``owner`` is a live Qt object."""

    __slots__ = ("owner", "signal", "callback", "__weakref__")

    def __init__(self, owner: QtCore.QObject, signal: SignalInstance, callback: Callable[..., Any]) -> None:
        self.owner = weakref.ref(owner)  # owner holds this object: no cycle through it
        self.signal = signal
        self.callback = callback

    def __call__(self, *args: Any) -> None:
        owner = self.owner()
        if owner is None or not shiboken6.isValid(owner):
            self.signal.disconnect(self)  # psygnal iterates over a copy: safe mid-emit
            return
        self.callback(*args)


class DragThrottle(QtCore.QObject):
    """Calls ``fn`` at once, except while the session is in a drag: then the latest call is
    kept and made at most every ``interval_ms``, so the canvas under the mouse gets the
    frame time and the views beside it still catch up within a tenth of a second.

    Every throttle of one session waits on the same clock (:class:`_DragGate`) and fires with
    the others, in the order their events came: the live panel, the status bar and the plots
    show the same run at every moment (seen: the panel said "separable: no" while the plots
    still showed the previous, separable run).
    """

    def __init__(self, owner: QtCore.QObject, session: ViewedSession, fn: Callable[..., Any],
                 interval_ms: int = 100) -> None:
        super().__init__(owner)
        self.session = session
        self.fn = fn
        self._args: tuple[Any, ...] | None = None
        self._gate = _DragGate.of(session, interval_ms)

    def __call__(self, *args: Any) -> None:
        if not self.session.dragging and not self._gate.holding():
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

    _gates: weakref.WeakKeyDictionary[ViewedSession, _DragGate] = weakref.WeakKeyDictionary()

    @classmethod
    def of(cls, session: ViewedSession, interval_ms: int) -> _DragGate:
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
            if not shiboken6.isValid(throttle):  # its widget may have closed meanwhile
                continue
            try:
                throttle._fire()  # noqa: SLF001 - the gate and its throttles are one mechanism
            except Exception:  # noqa: BLE001 - as for session events: report it, release the rest
                sys.excepthook(*sys.exc_info())
