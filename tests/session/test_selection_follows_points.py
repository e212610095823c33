"""The selection names points, not row numbers: rows inserted above selected points (an undone
delete) move the selection with them, so Delete removes what the user selected."""
from __future__ import annotations

import numpy as np

from perceptron_gui.session.commands import AddPoints, DeletePoints
from perceptron_gui.session.session import Session


def _session() -> Session:
    s = Session()
    s.load_preset("and")  # (0,0), (0,1), (1,0), (1,1)
    s.wait()
    return s


def test_undoing_a_delete_above_the_selection_moves_the_selection_down():
    s = _session()
    s.execute(DeletePoints([0]))
    s.select([1])  # the point (1, 0)
    heard: list[list[int]] = []
    s.selection_changed.connect(lambda: heard.append(s.selection.tolist()))
    s.undo()  # (0, 0) comes back at row 0
    assert s.selection.tolist() == [2]
    np.testing.assert_array_equal(s.points.X[s.selection], [[1.0, 0.0]])
    assert heard == [[2]]
    s.execute(DeletePoints(s.selection.copy()))
    np.testing.assert_array_equal(s.points.X, [[0, 0], [0, 1], [1, 1]])


def test_inserting_among_selected_points_keeps_each_one():
    s = _session()
    s.select([0, 2, 3])
    s.execute(AddPoints(np.array([[5.0, 5.0], [6.0, 6.0]]), np.array([1.0, -1.0]), at=np.array([1, 3])))
    np.testing.assert_array_equal(s.points.X[s.selection], [[0, 0], [1, 0], [1, 1]])


def test_appending_leaves_the_selection_alone():
    s = _session()
    s.select([1, 3])
    heard: list[int] = []
    s.selection_changed.connect(lambda: heard.append(1))
    s.execute(AddPoints(np.array([[2.0, 2.0]]), np.array([1.0])))
    assert s.selection.tolist() == [1, 3] and heard == []
