"""A second file's points as the test set: one undo step, and one sentence on a mismatch."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core.dataset import Dataset, DatasetError
from perceptron_gui.session.open_test_set import add_test_set
from perceptron_gui.session.session import Session


def _session() -> Session:
    s = Session()
    s.load_dataset(Dataset.from_arrays([[0.0, 1.0], [1.0, 0.0], [2.0, 2.0]], [1, -1, 1], ("a", "b")), "train.csv")
    return s


def test_test_points_are_added_as_test_points_in_one_undo_step():
    s = _session()
    test = Dataset.from_arrays([[0.5, 1.5], [3.0, 0.0]], [1, -1], ("a", "b"))
    assert add_test_set(s, test)
    assert s.points.n == 5 and s.points.test.tolist() == [False, False, False, True, True]
    np.testing.assert_array_equal(s.points.X[3:], test.X)
    assert s.history.undo_text() == "Open test set"
    res = s.result
    assert res is not None and res.test is not None and res.test.n == 2
    assert all(r.test_error is not None for r in res.record.epochs)
    s.undo()
    assert s.points.n == 3 and not s.points.test.any()
    s.redo()
    assert s.points.test.sum() == 2


@pytest.mark.parametrize("test, words", [
    (Dataset.from_arrays([[1.0, 2.0, 3.0]], [1]), "has 3 features but the data has 2"),
    (Dataset.from_arrays([[1.0, 2.0]], [1], ("u", "v")), "columns (u, v) are not the data's (a, b)"),
    (Dataset.empty(2), "has no points"),
])
def test_a_mismatch_is_one_sentence_and_changes_nothing(test, words):
    s = _session()
    with pytest.raises(DatasetError) as err:
        add_test_set(s, test, "t.csv")
    text = str(err.value)
    assert words in text and text.endswith(".") and "\n" not in text
    assert s.points.n == 3 and s.history.undo_text() == "Load data"


def test_a_file_without_a_header_matches_by_count():
    s = _session()
    assert add_test_set(s, Dataset.from_arrays([[1.0, 2.0]], [-1]))  # x1, x2: no header to compare


def test_no_data_yet_is_one_sentence():
    with pytest.raises(DatasetError, match="no data yet"):
        add_test_set(Session(), Dataset.from_arrays([[1.0, 2.0]], [-1]))
