"""Slide figures: every format written and read back, the slide look, and no side effects
on the session the figure was made from."""
from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from PIL import Image
from PySide6 import QtGui

from perceptron_gui.core.dataset import Dataset, DatasetError
from perceptron_gui.core.presets import random_noisy
from perceptron_gui.gui.figures.plots import (
    ExportError,
    ExportSession,
    SlideFigure,
    ViewOptions,
    export_figure,
    format_of,
    render_figure,
)
from perceptron_gui.gui.figures.slide_style import SLIDE, header_text, logical_size
from perceptron_gui.session.session import Session

NOTES_X = [[1.0, 3.0], [2.5, 1.5], [-1.5, 1.5]]  # notes 003's margin example
NOTES_Y = [1.0, 1.0, -1.0]
SVG = "{http://www.w3.org/2000/svg}"


def trained(X=NOTES_X, y=NOTES_Y, algorithm: str = "offset", names=None) -> Session:
    s = Session()
    s.load_dataset(Dataset.from_arrays(np.asarray(X, dtype=float), np.asarray(y, dtype=float), names), "test data")
    s.set_algorithm(algorithm)
    s.wait()
    assert s.result is not None
    s.to_end()
    return s


@pytest.fixture
def session(qapp) -> Session:
    return trained()


def as_array(img: QtGui.QImage) -> np.ndarray:
    img = img.convertToFormat(QtGui.QImage.Format.Format_RGBA8888)
    arr = np.frombuffer(img.constBits(), np.uint8, img.bytesPerLine() * img.height())
    # copy: the array must not outlive the converted image's buffer
    return arr.reshape(img.height(), img.bytesPerLine())[:, : 4 * img.width()].reshape(img.height(), img.width(), 4).copy()


def non_white_fraction(rgba: np.ndarray) -> float:
    return float(np.mean(np.any(rgba[..., :3] < 245, axis=-1)))


# ---- PNG -----------------------------------------------------------------------------------------
def test_png_has_the_width_asked_for_and_real_content(session, tmp_path):
    path = tmp_path / "fig.png"
    export_figure(ExportSession.from_session(session), path, width=1200)
    img = Image.open(path)
    lw, lh = logical_size(1.5)
    assert img.size == (1200, round(1200 * lh / lw))
    rgba = np.asarray(img.convert("RGBA"))
    assert rgba[0, 0].tolist() == [255, 255, 255, 255]  # white background, no grey UI
    assert 0.05 < non_white_fraction(rgba) < 0.9
    colours = np.unique(rgba[..., :3].reshape(-1, 3), axis=0)
    assert len(colours) > 50  # points, shading, lines, antialiased text
    # The slide colours are there: class +1 blue, class −1 vermillion, the normal vector green.
    for hexa in ("#0072B2", "#D55E00", "#009E73"):
        c = np.array(QtGui.QColor(hexa).getRgb()[:3])
        assert np.any(np.all(np.abs(rgba[..., :3].astype(int) - c) <= 3, axis=-1)), hexa


def test_png_transparent_background(session, tmp_path):
    path = tmp_path / "fig.png"
    export_figure(ExportSession.from_session(session), path, width=600, transparent=True)
    rgba = np.asarray(Image.open(path).convert("RGBA"))
    assert rgba[0, 0, 3] == 0 and rgba[-1, -1, 3] == 0
    assert np.mean(rgba[..., 3] > 0) > 0.05


def test_a_bigger_png_is_the_same_picture_sharper(session):
    """Fonts, pens and symbols grow with the width: a 2× render scaled down matches the 1× one."""
    src = ExportSession.from_session(session)
    small = as_array(render_figure(src, width=800))[..., :3]
    big = as_array(render_figure(ExportSession.from_session(session), width=1600))[..., :3]
    down = np.asarray(Image.fromarray(np.ascontiguousarray(big)).resize(small.shape[1::-1], Image.Resampling.BOX))
    assert np.mean(np.abs(down.astype(float) - small.astype(float))) < 6.0
    assert abs(non_white_fraction(down) - non_white_fraction(small)) < 0.02


def test_slide_look_does_not_depend_on_the_window(session, qtbot):
    """The exported canvas is a separate widget: restyling it leaves an on-screen canvas alone."""
    from perceptron_gui.gui.canvas.canvas import Canvas

    screen = Canvas(session)
    qtbot.addWidget(screen)
    width_before = screen.overlay.hyperplane.opts["pen"].widthF()
    with SlideFigure(ExportSession.from_session(session), device_scale=2.0) as fig:
        exported = fig.widget.overlay.hyperplane.opts["pen"].widthF()
    assert screen.overlay.hyperplane.opts["pen"].widthF() == width_before
    assert exported == pytest.approx(width_before * SLIDE.pen_factor * 2.0)


# ---- SVG -----------------------------------------------------------------------------------------
def _matrix(g: ET.Element) -> np.ndarray:
    m = re.match(r"matrix\(([^)]*)\)", g.get("transform", "matrix(1,0,0,1,0,0)"))
    a, b, c, d, e, f = (float(v) for v in m.group(1).split(","))
    return np.array([[a, c, e], [b, d, f], [0.0, 0.0, 1.0]])


def _strokes(root: ET.Element, colour: str, width: float) -> list[np.ndarray]:
    """Point lists (figure coordinates) of polylines and lines drawn with this pen."""
    out = []
    for g in root.iter(f"{SVG}g"):
        if g.get("stroke", "").lower() != colour or abs(float(g.get("stroke-width", "0")) - width) > 1e-6:
            continue
        M = _matrix(g)
        for el in g:
            if el.tag == f"{SVG}polyline":
                pts = np.array([[float(v) for v in p.split(",")] for p in el.get("points").split()])
            elif el.tag == f"{SVG}line":
                pts = np.array([[float(el.get("x1")), float(el.get("y1"))], [float(el.get("x2")), float(el.get("y2"))]])
            else:
                continue
            out.append((M @ np.column_stack([pts, np.ones(len(pts))]).T).T[:, :2])
    return out


def test_svg_parses_and_draws_the_hyperplane_where_it_is(session, tmp_path):
    path = tmp_path / "fig.svg"
    src = ExportSession.from_session(session)
    with SlideFigure(src) as fig:
        fig.write_svg(path)
        # figure pixel = A · data + c: from three points of the figure's own mapping
        P = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]])
        F = np.array([fig.data_to_figure(*p) for p in P])
        (x0, x1), (y0, y1) = fig.widget.view_box.viewRange()
    A = np.column_stack([F[1] - F[0], F[2] - F[0]])
    root = ET.parse(path).getroot()
    width, height = logical_size(1.5)
    assert root.get("viewBox") == f"0 0 {width:d} {height:d}"
    frame = session.result.record
    w, b = frame.final_w, frame.final_b
    width = 2.0 * SLIDE.pen_factor  # the screen's 2 px hyperplane, doubled, at device scale 1
    on_line = []
    for pts in _strokes(root, "#000000", width):
        data = np.linalg.solve(A, (pts - F[0]).T).T
        dist = np.abs(data @ w + b) / np.linalg.norm(w)
        on_line.append(bool(np.all(dist < 1e-3 * (x1 - x0))) and len(pts) >= 2)
    assert any(on_line), "no stroke of the hyperplane's pen lies on w·x + b = 0"
    text = path.read_text()
    assert "Offset perceptron · k = 2 · epoch 1" in text  # the header: algorithm, k and epoch
    assert "class +1" in text and "w·x + b = 0" in text  # the legend


# ---- PDF -----------------------------------------------------------------------------------------
def test_pdf_has_one_page_of_the_figure(session, tmp_path):
    path = tmp_path / "fig.pdf"
    export_figure(ExportSession.from_session(session), path, figure="canvas")
    data = path.read_bytes()
    assert data.startswith(b"%PDF")
    assert len(re.findall(rb"/Type\s*/Page\b", data)) == 1
    lw, lh = logical_size(1.5)
    box = re.search(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", data)
    assert box and abs(float(box.group(1)) - lw) < 1 and abs(float(box.group(2)) - lh) < 1
    if shutil.which("pdftoppm"):
        out = tmp_path / "page"
        subprocess.run(["pdftoppm", "-png", "-r", "40", "-singlefile", str(path), str(out)], check=True)
        rgba = np.asarray(Image.open(f"{out}.png").convert("RGBA"))
        assert rgba[0, 0, :3].tolist() == [255, 255, 255]  # the background is painted white
        assert 0.05 < non_white_fraction(rgba) < 0.9


# ---- the other figures -------------------------------------------------------------------------
@pytest.mark.parametrize("figure", ["angle", "epochs"])
@pytest.mark.parametrize("fmt", ["png", "svg", "pdf"])
def test_proof_plots_in_every_format(session, tmp_path, figure, fmt):
    path = tmp_path / f"{figure}.{fmt}"
    export_figure(ExportSession.from_session(session), path, figure=figure, width=900,
                  options=ViewOptions(aspect=1.6))
    if fmt == "png":
        rgba = np.asarray(Image.open(path).convert("RGBA"))
        assert rgba.shape[1] == 900 and 0.02 < non_white_fraction(rgba) < 0.9
    elif fmt == "svg":
        text = path.read_text()
        ET.fromstring(text)
        assert "k = 2" in text
        # (Qt writes a run of text in another font, such as θ, as a text element of its own)
        assert ("angle ∠(w_k" in text) if figure == "angle" else ("training error" in text)
    else:
        assert path.read_bytes().startswith(b"%PDF")


def test_angle_plot_without_theta_star_is_a_sentence(qapp, tmp_path):
    data = random_noisy(40, 0.3, seed=3)
    s = trained(data.X, data.y)
    assert s.result.proof is None
    with pytest.raises(ExportError, match=r"^The angle plot needs θ\*.*\.$"):
        export_figure(ExportSession.from_session(s), tmp_path / "a.png", figure="angle")
    assert not list(tmp_path.iterdir())


def test_tikz_through_the_same_call(session, tmp_path):
    path = tmp_path / "fig.tex"
    export_figure(ExportSession.from_session(session), path, options=ViewOptions(view_range=((-3, 4), (0, 4))))
    tex = path.read_text()
    assert "\\begin{tikzpicture}" in tex and "update k = 2" in tex
    with pytest.raises(ExportError, match="the canvas, the weight space and the curves against k only"):
        export_figure(ExportSession.from_session(session), tmp_path / "b.tex", figure="angle")


def test_one_d_and_three_d_data(qapp, tmp_path):
    one = trained([[1.0], [2.0], [3.0], [4.0]], [1.0, 1.0, -1.0, -1.0])
    export_figure(ExportSession.from_session(one), tmp_path / "one.png", width=500)
    export_figure(ExportSession.from_session(one), tmp_path / "lifted.png", width=500,
                  options=ViewOptions(lifted=True))
    rng = np.random.default_rng(1)
    X = rng.normal(size=(30, 3))
    three = trained(X, np.where(X[:, 0] + X[:, 2] > 0, 1.0, -1.0))
    export_figure(ExportSession.from_session(three), tmp_path / "three.png", width=500,
                  options=ViewOptions(features=(0, None)))
    for name in ("one", "lifted", "three"):
        assert non_white_fraction(np.asarray(Image.open(tmp_path / f"{name}.png").convert("RGBA"))) > 0.02
    with pytest.raises(DatasetError, match="features"):
        export_figure(ExportSession.from_session(three), tmp_path / "three.tex")


# ---- the view, the header, and no side effects -----------------------------------------------------
def test_the_view_range_is_the_one_given(session):
    rng = ((-1.0, 3.0), (0.5, 3.5))
    # Without the previous hyperplane, which misses this range (it would be taken in: fit_view).
    options = ViewOptions(view_range=rng, show_previous=False)
    with SlideFigure(ExportSession.from_session(session), options=options) as fig:
        (x0, x1), (y0, y1) = fig.widget.view_box.viewRange()
    # The aspect is locked (1:1), so one axis may show more, centred on the same range.
    assert x0 <= -1.0 + 1e-9 and x1 >= 3.0 - 1e-9 and y0 <= 0.5 + 1e-9 and y1 >= 3.5 - 1e-9
    assert min(x1 - x0 - 4.0, y1 - y0 - 3.0) < 1e-6  # and exactly the range on the other


def test_header_names_algorithm_updates_and_epoch(session):
    src = ExportSession.from_session(session, t=-1)
    assert header_text(src) == "Offset perceptron · k = 0 · before the first visit"
    src.set_t(4)
    assert header_text(src) == "Offset perceptron · k = 2 · epoch 1"


def test_export_leaves_the_session_untouched(session, tmp_path):
    session.jump_to_update(1)
    session.view_range = ((-5.0, 5.0), (-5.0, 5.0))
    t, view = session.playhead.t, session.view_range
    counts = {name: len(getattr(session, name)) for name in ("points_changed", "run_changed",
                                                             "playhead_changed", "selection_changed")}
    moved = []
    session.playhead_changed.connect(lambda: moved.append(1))
    for fmt in ("png", "svg", "pdf"):
        export_figure(ExportSession.from_session(session), tmp_path / f"f.{fmt}", width=400,
                      options=ViewOptions(view_range=((0.0, 1.0), (0.0, 1.0))))
    assert session.playhead.t == t and session.view_range == view and not moved
    assert {n: len(getattr(session, n)) for n in counts} == {**counts, "playhead_changed": counts["playhead_changed"] + 1}


def test_the_offscreen_widget_is_deleted(session, qtbot):
    fig = SlideFigure(ExportSession.from_session(session))
    gone = []
    fig.widget.destroyed.connect(lambda *_: gone.append(True))
    fig.close()
    assert fig.widget is None
    qtbot.waitUntil(lambda: bool(gone), timeout=20_000)


# ---- bad requests ------------------------------------------------------------------------------------
def test_bad_requests_are_sentences(session, tmp_path):
    src = ExportSession.from_session(session)
    cases = [
        (lambda: export_figure(src, tmp_path / "no" / "such" / "f.png"), "does not exist"),
        (lambda: export_figure(src, tmp_path, fmt="png"), "is a folder"),
        (lambda: export_figure(src, tmp_path / "f.png", width=5), "between 100 and 10000"),
        (lambda: format_of("figure.jpg"), "no known ending"),
        (lambda: export_figure(src, tmp_path / "f.png", figure="table"), "no figure 'table'"),
    ]
    for call, words in cases:
        with pytest.raises(ExportError) as info:
            call()
        msg = str(info.value)
        assert words in msg and msg.endswith(".") and "\n" not in msg
    assert [p.name for p in tmp_path.iterdir()] == []  # nothing half-written


def test_no_run_yet(qapp, tmp_path):
    s = Session()
    src = ExportSession.from_session(s)
    export_figure(src, tmp_path / "empty.png", width=400)  # the canvas of nothing: axes and a hint
    with pytest.raises(ExportError, match="no run yet"):
        export_figure(ExportSession.from_session(s), tmp_path / "e.png", figure="epochs")


def _many_points_session(n: int) -> Session:
    from perceptron_gui.core.presets import random_noisy

    s = Session()
    s.set_param("max_epochs", 2)
    s.load_dataset(random_noisy(n, 0.1, seed=1), "many")
    s.wait(120)
    s.to_end()
    return s


def test_a_vector_file_of_many_points_draws_them_as_one_image(qapp, tmp_path):
    """Issue 9: 10⁶ points as vector symbols made a 581 MB SVG. Above RASTER_POINTS_ABOVE the
    points (with their rings and the arrow) are one embedded image; lines and text stay vectors."""
    from perceptron_gui.export.source import RASTER_POINTS_ABOVE, raster_note

    s = _many_points_session(RASTER_POINTS_ABOVE + 5_000)
    src = ExportSession.from_session(s)
    with SlideFigure(src) as fig:
        assert fig.point_layer_items()
        fig.write_svg(tmp_path / "many.svg")
        fig.write_pdf(tmp_path / "many.pdf")
    svg = (tmp_path / "many.svg").read_text()
    w, h = logical_size(1.5)
    assert f'<image x="0" y="0" width="{w}" height="{h}"' in svg  # the point layer, over the whole figure
    assert "w·x + b = 0" in svg  # the legend is still text
    assert (tmp_path / "many.svg").stat().st_size < 5_000_000
    assert (tmp_path / "many.pdf").stat().st_size < 5_000_000
    # The points are in the image: the rendered SVG is as dark around the data as the PNG.
    png = as_array(render_figure(src, width=960))
    from PySide6 import QtSvg

    img = QtGui.QImage(png.shape[1], png.shape[0], QtGui.QImage.Format.Format_ARGB32)
    img.fill(QtGui.QColor("white"))
    p = QtGui.QPainter(img)
    QtSvg.QSvgRenderer(str(tmp_path / "many.svg")).render(p)
    p.end()
    svg_px = as_array(img)
    assert abs(non_white_fraction(svg_px) - non_white_fraction(png)) < 0.05
    assert "drawn as one image" in raster_note(s.points.n, "svg") and raster_note(s.points.n, "png") == ""


def test_few_points_stay_vector_symbols(session, tmp_path):
    src = ExportSession.from_session(session)
    with SlideFigure(src) as fig:
        assert fig.point_layer_items() == []
        fig.write_svg(tmp_path / "few.svg")
    w, h = logical_size(1.5)
    assert f'<image x="0" y="0" width="{w}" height="{h}"' not in (tmp_path / "few.svg").read_text()
