"""The update drawn and the margins per point, in the picture
description every painter paints (no Qt here).

Notes 003's worked example: θ = [1, −1], θ₀ = 1 on (1, 3)+, (2.5, 1.5)+, (−1.5, 1.5)− gives the
margins −√2/2, √2, √2; the first visit updates to θ = [2, 2], θ₀ = 2, and the notes draw the old
line solid and the new one dashed.
"""
from __future__ import annotations

import math
from dataclasses import fields

import numpy as np
import pytest

from perceptron_gui.core.dataset import Dataset
from perceptron_gui.render.formatting import fmt
from perceptron_gui.render.picture import Arrow, Labels, Picture, PictureOptions, Segment, Vector, describe
from perceptron_gui.render.projection import make_projection
from perceptron_gui.render.update_picture import MAX_MARGIN_LABELS
from perceptron_gui.session.frame import compute_frame, frame_at
from perceptron_gui.session.session import Session

NOTES_X = np.array([[1.0, 3.0], [2.5, 1.5], [-1.5, 1.5]])
NOTES_Y = np.array([1.0, 1.0, -1.0])
VIEW = (-3.0, -3.0, 4.0, 4.0)  # the notes' grid
ALL = PictureOptions(show_previous=True, show_update=True, show_point_margins=True)


def session(X=NOTES_X, y=NOTES_Y, algorithm: str = "offset", custom: bool = True, **params) -> Session:
    s = Session()
    s.load_dataset(Dataset.from_arrays(np.asarray(X, float), np.asarray(y, float)), "notes 003")
    s.set_algorithm(algorithm)
    if custom:
        start = {"init": "custom", "start_w": [1, -1]}
        if algorithm != "standard":
            start["start_b"] = 1
        s.set_params(start)
    for k, v in params.items():
        assert s.set_param(k, v)
    s.wait()
    assert s.result is not None
    return s


def picture(s: Session, t: int, options: PictureOptions = ALL, rect=VIEW, lifted: bool = False) -> Picture:
    X, y = s.points.X, s.points.y
    proj = make_projection(X, s.points.feature_names, (0, 1), lifted)
    return describe(frame_at(s.result, t), proj, proj.points(X), y, s.points.test, rect, options, X)


def test_the_margins_of_notes_003_beside_the_points():
    s = session()
    pic = picture(s, -1)  # before the first visit: θ = [1, −1], θ₀ = 1
    labels = pic.get("point_margins")
    assert isinstance(labels, Labels)
    expected = [-math.sqrt(2) / 2, math.sqrt(2), math.sqrt(2)]
    assert list(labels.texts) == [fmt(m) for m in expected] == ["−0.7071", "1.414", "1.414"]
    assert list(labels.texts_tex) == ["$-0.7071$", "$1.414$", "$1.414$"]
    assert labels.emphasis.tolist() == [True, False, False]  # the data set's margin: −√2/2, at x⁽¹⁾
    np.testing.assert_array_equal(labels.positions, NOTES_X)
    assert any(e.role == "point_margins" for e in pic.legend)


def test_the_previous_hyperplane_is_solid_and_the_new_one_dashed_after_the_update():
    s = session()
    assert s.result.record.update_step[0] == 0  # the first visit, (1, 3)+, is a mistake
    pic = picture(s, 0)
    prev, now = pic.get("previous"), pic.get("hyperplane")
    assert isinstance(prev, Segment) and isinstance(now, Segment)
    # θ⁽⁰⁾ = [1, −1], θ₀⁽⁰⁾ = 1 drawn solid; θ⁽¹⁾ = [2, 2], θ₀⁽¹⁾ = 2 dashed ("after").
    for p in prev.ends:
        assert abs(p @ [1.0, -1.0] + 1.0) < 1e-12
    for p in now.ends:
        assert abs(p @ [2.0, 2.0] + 2.0) < 1e-12
    assert (prev.variant, now.variant) == ("", "after")
    ghost, normal = pic.get("previous_normal"), pic.get("normal")
    assert isinstance(ghost, Arrow) and isinstance(normal, Arrow)
    np.testing.assert_allclose(ghost.direction, np.array([1.0, -1.0]) / math.sqrt(2), atol=1e-15)
    assert (ghost.label, ghost.label_tex, normal.label, normal.label_tex) == ("w₀", "$w_{0}$", "w₁", "$w_{1}$")
    assert pic.roles().index("previous") < pic.roles().index("hyperplane")  # behind it
    texts = [e.text for e in pic.legend]
    assert "w·x + b = 0" in texts and "hyperplane before the last update" in texts


def test_no_previous_hyperplane_before_the_first_update_or_when_switched_off():
    s = session()
    start = picture(s, -1)
    assert start.get("previous") is None and start.get("previous_normal") is None
    assert isinstance(start.get("hyperplane"), Segment) and start.get("hyperplane").variant == ""
    assert isinstance(start.get("normal"), Arrow) and start.get("normal").label == "w"
    off = picture(s, 0, PictureOptions(show_previous=False))
    assert off.get("previous") is None and off.get("hyperplane").variant == ""
    assert "w·x + b = 0" in [e.text for e in off.legend]


def test_the_update_as_vector_addition():
    s = session()
    pic = picture(s, 0)
    vectors = {it.role: it for it in pic if isinstance(it, Vector)}
    assert list(vectors) == ["update_before", "update_step", "update_after"]
    np.testing.assert_array_equal(vectors["update_before"].ends, [[0, 0], [1, -1]])  # w₀
    np.testing.assert_array_equal(vectors["update_step"].ends, [[1, -1], [2, 2]])  # y·x = (1, 3) from its tip
    np.testing.assert_array_equal(vectors["update_after"].ends, [[0, 0], [2, 2]])  # w₁
    assert all(v.head for v in vectors.values())
    assert vectors["update_before"].label == "w₀ = (1, −1), b₀ = 1"
    assert vectors["update_step"].label == "y·x, y = +1"
    assert vectors["update_after"].label == "w₁ = (2, 2), b₁ = 2"
    assert vectors["update_after"].label_tex == "$w_{1} = (2, 2)$, $b_{1} = 2$"
    assert pic.note == ""  # the visit shown made this update


def test_a_visit_without_update_shows_the_last_update_and_says_which():
    s = session()
    rec = s.result.record
    t = next(t for t in range(rec.num_steps) if not rec.visit(t).updated and rec.k_after_step(t) >= 1)
    k = rec.k_after_step(t)
    pic = picture(s, t)
    after = pic.get("update_after")
    assert isinstance(after, Vector)
    w, b = rec.w_b(k)
    np.testing.assert_array_equal(after.ends[1], w)
    assert f"visit t = {rec.step_of_update(k)}" in pic.note


def test_vectors_of_the_standard_perceptron_have_no_b_and_the_lifted_view_draws_w_b():
    s = session(algorithm="standard")
    step = picture(s, int(s.result.record.update_step[0])).get("update_step")
    assert isinstance(step, Vector) and step.label == "y·x"
    one_d = session([[1.0], [2.0], [3.0], [4.0]], [1, 1, -1, -1], custom=False)
    t = int(one_d.result.record.update_step[1])
    fr = frame_at(one_d.result, t)
    pic = picture(one_d, t, rect=(-5.0, -5.0, 5.0, 5.0), lifted=True)
    after = pic.get("update_after")
    assert isinstance(after, Vector) and after.label.startswith("(w, b)₂")
    np.testing.assert_array_equal(after.ends[1], [fr.w[0], fr.b])
    # There the normal arrows start at the origin along (w, b): the vectors are they, to scale.
    assert pic.get("normal") is None and pic.get("previous_normal") is None
    assert isinstance(picture(one_d, t, PictureOptions(), rect=(-5.0, -5.0, 5.0, 5.0), lifted=True).get("normal"), Arrow)
    flat = picture(one_d, t, rect=(-5.0, -5.0, 5.0, 5.0))  # 1-D on a line: vectors would lie on it
    assert flat.get("update_after") is None and "lifted view" in flat.note


def test_the_lifted_perceptron_moves_by_a_squared_y_x():
    s = session(algorithm="lifted", custom=False, lift_a=0.5)
    t = int(s.result.record.update_step[0])
    fr = frame_at(s.result, t)
    assert fr.update_factor == pytest.approx(0.25, rel=1e-12, abs=1e-12)
    assert picture(s, t).get("update_step").label.startswith("0.25·y·x")


def test_too_many_points_in_view_are_not_labelled_and_the_note_says_so():
    rng = np.random.default_rng(3)
    X = rng.uniform(-1, 1, (MAX_MARGIN_LABELS + 1, 2))
    s = session(X, np.where(X[:, 0] > X[:, 1], 1.0, -1.0), custom=False)
    pic = picture(s, s.result.record.num_steps - 1, rect=(-1.5, -1.5, 1.5, 1.5))
    assert pic.get("point_margins") is None
    assert f"at most {MAX_MARGIN_LABELS}" in pic.note
    few = picture(s, s.result.record.num_steps - 1, rect=(-1.5, -1.5, 0.0, 0.0))  # zoomed in
    labels = few.get("point_margins")
    assert isinstance(labels, Labels) and 0 < labels.index.size <= MAX_MARGIN_LABELS


def test_no_margins_while_w_is_zero():
    s = session(custom=False)  # the zero start: w = 0 before the first visit
    pic = picture(s, -1)
    assert pic.get("point_margins") is None and pic.note.startswith("w = 0")


def _same(a: Picture, b: Picture) -> None:
    assert a.roles() == b.roles() and a.legend == b.legend and a.note == b.note
    for ia, ib in zip(a, b):
        for f in fields(ia):
            va, vb = getattr(ia, f.name), getattr(ib, f.name)
            if isinstance(va, np.ndarray):
                np.testing.assert_array_equal(va, vb, err_msg=f"{ia.role}.{f.name}")
            else:
                assert va == vb, (ia.role, f.name)


def test_stepping_back_and_forth_redraws_exactly_the_fresh_picture():
    s = session(NOTES_X, NOTES_Y, max_epochs=5)
    X = s.points.X
    proj = make_projection(X, s.points.feature_names, (0, 1), False)
    n = s.result.record.num_steps
    for t in [0, 1, 2, n - 1, 1, 0, -1, 2, 0]:  # the playhead's way: frames kept on the result
        shown = picture(s, t)
        fresh = describe(compute_frame(s.result, t), proj, proj.points(X), s.points.y, s.points.test, VIEW, ALL, X)
        _same(shown, fresh)
