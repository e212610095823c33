"""The sequential hot loops, compiled with numba (cached on disk).

Every kernel runs one epoch over ``order`` and records each update: the position in
the epoch at which it happened and the example's index; every C-th update (counting the
``k0`` made before the epoch) it also stores the weights as a checkpoint, row (k0 + cnt) // C
of ``ck_out``, from which :func:`replay_rows` rebuilds any w_k with the same arithmetic. Dot products are summed
left to right over the augmented vector, so with the offset column last the score is
``(w·x) + b`` exactly as scikit-learn computes it.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias

import numpy as np
from numba import njit

from ._dual_kernels import dual_scores, gram_matrix, kernel_epoch  # noqa: F401  (the kernel perceptron's)
from ._epoch_kernels import (  # noqa: F401  (the perceptron's epoch and the loops it chooses from)
    _PARTS,
    _epoch_2,
    _epoch_3,
    _epoch_any_d,
    _run_2,
    _run_3,
    perceptron_epoch,
)
from ._lms_kernels import adaline_epoch  # noqa: F401  (ADALINE's)

# The pocket's kernel lives in its own module (one loop for the every-update rule and the
# ratchet, and the count); they are names of this module too, so warm_up and ``kernels`` find them.
from ._pocket_kernels import _count_good, _count_good_parallel, pocket_epoch  # noqa: F401
from ._step_kernels import add_step, margin_epoch, pa_epoch, replay_rows_tau, weighted_epoch  # noqa: F401
from ._vote_kernels import vote_errors_by_epoch, vote_scores  # noqa: F401  (the voted perceptron's)
from ._wide_kernels import (  # noqa: F401  (wide data's, on X itself)
    count_errors_rows_x,
    count_good_x,
    lifted_epoch_x,
    perceptron_epoch_x,
    pocket_epoch_x,
    row_norms_x,
)
from ._winnow_kernels import replay_rows_winnow, winnow_epoch  # noqa: F401  (Winnow's)

# The kernels take the float64 and int64 arrays that ``warm_up`` builds; numba types them by
# their values at the first call, so these hints are for the reader and mypy only.
Array: TypeAlias = np.ndarray


@njit(cache=True, nogil=True)
def lifted_epoch(  # pragma: no cover
    Xa: Array, y: Array, order: Array, v: Array, s: Array, a2: float, c: float,
    pos_out: Array, idx_out: Array, ck_out: Array, k0: int, C: int,
) -> int:
    """Perceptron on the lifted points [a·x_i ; c·e_i] without building them.

    ``v`` holds a·(feature part of the lifted weights), so the score of a lifted point is
    v·x_i + c·s_i, with s_i the i-th slack weight; an update adds y·a²·x_i to v and y·c to s_i.
    """
    D = Xa.shape[1]
    cnt = 0
    for t in range(order.shape[0]):
        i = np.uint64(order[t])  # see _INDEX
        sc = 0.0
        for j in range(D):
            sc += v[j] * Xa[i, j]
        sc += c * s[i]
        yi = y[i]
        if yi * sc <= 0.0:
            for j in range(D):
                v[j] += yi * a2 * Xa[i, j]
            s[i] += yi * c
            pos_out[cnt] = t
            idx_out[cnt] = i
            cnt += 1
            if (k0 + cnt) % C == 0:
                m = (k0 + cnt) // C
                for j in range(D):
                    ck_out[m, j] = v[j]
    return cnt


@njit(cache=True, nogil=True)
def count_errors(Xa: Array, y: Array, w: Array) -> int:  # pragma: no cover
    """Number of points with sign(w·x) != y, sign(0) = +1 (scores summed as in training)."""
    D = Xa.shape[1]
    bad = 0
    if D == 3:
        w0, w1, w2 = w[0], w[1], w[2]
        for i in range(Xa.shape[0]):
            s = 0.0
            s += w0 * Xa[i, 0]
            s += w1 * Xa[i, 1]
            s += w2 * Xa[i, 2]
            if (s >= 0.0) != (y[i] > 0.0):
                bad += 1
        return bad
    for i in range(Xa.shape[0]):
        s = 0.0
        for j in range(D):
            s += w[j] * Xa[i, j]
        pred = 1.0 if s >= 0.0 else -1.0
        if pred != y[i]:
            bad += 1
    return bad


@njit(cache=True, nogil=True)
def count_errors_rows(Xa: Array, y: Array, P: Array) -> Array:  # pragma: no cover
    """:func:`count_errors` for every row of P as the weights, in one call (the same sums).

    Four rows of P share each pass over the points: each point is read once for four sums,
    each summed left to right on its own, so every score is :func:`count_errors`'s to the bit."""
    D = Xa.shape[1]
    R = P.shape[0]
    out = np.zeros(R, dtype=np.int64)
    r = 0
    while r + 4 <= R:
        b0 = 0
        b1 = 0
        b2 = 0
        b3 = 0
        for i in range(Xa.shape[0]):
            s0 = 0.0
            s1 = 0.0
            s2 = 0.0
            s3 = 0.0
            for j in range(D):
                x = Xa[i, j]
                s0 += P[r, j] * x
                s1 += P[r + 1, j] * x
                s2 += P[r + 2, j] * x
                s3 += P[r + 3, j] * x
            pos = y[i] > 0.0
            b0 += (s0 >= 0.0) != pos
            b1 += (s1 >= 0.0) != pos
            b2 += (s2 >= 0.0) != pos
            b3 += (s3 >= 0.0) != pos
        out[r], out[r + 1], out[r + 2], out[r + 3] = b0, b1, b2, b3
        r += 4
    while r < R:
        bad = 0
        for i in range(Xa.shape[0]):
            s = 0.0
            for j in range(D):
                s += P[r, j] * Xa[i, j]
            pred = 1.0 if s >= 0.0 else -1.0
            if pred != y[i]:
                bad += 1
        out[r] = bad
        r += 1
    return out


@njit(cache=True, nogil=True)
def weighted_prefix_sums(W: Array, c: Array, ks: Array) -> Array:  # pragma: no cover
    """For each k in ``ks`` (non-decreasing), Σ_{j<k} c_j · W_j, in one pass over W."""
    D = W.shape[1]
    out = np.zeros((ks.shape[0], D))
    acc = np.zeros(D)
    j = 0
    for r in range(ks.shape[0]):
        while j < ks[r]:
            for d in range(D):
                acc[d] += c[j] * W[j, d]
            j += 1
        for d in range(D):
            out[r, d] = acc[d]
    return out


@njit(cache=True, nogil=True)
def replay_rows(  # pragma: no cover - compiled
    X: Array, y: Array, index: Array, scale: float, ck: Array, C: int, ks: Array, out: Array, offset: bool
) -> None:
    """out[r] = the weights after update ks[r] (ks non-decreasing), rebuilt from checkpoint
    ks[r] // C by adding (y_i·scale)·x_i for each update after it, in training's order and
    arithmetic (w_j += (y_i·scale)·x_ij, scale 1 for the perceptron, a² for the lifted one),
    so every row equals the one training had, to the bit. ``X`` is the data set's own (not
    augmented): with ``offset`` the last weight gets (y_i·scale)·1.0, as training added it."""
    D = ck.shape[1]
    w = np.empty(D)
    cur = -1  # the update count w holds (-1: nothing yet)
    for r in range(ks.shape[0]):
        k = ks[r]
        base = (k // C) * C
        if cur < base or cur > k:
            m = k // C
            for j in range(D):
                w[j] = ck[m, j]
            cur = base
        while cur < k:
            i = index[cur]  # update cur + 1 visited this example
            add_step(w, X, i, y[i] * scale, offset)
            cur += 1
        for j in range(D):
            out[r, j] = w[j]



@njit(cache=True, nogil=True)
def replay_weighted_prefix(  # pragma: no cover - compiled
    X: Array, y: Array, index: Array, scale: float, ck: Array, C: int, c: Array, P: Array, ks: Array,
    out: Array, offset: bool
) -> None:
    """out[r] = Σ_{j<ks[r]} c_j·w_j (ks non-decreasing) without the K weight vectors:
    from P[ks[r] // C] (that sum up to update m·C) and checkpoint ck[ks[r] // C], adding
    c_j·w_j as :func:`weighted_prefix_sums` adds it and rebuilding w_{j+1} as
    :func:`replay_rows` does, so every sum equals the one over all rows to the bit. With one
    checkpoint (w_0), P = 0 and C > K it walks from the start: that is how P itself is made."""
    D = ck.shape[1]
    w = np.empty(D)
    acc = np.empty(D)
    cur = -1
    for r in range(ks.shape[0]):
        k = ks[r]
        base = (k // C) * C
        if cur < base or cur > k:
            m = k // C
            for j in range(D):
                w[j] = ck[m, j]
                acc[j] = P[m, j]
            cur = base
        while cur < k:
            for j in range(D):
                acc[j] += c[cur] * w[j]
            i = index[cur]
            add_step(w, X, i, y[i] * scale, offset)
            cur += 1
        for j in range(D):
            out[r, j] = acc[j]

def warm_up(names: tuple[str, ...] | None = None) -> None:
    """Compile (or load from cache) the kernels ``names`` (default: all) on tiny inputs of the
    types ``fit`` passes (writable float64 arrays: see ``base.augment``). Loading one from the
    cache costs about 25 ms, so a command warms only what its algorithm uses
    (``Perceptron.kernels``)."""
    X = np.ones((2, 2))
    y = np.array([1.0, -1.0])
    order = np.arange(2, dtype=np.int64)
    w = np.zeros(2)
    pos = np.empty(2, dtype=np.int64)
    wo = np.empty((2, 2))
    idx = np.zeros(2, dtype=np.int32)  # replay reads it: valid rows, not garbage

    def ro(a: Array) -> Array:  # a data set's arrays are read-only: replay_rows gets those
        v = a.view()
        v.setflags(write=False)
        return v

    calls: dict[str, Callable[[], object]] = {
        "perceptron_epoch": lambda: [perceptron_epoch(Xd, y, order, np.zeros(D), pos, idx, np.empty((2, D)), 0, 64, first)
                                     for D, Xd in ((2, X), (3, np.ones((2, 3))), (4, np.ones((2, 4)))) for first in (-1, 0)],
        "pocket_epoch": lambda: [pocket_epoch(X, y, order, w.copy(), pos, idx, wo, 0, 64, np.empty(2, dtype=np.int64),
                                              0.0, parallel, ratchet, np.zeros(6, dtype=np.int64),
                                              np.empty((4, 2), dtype=np.int64))
                                 for parallel in (False, True) for ratchet in (False, True)],
        "lifted_epoch": lambda: lifted_epoch(X, y, order, w.copy(), np.zeros(2), 0.25, 0.5, pos, idx, wo, 0, 64),
        "margin_epoch": lambda: margin_epoch(X, y, order, w.copy(), 1.0, pos, idx, wo, 0, 64),
        "weighted_epoch": lambda: weighted_epoch(X, y, np.ones(2), order, w.copy(), 0.0, pos, idx, wo, 0, 64),
        "pa_epoch": lambda: pa_epoch(X, y, order, w.copy(), 1, 1.0, pos, idx, np.empty(2), wo, 0, 64),
        "adaline_epoch": lambda: adaline_epoch(X, y, order, (w1 := w.copy()), w1, 0.01, pos, idx, np.empty(2), wo, 0, 64),
        "winnow_epoch": lambda: winnow_epoch(X, y, order, w.copy(), 2.0, pos, idx, wo, 0, 64),
        "replay_rows_winnow": lambda: replay_rows_winnow(ro(X), ro(y), idx, 2.0, wo, 64, np.array([0, 1], dtype=np.int64),
                                                         np.empty((2, 2))),
        "replay_rows_tau": lambda: replay_rows_tau(ro(X), ro(y), idx, np.ones(2), wo, 64, np.array([0, 1], dtype=np.int64),
                                                   np.empty((2, 2)), False),
        "replay_rows": lambda: replay_rows(ro(X), ro(y), idx, 1.0, wo, 64, np.array([0, 1], dtype=np.int64),
                                           np.empty((2, 2)), False),
        "count_errors": lambda: count_errors(X, y, w),
        "perceptron_epoch_x": lambda: [perceptron_epoch_x(ro(X), y, order, np.zeros(2 + offset), pos, idx,
                                                          np.empty((2, 2 + offset)), 0, 64, bool(offset), 0.0,
                                                          np.full(2, -1.0), prev, np.zeros(1, dtype=np.int64))
                                       for offset in (0, 1) for prev in (np.empty(0), np.zeros(2 + offset))],
        "lifted_epoch_x": lambda: [lifted_epoch_x(ro(X), y, order, np.zeros(2 + offset), np.zeros(2), 0.25, 0.5, pos,
                                                  idx, np.empty((2, 2 + offset)), 0, 64, bool(offset), np.full(2, -1.0),
                                                  prev, np.zeros(1, dtype=np.int64))
                                   for offset in (0, 1) for prev in (np.empty(0), np.zeros(2 + offset))],
        "pocket_epoch_x": lambda: [pocket_epoch_x(ro(X), y, order, np.zeros(2 + offset), pos, idx,
                                                  np.empty((2, 2 + offset)), 0, 64, np.empty(2, dtype=np.int64), 0.0,
                                                  ratchet, np.zeros(6, dtype=np.int64), np.empty((4, 2), dtype=np.int64),
                                                  bool(offset), np.ones(2))
                                   for offset in (0, 1) for ratchet in (False, True)],
        "count_good_x": lambda: [count_good_x(ro(X), y, np.zeros(2 + offset), 0.0, bool(offset), np.ones(2))
                                 for offset in (0, 1)],
        "row_norms_x": lambda: [row_norms_x(ro(X), bool(offset)) for offset in (0, 1)],
        "count_errors_rows_x": lambda: [count_errors_rows_x(ro(X), y, np.ones((r, 3)), True, np.full(2, -1.0)) for r in (1, 2)],
        "gram_matrix": lambda: gram_matrix(X, 1, 2, 1.0, 1.0, True),
        "kernel_epoch": lambda: kernel_epoch(X, y, order, np.zeros(2), np.zeros(2), np.ones((2, 2)), np.ones((2, 3)),
                                             np.zeros(3), 1, 2, 1.0, 1.0, True, pos, idx, np.empty((2, 3)), 0, 64),
        "dual_scores": lambda: dual_scores(X, y, X, 1, 2, 1.0, 1.0, True),
        "count_errors_rows": lambda: count_errors_rows(X, y, wo),
        "vote_scores": lambda: vote_scores(X, wo, np.ones(2)),
        "vote_errors_by_epoch": lambda: vote_errors_by_epoch(X, y, wo, np.array([0.0, 1.0, 2.0]),
                                                             np.array([1], dtype=np.int64), np.array([2.0])),
        "weighted_prefix_sums": lambda: weighted_prefix_sums(wo, np.ones(2), np.array([1, 2], dtype=np.int64)),
        "replay_weighted_prefix": lambda: replay_weighted_prefix(ro(X), ro(y), idx, 1.0, wo, 64, np.ones(2), np.zeros((2, 2)),
                                                                 np.array([0, 1], dtype=np.int64), np.empty((2, 2)), False),
    }
    for name in calls if names is None else names:
        calls[name]()


def kernels_loaded(names: tuple[str, ...]) -> bool:
    """True when every kernel in ``names`` is compiled or loaded in this process already, so a
    fit starts at once (otherwise its first call compiles: 2–2.4 s after installing, ~25 ms
    each from numba's cache)."""
    return all(bool(getattr(globals()[part], "signatures", ())) for name in names for part in _PARTS.get(name, (name,)))
