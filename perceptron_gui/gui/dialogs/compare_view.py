"""The Compare window: 2 to 4 runs on the same points as small multiples, one
shared playhead by epoch, and the race table below.

Each panel is a real :class:`~perceptron_gui.gui.canvas.canvas.Canvas` over an
:class:`~perceptron_gui.export.source.ExportSession` of its run (the view the figure export
draws, so there is no second painter); the panels' view boxes are linked, so they show the
same view and pan and zoom together. The slider's value is an epoch; each run shows the
step :meth:`~perceptron_gui.session.compare.Comparison.steps_at` gives it. The table is a
thin model over the comparison's rows (:mod:`perceptron_gui.render.compare_text` writes the
cells). The window's own session is never touched.
"""
from __future__ import annotations

from typing import Any

from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt

from ...export.source import ExportSession
from ...i18n import N_, _, display_numbers
from ...render.compare_text import COLUMNS, row_cells
from ...session.compare import Comparison
from ..kit.user_text import rich, window_title

__all__ = ["CompareTableModel", "CompareWindow"]

_START = N_("start")  # the slider's text at epoch −1: before the first visit (shown with _())
LEGEND_MARGIN_PX = 6  # between a panel's legend and the corner of its view
LEGEND_ALPHA = 215  # the legend's background lets the points under it show through a little


class CompareTableModel(QtCore.QAbstractTableModel):
    """The race table: one row per run, the columns of :data:`COLUMNS`, read-only."""

    def __init__(self, comparison: Comparison, parent: Any = None) -> None:
        super().__init__(parent)
        self._cells = [row_cells(r) for r in comparison.rows]

    def rowCount(self, parent: QtCore.QModelIndex | QtCore.QPersistentModelIndex = QtCore.QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._cells)

    def columnCount(self, parent: QtCore.QModelIndex | QtCore.QPersistentModelIndex = QtCore.QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(COLUMNS)

    def data(self, index: QtCore.QModelIndex | QtCore.QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not self.checkIndex(index, QtCore.QAbstractItemModel.CheckIndexOption.IndexIsValid):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return display_numbers(self._cells[index.row()][index.column()])  # the window's decimal separator
        if role == Qt.ItemDataRole.ToolTipRole:
            return COLUMNS[index.column()][1]
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() > 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section][0]
        if role == Qt.ItemDataRole.ToolTipRole:
            return COLUMNS[section][1]
        return None


class CompareWindow(QtWidgets.QWidget):
    """A top-level window over a finished :class:`Comparison`.

    Attributes
    ----------
    sources : list of ExportSession, one per run (their playheads are the panels').
    canvases : list of Canvas.
    slider : QSlider, the shared playhead by epoch (−1 is the start).
    table : QTableView over :class:`CompareTableModel`.
    """

    def __init__(self, comparison: Comparison, view_range: Any = None, parent: Any = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        from ..canvas.canvas import Canvas

        self.comparison = comparison
        self.setWindowTitle(window_title(_("Compare {n} runs").format(n=len(comparison.runs))
                                         + (f" · {comparison.points.title}" if comparison.points.title else "")))
        lay = QtWidgets.QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        grid = QtWidgets.QGridLayout()
        grid.setSpacing(4)
        n = len(comparison.runs)
        cols = 2 if n == 4 else n  # 2×2 for four, else one row
        self.sources: list[ExportSession] = []
        self.canvases: list[Any] = []
        self.titles: list[QtWidgets.QLabel] = []
        for i, run in enumerate(comparison.runs):
            src = ExportSession(comparison.points, run.result, run.entry.algorithm, t=-1)
            canvas = Canvas(src)
            canvas.setMinimumSize(160, 120)
            _legend_in_corner(canvas)
            title = QtWidgets.QLabel()
            title.setTextFormat(Qt.TextFormat.RichText)  # the run's name in bold, escaped (user_text.rich)
            title.setAlignment(Qt.AlignmentFlag.AlignCenter)
            title.setToolTip(_("The run's algorithm and order of the examples, and where its playhead is: "
                               "k updates after the shown epoch."))
            cell = QtWidgets.QVBoxLayout()
            cell.setSpacing(0)
            cell.addWidget(title)
            cell.addWidget(canvas, 1)
            grid.addLayout(cell, i // cols, i % cols)
            self.sources.append(src)
            self.canvases.append(canvas)
            self.titles.append(title)
        first = self.canvases[0].view_box
        if view_range is not None:
            (x0, x1), (y0, y1) = view_range
            first.setRange(xRange=(x0, x1), yRange=(y0, y1), padding=0.0)
        for c in self.canvases[1:]:  # one view for all: they pan and zoom together
            c.view_box.setXLink(first)
            c.view_box.setYLink(first)
        lay.addLayout(grid, 3)

        bar = QtWidgets.QHBoxLayout()
        self.epoch_label = QtWidgets.QLabel()
        self.epoch_label.setMinimumWidth(110)
        self.epoch_label.setToolTip(_("The shared playhead: every run is shown after the last visit of this epoch "
                                      "(a run that stopped earlier stays at its end)."))
        self.slider = QtWidgets.QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(-1, max(comparison.last_epoch, -1))
        self.slider.setPageStep(1)
        self.slider.setToolTip(_("Drag, or press ←/→, to move every run to the end of an epoch."))
        self.slider.valueChanged.connect(self._on_epoch)
        bar.addWidget(QtWidgets.QLabel(_("Epoch")))
        bar.addWidget(self.slider, 1)
        bar.addWidget(self.epoch_label)
        lay.addLayout(bar)

        self.model = CompareTableModel(comparison, self)
        self.table = QtWidgets.QTableView()
        self.table.setModel(self.model)
        self.table.verticalHeader().hide()
        self.table.setSelectionMode(QtWidgets.QAbstractItemView.SelectionMode.NoSelection)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QtWidgets.QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QtWidgets.QHeaderView.ResizeMode.Stretch)  # the run's name takes the rest
        rows_h = self.table.verticalHeader().defaultSectionSize() * n + self.table.horizontalHeader().sizeHint().height()
        self.table.setFixedHeight(rows_h + 4)  # every row shown, no more: the panels get the rest
        lay.addWidget(self.table)

        for key, step in ((Qt.Key.Key_Right, 1), (Qt.Key.Key_Left, -1)):
            sc = QtGui.QShortcut(QtGui.QKeySequence(key), self)
            sc.setContext(Qt.ShortcutContext.WindowShortcut)
            sc.activated.connect(lambda s=step: self.step(s))
        self.slider.setValue(self.slider.maximum())  # the end first: the race's outcome
        self._on_epoch(self.slider.value())

    @property
    def epoch(self) -> int:
        return int(self.slider.value())

    def set_epoch(self, epoch: int) -> None:
        """Move the shared playhead (clamped to −1 .. the last epoch any run reached)."""
        self.slider.setValue(int(epoch))

    def step(self, delta: int) -> None:
        self.set_epoch(self.epoch + delta)

    def _on_epoch(self, epoch: int) -> None:
        steps = self.comparison.steps_at(epoch)
        for src, title, run, t in zip(self.sources, self.titles, self.comparison.runs, steps, strict=True):
            src.set_t(t)
            rec = run.result.record
            k = rec.k_after_step(t)
            if t < 0:
                at = _(_START)
            elif t == rec.num_steps - 1 and epoch > t // rec.n:
                # TRANSLATORS: a run that stopped before the epoch shown stays at its last epoch.
                at = _("epoch {epoch} (its last)").format(epoch=t // rec.n)
            else:
                at = _("epoch {epoch}").format(epoch=t // rec.n)
            title.setText(display_numbers(f"<b>{rich(run.entry.label)}</b> · k = {k} · {rich(at)}"))
        self.epoch_label.setText(_(_START) if epoch < 0 else _("{epoch} (last {last})").format(
            epoch=epoch, last=self.comparison.last_epoch))

    def closeEvent(self, ev: QtGui.QCloseEvent) -> None:  # noqa: N802
        super().closeEvent(ev)
        self.deleteLater()  # its canvases listen only to its own sources


def _legend_in_corner(canvas: Any) -> None:
    """The panel's own legend (the canvas's: points, w, the output line, the rings) in the top
    right corner of its view, over the plot. Beside the view, as in the main window, it took
    half of a small panel's width; without one, the averaged run's output line could not be
    told from w."""
    legend = canvas.overlay.legend
    canvas.plot.getPlotItem().layout.removeItem(legend)
    legend.setMinimumWidth(0)  # as wide as its entries: the main window's minimum keeps its view still
    legend.setParentItem(canvas.view_box)
    legend.anchor(itemPos=(1, 0), parentPos=(1, 0), offset=(-LEGEND_MARGIN_PX, LEGEND_MARGIN_PX))
    legend.setZValue(40)  # over the points and lines it names
    colour = QtGui.QColor(legend.opts["brush"].color())
    colour.setAlpha(LEGEND_ALPHA)
    legend.setBrush(colour)
