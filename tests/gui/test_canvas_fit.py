"""Fit view (F) brings the hyperplane and its normal arrow into view, not only the points, so the
canvas's "press F to fit" is true; new data is fitted once its own run has arrived."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6 import QtWidgets

from perceptron_gui.core.dataset import Dataset
from perceptron_gui.gui.canvas.canvas import Canvas
from perceptron_gui.render.geometry import view_fit
from perceptron_gui.session.session import Session


def _canvas(qtbot, session: Session) -> Canvas:
    canvas = Canvas(session)
    qtbot.addWidget(canvas)
    canvas.resize(800, 600)
    canvas.show()
    qtbot.waitExposed(canvas)
    QtWidgets.QApplication.processEvents()
    return canvas


def _inside(rect, x, y=None) -> bool:
    (x0, x1), (y0, y1) = rect
    return x0 <= x <= x1 and (y is None or y0 <= y <= y1)


def test_fit_shows_the_1d_standard_hyperplane_at_zero(qtbot):
    """The notes-003 1-D example under Standard: the separator is x = 0, left of all points."""
    s = Session()
    s.set_algorithm("standard")
    s.load_preset("offset_1d")
    canvas = _canvas(qtbot, s)
    canvas.view_box.setRange(xRange=(0.5, 4.5), yRange=(-1, 1), padding=0.0)  # points only
    QtWidgets.QApplication.processEvents()
    assert canvas.overlay.hyperplane.segment is None
    assert "press F" in canvas.overlay.note.textItem.toPlainText()
    canvas.fit_view()
    QtWidgets.QApplication.processEvents()
    assert _inside(canvas.view_box.viewRange(), 0.0)
    assert canvas.overlay.hyperplane.segment is not None
    assert not canvas.overlay.note.isVisible() or "outside" not in canvas.overlay.note.textItem.toPlainText()
    # Every point stays in view too.
    for x in (1.0, 2.0, 3.0, 4.0):
        assert _inside(canvas.view_box.viewRange(), x)


def test_fit_takes_in_a_far_hyperplane_and_the_points(qtbot):
    X = np.array([[10.0, 10.0], [11.0, 11.0], [10.0, 11.0], [11.0, 10.0]])
    s = Session()
    s.set_algorithm("standard")  # through the origin: far from these points
    s.load_dataset(Dataset.from_arrays(X, np.array([1.0, 1.0, -1.0, 1.0])), "far")
    canvas = _canvas(qtbot, s)
    s.to_end()
    canvas.fit_view()
    QtWidgets.QApplication.processEvents()
    assert canvas.frame.has_hyperplane
    assert canvas.overlay.hyperplane.segment is not None
    rect = canvas.view_box.viewRange()
    assert all(_inside(rect, x, y) for x, y in X)


def test_new_data_is_fitted_with_its_own_hyperplane_not_the_old_one(qtbot):
    s = Session()
    s.load_preset("random_separable")
    canvas = _canvas(qtbot, s)
    s.set_algorithm("standard")
    s.load_preset("offset_1d")  # 1-D: the line x = 0 is outside the points' range [1, 4]
    QtWidgets.QApplication.processEvents()
    assert _inside(canvas.view_box.viewRange(), 0.0)
    assert canvas.overlay.hyperplane.segment is not None


def test_a_view_moved_before_the_run_arrives_is_kept(qtbot):
    """A background run arrives after the user (or a restored session view) set the range."""
    from perceptron_gui.gui.kit import ui_thread

    ui_thread.install()
    s = Session(post=ui_thread.post, background_work=0.0)  # every run on the worker thread
    canvas = _canvas(qtbot, s)
    s.set_algorithm("standard")
    s.load_preset("offset_1d")
    canvas.view_box.setRange(xRange=(2.0, 3.0), yRange=(-1, 1), padding=0.0)
    QtWidgets.QApplication.processEvents()
    qtbot.waitUntil(lambda: s.result is not None and not s.busy, timeout=10_000)
    QtWidgets.QApplication.processEvents()
    (x0, x1), _ = canvas.view_box.viewRange()
    assert x0 == pytest.approx(2.0, abs=1e-9) and x1 == pytest.approx(3.0, abs=1e-9)


def test_view_fit_without_a_line_is_the_points_box():
    P = np.array([[0.0, 0.0], [1.0, 1.0]])
    assert view_fit(P, "plane") == view_fit(P, "plane", line=None)
    assert view_fit(P, "plane", line=(np.zeros(2), 1.0)) == view_fit(P, "plane")  # w = 0: no line
    x0, y0, x1, y1 = view_fit(P, "plane", line=(np.array([1.0, 0.0]), 5.0))  # the line x = −5
    assert x0 < -5.0 < x1 and y0 <= 0.0 and y1 >= 1.0
