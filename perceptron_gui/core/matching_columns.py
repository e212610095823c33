"""Whether a second file of points can be the test set of the data: the one rule, used by the
window (File → Open test set…) and by ``perceptron-gui run --test`` and ``export --test``.

The test file must have the data's number of features and, when it names its columns (a
header), the data's columns in the data's order: a test file with ``x2,x1`` against data
``x1,x2`` holds the same features swapped, and every prediction on it would be wrong. The
data's own names may be the made-up ``x1, x2, …`` of a file without a header (the window's
points do not remember which), so against those a header only has to keep every ``xj`` it
uses in column j.
"""
from __future__ import annotations

from ..i18n import _, ngettext
from .csv_text import clip_text
from .dataset import Dataset

__all__ = ["problem_with_test_set"]


def _made_up(names: tuple[str, ...]) -> bool:
    return names == tuple(f"x{j + 1}" for j in range(len(names)))


def _listed(names: tuple[str, ...]) -> str:
    return clip_text(", ".join(names), 120)


def problem_with_test_set(test: Dataset, data_d: int, data_n: int, data_names: tuple[str, ...],
                          file_name: str | None = None) -> str | None:
    """Why ``test`` (read from ``file_name``) cannot be the test set of data with ``data_n``
    points of ``data_d`` features named ``data_names`` (one sentence), or None."""
    source = _("The test file {name}").format(name=clip_text(file_name, 60)) if file_name else _("The test file")
    if data_n == 0:
        return _("There is no data yet to test against; open or draw a training set first, then its test set.")
    if test.n == 0:
        return _("{source} has no points; add some rows.").format(source=source)
    if test.d != data_d:
        return ngettext("{source} has {n} feature but the data has {d}; open a test file with the same columns.",
                        "{source} has {n} features but the data has {d}; open a test file with the same columns.",
                        test.d).format(source=source, n=test.d, d=data_d)
    names = tuple(test.feature_names)
    if not test.named or names == data_names:
        return None  # no header: its columns are matched by position
    if _made_up(data_names):
        moved = [(j, name) for j, name in enumerate(names) if name in data_names and data_names.index(name) != j]
        if not moved:
            return None
        j, name = moved[0]
        return _("{source} has {name} in column {j}, but {name} is column {k} of the "
                 "data; put the test file's columns in the data's order ({names}).").format(
                     source=source, name=name, j=j + 1, k=data_names.index(name) + 1, names=_listed(data_names))
    return _("{source}'s columns ({names}) are not the data's ({data_names}); "
             "open a test file with the same columns.").format(
                 source=source, names=_listed(names), data_names=_listed(data_names))
