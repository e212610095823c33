"""The lean run record: w_k rebuilt from checkpoints equals what training had, to the bit."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.core.algorithms.weight_log import WeightLog
from perceptron_gui.core.dataset import Dataset


def textbook_trajectory(X: np.ndarray, y: np.ndarray, offset: bool, epochs: int, scale: float = 1.0) -> np.ndarray:
    """Every weight vector of the plain perceptron (file order), with training's arithmetic:
    the score summed left to right from 0.0, an update w_j += (y·scale)·x_j."""
    Xa = np.column_stack((X, np.ones(len(X)))) if offset else X
    w = np.zeros(Xa.shape[1])
    out = [w.copy()]
    for _ in range(epochs):
        changed = False
        for i in range(len(Xa)):
            s = 0.0
            for j in range(Xa.shape[1]):
                s += w[j] * Xa[i, j]
            if y[i] * s <= 0.0:
                f = y[i] * scale
                for j in range(Xa.shape[1]):
                    w[j] += f * Xa[i, j]
                out.append(w.copy())
                changed = True
        if not changed:
            break
    return np.array(out)


def noisy(n: int, d: int, seed: int) -> Dataset:
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)) * rng.uniform(0.1, 1e3, size=d)  # features of very different sizes
    y = np.where(X @ rng.normal(size=d) > 0, 1.0, -1.0)
    y[::7] *= -1
    return Dataset.from_arrays(X, y)


@pytest.mark.parametrize("d,offset", [(1, True), (2, True), (2, False), (5, True), (40, False)])
def test_every_row_equals_the_textbook_trajectory_bit_for_bit(d, offset):
    data = noisy(300, d, seed=d)
    rec = make_algorithm("offset" if offset else "standard", max_epochs=6).fit(data)
    assert isinstance(rec.weights, WeightLog) and rec.num_updates > 3 * rec.weights.C
    want = textbook_trajectory(data.X, data.y, offset, 6)
    got = np.asarray(rec.weights)
    assert got.shape == want.shape
    assert np.array_equal(got, want)  # exact: same additions in the same order


def test_any_way_of_indexing_gives_the_same_rows():
    rec = make_algorithm("offset", max_epochs=8).fit(noisy(200, 2, seed=3))
    W = np.asarray(rec.weights)
    K = rec.num_updates
    rng = np.random.default_rng(0)
    ks = rng.integers(0, K + 1, size=50)  # unsorted, with repeats
    assert np.array_equal(rec.weights[ks], W[ks])
    assert np.array_equal(rec.weights[-1], W[-1]) and np.array_equal(rec.weights[0], W[0])
    assert np.array_equal(rec.weights[5:K:7], W[5:K:7])
    mask = rng.random(K + 1) < 0.3
    assert np.array_equal(rec.weights[mask], W[mask])
    assert np.array_equal(rec.weights[3, 1:], W[3, 1:]) and np.array_equal(rec.weights[2:9, -1], W[2:9, -1])
    assert len(rec.weights) == K + 1 and rec.weights.shape == W.shape
    with pytest.raises(IndexError):
        rec.weights[K + 1]


def test_the_lifted_perceptron_replays_its_own_update():
    """The lifted update adds (y·a²)·x to its feature part: the log replays that, not y·x."""
    data = Dataset.from_arrays(np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]] * 30),
                               np.array([-1.0, 1.0, 1.0, -1.0] * 30))
    rec = make_algorithm("lifted", max_epochs=50, lift_a=0.3).fit(data)
    assert rec.num_updates > 64
    a2 = 0.3 ** 2
    Xa = np.column_stack((data.X, np.ones(data.n)))
    w = np.zeros(3)
    rows = [w.copy()]
    for i in rec.update_index:
        w = w.copy()
        f = data.y[i] * a2
        for j in range(3):
            w[j] += f * Xa[i, j]
        rows.append(w)
    assert np.array_equal(np.asarray(rec.weights), np.array(rows))


@pytest.mark.parametrize("algorithm,d", [("offset", 2), ("standard", 3), ("lifted", 2)])
def test_weighted_prefix_sums_from_checkpoints_equal_the_sums_over_every_row(algorithm, d):
    """Σ_{j<k} c_j·w_j from the checkpoints' sums (the averaged output at one step) has the bits
    of the sum over all K + 1 rows, for any k: before, at and between checkpoints, 0 and K."""
    from perceptron_gui.core.algorithms import _kernels

    rec = make_algorithm(algorithm, max_epochs=6).fit(noisy(300, d, seed=11))
    log = rec.weights
    assert isinstance(log, WeightLog) and rec.num_updates > 3 * log.C
    K, C = rec.num_updates, log.C
    c = np.random.default_rng(1).integers(1, 40, size=K).astype(np.float64)  # survival-like counts
    ks = np.unique(np.concatenate(([0, 1, C - 1, C, C + 1, 2 * C, K - 1, K],
                                   np.random.default_rng(2).integers(0, K + 1, 40))))
    want = _kernels.weighted_prefix_sums(np.ascontiguousarray(np.asarray(log)), c, ks)
    assert np.array_equal(log.weighted_prefix(c, ks, "test"), want)
    assert np.array_equal(log.weighted_prefix(c, ks[::-1][:1], "test"), want[-1:])  # the kept sums again
    assert np.array_equal(want[0], np.zeros(log.shape[1]))


def test_the_averaged_output_at_a_step_is_the_same_from_a_log_and_from_its_rows():
    from dataclasses import replace

    from perceptron_gui.core.algorithms.averaged import averaged_weights_after

    rec = make_algorithm("averaged", max_epochs=5).fit(noisy(250, 2, seed=5))
    steps = np.array([0, 1, 17, 250, 251, 999, rec.num_steps])
    flat = replace(rec, weights=np.asarray(rec.weights))
    assert np.array_equal(averaged_weights_after(rec, steps), averaged_weights_after(flat, steps))
