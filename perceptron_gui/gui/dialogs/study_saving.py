"""Save figure… and Save table… of a study's dialog (the order study, the Winnow study): one rule
for both — the file's ending picks PNG, SVG, PDF (painted by Qt) or TikZ (written without Qt),
the table is the study's CSV text, and every outcome is a sentence under the buttons."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6 import QtWidgets

from ...core.errors import UserError

__all__ = ["StudySaving", "FIGURE_FILTERS"]

FIGURE_FILTERS = "PNG images (*.png);;SVG drawings (*.svg);;PDF documents (*.pdf);;TikZ pictures (*.tex)"


class StudySaving:
    """Mixed into a study's QDialog, which sets ``status`` (a QLabel) and ``study`` (with
    ``csv_text()``) and says what its figure is in the class attributes below."""

    status: QtWidgets.QLabel
    study: Any
    figure_word = "figure"        # "histogram", "plot": the figure as the sentences name it
    study_name = "study"          # "order study": the file dialogs' titles
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
            chosen, _ = QtWidgets.QFileDialog.getSaveFileName(
                self, f"Save the {self.study_name}'s {self.figure_word}", f"{self.file_stem}.png",  # type: ignore[arg-type]
                FIGURE_FILTERS)
            if not chosen:
                return False
            path = chosen
        p = Path(path)
        fmt = p.suffix.lower().lstrip(".") or "png"
        if fmt == "tex":
            return self._write(p, self.write_tikz)
        if fmt not in self.figure_formats():
            return self._said(f"{p.name}: the {self.figure_word} is written as .png, .svg, .pdf or .tex (TikZ); "
                              "choose one of those endings.")
        return self._write(p if p.suffix else p.with_suffix(".png"), lambda q: self.write_figure(q, fmt))

    def save_table(self, path: str | Path | None = None) -> bool:
        """Write the study's rows as CSV to ``path`` (asked for when None)."""
        from ...core.atomic import atomic_write_text
        if path is None:
            chosen, _ = QtWidgets.QFileDialog.getSaveFileName(
                self, f"Save the {self.study_name}'s table", f"{self.file_stem}.csv",  # type: ignore[arg-type]
                "CSV tables (*.csv);;All files (*)")
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
            return self._said(f"{path.name} could not be written ({exc.strerror or exc}); choose another folder.")
        self.status.setText(f"Wrote {path.name}.")
        return True

    def _said(self, sentence: str) -> bool:
        self.status.setText(sentence)
        return False
