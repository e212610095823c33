"""The order study: its rows equal separate runs, the file order is a row of its own, the bound
is dataset_theory's, and Cancel and progress work as fit(stop=...) does."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.core.dataset import Dataset, DatasetError
from perceptron_gui.core.order_study import TrainingStopped, run_order_study
from perceptron_gui.core.presets import random_noisy, random_separable
from perceptron_gui.core.theory import dataset_theory


def _through_origin(n: int = 40, seed: int = 3) -> Dataset:
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, size=(n, 2))
    s = X @ np.array([0.6, -0.8])
    keep = np.abs(s) > 0.1
    return Dataset.from_arrays(X[keep], np.where(s[keep] > 0, 1.0, -1.0))


@pytest.mark.parametrize("algorithm", ["standard", "offset", "averaged"])
def test_rows_equal_separate_shuffled_runs(algorithm: str) -> None:
    data = _through_origin() if algorithm == "standard" else random_separable(40, 0.1, seed=2)
    study = run_order_study(algorithm, data, seeds=6)
    assert [r.seed for r in study.rows] == list(range(6))
    for row in study.rows:
        rec = make_algorithm(algorithm, shuffle=True, seed=row.seed).fit(data)
        assert (row.updates, row.epochs, row.converged) == (rec.num_updates, rec.epochs_run, rec.converged)
        assert row.train_error == rec.epochs[-1].train_error
    rec = make_algorithm(algorithm).fit(data)
    f = study.file_order
    assert f.seed is None and f.seed_text == "file"
    assert (f.updates, f.epochs, f.converged, f.train_error) == (
        rec.num_updates, rec.epochs_run, rec.converged, rec.epochs[-1].train_error)
    # the orders do differ: otherwise the test proves little
    assert len({r.updates for r in study.rows}) > 1


def test_bound_and_summary() -> None:
    data = _through_origin()
    study = run_order_study("standard", data, seeds=10)
    th = dataset_theory(data.X, data.y, offset=False)
    assert study.bound == pytest.approx(th.bound, rel=1e-6, abs=1e-12)
    assert study.quantity == "updates"
    lo, med, hi = study.updates_summary()
    ups = [r.updates for r in study.rows]
    assert (lo, med, hi) == (min(ups), float(np.median(ups)), max(ups))
    assert all(r.updates <= study.bound for r in study.rows)
    text = "\n".join(study.summary_lines())
    assert f"min {lo}, median {med:g}, max {hi}" in text and "(R/γ)²" in text
    counts, edges = study.histogram()
    assert counts.sum() == 10 and edges[0] < lo and edges[-1] > hi


def test_non_separable_counts_training_error() -> None:
    data = random_noisy(50, 0.2, seed=1)
    study = run_order_study("offset", data, seeds=5, params={"max_epochs": 5})
    assert not study.all_converged and study.quantity == "train_error"
    assert study.bound is None
    assert np.allclose(study.values(), [r.train_error for r in study.rows], atol=0)
    assert "no bound" in study.summary_lines()[-1]
    assert study.histogram()[0].sum() == 5


def test_progress_and_stop() -> None:
    data = _through_origin()
    seen: list[tuple[int, int]] = []
    run_order_study("standard", data, seeds=3, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]

    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(seen) >= 2  # cancel once two runs are done

    seen.clear()
    with pytest.raises(TrainingStopped):
        run_order_study("standard", data, seeds=50, progress=lambda d, t: seen.append((d, t)), stop=stop)
    assert len(seen) == 2


def test_bad_input_is_a_sentence() -> None:
    data = _through_origin()
    with pytest.raises(DatasetError, match="seeds"):
        run_order_study("standard", data, seeds=0)
    with pytest.raises(DatasetError, match="sets seed itself"):
        run_order_study("standard", data, seeds=2, params={"seed": 4})
    with pytest.raises(DatasetError, match="needs data"):
        run_order_study("standard", Dataset.empty(), seeds=2)
    with pytest.raises(DatasetError):
        run_order_study("standard", data, seeds=2, params={"max_epochs": 0})
