"""One long computation of many runs (the order study, a Compare race) on a worker thread,
with a progress dialog and Cancel, its end delivered on the UI thread.

A subclass says what it computes (:meth:`BackgroundJob.work`: Qt-free work that takes
``progress`` and ``stop``, handed to the worker without the job itself, see ``ui_thread``) and
what to call it in messages (``what``); everything else — the thread, the stop flag, the
hand-over to the UI thread, the sentences for a cancel or a lack of memory, the dialog — is
here once.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6 import QtCore, QtWidgets
from PySide6.QtCore import Qt

from ...core.algorithms.chunks import TrainingStopped
from ...core.errors import UserError
from ...core.workers import background_thread
from ...i18n import N_, _
from .ui_thread import UiCall, ui_call

__all__ = ["BackgroundJob", "show_progress"]


class BackgroundJob(QtCore.QObject):
    """``state`` goes 'idle' → 'running' → 'done', 'failed' or 'cancelled' (on the UI thread);
    ``result`` holds what :meth:`compute` returned, ``message`` how it ended.

    Signals
    -------
    progressed(int, int) : parts done, parts in all (on the UI thread).
    finished(str) : the state it ended in.
    """

    progressed = QtCore.Signal(int, int)
    finished = QtCore.Signal(str)
    what = N_("The computation")  # the subject of its sentences: "The order study was cancelled."

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.state = "idle"
        self.message = ""
        self.result: Any = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def work(self) -> Callable[[Callable[[int, int], None], Callable[[], bool]], Any]:
        """The work itself, called on the worker thread as ``work(progress, stop)`` (it raises
        TrainingStopped when ``stop()``): Qt-free, holding plain data, never the job."""
        raise NotImplementedError

    def done_message(self, result: Any) -> str:
        """What the job says when it ends well ("" by default)."""
        return ""

    def start(self) -> None:
        self.state = "running"
        work, what, stop = self.work(), self.what, self._stop.is_set
        shown = _(what)  # the sentences' subject in the window's language; the thread keeps the English name
        progressed, ended = ui_call(self._on_progress), ui_call(self._on_ended)
        self._thread = background_thread(lambda: _run_job(work, shown, stop, progressed, ended), what.lower(),
                                         housekeeping=False)
        self._thread.start()

    def cancel(self) -> None:
        """Ask the worker to stop (it does within ~20 ms of training); ``finished`` follows."""
        self._stop.set()

    def wait(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)

    def _on_progress(self, done: int, total: int) -> None:
        self.progressed.emit(done, total)

    def _on_ended(self, state: str, payload: object) -> None:
        self.state = state
        if state == "done":
            self.result = payload
            self.message = self.done_message(payload)
        else:
            self.message = str(payload)
        self.finished.emit(state)


def _run_job(work: Callable[[Callable[[int, int], None], Callable[[], bool]], Any], what: str,
             stop: Callable[[], bool], progressed: UiCall, ended: UiCall) -> None:
    """A job on its worker thread: only the work, its words and two weak calls back."""
    try:
        result = work(progressed, stop)
    except TrainingStopped:
        ended("cancelled", _("{what} was cancelled.").format(what=what))
    except UserError as exc:
        ended("failed", str(exc))
    except MemoryError:
        ended("failed", _("{what} needs more memory than there is; use fewer points or epochs.").format(what=what))
    else:
        ended("done", result)


def show_progress(win: Any, job: BackgroundJob, title: str, label: str, total: int,
                  on_done: Callable[[], None]) -> None:
    """Start ``job`` under a window-modal progress dialog with Cancel; when it ends, close the
    dialog and call ``on_done`` (it ended well) or put its message in the window's strip."""
    progress = QtWidgets.QProgressDialog(label, _("Cancel"), 0, total, win)
    progress.setWindowTitle(title)
    progress.setWindowModality(Qt.WindowModality.WindowModal)
    progress.setMinimumDuration(300)
    progress.setAutoClose(False)
    progress.setAutoReset(False)
    progress.canceled.connect(job.cancel)
    job.progressed.connect(lambda d, t: progress.setValue(d))
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
