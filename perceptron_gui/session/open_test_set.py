"""A second file of points as the test set (File → Open test set…): one undoable step.

The points are appended with the test role, so the run's per-epoch table gains its test error
column; undo takes them out again. The file must have the data's columns: the same number of
features and, when both name their columns, the same names.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from ..core.dataset import Dataset, DatasetError
from .commands import AddPoints
from .session import Session

__all__ = ["AddTestSet", "add_test_set", "problem_with_test_set"]


@dataclass
class AddTestSet(AddPoints):
    """:class:`AddPoints` as test points, named for the Edit menu's undo entry."""

    text: ClassVar[str] = "Open test set"


def _default_names(names: tuple[str, ...]) -> bool:
    return names == tuple(f"x{j + 1}" for j in range(len(names)))


def problem_with_test_set(data: Dataset, points_d: int, points_n: int, points_names: tuple[str, ...],
                     source: str = "The test file") -> str | None:
    """Why ``data`` cannot be the test set of the current points (one sentence), or None."""
    if points_n == 0:
        return "There is no data yet to test against; open or draw a training set first, then its test set."
    if data.n == 0:
        return f"{source} has no points; add some rows."
    if data.d != points_d:
        return (f"{source} has {data.d} feature{'s' if data.d != 1 else ''} but the data has {points_d}; "
                f"open a test file with the same columns.")
    names = tuple(data.feature_names)
    # A file without a header gets x1, x2, ...: only two real headers can disagree.
    if names != points_names and not _default_names(names) and not _default_names(points_names):
        return (f"{source}'s columns ({', '.join(names)}) are not the data's ({', '.join(points_names)}); "
                f"open a test file with the same columns.")
    return None


def add_test_set(session: Session, data: Dataset, source: str = "The test file") -> bool:
    """Append ``data`` as test points (one undo step). A mismatch raises :class:`DatasetError`
    with one sentence and changes nothing."""
    pts = session.points
    problem = problem_with_test_set(data, pts.d, pts.n, tuple(pts.feature_names), source)
    if problem is not None:
        raise DatasetError(problem)
    ok = session.execute(AddTestSet(np.asarray(data.X), np.asarray(data.y), np.ones(data.n, dtype=bool)))
    if ok:
        for note in data.notices:  # e.g. labels 0/1 read as −1/+1
            session.message.emit("info", note)
    return ok
