"""A second file of points as the test set (File → Open test set…): one undoable step.

The points are appended with the test role, so the run's per-epoch table gains its test error
column; undo takes them out again. The file must have the data's columns
(:func:`~perceptron_gui.core.matching_columns.problem_with_test_set`, the rule the command
line applies too).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import numpy as np

from ..core.dataset import Dataset, DatasetError
from ..core.matching_columns import problem_with_test_set
from ..i18n import N_
from .commands import AddPoints
from .session import Session

__all__ = ["AddTestSet", "add_test_set", "problem_with_test_set"]


@dataclass
class AddTestSet(AddPoints):
    """:class:`AddPoints` as test points, named for the Edit menu's undo entry."""

    text: ClassVar[str] = N_("Open test set")


def add_test_set(session: Session, data: Dataset, source: str | None = None) -> bool:
    """Append ``data`` (read from the file named ``source``) as test points (one undo step). A
    mismatch raises :class:`DatasetError` with one sentence and changes nothing."""
    pts = session.points
    problem = problem_with_test_set(data, pts.d, pts.n, tuple(pts.feature_names), source)
    if problem is not None:
        raise DatasetError(problem)
    ok = session.execute(AddTestSet(np.asarray(data.X), np.asarray(data.y), np.ones(data.n, dtype=bool)))
    if ok:
        for note in data.notices:  # e.g. labels 0/1 read as −1/+1
            session.message.emit("info", note)
    return ok
