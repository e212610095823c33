"""Canvas.set_look: another theme or size redraws the same points and frame in the new look."""
from __future__ import annotations

import numpy as np
from PySide6 import QtGui

from perceptron_gui.gui.canvas.overlay import SCREEN_LOOK, OverlayLook
from perceptron_gui.render import theme


def test_set_look_redraws_the_same_frame_in_the_new_colours_and_sizes(make_main_window):
    win = make_main_window("notes003_margin", "offset")
    canvas = win.canvas
    before = canvas.overlay.picture
    n_items = len(canvas.view_box.childGroup.childItems())
    canvas.set_look(OverlayLook(theme=theme.DARK, line_factor=2.0, point_size_factor=1.5))
    pen = canvas.overlay.hyperplane.opts["pen"]
    assert QtGui.QColor(pen.color()).name().upper() == theme.DARK.colour(theme.HYPERPLANE)
    assert pen.widthF() == 2.0 * theme.stroke("hyperplane").width
    assert canvas.points_item.data["size"].max() == 1.5 * 15
    # The old items left the plot: no ghost copies of the lines under the new ones.
    assert len(canvas.view_box.childGroup.childItems()) == n_items
    assert canvas.overlay.picture is not None
    assert [it.role for it in canvas.overlay.picture] == [it.role for it in before]
    canvas.set_look(SCREEN_LOOK)
    assert np.array_equal(canvas.points_item.data["x"], canvas.view_points[:, 0])


def test_the_regions_are_filled_without_antialiasing(qapp) -> None:
    # A quarter of a step's repaint at 10⁶ points went into antialiased region fills; the
    # edge they share is the hyperplane, drawn on top. A slanted fill shows two colours only.
    from perceptron_gui.gui.canvas.items import PolygonItem

    item = PolygonItem({"positive_region": QtGui.QBrush(QtGui.QColor(0, 90, 200))})
    item.set_polygons([("positive_region", np.array([[0.0, 0.0], [64.0, 0.0], [0.0, 37.0]]))], (0.0, 0.0, 64.0, 64.0))
    img = QtGui.QImage(64, 64, QtGui.QImage.Format.Format_ARGB32)
    img.fill(QtGui.QColor("white"))
    p = QtGui.QPainter(img)
    p.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing, True)  # as the canvas paints
    item.paint(p)
    assert p.testRenderHint(QtGui.QPainter.RenderHint.Antialiasing)  # set back for the next item
    p.end()
    colours = {img.pixel(x, y) for x in range(64) for y in range(64)}
    assert colours == {QtGui.QColor("white").rgba(), QtGui.QColor(0, 90, 200).rgba()}
