"""Autosave: every edit is on disk within a quarter of a second, one autosave per window (no Qt).

:class:`Autosaver` keeps the window's work in its own slot of the state directory (see
:mod:`.autosave_store` for the files): a *base* (the whole session, in the session-file format)
and a *journal* of the edits since, one JSON line each. An edit becomes a journal line on the
session's thread at once (a copy of the rows it touched, or the small state: algorithm,
parameters, step, view); a worker thread appends the waiting lines at most ``delay_s`` after the
first of them (0.25 s), flushed and fsync'ed. Loading new data, and a journal grown as big as the
base, write a new base instead. So a kill -9 loses at most the last ``delay_s`` of edits plus the
time of one write, and the step shown is saved with the edits that led to it.

The slot is locked while the window lives; a slot nobody holds was left by a crash and
:func:`recovery_file` / :func:`~.autosave_store.crashed_slots` find it for the window to offer.
Closing normally deletes the window's own slot and nothing else.

The state directory is ``$PERCEPTRON_GUI_STATE_DIR`` when set, else
``$XDG_STATE_HOME/perceptron-gui``, else ``~/.local/state/perceptron-gui``; it and the autosaves
are private (0700 and 0600, :mod:`.state_dir`): unsaved work is no other local user's to read.
"""
from __future__ import annotations

import itertools
import json
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.atomic import atomic_write_chunks, atomic_write_text, write_error
from ..core.errors import UserError
from ..core.workers import background_thread
from ..i18n import _
from . import autosave_journal as journal
from .autosave_store import LEGACY_NAME, Slot, crashed_slots
from .recent_files import RECENT_FORMAT, RECENT_NAME, RecentFiles  # noqa: F401 - kept importable from here
from .session_file import SessionSnapshot, session_json_chunks, take_snapshot
from .state_dir import STATE_DIR_ENV, STATE_FILE_MODE, default_state_dir, make_state_dir, tighten_state_dir

if TYPE_CHECKING:
    from .commands import Change
    from .session import Session

__all__ = ["AUTOSAVE_NAME", "RECENT_NAME", "STATE_DIR_ENV", "DEFAULT_DELAY_S", "default_state_dir",
           "autosave_path", "recovery_file", "Autosaver", "RecentFiles"]

AUTOSAVE_NAME = LEGACY_NAME  # the single autosave of earlier versions; still offered once
DEFAULT_DELAY_S = 0.25
COMPACT_BYTES = 1_000_000  # a journal this big (and as big as the base) is folded into a new base
_SKIPPED = object()  # lines dropped unwritten after a failure (neither a success nor a new fault)


def autosave_path(directory: str | os.PathLike[str] | None = None) -> Path:
    """The legacy single autosave's path (earlier versions wrote only this one)."""
    return Path(directory if directory is not None else default_state_dir()) / AUTOSAVE_NAME


def recovery_file(directory: str | os.PathLike[str] | None = None) -> Path | None:
    """The newest autosave that no running window owns (a crash or a kill left it), or None."""
    slots = crashed_slots(directory if directory is not None else default_state_dir())
    for s in slots:
        s.release()
    return slots[0].base if slots else None


class Autosaver:
    """Keeps ``session`` in its own autosave slot (see the module docstring).

    Parameters
    ----------
    session : Session
    directory : path or None
        The state directory; None: :func:`default_state_dir`.
    delay_s : float
        At most this long after an edit its journal line is written (default 0.25 s).
    on_error : callable(str) or None
        Told the sentence when a write fails (on the worker thread); once per distinct fault.
    clock : callable
        Seconds, monotonic (tests inject their own with ``background=False``).
    background : bool
        Write on a worker thread; False: nothing is written until :meth:`poll` or :meth:`flush`.
    """

    def __init__(self, session: Session, directory: str | os.PathLike[str] | None = None,
                 delay_s: float = DEFAULT_DELAY_S, on_error: Callable[[str], None] | None = None, *,
                 clock: Callable[[], float] = time.monotonic, background: bool = True) -> None:
        self.session = session
        self.directory = Path(directory) if directory is not None else default_state_dir()
        self.delay_s = float(delay_s)
        self.on_error = on_error
        self.last_error: str | None = None
        self.saves = 0  # completed writes, bases and journal appends (tests wait on it)
        self.slot = Slot.new(self.directory)
        tighten_state_dir(self.directory)  # an earlier version made it 0755: unsaved work is private
        self._clock = clock
        self._cond = threading.Condition()
        self._items: deque[tuple[str, Any, float]] = deque()  # ("base" | "op", payload, when)
        self._flushing = False
        self._saving = False
        self._discard_after_write = False  # discard() came during a write: delete it once done
        self._closed = False
        self._need_base = True  # the next event writes a base (first edit, after a failure)
        self._journal_bytes = 0  # estimated, since the last base
        self._base_bytes = 0
        self._reported: str | None = None
        # The worker's own: the open journal and the number of the base on disk.
        self._journal_fd: int | None = None
        self._base_no = 0
        self._thread: threading.Thread | None = None
        if background:
            self._thread = background_thread(self._loop, "perceptron-autosave", housekeeping=True)
            self._thread.start()
        # Stepping through a run is no work to lose: the playhead is saved once there are edits.
        self._edited = False
        session.points_changed.connect(self._on_points)
        session.algorithm_changed.connect(self._on_algorithm)
        session.playhead_changed.connect(self._on_playhead)

    @property
    def path(self) -> Path:
        """This window's base file (present once something was saved)."""
        return self.slot.base

    # ---- the session's thread: every event becomes a base or a journal line at once -------------
    def _on_points(self, change: Change) -> None:
        self._edited = True
        op = None if change.kind == "reset" else journal.data_op(self.session, change)
        size = 0 if op is None else journal.op_bytes(op)
        with self._cond:
            big = size > self._base_bytes // 4 or self._journal_bytes + size > max(COMPACT_BYTES, self._base_bytes)
        if op is None or big:
            self.schedule()
        else:
            self._enqueue(op, size)

    def _on_algorithm(self, *_: Any) -> None:
        self._edited = True
        self._on_state()

    def _on_playhead(self, *_: Any) -> None:
        if self._edited:
            self._on_state()

    def _on_state(self) -> None:
        self._enqueue(journal.state_op(self.session), 400)

    def _enqueue(self, op: dict[str, Any], size: int) -> None:
        with self._cond:
            need_base = self._need_base
        if need_base:
            self.schedule()
            return
        with self._cond:
            if self._closed:
                return
            self._items.append(("op", op, self._clock()))
            self._journal_bytes += size
            self._cond.notify_all()

    def schedule(self) -> None:
        """Save the whole session as a new base now (it supersedes everything waiting)."""
        snap = take_snapshot(self.session)
        with self._cond:
            if self._closed:
                return
            self._items.clear()
            self._items.append(("base", snap, self._clock()))
            self._need_base = False
            self._journal_bytes = 0
            self._base_bytes = int(snap.X.size + 2 * snap.y.size) * journal.BYTES_PER_NUMBER + 2000
            self._cond.notify_all()

    # ---- waiting and ending ------------------------------------------------------------------------
    def pending_due(self) -> float | None:
        """The clock time by which everything waiting will be written, or None."""
        with self._cond:
            if not self._items:
                return None
            kind, _, when = self._items[0]
            return when if kind == "base" else when + self.delay_s

    def poll(self, now: float | None = None) -> None:
        """Write what is due at ``now`` (the clock's time) on this thread; for ``background=False``."""
        while True:
            due = self._process(self._clock() if now is None else now)
            if due is None or due > (self._clock() if now is None else now):
                return

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Wait (without hurrying anything) until everything waiting is written."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._items and not self._saving, timeout)

    def flush(self, timeout: float = 10.0) -> bool:
        """Write everything waiting now and wait for it; True when done within ``timeout``."""
        if self._thread is None:
            with self._cond:
                self._flushing = True
            try:
                self.poll(float("inf"))
            finally:
                self._flushing = False
            return True
        with self._cond:
            self._flushing = True
            self._cond.notify_all()
            try:
                return self._cond.wait_for(lambda: not self._items and not self._saving, timeout)
            finally:
                self._flushing = False

    def discard(self) -> None:
        """The work is saved elsewhere: forget what waits and delete this window's autosave.

        Returns at once: a base being written (seconds at 10⁶ points) is deleted by the worker
        as soon as it is done (:meth:`wait_idle` waits for that too); the session's thread,
        the window's, never waits for a write."""
        with self._cond:
            self._items.clear()
            self._need_base = True
            if self._saving:
                self._discard_after_write = True
            else:
                self._remove_slot()
        self._edited = False

    def _remove_slot(self) -> None:
        """Delete this window's autosave files (under ``_cond``, with no write under way)."""
        self._discard_after_write = False
        self._close_journal()
        self.slot.remove()

    def stop(self) -> None:
        """Stop listening and end the worker; the files stay and the lock is dropped, so the
        next start offers them (this is what a kill leaves, too)."""
        for event, cb in ((self.session.points_changed, self._on_points),
                          (self.session.algorithm_changed, self._on_algorithm),
                          (self.session.playhead_changed, self._on_playhead)):
            event.disconnect(cb)
        with self._cond:
            self._closed = True
            self._items.clear()
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(10.0)
        with self._cond:
            self._close_journal()
            self.slot.release()

    def mark_clean_exit(self) -> None:
        """The window closes normally: stop, and delete this window's autosave (only it)."""
        self.stop()
        self.slot.remove()

    # ---- the worker ----------------------------------------------------------------------------------
    def _loop(self) -> None:
        while True:
            due = self._process(self._clock())
            with self._cond:
                if self._closed:
                    return
                if due is None:
                    self._cond.wait_for(lambda: bool(self._items) or self._closed)
                elif due > self._clock() and not self._flushing:
                    self._cond.wait(due - self._clock())

    def _process(self, now: float) -> float | None:
        """Write what is due; returns when the rest is due (≤ now: call again), None if idle."""
        with self._cond:
            if not self._items or self._saving:
                return None if not self._items else now
            kind, payload, when = self._items[0]
            if kind == "op" and now < when + self.delay_s and not self._flushing:
                return when + self.delay_s
            if kind == "base":
                batch = [self._items.popleft()[1]]
            else:
                batch = []
                while self._items and self._items[0][0] == "op":
                    batch.append(self._items.popleft()[1])
            self._saving = True
        error: str | None = None
        wrote: object = None
        try:
            wrote = self._write_base(batch[0]) if kind == "base" else self._append(batch)
            if wrote is not _SKIPPED:
                error = wrote  # type: ignore[assignment]
        except Exception as exc:  # noqa: BLE001 - e.g. MemoryError's kin: say so, keep the worker alive
            error = _("The work could not be autosaved ({error}); save it with File → Save session to be safe.").format(
                error=type(exc).__name__)
        finally:
            with self._cond:
                self._saving = False
                if error is not None:
                    self._need_base = True
                    self._close_journal()
                if self._discard_after_write:
                    self._remove_slot()
                self._cond.notify_all()
        if wrote is not _SKIPPED:
            self._report(error)
        return now

    def _write_base(self, snap: SessionSnapshot) -> str | None:
        try:
            make_state_dir(self.directory)
            self.slot.acquire()
        except OSError as exc:
            return _("The autosave folder {folder} could not be created or written ({error}); "
                     "set {variable} to a writable folder.").format(folder=self.directory, error=exc.strerror or exc,
                                                                    variable=STATE_DIR_ENV)
        self._base_no += 1
        chunks = session_json_chunks(snap)  # streamed to the file: 60 MB at 10⁶ points, never one string
        # The base number goes in as the first key, so session_file's writer stays the only one.
        head = next(chunks)
        assert isinstance(head, str)  # the file's first lines are text; only the points' rows may be bytes
        first = "{\n  " + json.dumps(journal.BASE_KEY) + f": {self._base_no}," + head[1:]
        try:
            atomic_write_chunks(self.slot.base, itertools.chain([first], chunks), mode=STATE_FILE_MODE)
            atomic_write_text(self.slot.journal, journal.header(self._base_no), mode=STATE_FILE_MODE)
            with self._cond:
                self._close_journal()
            self._journal_fd = os.open(self.slot.journal, os.O_WRONLY | os.O_APPEND | getattr(os, "O_CLOEXEC", 0))
        except UserError as exc:  # a WriteError: disk full, permission, ...
            return str(exc)
        except OSError as exc:
            return str(write_error(self.slot.journal, exc))
        self.saves += 1
        return None

    def _append(self, ops: list[dict[str, Any]]) -> str | None | object:
        fd = self._journal_fd
        if fd is None:
            return _SKIPPED  # after a failed base: the next event writes a new one
        data = journal.encode(ops)
        try:
            view = memoryview(data)
            while view:
                n = os.write(fd, view)
                if n <= 0:
                    raise OSError(28, "No space left on device")
                view = view[n:]
            os.fsync(fd)
        except OSError as exc:
            return str(write_error(self.slot.journal, exc))
        self.saves += 1
        return None

    def _close_journal(self) -> None:
        fd, self._journal_fd = self._journal_fd, None
        if fd is not None:
            try:
                os.close(fd)
            except OSError:
                pass

    def _report(self, error: str | None) -> None:
        self.last_error = error
        if error is None:
            self._reported = None
            return
        if error != self._reported and self.on_error is not None:
            self.on_error(error)  # once per fault, not every quarter second
        self._reported = error
