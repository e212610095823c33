"""The labelled data set every algorithm trains on.

A :class:`Dataset` is immutable: X of shape (n, d) float64 and labels y in {-1, +1}.
Building one validates the input and turns every fault a user can cause into a
:class:`DatasetError` whose message is one sentence saying what is wrong and what to do.
Conditions that are valid but worth knowing (a single class, the same point with both
labels, 0/1 labels mapped to -1/+1) become ``notices``; the search for a point with both
labels runs when they are first read, so what never shows them (an estimator's fit, the
window's runs) never pays for it.
"""
from __future__ import annotations

import math
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import numpy as np

from ..i18n import N_, _
from .errors import UserError
from .same_points import first_conflict
from .savable_text import text_problem

__all__ = ["Dataset", "DatasetError", "RowError", "split_mask", "train_test_split"]

# Finite but so large that w·x overflows float64 after a handful of updates.
MAX_ABS_VALUE = 1e150


class DatasetError(UserError):
    """A user-caused problem with data; ``str(err)`` is a sentence fit for a message box."""


class RowError(DatasetError):
    """A :class:`DatasetError` about one row of the points ("Row 3, column 1 is …") or one label
    ("Label 3 is …"): a reader of a file says the line instead (``csv_text``), in any language,
    by filling the sentence's ``{where}`` again (:meth:`sentence`)."""

    kind: str = "row"  # "row" or "label"
    row: int = 0  # 1-based
    template: str = "{where}"  # English, marked with N_(); translated when filled
    fields: dict[str, Any] = {}  # noqa: RUF012 - replaced per error, never changed in place

    @classmethod
    def make(cls, kind: str, row: int, template: str, **fields: Any) -> RowError:
        self = cls.__new__(cls)
        self.kind, self.row, self.template, self.fields = kind, row, template, fields
        self.args = (self.sentence(None),)
        return self

    def sentence(self, where: str | None) -> str:
        """The sentence with ``where`` ("Line 4 of data.csv") in place of "Row 3" / "Label 3"."""
        if where is None:
            where = (_("Row {row}") if self.kind == "row" else _("Label {row}")).format(row=self.row)
        return _(self.template).format(where=where, **self.fields)


@dataclass(frozen=True)
class Dataset:
    """Labelled points for the perceptron.

    Parameters
    ----------
    X : ndarray of shape (n, d), float64
        The points; n may be 0, d is at least 1.
    y : ndarray of shape (n,), float64
        The labels, each -1.0 or +1.0.
    feature_names : tuple of str
        One name per column of X (``x1``, ``x2``, ... by default).
    known_notices : tuple of str
        The notices found while building (empty, one class, 0/1 labels); :attr:`notices`
        adds the one about a point with both labels.
    named : bool
        True when the names were given (a file's header, a data frame's columns), False when
        they are the made-up ``x1``, ``x2``, …: a header ``x1,x2`` names its columns, a file
        without one only counts them, and a test file is checked against the data accordingly.
    """

    X: np.ndarray
    y: np.ndarray
    feature_names: tuple[str, ...] = ()
    known_notices: tuple[str, ...] = field(default=(), compare=False, repr=False)
    named: bool = field(default=False, compare=False)

    @property
    def notices(self) -> tuple[str, ...]:
        """Sentences about valid but noteworthy data (one class only, conflicting labels, ...).

        The search for a point with both labels (O(n·d)) runs at the first read, once per data
        set; a reader on a worker thread (reading a file) reads them there, so the window's
        thread finds them done. Two threads reading at once may both search: same answer."""
        done = self.__dict__.get("_notices")
        if done is None:
            done = self.known_notices + tuple(_conflict_notice(self.X, self.y))
            object.__setattr__(self, "_notices", done)
        return cast(tuple[str, ...], done)

    @property
    def n(self) -> int:
        return int(self.X.shape[0])

    @property
    def d(self) -> int:
        return int(self.X.shape[1])

    def __len__(self) -> int:
        return self.n

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Dataset):
            return NotImplemented
        return (
            self.X.shape == other.X.shape
            and bool(np.array_equal(self.X, other.X))
            and bool(np.array_equal(self.y, other.y))
            and self.feature_names == other.feature_names
        )

    __hash__ = None  # type: ignore[assignment]  # arrays are mutable underneath

    @classmethod
    def from_arrays(
        cls,
        X: object,
        y: object,
        feature_names: Sequence[str] | None = None,
        *,
        take: bool = False,
    ) -> Dataset:
        """Validate and build a data set from array-likes.

        ``take=True``: X is a float64 array the caller made for this data set and gives away
        (a reader's fresh table, no other reference): it is kept as it is, made read-only,
        instead of copied (a copy of 12,665 × 784 numbers is 79 MB more at the reader's peak).

        Raises
        ------
        DatasetError
            With one sentence naming the fault (ragged rows, non-numeric or non-finite
            values, labels other than +-1 or 0/1, mismatched lengths, a name no file can hold).
        """
        notices: list[str] = []
        Xa = _as_matrix(X, take=take)
        ya = _as_labels(y, notices)
        if Xa.shape[0] != ya.shape[0]:
            raise DatasetError(
                _("There are {n} points but {m} labels; give every point exactly one label.").format(
                    n=Xa.shape[0], m=ya.shape[0])
            )
        d = Xa.shape[1]
        names = tuple(feature_names) if feature_names else tuple(f"x{j + 1}" for j in range(d))
        if len(names) != d:
            raise DatasetError(_("{n} feature names were given for {d} features; give one name per column.").format(
                n=len(names), d=d))
        if feature_names:  # the generated x1, x2, … are names every file holds
            _check_names(names)
        notices.extend(_notices_for(Xa, ya))
        Xa.setflags(write=False)
        ya.setflags(write=False)
        return cls(Xa, ya, names, tuple(notices), named=bool(feature_names))

    @classmethod
    def empty(cls, d: int = 2) -> Dataset:
        """A data set with no points and ``d`` features."""
        return cls.from_arrays(np.zeros((0, d)), np.zeros(0))

    def with_labels(self, y: object) -> Dataset:
        """The same points (the same read-only array, not a copy) with other labels: one of the
        two-class problems a multi-class fit trains, one class against the rest."""
        notices: list[str] = []
        ya = _as_labels(y, notices)
        if ya.shape[0] != self.n:
            raise DatasetError(_("There are {n} points but {m} labels; give every point exactly one label.").format(
                n=self.n, m=ya.shape[0]))
        ya.setflags(write=False)
        return Dataset(self.X, ya, self.feature_names, tuple(notices), named=self.named)

    def subset(self, index: Iterable[int] | np.ndarray) -> Dataset:
        """The points at ``index`` (any integer array or boolean mask), in that order."""
        idx = np.asarray(index)
        if idx.size == 0:
            idx = idx.astype(np.int64)  # np.asarray([]) is float, which numpy refuses as an index
        return Dataset.from_arrays(self.X[idx], self.y[idx], self.feature_names if self.named else None)

    @property
    def classes_present(self) -> tuple[int, ...]:
        return tuple(int(c) for c in np.unique(self.y))


def train_test_split(data: Dataset, test_fraction: float, seed: int = 0) -> tuple[Dataset, Dataset]:
    """Split at random (seeded, reproducible) into a training and a test set.

    The test set gets ``round(test_fraction * n)`` points; both keep file order.
    """
    mask = split_mask(data.n, test_fraction, seed)
    return data.subset(~mask), data.subset(mask)


def split_mask(n: int, test_fraction: float, seed: int = 0) -> np.ndarray:
    """The test rows of :func:`train_test_split` as a boolean mask of length ``n``: the first
    ``round(test_fraction * n)`` indices of a permutation seeded by ``seed``."""
    if not 0.0 <= test_fraction < 1.0:
        raise DatasetError(_("The test fraction must be at least 0 and below 1, not {value}.").format(
            value=test_fraction))
    perm = np.random.default_rng(seed).permutation(n)
    mask = np.zeros(n, dtype=bool)
    mask[perm[:int(round(test_fraction * n))]] = True
    return mask


def _as_matrix(X: object, take: bool = False) -> np.ndarray:
    fresh = not isinstance(X, np.ndarray) or X.dtype.kind not in "biuf"  # built here from rows: ours
    if not fresh:
        arr = cast(np.ndarray, X)
    else:
        rows = list(cast(Iterable[Any], X)) if not isinstance(X, np.ndarray) else list(X.tolist())
        if rows and all(_is_sequence(r) for r in rows):
            lengths = {len(r) for r in rows}
            if len(lengths) > 1:
                first = len(rows[0])
                bad = next(i for i, r in enumerate(rows) if len(r) != first)
                raise RowError.make(
                    "row", bad + 1, N_("{where} has {n} values but row 1 has {first}; "
                                       "every point needs the same number of coordinates."),
                    n=len(rows[bad]), first=first)
        try:
            arr = np.array(rows, dtype=object)
        except ValueError:
            raise DatasetError(_("The rows have different lengths; every point needs the same number of coordinates.")) from None
        arr = _object_to_float(arr)
    if arr.ndim == 1:
        arr = arr.reshape(-1, 1)
    if arr.ndim != 2:
        raise DatasetError(_("The points must form a table: one row per point, one column per feature."))
    if arr.shape[1] < 1:
        raise DatasetError(_("The points have no coordinates; give at least one feature column."))
    given = fresh or (take and arr.dtype == np.float64 and arr.flags.c_contiguous and arr.flags.writeable)
    if not given and arr.dtype != np.float64:  # the conversion to float64 is the copy
        arr, given = np.array(arr, dtype=np.float64), True
    checked = _checked(arr, copy=not given)
    if checked is not None:
        return checked
    _check_values(arr)  # before the copy: a bad table is refused without one
    return arr if given else np.array(arr, dtype=np.float64, copy=True)


# From this many numbers a C-contiguous table is checked (and copied) by one compiled pass.
_COMPILED_FROM = 1 << 16


def _checked(arr: np.ndarray, copy: bool) -> np.ndarray | None:
    """``arr`` (or its copy) when one compiled pass finds every value within the rule of
    :func:`_check_values`; None when the pass does not apply (a small or strided table, or numba
    not loaded yet: a data set made before any fit does not load the compiler) or a value
    breaks the rule (:func:`_check_values` then names it). The pass reads each number once where
    numpy's min, max and copy read it three times: 1.0 → 0.6 ms for 20,000 × 50 numbers."""
    if arr.size < _COMPILED_FROM or not arr.flags.c_contiguous or "numba" not in sys.modules:
        return None
    from . import _value_kernels as _VK  # numba's: imported here, when it is loaded already

    if copy:
        out = np.empty_like(arr)
        ok = _VK.copy_ordinary(arr.reshape(-1), out.reshape(-1), MAX_ABS_VALUE)
    else:
        out = arr
        ok = _VK.all_ordinary(arr.reshape(-1), MAX_ABS_VALUE)
    return out if ok else None


def _check_values(arr: np.ndarray) -> None:
    """The rule of a data set's values, checked here alone: each is a finite number at most
    ``MAX_ABS_VALUE`` in size; the first that is not is a :class:`RowError` naming it."""
    # min and max find a NaN, an infinity or a too-large value in two passes without a
    # temporary array (the checks below made two of n×d, 30 ms at 10⁶ rows); only a bad table
    # pays for finding where.
    lo, hi = (float(arr.min()), float(arr.max())) if arr.size else (0.0, 0.0)
    if math.isfinite(lo) and math.isfinite(hi) and max(-lo, hi) <= MAX_ABS_VALUE:
        return
    bad = ~np.isfinite(arr)
    if bad.any():
        i, j = map(int, np.argwhere(bad)[0])
        raise RowError.make(
            "row", i + 1, N_("{where}, column {column} is {value}, not a finite number; replace it with an ordinary number."),
            column=j + 1, value=repr(float(arr[i, j])))
    big = np.abs(arr) > MAX_ABS_VALUE
    i, j = map(int, np.argwhere(big)[0])
    raise RowError.make(
        "row", i + 1, N_("{where}, column {column} is {value:.3g}, too large to train on (the limit is ±1e150); "
                         "rescale the data."),
        column=j + 1, value=arr[i, j])


def _check_names(names: tuple[str, ...]) -> None:
    """Every name a text a file can hold: a header, a data frame's columns or a session's names
    are saved again, and one that cannot be makes data that open but never save."""
    for j, name in enumerate(names):
        problem = text_problem(name, _("The name of column {j}").format(j=j + 1)) if isinstance(name, str) else None
        if problem is not None:
            raise DatasetError(_("{problem}; rename that column, then read the data again.").format(problem=problem))


def _is_sequence(r: object) -> bool:
    return isinstance(r, (list, tuple, np.ndarray))


def _object_to_float(arr: np.ndarray) -> np.ndarray:
    out = np.empty(arr.shape, dtype=np.float64)
    for idx, v in np.ndenumerate(arr):
        if isinstance(v, (bool, np.bool_)):
            raise DatasetError(_("The value {value} at {where} is not a number; use numbers for coordinates.").format(
                value=repr(v), where=_where(idx)))
        try:
            out[idx] = float(v)
        except OverflowError:
            # an integer beyond float64 (10**400): reported with the non-finite values
            out[idx] = np.inf if v > 0 else -np.inf
        except (TypeError, ValueError):
            raise DatasetError(_("The value {value} at {where} is not a number; use numbers for coordinates.").format(
                value=repr(v), where=_where(idx))) from None
    return out


def _where(idx: tuple[int, ...]) -> str:
    if len(idx) == 2:
        return _("row {row}, column {column}").format(row=idx[0] + 1, column=idx[1] + 1)
    return _("position {i}").format(i=idx[0] + 1)


def _as_labels(y: object, notices: list[str]) -> np.ndarray:
    raw = np.asarray(y, dtype=object).reshape(-1) if not isinstance(y, np.ndarray) else y.reshape(-1)
    try:
        ya = np.array(raw, dtype=np.float64)
    except (TypeError, ValueError, OverflowError):
        for i, v in enumerate(raw.tolist()):
            try:
                float(v)
            except (TypeError, ValueError):
                raise RowError.make("label", i + 1, N_("{where} is {value}; labels must be -1 or +1 (or 0 and 1)."),
                                    value=repr(v)) from None
            except OverflowError:
                raise RowError.make("label", i + 1,
                                    N_("{where} is far too large; labels must be -1 or +1 (or 0 and 1).")) from None
        raise DatasetError(_("The labels must be numbers: -1 or +1 (or 0 and 1).")) from None
    if ya.size == 0:
        return ya
    if not np.all(np.isfinite(ya)):
        i = int(np.argmax(~np.isfinite(ya)))
        raise RowError.make("label", i + 1, N_("{where} is {value}; labels must be -1 or +1 (or 0 and 1)."),
                            value=repr(float(ya[i])))
    # Vectorised comparisons, not np.unique (a sort of n labels, 20 ms at 10⁶ rows).
    plus = ya == 1.0
    if np.all(plus | (ya == -1.0)):
        return ya
    if np.all(plus | (ya == 0.0)):
        notices.append(_("Labels 0/1 were read as -1/+1 (0 → -1)."))
        return np.where(ya == 0.0, -1.0, 1.0)
    bad = next(v for v in ya.tolist() if v not in (-1.0, 1.0))
    i = int(np.argmax(ya == bad))
    raise RowError.make(
        "label", i + 1, N_("{where} is {value:g}; labels must be -1 or +1 (or 0 and 1), so change it to one of those."),
        value=bad)


def _notices_for(X: np.ndarray, y: np.ndarray) -> list[str]:
    notes: list[str] = []
    n = X.shape[0]
    if n == 0:
        notes.append(_("The data set is empty: add points to train."))
        return notes
    if np.all(y == y[0]):
        name = "+1" if y[0] > 0 else "-1"
        notes.append(_("All points are of class {name}: add a point of the other class to see a real separator.").format(
            name=name))
    return notes


def _conflict_notice(X: np.ndarray, y: np.ndarray) -> list[str]:
    # Same coordinates with both labels: no hyperplane can separate them.
    i = first_conflict(X, y) if X.ndim == 2 and y.size == X.shape[0] else None
    if i is None:
        return []
    return [_("Point {i} appears with both labels, so the data cannot be separated by any hyperplane.").format(i=i + 1)]
