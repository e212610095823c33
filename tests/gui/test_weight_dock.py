"""The weight image dock: shown for square d, following the playhead, exportable as PNG."""
from __future__ import annotations

import numpy as np
from PySide6 import QtGui

from perceptron_gui.gui.panels.weight_dock import DOCK_TITLE
from perceptron_gui.render.weight_image import as_grid, bipolar_rgb, symmetric_limit


def test_the_digits_show_w_and_the_visited_example_at_the_playhead(make_main_window, tmp_path):
    win = make_main_window("digits_0_vs_1")
    s = win.session
    s.wait()
    dock, img = win.docks[DOCK_TITLE], win.weight_image
    assert dock.isVisible() and img.side == 8
    s.jump_to_update(3)
    frame = s.frame()
    assert frame is not None and frame.k == 3
    shown = img.w_img.image.transpose(1, 0, 2)  # back to rows × columns
    np.testing.assert_array_equal(shown, bipolar_rgb(as_grid(frame.w, 8), symmetric_limit(frame.w)))
    assert img.limit == float(np.max(np.abs(frame.w)))
    assert "k = 3" in img.w_plot.titleLabel.text
    assert f"row {frame.visit_index + 1}" in img.x_plot.titleLabel.text
    s.jump_to_update(1)
    assert "k = 1" in img.w_plot.titleLabel.text
    np.testing.assert_array_equal(img.w_img.image.transpose(1, 0, 2),
                                  bipolar_rgb(as_grid(s.frame().w, 8), symmetric_limit(s.frame().w)))
    out = tmp_path / "w.png"
    assert img.export_png(out)
    picture = QtGui.QImage(str(out))
    assert not picture.isNull() and picture.width() > 100


def test_the_dock_is_hidden_for_data_that_is_not_an_image(make_main_window):
    win = make_main_window("random_separable")
    assert not win.docks[DOCK_TITLE].isVisible() and win.weight_image.side is None
    assert win.weight_image.w_img.image is None
    win.session.load_preset("digits_0_vs_1")
    win.session.wait()
    assert win.docks[DOCK_TITLE].isVisible()
    win.session.load_preset("and")
    assert not win.docks[DOCK_TITLE].isVisible()


def test_a_frame_already_drawn_is_not_drawn_again(make_main_window, monkeypatch):
    """A step announces the playhead and then its frame: the images are remade once per frame,
    not for each announcement of the same frame."""
    win = make_main_window("digits_0_vs_1")
    s = win.session
    s.wait()
    img = win.weight_image
    s.jump_to_update(2)
    made = []
    real = img.w_img.setImage
    monkeypatch.setattr(img.w_img, "setImage", lambda *a, **k: (made.append(1), real(*a, **k)))
    img.refresh()
    img.refresh()
    s.frame_changed.emit()
    assert made == []  # the frame at k = 2 is drawn already
    s.jump_to_update(3)
    assert len(made) == 1 and "k = 3" in img.w_plot.titleLabel.text
