"""Saving from the File menu: data as CSV, everything as a session; big data written off the UI thread.

Mixed into :class:`~perceptron_gui.gui.files.file_actions.FileActions`. A save is the document's three
steps (:meth:`~perceptron_gui.session.document.Document.prepare_save`: check and copy, on the UI
thread; :meth:`~perceptron_gui.session.document.PreparedSave.write`; ``finish_save``). A save
of more than ``BACKGROUND_SAVE_NUMBERS`` numbers is written on one worker thread, in the order asked, while
the status bar says "Saving …" and the window keeps drawing (10⁶ points took 7.8 s on the UI
thread). Not the message strip above the canvas: it changes the canvas's height, and at 10⁶
points each resize redraws every point (0.5 s twice per save).
Closing the window waits for a save under way, and a save asked for while closing is written at
once, so nothing the user saved is lost when the program ends.
A save over the window's own file that someone else wrote meanwhile (another window) is asked
about first (:mod:`.changed_on_disk`): Reload, Overwrite or Save As….
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from PySide6 import QtWidgets

from ...core.errors import UserError
from ...core.workers import background_thread
from ...i18n import N_, _
from ...session.autosave import Autosaver
from ...session.document import ChangedOnDiskError, Document, DocumentKind, NothingToSaveError, PreparedSave
from ...session.session import Session
from ...session.session_file import SESSION_SUFFIX
from ..kit.message_bar import MessageBanner
from ..kit.ui_thread import ui_call
from .changed_on_disk import Answer, ask_changed_on_disk

# Numbers (coordinates and labels) above which a save is written on a worker thread: about 60 ms
# of writing at 150,000 (50,000 points of 2 features). Counting points instead kept 2,000 rows of
# 784 features (1.6 million numbers) on the window's thread for 1-2.4 s.
BACKGROUND_SAVE_NUMBERS = 150_000
# Translated where a dialog shows it: _(SESSION_FILTER) (the suffix is written out for the catalogue).
SESSION_FILTER = N_("Perceptron sessions (*.perceptron.json);;JSON files (*.json);;All files (*)")
assert SESSION_SUFFIX in SESSION_FILTER


class SaveMixin:
    """Provides the save actions; the host provides ``window``, ``document``, ``session``,
    ``banner``, ``autosaver``, ``_suggest``, ``_can_ask``, ``_open`` and calls
    :meth:`_init_saving` in its constructor.

    :attr:`ask_changed` (replaceable, as the host's other questions) answers "reload",
    "overwrite", "save_as" or "cancel" for a file changed on disk; the real box only on a screen."""

    window: QtWidgets.QMainWindow
    document: Document
    session: Session
    banner: MessageBanner
    autosaver: Autosaver | None

    def _suggest(self, suffix: str) -> str:
        raise NotImplementedError  # the host's

    def _can_ask(self) -> bool:
        raise NotImplementedError  # the host's

    def _open(self, p: Path, kind: DocumentKind, box_title: str) -> bool:
        raise NotImplementedError  # the host's

    def _init_saving(self) -> None:
        self._writer = SaveWriter(ui_call(self._collect_saves))
        self._save_now = False  # closing: write at once
        self.ask_changed: Callable[[Path], Answer] = self._ask_changed_box

    # ---- the actions ------------------------------------------------------------------------
    def save_current(self) -> bool:
        """Ctrl+S: the open file in its kind (a session stays a session), else ask for a CSV."""
        if self.document.path is None:
            return self.save_csv()
        return self._save(self.document.path, self.document.kind or "csv")

    def save_csv(self, path: str | Path | None = None) -> bool:
        """Save the data as CSV to ``path`` (a dialog when None)."""
        if path is None:
            refusal = self.document.csv_refusal()
            if refusal:  # before the dialog, which would be in vain
                self.banner.show_message("error", refusal)
                return False
            p = self.document.path
            start = str(p) if p is not None and self.document.kind == "csv" else "data.csv"
            path, _filter = QtWidgets.QFileDialog.getSaveFileName(self.window, _("Save data set"), start, _("CSV files (*.csv)"))
            if not path:
                return False
        return self._save(Path(path), "csv")

    def save_session(self, path: str | Path | None = None) -> bool:
        """Save to ``path``, else to the session file in use, else ask for a name."""
        if path is None:
            if self.document.kind != "session" or self.document.path is None:
                return self.save_session_as()
            path = self.document.path
        return self._save(Path(path), "session")

    def save_session_as(self, path: str | Path | None = None) -> bool:
        if path is None:
            path, _filter = QtWidgets.QFileDialog.getSaveFileName(self.window, _("Save session as"),
                                                                  self._suggest(SESSION_SUFFIX), _(SESSION_FILTER))
            if not path:
                return False
            if not Path(path).suffix:
                path = str(path) + SESSION_SUFFIX
        return self._save(Path(path), "session")

    @property
    def saving(self) -> bool:
        """True while a save is written in the background."""
        return self._writer.busy

    def finish_saves(self) -> None:
        """Wait for the saves under way and record them (closing the window; tests)."""
        self._writer.join()
        self._collect_saves()

    # ---- internals ------------------------------------------------------------------------
    def _save(self, p: Path, kind: DocumentKind, overwrite: bool = False) -> bool:
        try:
            prepared = self.document.prepare_save(p, kind, overwrite=overwrite)
        except ChangedOnDiskError as exc:
            return self._changed_on_disk(p, kind, str(exc))
        except NothingToSaveError as exc:  # not a fault of the file: the banner, as for other hints
            self.banner.show_message("error", str(exc))
            return False
        except UserError as exc:
            self._save_failed(kind, str(exc))
            return False
        if written_numbers(self.session) > BACKGROUND_SAVE_NUMBERS and not self._save_now:
            self.window.statusBar().showMessage(_("Saving {n:,} points to {name}…").format(n=self.session.points.n, name=p.name))
            self._writer.add(prepared)
            return True
        try:
            prepared.write()
        except UserError as exc:
            self._save_failed(kind, str(exc))
            return False
        self._saved(prepared)
        return True

    def _changed_on_disk(self, p: Path, kind: DocumentKind, sentence: str) -> bool:
        """Someone else wrote ``p`` since this window read or saved it: ask, then do as answered.
        With nobody to ask (no screen) nothing is written and the banner says why."""
        if self.ask_changed == self._ask_changed_box and not self._can_ask():
            self.banner.show_message("error", sentence)
            return False
        answer = self.ask_changed(p)
        if answer == "overwrite":
            return self._save(p, kind, overwrite=True)
        if answer == "reload":
            self._open(p, kind, _("Could not open the session") if kind == "session" else _("Could not open the file"))
            return False  # the file's work is shown; this window's was not saved
        if answer == "save_as":
            return self.save_session_as() if kind == "session" else self.save_csv()
        return False

    def _ask_changed_box(self, p: Path) -> Answer:
        return ask_changed_on_disk(self.window, p)

    def _collect_saves(self) -> None:
        for prepared, error in self._writer.take_results():
            self.window.statusBar().clearMessage()
            if error is None:
                self._saved(prepared, in_status_bar=True)
            else:
                self._save_failed(prepared.kind, error)

    def _saved(self, prepared: PreparedSave, in_status_bar: bool = False) -> None:
        said = self.document.finish_save(prepared)
        if prepared.kind == "session" and self.autosaver is not None:
            self.autosaver.discard()
        if in_status_bar:  # a big save: where it said "Saving …", without resizing the canvas
            self.window.statusBar().showMessage(said, 10_000)
        else:
            self.banner.show_message("info", said)

    def _save_failed(self, kind: DocumentKind, sentence: str) -> None:
        QtWidgets.QMessageBox.warning(self.window, _("Could not save the session") if kind == "session"
                                      else _("Could not save"), sentence)


def written_numbers(session: Session) -> int:
    """How many numbers a save of ``session`` writes: each point's coordinates and label."""
    pts = session.points
    return pts.n * (pts.d + 1)


class SaveWriter:
    """The saves written on the saving thread, in order; Qt-free, so the thread holds this and
    a weak call back (``written``), never the window (see ``ui_thread``)."""

    def __init__(self, written: Callable[[], None]) -> None:
        self._lock = threading.Lock()
        self._queue: list[PreparedSave] = []  # asked for, not yet written (in order)
        self._results: list[tuple[PreparedSave, str | None]] = []  # written, not yet recorded
        self._thread: threading.Thread | None = None  # set and cleared under the lock
        self._written = written

    @property
    def busy(self) -> bool:
        t = self._thread
        return t is not None and t.is_alive()

    def add(self, prepared: PreparedSave) -> None:
        with self._lock:
            self._queue.append(prepared)
            if self._thread is not None:
                return  # the writer takes it after the one it writes
            self._thread = background_thread(self._drain, "perceptron-save", housekeeping=False)
            self._thread.start()

    def join(self) -> None:
        t = self._thread
        if t is not None:
            t.join()

    def take_results(self) -> list[tuple[PreparedSave, str | None]]:
        with self._lock:
            done, self._results = self._results, []
        return done

    def _drain(self) -> None:
        while True:
            with self._lock:
                if not self._queue:
                    self._thread = None
                    return
                prepared = self._queue.pop(0)
            try:
                prepared.write()
                error = None
            except UserError as exc:
                error = str(exc)
            except MemoryError:
                error = _("{name} could not be written: the computer ran out of memory.").format(name=prepared.path.name)
            with self._lock:
                self._results.append((prepared, error))
            self._written()
