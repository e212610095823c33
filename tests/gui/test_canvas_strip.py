"""Loading another data set leaves nothing of the previous one on the canvas.

The report: beside the legend a strip kept showing the previous data set's hyperplane, shading
and a margin label after another preset was loaded. Until the new data's run arrived (a worker
thread's run; forever when it failed) the canvas drew the old run's frame over the new points,
and a range change right after the load drew the old picture again (old positions, old margins)
into the new view.
"""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import numpy as np
import pytest
from PySide6 import QtWidgets

from perceptron_gui.core import theory as th
from perceptron_gui.gui.canvas import overlay as overlay_module
from perceptron_gui.gui.canvas.canvas import Canvas
from perceptron_gui.render.picture import Markers, Polygon, Segment
from perceptron_gui.session.session import Session


@pytest.fixture
def canvas(qtbot) -> Canvas:
    session = Session()
    session.load_preset("random_separable")  # A: 40 points in [−1, 1]²
    c = Canvas(session)
    qtbot.addWidget(c)
    c.resize(800, 500)
    c.show()
    qtbot.waitExposed(c)
    c.set_show_point_margins(True)
    QtWidgets.QApplication.processEvents()
    assert c.frame is not None and c.overlay.hyperplane.segment is not None
    return c


def _view(c: Canvas) -> tuple[float, float, float, float]:
    (x0, x1), (y0, y1) = c.view_box.viewRange()
    return x0, y0, x1, y1


def _within(P: np.ndarray, rect, slack: float = 0.011) -> bool:
    x0, y0, x1, y1 = rect
    tx, ty = slack * (x1 - x0), slack * (y1 - y0)
    return bool(np.all((P[:, 0] >= x0 - tx) & (P[:, 0] <= x1 + tx) & (P[:, 1] >= y0 - ty) & (P[:, 1] <= y1 + ty)))


def test_until_the_new_run_arrives_nothing_of_the_old_run_is_drawn(canvas, monkeypatch) -> None:
    c, s = canvas, canvas.session
    old_w = c.frame.w.copy()
    drawn: list[tuple[object, int]] = []  # (frame, rows of P) of every picture described from now on
    describe = overlay_module.describe

    def spy(frame, proj, P, *args, **kwargs):
        drawn.append((frame, np.asarray(P).shape[0]))
        return describe(frame, proj, P, *args, **kwargs)

    monkeypatch.setattr(overlay_module, "describe", spy)
    # The new data's run is late (a worker thread) or never comes (it failed): hold it back.
    monkeypatch.setattr(s, "recompute", lambda *a, **k: None)
    s.load_preset("notes003_margin")  # B: 3 points, x2 up to 3, another range and the same dimension
    c.view_box.setRange(xRange=(-3.0, 4.0), yRange=(-1.0, 5.0), padding=0.0)  # the user zooms out meanwhile
    QtWidgets.QApplication.processEvents()

    assert drawn, "the load drew nothing at all"
    assert all(n == 3 for _f, n in drawn), "a picture of the old 40 positions was drawn after the load"
    assert all(f is None or not np.array_equal(f.w, old_w) for f, _n in drawn), "the old run's frame was drawn"
    ov = c.overlay
    assert c.frame is None
    assert ov.hyperplane.segment is None and all(line.segment is None for line in ov.margin_lines)
    assert ov.regions.polygons() == []
    assert ov.arrow.anchor is None
    assert ov.update_layer.margin_labels.texts() == []
    assert ov.update_layer.previous.segment is None
    pic = ov.picture
    assert pic is not None and {"hyperplane", "positive_region", "negative_region", "point_margins"}.isdisjoint(
        {it.role for it in pic})


def test_after_the_new_run_every_item_holds_the_new_data_set(canvas) -> None:
    c, s = canvas, canvas.session
    old_w = c.frame.w.copy()
    s.load_preset("notes003_margin")
    QtWidgets.QApplication.processEvents()
    rect = _view(c)
    ov = c.overlay
    assert c.frame is not None and not np.array_equal(c.frame.w, old_w)
    polys = ov.regions.polygons()
    assert len(polys) == 2 and all(_within(P, rect) for P in polys)
    assert ov.hyperplane.segment is not None and _within(ov.hyperplane.segment, rect)
    # The items' bounds (what Qt repaints) lie in the new view, padded by 1 % for the pen.
    for item in (ov.regions, ov.hyperplane, *ov.margin_lines):
        r = item.boundingRect()
        corners = np.array([[r.left(), r.top()], [r.right(), r.bottom()]])
        assert _within(corners, rect, slack=0.021)
    # One margin label per new point, and they are the new run's margins.
    pts = s.points
    want = th.signed_margins(pts.X, pts.y, c.frame.w, c.frame.b)
    labels = ov.picture.get("point_margins")
    assert labels is not None and labels.index.size == 3
    np.testing.assert_allclose([float(t.replace("−", "-")) for t in labels.texts], want, rtol=1e-3, atol=1e-3)
    points = ov.picture.get("points")
    assert isinstance(points, Markers) and points.positions.shape == (3, 2)
    assert [it.role for it in ov.picture if isinstance(it, Segment) and it.role == "hyperplane"] == ["hyperplane"]
    assert sum(isinstance(it, Polygon) and it.role.endswith("_region") for it in ov.picture) == 2
