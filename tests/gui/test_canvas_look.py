"""Canvas.set_look: another theme or size redraws the same points and frame in the new look."""
from __future__ import annotations

import numpy as np
from PySide6 import QtGui

from perceptron_gui.gui.canvas_overlay import SCREEN_LOOK, OverlayLook
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
