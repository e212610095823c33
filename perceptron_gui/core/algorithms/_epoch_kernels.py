"""The perceptron's epoch (see ``_kernels``, whose name it is too): the plane's own loops, with
the weights in local variables, in file order reading no visiting order; four visits' scores at a
time for more weights. :func:`perceptron_epoch` chooses the loop in Python."""
from __future__ import annotations

from typing import TypeAlias

import numpy as np
from numba import njit

Array: TypeAlias = np.ndarray


def perceptron_epoch(
    Xa: Array, y: Array, order: Array, w: Array, pos_out: Array, idx_out: Array, ck_out: Array, k0: int, C: int,
    first: int,
) -> int:
    """One epoch of the perceptron; update when y·(w·x) <= 0. Returns the update count.

    Two and three weights (2-D data, or 2-D with an offset) get loops with the weights in
    local variables, about a fifth faster; the arithmetic is the same to the bit (the score
    starts at 0.0 and adds w_j·x_j left to right in every version).

    ``first`` >= 0 says the visits are the points first, first + 1, … in file order (``order``
    is then that run, and only its length is read): the plane's loops read no order at all
    (a point's loads no longer wait on the load of its index; see _INDEX for the figures).
    -1: ``order`` is read.

    The loop is chosen here, in Python (a microsecond a call): compiled into one function that
    chooses, the loops were inlined into it and shared its registers, and the plane's file-order
    loop ran 48 ms where it runs 37 alone.
    """
    D = Xa.shape[1]
    if D == 2 or D == 3:
        if first >= 0:
            return int((_run_2 if D == 2 else _run_3)(Xa, y, first, order.shape[0], w, pos_out, idx_out, ck_out, k0, C))
        return int((_epoch_2 if D == 2 else _epoch_3)(Xa, y, order, w, pos_out, idx_out, ck_out, k0, C))
    return int(_epoch_any_d(Xa, y, order, w, pos_out, idx_out, ck_out, k0, C))


#: What ``kernels_loaded`` and ``warm_up`` see of :func:`perceptron_epoch`: its loops.
_PARTS = {"perceptron_epoch": ("_epoch_2", "_epoch_3", "_run_2", "_run_3", "_epoch_any_d")}


# _INDEX: a point's index is made unsigned before it indexes: numba then knows it is not negative
# and leaves out the wraparound a negative Python index has (a test and two adds per array read,
# on the loop's critical path); an order holds 0 … n − 1. 10⁶ points of the plane, 10 epochs:
# 54 → 45 ms reading the order, 59 → 37 ms in file order.
# _run_2 and _run_3 are _epoch_2 and _epoch_3 with i = first + t for i = order[t]: one loop
# choosing between the two at each visit ran 12 % slower than either, and a shared visit
# function (numba passes arrays and returns tuples through calls it does not inline) 4×.
@njit(cache=True, nogil=True)
def _run_2(  # pragma: no cover - compiled
    Xa: Array, y: Array, first: int, T: int, w: Array, pos_out: Array, idx_out: Array, ck_out: Array, k0: int, C: int
) -> int:
    w0, w1 = w[0], w[1]
    cnt = 0
    to_check = C - k0 % C  # updates until the next checkpoint: no division per update
    for t in range(T):
        i = np.uint64(first + t)  # see _INDEX
        s = 0.0
        s += w0 * Xa[i, 0]
        s += w1 * Xa[i, 1]
        yi = y[i]
        if yi * s <= 0.0:
            w0 += yi * Xa[i, 0]
            w1 += yi * Xa[i, 1]
            pos_out[cnt] = t
            idx_out[cnt] = i
            cnt += 1
            to_check -= 1
            if to_check == 0:  # (k0 + cnt) % C == 0
                to_check = C
                m = (k0 + cnt) // C
                ck_out[m, 0] = w0
                ck_out[m, 1] = w1
    w[0], w[1] = w0, w1
    return cnt


@njit(cache=True, nogil=True)
def _run_3(  # pragma: no cover - compiled
    Xa: Array, y: Array, first: int, T: int, w: Array, pos_out: Array, idx_out: Array, ck_out: Array, k0: int, C: int
) -> int:
    w0, w1, w2 = w[0], w[1], w[2]
    cnt = 0
    to_check = C - k0 % C  # updates until the next checkpoint: no division per update
    for t in range(T):
        i = np.uint64(first + t)  # see _INDEX
        s = 0.0
        s += w0 * Xa[i, 0]
        s += w1 * Xa[i, 1]
        s += w2 * Xa[i, 2]
        yi = y[i]
        if yi * s <= 0.0:
            w0 += yi * Xa[i, 0]
            w1 += yi * Xa[i, 1]
            w2 += yi * Xa[i, 2]
            pos_out[cnt] = t
            idx_out[cnt] = i
            cnt += 1
            to_check -= 1
            if to_check == 0:  # (k0 + cnt) % C == 0
                to_check = C
                m = (k0 + cnt) // C
                ck_out[m, 0] = w0
                ck_out[m, 1] = w1
                ck_out[m, 2] = w2
    w[0], w[1], w[2] = w0, w1, w2
    return cnt


@njit(cache=True, nogil=True)
def _epoch_3(  # pragma: no cover - compiled
    Xa: Array, y: Array, order: Array, w: Array, pos_out: Array, idx_out: Array, ck_out: Array, k0: int, C: int
) -> int:
    w0, w1, w2 = w[0], w[1], w[2]
    cnt = 0
    to_check = C - k0 % C  # updates until the next checkpoint: no division per update
    for t in range(order.shape[0]):
        i = np.uint64(order[t])  # see _INDEX
        s = 0.0
        s += w0 * Xa[i, 0]
        s += w1 * Xa[i, 1]
        s += w2 * Xa[i, 2]
        yi = y[i]
        if yi * s <= 0.0:
            w0 += yi * Xa[i, 0]
            w1 += yi * Xa[i, 1]
            w2 += yi * Xa[i, 2]
            pos_out[cnt] = t
            idx_out[cnt] = i
            cnt += 1
            to_check -= 1
            if to_check == 0:  # (k0 + cnt) % C == 0
                to_check = C
                m = (k0 + cnt) // C
                ck_out[m, 0] = w0
                ck_out[m, 1] = w1
                ck_out[m, 2] = w2
    w[0], w[1], w[2] = w0, w1, w2
    return cnt


@njit(cache=True, nogil=True)
def _epoch_2(  # pragma: no cover - compiled
    Xa: Array, y: Array, order: Array, w: Array, pos_out: Array, idx_out: Array, ck_out: Array, k0: int, C: int
) -> int:
    w0, w1 = w[0], w[1]
    cnt = 0
    to_check = C - k0 % C  # updates until the next checkpoint: no division per update
    for t in range(order.shape[0]):
        i = np.uint64(order[t])  # see _INDEX
        s = 0.0
        s += w0 * Xa[i, 0]
        s += w1 * Xa[i, 1]
        yi = y[i]
        if yi * s <= 0.0:
            w0 += yi * Xa[i, 0]
            w1 += yi * Xa[i, 1]
            pos_out[cnt] = t
            idx_out[cnt] = i
            cnt += 1
            to_check -= 1
            if to_check == 0:  # (k0 + cnt) % C == 0
                to_check = C
                m = (k0 + cnt) // C
                ck_out[m, 0] = w0
                ck_out[m, 1] = w1
    w[0], w[1] = w0, w1
    return cnt


@njit(cache=True, nogil=True)
def _epoch_any_d(  # pragma: no cover - compiled
    Xa: Array, y: Array, order: Array, w: Array, pos_out: Array, idx_out: Array, ck_out: Array, k0: int, C: int
) -> int:
    """Four visits' scores at a time with the current w, each summed left to right on its own
    (four independent sums, so the processor overlaps them; one sum alone waits on each add).
    The first mistake among the four is updated and the visits after it are scored again with
    the new w: every score is the one the one-at-a-time loop computes, to the bit."""
    D = Xa.shape[1]
    T = order.shape[0]
    cnt = 0
    to_check = C - k0 % C  # updates until the next checkpoint: no division per update
    t = 0
    while t < T:
        if t + 4 <= T:
            i0, i1, i2, i3 = order[t], order[t + 1], order[t + 2], order[t + 3]
            s0 = 0.0
            s1 = 0.0
            s2 = 0.0
            s3 = 0.0
            for j in range(D):
                wj = w[j]
                s0 += wj * Xa[i0, j]
                s1 += wj * Xa[i1, j]
                s2 += wj * Xa[i2, j]
                s3 += wj * Xa[i3, j]
            if y[i0] * s0 <= 0.0:
                b, i = 0, i0
            elif y[i1] * s1 <= 0.0:
                b, i = 1, i1
            elif y[i2] * s2 <= 0.0:
                b, i = 2, i2
            elif y[i3] * s3 <= 0.0:
                b, i = 3, i3
            else:
                t += 4
                continue
        else:  # the last visits of the epoch, one at a time
            b, i = 0, order[t]
            s = 0.0
            for j in range(D):
                s += w[j] * Xa[i, j]
            if not y[i] * s <= 0.0:  # (NaN: no update, as in the blocks above)
                t += 1
                continue
        yi = y[i]
        for j in range(D):
            w[j] += yi * Xa[i, j]
        pos_out[cnt] = t + b
        idx_out[cnt] = i
        cnt += 1
        to_check -= 1
        if to_check == 0:  # (k0 + cnt) % C == 0
            to_check = C
            m = (k0 + cnt) // C
            for j in range(D):
                ck_out[m, j] = w[j]
        t += b + 1
    return cnt
