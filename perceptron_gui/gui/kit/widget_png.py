"""A dock's own *Export PNG…*: the widget as shown on screen, saved as a PNG (the weight
image and the weight space share it; the slide figures go through gui/figures instead).

The PNG is encoded in memory and written by the one atomic writer (core/atomic.py), so a full
disk leaves the old file whole, a link is written through and a pipe or a device is refused,
as for every other file the program writes."""
from __future__ import annotations

from pathlib import Path

from PySide6 import QtCore, QtWidgets

from ...core.atomic import atomic_write_bytes, write_error
from ...core.csv_text import clip_text
from ...core.errors import UserError
from ...i18n import _

__all__ = ["save_widget_png"]


def save_widget_png(parent: QtWidgets.QWidget, widget: QtWidgets.QWidget, path: str | Path | None,
                    title: str, suggestion: str) -> bool:
    """Save ``widget`` as shown to ``path`` (asked with a dialog titled ``title`` when None;
    a name without .png gets it); a failed write is one sentence in a message box."""
    if path is None:
        chosen, _filter = QtWidgets.QFileDialog.getSaveFileName(parent, title, suggestion, _("PNG images (*.png)"))
        if not chosen:
            return False
        path = chosen
    p = Path(path)
    if p.suffix.lower() != ".png":
        p = p.with_suffix(".png")
    buf = QtCore.QBuffer()
    buf.open(QtCore.QIODevice.OpenModeFlag.WriteOnly)
    try:
        if not widget.grab().save(buf, "PNG"):
            raise write_error(p, reason=_("the PNG encoder failed"), advice=_("try again"))
        atomic_write_bytes(p, bytes(buf.data().data()), allow_empty=False)
    except UserError as exc:  # a WriteError: one sentence, the old file whole
        QtWidgets.QMessageBox.warning(parent, _("Could not export the image"), clip_text(str(exc), 300))
        return False
    return True
