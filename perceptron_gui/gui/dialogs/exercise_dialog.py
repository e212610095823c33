"""File → Exercise sheet…: hand-simulation exercises with their solutions, as ``perceptron-gui
exercises`` writes them (the same sheet for the same choices): from the window's data, an
example data set or integer points generated for every exercise; the sheet and its solutions
as LaTeX and the questions as a Moodle quiz, each written where the user says.

A sheet is a few runs on a handful of points, so it is built on the window's thread when Write
is pressed; the line under the buttons says what was written, or why not, in one sentence.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6 import QtCore, QtGui, QtWidgets

from ...core.algorithms import REGISTRY
from ...core.dataset import Dataset
from ...core.errors import UserError
from ...core.exercise_data import MAX_GENERATED
from ...core.exercise_kinds import ALGORITHMS, KIND_TITLES, KINDS, MAX_COUNT, Generated
from ...core.exercises import build_sheet
from ...core.presets import PRESETS
from ...export.exercise_latex import write_sheet_tex
from ...export.exercise_moodle import write_sheet_moodle
from ...i18n import N_, _, ngettext

__all__ = ["ExerciseDialog", "open_exercise_dialog", "SOURCES"]

# The Data box's entries and the files' rows and filters, in English (N_()); shown with _().
SOURCES = {"window": N_("The window's data"), "preset": N_("An example data set"),
           "generate": N_("Generated integer points")}
_FILES = (("tex", N_("Sheet (.tex)"), N_("LaTeX files (*.tex)"), ".tex"),
          ("solutions", N_("Solutions (.tex)"), N_("LaTeX files (*.tex)"), "-solutions.tex"),
          ("moodle", N_("Moodle quiz (.xml)"), N_("Moodle XML (*.xml)"), ".xml"))


class ExerciseDialog(QtWidgets.QDialog):
    """Source, count, seed, algorithm, kinds and the three files; Write writes the chosen ones."""

    def __init__(self, parent: QtWidgets.QWidget | None, data: Dataset | None, algorithm: str = "offset",
                 folder: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Exercise sheet"))
        self.window_data, self.folder = data, folder
        form = QtWidgets.QFormLayout(self)
        self.source_box = QtWidgets.QComboBox()
        for name, title in SOURCES.items():
            self.source_box.addItem(_(title), name)
        self.preset_box = QtWidgets.QComboBox()
        for preset in PRESETS.values():
            self.preset_box.addItem(preset.shown_title, preset.name)
        self.points_spin = _spin(2, MAX_GENERATED, 6, _("Points of every generated data set (integer coordinates "
                                                        "−4…4)."))
        self.count_spin = _spin(1, MAX_COUNT, 5, _("How many exercises; the chosen kinds are taken in turn."))
        self.seed_spin = _spin(0, 2**31 - 1, 0, _("The same seed writes the same files."))
        self.algorithm_box = QtWidgets.QComboBox()
        for name in ALGORITHMS:
            self.algorithm_box.addItem(REGISTRY[name].title, name)  # the learner's own name for itself
        self.algorithm_box.setCurrentIndex(ALGORITHMS.index(algorithm) if algorithm in ALGORITHMS else 0)
        self.kind_boxes = {k: QtWidgets.QCheckBox(KIND_TITLES[k]) for k in KINDS}
        kinds = QtWidgets.QVBoxLayout()
        for box in self.kind_boxes.values():
            box.setChecked(True)
            kinds.addWidget(box)
        form.addRow(_("Data"), self.source_box)
        form.addRow(_("Example"), self.preset_box)
        form.addRow(_("Points"), self.points_spin)
        form.addRow(_("Exercises"), self.count_spin)
        form.addRow(_("Seed"), self.seed_spin)
        form.addRow(_("Perceptron"), self.algorithm_box)
        form.addRow(_("Kinds"), kinds)
        self.path_edits: dict[str, QtWidgets.QLineEdit] = {}
        for key, label, pattern, suffix in _FILES:
            edit = QtWidgets.QLineEdit()
            edit.setPlaceholderText(_("not written"))
            pick = QtWidgets.QToolButton()
            pick.setText("…")
            pick.clicked.connect(lambda *_args, k=key, p=pattern, s=suffix: self._choose(k, p, s))
            row = QtWidgets.QHBoxLayout()
            row.addWidget(edit, 1)
            row.addWidget(pick)
            form.addRow(_(label), row)
            self.path_edits[key] = edit
        self.message = QtWidgets.QLabel("")
        self.message.setWordWrap(True)
        self.message.setTextFormat(QtCore.Qt.TextFormat.PlainText)
        form.addRow(self.message)
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Close)
        self.write_button = buttons.addButton(_("Write"), QtWidgets.QDialogButtonBox.ButtonRole.ApplyRole)
        self.write_button.clicked.connect(self.write)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.source_box.currentIndexChanged.connect(self._sync)
        if data is None or data.n == 0:
            self.source_box.setCurrentIndex(list(SOURCES).index("generate"))
        self._sync()

    def _sync(self) -> None:
        source = self.source_box.currentData()
        self.preset_box.setEnabled(source == "preset")
        self.points_spin.setEnabled(source == "generate")

    def _choose(self, key: str, pattern: str, suffix: str) -> None:
        start = self.path_edits[key].text() or str(Path(self.folder or ".") / f"exercises{suffix}")
        path, __ = QtWidgets.QFileDialog.getSaveFileName(self, _("Write to"), start,
                                                         _(pattern) + ";;" + _("All files (*)"))
        if path:
            self.path_edits[key].setText(path)

    def _source(self) -> tuple[Dataset | Generated, str]:
        source = self.source_box.currentData()
        if source == "generate":
            return Generated(self.points_spin.value()), _("The generated data")
        if source == "preset":
            preset = PRESETS[self.preset_box.currentData()]
            # TRANSLATORS: {name} is the example's name as typed (xor, and_gate): the sheet's sentences start with it.
            return preset.train_test()[0], _("The example {name}").format(name=preset.name)
        if self.window_data is None:
            raise UserError(_("The window has no data; choose an example data set or generated points."))
        return self.window_data, _("The window's data set")

    def write(self) -> bool:
        """Build the sheet and write every file named; True when all were written."""
        paths = {k: e.text().strip() for k, e in self.path_edits.items() if e.text().strip()}
        kinds = [k for k, box in self.kind_boxes.items() if box.isChecked()]
        try:
            if not paths:
                raise UserError(_("Choose at least one file to write: the sheet, the solutions or the Moodle quiz."))
            if len({str(Path(p).resolve()) for p in paths.values()}) != len(paths):
                raise UserError(_("Two of the files have the same name; give each its own."))
            if not kinds:
                raise UserError(_("Tick at least one kind of exercise."))
            source, name = self._source()
            QtWidgets.QApplication.setOverrideCursor(QtGui.QCursor(QtCore.Qt.CursorShape.WaitCursor))
            try:
                sheet = build_sheet(source, count=self.count_spin.value(), seed=self.seed_spin.value(),
                                    algorithm=self.algorithm_box.currentData(), kinds=kinds, name=name)
                if "tex" in paths:
                    write_sheet_tex(paths["tex"], sheet)
                if "solutions" in paths:
                    write_sheet_tex(paths["solutions"], sheet, solutions=True)
                if "moodle" in paths:
                    write_sheet_moodle(paths["moodle"], sheet)
            finally:
                QtWidgets.QApplication.restoreOverrideCursor()
        except UserError as exc:
            self.message.setText(str(exc))
            return False
        n = len(sheet.exercises)
        names = ", ".join(Path(p).name for p in paths.values())
        self.message.setText(ngettext("Wrote {n} exercise (seed {seed}) to {files}.",
                                      "Wrote {n} exercises (seed {seed}) to {files}.", n).format(
                                          n=n, seed=sheet.seed, files=names))
        return True


def _spin(low: int, high: int, value: int, tip: str) -> QtWidgets.QSpinBox:
    spin = QtWidgets.QSpinBox()
    spin.setRange(low, high)
    spin.setValue(value)
    spin.setToolTip(tip)
    return spin


def open_exercise_dialog(window: QtWidgets.QWidget, session: Any, folder: str = "") -> ExerciseDialog:
    """Show the dialog over ``window`` for the session's training points (File → Exercise sheet…)."""
    data = session.points.train_dataset() if session.points.n else None
    dialog = ExerciseDialog(window, data, session.algorithm, folder)
    dialog.setAttribute(QtCore.Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog
