"""Undo/redo over every command: random sequences undo to the start and redo to the end, one
drag is one step, a new edit clears redo, and the saved ("clean") state is tracked."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.core.dataset import DatasetError
from perceptron_gui.session.commands import (
    AddPoints,
    Command,
    DeletePoints,
    MovePoints,
    ReplaceAll,
    SetLabels,
    SetRoles,
)
from perceptron_gui.session.history import History
from perceptron_gui.session.points import PointSet
from perceptron_gui.session.session import Session

COORD = st.floats(-100, 100, allow_nan=False, allow_infinity=False)


def make_points(n: int = 5, d: int = 2, seed: int = 0) -> PointSet:
    rng = np.random.default_rng(seed)
    X = rng.uniform(-2, 2, size=(n, d))
    y = np.where(rng.random(n) < 0.5, -1.0, 1.0)
    return PointSet(X, y, rng.random(n) < 0.3, tuple(f"x{j + 1}" for j in range(d)))


def snapshot(p: PointSet) -> tuple:
    return p.X.copy(), p.y.copy(), p.test.copy(), tuple(p.feature_names)


def same(p: PointSet, snap: tuple) -> bool:
    X, y, test, names = snap
    return (p.X.shape == X.shape and np.array_equal(p.X, X) and np.array_equal(p.y, y)
            and np.array_equal(p.test, test) and np.array_equal(p.feature_names, names))


def undo_all(h: History, p: PointSet) -> int:
    steps = 0
    while h.can_undo():
        assert h.undo(p) is not None
        steps += 1
    assert h.undo(p) is None
    return steps


def redo_all(h: History, p: PointSet) -> int:
    steps = 0
    while h.can_redo():
        assert h.redo(p) is not None
        steps += 1
    assert h.redo(p) is None
    return steps


def draw_command(data: st.DataObject, p: PointSet) -> Command:
    """A random command for the table ``p``, valid or (sometimes) not."""
    n, d = p.n, p.d
    kinds = ["add", "replace", "bad"] + (["delete", "move", "move", "label", "role"] if n else [])
    kind = data.draw(st.sampled_from(kinds), label="kind")
    if kind == "bad":
        return data.draw(st.sampled_from([
            MovePoints([n + 3], np.zeros(d)), DeletePoints([n]), SetLabels([0], [0.0]),
            AddPoints(np.full((1, d), np.nan), [1.0]), AddPoints(np.ones((1, d)), ["x"]),
            MovePoints([0], ["abc"] * d), SetRoles([0], "abc"),
        ]))
    if kind == "add":
        m = data.draw(st.integers(1, 3))
        X = data.draw(arrays(np.float64, (m, d), elements=COORD))
        y = np.array(data.draw(st.lists(st.sampled_from([-1.0, 1.0]), min_size=m, max_size=m)))
        test = np.array(data.draw(st.lists(st.booleans(), min_size=m, max_size=m)))
        return AddPoints(X, y, test)
    if kind == "replace":
        m = data.draw(st.integers(0, 5))
        dd = data.draw(st.sampled_from([1, 2, 2]))
        X = data.draw(arrays(np.float64, (m, dd), elements=COORD))
        y = np.array(data.draw(st.lists(st.sampled_from([-1.0, 1.0]), min_size=m, max_size=m)))
        test = np.array(data.draw(st.lists(st.booleans(), min_size=m, max_size=m)), dtype=bool)
        return ReplaceAll(PointSet(X, y, test, tuple(f"x{j + 1}" for j in range(dd))), "Load")
    idx = np.array(data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=min(n, 3), unique=True)))
    if kind == "delete":
        return DeletePoints(idx)
    if kind == "move":
        # drag ids 1/2 make consecutive moves of the same points merge
        return MovePoints(idx, data.draw(arrays(np.float64, (idx.size, d), elements=COORD)),
                          drag_id=data.draw(st.sampled_from([None, 1, 2])))
    if kind == "label":
        return SetLabels(idx, data.draw(st.sampled_from([-1.0, 1.0])))
    return SetRoles(idx, data.draw(st.booleans()))


@given(st.data())
def test_random_edits_undo_to_the_start_and_redo_to_the_end(data):
    p = make_points(data.draw(st.integers(0, 6)), seed=data.draw(st.integers(0, 5)))
    h = History()
    initial = snapshot(p)
    states = [initial]  # the table after each undo step
    for _ in range(data.draw(st.integers(1, 12), label="length")):
        cmd = draw_command(data, p)
        before, depth = snapshot(p), len(h._undo)
        try:
            h.execute(cmd, p)
        except DatasetError:
            assert same(p, before) and len(h._undo) == depth  # a refused edit leaves no trace
            continue
        if len(h._undo) == depth:  # merged into the drag on top: replaces that step's result
            states[-1] = snapshot(p)
        else:
            states.append(snapshot(p))
        if data.draw(st.booleans(), label="end drag"):
            h.end_merge()
    final = snapshot(p)
    # undo one step at a time walks the states back, then redo walks them forward
    for state in reversed(states[:-1]):
        h.undo(p)
        assert same(p, state)
    assert not h.can_undo() and same(p, initial)
    redo_all(h, p)
    assert same(p, final)
    assert undo_all(h, p) == len(states) - 1 and same(p, initial)


def test_one_drag_is_one_undo_step():
    p = make_points(4)
    start = snapshot(p)
    h = History()
    for i in range(20):
        h.execute(MovePoints([1, 3], [[i, -i], [2 * i, 0.5]], drag_id=7), p)
    end = snapshot(p)
    assert undo_all(h, p) == 1 and same(p, start)
    assert redo_all(h, p) == 1 and same(p, end)
    assert np.array_equal(p.X[[1, 3]], [[19, -19], [38, 0.5]])


def test_moves_without_a_drag_id_or_of_other_points_are_separate_steps():
    p = make_points(4)
    h = History()
    h.execute(MovePoints([0], [1.0, 1.0]), p)
    h.execute(MovePoints([0], [2.0, 2.0]), p)
    h.execute(MovePoints([0], [3.0, 3.0], drag_id=1), p)
    h.execute(MovePoints([1], [3.0, 3.0], drag_id=1), p)  # same drag id, other point
    h.execute(MovePoints([1], [4.0, 4.0], drag_id=2), p)  # other drag
    assert undo_all(h, p) == 5


def test_after_end_drag_the_same_id_starts_a_new_step():
    p = make_points(3)
    start = snapshot(p)
    h = History()
    for i in range(3):
        h.execute(MovePoints([0], [i, i], drag_id=1), p)
    h.end_merge()
    middle = snapshot(p)
    for i in range(3):
        h.execute(MovePoints([0], [10 + i, i], drag_id=1), p)
    h.undo(p)
    assert same(p, middle)
    h.undo(p)
    assert same(p, start) and not h.can_undo()


def test_a_redone_drag_is_closed_too():
    p = make_points(3)
    h = History()
    h.execute(MovePoints([0], [1.0, 1.0], drag_id=1), p)
    h.end_merge()
    h.undo(p)
    h.redo(p)
    redone = snapshot(p)
    h.execute(MovePoints([0], [5.0, 5.0], drag_id=1), p)  # e.g. a view that reuses ids
    h.undo(p)
    assert same(p, redone)


def test_a_new_edit_clears_redo():
    p = make_points(3)
    h = History()
    h.execute(SetLabels([0], 1.0), p)
    h.execute(SetLabels([1], -1.0), p)
    h.undo(p)
    assert h.can_redo() and h.redo_text() == "Change label"
    h.execute(MovePoints([2], [0.0, 0.0]), p)
    assert not h.can_redo() and h.redo(p) is None
    assert h.undo_text() == "Move points"


def test_a_drag_after_an_undo_does_not_merge_into_the_undone_step():
    p = make_points(3)
    h = History()
    h.execute(MovePoints([0], [1.0, 1.0], drag_id=1), p)
    h.execute(SetLabels([1], 1.0), p)
    h.undo(p)
    h.execute(MovePoints([0], [2.0, 2.0], drag_id=1), p)  # redo cleared, top is the first drag
    assert not h.can_redo()
    h.undo(p)
    assert np.array_equal(p.X[0], [1.0, 1.0])


def test_undo_texts_name_the_steps():
    p = make_points(3)
    h = History()
    assert h.undo_text() == "" and h.redo_text() == ""
    h.execute(ReplaceAll(PointSet.empty(2), "Clear"), p)
    assert h.undo_text() == "Clear"
    h.undo(p)
    assert h.redo_text() == "Clear" and h.undo_text() == ""


def test_clean_tracking():
    p = make_points(3)
    h = History()
    assert h.is_clean()
    h.execute(SetLabels([0], 1.0), p)
    assert not h.is_clean()
    h.undo(p)
    assert h.is_clean()
    h.redo(p)
    h.execute(SetLabels([1], 1.0), p)
    h.mark_clean()  # saved at depth 2
    assert h.is_clean()
    h.undo(p)
    assert not h.is_clean()
    h.redo(p)
    assert h.is_clean()
    h.undo(p)
    h.execute(SetLabels([2], -1.0), p)  # the saved state is gone for good
    assert not h.is_clean()
    h.undo(p)
    assert not h.is_clean()
    h.redo(p)
    assert not h.is_clean()
    h.mark_clean()
    assert h.is_clean()
    h.clear()
    assert h.is_clean() and not h.can_undo() and not h.can_redo()


def test_saving_in_the_middle_of_a_drag_then_moving_on_is_not_clean():
    p = make_points(3)
    h = History()
    h.execute(MovePoints([0], [1.0, 1.0], drag_id=3), p)
    h.mark_clean()
    h.execute(MovePoints([0], [2.0, 2.0], drag_id=3), p)  # merges: the saved state is gone
    assert not h.is_clean()
    h.undo(p)
    assert not h.is_clean()


def test_limit_drops_the_oldest_steps_and_with_them_the_clean_start():
    p = make_points(3)
    start = snapshot(p)
    h = History(limit=3)
    for i in range(5):
        h.execute(MovePoints([0], [i, i]), p)
    assert undo_all(h, p) == 3
    assert np.array_equal(p.X[0], [1.0, 1.0]) and not same(p, start)
    assert not h.is_clean()


# ---- the same through the session: the run follows every undo and redo --------------------------
def fresh_weights(s: Session) -> np.ndarray:
    pts = s.points
    test = pts.test_dataset() if pts.test.any() else None
    return make_algorithm(s.algorithm, **s.current_params()).fit(pts.train_dataset(), test).weights


@settings(max_examples=12, deadline=None)  # the first run loads the numba kernels
@given(st.data())
def test_session_undo_redo_restores_points_and_run(data):
    s = Session()
    s.load_dataset(make_points(5, seed=data.draw(st.integers(0, 3))).all_dataset())
    initial, initial_w = snapshot(s.points), s.result.record.weights.copy()
    s.history.clear()
    events = []
    s.history_changed.connect(lambda: events.append(1))
    done = 0
    for _ in range(data.draw(st.integers(1, 6))):
        done += s.execute(draw_command(data, s.points))
        if data.draw(st.booleans()):
            s.end_drag()
    final, final_w = snapshot(s.points), s.result.record.weights.copy()
    while s.undo():
        pass
    assert same(s.points, initial)
    assert np.array_equal(s.result.record.weights, initial_w)
    while s.redo():
        pass
    assert same(s.points, final)
    assert np.array_equal(s.result.record.weights, final_w)
    assert np.array_equal(s.result.record.weights, fresh_weights(s))
    assert len(events) >= 3 * done  # views were told of every edit, undo and redo


def test_session_drag_is_one_undo_step_and_the_run_answers_each_move():
    s = Session()
    s.load_preset("and")
    start = snapshot(s.points)
    drag = s.new_drag_id()
    ws = []
    for i in range(5):
        assert s.execute(MovePoints([3], [1.0 + i, 1.0], drag_id=drag))
        assert np.array_equal(s.result.record.weights, fresh_weights(s))  # live
        ws.append(s.result.record.weights[-1].copy())
    s.end_drag()
    assert s.history.undo_text() == "Move points"
    assert s.undo() and same(s.points, start)
    assert s.history.can_redo() and s.history.undo_text() == "Load preset AND gate"
    assert s.redo() and np.array_equal(s.points.X[3], [5.0, 1.0])
    assert np.array_equal(s.result.record.weights[-1], ws[-1])


def test_session_new_drag_ids_are_fresh():
    s = Session()
    assert s.new_drag_id() != s.new_drag_id()


@pytest.mark.parametrize("how", ["load_preset", "clear", "load_dataset"])
def test_session_loads_and_clear_are_undoable(how):
    s = Session()
    s.load_preset("random_separable")
    before = snapshot(s.points)
    s.select([0, 1])
    if how == "load_preset":
        s.load_preset("not")  # one feature: d changes
        assert s.points.d == 1
    elif how == "clear":
        s.clear()
        assert s.points.n == 0
    else:
        s.load_dataset(make_points(7, d=3).all_dataset(), "file.csv")
        assert s.points.d == 3
    assert s.selection.size == 0
    assert s.undo() and same(s.points, before)
    assert np.array_equal(s.result.record.weights, fresh_weights(s))


def test_end_drag_many_times_without_a_drag_is_harmless():
    s = Session()
    s.load_preset("and")
    s.execute(SetLabels([0], 1.0))
    for _ in range(3000):  # a view may close the drag on every mouse release
        s.end_drag()
    assert s.undo() and s.points.y[0] == -1.0
    assert s.redo() and s.points.y[0] == 1.0
