"""The compiled parse of a well-formed CSV's lines of numbers (numba; imported at its first use).

numpy's reader turns each cell into a number with Python's correctly rounded ``strtod``, which
for the 17 significant digits a program writes to keep every bit (``%.17g``, ``repr``) needs big
integers: ~300 ns a number, 3.2 s for MNIST's 0 vs 1 (10⁷ numbers). Here each number is read as
an integer m of at most 19 digits and a power of ten q, and rounded with a 128-bit table of the
powers of ten (the method of Eisel and Lemire, with its certificate written out below): ~20 ns.
The result is the correctly rounded double, the same as ``float()`` gives, to the bit. A number
it cannot certify (more than 19 significant digits, a result below the normal range or beyond
the largest double, a rounding the table's precision leaves open) is handed back by position,
and the caller reads it with ``float()``; anything that is not a plain number, a separator or a
line end stops the parse, and the caller reads the file the careful way.

Why by hand: numpy, the standard library and pandas' default parser either take the slow
correctly rounded path or round some 17-digit numbers differently; the project's promise is the
same bits as ``np.loadtxt`` feeding scikit-learn.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

Q_MIN, Q_MAX = -342, 308  # powers of ten in the table: beyond them a double is 0 or infinite
MAX_DIGITS = 19  # significant digits an unsigned 64-bit integer holds for every value
OK, BAD, FULL, HARD_FULL = 0, 1, 2, 3  # the parse's outcomes


def _table() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each q in [Q_MIN, Q_MAX]: T_q = ⌊10^q · 2^(127 − b_q)⌋ with b_q = ⌊log₂ 10^q⌋, so
    2^127 ≤ T_q < 2^128 (its two 64-bit halves) and 10^q = (T_q + θ)·2^(b_q − 127), 0 ≤ θ < 1.
    θ = 0 exactly when 0 ≤ q ≤ 55 (5^q fits in 128 bits); below 0 never (10^q is no dyadic)."""
    n = Q_MAX - Q_MIN + 1
    hi, lo, b = np.empty(n, np.uint64), np.empty(n, np.uint64), np.empty(n, np.int64)
    mask = (1 << 64) - 1
    for k, q in enumerate(range(Q_MIN, Q_MAX + 1)):
        if q >= 0:
            v = 10 ** q
            bq = v.bit_length() - 1
            t = v << (127 - bq) if bq <= 127 else v >> (bq - 127)
        else:
            den = 10 ** -q
            bq = -den.bit_length()  # 2^(L−1) < den < 2^L, so ⌊log₂ 10^q⌋ = −L
            t = (1 << (127 - bq)) // den
        hi[k], lo[k], b[k] = t >> 64, t & mask, bq
    return hi, lo, b


T_HI, T_LO, T_EXP = _table()

_M32 = np.uint64(0xFFFFFFFF)
_ALL = np.uint64(0xFFFFFFFFFFFFFFFF)
_ONE = np.uint64(1)
_SIGN = np.uint64(1 << 63)
_FRAC = np.uint64((1 << 52) - 1)
_TWO52 = np.uint64(1 << 52)
_TWO53 = np.uint64(1 << 53)


@njit(cache=True, nogil=True, inline="always")
def _mul64(a: Any, b: Any) -> Any:  # pragma: no cover - compiled
    """The 128-bit product of two unsigned 64-bit integers, as (high, low) halves."""
    a0, a1 = a & _M32, a >> np.uint64(32)
    b0, b1 = b & _M32, b >> np.uint64(32)
    p00, p01, p10, p11 = a0 * b0, a0 * b1, a1 * b0, a1 * b1
    mid = (p00 >> np.uint64(32)) + (p01 & _M32) + (p10 & _M32)  # < 2^34: no overflow
    lo = (mid << np.uint64(32)) | (p00 & _M32)
    hi = p11 + (p01 >> np.uint64(32)) + (p10 >> np.uint64(32)) + (mid >> np.uint64(32))
    return hi, lo


@njit(cache=True, nogil=True)
def to_bits(man: Any, q: int, neg: bool, t_hi: Any, t_lo: Any, t_exp: Any) -> Any:  # pragma: no cover - compiled
    """(bits of the double nearest man·10^q, ties to even; True) or (0, False) when not certain.

    With m = man·2^c normalised (top bit set) and P = m·T_q (192 bits), the exact value is
    (P + m·θ)·2^(b_q − 127 − c), inside [P, P + m). Let H be P's top 128 bits: the double's 53
    bits are H's top 53, R the 74 or 75 bits below them followed by P's low word l, and
    "half" R's top bit alone. With θ = 0 the value is P: round R against half, ties to even.
    With θ > 0 the value is strictly inside (P, P + m): R ≥ half means every such value is
    above half (round up); R + l + m ≤ half means every one is below (round down). Since
    m < 2^64 the two cases leave open only R = half − 1 in H's units, its low 64 bits all
    ones, with l + m ≥ 2^64 — about one number in 2^73; that one is not certain."""
    if man == 0:
        return _SIGN if neg else np.uint64(0), True
    if q < Q_MIN or q > Q_MAX:
        return np.uint64(0), False
    m = man
    c = 0
    for step in (32, 16, 8, 4, 2, 1):
        if m < (_ONE << np.uint64(64 - step)):
            m = m << np.uint64(step)
            c += step
    k = q - Q_MIN
    a1, a0 = _mul64(m, t_lo[k])
    b1, b0 = _mul64(m, t_hi[k])
    low = a0
    mid = b0 + a1
    hi = b1 + (_ONE if mid < b0 else np.uint64(0))
    top = int(hi >> np.uint64(63))  # 1: H's top bit is bit 127; 0: bit 126
    rbits = 10 + top  # bits of R inside H's high word
    mant = hi >> np.uint64(rbits)  # 53 bits
    r_hi = hi & ((_ONE << np.uint64(rbits)) - _ONE)
    half = _ONE << np.uint64(rbits - 1)
    if 0 <= q <= 55:  # T_q exact: the value is P itself
        if r_hi > half or (r_hi == half and (mid != 0 or low != 0)):
            up = True
        elif r_hi == half:
            up = (mant & _ONE) == _ONE
        else:
            up = False
    elif r_hi >= half:
        up = True
    elif r_hi == half - _ONE and mid == _ALL and low + m < low:
        return np.uint64(0), False
    else:
        up = False
    e = 1 + rbits + t_exp[k] - c  # the value is mant·2^e (P = mant·2^(128 + rbits) + the rest)
    if up:
        mant += _ONE
        if mant == _TWO53:
            mant = _TWO52
            e += 1
    field = e + 52 + 1023
    if field < 1 or field > 2046:  # below the normal range, or beyond the largest double
        return np.uint64(0), False
    bits = (np.uint64(field) << np.uint64(52)) | (mant & _FRAC)
    return (bits | _SIGN) if neg else bits, True


@njit(cache=True, nogil=True)
def parse_lines(buf: Any, start: int, end: int, sep: int, width: int, x_bits: Any, y_bits: Any, row0: int,
                hard: Any, t_hi: Any, t_lo: Any, t_exp: Any) -> Any:  # pragma: no cover - compiled
    """Parse ``buf[start:end]``: lines of ``width`` numbers split by the byte ``sep``, each line
    ending in "\\n" or "\\r\\n" (the last may end at ``end``). The first ``width − 1`` numbers
    of line r go to ``x_bits[row0 + r]``, the last to ``y_bits[row0 + r]``, as the bits of
    doubles. A number not certain here is listed in ``hard`` (row, column, start, end) and its
    slot left for the caller.

    Returns (outcome, lines read, numbers listed in hard, position of a fault): OK; BAD at a
    byte that is not part of a plain number where one is due, a missing or extra cell, a blank
    line; FULL when the lines do not fit in x_bits; HARD_FULL when ``hard`` is full."""
    r = row0
    p = start
    nhard = 0
    cap = x_bits.shape[0]
    while p < end:
        if r >= cap:
            return FULL, r - row0, nhard, p
        for col in range(width):
            cell = p
            neg = False
            if p < end and (buf[p] == 45 or buf[p] == 43):  # '-' '+'
                neg = buf[p] == 45
                p += 1
            man = np.uint64(0)
            nd = 0
            q = 0
            digits = 0
            exact = True
            while p < end and 48 <= buf[p] <= 57:
                d = buf[p] - 48
                digits += 1
                if nd > 0 or d != 0:
                    if nd < MAX_DIGITS:
                        man = man * np.uint64(10) + np.uint64(d)
                        nd += 1
                    else:
                        q += 1
                        if d != 0:
                            exact = False
                p += 1
            if p < end and buf[p] == 46:  # '.'
                p += 1
                while p < end and 48 <= buf[p] <= 57:
                    d = buf[p] - 48
                    digits += 1
                    if nd == 0 and d == 0:
                        q -= 1
                    elif nd < MAX_DIGITS:
                        man = man * np.uint64(10) + np.uint64(d)
                        nd += 1
                        q -= 1
                    elif d != 0:
                        exact = False
                    p += 1
            if digits == 0:
                return BAD, r - row0, nhard, p
            if p < end and (buf[p] == 101 or buf[p] == 69):  # 'e' 'E'
                p += 1
                eneg = False
                if p < end and (buf[p] == 45 or buf[p] == 43):
                    eneg = buf[p] == 45
                    p += 1
                ed = 0
                ev = 0
                while p < end and 48 <= buf[p] <= 57:
                    if ev < 100000:
                        ev = ev * 10 + (buf[p] - 48)
                    ed += 1
                    p += 1
                if ed == 0:
                    return BAD, r - row0, nhard, p
                q += -ev if eneg else ev
            bits = np.uint64(0)
            ok = False
            if exact:
                bits, ok = to_bits(man, q, neg, t_hi, t_lo, t_exp)
            if not ok:
                if nhard >= hard.shape[0]:
                    return HARD_FULL, r - row0, nhard, p
                hard[nhard, 0] = r
                hard[nhard, 1] = col
                hard[nhard, 2] = cell
                hard[nhard, 3] = p
                nhard += 1
            if col < width - 1:
                x_bits[r, col] = bits
                if p >= end or buf[p] != sep:
                    return BAD, r - row0, nhard, p
                p += 1
            else:
                y_bits[r] = bits
                if p < end and buf[p] == 13:  # '\r'
                    p += 1
                    if p >= end or buf[p] != 10:
                        return BAD, r - row0, nhard, p
                if p < end:
                    if buf[p] != 10:
                        return BAD, r - row0, nhard, p
                    p += 1
        r += 1
    return OK, r - row0, nhard, p
