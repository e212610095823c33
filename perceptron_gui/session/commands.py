"""Edits as small value objects: applying one returns its inverse (Orange's Paint Data design).

Undo is "apply the inverse". Consecutive moves of the same points within one drag merge into
one undo step. Commands validate their values and raise
:class:`~perceptron_gui.core.dataset.DatasetError` with a sentence for bad input, so a typed
"abc" or a NaN never reaches the arrays.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from ..core.dataset import MAX_ABS_VALUE, DatasetError
from ..core.rows import every_row
from ..i18n import N_, _, ngettext
from .points import PointSet

__all__ = ["Command", "AddPoints", "DeletePoints", "MovePoints", "SetLabels", "SetRoles",
           "ReplaceAll", "Change"]


@dataclass(frozen=True)
class Change:
    """What an applied command changed, for views that update only what they must.

    kind: "add", "delete", "move", "label", "role" or "reset"; indices: the rows involved
    (after the change for add/move/label/role, before it for delete).
    """

    kind: str
    indices: np.ndarray


def _coords(values: object, d: int) -> np.ndarray:
    try:
        arr = np.array(values, dtype=np.float64)
    except (TypeError, ValueError):
        raise DatasetError(_("A coordinate must be a number; {value} is not.").format(value=repr(values))) from None
    if arr.ndim == 1:
        arr = arr.reshape(1, -1) if d > 1 or arr.size == 1 else arr.reshape(-1, 1)
    if arr.ndim != 2 or arr.shape[1] != d:
        raise DatasetError(ngettext("Each point needs {d} coordinate.", "Each point needs {d} coordinates.", d).format(d=d))
    if not np.all(np.isfinite(arr)):
        raise DatasetError(_("Coordinates must be finite numbers (not NaN or infinity); type an ordinary number."))
    if np.any(np.abs(arr) > MAX_ABS_VALUE):
        raise DatasetError(_("That coordinate is too large to train on (the limit is ±1e150); use a smaller number."))
    return arr


def _labels(values: object, m: int) -> np.ndarray:
    try:
        arr = np.array(values, dtype=np.float64).reshape(-1)
    except (TypeError, ValueError):  # a typed "x": the sentence below, not a traceback
        raise DatasetError(_("A label must be +1 or −1.")) from None
    if arr.size == 1 and m > 1:
        arr = np.repeat(arr, m)
    if arr.size != m or not np.all(np.isin(arr, (-1.0, 1.0))):
        raise DatasetError(_("A label must be +1 or −1."))
    return arr


def _indices(indices: Sequence[int] | np.ndarray, n: int) -> np.ndarray:
    try:
        raw: np.ndarray | None = np.asarray(indices)
    except (TypeError, ValueError):
        raw = None
    # Only whole numbers pick points: casting would turn 1.5 into 1 and "a" into a traceback.
    if raw is None or (raw.size and raw.dtype.kind not in "iu"):
        raise DatasetError(_("Points are picked by their row number, a whole number; no point was changed."))
    idx = raw.astype(np.int64).reshape(-1)
    if idx.size and (idx.min() < 0 or idx.max() >= n):
        raise DatasetError(_("That point no longer exists; it may have been deleted."))
    return idx


def _roles(values: object, m: int) -> np.ndarray:
    try:
        t = np.asarray(values).reshape(-1)
    except (TypeError, ValueError):
        t = np.asarray(["?"])
    # np.asarray("False", dtype=bool) is True, so strings and other numbers are refused.
    if t.dtype.kind not in "biu" or not np.all((t == 0) | (t == 1)):
        raise DatasetError(_("A point's role must be train or test (False or True)."))
    t = t.astype(bool)
    if t.size == 1 and m != 1:
        t = np.repeat(t, m)
    if t.size != m:
        raise DatasetError(_("Give one role (train or test) per point."))
    return t


class Command:
    """Base class: :meth:`apply` edits ``points`` and returns (inverse, change)."""

    text: ClassVar[str] = N_("Edit")  # shown translated (History.undo_text)
    merge_key: object = None

    def apply(self, points: PointSet) -> tuple[Command, Change]:
        raise NotImplementedError

    def merge(self, later: Command) -> Command | None:
        """Combine this (already applied) command with a later one into one undo step."""
        return None


@dataclass
class AddPoints(Command):
    """Insert points; ``at`` gives their final indices (default: append)."""

    X: np.ndarray
    y: np.ndarray
    test: np.ndarray | None = None
    at: np.ndarray | None = None
    text: ClassVar[str] = N_("Add point")

    def apply(self, points: PointSet) -> tuple[Command, Change]:
        X = _coords(self.X, points.d)
        m = X.shape[0]
        y = _labels(self.y, m)
        test = np.zeros(m, dtype=bool) if self.test is None else _roles(self.test, m)
        n_new = points.n + m
        if self.at is None:
            at = np.arange(points.n, n_new)
        else:
            at = _indices(self.at, n_new)
            if at.size != m or np.unique(at).size != m:
                raise DatasetError(_("Give one distinct position per added point."))
            order = np.argsort(at)
            at, X, y, test = at[order], X[order], y[order], test[order]
        points.insert_rows(at, X, y, test)
        return DeletePoints(at), Change("add", at)


@dataclass
class DeletePoints(Command):
    indices: np.ndarray
    text: ClassVar[str] = N_("Delete points")

    def apply(self, points: PointSet) -> tuple[Command, Change]:
        idx = np.unique(_indices(self.indices, points.n))
        inverse = AddPoints(points.X[idx].copy(), points.y[idx].copy(), points.test[idx].copy(), at=idx)
        points.remove_rows(idx)
        return inverse, Change("delete", idx)


@dataclass
class MovePoints(Command):
    """Set the coordinates of ``indices``; moves sharing a ``drag_id`` merge into one step."""

    indices: np.ndarray
    X: np.ndarray
    drag_id: object = None
    text: ClassVar[str] = N_("Move points")

    def apply(self, points: PointSet) -> tuple[Command, Change]:
        idx = _indices(self.indices, points.n)
        X = _coords(self.X, points.d)
        if X.shape[0] != idx.size:
            raise DatasetError(_("Give one new position per moved point."))
        inverse = MovePoints(idx, points.X[idx].copy(), self.drag_id)
        points.writable("X")
        points.X[idx] = X
        return inverse, Change("move", idx)

    @property
    def merge_key(self) -> object:  # type: ignore[override]
        return None if self.drag_id is None else ("move", self.drag_id, tuple(np.asarray(self.indices).tolist()))

    def merge(self, later: Command) -> Command | None:
        # Self is the inverse of the first move of the drag (old positions): keep it.
        if isinstance(later, MovePoints) and later.merge_key is not None and later.merge_key == self.merge_key:
            return self
        return None


@dataclass
class SetLabels(Command):
    indices: np.ndarray
    y: np.ndarray
    text: ClassVar[str] = N_("Change label")

    def apply(self, points: PointSet) -> tuple[Command, Change]:
        idx = _indices(self.indices, points.n)
        y = _labels(self.y, idx.size)
        inverse = SetLabels(idx, points.y[idx].copy())
        points.writable("y")
        points.y[idx] = y
        return inverse, Change("label", idx)


@dataclass
class SetRoles(Command):
    """Move points to the training (False) or test (True) set."""

    indices: np.ndarray
    test: np.ndarray
    text: ClassVar[str] = N_("Move to train/test")

    def apply(self, points: PointSet) -> tuple[Command, Change]:
        idx = _indices(self.indices, points.n)
        t = _roles(self.test, idx.size)
        inverse = SetRoles(idx, points.test[idx].copy())
        points.writable("test")
        points.test[idx] = t
        return inverse, Change("role", idx)


@dataclass
class ReplaceAll(Command):
    """Replace the whole point set (clear, preset, opened file)."""

    points: PointSet
    label: str = N_("Replace data")
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:  # type: ignore[override]
        return self.label

    def apply(self, points: PointSet) -> tuple[Command, Change]:
        # Nothing is copied (two copies of 10⁶ rows took 80–120 ms of the window's thread at
        # every open): the old arrays move into the inverse, which alone holds them now, and the
        # table shares this command's arrays copy-on-write — its next in-place edit copies the
        # array it edits first (PointSet.writable), so this command's points stay as given.
        old = PointSet(points.X, points.y, points.test, points.feature_names, points.title)
        new = self.points
        points.X, points.y, points.test, points.feature_names = new.X, new.y, new.test, new.feature_names
        points.title = new.title
        points.mark_shared()
        return ReplaceAll(old, self.label), Change("reset", every_row(points.n))
