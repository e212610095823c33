"""Is one point in a data set twice, once with each label? Exactly, in O(n·d) expected time.

Each row gets a 64-bit hash (a bijective mix of each coordinate's bits with its column's
constant, summed), so only rows of equal hash can be equal; rows of equal hash are then
compared exactly. Sorting the rows instead (``np.lexsort``) took one key array per column:
2.8 GB for 2 rows of 10⁶ features, 16 s for 60,000 × 784. Here the work is in blocks of about
:data:`_BLOCK` numbers, so what it allocates beyond the n hashes is a few MB at any shape.
"""
from __future__ import annotations

import numpy as np

__all__ = ["first_conflict"]

_BLOCK = 1 << 18  # numbers hashed per numpy call: big enough to amortise a call, small in memory
_MUL = np.uint64(0x9E3779B97F4A7C15)
_MIX = np.uint64(0xBF58476D1CE4E5B9)


def first_conflict(X: np.ndarray, y: np.ndarray) -> int | None:
    """The first row (in file order) whose point also appears with the other label, or None.

    Coordinates compare as numbers: -0.0 and 0.0 are the same point. X must hold no NaN
    (a :class:`~perceptron_gui.core.dataset.Dataset` never does)."""
    n = int(X.shape[0])
    if n < 2 or bool(np.all(y == y[0])):
        return None
    h = _row_hashes(X)
    order = np.argsort(h, kind="stable")  # equal hashes stay in file order: a group's first is its lowest row
    hs, ys = h[order], y[order]
    del h
    starts = np.flatnonzero(np.concatenate(([True], hs[1:] != hs[:-1])))
    sizes = np.diff(np.append(starts, n))
    # Only a group holding both labels can hold a conflict (most groups are one row).
    mixed = (sizes > 1) & (np.minimum.reduceat(ys, starts) != np.maximum.reduceat(ys, starts))
    if not mixed.any():
        return None
    members = np.flatnonzero(np.repeat(mixed, sizes))
    group = np.repeat(np.arange(int(mixed.sum())), sizes[mixed])
    return _confirm(X, order[members], ys[members], group)


def _confirm(X: np.ndarray, rows: np.ndarray, labels: np.ndarray, group: np.ndarray) -> int | None:
    """Among rows grouped by equal hash (each group in file order), the lowest row equal to
    another of the other label. Each round compares every row with its group's first; the
    rows equal to it are settled, the others (a hash collision, rare) form the next round."""
    best: int | None = None
    while rows.size:
        first = np.flatnonzero(np.concatenate(([True], group[1:] != group[:-1])))
        lead = np.repeat(rows[first], np.diff(np.append(first, rows.size)))
        same = _rows_equal(X, rows, lead)
        # A group whose rows equal to its first hold both labels: its first is the answer.
        lab_lo = np.minimum.reduceat(np.where(same, labels, np.inf), first)
        lab_hi = np.maximum.reduceat(np.where(same, labels, -np.inf), first)
        hits = rows[first][lab_lo != lab_hi]
        if hits.size:
            best = int(hits.min()) if best is None else min(best, int(hits.min()))
        keep = ~same
        rows, labels, group = rows[keep], labels[keep], group[keep]
    return best


def _rows_equal(X: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Whether row a[i] of X equals row b[i] (as numbers), in blocks of about :data:`_BLOCK`
    numbers: a few rows at a time, or one row in pieces when rows are wider than that."""
    d = int(X.shape[1])
    out = np.empty(a.size, dtype=bool)
    if d > _BLOCK:
        for i in range(a.size):
            out[i] = all(np.array_equal(X[a[i], c:c + _BLOCK], X[b[i], c:c + _BLOCK]) for c in range(0, d, _BLOCK))
        return out
    step = max(1, _BLOCK // d)
    for i in range(0, a.size, step):
        j = min(a.size, i + step)
        out[i:j] = np.all(X[a[i:j]] == X[b[i:j]], axis=1)
    return out


def _row_hashes(X: np.ndarray) -> np.ndarray:
    """A 64-bit hash of each row: Σ_j mix(bits(x_j + 0.0) + K_j), wrapping. ``+ 0.0`` makes
    -0.0 into 0.0; the mix is a bijection, so rows that differ in one coordinate never
    collide."""
    n, d = (int(s) for s in X.shape)
    h = np.zeros(n, dtype=np.uint64)
    cols = min(d, _BLOCK)
    rows = max(1, _BLOCK // cols)
    for c0 in range(0, d, cols):
        c1 = min(d, c0 + cols)
        key = _column_keys(c0, c1)
        for r0 in range(0, n, rows):
            r1 = min(n, r0 + rows)
            z = np.add(X[r0:r1, c0:c1], 0.0, dtype=np.float64).view(np.uint64)
            z += key
            _mix(z)
            h[r0:r1] += z.sum(axis=1, dtype=np.uint64)
    return h


def _column_keys(c0: int, c1: int) -> np.ndarray:
    """One pseudo-random constant per column, made from its index (no array of d keys)."""
    k = np.arange(c0, c1, dtype=np.uint64)
    k *= _MUL
    _mix(k)
    return k


def _mix(z: np.ndarray) -> None:
    """In place, a bijection of 64-bit words that spreads every bit over the word (float bits
    carry their information high; the xor-shifts bring it down, the multiply back up)."""
    with np.errstate(over="ignore"):
        z ^= z >> np.uint64(32)
        z *= _MIX
        z ^= z >> np.uint64(29)
