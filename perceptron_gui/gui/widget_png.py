"""A dock's own *Export PNG…*: the widget as shown on screen, saved as a PNG (the weight
image and the weight space share it; the slide figures go through gui/figures instead)."""
from __future__ import annotations

from pathlib import Path

from PySide6 import QtWidgets

from ..core.csv_text import clip_text

__all__ = ["save_widget_png"]


def save_widget_png(parent: QtWidgets.QWidget, widget: QtWidgets.QWidget, path: str | Path | None,
                    title: str, suggestion: str) -> bool:
    """Save ``widget`` as shown to ``path`` (asked with a dialog titled ``title`` when None;
    a name without .png gets it); a failed write is one sentence in a message box."""
    if path is None:
        chosen, _ = QtWidgets.QFileDialog.getSaveFileName(parent, title, suggestion, "PNG images (*.png)")
        if not chosen:
            return False
        path = chosen
    p = Path(path)
    if p.suffix.lower() != ".png":
        p = p.with_suffix(".png")
    ok = widget.grab().save(str(p), "PNG")
    if not ok:
        QtWidgets.QMessageBox.warning(parent, "Could not export the image",
                                      f"{clip_text(p.name, 60)} could not be written; check the folder "
                                      f"and its permissions.")
    return ok
