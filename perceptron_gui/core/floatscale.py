"""Norms and margins that hold for data at any finite scale (no Qt).

A data set and its copy scaled by c have the same separators, and margins scaled by c. In
float64, though, squares overflow above about 1e154 and vanish below about 1e-154 (subnormal
data, 1e-320, loses everything), so the textbook formulas call separable data "not separable"
or fill stderr with RuntimeWarnings. Multiplying by a power of two is exact (unless a value
falls below 2^-1022 of the largest one), so these functions bring the data to a largest entry
in [0.5, 1), compute there, and scale the answer back.
"""
from __future__ import annotations

import weakref

import numpy as np

__all__ = ["scale_exponent", "to_unit_scale", "unscale", "vector_norm", "max_row_norm",
           "unit_direction", "signed_margins", "min_signed_margin"]


def scale_exponent(a: np.ndarray) -> int:
    """The e with max|a| = m·2^e, m in [0.5, 1); 0 for an empty or all-zero array."""
    a = np.asarray(a, dtype=np.float64)
    top = float(max(np.max(a), -np.min(a))) if a.size else 0.0  # max|a| without an |a| copy
    return int(np.frexp(top)[1]) if top > 0.0 else 0


def to_unit_scale(a: np.ndarray) -> tuple[np.ndarray, int]:
    """(a·2^-e, e) with e from :func:`scale_exponent`: exact, and the largest entry in [0.5, 1)."""
    a = np.asarray(a, dtype=np.float64)
    e = scale_exponent(a)
    return (np.ldexp(a, -e) if e else a.copy()), e


def scale_in_place(a: np.ndarray) -> int:
    """Scale the float64 array ``a`` by 2^-e in place and return e (:func:`to_unit_scale`
    without its copy: a solver's own scratch array of 10⁶ points need not exist twice)."""
    e = scale_exponent(a)
    if e:
        np.ldexp(a, -e, out=a)
    return e


def unscale(x: float, e: int) -> float:
    """x·2^e as a Python float: ±inf beyond the float range, 0 below it, and no warning."""
    with np.errstate(over="ignore", under="ignore"):
        return float(np.ldexp(np.float64(x), int(e)))


def vector_norm(v: np.ndarray) -> float:
    """‖v‖ without overflow or underflow in the squares (inf only when ‖v‖ itself is)."""
    vs, e = to_unit_scale(np.ravel(v))
    return unscale(float(np.sqrt(vs @ vs)), e)


def max_row_norm(X: np.ndarray) -> float:
    """max_i ‖x_i‖ (R of the convergence proof); 0.0 for no rows."""
    X = np.asarray(X, dtype=np.float64)
    if X.shape[0] == 0:
        return 0.0
    e = scale_exponent(X)
    # In blocks of rows: the same squares and sums row by row, without a scaled copy of X
    # (a block of 65,536 rows of 784 features was a 79 MB copy: the peak of a wide `run`).
    rows = max(1, min(_ROWS_PER_BLOCK, _CELLS_PER_BLOCK // max(1, X.shape[1])))
    top = 0.0
    for i in range(0, X.shape[0], rows):
        Xs = np.ldexp(X[i:i + rows], -e)
        top = max(top, float(np.max(np.einsum("ij,ij->i", Xs, Xs))))
    return unscale(float(np.sqrt(top)), e)


_ROWS_PER_BLOCK = 65_536
_CELLS_PER_BLOCK = 1 << 20


def unit_direction(w: np.ndarray, b: float = 0.0) -> tuple[np.ndarray, float, float]:
    """(w/‖w‖, b/‖w‖, ‖w‖) computed on a power-of-two rescaling of w, so a w of 1e-300 or
    1e300 gives the same unit vector as w of 1; b/‖w‖ is ±inf when it exceeds the float range.
    ‖w‖ = 0 gives (zeros, nan, 0.0)."""
    w = np.asarray(w, dtype=np.float64)
    ws, e = to_unit_scale(w)
    norm_s = float(np.sqrt(ws @ ws))
    if norm_s == 0.0:
        return np.zeros_like(w), float("nan"), 0.0
    return ws / norm_s, unscale(float(b) / norm_s, -e), unscale(norm_s, e)


def signed_margins(X: np.ndarray, y: np.ndarray, w: np.ndarray, b: float = 0.0) -> np.ndarray:
    """y_i (w·x_i + b) / ‖w‖ for each row, at any scale of X and w (all nan when w = 0).

    X and w are each scaled by a power of two and the scores summed left to right as
    training does (:func:`~perceptron_gui.core.algorithms.base.row_dots`), so every score is
    training's score times an exact power of two: a point on the boundary in training is on
    it here. Nothing overflows unless the answer itself does (then ±inf, without a warning).
    Rows whose score comes out within 2^-960 of 0 on that scale and where a product fell
    below 2^-1022 (x₁ of 1e150 next to x₂ of 1e-150) are summed again term by term with
    their exponents kept apart, so the sign of a tiny margin is right.
    """
    from .algorithms.base import row_dots  # numba kernels load on first use, not on import

    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    ws, ew = to_unit_scale(w)
    norm_s = float(np.sqrt(ws @ ws))
    if norm_s == 0.0:
        return np.full(X.shape[0], np.nan)
    Xs, ex = _unit_scale_of_fixed(X)
    with np.errstate(over="ignore", under="ignore", invalid="ignore"):
        b_s = np.ldexp(np.float64(b), -(ex + ew))
        score_s = row_dots(Xs, ws) + b_s
        out = y * np.ldexp(score_s / norm_s, ex)
        tiny = np.flatnonzero(np.abs(score_s) < _TINY)
        if tiny.size:   # only rows where a product really left the normal range
            P = np.abs(Xs[tiny] * ws)
            lost = np.any((P < np.finfo(np.float64).tiny) & (Xs[tiny] != 0.0) & (ws != 0.0), axis=1)
            tiny = tiny[lost]
        if tiny.size:
            u, bu, _ = unit_direction(w, b)
            out[tiny] = y[tiny] * _exact_exponent_sums(Xs[tiny], ex, u, bu)
    return np.asarray(out)



def min_signed_margin(X: np.ndarray, y: np.ndarray, w: np.ndarray, b: float = 0.0) -> float:
    """``min(signed_margins(X, y, w, b))`` to the bit, without the n margins: one compiled pass
    (:func:`~perceptron_gui.core.point_stats.min_signed_margin`) over the same scaled data.
    Scaling by 2^ex and dividing by ‖w‖ > 0 never change which of two numbers is smaller, so
    the minimum is taken on the scaled scores and scaled back once. Rows that need the exact
    exponent sums (tiny scores) take :func:`signed_margins` itself. nan for w = 0 or no rows."""
    from .point_stats import min_signed_margin as scaled_min

    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    ws, ew = to_unit_scale(w)
    norm_s = float(np.sqrt(ws @ ws))
    if norm_s == 0.0 or X.shape[0] == 0:
        return float("nan")
    Xs, ex = _unit_scale_of_fixed(X)
    with np.errstate(over="ignore", under="ignore", invalid="ignore"):
        b_s = np.ldexp(np.float64(b), -(ex + ew))
        lo, n_tiny = scaled_min(Xs, y, ws, float(b_s), _TINY)
        if n_tiny:
            return float(np.min(signed_margins(X, y, w, b)))
        return float(np.ldexp(np.float64(lo) / norm_s, ex))


_TINY = 2.0 ** -960

# The last read-only matrix scaled by _unit_scale_of_fixed: (a weak reference to it, its scaled
# copy, e). A run's training data never change, and the playback asks for its margins at every
# frame: at 10⁶ points, scaling them again (two passes and a 16 MB copy) was a third of a frame.
_last_scaled: tuple[weakref.ref[np.ndarray], np.ndarray, int] | None = None


def _unit_scale_of_fixed(X: np.ndarray) -> tuple[np.ndarray, int]:
    """:func:`to_unit_scale` of X, kept for the next call when X cannot change (read-only and
    owning its memory, as a Dataset's arrays are). Safe on any thread: the entry is one tuple,
    replaced whole; two threads at once at worst both compute it."""
    global _last_scaled
    fixed = not X.flags.writeable and X.base is None
    last = _last_scaled
    if fixed and last is not None and last[0]() is X:
        return last[1], last[2]
    Xs, e = to_unit_scale(X)
    if fixed:
        if Xs is not X:
            Xs.setflags(write=False)
        _last_scaled = (weakref.ref(X), Xs, e)
    return Xs, e


def _exact_exponent_sums(Xs: np.ndarray, e: int, u: np.ndarray, bu: float) -> np.ndarray:
    """(Xs·2^e)·u + bu per row, every product kept as mantissa·2^exponent and the terms of a
    row summed relative to its largest one, so no term underflows before the sum."""
    cols = np.hstack([Xs, np.ones((Xs.shape[0], 1))])
    mx, ex = np.frexp(cols)
    ex[:, :-1] += e                                  # the data's scale; the bias column is 1
    mu, eu = np.frexp(np.append(u, bu))
    m, ex = mx * mu, ex + eu
    ex = np.where(m == 0.0, np.iinfo(np.int32).min // 2, ex)   # zero terms never lead
    top = ex.max(axis=1)
    with np.errstate(over="ignore", under="ignore"):
        return np.asarray(np.ldexp(np.ldexp(m, ex - top[:, None]).sum(axis=1), top))
