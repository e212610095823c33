"""Run → Multiclass perceptron…: K classes, one weight vector each, stepped update by update.

The data are a preset of several classes, a CSV whose last column holds any K ≥ 2 labels, or
points drawn by hand: on two features a click adds a point of the chosen class (keys 1…9 choose
it; a key past the classes there are starts a new one), Shift+click removes the nearest point,
Ctrl+Z undoes. Every change retrains. Beside the picture (:mod:`.multiclass_view`): the step in
words, the per-class norms, the errors, the bound and the Kesler vectors, all from
:mod:`perceptron_gui.render.multiclass_picture` (no Qt).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt

from ...core.algorithms.multiclass import MulticlassPerceptron, MulticlassRun
from ...core.class_data import MAX_CLASSES, ClassData, class_csv_text, class_data, next_label, read_class_csv, sorted_classes
from ...core.class_presets import CLASS_PRESETS
from ...core.errors import UserError
from ...i18n import N_, _, display_numbers
from ...render.multiclass_picture import class_step, panel_lines
from .multiclass_view import ClassView

__all__ = ["MulticlassDialog", "open_multiclass"]

TITLE = N_("Multiclass perceptron")  # shown with _(), as _OPEN, _BLANK and _HINT
# The view reads and trains on the window's thread, so it takes files a moment reads (5 MB: about
# 0.5 s); bigger ones are for `perceptron-gui run --algorithm multiclass`.
VIEW_MAX_BYTES = 5_000_000
_OPEN = N_("Open a CSV of several classes…")
_BLANK = N_("Draw by hand (empty)")
_HINT = N_("Click to add a point of the chosen class (keys 1–9), Shift+click removes one, Ctrl+Z undoes.")


class MulticlassDialog(QtWidgets.QDialog):
    """The multiclass perceptron's own view (see the module docstring)."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_(TITLE))
        self.setObjectName("multiclass_dialog")
        self.resize(1150, 740)
        self.X = np.zeros((0, 2))
        self.labels: list[str] = []
        self.classes: tuple[str, ...] = ()
        self.active = 0
        self.undo: list[tuple[np.ndarray, list[str]]] = []
        self.data: ClassData | None = None
        self.run: MulticlassRun | None = None
        lay = QtWidgets.QVBoxLayout(self)
        lay.addLayout(self._controls())
        body = QtWidgets.QHBoxLayout()
        self.view = ClassView()
        self.view.scene().sigMouseClicked.connect(self._clicked)
        body.addWidget(self.view, 3)
        self.text = QtWidgets.QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setAccessibleName(_("What this step did"))
        self.text.setMinimumWidth(340)
        body.addWidget(self.text, 2)
        lay.addLayout(body, 1)
        lay.addLayout(self._stepper())
        self.status = QtWidgets.QLabel("")
        self.status.setWordWrap(True)
        lay.addWidget(self.status)
        for button in self.findChildren(QtWidgets.QPushButton):
            button.setAutoDefault(False)  # Enter is not "Save CSV…"
        self.load_preset(next(iter(CLASS_PRESETS)))

    # ---- controls ----------------------------------------------------------------------
    def _controls(self) -> QtWidgets.QHBoxLayout:
        row = QtWidgets.QHBoxLayout()
        self.source = QtWidgets.QComboBox()
        self.source.setAccessibleName(_("Data"))
        for p in CLASS_PRESETS.values():
            self.source.addItem(p.title, p.name)
        self.source.addItem(_(_BLANK), "")
        self.source.addItem(_(_OPEN), None)
        self.source.activated.connect(self._source_chosen)
        label = QtWidgets.QLabel(_("&Data:"))
        label.setBuddy(self.source)
        self.active_class = QtWidgets.QLabel("")
        # The class a click adds, chosen here as by the keys 1…9 (the last entry starts a new class).
        self.class_box = QtWidgets.QComboBox()
        self.class_box.setAccessibleName(_("Class to add"))
        self.class_box.activated.connect(self.choose_class)
        self.shuffle = QtWidgets.QCheckBox(_("&Shuffle each epoch"))
        self.offset = QtWidgets.QCheckBox(_("Offset &b per class"))
        self.offset.setChecked(True)
        self.epochs = QtWidgets.QSpinBox()
        self.epochs.setRange(1, 100_000)
        self.epochs.setValue(100)
        self.epochs.setAccessibleName(_("Max epochs"))
        ep = QtWidgets.QLabel(_("Max &epochs:"))
        ep.setBuddy(self.epochs)
        for w in (label, self.source, self.class_box, self.active_class, self.shuffle, self.offset, ep, self.epochs):
            row.addWidget(w)
        for box in (self.shuffle, self.offset):
            box.toggled.connect(self.train)
        self.epochs.editingFinished.connect(self.train)
        row.addStretch(1)
        save = QtWidgets.QPushButton(_("Save &CSV…"))
        # TRANSLATORS: keep the CSV's columns (x1,x2,class) and the command (run --algorithm multiclass) as they are.
        save.setToolTip(_("The points and their classes as a CSV (x1,x2,class) that run --algorithm multiclass "
                          "reads"))
        save.clicked.connect(lambda: self.save_csv())
        row.addWidget(save)
        picture = QtWidgets.QPushButton(_("Save &picture…"))
        picture.setToolTip(_("The picture as a PNG image"))
        picture.clicked.connect(lambda: self.save_picture())
        row.addWidget(picture)
        return row

    def _stepper(self) -> QtWidgets.QHBoxLayout:
        row = QtWidgets.QHBoxLayout()
        self.prev = QtWidgets.QPushButton(_("◀ &Previous"))
        self.next = QtWidgets.QPushButton(_("&Next ▶"))
        self.slider = QtWidgets.QSlider(Qt.Orientation.Horizontal)
        self.slider.setAccessibleName(_("Update shown"))
        self.position = QtWidgets.QLabel("")
        self.prev.clicked.connect(lambda: self.slider.setValue(self.slider.value() - 1))
        self.next.clicked.connect(lambda: self.slider.setValue(self.slider.value() + 1))
        self.slider.valueChanged.connect(self.show_step)
        for w in (self.prev, self.slider, self.next, self.position):
            row.addWidget(w, 1 if w is self.slider else 0)
        return row

    def _source_chosen(self, index: int) -> None:
        name = self.source.itemData(index)
        if name == "":
            self.set_points(np.zeros((0, 2)), [], remember=True)
            return
        if name is not None:
            self.load_preset(name)
            return
        chosen, __ = QtWidgets.QFileDialog.getOpenFileName(self, _("Open a CSV of several classes"), "",
                                                           _("CSV files (*.csv *.txt)") + ";;" + _("All files (*)"))
        if chosen:
            self.load_file(chosen)

    # ---- data --------------------------------------------------------------------------
    def load_preset(self, name: str) -> None:
        self.source.setCurrentIndex(self.source.findData(name))
        data = CLASS_PRESETS[name].make()
        self.set_points(data.X, [data.classes[c] for c in data.codes.tolist()], remember=bool(self.labels))

    def open_lesson(self, preset: str, step: int | str, explanation: str) -> None:
        """A lesson's data, shown at its step, its explanation under the picture."""
        self.load_preset(preset)
        if step != "end":
            self.slider.setValue(int(step))
        self.status.setText(display_numbers(explanation))

    def load_file(self, path: str | Path) -> bool:
        """Train on the CSV at ``path``; a bad file keeps the data shown and says why."""
        try:
            if Path(path).is_file() and Path(path).stat().st_size > VIEW_MAX_BYTES:
                self.status.setText(_("{file} is larger than {mb} MB: this view trains where it draws, so it takes "
                                      "smaller files; train this one with perceptron-gui run --algorithm "
                                      "multiclass.").format(file=Path(path).name, mb=VIEW_MAX_BYTES // 1_000_000))
                return False
            data = read_class_csv(path, max_bytes=VIEW_MAX_BYTES)
        except (UserError, OSError) as exc:
            self.status.setText(str(exc) if isinstance(exc, UserError)
                                else _("{file} could not be read ({reason}).").format(file=path, reason=exc))
            return False
        self.set_points(data.X, [data.classes[c] for c in data.codes.tolist()], remember=True)
        self.status.setText(_("Opened {file}: {n} points, {d} features, {classes} classes.").format(
            file=Path(path).name, n=data.n, d=data.d, classes=data.K))
        return True

    def set_points(self, X: np.ndarray, labels: list[str], remember: bool = True) -> None:
        """New points and labels (undoable when ``remember``); retrains when there are two classes."""
        if remember:
            self.undo.append((self.X, self.labels))
        X = np.asarray(X, dtype=np.float64)
        self.X, self.labels = (X if X.size else np.zeros((0, 2))), list(labels)
        self.classes = sorted_classes(self.labels)
        self.active = min(self.active, max(len(self.classes) - 1, 0)) if self.X.shape[1] == 2 else 0
        self.status.setText(_(_HINT) if self.X.shape[1] == 2 else "")
        try:
            # TRANSLATORS: what the data's error sentences call the points drawn or opened in this view.
            self.data = class_data(self.X, self.labels, (), _("the points")) if len(self.classes) >= 2 else None
        except UserError as exc:
            self.data = None
            self.status.setText(str(exc))
        if self.data is None and self.X.shape[1] == 2:
            self.status.setText(_("Add points of at least two classes to train. {hint}").format(hint=_(_HINT)))
        self._show_active()
        self.train()

    def undo_edit(self) -> None:
        if self.undo:
            X, labels = self.undo.pop()
            self.set_points(X, labels, remember=False)

    def choose_class(self, index: int) -> None:
        """Keys 1…9: the class the next click adds (a key past the classes there are: a new class)."""
        if self.X.shape[1] == 2 and 0 <= index < MAX_CLASSES:
            self.active = min(index, len(self.classes))
            self._show_active()

    def _active_label(self) -> str:
        return self.classes[self.active] if self.active < len(self.classes) else next_label(self.classes)

    def _show_active(self) -> None:
        # TRANSLATORS: {name} is a class's label (as in the data); {key} the key 1…9 that chooses it.
        adding = (_("Adding class {name} — key {key}") if self.active < len(self.classes)
                  else _("Adding class {name} (new) — key {key}"))
        self.active_class.setText(adding.format(name=self._active_label(), key=self.active + 1))
        self.class_box.clear()
        room = len(self.classes) < MAX_CLASSES and self.X.shape[1] == 2
        # TRANSLATORS: the entry that starts a new class; {name} is its label.
        self.class_box.addItems([*self.classes, *([_("{name} (new)").format(name=next_label(self.classes))]
                                                  if room else [])])
        self.class_box.setCurrentIndex(self.active)
        self.class_box.setEnabled(self.X.shape[1] == 2)

    def _clicked(self, event: Any) -> None:
        plot = self.view.plot
        if plot is None or event.button() != Qt.MouseButton.LeftButton:
            return
        p = plot.vb.mapSceneToView(event.scenePos())
        self.click_at(p.x(), p.y(), remove=bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier))

    def click_at(self, x: float, y: float, remove: bool = False) -> None:
        """Add a point of the chosen class at (x, y), or remove the point nearest to it."""
        if remove:
            if len(self.labels):
                i = int(np.argmin(np.hypot(self.X[:, 0] - x, self.X[:, 1] - y)))
                self.set_points(np.delete(self.X, i, axis=0), self.labels[:i] + self.labels[i + 1:])
            return
        self.set_points(np.vstack([self.X, [[x, y]]]), [*self.labels, self._active_label()])

    def save_csv(self, path: str | Path | None = None) -> bool:
        from ...core.atomic import atomic_write_text

        if path is None:
            chosen, __ = QtWidgets.QFileDialog.getSaveFileName(self, _("Save the points"), "classes.csv",
                                                               _("CSV files (*.csv)"))
            if not chosen:
                return False
            path = chosen
        try:
            atomic_write_text(path, class_csv_text(self.X, self.labels))
        except (UserError, OSError) as exc:
            self.status.setText(_("{file} could not be written: {reason}").format(file=Path(path).name, reason=exc))
            return False
        self.status.setText(_("Wrote {file} ({n} points).").format(file=Path(path).name, n=len(self.labels)))
        return True

    def save_picture(self, path: str | Path | None = None) -> bool:
        """The picture (regions, points, arrows; or the W_c images) as a PNG at the screen's size."""
        if path is None:
            chosen, __ = QtWidgets.QFileDialog.getSaveFileName(self, _("Save the picture"), "multiclass.png",
                                                               _("PNG image (*.png)"))
            if not chosen:
                return False
            path = chosen
        target = Path(path)
        ok = self.view.grab().save(str(target), "PNG")
        self.status.setText(_("Wrote {file}.").format(file=target.name) if ok else
                            _("{file} could not be written; check the folder and its permissions.").format(
                                file=target.name))
        return bool(ok)

    # ---- training and showing ----------------------------------------------------------
    def train(self) -> None:
        self.run = None
        if self.data is not None:
            learner = MulticlassPerceptron(max_epochs=self.epochs.value(), shuffle=self.shuffle.isChecked(),
                                           offset=self.offset.isChecked())
            self.run = learner.fit(self.data)
        codes = np.array([self.classes.index(s) for s in self.labels], dtype=np.int64)
        self.view.build(self.X, codes, self.classes if self.X.shape[1] == 2 else self.data.classes if self.data else ())
        m = self.run.n_updates if self.run is not None else 0
        self.slider.blockSignals(True)
        self.slider.setRange(0, m)
        self.slider.setValue(m)
        self.slider.blockSignals(False)
        self.show_step(m)

    def show_step(self, k: int) -> None:
        """Show the run after k updates."""
        if self.run is None:
            self.view.show_step(None, True, self.X, self.X.shape[1])
            self.position.setText(_("No run"))
            self.text.setPlainText("")
            for b in (self.prev, self.next):
                b.setEnabled(False)
            return
        st = class_step(self.run, k)
        self.position.setText(_("Update {k} of {m}").format(k=st.k, m=st.m))
        self.prev.setEnabled(st.k > 0)
        self.next.setEnabled(st.k < st.m)
        self.view.show_step(st, self.run.offset, self.X, self.run.d)
        self.text.setPlainText(display_numbers("\n".join(panel_lines(self.run, st))))

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:  # noqa: N802 - Qt's name
        key = event.key()
        if event.matches(QtGui.QKeySequence.StandardKey.Undo):
            self.undo_edit()
            return
        if key in (Qt.Key.Key_Right, Qt.Key.Key_Left):
            self.slider.setValue(self.slider.value() + (1 if key == Qt.Key.Key_Right else -1))
            return
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_9:
            self.choose_class(int(key) - int(Qt.Key.Key_1))
            return
        super().keyPressEvent(event)


def open_multiclass(parent: QtWidgets.QWidget) -> MulticlassDialog:
    """Open the view beside the window (not modal: the window stays usable)."""
    dialog = MulticlassDialog(parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    QtCore.QTimer.singleShot(0, dialog.view.setFocus)
    return dialog
