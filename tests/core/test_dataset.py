"""Building, validating and splitting data sets (no files: those are in test_io.py)."""
from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from perceptron_gui.core.dataset import Dataset, DatasetError, train_test_split


def assert_one_sentence(msg: str) -> None:
    """What a message box may show: one sentence, no traceback, no numpy reprs."""
    assert msg.endswith("."), msg
    assert "\n" not in msg and "Traceback" not in msg, msg
    assert "np." not in msg and "float64" not in msg and "dtype" not in msg, msg
    assert not re.search(r"\.\s+[A-Z]", msg), f"more than one sentence: {msg}"


# ---- valid data -------------------------------------------------------------------------------
def test_shapes_types_and_names():
    data = Dataset.from_arrays([[1, 2], [3, 4], [5, 6]], [1, -1, 1])
    assert data.X.dtype == np.float64 and data.y.dtype == np.float64
    assert data.X.shape == (3, 2) and data.y.shape == (3,)
    assert (data.n, data.d, len(data)) == (3, 2, 3)
    assert data.feature_names == ("x1", "x2")
    assert data.classes_present == (-1, 1)
    assert data.notices == ()
    named = Dataset.from_arrays([[1, 2]], [1], feature_names=["height", "weight"])
    assert named.feature_names == ("height", "weight")


@pytest.mark.parametrize("d", [1, 2, 5, 12])
def test_any_number_of_features(d):
    X = np.arange(4 * d, dtype=float).reshape(4, d)
    data = Dataset.from_arrays(X, [1, -1, 1, -1])
    assert data.d == d and len(data.feature_names) == d


def test_one_dimensional_points_become_a_column():
    data = Dataset.from_arrays([1, 2, 3, 4], [1, 1, -1, -1])
    assert data.X.shape == (4, 1)
    assert Dataset.from_arrays(np.array([1.0, 2.0]), [1, -1]).X.shape == (2, 1)


def test_data_set_is_immutable_and_owns_its_arrays():
    X = np.array([[1.0, 2.0], [3.0, 4.0]])
    y = np.array([1.0, -1.0])
    data = Dataset.from_arrays(X, y)
    X[0, 0] = 99.0
    y[0] = -1.0
    assert data.X[0, 0] == 1.0 and data.y[0] == 1.0
    with pytest.raises(ValueError):
        data.X[0, 0] = 5.0
    with pytest.raises(ValueError):
        data.y[0] = 5.0


def test_take_keeps_a_given_table_and_copies_anything_else():
    own = np.array([[1.0, 2.0], [3.0, 4.0]])
    kept = Dataset.from_arrays(own, [1, -1], take=True).X
    assert np.shares_memory(kept, own) and not own.flags.writeable  # given away: kept, read-only
    for other in (np.asfortranarray([[1.0, 2.0], [3.0, 4.0]]), np.array([[1.0, 2.0], [3.0, 4.0]])[:, ::1].T,
                  np.array([[1, 2], [3, 4]])):
        data = Dataset.from_arrays(other, [1, -1], take=True)
        assert not np.shares_memory(data.X, other) and data.X.dtype == np.float64
        assert other.flags.writeable  # the caller's array: neither kept nor changed
    frozen = np.array([[1.0, 2.0], [3.0, 4.0]])
    frozen.setflags(write=False)
    assert not np.shares_memory(Dataset.from_arrays(frozen, [1, -1], take=True).X, frozen)


def test_integers_are_converted_once_and_the_callers_array_is_left_alone():
    X = np.array([[1, 2], [3, 4]], dtype=np.int32)
    data = Dataset.from_arrays(X, [1, -1])
    X[0, 0] = 99
    assert data.X.tolist() == [[1.0, 2.0], [3.0, 4.0]] and X.flags.writeable
    assert data.X.flags.c_contiguous and not data.X.flags.writeable


def test_a_bad_table_is_refused_whoever_owns_it():
    for take in (False, True):
        X = np.array([[1.0, 2.0], [3.0, np.nan]])
        with pytest.raises(DatasetError, match="Row 2, column 2 is nan"):
            Dataset.from_arrays(X, [1, -1], take=take)
        assert X.flags.writeable  # refused: nothing was made read-only
        X[1, 1] = -3e150
        with pytest.raises(DatasetError, match=r"Row 2, column 2 is -3e\+150, too large"):
            Dataset.from_arrays(X, [1, -1], take=take)


def test_numeric_strings_and_integers_are_accepted():
    data = Dataset.from_arrays([["1.5", "2"], [3, 4]], ["1", "-1"])
    assert data.X.tolist() == [[1.5, 2.0], [3.0, 4.0]]
    assert data.y.tolist() == [1.0, -1.0]


def test_equality_compares_values_and_names():
    a = Dataset.from_arrays([[1, 2]], [1])
    assert a == Dataset.from_arrays(np.array([[1.0, 2.0]]), np.array([1.0]))
    assert a != Dataset.from_arrays([[1, 2]], [-1])
    assert a != Dataset.from_arrays([[1, 3]], [1])
    assert a != Dataset.from_arrays([[1, 2]], [1], feature_names=["u", "v"])
    assert a != Dataset.from_arrays([[1], [2]], [1, 1])


# ---- notices ------------------------------------------------------------------------------
def test_zero_one_labels_are_mapped_with_a_notice():
    data = Dataset.from_arrays([[0, 0], [1, 1], [2, 2]], [0, 1, 0])
    assert data.y.tolist() == [-1.0, 1.0, -1.0]
    assert any("0/1" in n for n in data.notices)
    assert Dataset.from_arrays([[0], [1]], [0, 0]).y.tolist() == [-1.0, -1.0]


def test_plus_minus_one_labels_get_no_mapping_notice():
    data = Dataset.from_arrays([[0], [1]], [1, 1])
    assert data.y.tolist() == [1.0, 1.0]
    assert not any("0/1" in n for n in data.notices)


@pytest.mark.parametrize(("labels", "name"), [([1, 1, 1], "+1"), ([-1, -1, -1], "-1")])
def test_single_class_is_valid_with_a_notice(labels, name):
    data = Dataset.from_arrays([[0, 1], [1, 0], [2, 2]], labels)
    assert data.classes_present == (int(name),)
    (notice,) = data.notices
    assert name in notice
    assert_one_sentence(notice)


def test_same_point_with_both_labels_is_valid_with_a_notice():
    data = Dataset.from_arrays([[0, 0], [1, 2], [3, 3], [1, 2]], [1, 1, -1, -1])
    (notice,) = data.notices
    assert "Point 2" in notice and "both labels" in notice
    assert_one_sentence(notice)
    # the same point twice with the same label is nothing to report
    assert Dataset.from_arrays([[1, 2], [1, 2], [0, 0]], [1, 1, -1]).notices == ()


def test_negative_zero_is_the_same_point():
    data = Dataset.from_arrays([[0.0, 1.0], [-0.0, 1.0]], [1, -1])
    assert any("both labels" in n for n in data.notices)


@given(st.lists(st.tuples(st.integers(-2, 2), st.integers(-2, 2), st.sampled_from([-1, 1])), max_size=30))
def test_conflict_notice_exactly_when_a_point_has_both_labels(rows):
    X = [[a, b] for a, b, _ in rows]
    y = [c for _, _, c in rows]
    data = Dataset.from_arrays(X, y) if rows else Dataset.empty(2)
    labels: dict[tuple[int, int], set[int]] = {}
    for a, b, c in rows:
        labels.setdefault((a, b), set()).add(c)
    conflict = any(len(v) == 2 for v in labels.values())
    assert any("both labels" in n for n in data.notices) == conflict


def test_empty_data_set():
    for data in (Dataset.empty(2), Dataset.from_arrays(np.zeros((0, 2)), []), Dataset.from_arrays([], [])):
        assert data.n == 0 and len(data) == 0
        assert data.y.shape == (0,)
        assert data.classes_present == ()
        (notice,) = data.notices
        assert "empty" in notice
    assert Dataset.empty(3).X.shape == (0, 3)
    assert Dataset.empty(3).feature_names == ("x1", "x2", "x3")


# ---- faults: one sentence each -----------------------------------------------------------
BAD_ARRAYS = [
    pytest.param([[1, 2], [3]], [1, -1], "Row 2", id="ragged"),
    pytest.param([[1, 2], [3, 4, 5]], [1, -1], "Row 2", id="ragged-longer"),
    pytest.param([[1, "abc"]], [1], "abc", id="non-numeric"),
    pytest.param([[1, None]], [1], "None", id="none"),
    pytest.param([[1, True]], [1], "True", id="bool"),
    pytest.param([[1, float("nan")]], [1], "nan", id="nan"),
    pytest.param(np.array([[1.0, np.inf]]), [1], "inf", id="inf-array"),
    pytest.param([[1, -float("inf")]], [1], "inf", id="minus-inf"),
    pytest.param([[1e300, 1]], [1], "1e+300", id="too-large"),
    pytest.param([[1, -2e150]], [1], "limit", id="too-large-negative"),
    pytest.param([[1, 2]], [2], "Label 1 is 2", id="label-2"),
    pytest.param([[1, 2], [3, 4]], [1, 3], "Label 2 is 3", id="label-3"),
    pytest.param([[1, 2], [3, 4]], [1, 0.5], "0.5", id="label-half"),
    pytest.param([[1], [2], [3]], [0, 1, -1], "Label 1 is 0", id="labels-0-1-and-minus-1"),
    pytest.param([[1, 2]], ["yes"], "yes", id="label-yes"),
    pytest.param([[1, 2]], [float("nan")], "nan", id="label-nan"),
    pytest.param(np.array([[1.0, 2.0]]), np.array([np.inf]), "inf", id="label-inf-array"),
    pytest.param([[10**400, 1]], [1], "inf", id="huge-int"),
    pytest.param([[1, -(10**400)]], [1], "inf", id="huge-negative-int"),
    pytest.param([[1, 2]], [10**400], "too large", id="huge-int-label"),
    pytest.param([[1, 2]], [1, -1], "1 point", id="length-mismatch"),
    pytest.param([[], []], [1, -1], "coordinates", id="no-features"),
    pytest.param(np.zeros((2, 2, 2)), [1, -1], "table", id="three-d"),
]


@pytest.mark.parametrize(("X", "y", "fragment"), BAD_ARRAYS)
def test_faults_are_one_sentence(X, y, fragment):
    with pytest.raises(DatasetError) as info:
        Dataset.from_arrays(X, y)
    msg = str(info.value)
    assert_one_sentence(msg)
    assert fragment in msg


def test_wrong_number_of_feature_names():
    with pytest.raises(DatasetError) as info:
        Dataset.from_arrays([[1, 2]], [1], feature_names=["only"])
    assert_one_sentence(str(info.value))


def test_limit_is_inclusive():
    data = Dataset.from_arrays([[1e150, -1e150]], [1])
    assert data.X.tolist() == [[1e150, -1e150]]


@pytest.mark.parametrize("take", [False, True])
def test_a_big_table_is_checked_and_copied_in_one_pass_by_the_same_rule(take):
    # From 2**16 numbers (numba loaded) one compiled pass checks, and copies, the table; a value
    # it refuses is named by the careful check: the same sentences, the same limit, inclusive.
    import numba  # noqa: F401  (the pass runs once the compiler is loaded, as after any fit)

    rng = np.random.default_rng(3)
    n, d = 7_000, 10
    base = rng.normal(size=(n, d)) * 1e149
    base[5, 3], base[6000, 9] = 1e150, -1e150  # at the limit: accepted
    X = base.copy()
    data = Dataset.from_arrays(X, np.ones(n), take=take)
    assert np.array_equal(data.X, base) and np.shares_memory(data.X, X) == take
    if not take:
        X[0, 0] = 7.0
        assert data.X[0, 0] == base[0, 0] and X.flags.writeable  # a copy: the caller's array is its own
    for (i, j), value, fragment in [((0, 0), np.nan, "Row 1, column 1 is nan"),
                                    ((n - 1, d - 1), np.inf, f"Row {n}, column {d} is inf"),
                                    ((4321, 2), -np.inf, "Row 4322, column 3 is -inf"),
                                    ((17, 5), np.nextafter(1e150, np.inf), "Row 18, column 6 is 1e+150, too large"),
                                    ((n // 2, 0), -3e200, f"Row {n // 2 + 1}, column 1 is -3e+200, too large")]:
        bad = base.copy()
        bad[i, j] = value
        with pytest.raises(DatasetError) as info:
            Dataset.from_arrays(bad, np.ones(n), take=take)
        assert str(info.value).startswith(fragment)
        assert bad.flags.writeable  # refused: nothing was kept or made read-only


# ---- subsets and the train/test split ------------------------------------------------------
def _numbered(n: int) -> Dataset:
    """Point i has x1 = i, so a split can be traced back."""
    X = np.column_stack([np.arange(n, dtype=float), np.zeros(n)])
    y = np.where(np.arange(n) % 3 == 0, 1.0, -1.0)
    return Dataset.from_arrays(X, y)


def test_subset_keeps_the_given_order_and_names():
    data = Dataset.from_arrays([[1, 2], [3, 4], [5, 6]], [1, -1, 1], feature_names=["a", "b"])
    sub = data.subset([2, 0])
    assert sub.X.tolist() == [[5, 6], [1, 2]] and sub.y.tolist() == [1, 1]
    assert sub.feature_names == ("a", "b")
    assert data.subset(np.array([False, True, False])).X.tolist() == [[3, 4]]
    empty = data.subset([])
    assert empty.n == 0 and empty.d == 2 and empty.feature_names == ("a", "b")


@given(n=st.integers(0, 60), frac=st.floats(0.0, 0.95), seed=st.integers(0, 2**31 - 1))
def test_split_is_reproducible_disjoint_and_complete(n, frac, seed):
    data = _numbered(n)
    train, test = train_test_split(data, frac, seed=seed)
    again = train_test_split(data, frac, seed=seed)
    assert again[0] == train and again[1] == test
    tr, te = train.X[:, 0].tolist(), test.X[:, 0].tolist()
    assert not set(tr) & set(te)
    assert sorted(tr + te) == list(range(n))
    assert tr == sorted(tr) and te == sorted(te)  # both keep file order
    assert test.n == round(frac * n)
    # labels travel with their points
    for part in (train, test):
        assert part.y.tolist() == [1.0 if int(i) % 3 == 0 else -1.0 for i in part.X[:, 0]]
        assert part.d == data.d and part.feature_names == data.feature_names


def test_split_depends_on_the_seed():
    data = _numbered(50)
    tests = {tuple(train_test_split(data, 0.3, seed=s)[1].X[:, 0].tolist()) for s in range(5)}
    assert len(tests) == 5


def test_split_without_test_points():
    data = _numbered(10)
    train, test = train_test_split(data, 0.0)
    assert train == data and test.n == 0


@pytest.mark.parametrize("frac", [1.0, -0.1, 1.5])
def test_split_fraction_out_of_range_is_a_sentence(frac):
    with pytest.raises(DatasetError) as info:
        train_test_split(_numbered(10), frac)
    assert_one_sentence(str(info.value))
