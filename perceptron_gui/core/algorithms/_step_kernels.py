"""The margin perceptron's and the passive-aggressive family's epoch kernels, and the replay of
weights whose updates each have their own step size τ (numba, cached on disk).

They record updates exactly as :mod:`._kernels` does (position, example index, a checkpoint
every C-th update), and sum dot products left to right over the augmented vector, so the score
is ``(w·x) + b`` as scikit-learn computes it. They live in a module of their own so that the
six textbook variants' compiled kernels stay exactly what they were (no extra argument in their
hot loop, nothing to re-benchmark).
"""
from __future__ import annotations

from typing import TypeAlias

import numpy as np
from numba import njit

from ._codes import PA_I, PA_II  # pa_epoch's ``variant`` (numba freezes them into the kernel)

Array: TypeAlias = np.ndarray


@njit(cache=True, nogil=True)
def margin_epoch(  # pragma: no cover - compiled
    Xa: Array, y: Array, order: Array, w: Array, margin: float,
    pos_out: Array, idx_out: Array, ck_out: Array, k0: int, C: int,
) -> int:
    """One epoch of the margin perceptron: update w += y·x when y·(w·x) <= margin.

    With ``margin`` 0.0 this is ``_kernels.perceptron_epoch`` to the bit (the same sums in the
    same order, the same comparison)."""
    D = Xa.shape[1]
    cnt = 0
    for t in range(order.shape[0]):
        i = order[t]
        s = 0.0
        for j in range(D):
            s += w[j] * Xa[i, j]
        yi = y[i]
        if yi * s <= margin:
            for j in range(D):
                w[j] += yi * Xa[i, j]
            pos_out[cnt] = t
            idx_out[cnt] = i
            cnt += 1
            if (k0 + cnt) % C == 0:
                m = (k0 + cnt) // C
                for j in range(D):
                    ck_out[m, j] = w[j]
    return cnt


@njit(cache=True, nogil=True)
def pa_epoch(  # pragma: no cover - compiled
    Xa: Array, y: Array, order: Array, w: Array, variant: int, c_param: float,
    pos_out: Array, idx_out: Array, tau_out: Array, ck_out: Array, k0: int, C: int,
) -> int:
    """One epoch of passive-aggressive learning (Crammer et al. 2006).

    On a visit with hinge loss ℓ = 1 − y·(w·x) > 0 (x augmented, so ‖x‖² counts the offset's 1)
    the step is τ (see ``variant``) and w += (τ·y)·x, the product τ·y taken first as
    scikit-learn does; τ is stored in ``tau_out``. A point with ‖x‖² = 0 (x = 0 without an
    offset) is skipped: the step could not move w (and PA's τ would be infinite).
    """
    D = Xa.shape[1]
    cnt = 0
    for t in range(order.shape[0]):
        i = order[t]
        s = 0.0
        for j in range(D):
            s += w[j] * Xa[i, j]
        yi = y[i]
        z = yi * s
        if z < 1.0:
            loss = 1.0 - z
            sq = 0.0
            for j in range(D):
                sq += Xa[i, j] * Xa[i, j]
            if sq == 0.0:
                continue
            if variant == PA_II:
                tau = loss / (sq + 0.5 / c_param)
            else:
                tau = loss / sq
                if variant == PA_I and tau > c_param:
                    tau = c_param
            f = tau * yi
            for j in range(D):
                w[j] += f * Xa[i, j]
            pos_out[cnt] = t
            idx_out[cnt] = i
            tau_out[cnt] = tau
            cnt += 1
            if (k0 + cnt) % C == 0:
                m = (k0 + cnt) // C
                for j in range(D):
                    ck_out[m, j] = w[j]
    return cnt


@njit(cache=True, nogil=True, inline="always")
def add_step(w: Array, X: Array, i: int, f: float, offset: bool) -> None:  # pragma: no cover - compiled
    """w += f·x_i, and f·1 to the offset weight: one update replayed as training added it (every
    replay kernel's step, so the rebuilt rows equal training's to the bit)."""
    d = X.shape[1]
    for j in range(d):
        w[j] += f * X[i, j]
    if offset:
        w[d] += f * 1.0


@njit(cache=True, nogil=True)
def replay_rows_tau(  # pragma: no cover - compiled
    X: Array, y: Array, index: Array, tau: Array, ck: Array, C: int, ks: Array, out: Array, offset: bool
) -> None:
    """``_kernels.replay_rows`` with a step size per update: update k adds (τ_k·y_i)·x_i, the
    product taken as :func:`pa_epoch` takes it, so every row equals training's to the bit."""
    D = ck.shape[1]
    w = np.empty(D)
    cur = -1
    for r in range(ks.shape[0]):
        k = ks[r]
        base = (k // C) * C
        if cur < base or cur > k:
            m = k // C
            for j in range(D):
                w[j] = ck[m, j]
            cur = base
        while cur < k:
            i = index[cur]
            add_step(w, X, i, tau[cur] * y[i], offset)
            cur += 1
        for j in range(D):
            out[r, j] = w[j]


@njit(cache=True, nogil=True)
def weighted_epoch(  # pragma: no cover - compiled
    Xa: Array, y: Array, s: Array, order: Array, w: Array, margin: float,
    pos_out: Array, idx_out: Array, ck_out: Array, k0: int, C: int,
) -> int:
    """One epoch of the perceptron (``margin`` 0.0) or the margin perceptron with a weight s_i per
    point: when y·(w·x) <= margin, w += (y·s_i)·x, as scikit-learn's SGD takes a sample's weight
    (its update y times class weight × sample weight). A point of weight 0 is never updated on
    (scikit-learn skips an update of 0), so it cannot keep a run from converging. The scores are
    summed as in :func:`margin_epoch`; the record's step size of the update is s_i."""
    D = Xa.shape[1]
    cnt = 0
    for t in range(order.shape[0]):
        i = order[t]
        si = s[i]
        if si == 0.0:
            continue
        sc = 0.0
        for j in range(D):
            sc += w[j] * Xa[i, j]
        yi = y[i]
        if yi * sc <= margin:
            f = yi * si
            for j in range(D):
                w[j] += f * Xa[i, j]
            pos_out[cnt] = t
            idx_out[cnt] = i
            cnt += 1
            if (k0 + cnt) % C == 0:
                m = (k0 + cnt) // C
                for j in range(D):
                    ck_out[m, j] = w[j]
    return cnt
