"""``perceptron-gui FILE``: the one file among the window's leftover arguments (Qt's own options).

argparse cannot take the file as a positional argument: it would take the value of Qt's
``-platform offscreen`` for it. So the window's parser leaves everything it does not know, and
this module walks what is left: a single-dash option is Qt's (with its value, unless it is one
of Qt's switches), a bare word is the file.
"""
from __future__ import annotations

from pathlib import Path

from ..i18n import _
from .args import COMMANDS, usage_sentence
from .common import PROG, UsageError

__all__ = ["split_window_file"]

# Qt's command-line options that take no value (QGuiApplication / QApplication, X11 included);
# every other single-dash option takes the next word as its value, as before FILE existed.
QT_SWITCHES = frozenset({"-reverse", "-widgetcount", "-nograb", "-dograb", "-sync", "-cmap", "-testability"})
# A name with one of these endings is meant as a file even when it does not exist (the window
# then says so); another bare word that is no file is more likely a mistyped command.
FILE_SUFFIXES = (".csv", ".txt", ".json", ".tsv")


def split_window_file(rest: list[str]) -> tuple[str | None, list[str]]:
    """``(FILE or None, Qt's arguments)`` from what the window's parser left; a second file, a
    double-dash option or a word that is neither a file nor a command is a UsageError."""
    file: str | None = None
    qt: list[str] = []
    takes_value = False
    for a in rest:
        if takes_value:
            qt.append(a)
            takes_value = False
            continue
        if a.startswith("--"):
            raise UsageError(usage_sentence(_("unrecognized arguments: %s") % a, PROG))
        if a.startswith("-") and a != "-":
            qt.append(a)
            takes_value = a not in QT_SWITCHES and "=" not in a
            continue
        if file is not None:
            raise UsageError(_("Give one file to open, not both {first} and {second}.").format(first=file, second=a))
        if not Path(a).exists() and not a.lower().endswith(FILE_SUFFIXES):
            raise UsageError(_("'{word}' is neither a file nor a command; give a data CSV or a .perceptron.json "
                               "session to open, one of the commands {commands}, or nothing to open "
                               "the window (see '{prog} --help').").format(word=a, commands=", ".join(COMMANDS),
                                                                             prog=PROG))
        file = a
    return file, qt
