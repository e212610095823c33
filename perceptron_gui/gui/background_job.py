"""One long computation of many runs (the order study, a Compare race) on a worker thread,
with a progress dialog and Cancel, its end delivered on the UI thread.

A subclass says what it computes (:meth:`BackgroundJob.compute`, Qt-free work that takes
``progress`` and ``stop``) and what to call it in messages (``what``); everything else — the
thread, the stop flag, the queued hand-over, the sentences for a cancel or a lack of memory,
the dialog — is here once.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6 import QtCore, QtWidgets
from PySide6.QtCore import Qt

from ..core.algorithms.chunks import TrainingStopped
from ..core.errors import UserError
from ..core.workers import background_thread

__all__ = ["BackgroundJob", "show_progress"]


class BackgroundJob(QtCore.QObject):
    """``state`` goes 'idle' → 'running' → 'done', 'failed' or 'cancelled' (on the UI thread);
    ``result`` holds what :meth:`compute` returned, ``message`` how it ended.

    Signals
    -------
    progressed(int, int) : parts done, parts in all (emitted on the worker, delivered queued).
    finished(str) : the state it ended in.
    """

    progressed = QtCore.Signal(int, int)
    _ended = QtCore.Signal(str, object)  # worker → UI thread
    finished = QtCore.Signal(str)
    what = "The computation"  # the subject of its sentences: "The order study was cancelled."

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.state = "idle"
        self.message = ""
        self.result: Any = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._ended.connect(self._on_ended, Qt.ConnectionType.QueuedConnection)

    def compute(self, progress: Callable[[int, int], None], stop: Callable[[], bool]) -> Any:
        """The work itself, on the worker thread (raises TrainingStopped when ``stop()``)."""
        raise NotImplementedError

    def done_message(self, result: Any) -> str:
        """What the job says when it ends well ("" by default)."""
        return ""

    def start(self) -> None:
        self.state = "running"
        self._thread = background_thread(self._work, self.what.lower(), housekeeping=False)
        self._thread.start()

    def _work(self) -> None:
        try:
            result = self.compute(lambda d, t: self.progressed.emit(d, t), self._stop.is_set)
        except TrainingStopped:
            self._ended.emit("cancelled", f"{self.what} was cancelled.")
        except UserError as exc:
            self._ended.emit("failed", str(exc))
        except MemoryError:
            self._ended.emit("failed", f"{self.what} needs more memory than there is; use fewer points or epochs.")
        else:
            self._ended.emit("done", result)

    def cancel(self) -> None:
        """Ask the worker to stop (it does within ~20 ms of training); ``finished`` follows."""
        self._stop.set()

    def wait(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)

    def _on_ended(self, state: str, payload: object) -> None:
        self.state = state
        if state == "done":
            self.result = payload
            self.message = self.done_message(payload)
        else:
            self.message = str(payload)
        self.finished.emit(state)


def show_progress(win: Any, job: BackgroundJob, title: str, label: str, total: int,
                  on_done: Callable[[], None]) -> None:
    """Start ``job`` under a window-modal progress dialog with Cancel; when it ends, close the
    dialog and call ``on_done`` (it ended well) or put its message in the window's strip."""
    progress = QtWidgets.QProgressDialog(label, "Cancel", 0, total, win)
    progress.setWindowTitle(title)
    progress.setWindowModality(Qt.WindowModality.WindowModal)
    progress.setMinimumDuration(300)
    progress.setAutoClose(False)
    progress.setAutoReset(False)
    progress.canceled.connect(job.cancel)
    # Queued: the worker emits, the dialog is set on this (the UI) thread.
    job.progressed.connect(lambda d, t: progress.setValue(d), Qt.ConnectionType.QueuedConnection)
    job.progress_dialog = progress  # type: ignore[attr-defined]  # for tests

    def ended(state: str) -> None:
        progress.canceled.disconnect(job.cancel)
        progress.close()
        if state == "done" and job.result is not None:
            on_done()
        else:
            win.banner.show_message("error" if state == "failed" else "info", job.message)

    job.finished.connect(ended)
    job.start()
