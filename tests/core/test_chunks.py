"""An epoch run in chunks (so Cancel stops it within ~20 ms) makes the same run, to the bit."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core.algorithms import REGISTRY, chunks, make_algorithm
from perceptron_gui.core.dataset import Dataset


def noisy(n: int = 150, seed: int = 2) -> Dataset:
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, (n, 2))
    y = np.where(X[:, 0] - 0.3 * X[:, 1] > 0.1, 1.0, -1.0)
    y[::9] *= -1
    return Dataset.from_arrays(X, y, ("x1", "x2"))


def boolean(n: int = 150, seed: int = 2) -> Dataset:
    """Boolean points labelled by a disjunction, with noise: the data Winnow takes."""
    rng = np.random.default_rng(seed)
    X = (rng.random((n, 6)) < 0.3).astype(float)
    y = np.where(X[:, :2].any(axis=1), 1.0, -1.0)
    y[::9] *= -1
    return Dataset.from_arrays(X, y)


@pytest.mark.parametrize("name", sorted(REGISTRY))
@pytest.mark.parametrize("shuffle", [False, True])
def test_chunked_epochs_make_the_same_run(monkeypatch, name, shuffle):
    data = boolean() if REGISTRY[name].boolean_features else noisy()
    whole = make_algorithm(name, max_epochs=6, shuffle=shuffle, seed=3).fit(data)
    calls = []
    real = chunks.run_epoch

    def counting(*args, **kw):
        calls.append(1)
        return real(*args, **kw)

    # A chunk "too slow" at any length: the slices shrink to single visits.
    monkeypatch.setattr(chunks, "CHUNK_SECONDS", 0.0)
    monkeypatch.setattr(chunks, "run_epoch", counting)
    chunked = make_algorithm(name, max_epochs=6, shuffle=shuffle, seed=3).fit(data, stop=lambda: False)
    assert calls  # the chunked path ran
    assert np.array_equal(chunked.update_step, whole.update_step)
    assert np.array_equal(chunked.update_index, whole.update_index)
    assert np.array_equal(np.asarray(chunked.weights), np.asarray(whole.weights))
    assert np.array_equal(chunked.final_w, whole.final_w) and chunked.final_b == whole.final_b
    assert [r.train_error for r in chunked.epochs] == [r.train_error for r in whole.epochs]
    for key, v in whole.extras.items():
        w = chunked.extras[key]
        assert np.array_equal(np.asarray(w), np.asarray(v)) if isinstance(v, np.ndarray) else w == v, key


def test_the_first_chunk_is_small_so_a_costly_start_stops_at_once():
    """A pocket update costs O(n·D) and early visits nearly all update: the first chunk was
    4,096 visits (5.4 s on 10⁶ points before Cancel was heard); it is 16 now."""
    from perceptron_gui.core.algorithms.chunks import TrainingStopped

    algo = make_algorithm("pocket", max_epochs=3)
    lengths = []
    real = algo._epoch

    def spy(state, Xa, y, order, *rest):
        lengths.append(order.shape[0])
        return real(state, Xa, y, order, *rest)

    algo._epoch = spy
    with pytest.raises(TrainingStopped):
        algo.fit(noisy(5_000), stop=lambda: True)
    assert lengths == [16]


@pytest.mark.parametrize("gamma", [0.0, 0.3])
def test_the_pocket_counts_on_every_core_equal_the_serial_ones(monkeypatch, gamma):
    """Issue 9: the pocket's O(n·D) count after each update runs on every core from
    PARALLEL_COUNT_N points (200,000 noisy points: 59 s before, 5.7 s now); a count is a sum of
    integers, so the run is the same to the bit."""
    from perceptron_gui.core.algorithms import pocket

    data = noisy(400, seed=5)
    serial = make_algorithm("pocket", max_epochs=5, gamma=gamma).fit(data)
    monkeypatch.setattr(pocket, "PARALLEL_COUNT_N", 0)
    parallel = make_algorithm("pocket", max_epochs=5, gamma=gamma).fit(data)
    for key in ("pocket_counts", "pocket_changes", "pocket_best_counts"):
        assert np.array_equal(parallel.extras[key], serial.extras[key]), key
    assert parallel.extras["pocket_k"] == serial.extras["pocket_k"]
    assert np.array_equal(parallel.final_w, serial.final_w) and parallel.final_b == serial.final_b
