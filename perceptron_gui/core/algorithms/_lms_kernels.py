"""ADALINE's epoch kernel (Widrow–Hoff's least-mean-squares rule; numba, cached on disk).

It records updates as :mod:`._kernels` does (position, example index, a checkpoint every C-th
update) and sums each score left to right over the augmented vector, ``(w·x) + b``. Every visit
is an update; its step is kept as τ with τ·y = step·(y − s), so that
:func:`._step_kernels.replay_rows_tau` rebuilds every w_k to the bit.
"""
from __future__ import annotations

from typing import TypeAlias

import numpy as np
from numba import njit

Array: TypeAlias = np.ndarray


@njit(cache=True, nogil=True)
def adaline_epoch(  # pragma: no cover - compiled
    Xa: Array, y: Array, order: Array, w: Array, w_score: Array, step: float,
    pos_out: Array, idx_out: Array, tau_out: Array, ck_out: Array, k0: int, C: int,
) -> int:
    """Visits of an ADALINE epoch: at each, s = w_score·x (x augmented), f = step·(y − s) and
    w += f·x. Online, ``w_score`` is ``w`` itself and ``step`` is η (Widrow–Hoff); in batch,
    ``w_score`` is the epoch's starting w and ``step`` η·2/n, so the epoch adds the gradient step
    of the mean squared error point by point (an epoch may come in slices: ``w_score`` stays).
    τ = f·y is stored and the update added as (τ·y)·x: y is ±1, so both products only flip a
    sign and (τ·y) is f to the bit, as the replay takes it."""
    D = Xa.shape[1]
    cnt = 0
    for t in range(order.shape[0]):
        i = order[t]
        s = 0.0
        for j in range(D):
            s += w_score[j] * Xa[i, j]
        yi = y[i]
        tau = (step * (yi - s)) * yi
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
