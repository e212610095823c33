"""The points of the canvas: one ScatterPlotItem whose points share a few pre-made styles.

The class is told apart by shape as well as colour: a plus for +1 and a minus bar for −1, as
in the notes' figures.
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui

__all__ = ["PLUS", "MINUS", "FastScatter"]


def _bar_path(plus: bool, half: float = 0.13) -> QtGui.QPainterPath:
    """A plus or a minus of unit size centred at 0 (ScatterPlotItem symbol convention)."""
    path = QtGui.QPainterPath()
    path.addRect(QtCore.QRectF(-0.5, -half, 1.0, 2 * half))
    if plus:
        path.addRect(QtCore.QRectF(-half, -0.5, 2 * half, 1.0))
        path = path.simplified()  # one outline, so a hollow plus has no inner lines
    return path


PLUS = _bar_path(True)
MINUS = _bar_path(False)

# Fields of ScatterPlotItem.data that the fast path fills itself (pyqtgraph 0.13–0.14).
_FAST_FIELDS = {"x", "y", "size", "symbol", "pen", "brush", "visible", "hovered", "item", "data", "sourceRect"}


class FastScatter(pg.ScatterPlotItem):
    """A ScatterPlotItem whose points take one of a few pre-made styles.

    ``styles`` is a list of (symbol, size, pen, brush), made once. :meth:`set_points` fills the
    item's record array with numpy (one index per point into the style table, and the symbol
    atlas rectangle of each style) instead of pyqtgraph's per-point Python loop, which costs
    about 2 µs per point; :meth:`move_points` changes only the rows given.
    """

    def __init__(self, styles: Sequence[tuple], name: str | None = None) -> None:
        super().__init__(pxMode=True, antialias=True, name=name)
        self.setAcceptedMouseButtons(QtCore.Qt.MouseButton.NoButton)
        self._styles = [tuple(s) for s in styles]
        k = len(self._styles)
        self._table = {f: np.empty(k, dtype=object) for f in ("symbol", "pen", "brush")}
        for i, (sym, _size, pen, brush) in enumerate(self._styles):
            self._table["symbol"][i], self._table["pen"][i], self._table["brush"][i] = sym, pen, brush
        self._sizes = np.array([s[1] for s in self._styles], dtype=np.float64)
        names = self.data.dtype.names  # type: ignore[has-type]  # pyqtgraph's record array, set by its __init__
        self._fast = _FAST_FIELDS <= set(names or ())

    @property
    def style_table(self) -> list[tuple]:
        """The (symbol, size, pen, brush) of each style, as given."""
        return list(self._styles)

    def mouseClickEvent(self, ev) -> None:  # noqa: N802 - the canvas's tool decides what a click means
        ev.ignore()

    def _rects(self) -> np.ndarray:
        coords = self.fragmentAtlas[self._styles]
        rects = np.zeros(len(coords), dtype=self.data.dtype["sourceRect"])
        for i, c in enumerate(coords):
            rects[i] = tuple(c)
        return rects

    def set_points(self, P: np.ndarray, style: np.ndarray | None = None) -> None:
        """Show points P (m, 2), point i in style ``style[i]`` (default: style 0)."""
        P = np.asarray(P, dtype=np.float64).reshape(-1, 2)
        style = np.zeros(P.shape[0], dtype=np.intp) if style is None else np.asarray(style, dtype=np.intp)
        if not self._fast:  # a future pyqtgraph: the public (slower) way
            self.setData(x=P[:, 0], y=P[:, 1], symbol=list(self._table["symbol"][style]),
                         size=self._sizes[style], pen=list(self._table["pen"][style]),
                         brush=list(self._table["brush"][style]))
            return
        self.data = self._records(P, style)
        self._data_changed()

    def _records(self, P: np.ndarray, style: np.ndarray) -> np.ndarray:
        """pyqtgraph's record array for points P in styles ``style`` (the fast path's fill)."""
        # np.zeros, not np.empty: numpy fills the object fields of an empty record array one
        # by one (67 ms for 10⁵ rows), zeros uses calloc (6 ms); then None where pyqtgraph wants it.
        data = np.zeros(P.shape[0], dtype=self.data.dtype)
        data["item"], data["data"] = None, None
        data["x"], data["y"] = P[:, 0], P[:, 1]
        data["size"] = self._sizes[style]
        for f, table in self._table.items():
            data[f] = table[style]
        data["visible"] = True
        rects, target = self._rects(), data["sourceRect"]
        for f in rects.dtype.names or ():  # field by field: 4× faster than a structured gather
            target[f] = rects[f][style]
        return data

    def delete_points(self, idx: np.ndarray) -> None:
        """Remove rows ``idx``; the others keep their records (a delete among 10⁶ points
        rebuilt all of them: 0.5 s)."""
        if not self._fast:
            keep = np.setdiff1d(np.arange(len(self.data)), idx)
            self.set_points(np.column_stack(self.getData())[keep], self.styles()[keep])
            return
        gone = np.unique(np.asarray(idx, dtype=np.intp))
        n = len(self.data)
        out = np.zeros(n - gone.size, dtype=self.data.dtype)  # calloc: see _records
        # The runs between deleted rows, copied as slices: np.delete (np.empty fills object
        # fields one by one) took 0.5 s at 10⁶ points, a boolean gather 0.4 s.
        starts = np.concatenate(([0], gone + 1))
        ends = np.concatenate((gone, [n]))
        runs = [(a, b) for a, b in zip(starts.tolist(), ends.tolist()) if b > a]
        for f in self.data.dtype.names or ():  # field by field: a record-to-record copy goes row by row
            src, dst, pos = self.data[f], out[f], 0
            for a, b in runs:
                dst[pos:pos + b - a] = src[a:b]
                pos += b - a
        self.data = out
        self._data_changed()

    def insert_points(self, at: np.ndarray, P: np.ndarray, style: np.ndarray) -> None:
        """Insert points P (m, 2) in styles ``style`` so that they end up at rows ``at``
        (sorted, as after the insert); the other records are kept."""
        at = np.asarray(at, dtype=np.intp)
        P = np.asarray(P, dtype=np.float64).reshape(-1, 2)
        style = np.asarray(style, dtype=np.intp)
        if not self._fast:
            old_P, old_s = np.column_stack(self.getData()), self.styles()
            where = at - np.arange(at.size)
            self.set_points(np.insert(old_P, where, P, axis=0), np.insert(old_s, where, style))
            return
        new = self._records(P, style)
        out = np.zeros(len(self.data) + at.size, dtype=self.data.dtype)  # calloc, as in delete_points
        old = np.ones(len(out), dtype=bool)
        old[at] = False
        for f in out.dtype.names:
            out[f][old] = self.data[f]
            out[f][at] = new[f]
        self.data = out
        self._data_changed()

    def move_points(self, idx: np.ndarray, P: np.ndarray) -> None:
        """Move rows ``idx`` to P (len(idx), 2) without touching the others."""
        if not self._fast:
            x, y = self.data["x"].copy(), self.data["y"].copy()
            x[idx], y[idx] = P[:, 0], P[:, 1]
            styles = self.styles()
            self.set_points(np.column_stack((x, y)), styles)
            return
        self.data["x"][idx], self.data["y"][idx] = P[:, 0], P[:, 1]
        self._data_changed()

    def set_styles(self, idx: np.ndarray, style: np.ndarray) -> None:
        """Change the style of rows ``idx`` only."""
        if not self._fast:
            s = self.styles()
            s[idx] = style
            self.set_points(np.column_stack(self.getData()), s)
            return
        style = np.asarray(style, dtype=np.intp)
        for f, table in self._table.items():
            self.data[f][idx] = table[style]
        self.data["size"][idx] = self._sizes[style]
        self.data["sourceRect"][idx] = self._rects()[style]
        self._data_changed()

    def styles(self) -> np.ndarray:
        """The style index of every point (from its brush and symbol)."""
        out = np.zeros(len(self.data), dtype=np.intp)
        for i, (sym, size, pen, brush) in enumerate(self._styles):
            out[(self.data["symbol"] == sym) & (self.data["brush"] == brush) & (self.data["pen"] == pen)
                & (self.data["size"] == size)] = i
        return out

    def _data_changed(self) -> None:
        self.bounds = [None, None]
        self.prepareGeometryChange()
        self.informViewBoundsChanged()
        self._updateMaxSpotSizes(data=self.data)
        self.invalidate()
        self.sigPlotChanged.emit(self)
