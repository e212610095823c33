"""View → Language: the language the window speaks, chosen in the menu and remembered.

Which language a window opens in, first match wins: ``PERCEPTRON_GUI_LANGUAGE`` (a one-off
override, as ``--theme`` is for the theme), the choice saved in the state folder, the system's
UI languages (Qt's ``QLocale.system().uiLanguages()``), English. The catalogues are the
application's own (:mod:`perceptron_gui.i18n`, gettext) and, for the words of Qt's own dialogs
(Cancel, Open, the file dialog), the ``qtbase_*.qm`` files that PySide6 ships.

A choice in the menu is saved and takes effect when the window opens next: every label, menu,
tooltip and dock of a window is built in its language, and rebuilding a running window in place
would lose the open dialogs and the undo history. The message offers to reopen the window now.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from PySide6 import QtCore, QtGui, QtWidgets

from ...i18n import DEFAULT, ENV_VAR, LANGUAGES, _, available, best_language, language, language_from_environment, set_language
from ...session.ui_settings import load_setting, save_setting

__all__ = ["SETTING", "start_language", "saved_language", "install_language_menu"]

SETTING = "language"
_qt_translators: list[QtCore.QTranslator] = []  # kept alive while installed


def saved_language(state_dir: Path) -> str | None:
    """The language chosen in the menu last time (None when none, or an unknown one, was saved)."""
    code = load_setting(state_dir, SETTING)
    return code if isinstance(code, str) and code in available() else None


def _wanted(state_dir: Path) -> str:
    if os.environ.get(ENV_VAR, "").strip():
        return language_from_environment()
    saved = saved_language(state_dir)
    if saved is not None:
        return saved
    return best_language(QtCore.QLocale.system().uiLanguages())


def _install_qt_translation(code: str) -> None:
    app = QtCore.QCoreApplication.instance()
    for old in _qt_translators:
        if app is not None:
            app.removeTranslator(old)
    _qt_translators.clear()
    if code == DEFAULT or app is None:
        return
    folder = QtCore.QLibraryInfo.path(QtCore.QLibraryInfo.LibraryPath.TranslationsPath)
    translator = QtCore.QTranslator()
    if translator.load(f"qtbase_{code}", folder):
        app.installTranslator(translator)
        _qt_translators.append(translator)


def start_language(state_dir: Path) -> str:
    """Speak the language this window should open in (see the module's docstring); returns it."""
    code = set_language(_wanted(state_dir))
    # Qt's own number widgets (spin boxes) read and write numbers in this locale: a decimal
    # comma in German, French and Spanish; files and exports are written by our code with a point.
    # English is the C locale's numbers; no language groups thousands, as display_numbers does not.
    locale = QtCore.QLocale.c() if code == DEFAULT else QtCore.QLocale(code)
    locale.setNumberOptions(QtCore.QLocale.NumberOption.OmitGroupSeparator)
    QtCore.QLocale.setDefault(locale)
    _install_qt_translation(code)
    return code


def _reopen(win: Any) -> None:
    # The window closes as it always does (asking to save unsaved work); only when it did close
    # does a new one start, in the language just chosen.
    if win.close():
        path = win.document.path  # the file it showed (saved on closing, if the user chose to)
        QtCore.QProcess.startDetached(sys.executable, ["-m", "perceptron_gui", *([str(path)] if path else [])])


def _choose(win: Any, code: str, state_dir: Path) -> None:
    save_setting(state_dir, SETTING, code)
    if code == language():
        return
    # The sentence in the language chosen, so a student who picked it by mistake can read it too.
    current = language()
    set_language(code)
    title = _("Language")
    text = _("The window will speak {language} when it opens next.").format(language=LANGUAGES[code])
    reopen = _("Reopen now")
    later = _("Later")
    set_language(current)
    box = QtWidgets.QMessageBox(QtWidgets.QMessageBox.Icon.Information, title, text, parent=win)
    now = box.addButton(reopen, QtWidgets.QMessageBox.ButtonRole.AcceptRole)
    box.addButton(later, QtWidgets.QMessageBox.ButtonRole.RejectRole)
    box.setObjectName("language_message")
    win._language_message = box  # the tests find it here
    box.finished.connect(lambda _result: _reopen(win) if box.clickedButton() is now else None)
    box.open()


def install_language_menu(win: Any, view_menu: QtWidgets.QMenu, state_dir: Path) -> dict[str, QtGui.QAction]:
    """View → Language, one entry per shipped language in its own name, the one in force ticked.
    Returns the actions by name ("language_de", …)."""
    menu = view_menu.addMenu(_("&Language"))
    menu.setObjectName("language_menu")
    group = QtGui.QActionGroup(win)
    actions: dict[str, QtGui.QAction] = {}
    for code in available():
        a = QtGui.QAction(LANGUAGES.get(code, code), win)
        a.setCheckable(True)
        a.setChecked(code == language())
        a.setToolTip(_("Menus, lessons, narration and exports in {language} (from the next start)").format(
            language=LANGUAGES.get(code, code)))
        a.toggled.connect(lambda on, c=code: _choose(win, c, state_dir) if on else None)
        group.addAction(a)
        menu.addAction(a)
        actions[f"language_{code}"] = a
    return actions
