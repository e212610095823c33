"""The wide-data kernels give the one-visit-at-a-time loop's numbers to the bit: the epoch that
scores four visits side by side (a mistake at each of the four places, an epoch whose length is
no multiple of four, checkpoints every C updates) and the error count of four epochs per pass."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core.algorithms import _kernels as K


def textbook_epoch(Xa, y, order, w, C, k0):
    """The perceptron's epoch, one visit at a time, scores summed left to right."""
    pos, idx, cks = [], [], {}
    for t, i in enumerate(order):
        s = 0.0
        for j in range(Xa.shape[1]):
            s += w[j] * Xa[i, j]
        if y[i] * s <= 0.0:
            for j in range(Xa.shape[1]):
                w[j] += y[i] * Xa[i, j]
            pos.append(t)
            idx.append(i)
            if (k0 + len(pos)) % C == 0:
                cks[(k0 + len(pos)) // C] = w.copy()
    return pos, idx, cks


@pytest.mark.parametrize("n, d, seed", [(103, 7, 0), (64, 5, 1), (9, 4, 2), (3, 6, 3), (250, 50, 4)])
def test_the_four_visit_epoch_is_the_textbook_epoch(n, d, seed):
    rng = np.random.default_rng(seed)
    Xa = np.ascontiguousarray(np.hstack([rng.normal(size=(n, d - 1)), np.ones((n, 1))]))
    y = np.where(rng.random(n) < 0.5, 1.0, -1.0)  # random labels: mistakes at every place of a block
    order = rng.permutation(n).astype(np.int64)
    C, k0 = 3, 2
    w = rng.normal(size=d)
    w_ref = w.copy()
    ref_pos, ref_idx, ref_ck = textbook_epoch(Xa, y, order, w_ref, C, k0)
    pos, idx = np.empty(n, np.int64), np.empty(n, np.int64)
    ck = np.full(((k0 + n) // C + 1, d), np.nan)
    cnt = K.perceptron_epoch(Xa, y, order, w, pos, idx, ck, k0, C, -1)
    assert cnt == len(ref_pos) and cnt > 0
    assert pos[:cnt].tolist() == ref_pos and idx[:cnt].tolist() == ref_idx
    assert np.array_equal(w, w_ref)  # bits: the same sums in the same order
    for m, row in ref_ck.items():
        assert np.array_equal(ck[m], row)


@pytest.mark.parametrize("D", [2, 3])
@pytest.mark.parametrize("first, T", [(0, 200), (37, 100), (199, 1)])
def test_the_planes_file_order_loops_are_the_textbook_epoch(D, first, T):
    # first >= 0: the points first, first + 1, … without reading the order (the plane's own loops);
    # a chunk of an epoch starts past 0, and the positions count from the chunk's start.
    rng = np.random.default_rng(D + first)
    n = 200
    Xa = np.ascontiguousarray(rng.normal(size=(n, D)))
    if D == 3:
        Xa[:, 2] = 1.0
    y = np.where(rng.random(n) < 0.5, 1.0, -1.0)
    order = np.arange(first, first + T, dtype=np.int64)
    C, k0 = 3, 1
    w = rng.normal(size=D)
    w_ref = w.copy()
    ref_pos, ref_idx, ref_ck = textbook_epoch(Xa, y, order, w_ref, C, k0)
    pos, idx = np.empty(T, np.int64), np.empty(T, np.int32)
    ck = np.full(((k0 + T) // C + 1, D), np.nan)
    cnt = K.perceptron_epoch(Xa, y, order, w, pos, idx, ck, k0, C, first)
    assert cnt == len(ref_pos)
    assert pos[:cnt].tolist() == ref_pos and idx[:cnt].tolist() == ref_idx
    assert np.array_equal(w, w_ref)
    for m, row in ref_ck.items():
        assert np.array_equal(ck[m], row)


def test_a_file_order_fit_is_the_shuffled_loops_own_to_the_bit():
    # The fit says "file order" to the plane's loops, whole epochs or in chunks (a stop asked
    # between them); the same updates as the loop that reads the order.
    from perceptron_gui.core.algorithms import make_algorithm
    from perceptron_gui.core.dataset import Dataset

    rng = np.random.default_rng(5)
    X = rng.normal(size=(3000, 2))
    y = np.where(X @ np.array([1.0, -0.5]) + 0.2 + 0.3 * rng.normal(size=3000) >= 0, 1.0, -1.0)
    data = Dataset.from_arrays(X, y)
    for name in ("standard", "offset"):
        plain = make_algorithm(name, max_epochs=4).fit(data)
        chunked = make_algorithm(name, max_epochs=4).fit(data, stop=lambda: False)
        assert plain.num_updates > 100
        for rec in (plain, chunked):
            assert np.array_equal(rec.update_step, plain.update_step)
            assert np.array_equal(rec.update_index, plain.update_index)
            assert np.array_equal(rec.weights[-1], plain.weights[-1])
        # the loop that reads the order, from the same start: the same updates
        D = 2 + (name == "offset")
        Xa = np.ascontiguousarray(np.hstack([X, np.ones((3000, 1))]) if D == 3 else X)
        w = np.zeros(D)
        steps = []
        for e in range(4):
            pos, idx = np.empty(3000, np.int64), np.empty(3000, np.int32)
            ck = np.empty((3000 + 2, D))
            cnt = K.perceptron_epoch(Xa, y, np.arange(3000, dtype=np.int64), w, pos, idx, ck, 0, 10**6, -1)
            steps.extend((pos[:cnt] + e * 3000).tolist())
        assert steps == plain.update_step.tolist()
        assert np.array_equal(w, plain.weights[-1])


@pytest.mark.parametrize("rows", [1, 3, 4, 7, 9])
def test_four_epochs_per_pass_count_as_one_at_a_time(rows):
    rng = np.random.default_rng(rows)
    Xa = np.ascontiguousarray(rng.normal(size=(200, 9)))
    Xa[:20] = 0.0  # scores of exactly 0 count as +1
    y = np.where(rng.random(200) < 0.5, 1.0, -1.0)
    P = np.ascontiguousarray(rng.normal(size=(rows, 9)))
    got = K.count_errors_rows(Xa, y, P)
    assert got.tolist() == [int(K.count_errors(Xa, y, np.ascontiguousarray(P[r]))) for r in range(rows)]
