"""The lessons of the notes: the registry, and the numbers each scene shows once
opened in a Session (lessons 1, 2, 4, 7 and 8 against the notes' own numbers)."""
from __future__ import annotations

import math
import queue

import numpy as np
import pytest

from perceptron_gui.core.algorithms import REGISTRY
from perceptron_gui.core.dataset import DatasetError
from perceptron_gui.core.presets import PRESETS, get_preset
from perceptron_gui.core.separability import max_margin_any_scale
from perceptron_gui.core.theory import signed_margins
from perceptron_gui.session.class_lessons import CLASS_LESSONS
from perceptron_gui.session.lessons import LESSONS, PANELS, VIEW_SWITCHES, apply_lesson, get_lesson, lesson_lines, lesson_switches
from perceptron_gui.session.session import Session

SQRT2 = math.sqrt(2.0)


def open_lesson(name: str) -> tuple[Session, list[tuple[str, str]]]:
    s = Session()
    said: list[tuple[str, str]] = []
    s.message.connect(lambda level, text: said.append((level, text)))
    apply_lesson(s, name)
    s.wait()
    return s, said


def test_every_lesson_names_known_parts_and_explains_itself_with_its_note():
    assert len({les.number.rstrip("abcd") for les in LESSONS.values()}) >= 10  # the ten examples
    for les in LESSONS.values():
        assert les.preset in PRESETS and les.algorithm in REGISTRY
        assert set(les.views) <= set(VIEW_SWITCHES) and les.panel in (None, *PANELS)
        assert les.step == "end" or (isinstance(les.step, int) and les.step >= 0)
        specs = {p.name for p in REGISTRY[les.algorithm].param_specs()}
        assert set(les.params) <= specs, les.name
        assert f"Notes {les.note.split('/')[0]}" in les.explanation or f"notes {les.note}" in les.explanation.lower()


@pytest.mark.parametrize("name", list(LESSONS))
def test_every_lesson_opens_without_an_error_and_says_what_to_look_at(name):
    s, said = open_lesson(name)
    les = LESSONS[name]
    assert s.algorithm == les.algorithm and s.run is not None
    assert not [m for m in said if m[0] == "error"]
    assert said[-1] == ("info", f"Lesson {les.number} ({les.title}). {les.explanation}")
    assert s.history.undo_text().endswith(f"Open lesson {les.number}")  # one undoable step


def test_lesson_1_notes_003_margins_then_the_update_to_theta_2_2_2():
    s, _ = open_lesson("notes003_margins")
    assert s.k == 0
    fr = s.frame()
    assert fr.w.tolist() == [1.0, -1.0] and fr.b == 1.0
    X, y = s.points.X, s.points.y
    np.testing.assert_allclose(signed_margins(X, y, fr.w, fr.b), [-SQRT2 / 2, SQRT2, SQRT2], rtol=1e-12, atol=1e-12)
    assert fr.dataset_margin == pytest.approx(-SQRT2 / 2, rel=1e-12, abs=1e-12)

    s, _ = open_lesson("notes003_update")
    assert s.k == 1
    fr = s.frame()
    assert fr.w.tolist() == [2.0, 2.0] and fr.b == 2.0
    assert fr.prev_w.tolist() == [1.0, -1.0] and fr.prev_b == 1.0  # the old line, drawn solid
    assert s.points.X[fr.update_index].tolist() == [1.0, 3.0] and fr.update_y == 1.0
    sw = lesson_switches(LESSONS["notes003_update"])
    assert sw["previous"] and sw["update_vectors"] and sw["point_margins"]


def test_lesson_2_one_d_data_separates_only_with_the_offset():
    data = get_preset("offset_1d").data()
    assert data.X[:, 0].tolist() == [1.0, 2.0, 3.0, 4.0] and data.y.tolist() == [1.0, 1.0, -1.0, -1.0]
    assert not max_margin_any_scale(data.X, data.y).separable  # through the origin: no separator
    ones = np.hstack([data.X, np.ones((4, 1))])
    assert max_margin_any_scale(ones, data.y).separable  # with θ₀, the weight of a constant 1

    s, _ = open_lesson("origin_1d")
    assert s.algorithm == "standard" and not s.run.converged
    assert all(e.train_error > 0 for e in s.run.epochs)  # an error in every epoch
    s, _ = open_lesson("offset_trick_1d")
    assert s.algorithm == "offset" and s.run.converged and s.frame().train_error == 0
    w, b = s.frame().w[0], s.frame().b
    assert np.all(data.y * (w * data.X[:, 0] + b) > 0)
    assert lesson_switches(LESSONS["offset_trick_1d"])["lifted_view"]


def test_lesson_4_notes_000_figure_1_uniform_square_labelled_by_x2_above_x1():
    s, _ = open_lesson("figure1_000")
    X, y = s.points.X, s.points.y
    assert X.min() >= -1 and X.max() <= 1 and s.points.d == 2
    np.testing.assert_array_equal(y, np.where(X[:, 1] > X[:, 0], 1.0, -1.0))
    assert s.current_params()["init"] == "first"  # W₁ = y₁x₁, as notes 000 start
    assert s.run.w_b(0)[0].tolist() == (y[0] * X[0]).tolist()
    fr = s.frame()
    assert s.run.converged and fr.train_error == 0 and fr.b == 0  # through the origin
    # W is the separator's normal: it points into the +1 side, close to the diagonal's (−1, 1)/√2.
    unit = fr.w / np.linalg.norm(fr.w)
    assert np.all(y * (X @ fr.w) > 0)
    assert unit @ np.array([-1.0, 1.0]) / SQRT2 > 0.95


@pytest.mark.parametrize("name, w, b, outputs", [
    ("and_gate", [1.0, 1.0], -1.5, [-1, -1, -1, 1]),
    ("or_gate", [1.0, 1.0], -0.5, [-1, 1, 1, 1]),
    ("not_gate", [-1.0], 0.5, [1, -1]),
])
def test_lesson_7_gates_start_at_the_notes_weights_and_need_no_update(name, w, b, outputs):
    s, _ = open_lesson(name)
    params = s.current_params()
    assert params["init"] == "custom" and params["start_w"] == w and params["start_b"] == b
    assert s.run.num_updates == 0 and s.run.converged
    fr = s.frame()
    assert fr.w.tolist() == w and fr.b == b
    # The threshold unit of notes 002: 1 when w·x + b ≥ 0, here ±1.
    np.testing.assert_array_equal(np.where(s.points.X @ np.array(w) + b >= 0, 1, -1), outputs)
    np.testing.assert_array_equal(s.points.y, outputs)


def _notes_002_table(X: np.ndarray, y: np.ndarray, Xt: np.ndarray, yt: np.ndarray) -> list[tuple]:
    """Notes 002's loop: w = 0, update when y·(w·x) ≤ 0, stop after an epoch with no change."""
    w = np.zeros(X.shape[1])
    rows = []
    for e in range(100):
        changes = 0
        for i in range(len(y)):
            if y[i] * float(np.dot(X[i], w)) <= 0:
                w = w + y[i] * X[i]
                changes += 1
        rows.append((e, changes, float(np.mean(y * (X @ w) <= 0)), float(np.mean(yt * (Xt @ w) <= 0))))
        if changes == 0:
            return rows
    return rows


def test_lesson_8_digits_run_table_is_notes_002s():
    s, _ = open_lesson("digits_002")
    train, test = get_preset("digits_0_vs_1").train_test()
    assert s.points.n == 360 and int(s.points.test_index().size) == 90
    table = [(e.epoch, e.updates, e.train_error, e.test_error) for e in s.run.epochs]
    expected = _notes_002_table(train.X, train.y, test.X, test.y)
    assert [r[:2] for r in table] == [r[:2] for r in expected]
    np.testing.assert_allclose([r[2:] for r in table], [r[2:] for r in expected], atol=1e-12)
    assert LESSONS["digits_002"].panel == "Per epoch"


def test_the_order_lessons_differ_only_in_the_seed_and_end_differently():
    a, _ = open_lesson("order_seed1_004")
    b, _ = open_lesson("order_seed2_004")
    np.testing.assert_array_equal(a.points.X, b.points.X)
    assert a.current_params()["seed"] != b.current_params()["seed"]
    assert a.run.num_updates != b.run.num_updates or not np.allclose(a.frame().w, b.frame().w)


def test_a_lesson_resets_the_parameters_it_does_not_name():
    s = Session()
    s.set_algorithm("offset")
    s.set_params({"max_epochs": 3, "shuffle": True})
    apply_lesson(s, "offset_trick_1d")
    s.wait()
    assert s.current_params()["max_epochs"] == 100 and s.current_params()["shuffle"] is False


def test_switches_are_complete_and_previous_only_for_a_step():
    for les in LESSONS.values():
        sw = lesson_switches(les)
        assert set(sw) == set(VIEW_SWITCHES)
        if "previous" not in les.views:
            assert sw["previous"] == (les.step != "end")


def test_a_background_run_gets_its_step_when_it_arrives():
    posted: queue.SimpleQueue = queue.SimpleQueue()
    s = Session(post=posted.put, background_work=0)  # every run on the worker
    s.set_dispatcher(posted.put)
    apply_lesson(s, "notes003_update")
    s.wait()
    while not posted.empty():
        posted.get()()  # the UI thread's queue, run by hand
    assert s.run is not None and s.k == 1


def test_an_unknown_lesson_is_one_sentence():
    with pytest.raises(DatasetError, match="There is no lesson 'nope'; choose one of notes003_margins"):
        get_lesson("nope")


def test_lesson_lines_list_name_note_and_title():
    lines = lesson_lines()
    assert [line.split()[0] for line in lines] == [*LESSONS, *CLASS_LESSONS]
    for line, les in zip(lines, LESSONS.values()):
        assert f"notes {les.note}" in line and line.endswith(les.title)
    for line, cl in zip(lines[len(LESSONS):], CLASS_LESSONS.values()):
        assert "notes —" in line and line.endswith(cl.title)


def test_every_lesson_sets_every_lesson_dock_and_names_known_presentation_panels():
    from perceptron_gui.session.lessons import DOCKS_SHOWN, PRESENTATION_PANELS, lesson_docks

    for les in LESSONS.values():
        docks = lesson_docks(les)
        assert set(docks) == set(PANELS)  # every dock, so none is left from the lesson before
        assert {name for name, on in docks.items() if on and not DOCKS_SHOWN[name]} <= {les.panel}
        assert les.presenting is None or set(les.presenting) <= set(PRESENTATION_PANELS)
    # The lessons about the per-epoch table, the weights' image and the proof's curves keep
    # those panels on the screen in presentation mode.
    assert {"Per epoch", "Weights as an image"} <= set(LESSONS["digits_002"].presenting or ())
    assert "Proof as curves" in (LESSONS["convergence_proof"].presenting or ())
    assert "Proof as curves" in (LESSONS["losses_001"].presenting or ())


def test_apply_lesson_returns_the_docks_and_the_presentation_panels():
    s = Session()
    view = apply_lesson(s, "weight_space_000")
    s.wait()
    assert view.docks["Weight space"] and not view.docks["Proof as curves"]
    assert view.presenting == LESSONS["weight_space_000"].presenting
