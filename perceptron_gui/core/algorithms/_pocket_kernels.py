"""The pocket's hot loops (notes 000; Gallant 1990), compiled with numba like :mod:`._kernels`.

One epoch loop (:func:`pocket_epoch`) with one count I = #{i : y_i(w·x_i) passes the margin
test}: the every-update rule counts after each update, the ratchet only when the current
weights' run of consecutive passes outlasts the pocket's. It updates and checkpoints the weights
exactly as the perceptron kernels do.

One kernel, not one per rule: numba's on-disk cache crashed (a segmentation fault when loading)
once two cached kernels both called the parallel count, so only this one calls it.
"""
from __future__ import annotations

import os
from typing import TypeAlias

# The parallel count is one short parallel region per count (0.25 ms for 200,000 points). With
# OpenMP's default active waiting, its threads spin between regions and, when other programs
# keep the cores busy, each region waits for descheduled spinners: 4–16 ms per count against
# 0.3–0.6 ms with passive waiting (measured at a load average of 4.5 on 2 cores). Read when
# numba first starts its threads, which is after this import; a value the user set is kept.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

import numpy as np  # noqa: E402
from numba import njit, prange  # noqa: E402

# The ratchet's state slots (numba freezes them into the kernel).
from ._codes import COUNT_POCKET, COUNT_W, IN_POCKET, N_CHECKS, RUN_POCKET, RUN_W  # noqa: E402

Array: TypeAlias = np.ndarray


@njit(cache=True, nogil=True)
def pocket_epoch(  # pragma: no cover
    Xa: Array, y: Array, order: Array, w: Array, pos_out: Array, idx_out: Array, ck_out: Array, k0: int, C: int,
    count_out: Array, gamma: float, parallel: bool, ratchet: bool, rs: Array, checks_out: Array,
) -> int:
    """Perceptron epoch for the pocket; returns the update count. A point passes the count when
    y·(w·x) > γ, or = γ when γ ≠ 0 (that is > 0 for γ = 0, ≥ γ otherwise); with ``parallel``
    the O(n·D) count runs on every core (:func:`_count_good_parallel`).

    Every-update rule (``ratchet`` False): the count of the weights after update c goes to
    ``count_out[c - 1]`` (c counted within this call); ``rs`` and ``checks_out`` are unused.

    Gallant's ratchet: a *visit* passes when the current weights pass the count's test on it.
    ``rs`` holds, in the slots named above: the current weights' run (passes in a row since the
    last update, or the start; an update or a visit that is no mistake but falls short of γ
    ends it), the pocket's run (the longest run its weights have had: it keeps growing while
    they are still the current weights), the pocket's count I, the current weights' count (-1
    until made), 1 while the current weights are the pocket's, and, on return, the number of
    checks this call made. When a pass makes the current run longer than the pocket's, the
    current weights are counted (once: they do not change until the next update, so neither
    does their count) and replace the pocket only if their count is strictly larger (the
    ratchet), taking their run with them. Each check is a column of ``checks_out``:
    the update number k of the weights counted, their count, the visit's position in ``order``,
    and 1 if they went into the pocket.
    """
    D = Xa.shape[1]
    run_w, run_p, count_p, count_w, in_pocket = rs[RUN_W], rs[RUN_POCKET], rs[COUNT_POCKET], rs[COUNT_W], rs[IN_POCKET]
    cnt = 0
    nchk = 0
    for t in range(order.shape[0]):
        i = order[t]
        s = 0.0
        for j in range(D):
            s += w[j] * Xa[i, j]
        yi = y[i]
        v = yi * s
        counting = False
        if v <= 0.0:
            for j in range(D):
                w[j] += yi * Xa[i, j]
            pos_out[cnt] = t
            idx_out[cnt] = i
            cnt += 1
            if (k0 + cnt) % C == 0:
                m = (k0 + cnt) // C
                for j in range(D):
                    ck_out[m, j] = w[j]
            run_w = 0
            count_w = -1
            in_pocket = 0
            counting = not ratchet
        elif ratchet:
            if v > gamma or (gamma != 0.0 and v == gamma):
                run_w += 1
                if in_pocket == 1:
                    run_p = max(run_p, run_w)
                else:
                    counting = run_w > run_p and count_w < 0
            else:
                run_w = 0
        if counting:
            c = _count_good_parallel(Xa, y, w, gamma) if parallel else _count_good(Xa, y, w, gamma)
            if not ratchet:
                count_out[cnt - 1] = c
            else:
                count_w = c
                checks_out[0, nchk] = k0 + cnt
                checks_out[1, nchk] = c
                checks_out[2, nchk] = t
                checks_out[3, nchk] = 0
                if c > count_p:
                    count_p = c
                    run_p = run_w
                    in_pocket = 1
                    checks_out[3, nchk] = 1
                nchk += 1
    if ratchet:
        rs[RUN_W], rs[RUN_POCKET], rs[COUNT_POCKET], rs[COUNT_W] = run_w, run_p, count_p, count_w
        rs[IN_POCKET], rs[N_CHECKS] = in_pocket, nchk
    return cnt


# The pocket's count, serial and on every core. numba turns prange into threads only in a
# function compiled with parallel=True, so the two need two bodies; the test is one expression
# (v > γ, or v = γ when γ ≠ 0: that is v > 0 for γ = 0 and v >= γ otherwise) so both vectorize.
@njit(cache=True, nogil=True)
def _count_good(Xa: Array, y: Array, w: Array, gamma: float) -> int:  # pragma: no cover
    n, D = Xa.shape
    good = 0
    for m in range(n):
        sm = 0.0
        for j in range(D):
            sm += w[j] * Xa[m, j]
        v = y[m] * sm
        if v > gamma or (gamma != 0.0 and v == gamma):
            good += 1
    return good


@njit(cache=True, nogil=True, parallel=True)
def _count_good_parallel(Xa: Array, y: Array, w: Array, gamma: float) -> int:  # pragma: no cover
    n, D = Xa.shape
    good = 0
    for m in prange(n):
        sm = 0.0
        for j in range(D):
            sm += w[j] * Xa[m, j]
        v = y[m] * sm
        if v > gamma or (gamma != 0.0 and v == gamma):
            good += 1
    return good
