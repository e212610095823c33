"""The data set editor: a table of the points whose edits are the session's undoable commands.

The keyboard rule: a value typed into the table lands in a row the user sees selected. The
view only opens an editor on a selected row (see :mod:`.view`), and the current cell
(where typing, Tab and Enter act, drawn with a focus frame) is kept in a selected row, or
there is none: Qt moves it with the selection when the user clicks or presses keys; when the
selection comes from elsewhere (the canvas, an undo, *Add row*),
:meth:`PointTable._keep_current_in_selection` moves it after the selection.
"""
from __future__ import annotations

import numpy as np
from PySide6 import QtCore, QtWidgets

from ...core.workers import named_pool
from ...i18n import _
from ...render.formatting import fmt_widest
from ...session.commands import AddPoints, Change, DeletePoints, SetRoles
from ...session.session import Session
from ..kit.ui_thread import UiCall, ui_call
from ..kit.view_wiring import connect_events
from .model import PointTableModel, row_runs
from .view import PointView

_Flag = QtCore.QItemSelectionModel.SelectionFlag
# Coordinates (n·d) above which re-measuring every point waits for the next turn of the event
# loop, once per burst of edits: at 10⁶ points it is 20–90 ms the Delete's own block need not hold.
DEFER_FIT_CELLS = 200_000

__all__ = ["PointTable", "PointTableModel"]



class PointTable(QtWidgets.QWidget):
    """The table with Add / Delete / Train↔Test buttons; selection synced with the session."""


    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.model = PointTableModel(session, self)
        self.view = PointView(self.model, self._keep_current_in_selection, self._row_selected, self)
        self._margin_wanted = False  # View → Margin column
        self.model.dual_changed.connect(self._on_dual_changed)
        add = QtWidgets.QPushButton(_("Add row"))
        add.setToolTip(_("Append a point at the origin with the active class; edit its coordinates in the table."))
        add.clicked.connect(self.add_row)
        delete = QtWidgets.QPushButton(_("Delete"))
        delete.setToolTip(_("Delete the selected points (Delete key)."))
        delete.clicked.connect(self.delete_selected)
        role = QtWidgets.QPushButton(_("Train ↔ test"))
        role.setToolTip(_("Move the selected points between the training and the test set."))
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
        self._measuring: np.ndarray | None = None  # the X being measured off the window's thread
        self._fit_timer = QtCore.QTimer(self)
        self._fit_timer.setSingleShot(True)
        self._fit_timer.setInterval(0)
        self._fit_timer.timeout.connect(self._fit_all)
        self.view.selectionModel().selectionChanged.connect(self._on_view_selection)
        self.model.modelReset.connect(self._on_session_selection)
        connect_events(self, [(session.selection_changed, self._on_session_selection),
                              (session.points_changed, self._fit_numbers)])
        self._fit_numbers()

    def _fit_numbers(self, change: Change | None = None) -> None:
        X = self.session.points.X
        if change is not None and change.kind in ("move", "add"):  # only the moved or new rows can widen
            self.view.fit_numbers(fmt_widest(X[change.indices]), grow_only=True)
        elif change is not None and X.size > DEFER_FIT_CELLS:
            self._fit_timer.start()
        else:
            self._fit_all()

    def _fit_all(self) -> None:
        self._fit_timer.stop()
        X = self.session.points.X
        if X.size <= DEFER_FIT_CELLS:
            self.view.fit_numbers(fmt_widest(X))
        elif self._measuring is None:
            # Off the window's thread: at 10⁶ points the abs/argmin passes held it 100–600 ms
            # after every open. The worker's reference to X makes an edit meanwhile copy
            # it first (PointSet.writable), so the worker reads numbers no one changes under it.
            self._measuring = X
            # One thread for every table; it holds X and a weak call back, never the table.
            named_pool("table-measure", housekeeping=True).submit(_measure, X, ui_call(self._on_measured))

    def _on_measured(self, X: np.ndarray, texts: object) -> None:
        self._measuring = None
        if isinstance(texts, Exception):
            raise texts
        if X is self.session.points.X:
            self.view.fit_numbers(texts)  # type: ignore[arg-type]
        else:  # the points were replaced or copied meanwhile: measure what is there now
            self._fit_all()

    # ---- buttons ------------------------------------------------------------------------------
    def add_row(self) -> None:
        """Append a point at the origin and open its first cell for typing.

        The new cell becomes the current one (and its row the selection) before the editor
        opens, so Tab, Enter and the arrows continue from the new row like from any other.
        """
        d = self.session.points.d
        if self.session.execute(AddPoints(np.zeros((1, d)), np.array([float(self.active_class)]))):
            index = self.model.index(self.session.points.n - 1, 0)
            self.view.setCurrentIndex(index)  # selects the row too: the session hears it
            self.view.scrollTo(index)
            self.view.edit(index)

    def set_show_margin_column(self, show: bool) -> None:
        """Show each point's signed margin y·(w·x + b)/‖w‖ at the step shown in a last column
        (a kernel perceptron's α is listed there whatever this says)."""
        self._margin_wanted = bool(show)
        self.view.set_show_margin(show or self.model.dual_shown())

    def _on_dual_changed(self, dual: bool) -> None:
        self.view.set_show_margin(self._margin_wanted or dual)

    def delete_selected(self) -> None:
        if self.session.selection.size:
            self.session.execute(DeletePoints(self.session.selection.copy()))

    def toggle_role(self) -> None:
        sel = self.session.selection
        if sel.size:
            self.session.execute(SetRoles(sel.copy(), ~self.session.points.test[sel]))

    # ---- selection, both ways ---------------------------------------------------------------
    def selected_rows(self) -> np.ndarray:
        """The rows the view shows selected, read from the selection's ranges.

        ``QItemSelectionModel.selectedRows()`` asks the model for the flags of every cell of
        every selected row: 340 rows of 786 columns made each Shift+↑ cost seconds.
        """
        sel = self.view.selectionModel().selection()
        ranges = [sel.at(i) for i in range(sel.size())]
        if not ranges:
            return np.zeros(0, dtype=np.int64)
        return np.unique(np.concatenate([np.arange(r.top(), r.bottom() + 1, dtype=np.int64) for r in ranges]))

    def _row_selected(self, row: int) -> bool:
        sel = self.session.selection  # sorted: a binary search
        i = int(np.searchsorted(sel, row))
        return i < sel.size and int(sel[i]) == row

    def _on_view_selection(self, *_args: object) -> None:
        if self._syncing or self.model.changing_rows:  # an echo, or Qt moving rows: not a choice
            return
        self._syncing = True  # the session's echo comes back to _on_session_selection: skip it
        try:
            self.session.select(self.selected_rows())
        finally:
            self._syncing = False
        self._keep_current_in_selection()

    def _on_session_selection(self) -> None:
        if self._syncing:
            return
        self._syncing = True
        try:
            last = self.model.columnCount() - 1
            sel = QtCore.QItemSelection()
            rows = self.session.selection
            rows = rows[rows < self.model.rowCount()]
            for lo, hi in row_runs(rows):  # one range per run of rows, not one per row
                sel.select(self.model.index(lo, 0), self.model.index(hi, last))
            self.view.selectionModel().select(sel, _Flag.ClearAndSelect)
            if rows.size:
                self.view.scrollTo(self.model.index(int(rows[0]), max(self.view.currentIndex().column(), 0)))
        finally:
            self._syncing = False
        if self.view.open_editor() is not None:
            # Moving the current cell now would make Qt commit the open editor from inside a
            # session event (an undo that is still announcing itself): settle it afterwards.
            QtCore.QTimer.singleShot(0, self, self._settle_editor)
        else:
            self._keep_current_in_selection()

    def _settle_editor(self) -> None:
        """After a selection the session changed under an open editor: an editor whose row is
        no longer selected is closed without writing (the row went away or was deselected by an
        undo); one whose row is still selected stays open on its point."""
        editor = self.view.open_editor()
        if editor is not None and not np.any(self.session.selection == self.view.currentIndex().row()):
            self.view.closeEditor(editor, QtWidgets.QAbstractItemDelegate.EndEditHint.RevertModelCache)
        self._keep_current_in_selection()

    def _keep_current_in_selection(self) -> None:
        """Put the current cell in the first selected row (same column) when it is outside the
        selection, and remove it when nothing is selected. Never while an editor is open:
        moving the current cell would commit it (see :meth:`_settle_editor`)."""
        if self.view.open_editor() is not None:
            return
        sm = self.view.selectionModel()
        current = sm.currentIndex()
        rows = self.session.selection
        rows = rows[rows < self.model.rowCount()]
        if current.isValid() and rows.size and np.any(rows == current.row()):
            return
        if rows.size:
            sm.setCurrentIndex(self.model.index(int(rows[0]), max(current.column(), 0)), _Flag.NoUpdate)
        elif current.isValid():
            sm.clearCurrentIndex()


def _measure(X: np.ndarray, measured: UiCall) -> None:
    """On the measurer's thread: the widest texts of X (or the error), to the table's thread."""
    texts: list[str] | Exception
    try:
        texts = fmt_widest(X)
    except Exception as exc:  # noqa: BLE001 - raised on the window's thread, never lost here
        texts = exc
    measured(X, texts)
