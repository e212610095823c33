"""Which two features the canvas shows when the data has more than two (or PCA)."""
from __future__ import annotations

from PySide6 import QtWidgets

from ..session.session import Session
from .canvas import Canvas
from .view_wiring import connect_events

PCA = "PCA (first two components)"


class FeaturePicker(QtWidgets.QWidget):
    """Two combos, x axis and y axis; visible only for d > 2. Choosing PCA on either axis
    shows the first two principal components."""

    def __init__(self, session: Session, canvas: Canvas, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.canvas = canvas
        self.x_combo = QtWidgets.QComboBox()
        self.y_combo = QtWidgets.QComboBox()
        self.x_combo.setToolTip("Feature on the horizontal axis (the data has more than two)")
        self.y_combo.setToolTip("Feature on the vertical axis; PCA shows the two directions of largest spread")
        row = QtWidgets.QHBoxLayout(self)
        row.setContentsMargins(4, 0, 4, 0)
        row.addWidget(QtWidgets.QLabel("Show features:"))
        row.addWidget(self.x_combo)
        row.addWidget(QtWidgets.QLabel("against"))
        row.addWidget(self.y_combo)
        note = QtWidgets.QLabel("(the hyperplane is cut through the mean of the other features)")
        note.setStyleSheet("color: #555;")
        row.addWidget(note)
        row.addStretch(1)
        self._names: tuple[str, ...] = ()
        self._updating = False
        self.x_combo.currentIndexChanged.connect(self._on_choice)
        self.y_combo.currentIndexChanged.connect(self._on_choice)
        connect_events(self, [(session.points_changed, lambda *_: self.refresh())])
        self.refresh()

    def refresh(self) -> None:
        names = tuple(self.session.points.feature_names)
        self.setVisible(len(names) > 2)
        if names == self._names:
            return
        self._names = names
        self._updating = True
        try:
            for combo, default in ((self.x_combo, 0), (self.y_combo, 1)):
                combo.clear()
                combo.addItems(list(names) + [PCA])
                combo.setCurrentIndex(default)
        finally:
            self._updating = False

    def _on_choice(self, *_: object) -> None:
        if self._updating or len(self._names) <= 2:
            return
        i, j = self.x_combo.currentIndex(), self.y_combo.currentIndex()
        d = len(self._names)
        if i == d or j == d:
            self.canvas.set_features(0, None)
        elif i == j:
            self.session.message.emit("error", "Choose two different features for the two axes.")
        else:
            self.canvas.set_features(i, j)
