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
    cnt = K.perceptron_epoch(Xa, y, order, w, pos, idx, ck, k0, C)
    assert cnt == len(ref_pos) and cnt > 0
    assert pos[:cnt].tolist() == ref_pos and idx[:cnt].tolist() == ref_idx
    assert np.array_equal(w, w_ref)  # bits: the same sums in the same order
    for m, row in ref_ck.items():
        assert np.array_equal(ck[m], row)


@pytest.mark.parametrize("rows", [1, 3, 4, 7, 9])
def test_four_epochs_per_pass_count_as_one_at_a_time(rows):
    rng = np.random.default_rng(rows)
    Xa = np.ascontiguousarray(rng.normal(size=(200, 9)))
    Xa[:20] = 0.0  # scores of exactly 0 count as +1
    y = np.where(rng.random(200) < 0.5, 1.0, -1.0)
    P = np.ascontiguousarray(rng.normal(size=(rows, 9)))
    got = K.count_errors_rows(Xa, y, P)
    assert got.tolist() == [int(K.count_errors(Xa, y, np.ascontiguousarray(P[r]))) for r in range(rows)]
