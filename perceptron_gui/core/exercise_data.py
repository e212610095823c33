"""Data for hand-simulation exercises (no Qt): small integer points, and exact numbers.

:func:`integer_separable` draws n distinct points with integer coordinates in a small box,
labelled by a line with small integer coefficients (through the origin when asked), keeping
only points at least ``margin`` from it, so the perceptron's weights stay small integers a
student computes by hand. :class:`Radical` writes a number m·√r / q exactly (a signed margin
y·(w·x + b)/‖w‖ of integer data, or R = √(max‖x‖²)), and :func:`exact_quotient` finds it from
an integer numerator and a squared norm.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..i18n import _
from .dataset import Dataset, DatasetError

__all__ = ["ORDERS", "MAX_GENERATED", "MAX_SPAN", "Radical", "integer_separable", "is_integral",
           "exact_quotient", "exact_root"]

ORDERS = ("random", "grouped", "alternating")  # the generated points' file order
MAX_GENERATED = 30   # points of a generated data set at most (a hand computation)
MAX_SPAN = 9         # coordinates in −span…span at most
_ATTEMPTS = 200


@dataclass(frozen=True)
class Radical:
    """The number ``num``·√``root`` / ``den`` (``root`` square-free, ``den`` > 0, in lowest terms)."""

    num: int
    root: int
    den: int

    @property
    def value(self) -> float:
        return self.num * math.sqrt(self.root) / self.den


def is_integral(values: np.ndarray) -> bool:
    """Whether every value is a whole number small enough to be exact in float64."""
    v = np.asarray(values, dtype=np.float64)
    return bool(v.size == 0 or (np.all(np.isfinite(v)) and np.all(v == np.round(v)) and np.max(np.abs(v)) < 2**52))


def _square_part(s: int) -> tuple[int, int]:
    """(a, c) with s = a²·c and c square-free."""
    a, c, f = 1, s, 2
    while f * f <= c:
        while c % (f * f) == 0:
            c //= f * f
            a *= f
        f += 1
    return a, c


def exact_root(s: int) -> Radical:
    """√s for a whole s ≥ 0."""
    a, c = _square_part(int(s))
    return Radical(a if s else 0, c if s else 1, 1)


def exact_quotient(m: int, s: int) -> Radical:
    """m / √s (s > 0) in lowest terms: m/(a√c) = m·√c / (a·c)."""
    a, c = _square_part(int(s))
    num, den = int(m), a * c
    g = math.gcd(num, den) or 1
    return Radical(num // g, c, den // g)


def _ordered(X: np.ndarray, y: np.ndarray, order: str, rng: np.random.Generator) -> np.ndarray:
    """The rows' file order: shuffled, positives first, or alternating labels."""
    perm = rng.permutation(len(y))
    if order == "random":
        return perm
    pos, neg = perm[y[perm] > 0], perm[y[perm] < 0]
    if order == "grouped":
        return np.concatenate((pos, neg))
    out: list[int] = []
    for i in range(max(len(pos), len(neg))):
        out += [int(p[i]) for p in (pos, neg) if i < len(p)]
    return np.array(out, dtype=np.int64)


def integer_separable(n: int, *, margin: float = 1.0, seed: int = 0, order: str = "random",
                      through_origin: bool = False, span: int = 4, d: int = 2) -> Dataset:
    """n distinct points of −span…span in every coordinate, both labels present, separated by an
    integer line w·x + b = 0 (b = 0 when ``through_origin``) with every distance ≥ ``margin``.

    The same arguments give the same points. A DatasetError says, in one sentence, what to
    change when the box holds too few such points."""
    if not 2 <= n <= MAX_GENERATED:
        raise DatasetError(_("Generate between 2 and {max} points for an exercise, not {n}.").format(
            max=MAX_GENERATED, n=n))
    if not (math.isfinite(margin) and margin > 0):
        raise DatasetError(_("The margin must be a positive number, not {margin}.").format(margin=margin))
    if order not in ORDERS:
        raise DatasetError(_("The order must be one of {orders}, not '{order}'.").format(
            orders=", ".join(ORDERS), order=order))
    if not 1 <= span <= MAX_SPAN:
        raise DatasetError(_("The coordinates' range must be 1 to {max}, not {span}.").format(max=MAX_SPAN, span=span))
    rng = np.random.default_rng([int(seed), 7919])
    axes = [np.arange(-span, span + 1, dtype=np.float64)] * d
    grid = np.stack(np.meshgrid(*axes, indexing="ij"), axis=-1).reshape(-1, d)
    for _attempt in range(_ATTEMPTS):
        w = rng.integers(-3, 4, size=d).astype(np.float64)
        if not np.any(w):
            continue
        b = 0.0 if through_origin else float(rng.integers(-3, 4))
        dist = (grid @ w + b) / np.linalg.norm(w)
        keep = np.abs(dist) >= margin
        pos, neg = np.flatnonzero(keep & (dist > 0)), np.flatnonzero(keep & (dist < 0))
        if len(pos) + len(neg) < n or not len(pos) or not len(neg):
            continue
        first = [int(rng.choice(pos)), int(rng.choice(neg))]  # both labels, whatever n is
        rest = np.setdiff1d(np.concatenate((pos, neg)), first)
        pick = np.concatenate((first, rng.choice(rest, size=n - 2, replace=False))).astype(np.int64)
        X, y = grid[pick], np.where(dist[pick] > 0, 1.0, -1.0)
        perm = _ordered(X, y, order, rng)
        return Dataset.from_arrays(X[perm], y[perm])
    raise DatasetError(_("No {n} points of −{span}…{span} keep a margin of {margin:g} from one line; "
                         "lower the margin or the number of points.").format(n=n, span=span, margin=margin))
