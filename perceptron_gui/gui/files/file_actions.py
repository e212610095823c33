"""The File menu, built once: data sets and sessions (open, save, save as), recent files, the
run exports, Quit; autosave and crash recovery; the prompt before closing unsaved work.

All file work is the :class:`~perceptron_gui.session.document.Document`'s: this module asks
for names (dialogs), shows the sentences the document returns or raises, and moves the view.
Every action that asks for a file name has a method taking the path (``open_session(path)``,
``export_run_json(path)``, ...), so tests and scripts skip the dialogs. Questions (restore
after a crash, save before closing) go through :attr:`FileActions.ask_recovery` and
:attr:`FileActions.ask_close`, which tests replace; with no screen (the offscreen platform)
nobody could answer, so none is asked.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6 import QtCore, QtGui, QtWidgets

from ...core.dataset import Dataset
from ...core.errors import UserError
from ...core.io import MAX_CSV_BYTES, MAX_JSON_BYTES
from ...core.workers import background_thread
from ...i18n import N_, _
from ...render.projection import prepare_projection
from ...session.autosave import DEFAULT_DELAY_S, Autosaver
from ...session.document import Document, DocumentKind, kind_of
from ...session.recent_files import RecentFiles
from ..dialogs.exercise_dialog import open_exercise_dialog
from ..kit.message_bar import MessageBanner
from ..kit.ui_thread import ui_call
from ..kit.user_text import action_text, shown_name
from .autosave_wiring import RECOVERY_QUESTION, AutosaveMixin  # noqa: F401 - the question, importable here
from .file_saving import SESSION_FILTER, SaveMixin
from .file_test_set import TestSetMixin
from .open_limits import first_line_is_long, too_wide
from .run_exports import RunExportMixin

__all__ = ["install_file_actions", "FileActions", "ViewRange"]

# Files above this size are read on a worker thread, the window live meanwhile (10⁶ rows,
# 43 MB, take about 0.5 s to parse; a 200 MB file with a bad last line took 25 s).
BACKGROUND_READ_BYTES = 4_000_000
CSV_FILTER = N_("CSV files (*.csv *.txt);;All files (*)")  # translated where a dialog shows it
HEADLESS_PLATFORMS = ("offscreen", "minimal")
ViewRange = tuple[tuple[float, float], tuple[float, float]]


def install_file_actions(win: QtWidgets.QMainWindow) -> FileActions:
    """The window's File menu object (``win.file_actions``; the window builds it once)."""
    fa = getattr(win, "file_actions", None)
    if not isinstance(fa, FileActions):
        raise TypeError("The window builds its FileActions in its constructor.")
    return fa


class FileActions(AutosaveMixin, SaveMixin, RunExportMixin, TestSetMixin, QtCore.QObject):
    """The File menu of one window over one :class:`Document`.

    Parameters
    ----------
    window : the main window: parent of the actions and dialogs; its close is watched.
    document : does the file work; its ``recent`` list feeds the Recent files menu.
    banner : where sentences appear.
    show_view : shows a saved view range, or fits the view to the data for None.
    state_dir : the folder of the autosaves.

    Attributes
    ----------
    actions : every File-menu action by name (``open``, ``save``, ``save_as``, ``open_session``,
        ``save_session``, ``save_session_as``, ``open_test_set``, the exports, ``quit``).

    Signals
    -------
    autosave_failed(str) : an autosave could not be written (on the window's thread).
    """

    autosave_failed = QtCore.Signal(str)

    def __init__(self, window: QtWidgets.QMainWindow, document: Document, banner: MessageBanner,
                 show_view: Callable[[ViewRange | None], None], state_dir: Path,
                 autosave_delay_s: float = DEFAULT_DELAY_S) -> None:
        super().__init__(window)
        self.window = window
        self.document = document
        self.session = document.session
        self.banner = banner
        self.show_view = show_view
        self.state_dir = state_dir
        self.autosave_delay_s = autosave_delay_s
        self.autosaver: Autosaver | None = None
        if document.recent is None:  # the document adds what it opens and saves to the list shown
            raise ValueError("The File menu lists recent files: give the Document a RecentFiles.")
        self.recent: RecentFiles = document.recent
        if self.recent.problem:  # a damaged list was set aside: say so, and start anyway
            window.statusBar().showMessage(self.recent.problem, 30_000)
        self.recovered_from: Path | None = None
        self._closed = False
        # Replaceable questions (tests answer them): True = restore; "save" / "discard" / "cancel".
        self.ask_recovery: Callable[[], bool] = self._ask_recovery_box
        self.ask_close: Callable[[], str] = self._ask_close_box
        self.actions: dict[str, QtGui.QAction] = {}
        self._build_menu()
        window.installEventFilter(self)
        self.autosave_failed.connect(self._show_autosave_error)
        self._reads = 0  # opens started; a background read whose number is not the last is stale
        self.reading = False  # a big file is being read on a worker thread
        self._init_saving()
        # After the window's first data load (make_window loads a preset after __init__), so
        # that load is neither autosaved nor mistaken for work.
        QtCore.QTimer.singleShot(0, self, self.start)

    # ---- menu -----------------------------------------------------------------------------
    def _build_menu(self) -> None:
        menu = self.window.menuBar().addMenu(_("&File"))
        menu.setObjectName("file_menu")  # found by this name (its text is translated)
        SK = QtGui.QKeySequence.StandardKey

        def add(name: str, text: str, slot: Callable[[], Any], shortcut: str | QtGui.QKeySequence.StandardKey | None = None,
                tip: str = "") -> None:
            a = QtGui.QAction(text, self.window)
            if shortcut is not None:
                a.setShortcut(QtGui.QKeySequence(shortcut))
                a.setShortcutContext(QtCore.Qt.ShortcutContext.WindowShortcut)
            if tip:
                a.setToolTip(tip)
                a.setStatusTip(tip)
            a.triggered.connect(lambda *_args: slot())
            self.window.addAction(a)
            self.actions[name] = a
            menu.addAction(a)

        add("open", _("&Open data set…"), self.open_csv, SK.Open, _("Open a CSV file: x1,…,xd,y per line"))
        add("open_test_set", _("Open &test set…"), self.open_test_set,
            tip=_("Add the points of a CSV with the same columns as test points: the per-epoch table shows their error"))
        add("save", _("&Save data set"), self.save_current, SK.Save)
        add("save_as", _("Save data set &as…"), self.save_csv, SK.SaveAs)
        menu.addSeparator()
        add("open_session", _("Open &session…"), self.open_session, "Ctrl+Shift+O",
            _("Open a saved session: the data, the algorithm and its parameters, the step shown"))
        add("save_session", _("Save s&ession"), self.save_session,
            tip=_("Save data, algorithm, parameters and the step shown to a .perceptron.json file"))
        add("save_session_as", _("Save session as…"), self.save_session_as)
        self.recent_menu = QtWidgets.QMenu(_("&Recent files"), self.window)
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self.recent_menu.menuAction().setObjectName("recent_files")
        menu.addMenu(self.recent_menu)
        self._fill_recent_menu()
        menu.addSeparator()
        add("export_run_json", _("Export run as &JSON…"), self.export_run_json,
            tip=_("The whole run: parameters, every update, the per-epoch table, θ*, γ and the bound"))
        add("export_updates_csv", _("Export &updates as CSV…"), self.export_updates_csv,
            tip=_("One row per update: k, epoch, the example, its label, the weights after it, cos∠(w, θ*)"))
        add("export_epochs_csv", _("Export per-&epoch table as CSV…"), self.export_epochs_csv,
            tip=_("epoch, updates, training error and test error (fractions)"))
        add("copy_epochs_latex", _("Copy per-epoch table as &LaTeX"), self.copy_epochs_latex,
            tip=_("A LaTeX tabular of the per-epoch table, to paste into slides"))
        add("export_beamer", _("Export as &Beamer slides…"), self.export_beamer,
            tip=_("A Beamer document: one frame whose overlays step through the run, update by update (pdflatex)"))
        add("exercise_sheet", _("E&xercise sheet…"), lambda: open_exercise_dialog(self.window, self.session, self._start_dir()),
            tip=_("Hand-simulation exercises with their solutions (LaTeX) and a Moodle quiz, every answer read off a run"))
        # Where the figure and animation exports go (gui/dialogs/export_dialog.py adds them there).
        self.menu, self.exports_before = menu, menu.addSeparator()
        add("quit", _("&Quit"), self.window.close, SK.Quit)

    def _fill_recent_menu(self) -> None:
        self.recent.remove_missing()
        m = self.recent_menu
        m.clear()
        paths = self.recent.paths()
        for i, p in enumerate(paths):
            a = m.addAction(f"&{(i + 1) % 10} {action_text(p.name)}")
            a.setToolTip(shown_name(p))
            a.setStatusTip(shown_name(p))
            a.triggered.connect(lambda *_args, p=p: self.open_recent(p))
        if not paths:
            empty = m.addAction(_("(none yet)"))
            empty.setEnabled(False)
        else:
            m.addSeparator()
            m.addAction(_("Clear the list"), self._clear_recent)

    def _clear_recent(self) -> None:
        self.recent.clear()
        self._fill_recent_menu()

    @staticmethod
    def _can_ask() -> bool:
        app = QtWidgets.QApplication.instance()
        return app is not None and QtGui.QGuiApplication.platformName() not in HEADLESS_PLATFORMS

    # ---- opening --------------------------------------------------------------------------
    def open_csv(self, path: str | Path | None = None) -> bool:
        """Open a data CSV (a dialog when ``path`` is None); a bad file gives a message box
        and keeps the current data."""
        if path is None:
            path, _filter = QtWidgets.QFileDialog.getOpenFileName(self.window, _("Open data set"), "", _(CSV_FILTER))
            if not path:
                return False
        return self._open(Path(path), "csv", _("Could not open the file"))

    def open_session(self, path: str | Path | None = None) -> bool:
        """Open a ``.perceptron.json`` session (a dialog when ``path`` is None)."""
        if path is None:
            path, _filter = QtWidgets.QFileDialog.getOpenFileName(self.window, _("Open session"), self._start_dir(),
                                                                  _(SESSION_FILTER))
            if not path:
                return False
        return self._open(Path(path), "session", _("Could not open the session"))

    def open_recent(self, path: str | Path) -> bool:
        p = Path(path)
        if self.recent.exists(p) is False:  # None (a folder we may not read): opening says why
            self.recent.remove(p)
            self.banner.show_message("error", _("{name} no longer exists, so it was removed from the recent files.").format(
                name=p.name))
            return False
        kind = kind_of(p)
        return self._open(p, kind, _("Could not open the session") if kind == "session" else _("Could not open the file"))

    def _open(self, p: Path, kind: DocumentKind, box_title: str) -> bool:
        """Open ``p``: at once when small, else read on a worker thread while the window stays
        live ("Reading …" in the banner) and taken when read (see :meth:`_read_in_background`)."""
        try:
            size = p.stat().st_size if p.is_file() else 0
        except OSError:
            size = 0  # reading says why
        # Past its cap a file is refused at once (reading it stops at the size check).
        cap = MAX_JSON_BYTES if kind == "session" else MAX_CSV_BYTES
        big = (BACKGROUND_READ_BYTES < size or first_line_is_long(p)) and size <= cap
        if big:
            self._read_in_background(p, kind, box_title)
            return True
        try:
            loaded = self.document.read(p, kind)
        except UserError as exc:
            QtWidgets.QMessageBox.warning(self.window, box_title, str(exc))
            return False
        return self._take(p, kind, box_title, loaded)

    def _read_in_background(self, p: Path, kind: DocumentKind, box_title: str) -> None:
        self._reads += 1
        ticket = self._reads  # a newer open makes this one's result stale
        self.banner.show_message("info", _("Reading {name} ({size:,.0f} MB)…").format(name=p.name, size=p.stat().st_size / 1e6))
        self.reading = True

        document, done = self.document, ui_call(self._on_read_done)  # the reader holds no Qt object

        def work() -> None:
            try:
                loaded, error = document.read(p, kind), None
                if isinstance(loaded, Dataset):  # wide points: their principal axes here, not on the window's thread
                    prepare_projection(loaded.X)
            except UserError as exc:
                loaded, error = None, str(exc)
            except MemoryError:
                loaded, error = None, _("{name} is too big to read with the memory there is; split it or sample it "
                                        "first.").format(name=p.name)
            done((ticket, p, kind, box_title, loaded, error))

        background_thread(work, "perceptron-read", housekeeping=False).start()

    def _on_read_done(self, done: tuple[Any, ...]) -> None:
        ticket, p, kind, box_title, loaded, error = done
        if ticket != self._reads:
            return  # a newer open is under way
        self.reading = False
        self.banner.dismiss()
        if error is not None:
            QtWidgets.QMessageBox.warning(self.window, box_title, error)
            return
        self._take(p, kind, box_title, loaded)

    def _take(self, p: Path, kind: DocumentKind, box_title: str, loaded: Any) -> bool:
        try:
            self.take_loaded(p, kind, loaded)
        except UserError as exc:
            QtWidgets.QMessageBox.warning(self.window, box_title, str(exc))
            return False
        return True

    def take_loaded(self, p: Path, kind: DocumentKind, loaded: Any) -> None:
        """Make ``loaded`` (what ``Document.read`` gave for ``p``) the open document and show
        it; a failure is a UserError (the caller says it: a box, or the banner at start)."""
        refusal = too_wide(kind, loaded, p.name)
        if refusal is not None:
            raise UserError(refusal)
        said = self.document.take(p, kind, loaded)
        if kind == "session":
            if self.autosaver is not None:
                self.autosaver.discard()  # the opened file holds everything the autosave did
            self.show_view(self.session.view_range)
        else:
            self.show_view(None)
        # A run the session refused at once (a start that does not fit the data) said why: that
        # sentence stays in view, not "Opened …" over it. A run still training will say its own.
        if said and (self.session.error is None or self.session.busy):
            self.banner.show_message("info", said)

    # ---- saving: gui/files/file_saving.SaveMixin ------------------------------------------------
    def _start_dir(self) -> str:
        p = self.document.path
        return str(p.parent) if p else ""

    def _suggest(self, suffix: str) -> str:
        return str(self.document.suggested_path(suffix))

    # ---- closing --------------------------------------------------------------------------
    def confirm_close(self) -> bool:
        """True when the window may close: nothing unsaved, or saved, or discarded."""
        self.finish_saves()  # a save under way ends first: it may be the one that makes the work saved
        if not self.document.dirty or not self._can_ask_or_hooked():
            return True
        answer = self.ask_close()
        if answer == "save":
            self._save_now = True  # the program may end next: write before answering
            try:
                return self.save_current()
            finally:
                self._save_now = False
        return answer == "discard"

    def _can_ask_or_hooked(self) -> bool:
        # A replaced ask_close (tests) is always asked; the real box only on a screen.
        return self.ask_close != self._ask_close_box or self._can_ask()

    def _ask_close_box(self) -> str:
        B = QtWidgets.QMessageBox.StandardButton
        ans = QtWidgets.QMessageBox.question(
            self.window, _("Unsaved changes"),
            _("The data have changes that are not saved. Save them before closing?"),
            B.Save | B.Discard | B.Cancel, B.Save)
        return {B.Save: "save", B.Discard: "discard"}.get(ans, "cancel")

    def eventFilter(self, obj: QtCore.QObject, ev: QtCore.QEvent) -> bool:  # noqa: N802
        if obj is not self.window or ev.type() != QtCore.QEvent.Type.Close or self._closed:
            return False
        try:
            if not self.confirm_close():
                ev.ignore()
                return True
        except Exception:  # noqa: BLE001 - an error escaping a Qt override corrupts the interpreter
            sys.excepthook(*sys.exc_info())  # reported (pytest-qt fails the test), and the window closes
        self._closed = True
        if self.autosaver is not None:
            self.autosaver.mark_clean_exit()
        return False
