"""The point nearest to the mouse among 10⁶ without looking at all of them (a click,
and every hover while the weight space is shown, scanned all points: 11 ms at rest, 20–30 ms
on a loaded machine).

A :class:`HitGrid` sorts the rows by the cell of a uniform grid over their bounding box, once
per data set; a query looks at the rows of the cells its search box touches (one cell more on
every side, so rounding at a cell's edge cannot leave a point out) and at the rows moved since
the grid was built, and picks among them exactly as a scan of all points would: the least
distance in pixels, the lowest row on a tie, None beyond the radius.
"""
from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

import numpy as np

from ..core.workers import named_pool

__all__ = ["HitGrid", "HitFinder", "nearest_within", "GRID_MIN_N"]

GRID_MIN_N = 20_000  # below this a scan costs less than a grid (well under 1 ms)
_POINTS_PER_CELL = 4
_MAX_CANDIDATE_CELLS = 4_096  # a search box over more cells (zoomed far out): scan instead


def nearest_within(P: np.ndarray, rows: np.ndarray | None, x: float, y: float, pw: float, ph: float,
                   radius_px: float) -> int | None:
    """The row of ``P`` (among ``rows``, sorted; None: all) nearest to (x, y) in pixels of size
    pw × ph, if within ``radius_px``; the lowest row on a tie."""
    Q = P if rows is None else P[rows]
    if Q.shape[0] == 0:
        return None
    d2 = ((Q[:, 0] - x) / pw) ** 2 + ((Q[:, 1] - y) / ph) ** 2
    k = int(np.argmin(d2))
    if not d2[k] <= radius_px ** 2:
        return None
    return k if rows is None else int(rows[k])


class HitGrid:
    """Rows of P (n, 2) by grid cell: ``order`` lists them cell by cell, ``start[c]`` is where
    cell c begins in it. Built from P as it is; rows moved later are named to :meth:`moved`."""

    def __init__(self, P: np.ndarray) -> None:
        n = P.shape[0]
        finite = np.isfinite(P).all(axis=1)
        self.loose = set(np.flatnonzero(~finite).tolist())  # never in a cell: always looked at
        lo = P[finite].min(axis=0) if finite.any() else np.zeros(2)
        hi = P[finite].max(axis=0) if finite.any() else np.ones(2)
        self.side = max(1, int(np.sqrt(max(n, 1) / _POINTS_PER_CELL)))
        self.lo = lo
        self.size = np.where(hi > lo, (hi - lo) / self.side, 1.0)
        cell = self._cells(np.where(finite[:, None], P, lo))
        self.order = np.argsort(cell, kind="stable").astype(np.int64)
        self.start = np.searchsorted(cell[self.order], np.arange(self.side * self.side + 1))

    def _cells(self, P: np.ndarray) -> np.ndarray:
        ij = np.clip(np.floor((P - self.lo) / self.size), 0, self.side - 1).astype(np.int64)
        return ij[:, 1] * self.side + ij[:, 0]

    def moved(self, rows: np.ndarray) -> None:
        """Rows whose positions changed since the grid was built: looked at on every query."""
        self.loose.update(np.asarray(rows, dtype=np.int64).reshape(-1).tolist())

    def candidates(self, x: float, y: float, rx: float, ry: float) -> np.ndarray | None:
        """Sorted rows that may lie within rx, ry of (x, y); None when a scan is cheaper."""
        if not (np.isfinite(x) and np.isfinite(y) and np.isfinite(rx) and np.isfinite(ry)):
            return None
        i0, j0 = np.floor((np.array([x - rx, y - ry]) - self.lo) / self.size).astype(np.int64) - 1
        i1, j1 = np.floor((np.array([x + rx, y + ry]) - self.lo) / self.size).astype(np.int64) + 1
        i0, j0 = max(int(i0), 0), max(int(j0), 0)
        i1, j1 = min(int(i1), self.side - 1), min(int(j1), self.side - 1)
        if i1 < i0 or j1 < j0:
            found = np.zeros(0, dtype=np.int64)
        elif (i1 - i0 + 1) * (j1 - j0 + 1) > _MAX_CANDIDATE_CELLS:
            return None
        else:
            found = np.concatenate([self.order[self.start[j * self.side + i0]:self.start[j * self.side + i1 + 1]]
                                    for j in range(j0, j1 + 1)])
        if self.loose:
            found = np.concatenate([found, np.fromiter(self.loose, dtype=np.int64, count=len(self.loose))])
        return np.unique(found)

    def nearest(self, P: np.ndarray, x: float, y: float, pw: float, ph: float, radius_px: float) -> int | None:
        """:func:`nearest_within` over all of ``P``, by way of the grid."""
        rows = self.candidates(x, y, radius_px * abs(pw), radius_px * abs(ph))
        if rows is not None:
            rows = rows[rows < P.shape[0]]
        return nearest_within(P, rows, x, y, pw, ph, radius_px)


_MAX_LOOSE = 2_000  # rows moved since the grid was built, beyond which it is built again
def _builder() -> ThreadPoolExecutor:
    return named_pool("hit-grid", housekeeping=False)  # the first click waits for it


class HitFinder:
    """:func:`nearest_within` for one view's points, with a :class:`HitGrid` built off the
    window's thread (260 ms at 10⁶ points): until it is ready, or for few points, a scan.

    ``P`` is the view's array itself: a new array (new data) starts a new grid; a move in
    place must be told to :meth:`moved`.
    """

    def __init__(self, background: bool = True) -> None:
        self.background = background
        self._of: np.ndarray | None = None  # the array the grid is (being) built for
        self._grid: HitGrid | None = None
        self._future: Future[HitGrid] | None = None
        self._moved: list[np.ndarray] = []  # moves while the grid is being built

    def nearest(self, P: np.ndarray, x: float, y: float, pw: float, ph: float, radius_px: float) -> int | None:
        grid = self._grid_for(P) if P.shape[0] >= GRID_MIN_N else None
        if grid is None:
            return nearest_within(P, None, x, y, pw, ph, radius_px)
        return grid.nearest(P, x, y, pw, ph, radius_px)

    def prepare(self, P: np.ndarray) -> None:
        """Start building the grid for new points now (on the worker), so the first click
        after a data change finds it ready instead of scanning."""
        if P.shape[0] >= GRID_MIN_N:
            self._grid_for(P)

    def moved(self, rows: np.ndarray) -> None:
        if self._grid is not None:
            self._grid.moved(rows)
            if len(self._grid.loose) > _MAX_LOOSE:
                self._of = None  # built again at the next query
        elif self._future is not None:
            self._moved.append(np.asarray(rows, dtype=np.int64).copy())

    def _grid_for(self, P: np.ndarray) -> HitGrid | None:
        if self._of is not P:
            self._of, self._grid, self._moved = P, None, []
            # Read while the window may move a row in place: that row is told to moved(), and
            # looked at on every query, so where the builder saw it does not matter.
            self._future = _builder().submit(HitGrid, P) if self.background else None
            if self._future is None:
                self._grid = HitGrid(P)
        if self._grid is None and self._future is not None and self._future.done():
            grid = self._future.result()
            for rows in self._moved:
                grid.moved(rows)
            self._grid, self._future, self._moved = grid, None, []
        return self._grid
