"""The per-epoch table of notes 002: epoch, nb_changes, training error, test error.

A thin adapter over ``record.epochs``: the model is reset when the run changes, and only the
highlighted row (the playhead's epoch) is re-announced when the playhead moves.
"""
from __future__ import annotations

from typing import Any

from PySide6 import QtCore, QtGui, QtWidgets

from ...core.run import EpochRow
from ...i18n import N_, _, display_numbers
from ...render.formatting import DASH, fmt_int, fmt_pct
from ..kit.accessible import name_widget
from ..kit.view_wiring import DragThrottle, connect_events

__all__ = ["EpochTable", "EpochTableModel"]

Qt = QtCore.Qt
# Two-line headers: "train error %" on one line was cut to "rain error %" in a narrow dock.
# Marked only: shown as _(HEADERS[c]), _(HEADER_TIPS[c]).
HEADERS = (N_("epoch"), N_("changes"), N_("train\nerror %"), N_("test\nerror %"))
HEADER_TIPS = (
    N_("The pass over the training set, counted from 0 (notes 002)."),
    N_("nb_changes: how many visits of this epoch were mistakes, y·(w·x + b) ≤ 0, and updated w; "
       "an epoch with 0 changes means the data are separated and training stops."),
    N_("Fraction of training points with sign(w·x + b) ≠ y for the predictor after this epoch, in %."),
    N_("The same fraction on the test points after this epoch, in % (– without a test set)."),
)
HIGHLIGHT = QtGui.QColor(240, 228, 66, 110)  # the selection yellow of style.py, light


class EpochTableModel(QtCore.QAbstractTableModel):
    """Rows of :class:`~perceptron_gui.core.run.EpochRow`, one per epoch, read-only."""

    def __init__(self, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[EpochRow] = []
        self._n_train = 0
        self._n_test = 0
        self.current: int | None = None  # row of the playhead's epoch (None before the first visit)

    def set_rows(self, rows: list[EpochRow], n_train: int = 0, n_test: int = 0) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self._n_train, self._n_test = n_train, n_test
        self.current = None
        self.endResetModel()

    def rows(self) -> list[EpochRow]:
        return list(self._rows)

    def set_current(self, epoch: int | None) -> None:
        if epoch is not None and not 0 <= epoch < len(self._rows):
            epoch = None
        if epoch == self.current:
            return
        old, self.current = self.current, epoch
        last = self.columnCount() - 1
        for row in (old, epoch):
            if row is not None:
                self.dataChanged.emit(self.index(row, 0), self.index(row, last))

    # ---- Qt overrides ------------------------------------------------------------------
    def rowCount(self, parent: QtCore.QModelIndex | QtCore.QPersistentModelIndex = QtCore.QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: QtCore.QModelIndex | QtCore.QPersistentModelIndex = QtCore.QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # noqa: N802
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(HEADERS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return _(HEADERS[section])
        if role == Qt.ItemDataRole.ToolTipRole:
            return _(HEADER_TIPS[section])
        return None

    def data(self, index: QtCore.QModelIndex | QtCore.QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not self.checkIndex(index, QtCore.QAbstractItemModel.CheckIndexOption.IndexIsValid):
            return None
        row, col = self._rows[index.row()], index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return display_numbers(self.cell_text(index.row(), col))
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.BackgroundRole and index.row() == self.current:
            return QtGui.QBrush(HIGHLIGHT)
        if role == Qt.ItemDataRole.FontRole and index.row() == self.current:
            font = QtGui.QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole:
            return display_numbers(self._tooltip(row, col))
        return None

    # ---- texts -------------------------------------------------------------------------
    def cell_text(self, row: int, col: int) -> str:
        r = self._rows[row]
        if col == 0:
            return str(r.epoch)
        if col == 1:
            return fmt_int(r.updates)
        if col == 2:
            return fmt_pct(r.train_error)
        return DASH if r.test_error is None else fmt_pct(r.test_error)

    def _tooltip(self, r: EpochRow, col: int) -> str:
        if col == 0:
            return _("Epoch {epoch} (counted from 0).").format(epoch=r.epoch)
        if col == 1:
            return _("Epoch {epoch} made {updates} update(s): visits with y·(w·x + b) ≤ 0.").format(
                epoch=r.epoch, updates=r.updates)
        if col == 2:
            wrong = round(r.train_error * self._n_train)
            return _("After epoch {epoch}, {wrong} of {n} training points have sign(w·x + b) ≠ y: {error}.").format(
                epoch=r.epoch, wrong=wrong, n=self._n_train, error=fmt_pct(r.train_error))
        if r.test_error is None:
            return _("There is no test set: mark points as test points to measure generalisation.")
        wrong = round(r.test_error * self._n_test)
        return _("After epoch {epoch}, {wrong} of {n} test points have sign(w·x + b) ≠ y: {error}.").format(
            epoch=r.epoch, wrong=wrong, n=self._n_test, error=fmt_pct(r.test_error))


class EpochTable(QtWidgets.QTableView):
    """The per-epoch table; the playhead's epoch is highlighted and scrolled into view.

    Parameters
    ----------
    session : Session
        Read on ``run_changed`` (model reset) and ``playhead_changed`` (highlight).
    parent : QWidget, optional
    """

    def __init__(self, session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.table_model = EpochTableModel(self)
        self.setModel(self.table_model)
        self.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.NoSelection)
        self.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setAlternatingRowColors(True)
        self.verticalHeader().setVisible(False)
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QtWidgets.QHeaderView.ResizeMode.Stretch)
        # Fixed widths from the font, not ResizeToContents, which measures every one of up to
        # 10⁶ rows on each change.
        # Each column as wide as its header's longest line or a wide sample value, whichever is
        # wider, so no header or number is cut; the last column takes what is left.
        fm = header.fontMetrics()
        for col, sample in enumerate(("0000", "0000", "0.0000 %", "0.0000 %")):
            widest = max([fm.horizontalAdvance(line) for line in _(HEADERS[col]).split("\n")]
                         + [self.fontMetrics().horizontalAdvance(sample)])
            if col < len(HEADERS) - 1:
                header.setSectionResizeMode(col, QtWidgets.QHeaderView.ResizeMode.Fixed)
            header.resizeSection(col, widest + 16)
        header.setMinimumSectionSize(0)
        # Never narrower than its columns: a narrow dock shrinks the plot beside it, and the
        # table never scrolls sideways.
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMinimumWidth(self.natural_width())
        self.setMaximumWidth(self.natural_width() * 3 // 2)  # the per-epoch plot beside it gets the rest
        self.setToolTip(_("Per-epoch run table (notes 002): updates made in each epoch and the "
                          "errors of the predictor after it. The playhead's epoch is highlighted."))
        name_widget(self, _("Per-epoch table"), self.toolTip())
        self.setTabKeyNavigation(False)  # read-only: Tab goes on to the next control
        name_widget(self.horizontalHeader(), _("Columns"))
        connect_events(self, [(session.run_changed, DragThrottle(self, session, self._on_run_changed)),
                              (session.playhead_changed, DragThrottle(self, session, self._on_playhead_changed))])
        self._on_run_changed(session.result)

    def natural_width(self) -> int:
        """The width that shows every column whole, with room for the vertical scroll bar."""
        header = self.horizontalHeader()
        bar = self.style().pixelMetric(QtWidgets.QStyle.PixelMetric.PM_ScrollBarExtent)
        return sum(header.sectionSize(c) for c in range(header.count())) + bar + 2 * self.frameWidth()

    def showEvent(self, event: QtGui.QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        self._scroll_to_current()  # scrolling before the first show has no viewport to use

    def _scroll_to_current(self) -> None:
        row = self.table_model.current
        if row is not None and row < self.table_model.rowCount():
            self.scrollTo(self.table_model.index(row, 0), QtWidgets.QAbstractItemView.ScrollHint.EnsureVisible)

    def _on_run_changed(self, result) -> None:
        if result is None:
            self.table_model.set_rows([])
        else:
            n_test = 0 if result.test is None else result.test.n
            self.table_model.set_rows(result.record.epochs, result.train.n, n_test)
        self._on_playhead_changed()

    def _on_playhead_changed(self) -> None:
        run, t = self.session.run, self.session.playhead.t
        epoch = None if run is None or run.n == 0 or t < 0 else t // run.n
        self.table_model.set_current(epoch)
        self._scroll_to_current()
