"""The kernel perceptron's compiled loops (numba, cached on disk): kernel values, the Gram
matrix, one epoch in the dual form and the scores f(x) = Σ_j α_j·y_j·K(x_j, x).

Kernel codes (``kind``): 0 linear x·z, 1 poly (γ·x·z + c)^p, 2 rbf exp(−γ‖x − z‖²). ``plus1``
adds 1 to every kernel value: the offset's constant input, so K̃ = K + 1 and b = Σ α_j·y_j.
Dot products and squared distances are summed left to right over the features, everywhere.
"""
from __future__ import annotations

import math
from typing import TypeAlias

import numpy as np
from numba import njit

Array: TypeAlias = np.ndarray

KIND_CODES = {"linear": 0, "poly": 1, "rbf": 2}


@njit(cache=True, nogil=True, inline="always")
def kernel_value(A: Array, i: int, B: Array, j: int, kind: int, degree: int, coef0: float, gamma: float,
                 plus1: bool) -> float:  # pragma: no cover - compiled
    """K(A_i, B_j) (+ 1 with the offset)."""
    d = A.shape[1]
    if kind == 2:
        s = 0.0
        for m in range(d):
            diff = A[i, m] - B[j, m]
            s += diff * diff
        v = math.exp(-gamma * s)
    else:
        s = 0.0
        for m in range(d):
            s += A[i, m] * B[j, m]
        if kind == 1:
            base = gamma * s + coef0
            v = 1.0
            for _ in range(degree):  # an integer power by repeated product: exact on integers
                v *= base
        else:
            v = s
    if plus1:
        v += 1.0
    return v


@njit(cache=True, nogil=True)
def gram_matrix(X: Array, kind: int, degree: int, coef0: float, gamma: float,
                plus1: bool) -> Array:  # pragma: no cover - compiled
    """The n × n matrix of K(x_i, x_j) (symmetric: each pair computed once)."""
    n = X.shape[0]
    G = np.empty((n, n))
    for i in range(n):
        for j in range(i + 1):
            v = kernel_value(X, i, X, j, kind, degree, coef0, gamma, plus1)
            G[i, j] = v
            G[j, i] = v
    return G


@njit(cache=True, nogil=True)
def kernel_epoch(  # pragma: no cover - compiled
    X: Array, y: Array, order: Array, alpha: Array, f: Array, G: Array, Xa: Array, w: Array,
    kind: int, degree: int, coef0: float, gamma: float, plus1: bool,
    pos_out: Array, idx_out: Array, ck_out: Array, k0: int, C: int,
) -> int:
    """One epoch of the kernel perceptron over ``order``; returns the update count.

    ``f`` holds f(x_i) for every training point and is kept current: a mistake on j
    (y_j·f(x_j) ≤ 0) adds 1 to α_j and y_j·K(x_j, x_i) to every f(x_i), from row j of the Gram
    matrix ``G`` when it is kept (n ≤ 5,000) or computed on the fly (``G`` empty). That is
    O(n) per update, against O(n) per *visit* for f computed when a point is visited: updates
    are never more than visits (measured in tests/benchmarks/bench_kernel.py).

    ``w`` gets y_j·x̃_j per update, so the checkpoints of the record's weight log are
    Σ α_j·y_j·x̃_j: the primal weights for the linear kernel, and what ``replay_rows`` rebuilds.
    """
    n = X.shape[0]
    D = Xa.shape[1]
    gram = G.shape[0] == n and n > 0
    cnt = 0
    for t in range(order.shape[0]):
        i = order[t]
        yi = y[i]
        if yi * f[i] <= 0.0:
            alpha[i] += 1.0
            for m in range(D):
                w[m] += yi * Xa[i, m]
            if gram:
                for j in range(n):
                    f[j] += yi * G[i, j]
            else:
                for j in range(n):
                    f[j] += yi * kernel_value(X, i, X, j, kind, degree, coef0, gamma, plus1)
            pos_out[cnt] = t
            idx_out[cnt] = i
            cnt += 1
            if (k0 + cnt) % C == 0:
                mrow = (k0 + cnt) // C
                for m in range(D):
                    ck_out[mrow, m] = w[m]
    return cnt


@njit(cache=True, nogil=True)
def dual_scores(  # pragma: no cover - compiled
    Xs: Array, coef: Array, Z: Array, kind: int, degree: int, coef0: float, gamma: float, plus1: bool,
) -> Array:
    """f(z) = Σ_j coef_j·K(xs_j, z) for every row z of Z, summed over j in order (``coef`` =
    α_j·y_j of the support points ``Xs``)."""
    m = Z.shape[0]
    out = np.zeros(m)
    for r in range(m):
        s = 0.0
        for j in range(Xs.shape[0]):
            s += coef[j] * kernel_value(Xs, j, Z, r, kind, degree, coef0, gamma, plus1)
        out[r] = s
    return out


def warm_up() -> None:
    """Compile (or load from cache) the loops on tiny inputs of the types ``fit`` passes."""
    X = np.ones((2, 2))
    y = np.array([1.0, -1.0])
    G = gram_matrix(X, 1, 2, 1.0, 1.0, True)
    ck = np.empty((2, 3))
    kernel_epoch(X, y, np.arange(2, dtype=np.int64), np.zeros(2), np.zeros(2), G, np.ones((2, 3)), np.zeros(3),
                 1, 2, 1.0, 1.0, True, np.empty(2, dtype=np.int64), np.empty(2, dtype=np.int32), ck, 0, 64)
    dual_scores(X, y, X, 1, 2, 1.0, 1.0, True)
