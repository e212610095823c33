"""Autosave and the list of recent files (no Qt).

:class:`Autosaver` writes the session, in the session-file format, to
``<state dir>/autosave.perceptron.json`` a few seconds after the last edit, on a worker thread,
and deletes it when the program closes normally. So a file that is there at start-up was left
by a crash: :func:`recovery_file` finds it and the window offers to restore it.

The state directory is ``$PERCEPTRON_GUI_STATE_DIR`` when set, else
``$XDG_STATE_HOME/perceptron-gui``, else ``~/.local/state/perceptron-gui``.
"""
from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from ..core.dataset import DatasetError
from ..core.io import atomic_write_text
from .recent_files import RECENT_FORMAT, RECENT_NAME, RecentFiles  # noqa: F401 - kept importable from here
from .session_file import SessionSnapshot, save_snapshot, take_snapshot

if TYPE_CHECKING:
    from .session import Session

__all__ = ["AUTOSAVE_NAME", "RECENT_NAME", "STATE_DIR_ENV", "default_state_dir", "autosave_path",
           "recovery_file", "Autosaver", "RecentFiles"]

AUTOSAVE_NAME = "autosave.perceptron.json"
STATE_DIR_ENV = "PERCEPTRON_GUI_STATE_DIR"


def default_state_dir() -> Path:
    """Where autosaves and the recent-files list live (see the module docstring)."""
    env = os.environ.get(STATE_DIR_ENV)
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_STATE_HOME")
    # The XDG spec says to ignore a relative path.
    base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".local" / "state"
    return base / "perceptron-gui"


def autosave_path(directory: str | os.PathLike[str] | None = None) -> Path:
    return Path(directory if directory is not None else default_state_dir()) / AUTOSAVE_NAME


def recovery_file(directory: str | os.PathLike[str] | None = None) -> Path | None:
    """The autosave a crashed (or killed) session left behind, or None."""
    p = autosave_path(directory)
    return p if p.is_file() else None


class Autosaver:
    """Saves ``session`` to ``directory/autosave.perceptron.json`` after ``delay_s`` of quiet.

    Every edit (``points_changed``, ``algorithm_changed``) snapshots the session on the calling
    thread, the one that owns it, and (re)starts the delay; the snapshot is then written by a
    worker thread, which never touches the live arrays. A failed write is kept in
    ``last_error`` and passed to ``on_error`` (called on the worker thread).

    Parameters
    ----------
    session : Session
    directory : path or None
        The state directory; None: :func:`default_state_dir`.
    delay_s : float
        Seconds without edits before a save.
    on_error : callable(str) or None
        Told the sentence when a save fails.
    """

    def __init__(self, session: "Session", directory: str | os.PathLike[str] | None = None,
                 delay_s: float = 3.0, on_error: Callable[[str], None] | None = None) -> None:
        self.session = session
        self.directory = Path(directory) if directory is not None else default_state_dir()
        self.delay_s = float(delay_s)
        self.on_error = on_error
        self.last_error: str | None = None
        self.saves = 0  # completed writes (tests wait on it)
        self._cond = threading.Condition()
        self._pending: SessionSnapshot | None = None
        self._due = 0.0
        self._saving = False
        self._closed = False
        self._thread = threading.Thread(target=self._loop, name="perceptron-autosave", daemon=True)
        self._thread.start()
        session.points_changed.connect(self._on_edit)
        session.algorithm_changed.connect(self._on_edit)

    @property
    def path(self) -> Path:
        return self.directory / AUTOSAVE_NAME

    # ---- scheduling (the session's thread) ---------------------------------------------------
    def _on_edit(self, *_: Any) -> None:
        self.schedule()

    def schedule(self) -> None:
        """Snapshot now, save after ``delay_s`` unless another edit comes first."""
        snap = take_snapshot(self.session)
        with self._cond:
            if self._closed:
                return
            self._pending = snap
            self._due = time.monotonic() + self.delay_s
            self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Write a pending snapshot now and wait until no write is in progress."""
        with self._cond:
            self._due = time.monotonic()
            self._cond.notify_all()
            return self._cond.wait_for(lambda: self._pending is None and not self._saving, timeout)

    def discard(self) -> None:
        """Forget the pending save and delete the autosave (the work is saved elsewhere)."""
        with self._cond:
            self._pending = None
            self._cond.wait_for(lambda: not self._saving, 10.0)
            self._unlink()

    # ---- closing -------------------------------------------------------------------------------
    def stop(self) -> None:
        """Stop listening and end the worker; an autosave already written stays (for tests and
        for a close that keeps unsaved work recoverable)."""
        self.session.points_changed.disconnect(self._on_edit)
        self.session.algorithm_changed.disconnect(self._on_edit)
        with self._cond:
            self._closed = True
            self._pending = None
            self._cond.notify_all()
        self._thread.join(10.0)

    def mark_clean_exit(self) -> None:
        """The program closes normally: stop, and delete the autosave so nothing is offered
        for recovery next time."""
        self.stop()
        self._unlink()

    def _unlink(self) -> None:
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
        except OSError:
            pass  # a stale autosave is offered once more next time; no reason to fail a close

    # ---- the worker ------------------------------------------------------------------------------
    def _loop(self) -> None:
        with self._cond:
            while True:
                while not self._closed and self._pending is None:
                    self._cond.wait()
                if self._closed:
                    return
                remaining = self._due - time.monotonic()
                if remaining > 0:
                    self._cond.wait(remaining)
                    continue  # an edit may have pushed the due time back
                snap, self._pending = self._pending, None
                self._saving = True
                self._cond.release()
                try:
                    self._write(snap)
                finally:
                    self._cond.acquire()
                    self._saving = False
                    self._cond.notify_all()

    def _write(self, snap: SessionSnapshot | None) -> None:
        if snap is None:
            return
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            save_snapshot(snap, self.path)
        except (OSError, DatasetError) as exc:
            msg = str(exc) if isinstance(exc, DatasetError) else (
                f"The autosave folder {self.directory} could not be created ({exc.strerror}); "
                f"set {STATE_DIR_ENV} to a writable folder.")
            self.last_error = msg
            if self.on_error is not None:
                self.on_error(msg)
            return
        self.last_error = None
        self.saves += 1
