"""LaTeX text and numbers for the TikZ exporter (no Qt).

:func:`tex_escape` makes any string safe for pdflatex; :class:`Axis` maps one data axis to
picture coordinates and writes its numbers with at most six significant digits.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

from ..render.tex import tex_escape

__all__ = ["tex_escape", "feature_label", "sig", "round_to", "Axis", "make_axis", "exponent_for"]


def feature_label(name: str) -> str:
    """``x1`` → ``$x_{1}$`` (the notes' notation); any other name escaped as text."""
    m = re.fullmatch(r"([A-Za-z])_?(\d+)", name)
    if m:
        return f"${m.group(1)}_{{{m.group(2)}}}$"
    return tex_escape(name)


# ---- numbers ------------------------------------------------------------------------------
def sig(v: float, digits: int = 4) -> str:
    """A number for text (captions): ``digits`` significant digits, TeX's minus and powers."""
    if v == 0 or not math.isfinite(v):
        return "0" if v == 0 else tex_escape(str(v))
    s = f"{v:.{digits}g}"
    if "e" in s:
        mant, exp = s.split("e")
        return f"${mant}\\times 10^{{{int(exp)}}}$"
    return f"${s}$" if s.startswith("-") else s


def round_to(v: float, q: float) -> str:
    """``v`` rounded to a multiple of ``q`` (a power of ten), trailing zeros dropped."""
    dec = max(0, -int(math.floor(math.log10(q) + 1e-9)))
    r = round(v / q) * q
    s = f"{r:.{dec}f}"
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


@dataclass(frozen=True)
class Axis:
    """How one data axis maps to picture coordinates: ``pic = (x - origin) / 10**exponent``."""

    lo: float
    hi: float
    exponent: int
    origin: float
    step: float  # tick spacing in picture units

    @property
    def scale(self) -> float:
        return 10.0 ** self.exponent

    def pic(self, v: float) -> float:
        return (v - self.origin) / self.scale

    @property
    def plo(self) -> float:
        return self.pic(self.lo)

    @property
    def phi(self) -> float:
        return self.pic(self.hi)

    @property
    def span(self) -> float:
        return self.phi - self.plo

    @property
    def quantum(self) -> float:
        # 5 digits across the view: finer than TikZ resolves, coarse enough for ≤ 6 significant
        # digits because |pic| stays below 10 spans (see _make_axis).
        return 10.0 ** (math.floor(math.log10(self.span)) - 4)

    def fmt(self, v: float) -> str:
        return round_to(v, self.quantum)

    def ticks(self) -> list[float]:
        first = math.ceil(self.plo / self.step - 1e-9)
        last = math.floor(self.phi / self.step + 1e-9)
        return [k * self.step for k in range(first, last + 1)]

    def tick_label(self, v: float) -> str:
        s = round_to(v, 10.0 ** math.floor(math.log10(self.step) + 1e-9))
        return f"${s}$"

    def label_suffix(self) -> str:
        """What the axis label must add when picture units are not data units."""
        parts = []
        if self.origin != 0.0:
            o = f"{self.origin:.12g}"
            if "e" in o:
                mant, exp = o.split("e")
                o = f"{mant}\\times 10^{{{int(exp)}}}"
            parts.append(f"{'+' if self.origin < 0 else '-'}\\,{o.lstrip('-')}")
        if self.exponent != 0:
            parts.append(f"\\;(\\times 10^{{{self.exponent}}})")
        return "".join(parts)


def _nice_step(span: float, target: int = 6) -> float:
    raw = span / target
    p = 10.0 ** math.floor(math.log10(raw))
    for m in (1.0, 2.0, 5.0, 10.0):
        if raw <= m * p * 1.0000001:
            return m * p
    return 10.0 * p


def exponent_for(span: float) -> int:
    # Data units when the span is ordinary, so hand-editing the .tex stays natural.
    return 0 if 0.1 <= span <= 1000.0 else int(math.floor(math.log10(span)))


def make_axis(lo: float, hi: float, exponent: int) -> Axis:
    scale = 10.0 ** exponent
    span_pic = (hi - lo) / scale
    step = _nice_step(span_pic)
    origin = 0.0
    if max(abs(lo), abs(hi)) / scale > 10.0 * span_pic:
        # Far from 0 (e.g. x in [1000, 1001]): shift by a multiple of the tick step so the
        # picture's numbers stay short and TikZ stays inside its ±16000 range.
        unit = step * scale
        origin = math.floor(lo / unit) * unit
    return Axis(lo, hi, exponent, origin, step)
