"""The search for a point with both labels: exact, cheap in memory, and run only where the
notice is shown (reading a file, the window, ``run``), never by a fit or a run's training."""
from __future__ import annotations

import tracemalloc

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from perceptron_gui.core import dataset as dataset_module
from perceptron_gui.core import same_points
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.io import read_csv
from perceptron_gui.core.same_points import first_conflict


def _brute(X: np.ndarray, y: np.ndarray) -> int | None:
    hits = [i for i in range(len(X)) for j in range(len(X)) if y[i] != y[j] and np.array_equal(X[i], X[j])]
    return min(hits) if hits else None


def test_rows_that_differ_in_one_coordinate_are_not_the_same_point():
    X = np.zeros((2, 1000))
    X[1, 617] = 5e-324  # the smallest step there is, in one coordinate of many
    assert first_conflict(X, np.array([1.0, -1.0])) is None
    X[1, 617] = 0.0
    assert first_conflict(X, np.array([1.0, -1.0])) == 0


def test_negative_zero_is_zero_in_any_column():
    X = np.array([[3.0, 0.0, 1.0], [1.0, 2.0, 3.0], [3.0, -0.0, 1.0]])
    assert first_conflict(X, np.array([1.0, 1.0, -1.0])) == 0
    assert first_conflict(-np.zeros((2, 4)) * np.array([[1.0], [-1.0]]), np.array([-1.0, 1.0])) == 0


def test_the_first_row_in_file_order_is_named():
    X = np.array([[9.0, 9.0], [1.0, 1.0], [5.0, 5.0], [1.0, 1.0], [9.0, 9.0]])
    assert first_conflict(X, np.array([1.0, 1.0, 1.0, -1.0, -1.0])) == 0
    data = Dataset.from_arrays(X, [1, -1, 1, 1, 1])
    assert any("Point 2 appears with both labels" in n for n in data.notices)


@given(st.lists(st.tuples(st.integers(-1, 1), st.integers(-1, 1), st.booleans(), st.sampled_from([-1.0, 1.0])),
                min_size=1, max_size=25))
def test_exact_even_when_every_hash_collides(rows):
    X = np.array([[a, -0.0 if neg and b == 0 else float(b)] for a, b, neg, _ in rows], dtype=float)
    y = np.array([c for *_, c in rows])
    expected = _brute(X, y)
    assert first_conflict(X, y) == expected
    with pytest.MonkeyPatch.context() as mp:  # every row in one hash group: the exact comparison decides
        mp.setattr(same_points, "_row_hashes", lambda X: np.zeros(X.shape[0], dtype=np.uint64))
        assert first_conflict(X, y) == expected


@pytest.mark.parametrize(("n", "d"), [(2, 1_000_000), (3_000, 300)])
def test_memory_is_a_small_multiple_of_the_data(n, d):
    X = np.zeros((n, d))
    X[:, 0] = np.arange(n)
    X[-1] = X[0]  # one conflict, found after hashing everything
    y = np.where(np.arange(n) % 2 == 0, 1.0, -1.0)
    y[-1] = -y[0]
    tracemalloc.start()
    try:
        found = first_conflict(X, y)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert found == 0
    # One sort key per column (np.lexsort) took d·n·8 bytes per key: 172 times X at 2 × 10⁵.
    assert peak < X.nbytes + 8_000_000, peak


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []

    def counted(X: np.ndarray, y: np.ndarray) -> int | None:
        calls.append(1)
        return first_conflict(X, y)

    monkeypatch.setattr(dataset_module, "first_conflict", counted)
    return calls


def test_a_fit_never_searches_for_conflicts(monkeypatch):
    from perceptron_gui.estimators import Perceptron

    calls = _counting(monkeypatch)
    X = np.array([[1.0, 2.0], [1.0, 2.0], [-1.0, -1.0]])
    est = Perceptron(max_epochs=3).fit(X, [1, 0, 0])
    assert calls == []
    assert any("both labels" in n for n in est.train_data_.notices)  # asked for: found, once
    assert est.train_data_.notices is est.train_data_.notices
    assert calls == [1]


def test_reading_a_file_searches_once_there(monkeypatch, tmp_path):
    calls = _counting(monkeypatch)
    path = tmp_path / "d.csv"
    path.write_text("x1,x2,y\n1,2,1\n1,2,-1\n0,0,1\n")
    data = read_csv(path)
    assert calls == [1]
    assert any("Point 1 appears with both labels" in n for n in data.notices)
    assert calls == [1]


def test_a_run_in_the_session_does_not_search_again(monkeypatch):
    from perceptron_gui.session.session import Session

    session = Session()
    data = Dataset.from_arrays([[0.0, 1.0], [1.0, 0.0], [2.0, 2.0]], [1, -1, 1])
    calls = _counting(monkeypatch)
    session.load_dataset(data, "three points")
    assert calls == [1]  # the load shows the notices; its run, and the next, build data sets unchecked
    session.recompute()
    assert calls == [1]
