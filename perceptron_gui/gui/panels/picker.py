"""The algorithm picker: the six variants of the core's registry and their parameters."""
from __future__ import annotations

from typing import Any

from PySide6 import QtCore, QtWidgets

from ...core.algorithms import REGISTRY, ParamSpec
from ...i18n import _, display_numbers
from ...session.session import Session
from ..kit.accessible import name_widget
from ..kit.view_wiring import connect_events

Qt = QtCore.Qt


class AlgorithmPicker(QtWidgets.QWidget):
    """A combo of the registered algorithms, a one-line description with the update rule,
    and one editor per parameter, built from ``param_specs()``."""

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.combo = QtWidgets.QComboBox()
        for name, cls in REGISTRY.items():
            self.combo.addItem(cls.title, name)
            self.combo.setItemData(self.combo.count() - 1, cls.description, Qt.ItemDataRole.ToolTipRole)
        self.combo.setToolTip(_("The perceptron variant to train (notes 000–004)."))
        name_widget(self.combo, _("Algorithm"), _("The perceptron variant to train; its parameters follow."))
        # Elide a long title rather than widen the dock past a 1024-px projector.
        self.combo.setSizeAdjustPolicy(QtWidgets.QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.combo.setMinimumContentsLength(14)
        self.description = QtWidgets.QLabel()
        self.description.setWordWrap(True)
        # The palette's text colour, not a fixed one: a fixed dark grey vanished in the dark theme.
        self.form = QtWidgets.QFormLayout()
        self.form.setFieldGrowthPolicy(QtWidgets.QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        # When narrow, a field moves under its label instead of widening the panel.
        self.form.setRowWrapPolicy(QtWidgets.QFormLayout.RowWrapPolicy.WrapLongRows)
        self.form.setContentsMargins(0, 4, 0, 0)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.combo)
        layout.addWidget(self.description)
        layout.addLayout(self.form)
        self.editors: dict[str, QtWidgets.QWidget] = {}
        self._updating = False
        self.combo.currentIndexChanged.connect(self._on_combo)
        connect_events(self, [(session.algorithm_changed, self.refresh)])
        self.refresh()

    def _on_combo(self, index: int) -> None:
        if not self._updating:
            self.session.set_algorithm(self.combo.itemData(index))

    def refresh(self) -> None:
        """Show the session's algorithm and its parameter values."""
        self._updating = True
        try:
            name = self.session.algorithm
            cls = REGISTRY[name]
            self.combo.setCurrentIndex(self.combo.findData(name))
            self.description.setText(display_numbers(cls.description))
            # The start w₀, b₀ are set on the canvas and in the live panel, not here.
            specs = [s for s in cls.param_specs() if s.in_picker]
            if [s.name for s in specs] != list(self.editors):
                self._rebuild(specs)
            params = self.session.current_params()
            for spec in specs:
                self._set_editor_value(self.editors[spec.name], spec, params[spec.name])
                self.editors[spec.name].setEnabled(spec.applies(params))  # the degree only for poly, ...
        finally:
            self._updating = False

    def _rebuild(self, specs: list[ParamSpec]) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self.editors = {}
        for spec in specs:
            editor = self._make_editor(spec)
            editor.setToolTip(spec.help)
            name_widget(editor, spec.label, spec.help)  # the spec names its editor for screen readers too
            label = QtWidgets.QLabel(_("{label}:").format(label=spec.label))
            label.setToolTip(spec.help)
            self.form.addRow(label, editor)
            self.editors[spec.name] = editor

    def _make_editor(self, spec: ParamSpec) -> QtWidgets.QWidget:
        name = spec.name
        if spec.kind is bool:
            box = QtWidgets.QCheckBox()
            box.toggled.connect(lambda v, n=name: self._commit(n, bool(v)))
            return box
        if spec.choices:
            combo = QtWidgets.QComboBox()
            combo.addItems(list(spec.choices))
            combo.currentTextChanged.connect(lambda v, n=name: self._commit(n, v))
            return combo
        if spec.kind is tuple:  # a vector such as the lifting lemma's w*: numbers separated by commas
            line = QtWidgets.QLineEdit()
            line.setPlaceholderText(_("empty: the best; or numbers, such as 1, -1, 0.5"))
            line.editingFinished.connect(lambda n=name, e=line: self._commit_numbers(n, e.text()))
            return line
        if spec.kind is int:
            spin = QtWidgets.QSpinBox()
            spin.setRange(int(spec.minimum if spec.minimum is not None else 0),
                          int(min(spec.maximum if spec.maximum is not None else 2**31 - 1, 2**31 - 1)))
            spin.setKeyboardTracking(False)  # commit on Enter / focus out, not on every digit
            spin.setAccelerated(True)
            spin.valueChanged.connect(lambda v, n=name: self._commit(n, int(v)))
            return spin
        dspin = QtWidgets.QDoubleSpinBox()
        dspin.setDecimals(4)
        lo = spec.minimum if spec.minimum is not None else -1e12
        hi = spec.maximum if spec.maximum is not None else 1e12
        if 0.0 <= lo and hi <= 1.0:
            lo, hi = max(lo, 0.01), min(hi, 0.99)  # an open interval (0, 1) at 4 decimals
        dspin.setRange(lo, hi)
        dspin.setSingleStep(0.05)
        dspin.setKeyboardTracking(False)
        dspin.valueChanged.connect(lambda v, n=name: self._commit(n, float(v)))
        return dspin

    def _set_editor_value(self, editor: QtWidgets.QWidget, spec: ParamSpec, value: Any) -> None:
        if isinstance(editor, QtWidgets.QCheckBox):
            editor.setChecked(bool(value))
        elif isinstance(editor, QtWidgets.QComboBox):
            editor.setCurrentText(str(value))
        elif isinstance(editor, (QtWidgets.QSpinBox, QtWidgets.QDoubleSpinBox)):
            editor.setValue(value)
        elif isinstance(editor, QtWidgets.QLineEdit):
            editor.setText(", ".join(f"{float(v):g}" for v in value))

    def _commit_numbers(self, name: str, text: str) -> None:
        parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
        try:
            value: Any = [float(p) for p in parts]
        except ValueError:
            value = text.strip()  # the session refuses it in the parameter's own sentence
        self._commit(name, value)

    def _commit(self, name: str, value: Any) -> None:
        if self._updating:
            return
        if not self.session.set_param(name, value):
            self.refresh()  # the session kept the old value and said why; show it again
