"""How the live panel, the proof plots and the epoch table write numbers (no Qt here).

One place decides the look of a number, so a value in the panel, in a tooltip and in a test
that checks the panel are formatted alike: 4 significant digits, a real minus sign (−), and
``n/a`` where a quantity is undefined (None or nan).
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..core.novikoff import max_updates
from ..i18n import N_, _

__all__ = [
    "MINUS", "NA", "DASH", "fmt", "fmt_widest", "fmt_int", "fmt_vec", "fmt_pct", "fmt_count_pct",
    "fmt_deg", "fmt_equation", "subscript", "check_mark", "fmt_bound",
]

MINUS = "\u2212"  # typographic minus: "−0.7071", not "-0.7071"
NA = N_("n/a")  # shown as _(NA): "k. A." in German
DASH = "\u2013"  # "–": the table's cell for a quantity that does not exist (no test set)
_SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def _missing(x: Any) -> bool:
    return x is None or (isinstance(x, (float, np.floating)) and math.isnan(x))


def fmt(x: float | None, digits: int = 4) -> str:
    """A number with ``digits`` significant digits: '1.234', '−0.7071', '1.2e+05', 'n/a'.

    Examples
    --------
    >>> fmt(1.23449), fmt(-0.70710678), fmt(120000.0), fmt(None), fmt(-0.0)
    ('1.234', '−0.7071', '1.2e+05', 'n/a', '0')
    """
    if _missing(x):
        return _(NA)
    x = float(x)  # type: ignore[arg-type]
    if math.isinf(x):
        return "∞" if x > 0 else MINUS + "∞"
    if x == 0.0:
        return "0"  # never "−0"
    return f"{x:.{digits}g}".replace("-", MINUS)


def fmt_bound(bound: float | None) -> str:
    """A bound on the number of updates: the whole updates it allows (⌊bound⌋, with the core's
    rounding), then the real value: '2 236 (2236.4)'. Every view writes a bound this way, so the
    panel, the status bar and the plot's legend never show 2237 in one place and 2 236 in another."""
    whole = max_updates(bound)
    if whole is None:
        return _(NA)
    real = fmt(bound, 6)
    return fmt_int(whole) if real == str(whole) else f"{fmt_int(whole)} ({real})"


def fmt_widest(values: np.ndarray, digits: int = 4) -> list[str]:
    """Texts at least as long as ``fmt(x, digits)`` for every finite x in ``values``, built
    from the widest characters of each part (a table makes its columns wide enough for them,
    so no number is elided), without formatting every value.

    Examples
    --------
    >>> fmt_widest(np.array([-8.287e149, 0.5]))
    ['−8.888e+888', '−888.8', '−0.8888']
    """
    v = _widest_representatives(np.asarray(values, dtype=np.float64).ravel())
    if v.size == 0:
        return ["0"]
    sign = MINUS if np.any(v < 0.0) else ""
    exp = np.floor(np.log10(np.abs(v))).astype(np.int64)
    exp = np.concatenate([exp, exp + 1])  # rounding to `digits` digits may carry: 9.9999 -> 10
    sci = (exp < -4) | (exp >= digits)  # where %g switches to an exponent
    texts = []
    if np.any(sci):
        exp_digits = max(2, len(str(int(np.max(np.abs(exp[sci]))))))
        texts.append(f"{sign}8.{'8' * (digits - 1)}e+{'8' * exp_digits}")
    whole = ~sci & (exp >= 0)
    if np.any(whole):  # e + 1 digits before the point, the rest after it (no point when e = digits − 1)
        point = int(np.min(exp[whole])) < digits - 1
        texts.append(sign + ("8" * (digits - 1) + ".8" if point else "8" * digits))
    if np.any(~sci & (exp < 0)):
        texts.append(f"{sign}0.{'0' * (-int(np.min(exp[~sci & (exp < 0)])) - 1)}{'8' * digits}")
    return texts


def _widest_representatives(v: np.ndarray) -> np.ndarray:
    """A few of the finite non-zero values of ``v`` for which :func:`fmt_widest` gives the
    texts it gives for all of them (at 10⁶ points, a log10 of every value held the window's
    thread ~100 ms at each open or delete).

    The texts depend on the values only through: whether one is negative, the exponents
    e = ⌊log10|x|⌋ of the smallest and the largest |x| (the widest exponents), and the smallest
    |x| whose exponent is at least −1 (the whole numbers' fewest digits; e + 1 may carry into
    them) or at least −5 (the fractions' most zeros). Each of those values is kept; values in a
    hair-wide band around 10⁻¹ and 10⁻⁵, where log10 may round either way, are kept whole.
    """
    a = np.abs(v)
    i_min, i_max = (int(np.argmin(a)), int(np.argmax(a))) if v.size else (0, 0)
    if v.size and not (np.isfinite(a[i_max]) and a[i_min] != 0.0):  # the rare data with 0, inf or nan
        keep = np.isfinite(a) & (a != 0.0)
        v, a = v[keep], a[keep]
        i_min, i_max = (int(np.argmin(a)), int(np.argmax(a))) if v.size else (0, 0)
    if v.size <= 16:
        return v
    # Each pass over 10⁶ values costs ~1 ms: arg-extremes and masked minima, no copies.
    out = [v[[i_min, i_max, int(np.argmin(v))]]]  # argmin(v): a negative if there is one
    for m in (-1, -5):
        edge = 10.0 ** m
        lo, hi = edge * (1 - 1e-9), edge * (1 + 1e-9)
        smallest = np.min(a, initial=np.inf, where=a >= lo)
        if smallest >= hi:  # the usual case: no value in the band, and every |x| ≥ hi has an exponent ≥ m
            if np.isfinite(smallest):
                out.append(np.array([smallest]))
            continue
        # The band, where log10 may round either way: each may be the smallest with exponent ≥ m.
        out.append(a[(a >= lo) & (a < hi)])
        above = np.min(a, initial=np.inf, where=a >= hi)
        if np.isfinite(above):
            out.append(np.array([above]))
    return np.concatenate(out)


def fmt_int(k: int | None) -> str:
    """An integer with thin spaces between thousands: '1 000 000' (ISO 31-0 style)."""
    if k is None:
        return _(NA)
    return f"{int(k):,}".replace(",", "\u202f").replace("-", MINUS)


def fmt_vec(v: Sequence[float] | np.ndarray | None, digits: int = 4, max_items: int = 4,
            clean: bool = False) -> str:
    """A vector in parentheses, '(0.8165, −0.4082)'; long ones are cut: '(a, b, …, z) ∈ ℝ⁶³'.

    ``clean`` writes entries below 1e-9 of the largest as 0: a solver's θ* carries round-off
    like 1e-32 that would otherwise crowd out the digits that matter.
    """
    if v is None:
        return _(NA)
    v = np.asarray(v, dtype=np.float64).ravel()
    if clean and v.size:
        top = float(np.max(np.abs(v)))
        v = np.where(np.abs(v) <= 1e-9 * top, 0.0, v)
    if v.size <= max_items:
        return "(" + ", ".join(fmt(x, digits) for x in v) + ")"
    head = ", ".join(fmt(x, digits) for x in v[: max_items - 1])
    return f"({head}, …, {fmt(v[-1], digits)}) ∈ ℝ{_superscript(v.size)}"


def _superscript(n: int) -> str:
    return str(n).translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"))


def subscript(i: int) -> str:
    """'x' + subscript(12) gives 'x₁₂'."""
    return str(int(i)).translate(_SUB)


def fmt_pct(fraction: float | None, digits: int = 4) -> str:
    """A fraction as a percentage, '2.5 %'; '–' when there is none (no test set)."""
    if _missing(fraction):
        return DASH
    return f"{fmt(100.0 * float(fraction), digits)} %"  # type: ignore[arg-type]


def fmt_count_pct(fraction: float | None, n: int) -> str:
    """'2.5 % (1 of 40)': the percentage and the count it comes from."""
    if _missing(fraction) or n <= 0:
        return DASH
    wrong = int(round(float(fraction) * n))  # type: ignore[arg-type]
    # TRANSLATORS: "2.5 % (1 of 40)": a percentage, then how many of how many points.
    return _("{pct} ({wrong} of {n})").format(pct=fmt_pct(fraction), wrong=fmt_int(wrong), n=fmt_int(n))


def fmt_deg(angle: float | None, digits: int = 4) -> str:
    """An angle in degrees, '48.95°'."""
    s = fmt(angle, digits)
    return s if s == _(NA) else s + "°"


def fmt_equation(w: np.ndarray, b: float, offset: bool = True, max_terms: int = 4) -> str:
    """The hyperplane w·x + b = 0 written out: '0.82·x₁ − 1.3·x₂ + 0.5 = 0'.

    Zero coefficients are left out; with more than ``max_terms`` features the middle ones are
    elided. A zero w has no hyperplane and says so.
    """
    w = np.asarray(w, dtype=np.float64).ravel()
    if not np.any(w != 0.0):
        return _("none (w = 0)")
    nonzero = np.flatnonzero(w != 0.0)
    cut = nonzero.size > max_terms
    if cut:  # only the terms written are named (a wide w has hundreds)
        nonzero = np.concatenate([nonzero[: max_terms - 1], nonzero[-1:]])
    terms = [(float(w[i]), f"x{subscript(int(i) + 1)}") for i in nonzero]
    if offset and b != 0.0:
        terms.append((float(b), ""))
    parts: list[str] = []
    for j, (c, name) in enumerate(terms):
        mag = fmt(abs(c))
        body = f"{mag}·{name}" if name else mag
        if j == 0:
            parts.append((MINUS if c < 0 else "") + body)
        else:
            if cut and j == max_terms - 1:
                parts.append("+ …")
            parts.append(f"{MINUS if c < 0 else '+'} {body}")
    return " ".join(parts) + " = 0"


def check_mark(holds: bool | None) -> str:
    """'✓' where an inequality of the proof holds, '✗' where it does not, '' when unknown."""
    if holds is None:
        return ""
    return "✓" if holds else "✗"
