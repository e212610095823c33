"""The screen, the slide figures (PNG/SVG/PDF) and TikZ paint one picture description.

Issue 8 found the TikZ figure drawn by a second code path that disagreed with the screen: its
legend said "w·x + b = 0" for the perceptron without b, listed margin lines it did not draw, and
put the "w" label where tick labels were. Here each painter is checked item by item against
:func:`perceptron_gui.render.picture.describe` for the same frame and view.
"""
from __future__ import annotations

import html
import re

import numpy as np
import pytest
from PySide6 import QtCore, QtWidgets

from perceptron_gui.core.dataset import Dataset
from perceptron_gui.export.tikz import frame_to_tikz, tikz_picture
from perceptron_gui.gui.canvas.canvas import Canvas
from perceptron_gui.gui.figures.plots import ExportSession, SlideFigure, ViewOptions
from perceptron_gui.render.geometry import range_of_rect
from perceptron_gui.render.picture import Arrow, Labels, Markers, Picture, Polygon, Raster, Segment, Vector
from perceptron_gui.session.frame import frame_at
from perceptron_gui.session.session import Session

NOTES_X = [[1.0, 3.0], [2.5, 1.5], [-1.5, 1.5], [0.5, -1.0]]
NOTES_Y = [1.0, 1.0, -1.0, -1.0]
NOISY_X = np.random.default_rng(5).uniform(-1, 1, size=(30, 2))
NOISY_Y = np.where(NOISY_X[:, 0] + 0.3 * NOISY_X[:, 1] > 0.05, 1.0, -1.0)
NOISY_Y[:3] *= -1
COORD = re.compile(r"\((-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)\)")

CASES = {  # name: (X, y, algorithm, params, θ*)
    "offset with θ*": (NOTES_X, NOTES_Y, "offset", {}, True),
    "standard, no b": (NOTES_X, NOTES_Y, "standard", {}, False),
    "averaged output": (NOISY_X, NOISY_Y, "averaged", {"max_epochs": 3}, False),
    "pocket output": (NOISY_X, NOISY_Y, "pocket", {"max_epochs": 3}, False),
    "voted vote": (NOISY_X, NOISY_Y, "voted", {"max_epochs": 3}, False),
}


def trained(X, y, algorithm: str, params: dict, theta: bool) -> Session:
    s = Session()
    s.load_dataset(Dataset.from_arrays(np.asarray(X, float), np.asarray(y, float)), "test data")
    s.set_algorithm(algorithm)
    for k, v in params.items():
        assert s.set_param(k, v)
    s.wait()
    assert s.result is not None
    s.to_end()
    return s


def shown_canvas(qtbot, session: Session, theta: bool) -> Canvas:
    canvas = Canvas(session)
    qtbot.addWidget(canvas)
    canvas.resize(800, 600)
    canvas.show()
    qtbot.waitExposed(canvas)
    canvas.set_show_theta_star(theta)
    QtWidgets.QApplication.processEvents()
    return canvas


def assert_same_picture(a: Picture, b: Picture, atol: float = 1e-9) -> None:
    assert a.roles() == b.roles()
    assert [(e.role, e.text, e.tex) for e in a.legend] == [(e.role, e.text, e.tex) for e in b.legend]
    assert a.note == b.note
    for ia, ib in zip(a, b):
        if isinstance(ia, Segment):
            np.testing.assert_allclose(ia.ends, ib.ends, rtol=1e-9, atol=atol)
            assert ia.variant == ib.variant, ia.role
        elif isinstance(ia, Vector):
            np.testing.assert_allclose(ia.ends, ib.ends, rtol=1e-9, atol=atol)
            np.testing.assert_allclose(ia.label_at, ib.label_at, rtol=1e-9, atol=atol)
            assert (ia.head, ia.label, ia.label_tex, ia.label_anchor) == (ib.head, ib.label, ib.label_tex, ib.label_anchor)
        elif isinstance(ia, Labels):
            np.testing.assert_array_equal(ia.index, ib.index)
            np.testing.assert_allclose(ia.positions, ib.positions, rtol=0, atol=0)
            assert (ia.texts, ia.texts_tex) == (ib.texts, ib.texts_tex)
            np.testing.assert_array_equal(ia.emphasis, ib.emphasis)
        elif isinstance(ia, Polygon):
            np.testing.assert_allclose(ia.corners, ib.corners, rtol=1e-9, atol=atol)
        elif isinstance(ia, Arrow):
            np.testing.assert_allclose(ia.base, ib.base, rtol=1e-9, atol=atol)
            np.testing.assert_allclose(ia.direction, ib.direction, rtol=1e-12, atol=1e-15)
            assert (ia.label, ia.label_anchor) == (ib.label, ib.label_anchor)
        elif isinstance(ia, Raster):
            assert np.array_equal(ia.positive, ib.positive)
        elif isinstance(ia, Markers):
            np.testing.assert_allclose(ia.positions, ib.positions, rtol=0, atol=0)
            assert np.array_equal(ia.index, ib.index)


@pytest.mark.parametrize("case", list(CASES))
def test_screen_and_tikz_paint_the_same_picture(qtbot, case):
    X, y, algorithm, params, theta = CASES[case]
    s = trained(X, y, algorithm, params, theta)
    canvas = shown_canvas(qtbot, s, theta)
    screen = canvas.overlay.picture
    assert screen is not None
    view = range_of_rect(screen.rect)
    tikz, _frame = tikz_picture(s.result, s.playhead.t, view=view, show_theta_star=theta)
    assert_same_picture(screen, tikz)
    # The screen's items hold exactly the picture's geometry and legend.
    ov = canvas.overlay
    for role, item in (("hyperplane", ov.hyperplane), ("output", ov.output_line), ("theta", ov.theta_line),
                       ("margin+", ov.margin_lines[0]), ("margin-", ov.margin_lines[1])):
        seg = screen.get(role)
        if seg is None:
            assert item.segment is None, role
        else:
            assert isinstance(seg, Segment)
            np.testing.assert_array_equal(item.segment, seg.ends)
    assert [label.text for _, label in ov.legend.items] == [e.text for e in screen.legend]
    points = screen.get("points")
    assert isinstance(points, Markers)
    data = canvas.points_item.data
    np.testing.assert_array_equal(np.column_stack((data["x"], data["y"])), points.positions)


@pytest.mark.parametrize("case", list(CASES))
def test_the_tikz_file_draws_each_item_of_its_picture_once(case):
    X, y, algorithm, params, theta = CASES[case]
    s = trained(X, y, algorithm, params, theta)
    view = ((-1.5, 3.2), (-1.6, 3.6))
    pic, _ = tikz_picture(s.result, s.playhead.t, view=view, show_theta_star=theta)
    tex = frame_to_tikz(s.result, s.playhead.t, view=view, show_theta_star=theta)
    body, legend = tex.split("% caption and legend", 1)
    for item in pic:
        if isinstance(item, Segment):
            drawn = [ln for ln in body.splitlines() if ln.startswith("\\draw[") and "--" in ln
                     and _close(COORD.findall(ln), item.ends)]
            assert len(drawn) == 1, (item.role, item.ends)
        elif isinstance(item, Polygon):
            fills = [ln for ln in body.splitlines() if ln.startswith("\\fill[") and _close(COORD.findall(ln), item.corners)]
            assert len(fills) == 1, item.role
        elif isinstance(item, Raster):
            assert body.count("rectangle") >= 2  # both regions of the vote
    # The legend: one row per entry of the picture, in its order, in LaTeX.
    texts = re.findall(r"\\node\[right, font=\\footnotesize\] at \([^)]*\) \{(.*)\};", legend)
    assert texts == [e.tex for e in pic.legend]


def _close(found: list[tuple[str, str]], expected: np.ndarray) -> bool:
    pts = np.array([(float(a), float(b)) for a, b in found])
    exp = np.asarray(expected, dtype=float)
    return pts.shape == exp.shape and bool(np.allclose(pts, exp, rtol=1e-4, atol=1e-3))


@pytest.mark.parametrize("case", ["offset with θ*", "averaged output", "voted vote"])
def test_the_slide_figure_paints_the_screen_picture(qtbot, tmp_path, case):
    """PNG, SVG and PDF are painted from an offscreen Canvas: its picture is TikZ's too, and
    the SVG file carries every legend entry of it."""
    X, y, algorithm, params, theta = CASES[case]
    s = trained(X, y, algorithm, params, theta)
    view = ((-2.0, 3.0), (-1.5, 3.5))
    src = ExportSession.from_session(s)
    with SlideFigure(src, "canvas", options=ViewOptions(show_theta_star=theta, view_range=view, aspect=1.0)) as fig:
        slide = fig.widget.overlay.picture
        assert slide is not None
        tikz, _ = tikz_picture(s.result, s.playhead.t, view=range_of_rect(slide.rect), show_theta_star=theta)
        assert_same_picture(slide, tikz)
        fig.write_svg(tmp_path / "fig.svg")
    # Qt writes a run of text in one font per <text> element (θ and γ come from a fallback font):
    # the text as read is the elements' contents in order.
    svg = "".join(re.findall(r">([^<]*)<", (tmp_path / "fig.svg").read_text(encoding="utf-8"))).replace("\n", "")
    for entry in slide.legend:
        assert html.escape(entry.text, quote=False) in svg, entry.text


def test_one_dimensional_and_lifted_pictures_agree_along_the_data_axis(qtbot):
    s = trained([[1.0], [2.0], [3.0], [4.0]], [1, 1, -1, -1], "offset", {}, False)
    canvas = shown_canvas(qtbot, s, False)
    screen = canvas.overlay.picture
    tikz, _ = tikz_picture(s.result, s.playhead.t, view=range_of_rect(screen.rect))
    # 1-D: TikZ draws its lines across a band of its own height; the x positions agree.
    assert screen.roles() == tikz.roles()
    for role in ("hyperplane", "margin+", "margin-"):
        a, b = screen.get(role), tikz.get(role)
        assert isinstance(a, Segment) and isinstance(b, Segment)
        np.testing.assert_allclose(a.ends[:, 0], b.ends[:, 0], rtol=1e-12, atol=1e-12)
    canvas.set_lifted_view(True)
    QtWidgets.QApplication.processEvents()
    lifted = canvas.overlay.picture
    tikz_l, _ = tikz_picture(s.result, s.playhead.t, view=range_of_rect(lifted.rect), lifted=True)
    assert_same_picture(lifted, tikz_l)
    assert any(e.text == "each x drawn at (x, 1)" for e in tikz_l.legend)


# ---- the three disagreements once found -----------------------------------------------------
def test_tikz_legend_of_the_standard_perceptron_has_no_b():
    s = trained(NOTES_X, NOTES_Y, "standard", {}, False)
    tex = frame_to_tikz(s.result, s.playhead.t)
    legend = tex.split("% caption and legend", 1)[1]
    assert r"$w\cdot x = 0$" in legend and "+ b" not in legend


def test_tikz_legend_lists_no_margin_line_it_does_not_draw():
    s = trained(NOTES_X, NOTES_Y, "offset", {}, False)
    # A small view on the hyperplane, far from the data: the margin lines miss it. (A view that
    # misses the hyperplane itself is grown to take it in: render/fit_view.py.)
    fr = frame_at(s.result, s.playhead.t)
    foot = -fr.b * fr.w / (fr.w @ fr.w)
    half = 0.25 * abs(fr.dataset_margin)
    view = ((foot[0] - half, foot[0] + half), (foot[1] - half, foot[1] + half))
    tex = frame_to_tikz(s.result, s.playhead.t, view=view, show_margins=True, show_previous=False)
    assert "% the hyperplane" in tex
    assert "\\draw[percmargin" not in tex and r"\pm\min" not in tex


@pytest.mark.parametrize("w_sign", [1.0, -1.0])
def test_the_w_label_sits_beyond_the_tip_on_a_white_ground(w_sign):
    X = np.array(NOTES_X) * w_sign
    s = trained(X, NOTES_Y, "offset", {}, False)
    pic, _ = tikz_picture(s.result, s.playhead.t)
    arrow = pic.get("normal")
    assert isinstance(arrow, Arrow)
    tex = frame_to_tikz(s.result, s.playhead.t)
    (line,) = [ln for ln in tex.splitlines() if ln.startswith("\\draw[thick, percnormal, -latex]") and "caption" not in ln]
    assert f"anchor={arrow.label_anchor}" in line and "fill=white" in line
    # The anchor is the label's side that faces back along −w: e.g. w up-right → "south west".
    ux, uy = arrow.direction
    if abs(ux) > 0.4:
        assert ("west" in arrow.label_anchor) == (ux > 0)
    if abs(uy) > 0.4:
        assert ("south" in arrow.label_anchor) == (uy > 0)


def test_too_many_misclassified_points_are_not_marked():
    """Issue 9: at 10⁶ points a mid-run w errs on ~3·10⁵ of them and their dots blackened the
    whole canvas (seen in an exported SVG); beyond MAX_MISCLASSIFIED_MARKS none are marked."""
    from perceptron_gui.render import picture

    rng = np.random.default_rng(1)
    n = 3 * picture.MAX_MISCLASSIFIED_MARKS
    X = rng.uniform(-1, 1, (n, 2))
    y = rng.choice([-1.0, 1.0], n)  # random labels: any w errs on about half
    s = trained(X, y, "offset", {"max_epochs": 1}, False)
    pic, frame = tikz_picture(s.result, s.playhead.t)
    assert frame.misclassified.size > picture.MAX_MISCLASSIFIED_MARKS
    assert pic.get("misclassified") is None and all(e.role != "misclassified" for e in pic.legend)
    few, _ = tikz_picture(trained(NOISY_X, NOISY_Y, "offset", {"max_epochs": 1}, False).result, 5)
    assert few.get("misclassified") is not None


# ---- the update drawn and the margins per point -----------------------
def _notes_003_after_its_first_update() -> Session:
    """Notes 003: θ⁽⁰⁾ = [1, −1], θ₀⁽⁰⁾ = 1; the first visit, (1, 3)+, updates to [2, 2], 2."""
    s = trained(NOTES_X[:3], NOTES_Y[:3], "offset", {}, False)
    s.set_params({"init": "custom", "start_w": [1, -1], "start_b": 1})
    s.wait()
    s.jump_to_update(1)
    assert s.playhead.t == 0
    return s


def test_screen_and_tikz_paint_the_same_update_and_margins(qtbot):
    s = _notes_003_after_its_first_update()
    canvas = shown_canvas(qtbot, s, False)
    canvas.set_show_update(True)
    canvas.set_show_point_margins(True)
    canvas.view_box.setRange(xRange=(-3, 4), yRange=(-3, 4), padding=0.0)
    QtWidgets.QApplication.processEvents()
    screen = canvas.overlay.picture
    assert screen is not None
    for role in ("previous", "previous_normal", "update_before", "update_step", "update_after", "point_margins"):
        assert screen.get(role) is not None, role
    tikz, _ = tikz_picture(s.result, s.playhead.t, view=range_of_rect(screen.rect), show_update=True,
                           show_point_margins=True)
    assert_same_picture(screen, tikz)
    # The screen's items hold exactly the picture's geometry and numbers.
    layer = canvas.overlay.update_layer
    np.testing.assert_array_equal(layer.previous.segment, screen.get("previous").ends)
    assert [v.role for v in layer.vectors.vectors] == ["update_before", "update_step", "update_after"]
    assert layer.margin_labels.texts() == ["3.536", "3.536", "−0.7071"]  # y(w·x + b)/‖w‖ for [2, 2], 2
    assert canvas.overlay.hyperplane.opts["pen"].style() == QtCore.Qt.PenStyle.DashLine  # the new line dashed
    assert layer.previous.opts["pen"].style() == QtCore.Qt.PenStyle.SolidLine  # the old one solid
    assert [label.text for _, label in canvas.overlay.legend.items] == [e.text for e in screen.legend]
    canvas.set_show_previous(False)
    QtWidgets.QApplication.processEvents()
    assert layer.previous.segment is None and layer.previous_arrow.anchor is None
    assert canvas.overlay.hyperplane.opts["pen"].style() == QtCore.Qt.PenStyle.SolidLine


def test_tikz_draws_the_previous_line_solid_the_new_one_dashed_and_the_vectors():
    s = _notes_003_after_its_first_update()
    tex = frame_to_tikz(s.result, s.playhead.t, view=((-3, 4), (-3, 4)), show_update=True, show_point_margins=True)
    lines = tex.splitlines()
    (prev,) = [ln for ln in lines if ln.startswith("\\draw[percprevious, ultra thick]") and "caption" not in ln]
    (now,) = [ln for ln in lines if ln.startswith("\\draw[ultra thick, dashed]") and "caption" not in ln]
    assert _close(COORD.findall(prev), np.array([[-3, -2], [3, 4]]))  # θ⁽⁰⁾ as the notes draw it
    assert _close(COORD.findall(now), np.array([[2, -3], [-3, 2]]))  # θ⁽¹⁾: the notes' dashed line
    assert "\\draw[-latex, thick, percupdate] (1,-1) -- (2,2);" in lines  # y·x from the tip of w₀
    assert "{$w_{1} = (2, 2)$, $b_{1} = 2$}" in tex
    assert tex.count("{\\boldmath$-0.7071$}") == 1  # the data set's margin, in bold
    assert "the update: $w_{k-1} + y\\,x = w_k$" in tex
    plain = frame_to_tikz(s.result, s.playhead.t, view=((-3, 4), (-3, 4)), show_previous=False)
    assert "percprevious, ultra thick" not in plain and "ultra thick, dashed" not in plain


def test_the_slide_figure_paints_the_update(qtbot, tmp_path):
    s = _notes_003_after_its_first_update()
    src = ExportSession.from_session(s)
    options = ViewOptions(view_range=((-3.0, 4.0), (-3.0, 4.0)), aspect=1.0, show_update=True, show_point_margins=True)
    with SlideFigure(src, "canvas", options=options) as fig:
        slide = fig.widget.overlay.picture
        assert slide is not None and slide.get("update_step") is not None and slide.get("previous") is not None
        tikz, _ = tikz_picture(s.result, s.playhead.t, view=range_of_rect(slide.rect), show_update=True,
                               show_point_margins=True)
        assert_same_picture(slide, tikz)
        fig.write_svg(tmp_path / "fig.svg")
    svg = "".join(re.findall(r">([^<]*)<", (tmp_path / "fig.svg").read_text(encoding="utf-8"))).replace("\n", "")
    for text in ("w₁ = (2, 2), b₁ = 2", "−0.7071", "before the last update"):
        assert html.escape(text, quote=False) in svg, text
