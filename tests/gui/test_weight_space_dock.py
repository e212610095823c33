"""The weight-space dock: hidden at first, opened from the View menu, following the playhead,
and the hover link between a constraint line and its point on the canvas."""
from __future__ import annotations

import numpy as np
from PySide6 import QtGui

from perceptron_gui.gui.panels.weight_space_dock import DOCK_TITLE


def open_dock(win):
    dock = win.docks[DOCK_TITLE]
    assert not dock.isVisible()
    view_menu = next(a.menu() for a in win.menuBar().actions() if a.text().replace("&", "") == "View")
    toggle = next(a for a in view_menu.actions() if a.text() == DOCK_TITLE)
    toggle.trigger()
    assert dock.isVisible()
    return win.weight_space.view


def test_the_dock_opens_from_the_view_menu_and_follows_the_playhead(make_main_window, qtbot, tmp_path):
    win = make_main_window("random_separable", "standard")
    s = win.session
    s.wait()
    view = open_dock(win)
    rec = s.result.record
    assert view.picture is not None and view.picture.k == s.k
    s.jump_to_update(2)
    assert view.picture.k == 2
    # The drawn path is the run's weights w_0, w_1, w_2.
    xs, ys = view.path.getData()
    np.testing.assert_array_equal(np.c_[xs, ys], np.array([rec.w_b(j)[0] for j in range(3)]))
    assert "k = 2" in view.plot.toolTip()
    out = tmp_path / "ws.png"
    assert win.weight_space.export_png(out)
    assert QtGui.QImage(str(out)).width() > 100


def test_hovering_a_line_rings_its_point_and_back(make_main_window, qtbot):
    win = make_main_window("and", "offset")
    s = win.session
    s.wait()
    view = open_dock(win)
    link = win.weight_space.link
    c = next(c for c in view.picture.constraints if c.ends is not None)
    mid = c.ends.mean(axis=0)
    assert view.line_near(*mid) == c.index
    view.hovered.emit(view.line_near(*mid))  # what a mouse move over the line sends
    assert link.index == c.index
    xs, ys = link.ring.getData()
    np.testing.assert_array_equal([xs[0], ys[0]], win.canvas.view_points[c.index])
    from PySide6 import QtCore, QtWidgets

    QtWidgets.QApplication.sendEvent(view, QtCore.QEvent(QtCore.QEvent.Type.Leave))  # the mouse goes elsewhere
    assert link.index is None and link.ring.getData()[0].size == 0 and view.highlighted is None
    # From the canvas side: hovering point 1 makes its line bold in the weight space.
    link.set_index(1)
    assert view.highlighted == 1
    line = next(c for c in view.picture.constraints if c.index == 1)
    hx, hy = view.hover_line.getData()
    np.testing.assert_array_equal(np.c_[hx, hy], line.ends)


def test_data_that_are_not_2d_get_a_sentence(make_main_window):
    win = make_main_window("digits_0_vs_1", "standard")
    win.session.wait()
    view = open_dock(win)
    assert view.picture is None and "2 features" in view.message.text()
    assert view.message.isVisible() and not view.plot.isVisible()


def test_step_labels_that_would_cover_one_another_are_left_out():
    from perceptron_gui.render.weight_space import spaced_labels

    labels = [(np.array([0.0, 0.0]), "a"), (np.array([0.01, 0.0]), "b"), (np.array([5.0, 5.0]), "c")]
    kept = spaced_labels(labels, 0.3, 0.2)  # a label is 0.3 × 0.2: a and b are 0.01 apart
    assert [t for _, t in kept] == ["c", "b"]  # the newest first; a is under b
