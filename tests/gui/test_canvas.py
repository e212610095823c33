"""The canvas: mouse editing goes through commands; what is drawn matches the session's frame."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import numpy as np
import pytest
from PySide6 import QtCore, QtGui, QtWidgets

from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.presets import random_separable
from perceptron_gui.gui.canvas.canvas import Canvas
from perceptron_gui.gui.canvas.overlay import POINT_STYLES
from perceptron_gui.render.geometry import clip_line
from perceptron_gui.render.projection import make_projection
from perceptron_gui.session.commands import AddPoints
from perceptron_gui.session.session import Session

Qt = QtCore.Qt
RANGE = (-2.0, 2.0)


@pytest.fixture
def make_canvas(qtbot):
    """Build a shown 800×600 canvas on a session, with the view range set explicitly."""

    def make(preset: str | None = "random_separable", data: Dataset | None = None) -> Canvas:
        session = Session()
        if preset is not None:
            session.load_preset(preset)
        if data is not None:
            session.load_dataset(data, "test data")
        canvas = Canvas(session)
        qtbot.addWidget(canvas)
        canvas.resize(800, 600)
        canvas.show()
        qtbot.waitExposed(canvas)
        if session.points.d >= 2:
            canvas.view_box.setRange(xRange=RANGE, yRange=RANGE, padding=0.0)
        QtWidgets.QApplication.processEvents()
        return canvas

    return make


def px(canvas: Canvas, x: float, y: float) -> QtCore.QPoint:
    """Viewport pixel of data point (x, y)."""
    scene = canvas.view_box.mapViewToScene(QtCore.QPointF(x, y))
    return canvas.plot.mapFromScene(scene)


def data_at(canvas: Canvas, p: QtCore.QPoint) -> np.ndarray:
    v = canvas.view_box.mapSceneToView(canvas.plot.mapToScene(p))
    return np.array([v.x(), v.y()])


def pixel_size(canvas: Canvas) -> float:
    return max(canvas.view_box.viewPixelSize())


def empty_spot(canvas: Canvas) -> tuple[float, float]:
    """A data position with no point within the hit radius (the view is −2..2, data in −1..1)."""
    for x, y in [(1.6, 1.7), (-1.7, 1.6), (1.5, -1.6), (-1.6, -1.5)]:
        if canvas.tool.hit(QtCore.QPointF(x, y)) is None:
            return x, y
    raise AssertionError("no empty spot")


def drag(qtbot, canvas: Canvas, a: QtCore.QPoint, b: QtCore.QPoint,
         mods=Qt.KeyboardModifier.NoModifier, steps: int = 4, button=Qt.MouseButton.LeftButton) -> None:
    """A drag from a to b. The moves are sent by hand because they must carry the held button,
    with pauses because pyqtgraph drops moves closer than 10 ms (its mouseRateLimit)."""
    vp = canvas.plot.viewport()
    qtbot.mousePress(vp, button, mods, a)
    for k in range(1, steps + 1):
        p = a + (b - a) * (k / steps)
        ev = QtGui.QMouseEvent(QtCore.QEvent.Type.MouseMove, QtCore.QPointF(p), QtCore.QPointF(vp.mapToGlobal(p)),
                               Qt.MouseButton.NoButton, button, mods)
        QtWidgets.QApplication.sendEvent(vp, ev)
        qtbot.wait(15)
    qtbot.mouseRelease(vp, button, mods, b)


# ---- adding, moving, deleting, selecting ------------------------------------------------------
def test_left_click_adds_point_of_active_class_at_data_coordinates(qtbot, make_canvas):
    canvas = make_canvas()
    s = canvas.session
    n = s.points.n
    x, y = empty_spot(canvas)
    p = px(canvas, x, y)
    qtbot.mouseClick(canvas.plot.viewport(), Qt.MouseButton.LeftButton, pos=p)
    assert s.points.n == n + 1
    assert s.points.y[-1] == 1
    # The pixel grid rounds the click: it lands within a pixel of where we aimed.
    assert np.allclose(s.points.X[-1], data_at(canvas, p), atol=1e-9)
    assert np.allclose(s.points.X[-1], (x, y), atol=1.5 * pixel_size(canvas))
    assert canvas.view_points.shape == (n + 1, 2)


def test_right_click_and_shift_click_add_the_other_class(qtbot, make_canvas):
    canvas = make_canvas()
    s = canvas.session
    vp = canvas.plot.viewport()
    x, y = empty_spot(canvas)
    qtbot.mouseClick(vp, Qt.MouseButton.RightButton, pos=px(canvas, x, y))
    assert s.points.y[-1] == -1
    canvas.set_active_class(-1)
    qtbot.mouseClick(vp, Qt.MouseButton.LeftButton, pos=px(canvas, -1.8, 0.05 + 1.7))
    assert s.points.y[-1] == -1
    qtbot.mouseClick(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, px(canvas, 1.8, -1.85))
    assert s.points.y[-1] == 1
    assert s.points.n == 43


def test_drag_moves_a_point_live_and_is_one_undo_step(qtbot, make_canvas):
    canvas = make_canvas()
    s = canvas.session
    i = 5
    x0 = s.points.X[i].copy()
    a = px(canvas, *x0)
    b = a + QtCore.QPoint(60, -40)
    seen = []
    s.run_changed.connect(lambda r: seen.append(r))
    drag(qtbot, canvas, a, b, mods=Qt.KeyboardModifier.AltModifier)  # Alt: free, not snapped (test_drag_snap.py)
    expected = x0 + data_at(canvas, b) - data_at(canvas, a)
    assert np.allclose(s.points.X[i], expected, atol=1e-9)
    assert len(seen) >= 2  # the run was retrained during the drag, not only at the end
    assert np.allclose(canvas.points_item.data["x"][i], s.points.X[i, 0])
    assert s.points.n == 40
    moved = s.points.X[i].copy()
    assert s.undo()
    assert np.allclose(s.points.X[i], x0)
    assert s.points.n == 40  # the step before the drag is the preset itself
    assert s.redo()
    assert np.allclose(s.points.X[i], moved)


def test_dragging_a_selected_point_moves_the_whole_selection(qtbot, make_canvas):
    canvas = make_canvas()
    s = canvas.session
    s.select([2, 7])
    X0 = s.points.X.copy()
    a = px(canvas, *X0[7])
    drag(qtbot, canvas, a, a + QtCore.QPoint(-30, 25))
    d = s.points.X - X0
    assert np.allclose(d[2], d[7]) and np.linalg.norm(d[7]) > 0
    assert np.allclose(np.delete(d, [2, 7], axis=0), 0.0)


def test_ctrl_click_deletes_a_point(qtbot, make_canvas):
    canvas = make_canvas()
    s = canvas.session
    X = s.points.X.copy()
    qtbot.mouseClick(canvas.plot.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ControlModifier,
                     px(canvas, *X[3]))
    assert s.points.n == 39
    assert np.array_equal(s.points.X, np.delete(X, 3, axis=0))
    assert canvas.points_item.data.size == 39


def test_rubber_band_selects_and_delete_key_deletes(qtbot, make_canvas):
    canvas = make_canvas()
    s = canvas.session
    X = s.points.X.copy()
    a, b = px(canvas, -1.95, 1.95), px(canvas, 0.0, 0.0)
    drag(qtbot, canvas, a, b)
    lo, hi = data_at(canvas, a), data_at(canvas, b)
    inside = np.flatnonzero((X[:, 0] >= min(lo[0], hi[0])) & (X[:, 0] <= max(lo[0], hi[0]))
                            & (X[:, 1] >= min(lo[1], hi[1])) & (X[:, 1] <= max(lo[1], hi[1])))
    assert inside.size > 0
    assert np.array_equal(s.selection, inside)
    assert s.points.n == 40  # a band adds nothing
    assert not canvas.view_box.rubber_band.isVisible()
    canvas.plot.setFocus()
    qtbot.keyClick(canvas.plot, Qt.Key.Key_Delete)
    assert s.points.n == 40 - inside.size


def test_right_drag_pans_and_adds_nothing(qtbot, make_canvas):
    canvas = make_canvas()
    (x0, x1), (y0, y1) = canvas.view_box.viewRange()
    a = px(canvas, 1.5, 1.5)
    drag(qtbot, canvas, a, a + QtCore.QPoint(-100, 0), button=Qt.MouseButton.RightButton)
    (u0, u1), (v0, v1) = canvas.view_box.viewRange()
    assert u0 > x0 + 0.3 and np.isclose(u1 - u0, x1 - x0) and np.isclose(v0, y0)
    assert canvas.session.points.n == 40
    seg = canvas.overlay.hyperplane.segment  # the line was re-clipped to the new view
    assert seg[:, 0].max() > x1


def test_click_on_a_point_selects_it(qtbot, make_canvas):
    canvas = make_canvas()
    s = canvas.session
    qtbot.mouseClick(canvas.plot.viewport(), Qt.MouseButton.LeftButton, pos=px(canvas, *s.points.X[4]))
    assert s.selection.tolist() == [4] and s.points.n == 40
    assert canvas.overlay.selection.data.size == 1


# ---- what is drawn --------------------------------------------------------------------------------
def _check_on_line(canvas: Canvas, w, b) -> None:
    seg = canvas.overlay.hyperplane.segment
    assert seg is not None
    w2, b2 = canvas.projection.line(w, b)
    assert np.allclose(seg @ w2 + b2, 0.0, atol=1e-9 * (1 + np.abs(w2).sum() + abs(b2)))


def test_hyperplane_item_lies_on_the_frames_hyperplane(make_canvas):
    canvas = make_canvas()
    fr = canvas.frame
    assert fr is not None and fr.has_hyperplane
    _check_on_line(canvas, fr.w, fr.b)
    seg = canvas.overlay.hyperplane.segment
    assert np.linalg.norm(seg[1] - seg[0]) > 1.0  # across the whole view, not a stub
    assert canvas.overlay.arrow.anchor is not None
    assert np.isclose(canvas.overlay.arrow.anchor @ fr.w + fr.b, 0.0, atol=1e-9)


def test_line_follows_view_range(make_canvas):
    canvas = make_canvas()
    canvas.view_box.setRange(xRange=(-10, 10), yRange=(-10, 10), padding=0.0)
    seg = canvas.overlay.hyperplane.segment
    assert np.max(np.abs(seg)) > 5
    _check_on_line(canvas, canvas.frame.w, canvas.frame.b)
    canvas.view_box.setRange(xRange=(50, 51), yRange=(50, 51), padding=0.0)
    assert canvas.overlay.hyperplane.segment is None
    assert "outside the view" in canvas.overlay.note.textItem.toPlainText()
    canvas.fit_view()
    assert not canvas.overlay.note.isVisible()


def test_stepping_the_playhead_changes_the_line(make_canvas):
    canvas = make_canvas()
    s = canvas.session
    s.to_start()
    assert canvas.overlay.hyperplane.segment is None
    assert "w = 0" in canvas.overlay.note.textItem.toPlainText() and canvas.overlay.note.isVisible()
    s.step("update", 1)
    seg1 = canvas.overlay.hyperplane.segment.copy()
    _check_on_line(canvas, canvas.frame.w, canvas.frame.b)
    s.step("update", 1)
    assert not np.allclose(canvas.overlay.hyperplane.segment, seg1)
    _check_on_line(canvas, canvas.frame.w, canvas.frame.b)
    assert canvas.overlay.visit.data.size == 1
    assert not canvas.overlay.note.isVisible()


def test_margin_lines_and_theta_star(make_canvas):
    canvas = make_canvas()
    fr = canvas.frame
    for line, sign in zip(canvas.overlay.margin_lines, (1, -1)):
        assert np.allclose(line.segment @ fr.w + fr.b, sign * fr.closest_distance)
    assert canvas.overlay.theta_line.segment is None
    canvas.set_show_theta_star(True)
    assert np.allclose(canvas.overlay.theta_line.segment @ fr.theta_w + fr.theta_b, 0.0, atol=1e-9)
    band = canvas.overlay.theta_band.polygons()
    assert len(band) == 1 and np.all(np.abs(band[0] @ fr.theta_w + fr.theta_b) <= fr.gamma + 1e-9)
    canvas.set_show_margins(False)
    assert canvas.overlay.margin_lines[0].segment is None
    canvas.set_show_regions(False)
    assert canvas.overlay.regions.polygons() == []


def test_regions_split_the_view(make_canvas):
    canvas = make_canvas()
    fr = canvas.frame
    pos, neg = canvas.overlay.regions.polygons()
    assert np.all(pos @ fr.w + fr.b >= -1e-9) and np.all(neg @ fr.w + fr.b <= 1e-9)


def test_pocket_and_averaged_draw_their_output_line(make_canvas):
    canvas = make_canvas("random_noisy")
    s = canvas.session
    assert s.algorithm == "pocket"
    s.jump_to_update(5)
    fr = canvas.frame
    seg = canvas.overlay.output_line.segment
    assert fr.output_w is not None and seg is not None
    assert np.allclose(seg @ fr.output_w + fr.output_b, 0.0, atol=1e-9)
    names = [label.text for _, label in canvas.overlay.legend.items]
    assert any("pocket" in n for n in names)
    s.set_algorithm("averaged")
    fr = canvas.frame
    assert np.allclose(canvas.overlay.output_line.segment @ fr.output_w + fr.output_b, 0.0, atol=1e-9)


def test_voted_shades_its_vote(make_canvas):
    canvas = make_canvas("random_noisy")
    s = canvas.session
    s.set_algorithm("voted")
    img = canvas.overlay.vote_image
    assert img.isVisible() and img.image is not None
    colours = {tuple(c) for c in img.image.reshape(-1, 4)}
    assert len(colours) == 2  # both regions, and the boundary is not one straight line
    assert canvas.overlay.regions.polygons() == []
    assert canvas.overlay.hyperplane.segment is not None  # the current w is still drawn
    # The cell of image row r, column c is at the r-th height: its colour is the vote's sign there.
    x0, x1 = canvas.view_box.viewRange()[0]
    y0, y1 = canvas.view_box.viewRange()[1]
    g = img.image.shape[0]
    r, c = 10, g - 7
    p = np.array([[x0 + (c + 0.5) * (x1 - x0) / g, y0 + (r + 0.5) * (y1 - y0) / g]])
    positive = canvas.frame.vote(p)[0] >= 0
    assert tuple(img.image[r, c]) == tuple(np.array((0, 114, 178, 28) if positive else (213, 94, 0, 28)))


def test_lifted_marks_slack_points(make_canvas):
    canvas = make_canvas("xor")
    canvas.session.set_algorithm("lifted")
    assert canvas.frame.slack_points.size > 0
    assert canvas.overlay.slack.data.size == canvas.frame.slack_points.size


def test_one_d_draws_a_vertical_separator_and_the_lifted_view(make_canvas):
    canvas = make_canvas("offset_1d")
    fr = canvas.frame
    seg = canvas.overlay.hyperplane.segment
    assert np.allclose(seg[:, 0], -fr.b / fr.w[0])  # vertical, at x = −b/w
    assert abs(seg[1, 1] - seg[0, 1]) > 0
    assert np.allclose(canvas.view_points[:, 1], 0.0)
    canvas.set_lifted_view(True)
    assert np.allclose(canvas.view_points, np.column_stack((canvas.session.points.X[:, 0], np.ones(4))))
    seg = canvas.overlay.hyperplane.segment
    assert np.allclose(seg @ np.array([fr.w[0], fr.b]), 0.0, atol=1e-9)  # through the origin, normal (w, b)
    assert np.allclose(canvas.overlay.arrow.anchor, 0.0, atol=1e-9)
    lo, hi = canvas.view_box.viewRange()
    assert lo[0] < 0 < lo[1] and hi[0] < 0 < hi[1]


def test_one_d_click_adds_on_the_line(qtbot, make_canvas):
    canvas = make_canvas("offset_1d")
    canvas.view_box.setRange(xRange=(0, 5), padding=0.0)
    qtbot.mouseClick(canvas.plot.viewport(), Qt.MouseButton.LeftButton, pos=px(canvas, 2.5, 0.6))
    X = canvas.session.points.X
    assert X.shape == (5, 1) and abs(X[-1, 0] - 2.5) < 0.02


def test_three_features_open_and_draw_a_slice(qtbot, make_canvas):
    canvas = make_canvas(None, random_separable(60, 0.15, seed=2, d=3))
    s = canvas.session
    assert canvas.projection.kind == "pca"  # the default view for d > 2
    canvas.set_features(0, 1)
    canvas.view_box.setRange(xRange=RANGE, yRange=RANGE, padding=0.0)
    fr = canvas.frame
    assert fr is not None and canvas.projection.kind == "features"
    mean = s.points.X.mean(axis=0)
    seg = canvas.overlay.hyperplane.segment
    assert seg is not None
    # On the slice x3 = mean(x3): w1 x1 + w2 x2 + w3 mean3 + b = 0.
    assert np.allclose(seg @ fr.w[:2] + fr.w[2] * mean[2] + fr.b, 0.0, atol=1e-9)
    assert "slice" in " ".join(label.text for _, label in canvas.overlay.legend.items)
    messages = []
    s.message.connect(lambda level, text: messages.append((level, text)))
    qtbot.mouseClick(canvas.plot.viewport(), Qt.MouseButton.LeftButton, pos=px(canvas, 1.9, 1.9))
    assert s.points.n == 60 and messages and messages[-1][0] == "info"
    canvas.set_features(0, 2)
    assert np.allclose(canvas.view_points, s.points.X[:, [0, 2]])
    canvas.set_features(0, None)
    assert canvas.projection.kind == "pca"
    P = canvas.view_points
    assert np.allclose(P.mean(axis=0), 0.0, atol=1e-9)
    _check_on_line(canvas, canvas.frame.w, canvas.frame.b)
    # Dragging in the PCA view moves the point within the plane of the two components.
    x0 = s.points.X[0].copy()
    a = px(canvas, *P[0])
    drag(qtbot, canvas, a, a + QtCore.QPoint(40, 0))
    d = s.points.X[0] - x0
    assert np.linalg.norm(d) > 0
    assert np.allclose(canvas.projection.A @ (canvas.projection.A.T @ d), d)


def test_a_delete_in_the_pca_view_keeps_the_axes_then_draws_the_new_ones(qtbot, make_canvas, monkeypatch):
    # The principal axes of edited points are worked out on a worker (at 12,665 × 784 they took
    # 0.3–0.4 s of the window's thread at every Delete): until they come nothing moves.
    import threading

    from perceptron_gui.render import projection as projection_module
    from perceptron_gui.session.commands import DeletePoints

    canvas = make_canvas(None, random_separable(80, 0.15, seed=4, d=5))
    s = canvas.session
    assert canvas.projection.kind == "pca"
    where = []
    real = projection_module._principal_axes

    def counted(X, mean):
        where.append(threading.current_thread() is threading.main_thread())
        return real(X, mean)

    monkeypatch.setattr(projection_module, "_principal_axes", counted)
    before, A0 = canvas.view_points.copy(), canvas.projection.A.copy()
    for _ in range(2):  # two deletes in a row: only the last one's axes are drawn
        s.execute(DeletePoints(np.array([0])))
    assert canvas.projection.A is not None and np.array_equal(canvas.projection.A, A0)
    assert np.array_equal(canvas.view_points, before[2:])  # the others stay where they were drawn
    mean = s.points.X.mean(axis=0)
    want = projection_module.pca_projection(mean, real(s.points.X, mean))
    qtbot.waitUntil(lambda: not np.array_equal(canvas.projection.A, A0), timeout=20_000)
    assert np.allclose(canvas.projection.A, want.A, atol=1e-9)
    assert np.allclose(canvas.projection.origin, want.origin, atol=1e-12)
    assert canvas.projection.x_label == want.x_label
    assert np.allclose(canvas.view_points, want.points(s.points.X), atol=1e-9)
    assert where and not any(where)  # the edits' axes worked out on a worker only


def test_axes_of_edited_points_are_not_drawn_over_a_data_set_opened_since(qtbot, make_canvas):
    from PySide6.QtWidgets import QApplication

    from perceptron_gui.core.workers import named_pool
    from perceptron_gui.session.commands import DeletePoints

    canvas = make_canvas(None, random_separable(80, 0.15, seed=4, d=5))
    s = canvas.session
    s.execute(DeletePoints(np.array([0])))  # its axes are worked out on a worker…
    s.load_dataset(random_separable(60, 0.15, seed=9, d=5))  # …while another data set of as many features opens
    want = canvas.projection
    named_pool("canvas-axes", housekeeping=True).submit(lambda: None).result(timeout=60)  # the worker is done
    QApplication.processEvents()  # and what it posted has arrived
    assert canvas.projection is want
    assert np.allclose(canvas.view_points, make_projection(s.points.X, s.points.feature_names, "pca", False)
                       .points(s.points.X), atol=1e-9)


def test_new_data_set_of_other_dimension_redraws(make_canvas):
    canvas = make_canvas()
    canvas.session.load_preset("offset_1d")
    assert canvas.projection.kind == "line" and canvas.frame is not None
    canvas.session.load_preset("and")
    assert canvas.projection.kind == "plane" and canvas.view_points.shape == (4, 2)


def test_empty_session_shows_a_hint(make_canvas):
    canvas = make_canvas(None)
    assert canvas.view_points.shape == (0, 2)
    assert "Click" in canvas.overlay.note.textItem.toPlainText()


# ---- points item and export -------------------------------------------------------------------------
def test_points_share_a_few_pre_made_brushes(make_canvas):
    canvas = make_canvas()
    s = canvas.session
    rng = np.random.default_rng(0)
    s.execute(AddPoints(rng.uniform(-1, 1, (5000, 2)), rng.choice([-1.0, 1.0], 5000),
                        test=rng.random(5000) < 0.3))
    data = canvas.points_item.data
    assert data.size == 5040
    assert {id(b) for b in data["brush"]} <= {id(st[3]) for st in POINT_STYLES}
    assert {id(p) for p in data["symbol"]} <= {id(st[0]) for st in POINT_STYLES}
    # The atlas rectangles we filled in are those pyqtgraph computes itself.
    ours = data["sourceRect"].copy()
    data["sourceRect"] = 0
    canvas.points_item.updateSpots()
    assert np.array_equal(canvas.points_item.data["sourceRect"], ours)
    style = (s.points.y < 0) + 2 * s.points.test + 4  # 5040 points: the middle symbol size
    assert np.array_equal(canvas.points_item.styles(), style)
    assert set(data["size"]) == {11.0}


def test_render_to_image(qtbot, make_canvas):
    canvas = make_canvas()
    before = canvas.view_box.viewRange()
    with qtbot.assertNotEmitted(canvas.view_range_changed):
        img = canvas.render_to_image(640, 480)
    assert np.allclose(canvas.view_box.viewRange(), before)
    assert (img.width(), img.height()) == (640, 480) and not img.isNull()
    arr = np.frombuffer(img.constBits(), dtype=np.uint8).reshape(480, img.bytesPerLine() // 4, 4)
    assert (arr[:, :640, :3] < 200).any()  # something dark was drawn


def test_f_key_fits_and_signals_range(qtbot, make_canvas):
    canvas = make_canvas()
    with qtbot.waitSignal(canvas.view_range_changed, timeout=20_000):
        canvas.plot.setFocus()
        qtbot.keyClick(canvas.plot, Qt.Key.Key_F)
    (x0, x1), (y0, y1) = canvas.view_box.viewRange()
    X = canvas.session.points.X
    assert x0 < X[:, 0].min() and x1 > X[:, 0].max() and y0 < X[:, 1].min() and y1 > X[:, 1].max()
    assert canvas.session.view_range is not None


# ---- Qt-free geometry ----------------------------------------------------------------------------
def test_projection_line_equals_score_on_the_slice():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(30, 4))
    w, b = rng.normal(size=4), 0.7
    for features in [(1, 3), (0, None)]:
        proj = make_projection(X, ["a", "b", "c", "d"], features, False)
        w2, b2 = proj.line(w, b)
        P = rng.normal(size=(5, 2))
        assert np.allclose(proj.to_data(P) @ w + b, P @ w2 + b2)
        assert np.allclose(proj.points(proj.to_data(P)), P)


def test_clip_line_vertical_and_outside():
    seg = clip_line(np.array([2.0, 0.0]), -1.0, (-1, -1, 1, 1))
    assert np.allclose(seg[:, 0], 0.5) and np.allclose(sorted(seg[:, 1]), [-1, 1])
    assert clip_line(np.array([1.0, 0.0]), -5.0, (-1, -1, 1, 1)) is None
    assert clip_line(np.zeros(2), 1.0, (-1, -1, 1, 1)) is None


def test_fast_scatter_public_fallback_gives_the_same_points(qtbot):
    from perceptron_gui.gui.canvas.scatter import FastScatter

    rng = np.random.default_rng(1)
    P, style = rng.normal(size=(50, 2)), rng.integers(0, 4, 50)
    fast, slow = FastScatter(POINT_STYLES), FastScatter(POINT_STYLES)
    slow._fast = False  # what a future pyqtgraph without the record fields would get
    for item in (fast, slow):
        item.set_points(P, style)
        item.move_points(np.array([3]), np.array([[9.0, 9.0]]))
        item.set_styles(np.array([4]), np.array([2]))
    for field in ("x", "y", "size"):
        assert np.array_equal(fast.data[field], slow.data[field])
    assert np.array_equal(fast.styles(), slow.styles())
    assert fast.styles()[4] == 2 and fast.data["x"][3] == 9.0



def test_the_legend_does_not_narrow_again_when_a_long_entry_leaves(qtbot):
    # "hyperplane before the last update" joins the legend at an update and leaves it when the
    # previous line is out of the view; a legend that narrowed again resized the view beside
    # it (and the whole canvas was laid out and painted again) at such steps.
    from perceptron_gui.gui.canvas.items import Legend, LegendSwatch

    legend = Legend(labelTextSize="8pt", colCount=1)
    swatch = lambda key: LegendSwatch(pen=QtGui.QPen())  # noqa: E731
    short = [("a", "class +1"), ("b", "class −1")]
    legend.show_entries(short, swatch)
    narrow = legend.effectiveSizeHint(Qt.SizeHint.PreferredSize).width()
    legend.show_entries([*short, ("c", "a much longer entry than any other one here, " * 2)], swatch)
    wide = legend.effectiveSizeHint(Qt.SizeHint.PreferredSize).width()
    assert wide > narrow
    legend.show_entries(short, swatch)
    assert legend.minimumWidth() >= wide
    assert legend.effectiveSizeHint(Qt.SizeHint.PreferredSize).width() >= wide
