"""The storyboard's description (no Qt): the steps, the one view, each panel's two hyperplanes
and its ringed example, and the grid."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core.dataset import Dataset
from perceptron_gui.export.source import ExportSession
from perceptron_gui.render.picture import Markers, Segment, inside
from perceptron_gui.render.storyboard import (
    MAX_PANELS,
    StoryboardError,
    check_steps,
    default_steps,
    grid_shape,
    next_steps,
    parse_steps,
    shared_view,
    storyboard,
)
from perceptron_gui.session.session import Session


def source_of(X, y, algorithm="offset", test=None, **params) -> ExportSession:
    s = Session()
    s.load_dataset(Dataset.from_arrays(np.asarray(X, dtype=float), np.asarray(y, dtype=float)), "test data",
                   test=None if test is None else np.asarray(test, dtype=bool))
    s.set_algorithm(algorithm)
    for k, v in params.items():
        assert s.set_param(k, v)
    s.wait()
    assert s.result is not None
    return ExportSession.from_session(s)


def noisy(algorithm="offset", n=24, seed=3, **params) -> ExportSession:
    X = np.random.default_rng(seed).uniform(-1, 1, size=(n, 2))
    y = np.where(X[:, 0] - 0.4 * X[:, 1] + 0.3 > 0, 1.0, -1.0)
    return source_of(X, y, algorithm, test=[i % 6 == 5 for i in range(n)], **params)


def on_line(ends: np.ndarray, w: np.ndarray, b: float) -> bool:
    scale = float(np.linalg.norm(w)) * max(1.0, float(np.max(np.abs(ends))))
    return bool(np.all(np.abs(ends @ w + b) <= 1e-9 * scale))


def test_steps_are_a_list_a_range_or_both():
    assert parse_steps("1,2,3,4") == [1, 2, 3, 4]
    assert parse_steps("3-8") == [3, 4, 5, 6, 7, 8]
    assert parse_steps(" 1, 4 - 6 ") == [1, 4, 5, 6]
    for bad in ("", "1,,2", "a", "3-", "-2", "1.5"):
        with pytest.raises(StoryboardError, match=r"^The steps must be update numbers.*\.$"):
            parse_steps(bad)
    with pytest.raises(StoryboardError, match="runs backwards"):
        parse_steps("8-3")
    assert default_steps(9) == [1, 2, 3, 4, 5, 6] and default_steps(4) == [1, 2, 3, 4]
    assert next_steps(2, 9, 4) == [3, 4, 5, 6]
    assert next_steps(9, 9, 4) == [6, 7, 8, 9]  # at the end: the last four
    assert next_steps(0, 2, 6) == [1, 2]


def test_out_of_range_steps_are_refused_with_a_sentence_naming_the_updates():
    with pytest.raises(StoryboardError) as err:
        check_steps([1, 12], 9)
    text = str(err.value)
    assert text == "Update 12 is not a step of this run: it made 9 updates, so choose steps from 1 to 9."
    with pytest.raises(StoryboardError, match="from 1 to 9"):
        check_steps([0], 9)
    with pytest.raises(StoryboardError, match="named twice"):
        check_steps([2, 2], 9)
    with pytest.raises(StoryboardError, match=f"at most {MAX_PANELS}"):
        check_steps(list(range(1, MAX_PANELS + 2)), 40)
    with pytest.raises(StoryboardError, match="made no update"):
        check_steps([1], 0)
    src = noisy()
    m = src.run.num_updates
    with pytest.raises(StoryboardError, match=f"it made {m} updates"):
        storyboard(src, [m + 1])


@pytest.mark.parametrize("algorithm", ["offset", "standard", "margin"])
def test_each_panel_draws_w_before_and_after_its_update_and_rings_its_example(algorithm):
    src = noisy(algorithm, max_epochs=20) if algorithm == "margin" else noisy(algorithm)
    result, run = src.result, src.run
    steps = list(range(1, min(run.num_updates, 8) + 1))
    sb = storyboard(src, steps)
    assert sb.steps == tuple(steps)
    for panel in sb.panels:
        k = panel.k
        w_prev, b_prev = run.w_b(k - 1)
        w_new, b_new = run.w_b(k)
        # The frame's weights are the record's, to the bit.
        assert np.array_equal(panel.frame.w, w_new) and panel.frame.b == b_new
        assert np.array_equal(panel.frame.prev_w, w_prev) and panel.frame.prev_b == b_prev
        assert panel.t == run.step_of_update(k)
        hyper = panel.picture.get("hyperplane")
        assert isinstance(hyper, Segment) and on_line(hyper.ends, w_new, b_new)
        prev = panel.picture.get("previous")
        if np.any(w_prev != 0):
            assert isinstance(prev, Segment) and on_line(prev.ends, w_prev, b_prev)
            assert hyper.variant == "after"  # dashed beside the solid previous one
        else:
            assert prev is None  # w_0 = 0 has no hyperplane
        visit = panel.picture.get("visit")
        example = int(result.train_index[run.update_index[k - 1]])
        assert isinstance(visit, Markers) and visit.updated and visit.index.tolist() == [example]
        assert panel.row == example + 1 and panel.title.startswith(f"k = {k} · example {example + 1} (y = ")


def test_one_view_holds_every_panels_points_and_lines():
    src = noisy()
    sb = storyboard(src, default_steps(src.run.num_updates))
    P = src.points.X
    for panel in sb.panels:
        assert panel.picture.rect == sb.rect
        pts = panel.picture.get("points")
        assert isinstance(pts, Markers) and pts.positions.shape[0] == src.points.n  # the test points too
        assert inside(P, panel.picture.rect).all()
        assert panel.picture.get("normal") is not None  # each hyperplane reaches the view with room for w
    assert shared_view(src, list(sb.steps)) == sb.rect
    assert "margin+" not in sb.panels[-1].picture.roles()  # the margin lines crowd a small panel


def test_the_legend_names_what_any_panel_draws_once():
    src = noisy()
    sb = storyboard(src, [1, 2, 3])
    roles = [e.role for e in sb.legend]
    assert len(roles) == len(set(roles))
    assert roles.index("hyperplane") + 1 == roles.index("previous")
    assert "dashed" in dict((e.role, e.text) for e in sb.legend)["hyperplane"]
    assert "visit_no_update" not in roles and "test" in roles


def test_1d_data_and_wide_data():
    src = source_of([[1.0], [2.0], [3.0], [4.0]], [1, 1, -1, -1])
    sb = storyboard(src, [1, 2], line_band=0.8)
    assert sb.kind == "line" and sb.rect[1] == -0.8 and sb.rect[3] == 0.8
    lifted = storyboard(src, [1, 2], lifted=True)
    assert lifted.kind == "lifted"
    X = np.random.default_rng(0).normal(size=(10, 3))
    wide = source_of(X, np.where(X[:, 0] > 0, 1.0, -1.0))
    with pytest.raises(StoryboardError, match="1-D or 2-D data; these points have 3 features"):
        storyboard(wide, [1])


def test_the_grid_fills_the_figures_shape():
    assert grid_shape(4) == (2, 2)  # Bishop's figure
    assert grid_shape(6) == (2, 3)
    assert grid_shape(3) == (1, 3)
    assert grid_shape(8) == (2, 4)
    assert grid_shape(5, columns=5) == (1, 5)
    assert grid_shape(5, columns=9) == (1, 5)
    for n in range(1, MAX_PANELS + 1):
        rows, cols = grid_shape(n)
        assert rows * cols >= n and (rows - 1) * cols < n
