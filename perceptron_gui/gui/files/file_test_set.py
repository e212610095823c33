"""File → Open test set…: a second CSV whose points join the data as test points."""
from __future__ import annotations

from pathlib import Path

from PySide6 import QtWidgets

from ...core.csv_text import clip_text
from ...core.errors import UserError
from ...core.io import read_csv
from ...i18n import N_, _, ngettext
from ...session.open_test_set import add_test_set
from ...session.session import Session
from ..kit.message_bar import MessageBanner

BOX_TITLE = N_("Could not open the test set")  # shown translated


class TestSetMixin:
    """Mixed into :class:`~perceptron_gui.gui.files.file_actions.FileActions`, which provides
    ``window`` (the dialogs' parent), ``banner`` and ``session``."""

    __test__ = False  # its name starts with "Test", but it is no test class
    window: QtWidgets.QMainWindow
    banner: MessageBanner
    session: Session

    def open_test_set(self, path: str | Path | None = None) -> bool:
        """Read a CSV with the data's columns and add its points as test points (one undo step;
        a dialog when ``path`` is None). A bad file or a column mismatch: one sentence in a box."""
        if path is None:
            chosen, _filter = QtWidgets.QFileDialog.getOpenFileName(self.window, _("Open test set"), "",
                                                                    _("CSV files (*.csv *.txt);;All files (*)"))
            if not chosen:
                return False
            path = chosen
        p = Path(path)
        try:
            data = read_csv(p)
            if not add_test_set(self.session, data, source=clip_text(p.name, 60)):
                return False  # the session said why (its message)
        except UserError as exc:
            QtWidgets.QMessageBox.warning(self.window, _(BOX_TITLE), str(exc))
            return False
        self.banner.show_message("info", ngettext(
            "Added {n:,} test point from {name}; the per-epoch table shows their error.",
            "Added {n:,} test points from {name}; the per-epoch table shows their error.", data.n).format(
            n=data.n, name=clip_text(p.name, 60)))
        return True
