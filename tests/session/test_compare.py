"""Races: each row of the comparison equals a separate run made the ordinary way (fit on the
training points, the test points scored), the shared epoch playhead maps to each run's step,
and bad choices are one sentence."""
from __future__ import annotations

import math
import threading

import numpy as np
import pytest

from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.core.dataset import Dataset, DatasetError
from perceptron_gui.core.presets import random_noisy, random_separable
from perceptron_gui.core.theory import dataset_margin, dataset_theory
from perceptron_gui.session.compare import CompareEntry, TrainingStopped, compare_entries, epoch_step, parse_seeds, run_comparison
from perceptron_gui.session.points import PointSet


def _points(data: Dataset, n_test: int = 0) -> PointSet:
    test = np.zeros(data.n, dtype=bool)
    test[data.n - n_test:] = True
    return PointSet.from_dataset(data, test=test)


def _angle(w: np.ndarray, theta: np.ndarray) -> float:
    """The textbook angle, written out here so the row is checked against other arithmetic."""
    return math.degrees(math.acos(float(np.clip(w @ theta / np.linalg.norm(w), -1, 1))))


@pytest.mark.parametrize("algorithms,seeds", [(["offset", "averaged", "voted"], [None]),
                                              (["offset"], [0, 1, 2]),
                                              (["offset", "pocket"], [3, None])])
def test_rows_equal_separate_runs(algorithms: list[str], seeds: list[int | None]) -> None:
    data = random_separable(50, 0.1, seed=4)
    pts = _points(data, n_test=10)
    train = Dataset.from_arrays(data.X[:40], data.y[:40])
    test = Dataset.from_arrays(data.X[40:], data.y[40:])
    entries = compare_entries(algorithms, seeds)
    cmp = run_comparison(pts, entries)
    assert [r.entry for r in cmp.runs] == entries
    for run in cmp.runs:
        e, row = run.entry, run.row
        kw = {} if e.seed is None else {"shuffle": True, "seed": e.seed}
        rec = make_algorithm(e.algorithm, **kw).fit(train, test)
        assert (row.updates, row.epochs, row.converged) == (rec.num_updates, rec.epochs_run, rec.converged)
        assert row.train_error == rec.epochs[-1].train_error
        assert row.test_error == rec.epochs[-1].test_error and row.test_error is not None
        assert row.margin == pytest.approx(dataset_margin(train.X, train.y, rec.final_w, rec.final_b), abs=1e-12)
        tho = dataset_theory(train.X, train.y, offset=rec.offset)
        w = rec.final_augmented()
        assert row.angle_deg == pytest.approx(_angle(w, tho.theta_star), abs=1e-6)
        np.testing.assert_array_equal(run.result.record.final_w, rec.final_w)
    if seeds != [None]:  # the orders differ, or the test proves little about seeds
        assert len({np.asarray(r.result.record.final_w).tobytes() for r in cmp.runs}) > 1


def test_no_test_set_no_theta_star() -> None:
    data = random_noisy(40, 0.3, seed=1)
    cmp = run_comparison(_points(data), compare_entries(["offset", "pocket"], params_of=lambda a: {"max_epochs": 4}))
    for row in cmp.rows:
        assert row.test_error is None
        assert row.angle_deg is None  # not separable: no θ*
        assert row.epochs == 4 and not row.converged
    assert cmp.rows[0].label == "offset, file order"


def test_epoch_to_step() -> None:
    data = random_separable(30, 0.1, seed=2)
    cmp = run_comparison(_points(data), compare_entries(["offset", "averaged"], params_of=lambda a: {"max_epochs": 6}))
    short, long = (r.result.record for r in cmp.runs)
    n = data.n
    assert short.epochs_run < long.epochs_run == 6  # the plain one converges, averaged runs all 6
    assert cmp.last_epoch == 5
    assert cmp.steps_at(-1) == [-1, -1]
    assert cmp.steps_at(0) == [n - 1, n - 1]
    mid = short.epochs_run - 1
    assert cmp.steps_at(mid) == [(mid + 1) * n - 1] * 2
    assert cmp.steps_at(5) == [short.num_steps - 1, 6 * n - 1]  # the short run stays at its end
    assert cmp.steps_at(99) == [short.num_steps - 1, long.num_steps - 1]
    assert epoch_step(short, 99) == short.num_steps - 1


@pytest.mark.parametrize("algorithms,seeds,words", [
    (["offset", "nonsense"], [None], "no algorithm 'nonsense'"),
    (["offset"], [None], "2 to 4 runs, not 1"),
    (["offset", "voted", "averaged", "pocket", "standard"], [None], "not 5"),
    (["offset", "offset"], [None], "twice"),
])
def test_bad_choices_are_one_sentence(algorithms: list[str], seeds: list[int | None], words: str) -> None:
    with pytest.raises(DatasetError, match=words):
        compare_entries(algorithms, seeds)


def test_parse_seeds() -> None:
    assert parse_seeds("0, 1,2") == [0, 1, 2]
    for bad in ("abc", "1,x", "-1"):
        with pytest.raises(DatasetError):
            parse_seeds(bad)


def test_stop_and_progress() -> None:
    data = random_separable(30, 0.1, seed=2)
    seen: list[tuple[int, int]] = []
    cmp = run_comparison(_points(data), compare_entries(["offset"], [0, 1, 2]), progress=lambda d, t: seen.append((d, t)))
    assert seen == [(1, 3), (2, 3), (3, 3)] and len(cmp.runs) == 3
    stop = threading.Event()
    stop.set()
    with pytest.raises(TrainingStopped):
        run_comparison(_points(data), compare_entries(["standard"], [0, 1]), stop=stop.is_set)


def test_entry_order_params() -> None:
    e = CompareEntry("offset", {"shuffle": True, "seed": 9, "max_epochs": 3}, None)
    assert e.run_params() == {"max_epochs": 3, "shuffle": False}
    assert CompareEntry("offset", {}, 5).run_params() == {"shuffle": True, "seed": 5}
