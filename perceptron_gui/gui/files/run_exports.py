"""The File menu's run exports: the run as JSON, the updates and the per-epoch table as CSV,
the per-epoch table as a LaTeX tabular on the clipboard, and the run as Beamer slides."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6 import QtWidgets

from ...core import runio
from ...core.errors import UserError
from ...export.beamer import write_beamer
from ...export.beamer_handout import write_handout
from ...i18n import _, ngettext
from ...session.session import Session
from ..dialogs.beamer_dialog import BeamerDialog, BeamerSettings, default_settings, fallback_note, overlay_count
from ..kit.message_bar import MessageBanner


class RunExportMixin:
    """Mixed into :class:`~perceptron_gui.gui.files.file_actions.FileActions`, which provides
    ``window`` (the dialogs' parent), ``banner``, ``session`` and ``_suggest``. Each method
    takes an explicit path (tests, scripts) or asks with a dialog."""

    window: QtWidgets.QMainWindow
    banner: MessageBanner
    session: Session

    def _suggest(self, suffix: str) -> str:
        raise NotImplementedError  # the host's

    def _finished_run(self) -> Any:
        s = self.session
        if s.result is None or s.busy:
            self.banner.show_message(
                "error", _("There is no finished run to export yet; wait for training to finish or add points."))
            return None
        return s.result

    def _ask_export_path(self, path: str | Path | None, title: str, suffix: str, filt: str) -> Path | None:
        if path is not None:
            return Path(path)
        chosen, _filter = QtWidgets.QFileDialog.getSaveFileName(self.window, title, self._suggest(suffix), filt)
        if not chosen:
            return None
        return Path(chosen if Path(chosen).suffix else chosen + suffix)

    def _export(self, path: str | Path | None, title: str, suffix: str, filt: str,
                write: Callable[[Path, Any], None], done: str, note: str | None = None) -> bool:
        """``done``: the sentence said after, translated, with ``{name}`` for the file's name."""
        result = self._finished_run()
        if result is None:
            return False
        p = self._ask_export_path(path, title, suffix, filt)
        if p is None:
            return False
        try:
            write(p, result)
        except UserError as exc:  # the atomic writer's WriteError says what and what to do
            QtWidgets.QMessageBox.warning(self.window, _("Could not export"), str(exc))
            return False
        except OSError as exc:
            QtWidgets.QMessageBox.warning(self.window, _("Could not export"),
                                          _("{name} could not be written ({reason}); choose another folder.").format(
                                              name=p.name, reason=exc.strerror or exc))
            return False
        self.banner.show_message("info", done.format(name=p.name) + (f" {note}" if note else ""))
        return True

    def export_run_json(self, path: str | Path | None = None) -> bool:
        """The run file (format perceptron-run, version 1)."""
        return self._export(path, _("Export run as JSON"), ".json", _("JSON files (*.json);;All files (*)"),
                            lambda p, r: runio.write_run_json(p, r.record, r.theory, r.train, r.test),
                            _("Exported the run to {name}."), self._cut_note())

    def export_updates_csv(self, path: str | Path | None = None) -> bool:
        k = self.session.run.num_updates if self.session.run else 0
        # The English says "1 updates" too (one form, as before); a translation may use its forms.
        done = ngettext("Exported {k} updates to {name}.", "Exported {k} updates to {name}.", k).replace("{k}", str(k))
        return self._export(path, _("Export updates as CSV"), ".csv", _("CSV files (*.csv);;All files (*)"),
                            lambda p, r: runio.write_updates_csv(p, r.record, r.train, r.theory),
                            done, self._cut_note(csv=True))

    def _cut_note(self, csv: bool = False) -> str | None:
        """Why a huge run's file lists only the first entries (see runio.RUN_FILE_MAX_ROWS)."""
        return runio.run_file_note(self.session.run, csv=csv) if self.session.run is not None else None

    def export_epochs_csv(self, path: str | Path | None = None) -> bool:
        return self._export(path, _("Export per-epoch table as CSV"), ".csv", _("CSV files (*.csv);;All files (*)"),
                            lambda p, r: runio.write_epochs_csv(p, r.record), _("Exported the per-epoch table to {name}."))

    def copy_epochs_latex(self) -> bool:
        result = self._finished_run()
        if result is None:
            return False
        text = runio.epochs_latex_tabular(result.record)
        QtWidgets.QApplication.clipboard().setText(text)
        n = len(result.record.epochs)
        self.banner.show_message("info", ngettext(
            "Copied the per-epoch table ({n} epoch) as a LaTeX tabular; paste it into your slides.",
            "Copied the per-epoch table ({n} epochs) as a LaTeX tabular; paste it into your slides.", n).format(n=n))
        return True

    def export_beamer(self, path: str | Path | None = None, animate: bool = False,
                      settings: BeamerSettings | None = None) -> bool:
        """The run as Beamer slides (export/beamer.py). Without ``path`` a dialog asks for the
        options (:mod:`..dialogs.beamer_dialog`) and then the file; with a path and no ``settings``, one
        overlay per update, or per epoch's end when the updates are more than the overlay cap."""
        result = self._finished_run()
        if result is None:
            return False
        if settings is None:
            settings = default_settings(result)
            settings.animate = animate
            if path is None:
                dialog = BeamerDialog(self.window, result, settings)
                if dialog.exec() != QtWidgets.QDialog.DialogCode.Accepted:
                    return False
                settings = dialog.settings()
        s = settings
        n = overlay_count(result, s)[0]
        if n is None:
            counted = _("Compile it with pdflatex.")
        elif s.handout:  # the English has one form ("1 frames"), as before; a translation may use its forms
            counted = ngettext("{n} frames; compile it with pdflatex.", "{n} frames; compile it with pdflatex.", n).format(n=n)
        else:
            counted = ngettext("{n} overlays; compile it with pdflatex.", "{n} overlays; compile it with pdflatex.",
                               n).format(n=n)
        note = fallback_note(result, s) or counted
        if s.handout:  # no overlays: a storyboard of a few updates on each frame (export/beamer_handout.py)
            return self._export(path, _("Export as Beamer handout"), ".tex", _("LaTeX files (*.tex);;All files (*)"),
                                lambda p, r: write_handout(p, r, s.k_from, s.k_to, show_update=s.show_update),
                                _("Exported the run as a Beamer handout to {name}."), note)
        return self._export(path, _("Export as Beamer slides"), ".tex", _("LaTeX files (*.tex);;All files (*)"),
                            lambda p, r: write_beamer(p, r, s.frames, s.k_from, s.k_to, animate=s.animate,
                                                      show_update=s.show_update,
                                                      show_point_margins=s.show_point_margins),
                            _("Exported the run as Beamer slides to {name}."), note)
