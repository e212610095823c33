"""The window opens the file named on the command line (``perceptron-gui FILE``).

What was read before the window existed (:mod:`perceptron_gui.session.start_file`) is taken
as File → Open takes it; a file that could not be read leaves the window empty with the
sentence in the message strip (no modal box: at start nobody has asked for anything yet).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.errors import UserError
from ...session.start_file import StartFile

if TYPE_CHECKING:
    from .main_window import MainWindow

__all__ = ["open_start_file"]


def open_start_file(win: MainWindow, start: StartFile, algorithm: str | None = None) -> bool:
    """Show ``start`` in ``win``; True when it opened, False when the banner says why not.

    ``algorithm`` (the command line's ``--algorithm``) replaces a session's saved one, as it
    does for ``perceptron-gui export``; for a CSV the caller sets it before, so the data train
    once."""
    error = start.error
    if error is None:
        try:
            win.file_actions.take_loaded(start.path, start.kind, start.loaded)
        except UserError as exc:
            error = str(exc)
    if error is not None:
        win.banner.show_message("error", error)
        return False
    if algorithm and start.kind == "session":
        win.session.set_algorithm(algorithm)
    return True
