"""The update's labels on the canvas keep clear of one another, by the rule the TikZ export
places its labels by (render/label_place.py): w_k and w_{k+1} with tips a few pixels apart,
and the three labels of a passive-aggressive step at one spot, were drawn on top of each other."""
from __future__ import annotations

import itertools

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6 import QtCore

from perceptron_gui.gui.canvas.update import VectorItem, anchored_box, placed_box
from perceptron_gui.render.label_place import Obstacles
from perceptron_gui.render.update_picture import VECTOR_ROLES, Vector

RECT = (-2.0, -2.0, 2.0, 2.0)


def vector(role: str, tail, tip, label: str, at=None, anchor: str = "south west") -> Vector:
    ends = np.array([tail, tip], dtype=np.float64)
    return Vector(role, ends, True, label, label, np.asarray(tip if at is None else at, dtype=np.float64), anchor)


def overlapping(boxes: list[QtCore.QRectF]) -> list[tuple[int, int]]:
    return [(i, j) for (i, a), (j, b) in itertools.combinations(enumerate(boxes), 2) if a.intersects(b)]


@pytest.fixture
def plot(qtbot):
    w = pg.PlotWidget()
    qtbot.addWidget(w)
    w.resize(640, 480)
    w.setXRange(RECT[0], RECT[2], padding=0)
    w.setYRange(RECT[1], RECT[3], padding=0)
    w.show()
    qtbot.waitExposed(w)
    return w


def paint(plot, vectors: list[Vector]) -> VectorItem:
    item = VectorItem({role: pg.mkPen("#1f77b4", width=2) for role in VECTOR_ROLES})
    plot.getPlotItem().getViewBox().addItem(item, ignoreBounds=True)
    item.set_vectors(vectors, RECT)
    plot.grab()  # paints every item once
    return item


def test_two_weight_labels_with_nearly_the_same_tip_are_drawn_apart(plot):
    item = paint(plot, [vector("update_before", (0, 0), (1.0, 0.5), "w₁₀ = (1, 0.5)"),
                        vector("update_after", (0, 0), (1.02, 0.52), "w₁₁ = (1.02, 0.52)")])
    assert len(item.label_boxes) == 2
    assert overlapping(item.label_boxes) == []


def test_three_labels_at_one_spot_are_drawn_apart_and_inside_the_view(plot):
    spot = (0.5, 0.5)
    item = paint(plot, [vector("update_before", (0, 0), spot, "w₃ = (0.5, 0.5)"),
                        vector("update_step", (0.5, 0.5), (0.5, 0.5001), "τy·x, τ = 0.001", at=spot),
                        vector("update_after", (0, 0), (0.5, 0.5001), "w₄ = (0.5, 0.5001)")])
    assert len(item.label_boxes) == 3
    assert overlapping(item.label_boxes) == []
    view = QtCore.QRectF(plot.getPlotItem().getViewBox().sceneBoundingRect())
    for box in item.label_boxes:
        assert view.contains(box.center())


def test_a_free_label_keeps_the_painters_side():
    obs = Obstacles(frame=(0.0, -480.0, 640.0, 0.0))
    at, size = QtCore.QPointF(300, 200), QtCore.QSizeF(60, 16)
    assert placed_box(obs, at, size, "south west") == anchored_box(at, size, "south west")
    second = placed_box(obs, at, size, "south west")  # the same spot again: another side
    assert not second.intersects(anchored_box(at, size, "south west"))


def test_a_label_at_the_views_edge_turns_inward():
    obs = Obstacles(frame=(0.0, -480.0, 640.0, 0.0))
    box = placed_box(obs, QtCore.QPointF(630, 10), QtCore.QSizeF(80, 16), "south west")
    assert QtCore.QRectF(0, 0, 640, 480).contains(box)
