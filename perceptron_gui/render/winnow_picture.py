"""What the Winnow study's plot shows, as data (no Qt): mistakes against the number of features d
on log–log axes, each learner's mistakes as a line with markers and its bound as a dashed line
of the same colour.

The Qt figure (``gui/figures/winnow_plot.py``) and the TikZ writer (``export/tikz_winnow.py``)
paint one :class:`WinnowPicture`, so they agree on every point, tick and label. Coordinates are
already on the log scales: x = log₂ d, y = log₁₀ (mistakes); the ticks carry the plain numbers.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ..core.winnow_study import WinnowStudy
from ..i18n import _
from . import theme

__all__ = ["Line", "WinnowPicture", "describe_winnow_study", "winnow_header"]

WINNOW_COLOUR = theme.NEGATIVE  # vermillion
PERCEPTRON_COLOUR = theme.POSITIVE  # blue: the pair Okabe–Ito keep apart best
MAX_D_TICKS = 10  # more d's than this: ticks at the powers of two instead


@dataclass(frozen=True)
class Line:
    """One line of the plot. ``xs``/``ys`` are log₂ d and log₁₀ v of the points drawn (a value of
    0 has no place on a log scale and is left out); ``values`` the plain numbers, one per d;
    ``colour`` the base colour (a theme may swap it); ``dash`` "solid" or "dash"; ``marker``
    "o" (circle), "s" (square) or "" (none)."""

    key: str
    label: str
    colour: str
    dash: str
    marker: str
    xs: tuple[float, ...]
    ys: tuple[float, ...]
    values: tuple[float | None, ...]


@dataclass(frozen=True)
class WinnowPicture:
    """The plot as drawn: ``lines`` in legend order (Winnow, its bound, the perceptron, its
    bound), ticks as (position, label), the view on the log scales, the titles and a note
    (what the markers and dashes mean, and any run that did not converge)."""

    lines: tuple[Line, ...]
    x_ticks: tuple[tuple[float, str], ...]
    y_ticks: tuple[tuple[float, str], ...]
    x_range: tuple[float, float]
    y_range: tuple[float, float]
    header: str
    x_title: str
    y_title: str
    note: str


def winnow_header(study: WinnowStudy) -> str:
    # TRANSLATORS: the Winnow study's heading; {target} is the target function, "x1 ∨ x2".
    return _("Winnow vs the perceptron · {target} · {n} points").format(target=study.target_text, n=f"{study.points:,}")


def _line(key: str, label: str, colour: str, dash: str, marker: str, dims: tuple[int, ...],
          values: list[float | None]) -> Line:
    pts = [(math.log2(d), math.log10(v)) for d, v in zip(dims, values) if v is not None and v > 0]
    return Line(key, label, colour, dash, marker, tuple(p[0] for p in pts), tuple(p[1] for p in pts), tuple(values))


def _y_ticks(lo: float, hi: float) -> tuple[tuple[float, str], ...]:
    """1, 2, 5, 10, 20, 50, … within [10^lo, 10^hi]; only the powers of ten when that is many."""
    ticks = []
    for e in range(math.floor(lo), math.ceil(hi) + 1):
        for m in (1, 2, 5):
            v = m * 10.0 ** e
            if 10.0 ** lo <= v <= 10.0 ** hi:
                ticks.append((math.log10(v), f"{v:,.0f}" if v >= 1 else f"{v:g}"))
    if len(ticks) > 12:
        ticks = [t for t in ticks if t[1].lstrip("0.").startswith("1")]
    return tuple(ticks)


def _x_ticks(dims: tuple[int, ...]) -> tuple[tuple[float, str], ...]:
    if len(dims) <= MAX_D_TICKS:
        return tuple((math.log2(d), f"{d:,}") for d in sorted(dims))
    lo, hi = math.ceil(math.log2(min(dims))), math.floor(math.log2(max(dims)))
    return tuple((float(e), f"{2 ** e:,}") for e in range(lo, hi + 1))


def describe_winnow_study(study: WinnowStudy) -> WinnowPicture:
    """The :class:`WinnowPicture` of ``study``."""
    dims = study.dims
    rows = study.rows
    lines = (
        _line("winnow", _("Winnow: mistakes"), WINNOW_COLOUR, "solid", "s", dims,
              [float(r.winnow_mistakes) for r in rows]),
        _line("winnow_bound", _("Winnow's bound 2 + 3r(1 + log₂ d)"), WINNOW_COLOUR, "dash", "", dims,
              [r.winnow_bound for r in rows]),
        _line("perceptron", _("perceptron: mistakes"), PERCEPTRON_COLOUR, "solid", "o", dims,
              [float(r.perceptron_mistakes) for r in rows]),
        _line("perceptron_bound", _("perceptron's bound (R/γ)²"), PERCEPTRON_COLOUR, "dash", "", dims,
              [r.perceptron_bound for r in rows]),
    )
    ys = [y for ln in lines for y in ln.ys] or [0.0]
    lo, hi = min(ys), max(ys)
    pad = 0.08 * max(hi - lo, 0.5)
    y_range = (lo - pad, hi + 2.5 * pad)  # room above for the legend's corner
    x_lo, x_hi = math.log2(min(dims)), math.log2(max(dims))
    x_pad = 0.06 * (x_hi - x_lo) if x_hi > x_lo else 1.0
    notes = []
    if not study.all_converged:
        # TRANSLATORS: a note under the Winnow study's plot (lower case: the notes are joined by "; ").
        notes.append(_("a run stopped at {n} epochs without converging").format(n=f"{study.max_epochs:,}"))
    if any(v is not None and v <= 0 for ln in lines for v in ln.values):
        notes.append(_("0 mistakes lie off the log scale"))
    if not all(r.bound_exact for r in rows):
        notes.append(_("γ not solved exactly: looser (R/γ)²"))
    return WinnowPicture(lines, _x_ticks(dims), _y_ticks(*y_range), (x_lo - x_pad, x_hi + x_pad), y_range,
                         winnow_header(study), _("features d (log scale)"), _("mistakes (log scale)"), "; ".join(notes))
