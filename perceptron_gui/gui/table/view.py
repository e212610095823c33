"""The point table's view: where keys typed into the table may go (its editors are in
:mod:`.cell_editors`).

One gate decides every edit: :meth:`PointView.edit` opens an editor only on a row the user
sees selected. Every way of starting an edit (a typed character, F2, a double click, Tab or
Enter moving on from the previous cell, *Add row*) passes through it, so no key can write into
a row that is not highlighted, whatever the current cell happens to be.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6 import QtCore, QtGui, QtWidgets

from ...i18n import _
from ...render.formatting import MINUS
from ..kit.accessible import name_widget
from .cell_editors import PointDelegate, types_a_character
from .model import EXTRA_COLUMNS, PointTableModel, role_word

Qt = QtCore.Qt

# The widest the table asks to be to show all its columns; wider data scrolls sideways.
WIDEST_MINIMUM = 360

__all__ = ["PointView", "RowHeader"]


class RowHeader(QtWidgets.QHeaderView):
    """The row numbers, drawn highlighted for selected rows.

    Qt's own header asks the selection model whether a row is selected, and it answers by
    asking the model for the flags of every cell of the row: 786 Python calls per row at
    d = 784, for the three rows around every Shift+↑, most of a selection change's cost.
    Here ``is_selected(row)`` answers (a binary search in the session's selection).
    """

    def __init__(self, is_selected: Callable[[int], bool], parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Vertical, parent)
        self._is_selected = is_selected
        self.setSectionsClickable(True)  # a click on a row number selects the row, as in Qt's header
        self.setHighlightSections(True)

    def paintSection(self, painter: QtGui.QPainter, rect: QtCore.QRect, logical: int) -> None:  # noqa: N802
        if not rect.isValid():
            return
        opt = QtWidgets.QStyleOptionHeader()
        self.initStyleOption(opt)
        opt.rect = rect
        opt.section = logical
        opt.text = str(self.model().headerData(logical, Qt.Orientation.Vertical, Qt.ItemDataRole.DisplayRole))
        opt.textAlignment = self.defaultAlignment()
        visual, last = self.visualIndex(logical), self.count() - 1
        place = QtWidgets.QStyleOptionHeader.SectionPosition
        opt.position = (place.OnlyOneSection if last == 0 else place.Beginning if visual == 0
                        else place.End if visual == last else place.Middle)
        before = visual > 0 and self._is_selected(self.logicalIndex(visual - 1))
        after = visual < last and self._is_selected(self.logicalIndex(visual + 1))
        near = QtWidgets.QStyleOptionHeader.SelectedPosition
        opt.selectedPosition = (near.NextAndPreviousAreSelected if before and after else near.PreviousIsSelected
                                if before else near.NextIsSelected if after else near.NotAdjacent)
        selected = self._is_selected(logical)
        if selected:
            opt.state |= QtWidgets.QStyle.StateFlag.State_On | QtWidgets.QStyle.StateFlag.State_Sunken
        painter.save()
        if selected:
            font = painter.font()
            font.setBold(True)
            painter.setFont(font)
        self.style().drawControl(QtWidgets.QStyle.ControlElement.CE_Header, opt, painter, self)
        painter.restore()


class PointView(QtWidgets.QTableView):
    """A row-selecting table view whose edits only ever open on a selected row.

    ``on_focus_in`` is called after Qt has handled a focus-in (Qt then makes the first cell
    current without selecting it; the owner puts the current cell back in line);
    ``is_selected(row)`` tells the row header which rows to highlight.
    """

    def __init__(self, model: PointTableModel, on_focus_in: Callable[[], None],
                 is_selected: Callable[[int], bool], parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._on_focus_in = on_focus_in
        self.setVerticalHeader(RowHeader(is_selected, self))
        self.setModel(model)
        self.setItemDelegate(PointDelegate(model, self))
        self.setSelectionBehavior(QtWidgets.QAbstractItemView.SelectionBehavior.SelectRows)
        self.setAlternatingRowColors(True)
        self.verticalHeader().setDefaultSectionSize(22)
        self._number_width = 0
        self._number_texts = ["0"]
        # The margin column is shown on demand (View menu): 90 more pixels of table made the
        # window too wide for a 1024×768 projector (its minimum width went 1021 → 1113 px).
        self.show_margin = False
        self._hidden_column: int | None = None
        header = self.horizontalHeader()
        header.setSectionResizeMode(QtWidgets.QHeaderView.ResizeMode.Interactive)  # a user may still drag a border
        # A new data set, or a new number of columns: lay every column out again, as in a fresh
        # window. The header's own count signal too, because the order in which Qt's header and
        # this view hear the model's reset is Qt's business.
        model.modelReset.connect(self._layout_columns)
        header.sectionCountChanged.connect(self._layout_columns)
        self.fit_numbers(["0"])
        name_widget(self, _("Data points"), _("One row per point: its coordinates, its class (+1 or −1) and whether it "
                                              "is a test point. Type to edit a cell; every edit can be undone."))
        name_widget(self.horizontalHeader(), _("Columns"))
        name_widget(self.verticalHeader(), _("Row numbers"))
        corner = self.findChild(QtWidgets.QAbstractButton)
        if corner is not None:  # Qt's corner button selects every row
            name_widget(corner, _("Select all rows"))
        self.setEditTriggers(QtWidgets.QAbstractItemView.EditTrigger.DoubleClicked
                             | QtWidgets.QAbstractItemView.EditTrigger.EditKeyPressed
                             | QtWidgets.QAbstractItemView.EditTrigger.AnyKeyPressed)

    def dataChanged(self, top_left: QtCore.QModelIndex | QtCore.QPersistentModelIndex,  # noqa: N802
                    bottom_right: QtCore.QModelIndex | QtCore.QPersistentModelIndex, roles: Any = ()) -> None:
        """Repaint what changed. The margin column changes for every row at every step of a run,
        and Qt repaints the whole table for any change of more than one cell: ~900 cells a frame
        of playback. The column is computed, so no editor shows it: repaint its strip
        when it is shown, nothing when it is hidden."""
        c = top_left.column()
        model = self.model()
        if (c == bottom_right.column() and isinstance(model, PointTableModel) and c == model.margin_column
                and top_left.isValid()):
            if not self.isColumnHidden(c):
                vp = self.viewport()
                vp.update(QtCore.QRect(self.columnViewportPosition(c), 0, self.columnWidth(c), vp.height()))
            return
        super().dataChanged(top_left, bottom_right, list(roles))

    def fit_numbers(self, texts: list[str], grow_only: bool = False) -> None:
        """Make the coordinate columns at least as wide as the widest of ``texts`` (templates
        of the longest numbers shown, see :func:`~.formatting.fmt_widest`), so no number is
        elided ("−8.287…" hid the exponent of −8.287e+149); when they do not all fit, the
        table scrolls sideways."""
        self._number_texts = list(texts)
        width = max(self.fontMetrics().horizontalAdvance(t) for t in texts) + self._cell_margin()
        if width > self._number_width or (width < self._number_width and not grow_only):
            self._number_width = width
            self._layout_columns()

    def set_show_margin(self, show: bool) -> None:
        """Show or hide the margin column (the last one)."""
        self.show_margin = bool(show)
        self._layout_columns()

    def _cell_margin(self) -> int:
        # The delegate's text margin (focus frame + 1) on both sides, plus slack.
        return 2 * (self.style().pixelMetric(QtWidgets.QStyle.PixelMetric.PM_FocusFrameHMargin, None, self) + 1) + 8

    def label_widths(self) -> tuple[int, int]:
        """Widths of the y and set columns: their widest text ("−1", "train") or their header,
        plus room for the editor's arrow; measured now, in the font and style of the moment."""
        fm, header = self.fontMetrics(), self.horizontalHeader()
        arrow = self.style().pixelMetric(QtWidgets.QStyle.PixelMetric.PM_ScrollBarExtent, None, self)
        widths = []
        words = (role_word(False), role_word(True))  # the set column's words in the language in force
        for texts, c in (([f"{MINUS}1"], header.count() - 3), (words, header.count() - 2)):
            own = max(fm.horizontalAdvance(text) for text in texts) + self._cell_margin() + arrow
            widths.append(max(own, header.sectionSizeHint(c)) if c >= 0 else own)
        return widths[0], widths[1]

    def _layout_columns(self, *_args: object) -> None:
        """Give every column its width: the y and set columns their labels', the coordinates
        the widest number or their share of the free width, whichever is larger.

        Every section is sized here, not through ``setDefaultSectionSize`` alone: that moves
        only the sections still at the old default, so after a change of data set a number
        column kept the width of whatever column had stood at its place before (x2 kept the
        y column's 46 px after the 1-D example and elided every number, "−0.…")."""
        header = self.horizontalHeader()
        d = header.count() - EXTRA_COLUMNS
        if d < 0:
            return
        y_width, set_width = self.label_widths()
        # The margin column: a margin is a distance at the data's scale, so as wide as the
        # coordinates (or a 4-digit margin such as "−8.287e−07", or its header).
        margin_width = max(self.fontMetrics().horizontalAdvance(f"{MINUS}8.287e{MINUS}07") + self._cell_margin(),
                           self._number_width, header.sectionSizeHint(d + 2))
        # Qt keeps a hidden column by its number through a reset: after a change of d the old
        # margin column may be another column now; show it again.
        if self._hidden_column not in (None, d + 2) and self._hidden_column < header.count():
            self.setColumnHidden(self._hidden_column, False)
        self.setColumnHidden(d + 2, not self.show_margin)
        self._hidden_column = None if self.show_margin else d + 2
        if not self.show_margin:
            margin_width = 0
        header.setMinimumSectionSize(min(y_width, set_width, self._number_width))
        share = (self.viewport().width() - y_width - set_width - margin_width) // max(d, 1)
        width = max(self._number_width, share)
        header.setDefaultSectionSize(width)
        for c in range(d):  # after a reset most are at the default already: cheap at d = 784
            if header.sectionSize(c) != width:
                header.resizeSection(c, width)
        header.resizeSection(d, y_width)
        header.resizeSection(d + 1, set_width)
        if margin_width:
            header.resizeSection(d + 2, margin_width)
        # Never cut a column ("trai" for "train" behind the edge when the numbers are wide):
        # the table asks for the width of all its columns, and the dock makes room, up to a
        # cap past which it scrolls sideways (784 columns cannot all be shown at once).
        full = (self.verticalHeader().sizeHint().width() + d * self._number_width + y_width + set_width + margin_width
                + self.verticalScrollBar().sizeHint().width() + 2 * self.frameWidth())
        self.setMinimumWidth(min(full, WIDEST_MINIMUM))

    def changeEvent(self, ev: QtCore.QEvent) -> None:  # noqa: N802
        super().changeEvent(ev)
        if ev.type() in (QtCore.QEvent.Type.FontChange, QtCore.QEvent.Type.StyleChange):
            self._number_width = 0  # measured in the old font: measure again
            self.fit_numbers(self._number_texts)

    def resizeEvent(self, ev: QtGui.QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(ev)  # also called when the viewport resizes (a scroll bar came or went)
        self._layout_columns()

    def open_editor(self) -> QtWidgets.QWidget | None:
        """The editor open on the current cell, if any. (``state()`` is no guide: Qt sets it
        back to NoState when rows are removed while the editor stays open.)"""
        current = self.currentIndex()
        return self.indexWidget(current) if current.isValid() else None

    def typing_target(self) -> QtCore.QModelIndex | None:
        """The cell a typed character would edit: the current one, if its row is selected."""
        current = self.currentIndex()
        if current.isValid() and self.selectionModel().isSelected(current):
            return current
        return None

    def edit(self, index, trigger=QtWidgets.QAbstractItemView.EditTrigger.AllEditTriggers, event=None):  # noqa: D102
        # The one gate (see the module's docstring). Selection is by rows, so the cell itself
        # is selected exactly when its row is.
        if index.isValid() and not self.selectionModel().isSelected(index):
            return False
        return super().edit(index, trigger, event)

    def selectionCommand(self, index, event=None):  # noqa: N802
        # Without an event (setCurrentIndex or selectRow from code, as in Add row) Qt reads the
        # keyboard's modifiers at that moment, and a Ctrl still down (or still recorded after a
        # Ctrl+→) turns "select this row" into "toggle it": the row ends up deselected and
        # cannot be typed into. From code, a toggle means "this row".
        command = super().selectionCommand(index, event)
        if event is None and command & QtCore.QItemSelectionModel.SelectionFlag.Toggle:
            return QtCore.QItemSelectionModel.SelectionFlag.ClearAndSelect | QtCore.QItemSelectionModel.SelectionFlag.Rows
        return command

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: N802, A002 - Qt's names
        # Tab moves along the current row's cells (←/→ belong to the playhead) and, past the
        # row's last cell (Shift+Tab: before its first), on to the window's next control: Qt's
        # own Tab went on through every cell of every row and never let the keyboard out.
        current = self.currentIndex()
        if current.isValid() and self.tabKeyNavigation():
            step = 1 if next else -1
            col = current.column() + step
            while 0 <= col < self.model().columnCount() and self.isColumnHidden(col):
                col += step
            if not 0 <= col < self.model().columnCount():
                return QtWidgets.QWidget.focusNextPrevChild(self, next)
        return super().focusNextPrevChild(next)

    def keyboardSearch(self, search: str) -> None:  # noqa: N802
        # Qt would jump to (and select) the row whose first cell starts with a character typed
        # that could not start an edit; in a table of numbers that picks a row at random.
        return

    def event(self, ev: QtCore.QEvent) -> bool:
        # A typed character starts editing the current cell (Qt's AnyKeyPressed), but the
        # window's one-key shortcuts (1, 2, T, F) would take it first: "2.5" became class −1
        # and ".5". The view claims such keys when there is a cell to type into.
        if (ev.type() == QtCore.QEvent.Type.ShortcutOverride and self.open_editor() is None
                and isinstance(ev, QtGui.QKeyEvent) and types_a_character(ev) and self.typing_target() is not None):
            ev.accept()
            return True
        return super().event(ev)

    def focusInEvent(self, ev: QtGui.QFocusEvent) -> None:  # noqa: N802
        super().focusInEvent(ev)
        self._on_focus_in()
