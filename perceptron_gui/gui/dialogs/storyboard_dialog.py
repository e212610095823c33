"""File → Export storyboard…: the run's updates as small multiples, in PNG, SVG, PDF or TikZ.

A small dialog asks which updates (the next few from the step shown, or a typed list such as
1,2,3,4 or 3-8) and how many panels to a row, and says which updates that is, or the writer's
sentence why not (the steps are :mod:`perceptron_gui.render.storyboard`'s own rule); the file's
ending then says the format. The figure is written by
:mod:`perceptron_gui.gui.figures.storyboard_figure`, the code ``perceptron-gui export --figure
storyboard`` runs, over a frozen copy of the session, so the window's own views are untouched.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6 import QtCore, QtGui, QtWidgets

from ...core.errors import UserError
from ...export.source import ExportSession, ViewOptions, format_of
from ...i18n import N_, _, ngettext
from ...render.storyboard import DEFAULT_PANELS, MAX_PANELS, check_steps, next_steps, parse_steps, steps_text
from .figure_dialog import export_sentence

__all__ = ["StoryboardSettings", "StoryboardDialog", "chosen_steps", "export_storyboard", "add_storyboard_action"]

FILTERS = (N_("PNG images (*.png)"), N_("SVG drawings (*.svg)"), N_("PDF documents (*.pdf)"),
           N_("TikZ pictures (*.tex)"))  # the file dialog's, shown with _() and joined by ";;"
SLIDE_ASPECT = 16 / 9
PNG_WIDTH = 1920


@dataclass
class StoryboardSettings:
    """Which updates: the ``count`` after the step shown, or ``typed`` ("1,2,3,4", "3-8") when
    given; ``columns`` panels to a row (None: from the count and a 16:9 slide)."""

    count: int = DEFAULT_PANELS
    typed: str | None = None
    columns: int | None = None


def chosen_steps(settings: StoryboardSettings, k: int, num_updates: int) -> tuple[int, ...]:
    """The updates ``settings`` name for a playhead at update ``k``; a StoryboardError (a sentence) if none."""
    steps = parse_steps(settings.typed) if settings.typed is not None else next_steps(k, num_updates, settings.count)
    return check_steps(steps, num_updates)


class StoryboardDialog(QtWidgets.QDialog):
    """The next N updates or a typed list, the columns, and what that is."""

    def __init__(self, parent: QtWidgets.QWidget | None, k: int, num_updates: int,
                 initial: StoryboardSettings | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Export storyboard"))
        self.k, self.num_updates = int(k), int(num_updates)
        s = initial or StoryboardSettings()
        form = QtWidgets.QFormLayout(self)
        self.next_radio = QtWidgets.QRadioButton(_("The next updates from the step shown:"))
        self.count_spin = QtWidgets.QSpinBox()
        self.count_spin.setRange(1, MAX_PANELS)
        self.count_spin.setValue(s.count)
        self.typed_radio = QtWidgets.QRadioButton(_("These updates:"))
        self.typed_edit = QtWidgets.QLineEdit(s.typed or "")
        # TRANSLATORS: keep "1,2,3,4" and "3-8" as they are: what is typed in the box.
        self.typed_edit.setPlaceholderText(_("1,2,3,4 or 3-8"))
        self.typed_edit.setToolTip(_("Update numbers from 1 to {last}, separated by commas, or ranges.").format(
            last=self.num_updates))
        (self.typed_radio if s.typed is not None else self.next_radio).setChecked(True)
        self.columns_spin = QtWidgets.QSpinBox()
        self.columns_spin.setRange(0, MAX_PANELS)
        self.columns_spin.setSpecialValueText(_("automatic"))
        self.columns_spin.setValue(s.columns or 0)
        self.columns_spin.setToolTip(_("Panels to a row; automatic fills a 16:9 slide."))
        self.what = QtWidgets.QLabel()
        self.what.setWordWrap(True)
        form.addRow(self.next_radio, self.count_spin)
        form.addRow(self.typed_radio, self.typed_edit)
        form.addRow(_("Panels to a row:"), self.columns_spin)
        form.addRow("", self.what)
        form.addRow("", QtWidgets.QLabel(_("The format is the file's ending: .png, .svg, .pdf or .tex (TikZ).")))
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = buttons.addButton(_("Export…"), QtWidgets.QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        for sig in (self.next_radio.toggled, self.count_spin.valueChanged, self.typed_edit.textChanged,
                    self.columns_spin.valueChanged):
            sig.connect(self._refresh)
        self.typed_edit.textEdited.connect(lambda *_args: self.typed_radio.setChecked(True))
        self._refresh()

    def settings(self) -> StoryboardSettings:
        typed = self.typed_edit.text() if self.typed_radio.isChecked() else None
        return StoryboardSettings(self.count_spin.value(), typed, self.columns_spin.value() or None)

    def _refresh(self, *_args: Any) -> None:
        try:
            steps = chosen_steps(self.settings(), self.k, self.num_updates)
        except UserError as exc:
            self.what.setText(str(exc))
            self.ok_button.setEnabled(False)
            return
        n = len(steps)
        # TRANSLATORS: {steps} lists the updates ("1–4", "1, 3, 5"); {total} is the run's number of updates.
        self.what.setText(ngettext("Update {steps} of {total}: {n} panel, each with the hyperplane before and after "
                                   "its update.",
                                   "Updates {steps} of {total}: {n} panels, each with the hyperplane before and after "
                                   "its update.", n).format(steps=steps_text(steps), total=self.num_updates, n=n))
        self.ok_button.setEnabled(True)


def export_storyboard(win: Any, path: str | Path | None = None, settings: StoryboardSettings | None = None) -> bool:
    """Write the storyboard of the window's run; without ``path`` the dialog and a file dialog ask."""
    s = win.session
    if s.result is None or s.busy:
        win.banner.show_message("error", _("There is no finished run to export yet; wait for training to finish or "
                                           "add points."))
        return False
    k, m = s.k, s.result.record.num_updates
    if path is None:
        dialog = StoryboardDialog(win, k, m, settings)
        if dialog.exec() != QtWidgets.QDialog.DialogCode.Accepted:
            return False
        return _save_as(win, dialog.settings())
    return _write(win, path, settings or StoryboardSettings())


def show_storyboard_dialog(win: Any) -> StoryboardDialog | None:
    """The same dialog beside the window, not modal (a lesson opens it and the window stays live);
    its Export… asks for the file and writes it."""
    s = win.session
    if s.result is None or s.busy:
        return None
    dialog = StoryboardDialog(win, s.k, s.result.record.num_updates)
    dialog.setAttribute(QtCore.Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.accepted.connect(lambda: _save_as(win, dialog.settings()))
    dialog.show()
    return dialog


def _save_as(win: Any, settings: StoryboardSettings) -> bool:
    chosen, __ = QtWidgets.QFileDialog.getSaveFileName(win, _("Export storyboard"), _suggest(win),
                                                       ";;".join(_(f) for f in FILTERS))
    if not chosen:
        return False
    return _write(win, Path(chosen if Path(chosen).suffix else chosen + ".png"), settings)


def _write(win: Any, path: str | Path, settings: StoryboardSettings) -> bool:
    s = win.session
    k, m = s.k, s.result.record.num_updates
    from ..figures.storyboard_figure import write_storyboard  # the figures load when asked for

    try:
        steps = chosen_steps(settings, k, m)
        options = ViewOptions.from_canvas(win.canvas, aspect=SLIDE_ASPECT)
        write_storyboard(ExportSession.from_session(s), path, steps, format_of(path), width=PNG_WIDTH,
                         options=options, columns=settings.columns)
    except (UserError, OSError) as exc:
        win.banner.show_message("error", export_sentence(exc, path))
        return False
    # TRANSLATORS: {steps} lists the updates ("1–4", "1, 3, 5").
    win.banner.show_message("info", ngettext("Exported the storyboard of update {steps} to {file}.",
                                             "Exported the storyboard of updates {steps} to {file}.",
                                             len(steps)).format(steps=steps_text(steps), file=Path(path).name))
    return True


def _suggest(win: Any) -> str:
    p = getattr(win, "file_path", None)
    stem = Path(p).name.split(".")[0] if p else "perceptron"
    return str((Path(p).parent if p else Path.cwd()) / f"{stem}-storyboard.png")


def add_storyboard_action(win: Any) -> QtGui.QAction:
    """File → Export storyboard…, beside Export as Beamer slides (the other run-as-slides export)."""
    a = QtGui.QAction(_("Export s&toryboard…"), win)
    tip = _("The run's updates as small multiples (PNG, SVG, PDF or TikZ): each panel the hyperplane before and "
            "after")
    a.setToolTip(tip)
    a.setStatusTip(tip)
    a.triggered.connect(lambda *_args: export_storyboard(win))
    win.addAction(a)
    files = win.file_actions
    files.menu.insertAction(files.exports_before, a)
    files.actions["export_storyboard"] = a  # one of the File menu's entries, as its own are
    return a
