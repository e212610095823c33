"""An exported picture is fitted to what it must show: the update's vectors and every hyperplane
of a Beamer range, not cut to the window's view or the points' box (render/fit_view.py)."""
from __future__ import annotations

import numpy as np

from perceptron_gui.export.beamer import run_to_beamer
from perceptron_gui.export.tikz import tikz_picture
from perceptron_gui.render.fit_view import widened_view
from perceptron_gui.render.geometry import notes_view, range_of_rect
from perceptron_gui.render.picture import Segment, Vector
from perceptron_gui.session.lessons import apply_lesson
from perceptron_gui.session.session import Session


def lesson(name: str) -> Session:
    s = Session()
    apply_lesson(s, name)
    s.wait()
    assert s.result is not None
    return s


def test_lesson_1b_draws_every_vector_of_the_update_whole():
    s = lesson("notes003_update")
    res = s.result
    # What the window shows before F: the points' own box, where w₀ = (1, −1) ends below it.
    P = np.column_stack([res.train.X[:, 0], res.train.X[:, 1]])
    window = range_of_rect(notes_view(P))
    assert window[1][0] > -1.0
    pic, frame = tikz_picture(res, s.playhead.t, view=window, show_update=True)
    vectors = [it for it in pic if isinstance(it, Vector)]
    assert {v.role for v in vectors} == {"update_before", "update_step", "update_after"}
    assert all(v.head for v in vectors)  # each tip inside: no vector cut at the view's edge
    x0, y0, x1, y1 = pic.rect
    assert x0 <= 0.0 <= x1 and y0 <= 0.0 <= y1 and y0 < -1.0
    # A lecturer's view that already holds it all is kept as it is.
    wide = ((-6.0, 6.0), (-6.0, 6.0))
    assert tikz_picture(res, s.playhead.t, view=wide, show_update=True)[0].rect == (-6.0, -6.0, 6.0, 6.0)


def test_widened_view_only_grows():
    rect = (0.0, 0.0, 1.0, 1.0)
    assert widened_view(rect, np.array([[0.5, 0.5]])) == rect
    x0, y0, x1, y1 = widened_view(rect, np.array([[2.0, -1.0]]))
    assert x0 == 0.0 and y1 == 1.0 and x1 > 2.0 and y0 < -1.0


def test_beamer_overlays_show_every_hyperplane_of_the_range_across_the_view():
    s = lesson("notes003_update")
    res = s.result
    tex = run_to_beamer(res, show_update=True, show_point_margins=True)
    bodies = tex.split("\n\\only<")[1:]
    assert len(bodies) == res.record.num_updates + 1
    # Each overlay after the start: the previous line, the vectors and the margins.
    for body in bodies[1:]:
        assert "% previous hyperplane" in body and "% the hyperplane" in body
        assert body.count("% the update as vectors") == 3 and "% each point's signed margin" in body
    legend = tex.split("\\only<1>", 1)[0].split("% legend", 1)[1]  # named once, outside the overlays
    assert "hyperplane before the last update" in legend and "margin $y(w" in legend
    assert "% the update as vectors" not in run_to_beamer(res)  # off unless asked for


def test_beamer_view_takes_in_each_hyperplane_not_a_stub():
    """Each overlay's hyperplane crosses the shared box for at least a quarter of its side."""
    from perceptron_gui.export.beamer import _view, beamer_steps

    s = lesson("notes003_update")
    res = s.result
    steps = beamer_steps(res)
    options = dict(show_regions=False, show_margins=False, show_previous=True, show_update=True,
                   show_point_margins=False, lifted=False)
    view = _view(res, steps, options)
    (a, b), (c, d) = view
    side = min(b - a, d - c)
    for t in steps[1:]:
        pic, _ = tikz_picture(res, int(t), view=view, **options)
        line = pic.get("hyperplane")
        assert isinstance(line, Segment)
        assert float(np.hypot(*(line.ends[1] - line.ends[0]))) >= 0.25 * side
        assert pic.rect == (a, c, b, d)  # the same box on every page


def test_the_slide_figure_grows_the_windows_view_as_tikz_does(qapp):
    from perceptron_gui.export.source import ExportSession, ViewOptions
    from perceptron_gui.gui.figures.plots import SlideFigure

    s = lesson("notes003_update")
    P = np.column_stack([s.result.train.X[:, 0], s.result.train.X[:, 1]])
    window = range_of_rect(notes_view(P))
    options = ViewOptions(view_range=window, show_update=True)
    with SlideFigure(ExportSession.from_session(s), "canvas", options=options) as fig:
        (x0, x1), (y0, y1) = fig.widget.view_box.viewRange()
    assert y0 < -1.0 <= 0.0 <= y1 and x0 <= 0.0  # w₀'s tip (1, −1) and the origin are in
    tikz = tikz_picture(s.result, s.playhead.t, view=window, show_update=True)[0].rect
    np.testing.assert_allclose([x0, y0, x1, y1], tikz, rtol=0.0, atol=0.05 * (x1 - x0))
