"""The data set editor: a table of the points whose edits are the session's undoable commands."""
from __future__ import annotations

from typing import Any

import numpy as np
from PySide6 import QtCore, QtGui, QtWidgets

from ..session.commands import AddPoints, Change, DeletePoints, MovePoints, SetLabels, SetRoles
from ..session.session import Session
from . import style

Qt = QtCore.Qt


class PointTableModel(QtCore.QAbstractTableModel):
    """Thin adapter over ``session.points``: columns x1..xd, y, role. ``setData`` issues a command."""

    def __init__(self, session: Session, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._brush_pos = QtGui.QBrush(QtGui.QColor(style.POSITIVE))
        self._brush_neg = QtGui.QBrush(QtGui.QColor(style.NEGATIVE))
        self._grey = QtGui.QBrush(QtGui.QColor("#777777"))
        session.points_changed.connect(self._on_points_changed)

    # ---- shape ----------------------------------------------------------------------------
    @property
    def d(self) -> int:
        return self.session.points.d

    def rowCount(self, parent: QtCore.QModelIndex = QtCore.QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else self.session.points.n

    def columnCount(self, parent: QtCore.QModelIndex = QtCore.QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else self.d + 2

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # noqa: N802
        if role == Qt.ItemDataRole.DisplayRole:
            if orientation == Qt.Orientation.Vertical:
                return str(section + 1)
            names = list(self.session.points.feature_names) + ["y", "set"]
            return names[section] if section < len(names) else None
        if role == Qt.ItemDataRole.ToolTipRole and orientation == Qt.Orientation.Horizontal:
            if section < self.d:
                return f"Coordinate {self.session.points.feature_names[section]} of the point (a finite number)."
            if section == self.d:
                return "Label y: +1 or −1 (type 1, -1, + or −)."
            return "Whether the point is used for training or only for measuring the test error."
        return None

    def flags(self, index: QtCore.QModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEditable

    # ---- data ---------------------------------------------------------------------------------
    def data(self, index: QtCore.QModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not self.checkIndex(index, QtCore.QAbstractItemModel.CheckIndexOption.IndexIsValid):
            return None
        pts = self.session.points
        r, c = index.row(), index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if c < self.d:
                v = float(pts.X[r, c])
                return f"{v:.4g}" if role == Qt.ItemDataRole.DisplayRole else repr(v)
            if c == self.d:
                return "+1" if pts.y[r] > 0 else "−1"
            return "test" if pts.test[r] else "train"
        if role == Qt.ItemDataRole.ForegroundRole:
            if c == self.d:
                return self._brush_pos if pts.y[r] > 0 else self._brush_neg
            if c == self.d + 1 and pts.test[r]:
                return self._grey
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter) if c < self.d else int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            if c == self.d + 1:
                return "Double-click to switch between train and test."
            if c < self.d:
                return repr(float(pts.X[r, c]))
        return None

    def setData(self, index: QtCore.QModelIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        r, c = index.row(), index.column()
        text = str(value).strip()
        if c < self.d:
            try:
                v = float(text.replace("−", "-"))
            except ValueError:
                self.session.message.emit("error", f"'{text}' is not a number; type a coordinate such as 0.5 or -1.25.")
                return False
            row = self.session.points.X[r].copy()
            row[c] = v
            return self.session.execute(MovePoints([r], row[None, :]))
        if c == self.d:
            label = _parse_label(text)
            if label is None:
                self.session.message.emit("error", f"'{text}' is not a label; type +1 or -1.")
                return False
            return self.session.execute(SetLabels([r], [label]))
        role_text = text.lower()
        if role_text not in ("train", "test"):
            self.session.message.emit("error", f"'{text}' is not a set; type train or test.")
            return False
        return self.session.execute(SetRoles([r], [role_text == "test"]))

    def _on_points_changed(self, change: Change) -> None:
        if change.kind in ("move", "label", "role") and change.indices.size:
            lo, hi = int(change.indices.min()), int(change.indices.max())
            self.dataChanged.emit(self.index(lo, 0), self.index(hi, self.columnCount() - 1))
        else:
            # Insertions and deletions at arbitrary rows: a reset is simplest and cheap here.
            self.beginResetModel()
            self.endResetModel()


def _parse_label(text: str) -> float | None:
    t = text.replace("−", "-").replace(" ", "")
    if t in ("+1", "1", "+", "1.0", "+1.0"):
        return 1.0
    if t in ("-1", "-", "-1.0", "0"):
        return -1.0
    return None


class _Delegate(QtWidgets.QStyledItemDelegate):
    """Editors: a combo for y and set, a line edit elsewhere (validation happens in setData)."""

    def __init__(self, model: PointTableModel, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model

    def createEditor(self, parent, option, index):  # noqa: N802
        if index.column() == self.model.d:
            box = QtWidgets.QComboBox(parent)
            box.addItems(["+1", "−1"])
            return box
        if index.column() == self.model.d + 1:
            box = QtWidgets.QComboBox(parent)
            box.addItems(["train", "test"])
            return box
        return super().createEditor(parent, option, index)

    def setEditorData(self, editor, index):  # noqa: N802
        if isinstance(editor, QtWidgets.QComboBox):
            editor.setCurrentText(str(index.data(Qt.ItemDataRole.EditRole)))
        else:
            super().setEditorData(editor, index)

    def setModelData(self, editor, model, index):  # noqa: N802
        if isinstance(editor, QtWidgets.QComboBox):
            model.setData(index, editor.currentText(), Qt.ItemDataRole.EditRole)
        else:
            super().setModelData(editor, model, index)


class PointTable(QtWidgets.QWidget):
    """The table with Add / Delete / Train↔Test buttons; selection synced with the session."""

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.model = PointTableModel(session, self)
        self.view = QtWidgets.QTableView(self)
        self.view.setModel(self.model)
        self.view.setItemDelegate(_Delegate(self.model, self.view))
        self.view.setSelectionBehavior(QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setAlternatingRowColors(True)
        self.view.verticalHeader().setDefaultSectionSize(22)
        self.view.horizontalHeader().setSectionResizeMode(QtWidgets.QHeaderView.ResizeMode.Stretch)
        self.view.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.DoubleClicked
                                  | QtWidgets.QAbstractItemView.EditTrigger.EditKeyPressed
                                  | QtWidgets.QAbstractItemView.EditTrigger.AnyKeyPressed)
        add = QtWidgets.QPushButton("Add row")
        add.setToolTip("Append a point at the origin with the active class; edit its coordinates in the table.")
        add.clicked.connect(self.add_row)
        delete = QtWidgets.QPushButton("Delete")
        delete.setToolTip("Delete the selected points (Delete key).")
        delete.clicked.connect(self.delete_selected)
        role = QtWidgets.QPushButton("Train ↔ test")
        role.setToolTip("Move the selected points between the training and the test set.")
        role.clicked.connect(self.toggle_role)
        buttons = QtWidgets.QHBoxLayout()
        for b in (add, delete, role):
            buttons.addWidget(b)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.view)
        layout.addLayout(buttons)
        self.active_class = 1
        self._syncing = False
        self.view.selectionModel().selectionChanged.connect(self._on_view_selection)
        self.model.modelReset.connect(self._on_session_selection)
        session.selection_changed.connect(self._on_session_selection)

    def add_row(self) -> None:
        d = self.session.points.d
        if self.session.execute(AddPoints(np.zeros((1, d)), np.array([float(self.active_class)]))):
            row = self.session.points.n - 1
            self.session.select([row])
            self.view.scrollToBottom()
            self.view.edit(self.model.index(row, 0))

    def delete_selected(self) -> None:
        if self.session.selection.size:
            self.session.execute(DeletePoints(self.session.selection.copy()))

    def toggle_role(self) -> None:
        sel = self.session.selection
        if sel.size:
            self.session.execute(SetRoles(sel.copy(), ~self.session.points.test[sel]))

    def _on_view_selection(self, *_: object) -> None:
        if self._syncing:
            return
        rows = sorted({i.row() for i in self.view.selectionModel().selectedRows()})
        with self.session.selection_changed.blocked():
            self.session.select(rows)
        # Other views (canvas) still need to hear it: emit once, skipping our own echo.
        self._syncing = True
        try:
            self.session.selection_changed.emit()
        finally:
            self._syncing = False

    def _on_session_selection(self) -> None:
        if self._syncing:
            return
        self._syncing = True
        try:
            sm = self.view.selectionModel()
            sel = QtCore.QItemSelection()
            cols = self.model.columnCount() - 1
            for r in self.session.selection.tolist():
                sel.select(self.model.index(r, 0), self.model.index(r, cols))
            sm.select(sel, QtCore.QItemSelectionModel.SelectionFlag.ClearAndSelect)
            if self.session.selection.size:
                self.view.scrollTo(self.model.index(int(self.session.selection[0]), 0))
        finally:
            self._syncing = False
