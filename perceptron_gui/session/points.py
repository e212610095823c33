"""The editable point table: coordinates, labels and each point's train/test role."""
from __future__ import annotations

import sys
from dataclasses import dataclass, field

import numpy as np

from ..core import pages
from ..core.dataset import Dataset
from ..core.savable_text import savable


@dataclass
class PointSet:
    """Mutable arrays edited only through commands.

    X : (n, d) float64 coordinates; y : (n,) labels ±1; test : (n,) bool, True for test points.
    title : the data set's name (a preset's title, a file name); "" for drawn data. It travels
    with the points, so *Clear* drops it and undoing the clear brings it back.
    """

    X: np.ndarray
    y: np.ndarray
    test: np.ndarray
    feature_names: tuple[str, ...]
    title: str = ""
    # The arrays ("X", "y", "test") a snapshot (a run's request, a save) may read: the next
    # in-place edit of one copies it first (copy-on-write), so no snapshot costs a copy on the
    # window's thread. An array made here since (a copy, new rows) is in no snapshot.
    _shared: frozenset[str] = field(default=frozenset(), repr=False, compare=False)

    @classmethod
    def from_dataset(cls, data: Dataset, test: np.ndarray | None = None, title: str = "") -> PointSet:
        """The data set's points, sharing its (read-only) arrays: the first in-place edit copies
        the array it edits (:meth:`writable`), so opening 10⁶ rows copies nothing on the way in."""
        t = np.zeros(data.n, dtype=bool) if test is None else np.asarray(test, dtype=bool).copy()
        return cls(np.asarray(data.X, dtype=np.float64), np.asarray(data.y, dtype=np.float64), t,
                   tuple(data.feature_names), savable(str(title)), _shared=_ALL)

    @classmethod
    def empty(cls, d: int = 2) -> PointSet:
        return cls(np.zeros((0, d)), np.zeros(0), np.zeros(0, dtype=bool), tuple(f"x{j + 1}" for j in range(d)))

    @property
    def n(self) -> int:
        return int(self.X.shape[0])

    @property
    def d(self) -> int:
        return int(self.X.shape[1])

    def n_train(self) -> int:
        """How many points are not in the test set (counted without an n-sized temporary)."""
        return self.n - int(np.count_nonzero(self.test))

    def remove_rows(self, idx: np.ndarray) -> None:
        """Drop the rows ``idx`` (sorted, unique, in range): new arrays, the old ones untouched."""
        self.X, self.y, self.test = (without_rows(a, idx) for a in (self.X, self.y, self.test))
        self._shared = frozenset()  # new arrays: no snapshot reads them

    def insert_rows(self, at: np.ndarray, X: np.ndarray, y: np.ndarray, test: np.ndarray) -> None:
        """Put rows at the final positions ``at`` (sorted, unique): new arrays, as :meth:`remove_rows`."""
        self.X, self.y, self.test = (with_rows(a, at, new) for a, new in ((self.X, X), (self.y, y), (self.test, test)))
        self._shared = frozenset()

    def snapshot(self) -> PointSet:
        """These points as they are now, for a reader on another thread (a run, a save), without
        copying them: they share the arrays until the next in-place edit here, which copies
        first (:meth:`writable`). Edits that make new arrays (add, delete, replace) copy nothing.
        At 10⁶ points a copy took 20 ms of the window's thread at every edit."""
        self.mark_shared()
        return PointSet(self.X, self.y, self.test, self.feature_names, self.title)

    def writable(self, *names: str) -> None:
        """Call before editing arrays in place (``names``: "X", "y", "test"; none: all three):
        copies those of them a snapshot still reads.

        An array no snapshot holds any more (its run finished, its save was written) is edited
        where it is, and a move copies X alone: a drag at 10⁶ points copied all three arrays,
        25 MB, at every move (50–460 ms under load). Each array is followed on its own: once X
        is copied the next moves edit the copy, though the run still reads y and test (a drag
        at 12,665 × 784 copied X, 80 MB, at every move while the run it started went on)."""
        if self._shared:
            for name in names or _ARRAYS:  # by name: a local reference would count as a reader
                if name in self._shared and _read_elsewhere(self, name):
                    setattr(self, name, getattr(self, name).copy())
                self._shared -= {name}  # a copy of ours, or an array no one else holds now
            self._recheck_shared()

    def mark_shared(self) -> None:
        """Say that a reader elsewhere may hold every array (a snapshot, a replaced table)."""
        self._shared = _ALL

    def adopt(self, name: str, shared: np.ndarray, own: np.ndarray) -> None:
        """Use ``own``, a copy of ``shared`` made on another thread, as array ``name`` — if this
        still holds ``shared`` (not replaced or copied meanwhile); see ``session/own_copy.py``."""
        if getattr(self, name) is shared:
            setattr(self, name, own)
            self._shared -= {name}  # made for this set alone (the call that hands it over holds it too)
        del shared  # this call's reference must not count as a reader below
        self._recheck_shared()

    def _recheck_shared(self) -> None:
        self._shared = frozenset(name for name in self._shared if _read_elsewhere(self, name))

    def copy(self) -> PointSet:
        return PointSet(self.X.copy(), self.y.copy(), self.test.copy(), self.feature_names, self.title)

    def train_index(self) -> np.ndarray:
        return np.flatnonzero(~self.test)

    def test_index(self) -> np.ndarray:
        return np.flatnonzero(self.test)

    def train_dataset(self) -> Dataset:
        idx = self.train_index()
        return Dataset.from_arrays(self.X[idx], self.y[idx], self.feature_names)

    def test_dataset(self) -> Dataset:
        idx = self.test_index()
        return Dataset.from_arrays(self.X[idx], self.y[idx], self.feature_names)

    def all_dataset(self) -> Dataset:
        return Dataset.from_arrays(self.X, self.y, self.feature_names)


_ARRAYS = ("X", "y", "test")


_ALL = frozenset(_ARRAYS)


class _Holder:
    a: np.ndarray


def _refs(owner: object, name: str) -> int:
    return sys.getrefcount(getattr(owner, name))


def _baseline_refs() -> int:
    """References an array held by one attribute only counts, measured through the same call
    as :func:`_read_elsewhere` (so an interpreter's off-by-ones cancel out)."""
    h = _Holder()
    h.a = np.zeros(1)
    return _refs(h, "a")


_BASELINE_REFS = _baseline_refs()


def _read_elsewhere(owner: object, name: str) -> bool:
    """Whether anything but ``owner`` may read the array ``owner.<name>``.

    Why a reference count is a safe test: every reader of an array's memory — a snapshot
    PointSet, a SessionSnapshot, a Dataset, a slice (its ``base``), a numba call's argument,
    a memoryview — holds a reference to it, and a reader on another thread can only have got
    one through a snapshot that still holds it. So a count at the baseline means no one else
    can see the edit; any stray reference (even a harmless local one) only costs a copy. A view of another array, or an
    interpreter without the GIL (where counts are deferred), is always treated as shared, and so is
    a read-only array (a :class:`Dataset`'s, shared by :meth:`PointSet.from_dataset`)."""
    a = getattr(owner, name)
    if a.base is not None or not a.flags.writeable or not getattr(sys, "_is_gil_enabled", lambda: True)():
        return True  # a read-only array (a Dataset's) is copied before any edit, whoever holds it
    del a
    return _refs(owner, name) > _BASELINE_REFS


# Up to this many rows are deleted by copying the runs between them (memcpy); beyond, a mask.
_SEGMENT_DELETE_MAX = 1_000


def without_rows(a: np.ndarray, idx: np.ndarray) -> np.ndarray:
    """``a`` without the rows ``idx`` (sorted, unique, in range), as a new array.

    A boolean mask (``a[keep]``) took 35–55 ms for one row of 10⁶ 2-D points, on the window's
    thread at every Delete; copying the runs of rows between the deleted ones takes ~1 ms."""
    if idx.size > _SEGMENT_DELETE_MAX:
        keep = np.ones(a.shape[0], dtype=bool)
        keep[idx] = False
        return a[keep]
    out = pages.empty((a.shape[0] - idx.size, *a.shape[1:]), a.dtype)
    src = dst = 0
    for i in (*idx.tolist(), a.shape[0]):
        m = i - src
        out[dst:dst + m] = a[src:i]
        dst += m
        src = i + 1
    return out


def with_rows(a: np.ndarray, at: np.ndarray, new: np.ndarray) -> np.ndarray:
    """``a`` with the rows ``new`` placed at the final positions ``at`` (sorted, unique), as a
    new array: the inverse of :func:`without_rows`, by runs of rows as it is."""
    n_new = a.shape[0] + at.size
    out = pages.empty((n_new, *a.shape[1:]), a.dtype)
    if at.size > _SEGMENT_DELETE_MAX:
        keep = np.ones(n_new, dtype=bool)
        keep[at] = False
        out[keep] = a
    else:
        src = dst = 0
        for i in (*at.tolist(), n_new):
            m = i - dst
            out[dst:i] = a[src:src + m]
            src += m
            dst = i + 1
    out[at] = new
    return out
