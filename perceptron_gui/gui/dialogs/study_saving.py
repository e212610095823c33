"""Save figure… and Save table… of a study's dialog (the order study, the Winnow study): one rule
for both — the file's ending picks PNG, SVG, PDF (painted by Qt) or TikZ (written without Qt),
the table is the study's CSV text, and every outcome is a sentence under the buttons."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6 import QtWidgets

from ...core.errors import UserError
from ...i18n import N_, _

__all__ = ["StudySaving", "FIGURE_FILTERS"]

FIGURE_FILTERS = (N_("PNG images (*.png)"), N_("SVG drawings (*.svg)"), N_("PDF documents (*.pdf)"),
                  N_("TikZ pictures (*.tex)"))  # the file dialog's, shown with _() and joined by ";;"


class StudySaving:
    """Mixed into a study's QDialog, which sets ``status`` (a QLabel) and ``study`` (with
    ``csv_text()``) and says what its figure is in the class attributes below (English marked
    with N_(), whole sentences, so each translates with its own words; shown with _())."""

    status: QtWidgets.QLabel
    study: Any
    figure_title = N_("Save the study's figure")  # the file dialogs' titles
    table_title = N_("Save the study's table")
    wrong_ending = N_("{file}: the figure is written as .png, .svg, .pdf or .tex (TikZ); choose one of those "
                      "endings.")
    file_stem = "study"           # the suggested file names' stem

    def figure_formats(self) -> frozenset[str]:
        """The endings Qt paints (the TikZ one is ``tex``)."""
        raise NotImplementedError

    def write_figure(self, path: Path, fmt: str) -> None:
        """Paint the figure into ``path`` in ``fmt`` (png, svg or pdf)."""
        raise NotImplementedError

    def write_tikz(self, path: Path) -> None:
        """Write the figure as a TikZ picture (as the command line's ``--tikz`` does)."""
        raise NotImplementedError

    def save_figure(self, path: str | Path | None = None) -> bool:
        """Write the figure to ``path`` (asked for when None); its ending picks PNG, SVG, PDF or TikZ."""
        if path is None:
            chosen, __ = QtWidgets.QFileDialog.getSaveFileName(
                self, _(self.figure_title), f"{self.file_stem}.png",  # type: ignore[arg-type]
                ";;".join(_(f) for f in FIGURE_FILTERS))
            if not chosen:
                return False
            path = chosen
        p = Path(path)
        fmt = p.suffix.lower().lstrip(".") or "png"
        if fmt == "tex":
            return self._write(p, self.write_tikz)
        if fmt not in self.figure_formats():
            return self._said(_(self.wrong_ending).format(file=p.name))
        return self._write(p if p.suffix else p.with_suffix(".png"), lambda q: self.write_figure(q, fmt))

    def save_table(self, path: str | Path | None = None) -> bool:
        """Write the study's rows as CSV to ``path`` (asked for when None)."""
        from ...core.atomic import atomic_write_text
        if path is None:
            chosen, __ = QtWidgets.QFileDialog.getSaveFileName(
                self, _(self.table_title), f"{self.file_stem}.csv",  # type: ignore[arg-type]
                _("CSV tables (*.csv)") + ";;" + _("All files (*)"))
            if not chosen:
                return False
            path = chosen
        return self._write(Path(path), lambda q: atomic_write_text(q, self.study.csv_text()))

    def _write(self, path: Path, write: Callable[[Path], Any]) -> bool:
        try:
            write(path)
        except UserError as exc:  # a WriteError: its own sentence
            return self._said(str(exc))
        except OSError as exc:
            return self._said(_("{file} could not be written ({reason}); choose another folder.").format(
                file=path.name, reason=exc.strerror or exc))
        self.status.setText(_("Wrote {file}.").format(file=path.name))
        return True

    def _said(self, sentence: str) -> bool:
        self.status.setText(sentence)
        return False
