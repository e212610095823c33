"""The question before a save would replace a file someone else wrote since this window opened
or saved it (another window on the same session file): Reload, Overwrite, Save As… or Cancel.

The check is the Qt-free ``Document.changed_on_disk`` (session/disk_stamp.py); this is only
the box. Its default is Save As…, the one answer that loses nobody's work."""
from __future__ import annotations

from pathlib import Path
from typing import Literal

from PySide6 import QtWidgets

from ...i18n import N_, _
from ..kit.user_text import shown_name

__all__ = ["Answer", "ask_changed_on_disk"]

Answer = Literal["reload", "overwrite", "save_as", "cancel"]
TITLE = N_("File changed on disk")  # shown translated


def ask_changed_on_disk(parent: QtWidgets.QWidget, path: Path) -> Answer:
    """Ask what to do about ``path``, changed on disk behind the window's back."""
    M = QtWidgets.QMessageBox
    box = M(M.Icon.Warning, _(TITLE),
            _("{name} was changed on disk by another window or program since this window "
              "opened or saved it.").format(name=shown_name(path.name)), parent=parent)
    box.setInformativeText(_("Reload it (the work here is replaced by the file's), overwrite it with the work here "
                             "(the other changes are lost), or save the work here under another name?"))
    reload = box.addButton(_("Reload"), M.ButtonRole.DestructiveRole)
    overwrite = box.addButton(_("Overwrite"), M.ButtonRole.AcceptRole)
    save_as = box.addButton(_("Save As…"), M.ButtonRole.ActionRole)
    box.addButton(M.StandardButton.Cancel)
    box.setDefaultButton(save_as)
    box.exec()
    clicked = box.clickedButton()
    if clicked is reload:
        return "reload"
    if clicked is overwrite:
        return "overwrite"
    if clicked is save_as:
        return "save_as"
    return "cancel"
