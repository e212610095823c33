"""The point table's model: a thin adapter over ``session.points`` whose edits are commands.

Rows are inserted and removed with ``beginInsertRows``/``beginRemoveRows`` (never a reset for
an add or a delete), so Qt's persistent indexes (the current cell, the selection, an open
editor) stay on the same *point* when rows above it come or go. A reset would throw away the
current cell, and the next Tab would then start from row 1 instead of the row being edited.

The session announces an edit after making it, while Qt's contract wants the model to show
the old rows until ``begin…`` and the new ones after ``end…``. The model therefore reads the
arrays it last announced, through a row map while a change is being announced run by run:
commands that add or delete rows give the point set new arrays and leave the old ones intact.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
from PySide6 import QtCore, QtGui

from ...core import theory as th
from ...core.csv_text import clip_text, is_number
from ...i18n import N_, _, display_numbers, ngettext, pgettext
from ...render import theme as style
from ...render.formatting import MINUS, fmt
from ...session.commands import Change, MovePoints, SetLabels, SetRoles
from ...session.frame import Frame
from ...session.session import Session
from ..kit.view_wiring import connect_events

Qt = QtCore.Qt

__all__ = ["PointTableModel", "row_runs", "parse_label", "parse_role", "role_word"]

# Every cell can be selected and edited; made once because Qt asks for it per cell and per
# paint, and OR-ing Python enums there cost more than half of a selection change at d = 784.
_CELL_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEditable
_READ_ONLY_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
EXTRA_COLUMNS = 3  # y, set, margin after the d coordinates
NO_MARGIN = "\u2014"  # "—": w = 0 (no hyperplane) or no run yet
# Marked only: shown as _(_MARGIN_TIP), _(_ALPHA_TIP).
_MARGIN_TIP = N_("Signed margin y·(w·x + b)/‖w‖ of the point for w and b at the step shown (notes 003): "
               "positive on the correct side. Highlighted: the data set's margin, the smallest over the "
               "training points. — when w = 0.")
_ALPHA_TIP = N_("αᵢ of the kernel perceptron at the step shown: the mistakes made on the point so far (its "
              "weight in f(x) = Σ αⱼ·yⱼ·K(xⱼ, x)); drawn as the size of its ring.")
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_CENTRE = int(Qt.AlignmentFlag.AlignCenter)


def role_word(test: bool) -> str:
    """The set column's word for a point, in the language in force (its data stay "train"/"test")."""
    return pgettext("point set", "test") if test else pgettext("point set", "train")


def parse_role(text: str) -> bool | None:
    """True for a test point, False for a training point, from "train"/"test" or their words
    in the language in force (any case); None for anything else."""
    t = text.strip().lower()
    if t in ("test", role_word(True).lower()):
        return True
    if t in ("train", role_word(False).lower()):
        return False
    return None


def row_runs(rows: Iterable[int] | np.ndarray) -> list[tuple[int, int]]:
    """Sorted distinct rows as inclusive runs of consecutive rows: [1, 2, 3, 7] -> [(1, 3), (7, 7)]."""
    r = np.unique(np.asarray(list(rows) if not isinstance(rows, np.ndarray) else rows, dtype=np.int64))
    if r.size == 0:
        return []
    breaks = np.flatnonzero(np.diff(r) != 1)
    starts = np.concatenate(([0], breaks + 1))
    ends = np.concatenate((breaks, [r.size - 1]))
    return [(int(r[a]), int(r[b])) for a, b in zip(starts, ends)]


def parse_label(text: str) -> float | None:
    """+1 / −1 from what a user types, None for anything else.

    +1: "1", "+1", "1.0", "+"; −1: "-1", "−1" (a real minus), "-1.0", "-", and "0" (the data
    set's 0/1 convention). A number is read as the CSV reader reads one (ASCII digits,
    :func:`~perceptron_gui.core.csv_text.is_number`), then must be exactly 1, −1 or 0.
    """
    t = text.replace(MINUS, "-").strip()
    if t in ("+", "-"):
        return 1.0 if t == "+" else -1.0
    if not is_number(t):
        return None
    v = float(t)
    return 1.0 if v == 1.0 else -1.0 if v in (-1.0, 0.0) else None


class PointTableModel(QtCore.QAbstractTableModel):
    """Columns x1..xd, y, set, margin over ``session.points``; ``setData`` issues a command.

    The margin column is y·(w·x + b)/‖w‖ of each row for the frame at the playhead, computed
    only for the rows Qt asks for (:func:`~perceptron_gui.core.theory.signed_margins` on that
    row) and kept until the frame changes: a step costs nothing per point, even at 10⁶ points.

    The shape Qt has been told about is kept in ``_rows``/``_cols`` and changes only between
    a ``begin…``/``end…`` pair, so Qt never sees a row count that its signals did not announce.
    """

    # The last column changed meaning: α for a kernel perceptron's frame, the margin otherwise
    # (the table lists α whenever there is one, whatever the margin switch says).
    dual_changed = QtCore.Signal(bool)

    def __init__(self, session: Session, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._take_arrays()
        self._rows = session.points.n
        self._cols = session.points.d + EXTRA_COLUMNS
        self._map: np.ndarray | None = None  # model row -> array row, only during an add/delete
        self.changing_rows = False  # True while the rows follow a change of the points
        self._frame: Frame | None = session.frame()
        self._margins: dict[int, float] = {}  # array row -> margin, for self._frame
        self._alphas: dict[int, int] | None = None  # array row -> α of a kernel run's frame, made when asked
        self._brush_pos = QtGui.QBrush(QtGui.QColor(style.POSITIVE))
        self._brush_neg = QtGui.QBrush(QtGui.QColor(style.NEGATIVE))
        self._grey = QtGui.QBrush(QtGui.QColor("#777777"))
        self._min_brush = QtGui.QBrush(QtGui.QColor("#FCE3A6"))
        self._bold = QtGui.QFont()
        self._bold.setBold(True)
        connect_events(self, [(session.points_changed, self._on_points_changed),
                              (session.run_changed, self._on_frame_changed),
                              (session.playhead_changed, self._on_frame_changed),
                              (session.frame_changed, self._on_frame_changed)])

    # ---- shape ----------------------------------------------------------------------------
    @property
    def d(self) -> int:
        return self._cols - EXTRA_COLUMNS

    @property
    def margin_column(self) -> int:
        return self._cols - 1

    def rowCount(self, parent: QtCore.QModelIndex | QtCore.QPersistentModelIndex = QtCore.QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else self._rows

    def columnCount(self, parent: QtCore.QModelIndex | QtCore.QPersistentModelIndex = QtCore.QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else self._cols

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # noqa: N802
        names = self._names
        if role == Qt.ItemDataRole.DisplayRole:
            if orientation == Qt.Orientation.Vertical:
                return str(section + 1)
            if section < self.d:
                return names[section] if section < len(names) else None
            last = "α" if self._dual() else pgettext("point table column", "margin")
            return ("y", pgettext("point table column", "set"), last)[section - self.d] if section < self._cols else None
        if role == Qt.ItemDataRole.ToolTipRole and orientation == Qt.Orientation.Horizontal:
            if section < min(self.d, len(names)):
                return _("Coordinate {name} of the point (a finite number).").format(name=names[section])
            if section == self.d:
                return _("Label y: +1 or −1 (type 1, -1, + or −).")
            if section == self.margin_column:
                return _(_ALPHA_TIP) if self._dual() else _(_MARGIN_TIP)
            return _("Whether the point is used for training or only for measuring the test error.")
        return None

    def flags(self, index: QtCore.QModelIndex | QtCore.QPersistentModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return _READ_ONLY_FLAGS if index.column() == self._cols - 1 else _CELL_FLAGS

    # ---- data ---------------------------------------------------------------------------------
    def data(self, index: QtCore.QModelIndex | QtCore.QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        r, c = index.row(), index.column()
        if not index.isValid() or r >= self._rows or c >= self._cols:
            return None
        if self._map is not None:
            r = int(self._map[r])
        X, y, test = self._X, self._y, self._test
        if c == self._cols - 1:
            return self._margin_data(r, role)
        if role == Qt.ItemDataRole.DisplayRole or role == Qt.ItemDataRole.EditRole:
            if c < self.d:
                v = float(X[r, c])
                # Display: fmt's 4 significant digits in %g style with a real minus, e.g.
                # "−8.287e+149" (the view keeps every column wide enough for the longest
                # text, so the exponent is never elided). Edit: every digit (repr).
                return display_numbers(fmt(v)) if role == Qt.ItemDataRole.DisplayRole else repr(v)
            if c == self.d:
                return "+1" if y[r] > 0 else "−1"
            if role == Qt.ItemDataRole.DisplayRole:
                return role_word(bool(test[r]))
            return "test" if test[r] else "train"  # the edit data: the set's name, in any language
        if role == Qt.ItemDataRole.ForegroundRole:
            if c == self.d:
                return self._brush_pos if y[r] > 0 else self._brush_neg
            if c == self.d + 1 and test[r]:
                return self._grey
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _RIGHT if c < self.d else _CENTRE
        if role == Qt.ItemDataRole.ToolTipRole:
            if c == self.d + 1:
                return _("Double-click to switch between train and test.")
            if c < self.d:
                return display_numbers(repr(float(X[r, c])))
        return None

    def setData(self, index: QtCore.QModelIndex | QtCore.QPersistentModelIndex, value: Any,  # noqa: N802
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        valid = QtCore.QAbstractItemModel.CheckIndexOption.IndexIsValid
        if role != Qt.ItemDataRole.EditRole or not self.checkIndex(index, valid):
            return False
        r, c = index.row(), index.column()
        text = str(value).strip()
        if c == self.margin_column:
            return False  # computed, not typed
        if c < self.d:
            number = text.replace(MINUS, "-")
            if not is_number(number):  # as the CSV reader reads a number: not "1_000", not "١"
                self.session.message.emit(
                    "error", _("'{text}' is not a number; type a coordinate such as 0.5 or -1.25.").format(
                        text=clip_text(text)))
                return False
            v = float(number)
            row = self.session.points.X[r].copy()
            row[c] = v
            return self.session.execute(MovePoints(np.array([r]), row[None, :]))
        if c == self.d:
            label = parse_label(text)
            if label is None:
                self.session.message.emit("error", _("'{text}' is not a label; type +1 or -1.").format(
                    text=clip_text(text)))
                return False
            return self.session.execute(SetLabels(np.array([r]), np.array([label])))
        is_test = parse_role(text)
        if is_test is None:
            self.session.message.emit("error", _("'{text}' is not a set; type {train} or {test}.").format(
                text=clip_text(text), train=role_word(False), test=role_word(True)))
            return False
        return self.session.execute(SetRoles(np.array([r]), np.array([is_test])))

    # ---- the margin column --------------------------------------------------------------------
    def margin(self, r: int) -> float | None:
        """The signed margin of array row ``r`` for the frame shown; None when there is none
        (no run, w = 0, or a run of other data)."""
        fr = self._frame
        if fr is None or not fr.has_hyperplane or fr.w.shape[0] != self._X.shape[1] or r >= self._X.shape[0]:
            return None
        m = self._margins.get(r)
        if m is None:
            m = float(th.signed_margins(self._X[r:r + 1], self._y[r:r + 1], fr.w, fr.b)[0])
            self._margins[r] = m
        return m

    def is_data_set_margin(self, r: int) -> bool:
        """Whether training row ``r`` attains the data set's margin (the minimum, notes 003)."""
        m, fr = self.margin(r), self._frame
        dm = None if fr is None else fr.dataset_margin
        if m is None or dm is None or not np.isfinite(dm) or bool(self._test[r]):
            return False
        return bool(np.isclose(m, dm, rtol=1e-12, atol=0.0))

    def dual_shown(self) -> bool:
        """Whether the last column lists a kernel perceptron's α (the frame shown is one)."""
        return self._dual()

    def _dual(self) -> bool:
        """The frame shown is a kernel perceptron's: the last column lists α, not the margin."""
        return self._frame is not None and getattr(self._frame, "dual", False)

    def alpha(self, r: int) -> int:
        """α of array row ``r`` in the frame shown (0 for a point never erred on, or a test point)."""
        if self._alphas is None:
            fr = self._frame
            pts, vals = getattr(fr, "alpha_points", ()), getattr(fr, "alpha_values", ())
            self._alphas = dict(zip(np.asarray(pts).tolist(), np.asarray(vals).tolist()))
        return int(self._alphas.get(r, 0))

    def _alpha_data(self, r: int, role: int) -> Any:
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return str(self.alpha(r))
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _RIGHT
        if role == Qt.ItemDataRole.ToolTipRole:
            k = self._frame.k if self._frame is not None else 0
            return ngettext("αᵢ = {alpha}: the mistakes the kernel perceptron made on this point in its first "
                            "{k} update; f(x) = Σ αⱼ·yⱼ·K(xⱼ, x).",
                            "αᵢ = {alpha}: the mistakes the kernel perceptron made on this point in its first "
                            "{k} updates; f(x) = Σ αⱼ·yⱼ·K(xⱼ, x).", k).format(alpha=self.alpha(r), k=k)
        return None

    def _margin_data(self, r: int, role: int) -> Any:
        if self._dual():
            return self._alpha_data(r, role)
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            m = self.margin(r)
            return NO_MARGIN if m is None else display_numbers(fmt(m)) if role == Qt.ItemDataRole.DisplayRole else repr(m)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return _RIGHT
        if role == Qt.ItemDataRole.ToolTipRole:
            m = self.margin(r)
            if m is None:
                return _("No margin: there is no hyperplane at the step shown (w = 0), or no run yet.")
            k = self._frame.k if self._frame is not None else 0
            tip = (_("y·(w·x + b)/‖w‖ = {margin} for w after update k = {k}. This is the data set's margin "
                     "(the smallest).") if self.is_data_set_margin(r)
                   else _("y·(w·x + b)/‖w‖ = {margin} for w after update k = {k}.")).format(margin=repr(m), k=k)
            return display_numbers(tip)
        if role in (Qt.ItemDataRole.BackgroundRole, Qt.ItemDataRole.FontRole) and self.is_data_set_margin(r):
            return self._min_brush if role == Qt.ItemDataRole.BackgroundRole else self._bold
        return None

    def _on_frame_changed(self, *_args: object) -> None:
        fr = self.session.frame()
        if fr is self._frame:
            return
        was_dual = self._dual()
        self._frame, self._margins, self._alphas = fr, {}, None
        if was_dual != self._dual():
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, self.margin_column, self.margin_column)
            self.dual_changed.emit(self._dual())
        if self._rows:  # the views repaint the rows they show: nothing is computed for the others
            c = self.margin_column
            self.dataChanged.emit(self.index(0, c), self.index(self._rows - 1, c))

    # ---- session events -------------------------------------------------------------------------
    def _take_arrays(self) -> None:
        pts = self.session.points
        self._X, self._y, self._test, self._names = pts.X, pts.y, pts.test, pts.feature_names
        self._margins = {}  # rows moved, relabelled or renumbered

    def _on_points_changed(self, change: Change) -> None:
        # While rows come and go, Qt's selection model moves its rows and reports it: that is
        # no user's choice, and the session has set its own selection for the new rows already.
        self.changing_rows = True
        try:
            self._follow_points(change)
        finally:
            self.changing_rows = False

    def _follow_points(self, change: Change) -> None:
        pts = self.session.points
        same_columns = pts.d + EXTRA_COLUMNS == self._cols
        if change.kind in ("move", "label", "role") and same_columns and pts.n == self._rows:
            self._take_arrays()
            if change.indices.size:
                lo, hi = int(change.indices.min()), int(change.indices.max())
                self.dataChanged.emit(self.index(lo, 0), self.index(hi, self._cols - 1))
        elif change.kind == "add" and same_columns and self._rows + change.indices.size == pts.n:
            self._insert_rows(np.asarray(change.indices, dtype=np.int64))
        elif (change.kind == "delete" and same_columns and self._rows - change.indices.size == pts.n
              and self._X.shape[0] == self._rows):
            self._remove_rows(np.asarray(change.indices, dtype=np.int64))
        else:
            # A new data set (its d may differ): nothing of the old rows can be kept.
            self.beginResetModel()
            self._take_arrays()
            self._rows, self._cols = pts.n, pts.d + EXTRA_COLUMNS
            self.endResetModel()

    def _insert_rows(self, at: np.ndarray) -> None:
        """``at``: the new rows' final positions. Runs go in ascending order, so each lands
        below rows that are already in place; the model shows the new arrays minus the rows
        not announced yet."""
        self._take_arrays()
        shown = np.ones(self._X.shape[0], dtype=bool)
        shown[at] = False
        self._map = np.flatnonzero(shown)
        try:
            for lo, hi in row_runs(at):
                self.beginInsertRows(QtCore.QModelIndex(), lo, hi)
                shown[lo:hi + 1] = True
                self._map = np.flatnonzero(shown)
                self._rows += hi - lo + 1
                self.endInsertRows()
        finally:
            self._map = None

    def _remove_rows(self, gone: np.ndarray) -> None:
        """``gone``: positions before the delete. Runs go from the bottom up, so the positions
        above stay valid; the model shows the old arrays (still intact) minus the rows gone."""
        shown = np.ones(self._X.shape[0], dtype=bool)
        try:
            for lo, hi in reversed(row_runs(gone)):
                self.beginRemoveRows(QtCore.QModelIndex(), lo, hi)
                # Model rows lo..hi are array rows lo..hi: nothing below them has gone yet.
                shown[lo:hi + 1] = False
                self._map = np.flatnonzero(shown)
                self._rows -= hi - lo + 1
                self.endRemoveRows()
        finally:
            self._map = None
            self._take_arrays()
