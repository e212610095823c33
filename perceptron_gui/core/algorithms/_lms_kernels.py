"""ADALINE's epoch kernel (Widrow–Hoff's least-mean-squares rule; numba, cached on disk).

It records updates as :mod:`._kernels` does (position, example index, a checkpoint every C-th
update) and sums each score left to right over the augmented vector, ``(w·x) + b``. Every visit
is an update; its step is kept as τ with τ·y = η·(y − w·x − b), so that
:func:`._step_kernels.replay_rows_tau` rebuilds every w_k to the bit.
"""
from __future__ import annotations

from typing import TypeAlias

import numpy as np
from numba import njit

Array: TypeAlias = np.ndarray


@njit(cache=True, nogil=True)
def adaline_epoch(  # pragma: no cover - compiled
    Xa: Array, y: Array, order: Array, w: Array, eta: float,
    pos_out: Array, idx_out: Array, tau_out: Array, ck_out: Array, k0: int, C: int,
) -> int:
    """One epoch of online ADALINE: at every visit s = w·x (x augmented), the step
    f = η·(y − s) and w += f·x. τ = f·y is stored and the update added as (τ·y)·x: y is ±1,
    so both products only flip a sign and (τ·y) is f to the bit, as the replay takes it."""
    D = Xa.shape[1]
    cnt = 0
    for t in range(order.shape[0]):
        i = order[t]
        s = 0.0
        for j in range(D):
            s += w[j] * Xa[i, j]
        yi = y[i]
        tau = (eta * (yi - s)) * yi
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


@njit(cache=True, nogil=True)
def adaline_batch_epoch(  # pragma: no cover - compiled
    Xa: Array, y: Array, order: Array, w: Array, w0: Array, scale: float,
    pos_out: Array, idx_out: Array, tau_out: Array, ck_out: Array, k0: int, C: int,
) -> int:
    """Visits of an epoch of batch gradient descent on the mean squared error (1/n)·Σ (y − w·x)²,
    w ← w + η·(2/n)·Σ (y − w·x)·x (``scale`` = η·2/n), every score taken with the epoch's starting
    weights ``w0``. Each visit's share f = scale·(y − s) is added in visit order (kept as τ = f·y,
    as :func:`adaline_epoch` keeps it), so the replay rebuilds every partial sum and the epoch's
    end is the batch step. The epoch may come in slices (``chunks``): ``w0`` stays the same."""
    D = Xa.shape[1]
    cnt = 0
    for t in range(order.shape[0]):
        i = order[t]
        s = 0.0
        for j in range(D):
            s += w0[j] * Xa[i, j]
        yi = y[i]
        tau = (scale * (yi - s)) * yi
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
