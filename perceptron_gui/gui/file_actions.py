"""The File menu's session and export entries, recent files, autosave and crash recovery.

:func:`install_file_actions` adds them to a built main window. Every action that asks for a
file name has a method taking the path (``open_session(path)``, ``export_run_json(path)``,
...), so tests and scripts skip the dialogs. Questions (restore after a crash, save before
closing) go through :attr:`FileActions.ask_recovery` and :attr:`FileActions.ask_close`, which
tests replace; with no screen (the offscreen platform) nobody could answer, so none is asked.
"""
from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6 import QtCore, QtGui, QtWidgets

from ..core.errors import UserError
from ..session.autosave import DEFAULT_DELAY_S, Autosaver, default_state_dir
from ..session.recent_files import RecentFiles
from ..session.session_file import SESSION_SUFFIX, apply_session, load_session, save_session
from .autosave_wiring import RECOVERY_QUESTION, AutosaveMixin  # noqa: F401 - the question, importable here
from .run_exports import RunExportMixin

__all__ = ["install_file_actions", "FileActions"]

SESSION_FILTER = f"Perceptron sessions (*{SESSION_SUFFIX});;JSON files (*.json);;All files (*)"
HEADLESS_PLATFORMS = ("offscreen", "minimal")


def install_file_actions(win: Any, state_dir: str | Path | None = None,
                         autosave_delay_s: float = DEFAULT_DELAY_S) -> FileActions:
    """Add the session, export and recent-file entries to ``win``'s File menu, start autosave
    and offer crash recovery once the event loop runs. Call at the end of the window's
    ``__init__``; the returned object is also ``win.file_actions``. A second call returns the
    first one's object (the menu entries are added once)."""
    existing = getattr(win, "file_actions", None)
    if isinstance(existing, FileActions):
        return existing
    fa = FileActions(win, state_dir, autosave_delay_s)
    win.file_actions = fa
    return fa


def _is_session_path(path: Path | None) -> bool:
    return path is not None and path.name.lower().endswith(".json")


class FileActions(AutosaveMixin, RunExportMixin, QtCore.QObject):
    """Owns the actions, the :class:`Autosaver` and the :class:`RecentFiles` of one window.

    Signals
    -------
    autosave_failed(str) : an autosave could not be written (emitted on the autosave thread).
    """

    autosave_failed = QtCore.Signal(str)

    def __init__(self, win: Any, state_dir: str | Path | None = None, autosave_delay_s: float = DEFAULT_DELAY_S) -> None:
        super().__init__(win)
        self.win = win
        self.session = win.session
        self.state_dir = Path(state_dir) if state_dir is not None else default_state_dir()
        self.autosave_delay_s = autosave_delay_s
        self.autosaver: Autosaver | None = None
        self.recent = RecentFiles(self.state_dir)
        if self.recent.problem:  # a damaged list was set aside: say so, and start anyway
            win.statusBar().showMessage(self.recent.problem, 30_000)
        self.recovered_from: Path | None = None
        self._seen_path: Path | None = None
        self._closed = False
        # Replaceable questions (tests answer them): True = restore; "save" / "discard" / "cancel".
        self.ask_recovery: Callable[[], bool] = self._ask_recovery_box
        self.ask_close: Callable[[], str] = self._ask_close_box
        self.actions: dict[str, QtGui.QAction] = {}
        self._build_menu()
        win.installEventFilter(self)
        # The lead's "Save" writes CSV to win.file_path; once that is a session file it must
        # save the session instead, or Ctrl+S would overwrite the session with CSV text.
        save = win.actions_by_name.get("save")
        if save is not None:
            save.triggered.disconnect()
            save.triggered.connect(lambda *_: self.save_current())
        win.windowTitleChanged.connect(self._on_title_changed)
        self.autosave_failed.connect(self._show_autosave_error)
        # After the window's first data load (make_window loads a preset after __init__), so
        # that load is neither autosaved nor mistaken for work.
        QtCore.QTimer.singleShot(0, self, self.start)

    # ---- menu -----------------------------------------------------------------------------
    def _build_menu(self) -> None:
        win = self.win
        file_menu = None
        for a in win.menuBar().actions():
            if a.menu() is not None and a.text().replace("&", "") == "File":
                file_menu = a.menu()
                break
        if file_menu is None:
            file_menu = win.menuBar().addMenu("&File")
        # Before the separator that precedes Quit, if there is one.
        acts = file_menu.actions()
        before = next((a for a in reversed(acts) if a.isSeparator()), None)

        def add(name: str, text: str, slot: Callable[[], Any], shortcut: str | None = None, tip: str = "") -> None:
            a = QtGui.QAction(text, win)
            if shortcut:
                a.setShortcut(QtGui.QKeySequence(shortcut))
                a.setShortcutContext(QtCore.Qt.ShortcutContext.WindowShortcut)
            if tip:
                a.setToolTip(tip)
                a.setStatusTip(tip)
            a.triggered.connect(lambda *_: slot())
            win.addAction(a)
            self.actions[name] = a
            win.actions_by_name[name] = a
            file_menu.insertAction(before, a)

        def separator() -> None:
            file_menu.insertSeparator(before) if before is not None else file_menu.addSeparator()

        separator()
        add("open_session", "Open &session…", self.open_session, "Ctrl+Shift+O",
            "Open a saved session: the data, the algorithm and its parameters, the step shown")
        add("save_session", "Save s&ession", self.save_session,
            tip="Save data, algorithm, parameters and the step shown to a .perceptron.json file")
        add("save_session_as", "Save session as…", self.save_session_as)
        self.recent_menu = QtWidgets.QMenu("&Recent files", win)
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self.recent_menu.menuAction().setObjectName("recent_files")
        file_menu.insertMenu(before, self.recent_menu) if before is not None else file_menu.addMenu(self.recent_menu)
        self._fill_recent_menu()
        separator()
        add("export_run_json", "Export run as &JSON…", self.export_run_json,
            tip="The whole run: parameters, every update, the per-epoch table, θ*, γ and the bound")
        add("export_updates_csv", "Export &updates as CSV…", self.export_updates_csv,
            tip="One row per update: k, epoch, the example, its label, the weights after it, cos∠(w, θ*)")
        add("export_epochs_csv", "Export per-&epoch table as CSV…", self.export_epochs_csv,
            tip="epoch, updates, training error and test error (fractions)")
        add("copy_epochs_latex", "Copy per-epoch table as &LaTeX", self.copy_epochs_latex,
            tip="A LaTeX tabular of the per-epoch table, to paste into slides")

    def _fill_recent_menu(self) -> None:
        self.recent.remove_missing()
        m = self.recent_menu
        m.clear()
        paths = self.recent.paths()
        for i, p in enumerate(paths):
            a = m.addAction(f"&{(i + 1) % 10} {p.name}")
            a.setToolTip(str(p))
            a.setStatusTip(str(p))
            a.triggered.connect(lambda *_, p=p: self.open_recent(p))
        if not paths:
            empty = m.addAction("(none yet)")
            empty.setEnabled(False)
        else:
            m.addSeparator()
            m.addAction("Clear the list", self._clear_recent)

    def _clear_recent(self) -> None:
        self.recent.clear()
        self._fill_recent_menu()

    # ---- start-up: autosave, then recovery (autosave_wiring.py) --------------------------------------
    @staticmethod
    def _can_ask() -> bool:
        app = QtWidgets.QApplication.instance()
        return app is not None and QtGui.QGuiApplication.platformName() not in HEADLESS_PLATFORMS

    # ---- sessions ------------------------------------------------------------------------------------
    def open_session(self, path: str | Path | None = None) -> bool:
        """Open a ``.perceptron.json`` session (a dialog when ``path`` is None)."""
        if path is None:
            path, _ = QtWidgets.QFileDialog.getOpenFileName(self.win, "Open session", self._start_dir(), SESSION_FILTER)
            if not path:
                return False
        p = Path(path)
        try:
            loaded = load_session(p)
        except UserError as exc:
            QtWidgets.QMessageBox.warning(self.win, "Could not open the session", str(exc))
            return False
        apply_session(self.session, loaded)
        self._after_file(p)
        self._restore_view(loaded)
        self.win.banner.show_message("info", f"Opened the session {p.name}.")
        return True

    def save_session(self, path: str | Path | None = None) -> bool:
        """Save to ``path``, else to the session file in use, else ask for a name."""
        if path is None:
            current = self.win.file_path
            if not _is_session_path(current):
                return self.save_session_as()
            path = current
        p = Path(path)
        try:
            save_session(self.session, p)
        except UserError as exc:
            QtWidgets.QMessageBox.warning(self.win, "Could not save the session", str(exc))
            return False
        self._after_file(p)
        self.win.banner.show_message("info", f"Saved the session to {p.name}.")
        return True

    def save_session_as(self, path: str | Path | None = None) -> bool:
        if path is None:
            path, _ = QtWidgets.QFileDialog.getSaveFileName(self.win, "Save session as", self._suggest(SESSION_SUFFIX),
                                                            SESSION_FILTER)
            if not path:
                return False
            if not Path(path).suffix:
                path = str(path) + SESSION_SUFFIX
        return self.save_session(path)

    def save_current(self) -> bool:
        """Ctrl+S: the session file in use, else the data CSV (the window's own save)."""
        if _is_session_path(self.win.file_path):
            return self.save_session(self.win.file_path)
        return bool(self.win.save_csv(str(self.win.file_path) if self.win.file_path else None))

    def open_recent(self, path: str | Path) -> bool:
        p = Path(path)
        if self.recent.exists(p) is False:  # None (a folder we may not read): opening says why
            self.recent.remove(p)
            self.win.banner.show_message("error", f"{p.name} no longer exists, so it was removed from the recent files.")
            return False
        if _is_session_path(p):
            return self.open_session(p)
        return bool(self.win.open_csv(str(p)))

    def _after_file(self, p: Path) -> None:
        """A session was opened or saved: it is the document now, and nothing is unsaved."""
        self.win.file_path = p
        self.session.history.mark_clean()
        self.win._update_title()
        self.recent.add(p)
        self._seen_path = self.win.file_path
        if self.autosaver is not None:
            self.autosaver.discard()

    def _restore_view(self, loaded: dict) -> None:
        view = loaded.get("view_range")
        canvas = self.win.canvas
        if view is None:
            canvas.fit_view()
            return
        self.session.set_view_range(view)
        box = getattr(canvas, "view_box", None)
        if box is not None:
            (x0, x1), (y0, y1) = view
            box.setRange(xRange=(x0, x1), yRange=(y0, y1), padding=0.0)
        else:
            canvas.fit_view()

    def _on_title_changed(self, *_: Any) -> None:
        # The window's own CSV open/save set file_path and then the title: list the file.
        p = self.win.file_path
        if p is not None and p != self._seen_path and Path(p).exists():
            self.recent.add(p)
        self._seen_path = p

    def _start_dir(self) -> str:
        p = self.win.file_path
        return str(Path(p).parent) if p else ""

    def _suggest(self, suffix: str) -> str:
        p = self.win.file_path
        # Without a file: the data's title as a file name ("xor-not-separable"), else "untitled"
        # (not "perceptron", which made "perceptron.perceptron.json").
        title = re.sub(r"[^0-9a-z]+", "-", self.session.data_title.lower()).strip("-")[:60]
        stem = Path(p).name.split(".")[0] if p else (title or "untitled")
        folder = Path(p).parent if p else Path.cwd()
        return str(folder / f"{stem}{suffix}")

    # ---- closing --------------------------------------------------------------------------------------
    def confirm_close(self) -> bool:
        """True when the window may close: nothing unsaved, or saved, or discarded."""
        if self.session.history.is_clean() or not self._can_ask_or_hooked():
            return True
        answer = self.ask_close()
        if answer == "save":
            return self.save_current()
        return answer == "discard"

    def _can_ask_or_hooked(self) -> bool:
        # A replaced ask_close (tests) is always asked; the real box only on a screen.
        return self.ask_close != self._ask_close_box or self._can_ask()

    def _ask_close_box(self) -> str:
        B = QtWidgets.QMessageBox.StandardButton
        ans = QtWidgets.QMessageBox.question(
            self.win, "Unsaved changes",
            "The data have changes that are not saved. Save them before closing?",
            B.Save | B.Discard | B.Cancel, B.Save)
        return {B.Save: "save", B.Discard: "discard"}.get(ans, "cancel")

    def eventFilter(self, obj: QtCore.QObject, ev: QtCore.QEvent) -> bool:  # noqa: N802
        if obj is not self.win or ev.type() != QtCore.QEvent.Type.Close or self._closed:
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
