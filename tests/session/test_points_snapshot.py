"""A run's request and a save read the points without a copy on the window's thread (a
copy of 10⁶ points took 20 ms at every edit); an edit in place copies first, so what a snapshot
holds never changes under it."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core.dataset import Dataset
from perceptron_gui.session.commands import AddPoints, DeletePoints, MovePoints, SetLabels, SetRoles
from perceptron_gui.session.runner import RunRequest
from perceptron_gui.session.session import Session
from perceptron_gui.session.session_file import take_snapshot


def _session() -> tuple[Session, list[RunRequest]]:
    s = Session()
    requests: list[RunRequest] = []
    s.runner.submit = lambda request, *a, **k: requests.append(request)  # keep what a run would read
    X = np.random.default_rng(0).normal(size=(40, 2))
    s.load_dataset(Dataset.from_arrays(X, np.where(np.arange(40) % 2 == 0, 1.0, -1.0)))
    return s, requests


def test_a_run_request_shares_the_points_instead_of_copying_them() -> None:
    s, requests = _session()
    pts = requests[-1].points
    assert pts.X is s.points.X and pts.y is s.points.y and pts.test is s.points.test


@pytest.mark.parametrize("edit", [
    lambda: MovePoints([3], [[9.0, 9.0]]),
    lambda: SetLabels([3], [-1.0]),
    lambda: SetRoles([3], [True]),
    lambda: DeletePoints([3]),
    lambda: AddPoints([[5.0, 5.0]], [1.0]),
])
def test_an_edit_never_changes_what_a_run_or_a_save_already_holds(edit) -> None:
    s, requests = _session()
    request, snap = requests[-1].points, take_snapshot(s)
    kept = request.copy()
    for _ in range(2):  # the second edit: the arrays are no longer shared, edited in place
        s.execute(edit())
    for held in (request, snap):
        np.testing.assert_array_equal(held.X, kept.X)
        np.testing.assert_array_equal(held.y, kept.y)
        np.testing.assert_array_equal(held.test, kept.test)
    assert requests[-1].points.n == s.points.n
    np.testing.assert_array_equal(requests[-1].points.X, s.points.X)  # the newest run reads the edit


def test_a_drag_copies_x_once_while_a_run_still_reads_the_points() -> None:
    # Each array is followed on its own: the first move copies X (the running run reads it), the
    # later ones edit that copy in place though the run still reads y and test and a view on this
    # thread holds X (the table does), where every move copied X (80 MB at 12,665 × 784).
    from perceptron_gui.session.points import PointSet

    X = np.random.default_rng(1).normal(size=(40, 5))
    pts = PointSet.from_dataset(Dataset.from_arrays(X, np.where(np.arange(40) % 2 == 0, 1.0, -1.0)))
    run = pts.snapshot()  # a run under way holds all three arrays
    drag = object()
    MovePoints([3], [[9.0] * 5], drag).apply(pts)
    first = pts.X
    assert first is not run.X and run.X[3, 0] == X[3, 0]  # copied: the run's points never change
    table = pts.X  # noqa: F841  (a reader on this thread, as the table model is)
    for k in range(3):
        MovePoints([3], [[float(k)] * 5], drag).apply(pts)
        assert pts.X is first and pts.X[3, 0] == k  # in place
    np.testing.assert_array_equal(run.X, X)
    assert run.y is pts.y and run.test is pts.test  # never edited: still shared, never copied
    pts.snapshot()  # a new run: the next move copies again
    MovePoints([3], [[7.0] * 5], drag).apply(pts)
    assert pts.X is not first and first[3, 0] == 2.0
