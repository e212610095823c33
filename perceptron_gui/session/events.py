"""The session's events: psygnal signals, Qt-free, whose callbacks cannot stop each other.

The model announces, views subscribe. Events are named in the past tense like Qt signals
(``points_changed``) and declared once, on :class:`SessionEvents`, as psygnal ``Signal``
descriptors: typed, listed by the class, and each instance gets its own.

What psygnal gives over the hand-written list of callbacks this replaces:

- bound methods are held by weak reference, so an object that is garbage-collected stops
  listening by itself (a plain function or lambda is held strongly, as before);
- ``blocked()`` and ``paused()`` (collect emissions, e.g. during a drag, and re-emit on exit).

What this module adds: psygnal stops an emission at the first callback that raises and
re-raises it as ``EmitLoopError``, so one broken view would keep the others (and the
session's own work after the emit, such as retraining) from running. Here every callback
runs; a failure is reported through ``sys.excepthook`` (the traceback once on stderr in the
app; pytest-qt turns it into a failing test) and the emission goes on.

Callbacks run synchronously in the thread that emits; the session only emits on the thread
that owns it (the runner posts its results there).
"""
from __future__ import annotations

import sys
from typing import Any

from psygnal import Signal, SignalInstance

from .commands import Change
from .run_result import RunResult

__all__ = ["SessionEvents", "IsolatedSignalInstance", "event"]


class IsolatedSignalInstance(SignalInstance):
    """A psygnal signal instance whose callbacks run even when an earlier one raised."""

    def _run_emit_loop_immediate(self) -> None:
        # psygnal's own loop, with each call guarded: it raises on the first failure and
        # skips the remaining callbacks. tests/session/test_events.py pins this override,
        # so a psygnal release that renames the hook fails a test instead of going silent.
        args = self._emit_queue.popleft()
        for caller in list(self._slots):  # a copy: a callback may disconnect itself
            alive = getattr(caller, "_is_alive", None)  # newer psygnal only (not in 0.14)
            if alive is not None and not alive():  # its object was collected during this emit
                continue
            try:
                caller.cb(args)
            except Exception:  # noqa: BLE001 - any bug in one view; reported, then the next runs
                sys.excepthook(*sys.exc_info())


def event(*types: Any, description: str = "") -> Signal:
    """Declare an event whose callbacks are isolated from each other (see the module doc).

    ``types`` are the arguments' types, for readers and ``inspect``; they are not checked on
    emit. Reemission is "immediate": an event emitted by a callback runs at once, nested.
    """
    return Signal(*types, description=description, reemission="immediate",
                  signal_instance_class=IsolatedSignalInstance)


class SessionEvents:
    """The events a session announces (callbacks' arguments in brackets).

    :class:`~perceptron_gui.session.session.Session` inherits them, and so does the frozen
    copy an export draws from, so views subscribe to either the same way.
    """

    points_changed = event(Change, description="The points changed [Change: kind and rows].")
    run_changed = event(RunResult | None, description="A run finished or was cleared [RunResult | None].")
    playhead_changed = event(description="The step shown moved [].")
    frame_changed = event(description="The playhead's frame, computed off the UI thread for big data, is ready [].")
    algorithm_changed = event(description="The algorithm or one of its parameters changed [].")
    history_changed = event(description="The undo history changed [].")
    selection_changed = event(description="The selected points changed [].")
    busy_changed = event(bool, description="Training started or ended [busy].")
    progress_changed = event(int, int, description="Training reached an epoch [epoch, total].")
    message = event(str, str, description="A sentence for the user [level: 'info' | 'error', text].")
    playing_changed = event(bool, description="Playback started or stopped [playing].")
