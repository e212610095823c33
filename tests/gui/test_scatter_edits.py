"""Adding or deleting points patches the scatter's records instead of rebuilding them all."""
from __future__ import annotations

import numpy as np

from perceptron_gui.gui.canvas.overlay import point_style
from perceptron_gui.session.commands import AddPoints, DeletePoints


def _drawn(canvas) -> tuple[np.ndarray, np.ndarray]:
    item = canvas.points_item
    return np.column_stack(item.getData()), item.styles()


def _expected(canvas) -> tuple[np.ndarray, np.ndarray]:
    pts = canvas.session.points
    return canvas.projection.points(pts.X), point_style(pts.y, pts.test, pts.n)


def test_delete_and_undo_and_add_patch_the_records(make_main_window, monkeypatch) -> None:
    win = make_main_window("random_noisy", "offset")
    s, c = win.session, win.canvas
    rebuilt: list[bool] = []
    real = c._rebuild
    monkeypatch.setattr(c, "_rebuild", lambda fit=False: rebuilt.append(fit) or real(fit))
    for edit in (lambda: s.execute(DeletePoints(np.array([3, 17, 40]))), s.undo, s.redo,
                 lambda: s.execute(AddPoints([[0.3, -0.2], [0.9, 0.9]], [1.0, -1.0])), s.undo):
        edit()
        P, st = _drawn(c)
        Pe, ste = _expected(c)
        np.testing.assert_array_equal(P, Pe)
        np.testing.assert_array_equal(st, ste)
        assert c.view_points.shape == (s.points.n, 2)
    assert rebuilt == []  # none of them rebuilt the scatter


def test_a_count_that_changes_the_marks_size_rebuilds(make_main_window, monkeypatch) -> None:
    from perceptron_gui.gui.canvas import overlay as canvas_overlay

    win = make_main_window("random_noisy", "offset")
    s, c = win.session, win.canvas
    n = s.points.n
    sizes = [(n - 1, 10.0), (None, 5.0)]  # marks shrink past n − 1 points: a delete crosses back
    monkeypatch.setattr(canvas_overlay, "POINT_SIZES", sizes)
    s.execute(DeletePoints(np.array([0])))
    np.testing.assert_array_equal(_drawn(c)[1], _expected(c)[1])
