"""Every edit command: what applying it does to the point table, and that its inverse restores
the exact previous arrays. Bad values end in a sentence (DatasetError here, a ``message`` event
through the session) and leave the points untouched."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from perceptron_gui.core.dataset import Dataset, DatasetError
from perceptron_gui.core.io import parse_csv_text
from perceptron_gui.session.commands import (
    AddPoints,
    Command,
    DeletePoints,
    MovePoints,
    ReplaceAll,
    SetLabels,
    SetRoles,
)
from perceptron_gui.session.points import PointSet
from perceptron_gui.session.session import Session


def make_points(n: int = 6, d: int = 2, seed: int = 0) -> PointSet:
    rng = np.random.default_rng(seed)
    X = rng.uniform(-2, 2, size=(n, d))
    y = np.where(rng.random(n) < 0.5, -1.0, 1.0)
    test = rng.random(n) < 0.3
    return PointSet(X, y, test, tuple(f"f{j}" for j in range(d)))


def snapshot(p: PointSet) -> tuple[np.ndarray, np.ndarray, np.ndarray, tuple[str, ...]]:
    return p.X.copy(), p.y.copy(), p.test.copy(), tuple(p.feature_names)


def assert_same(p: PointSet, snap: tuple) -> None:
    X, y, test, names = snap
    assert p.X.dtype == np.float64 and p.y.dtype == np.float64 and p.test.dtype == bool
    assert np.array_equal(p.X, X)
    assert np.array_equal(p.y, y)
    assert np.array_equal(p.test, test)
    assert np.array_equal(p.feature_names, names)
    assert p.X.shape == X.shape


def roundtrip(cmd: Command, p: PointSet):
    """Apply ``cmd``, check its inverse restores the table and the inverse's inverse redoes it."""
    before = snapshot(p)
    inverse, change = cmd.apply(p)
    after = snapshot(p)
    redo, _ = inverse.apply(p)
    assert_same(p, before)
    redo.apply(p)
    assert_same(p, after)
    return change, before, after


# ---- what each command does -----------------------------------------------------------------
def test_add_appends_points_with_labels_and_roles():
    p = make_points(4)
    change, before, _ = roundtrip(AddPoints(np.array([[1.0, 2.0], [3.0, 4.0]]), np.array([1.0, -1.0]),
                                            np.array([False, True])), p)
    assert p.n == 6
    assert np.array_equal(p.X[:4], before[0])
    assert np.array_equal(p.X[4:], [[1.0, 2.0], [3.0, 4.0]])
    assert np.array_equal(p.y[4:], [1.0, -1.0])
    assert np.array_equal(p.test[4:], [False, True])
    assert change.kind == "add" and np.array_equal(change.indices, [4, 5])


def test_add_single_point_from_a_flat_list_goes_to_train_by_default():
    p = make_points(3)
    roundtrip(AddPoints([0.5, -0.5], 1), p)
    assert p.n == 4 and np.array_equal(p.X[3], [0.5, -0.5]) and p.y[3] == 1.0 and not p.test[3]


def test_add_at_given_positions_inserts_there():
    p = make_points(4)
    old = p.X.copy()
    change, _, _ = roundtrip(AddPoints(np.array([[9.0, 9.0], [8.0, 8.0]]), np.array([1.0, -1.0]),
                                       at=np.array([5, 0])), p)
    assert np.array_equal(p.X[0], [8.0, 8.0]) and p.y[0] == -1.0
    assert np.array_equal(p.X[5], [9.0, 9.0]) and p.y[5] == 1.0
    assert np.array_equal(p.X[1:5], old)
    assert np.array_equal(change.indices, [0, 5])


def test_add_to_an_empty_one_dimensional_set():
    p = PointSet.empty(1)
    roundtrip(AddPoints([[2.5]], [-1.0]), p)
    assert p.X.shape == (1, 1) and p.X[0, 0] == 2.5


def test_delete_removes_points_and_the_inverse_puts_them_back_in_place():
    p = make_points(7)
    before = snapshot(p)
    change, _, _ = roundtrip(DeletePoints(np.array([5, 1, 3, 1])), p)  # unsorted, repeated
    keep = np.array([0, 2, 4, 6])
    assert np.array_equal(p.X, before[0][keep])
    assert np.array_equal(p.y, before[1][keep])
    assert np.array_equal(p.test, before[2][keep])
    assert change.kind == "delete" and np.array_equal(change.indices, [1, 3, 5])


def test_delete_everything_then_restore():
    p = make_points(3)
    roundtrip(DeletePoints(np.arange(3)), p)
    assert p.n == 0 and p.X.shape == (0, 2)


def test_move_sets_coordinates():
    p = make_points(5)
    before = snapshot(p)
    roundtrip(MovePoints(np.array([1, 3]), np.array([[0.0, 1.0], [2.0, 3.0]])), p)
    assert np.array_equal(p.X[[1, 3]], [[0.0, 1.0], [2.0, 3.0]])
    assert np.array_equal(p.X[[0, 2, 4]], before[0][[0, 2, 4]])
    assert np.array_equal(p.y, before[1]) and np.array_equal(p.test, before[2])


def test_move_accepts_numeric_strings_typed_in_a_cell():
    p = make_points(2)
    roundtrip(MovePoints([0], ["1.5", "-2"]), p)
    assert np.array_equal(p.X[0], [1.5, -2.0])


def test_relabel_one_and_many():
    p = make_points(5)
    roundtrip(SetLabels([2], [-p.y[2]]), p)
    roundtrip(SetLabels(np.array([0, 1, 4]), 1.0), p)  # one label for all
    assert np.all(p.y[[0, 1, 4]] == 1.0)


def test_roles_move_points_to_test_and_back():
    p = make_points(5)
    p.test[:] = False
    roundtrip(SetRoles(np.array([0, 3]), True), p)
    assert np.array_equal(p.test, [True, False, False, True, False])
    roundtrip(SetRoles([3], [False]), p)
    assert np.array_equal(p.test, [True, False, False, False, False])


@pytest.mark.parametrize("new", [PointSet.empty(2), PointSet.empty(1), make_points(9, 3, seed=4)])
def test_replace_all_clears_or_loads_and_undoes_exactly(new):
    p = make_points(5)
    change, _, _ = roundtrip(ReplaceAll(new, "Load"), p)
    assert change.kind == "reset"
    assert_same(p, snapshot(new))


def test_replace_all_shares_its_arrays_copy_on_write_so_edits_never_reach_the_command():
    # The table takes the command's arrays without a copy (an open of 10⁶ rows copied them twice
    # on the window's thread); an in-place edit of the table must copy first, so the command — and
    # so a redo — keeps the points it was given.
    new = make_points(9, 2, seed=4)
    given = snapshot(new)
    p = make_points(5)
    cmd = ReplaceAll(new, "Load")
    inverse, _ = cmd.apply(p)
    undo = [MovePoints(np.array([0, 3]), np.array([[9.0, 9.0], [-9.0, 9.0]])).apply(p)[0],
            SetLabels(np.array([1]), -p.y[1:2]).apply(p)[0],
            SetRoles(np.array([2]), ~p.test[2:3]).apply(p)[0]]
    assert_same(new, given)  # the command's points are as given
    assert p.X[0, 0] == 9.0 and p.X is not new.X and p.y is not new.y and p.test is not new.test
    for cmd_back in reversed(undo):  # undo the edits, then the load; redo the load: as given
        cmd_back.apply(p)
    assert_same(p, given)
    inverse.apply(p)
    cmd.apply(p)
    assert_same(p, given)


def test_points_from_a_dataset_share_its_read_only_arrays_until_an_edit():
    data = parse_csv_text("a,b,y\n1,2,1\n3,4,-1\n5,6,1\n")
    p = PointSet.from_dataset(data)
    assert np.shares_memory(p.X, data.X)  # no copy on the way in
    MovePoints(np.array([1]), np.array([[0.5, 0.5]])).apply(p)  # read-only: copied, not an error
    SetLabels(np.array([0]), np.array([-1.0])).apply(p)
    assert np.array_equal(data.X, [[1, 2], [3, 4], [5, 6]]) and np.array_equal(data.y, [1, -1, 1])
    assert np.array_equal(p.X[1], [0.5, 0.5]) and p.y[0] == -1.0


def test_replace_all_loads_a_file_with_its_feature_names():
    data = parse_csv_text("height,weight,y\n1,2,1\n3,4,-1\n5,6,1\n")
    p = make_points(4)
    roundtrip(ReplaceAll(PointSet.from_dataset(data), "Open"), p)
    assert p.feature_names == ("height", "weight") and p.n == 3


# ---- random commands: inverse restores, whatever the command ---------------------------------
COORD = st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False)


def draw_command(data: st.DataObject, p: PointSet) -> Command:
    n, d = p.n, p.d
    kinds = ["add", "replace"] + (["delete", "move", "label", "role"] if n else [])
    kind = data.draw(st.sampled_from(kinds))
    if kind == "add":
        m = data.draw(st.integers(1, 3))
        X = data.draw(arrays(np.float64, (m, d), elements=COORD))
        y = np.array(data.draw(st.lists(st.sampled_from([-1.0, 1.0]), min_size=m, max_size=m)))
        test = np.array(data.draw(st.lists(st.booleans(), min_size=m, max_size=m)))
        at = None
        if data.draw(st.booleans()):
            at = np.array(data.draw(st.permutations(range(n + m)))[:m])
        return AddPoints(X, y, test, at=at)
    if kind == "replace":
        m = data.draw(st.integers(0, 4))
        dd = data.draw(st.integers(1, 3))
        X = data.draw(arrays(np.float64, (m, dd), elements=COORD))
        y = np.array(data.draw(st.lists(st.sampled_from([-1.0, 1.0]), min_size=m, max_size=m)))
        return ReplaceAll(PointSet(X, y, np.zeros(m, dtype=bool), tuple(f"x{j + 1}" for j in range(dd))))
    idx = np.array(data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=min(n, 4), unique=True)))
    if kind == "delete":
        return DeletePoints(idx)
    if kind == "move":
        return MovePoints(idx, data.draw(arrays(np.float64, (idx.size, d), elements=COORD)),
                          drag_id=data.draw(st.sampled_from([None, 1, 2])))
    if kind == "label":
        return SetLabels(idx, np.array(data.draw(st.lists(st.sampled_from([-1.0, 1.0]),
                                                          min_size=idx.size, max_size=idx.size))))
    return SetRoles(idx, np.array(data.draw(st.lists(st.booleans(), min_size=idx.size, max_size=idx.size))))


@given(st.data())
def test_any_command_is_undone_exactly_by_its_inverse(data):
    p = make_points(data.draw(st.integers(0, 6)), data.draw(st.integers(1, 3)), seed=data.draw(st.integers(0, 9)))
    for _ in range(3):
        roundtrip(draw_command(data, p), p)


# ---- bad values: a sentence, never a traceback, no lost data -----------------------------------
BAD_COMMANDS = {
    "move 'abc'": lambda: MovePoints([0], "abc"),
    "move ['abc', 1]": lambda: MovePoints([0], ["abc", 1.0]),
    "move None": lambda: MovePoints([0], [None, 1.0]),
    "move NaN": lambda: MovePoints([0], [np.nan, 0.0]),
    "move inf": lambda: MovePoints([0], [0.0, np.inf]),
    "move -inf": lambda: MovePoints([0], [-np.inf, 0.0]),
    "move 1e300": lambda: MovePoints([0], [1e300, 0.0]),
    "move 3 coords in 2-D": lambda: MovePoints([0], [1.0, 2.0, 3.0]),
    "move 1 coord in 2-D": lambda: MovePoints([0], [1.0]),
    "move 2 rows for 1 point": lambda: MovePoints([0], [[1.0, 2.0], [3.0, 4.0]]),
    "move 3-D array": lambda: MovePoints([0], np.zeros((1, 1, 2))),
    "move deleted index": lambda: MovePoints([99], [1.0, 2.0]),
    "move negative index": lambda: MovePoints([-1], [1.0, 2.0]),
    "label 0": lambda: SetLabels([0], [0.0]),
    "label 2": lambda: SetLabels([0], [2.0]),
    "label 'x'": lambda: SetLabels([0], "x"),
    "label ['x']": lambda: SetLabels([0], ["x"]),
    "label NaN": lambda: SetLabels([0], [np.nan]),
    "label None": lambda: SetLabels([0], None),
    "label count": lambda: SetLabels([0, 1], [1.0, -1.0, 1.0]),
    "label deleted index": lambda: SetLabels([6], [1.0]),
    "delete deleted index": lambda: DeletePoints([6]),
    "delete one good one gone": lambda: DeletePoints([0, 6]),
    "delete 'a'": lambda: DeletePoints(["a"]),
    "delete 1.5": lambda: DeletePoints([1.5]),
    "role deleted index": lambda: SetRoles([6], [True]),
    "role count": lambda: SetRoles([0], [True, False]),
    "role 'abc'": lambda: SetRoles([0], "abc"),
    "role 2": lambda: SetRoles([0], [2]),
    "add NaN": lambda: AddPoints([[np.nan, 1.0]], [1.0]),
    "add 1e300": lambda: AddPoints([[1e300, 1.0]], [1.0]),
    "add 'abc'": lambda: AddPoints([["abc", 1.0]], [1.0]),
    "add wrong width": lambda: AddPoints([[1.0, 2.0, 3.0]], [1.0]),
    "add label 0": lambda: AddPoints([[1.0, 2.0]], [0.0]),
    "add label 'x'": lambda: AddPoints([[1.0, 2.0]], ["x"]),
    "add label count": lambda: AddPoints([[1.0, 2.0], [3.0, 4.0]], [1.0, -1.0, 1.0]),
    "add role count": lambda: AddPoints([[1.0, 2.0]], [1.0], test=[True, False]),
    "add at out of range": lambda: AddPoints([[1.0, 2.0]], [1.0], at=[40]),
}


@pytest.mark.parametrize("name", list(BAD_COMMANDS))
def test_bad_value_raises_a_sentence_and_changes_nothing(name):
    p = make_points(6)
    before = snapshot(p)
    with pytest.raises(DatasetError) as info:
        BAD_COMMANDS[name]().apply(p)
    text = str(info.value)
    assert text[0].isupper() and text.endswith(".") and len(text.split()) >= 4
    assert_same(p, before)


@pytest.fixture
def small_session() -> Session:
    s = Session()
    rng = np.random.default_rng(2)
    X = rng.uniform(-1, 1, size=(6, 2))
    s.load_dataset(Dataset.from_arrays(X, np.where(X[:, 0] > 0, 1.0, -1.0)))
    return s


@pytest.mark.parametrize("name", list(BAD_COMMANDS))
def test_session_turns_bad_values_into_a_message(small_session, name):
    s = small_session
    messages, changes = [], []
    s.message.connect(lambda level, text: messages.append((level, text)))
    s.points_changed.connect(changes.append)
    before, result, depth_text = snapshot(s.points), s.result, s.history.undo_text()
    assert s.execute(BAD_COMMANDS[name]()) is False
    assert len(messages) == 1 and messages[0][0] == "error"
    assert messages[0][1][0].isupper() and messages[0][1].endswith(".")
    assert_same(s.points, before)
    assert changes == [] and s.result is result  # nothing was re-run
    assert s.history.undo_text() == depth_text
    # and the history still works: one undo takes back the load, no stray step was added
    assert s.undo() and s.points.n == 0 and not s.history.can_undo()


def test_deleting_an_already_deleted_point_through_the_session(small_session):
    s = small_session
    messages = []
    s.message.connect(lambda level, text: messages.append((level, text)))
    assert s.execute(DeletePoints([5]))
    snap = snapshot(s.points)
    assert s.execute(DeletePoints([5])) is False  # a stale index from a view
    assert messages and "deleted" in messages[-1][1]
    assert_same(s.points, snap)
