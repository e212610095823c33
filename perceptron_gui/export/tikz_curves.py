"""The proof's and the losses' curves against k as a TikZ picture (no Qt).

Paints what :mod:`perceptron_gui.render.k_curves` describes — the same curves, names, colours
and playhead cut as the window's plots and the slide figures: a box with ticks, each curve as
one ``\\draw plot coordinates`` (solid up to the playhead, the rest faint or left out), the
playhead as a vertical line, a legend below. Plain ``tikz``, no pgfplots and no libraries.
Coordinates are k and the values, shifted and scaled by a power of ten where TikZ's range asks
for it (the axis labels then say so, as in the canvas's TikZ).
"""
from __future__ import annotations

import math
import os
from typing import Any

import numpy as np

from .. import __version__
from ..core.io import atomic_write_text
from ..render.k_curves import LEFT_LABEL_TEX, SPECS, curve_series, playhead_cut, sampling_note
from .latex import exponent_for, make_axis, tex_escape
from .tikz_axes import TikzPicture, axis_suffix, box_grid_and_ticks

__all__ = ["curves_to_tikz", "write_curves_tikz", "MAX_TIKZ_POINTS"]

WIDTH_CM, HEIGHT_CM = 10.0, 6.0
FAINT_OPACITY = 0.3
MAX_TIKZ_POINTS = 2_000  # per curve: TikZ's memory ends near ~10⁵ coordinates per picture
PLAYHEAD_HEX = "E69F00"  # theme.VISIT_UPDATE, the playhead's colour everywhere


def _thin(k: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """At most MAX_TIKZ_POINTS evenly spaced entries, the first and the last kept."""
    if k.size <= MAX_TIKZ_POINTS:
        return k, y
    idx = np.unique(np.linspace(0, k.size - 1, MAX_TIKZ_POINTS).round().astype(np.int64))
    return k[idx], y[idx]


def _coords(tk: TikzPicture, k: np.ndarray, y: np.ndarray) -> list[str]:
    """Runs of finite points (a nan breaks the curve) as TikZ coordinate lists."""
    runs, cur = [], []
    for kk, yy in zip(k, y):
        if math.isfinite(yy):
            cur.append(tk.xy(float(kk), float(yy)))
        elif cur:
            runs.append(cur)
            cur = []
    if cur:
        runs.append(cur)
    return [" ".join(r) for r in runs if len(r) > 1]


def curves_to_tikz(result: Any, t: int, kind: str, *, after_playhead: str = "faint",
                   standalone: bool = True) -> str:
    """The figure ``kind`` ('dot', 'norm' or 'losses') of ``result`` with the playhead after
    visit ``t``. Raises ValueError with a sentence when the figure has no curves (no θ*)."""
    data = curve_series(kind, result)
    if isinstance(data, str):
        raise ValueError(data)
    rec = result.record
    kp = rec.k_after_step(int(t))
    K = max(int(rec.num_updates), 1)
    ys = np.concatenate([y[np.isfinite(y)] for _, y in data.values()] + [np.zeros(1)])
    lo, hi = float(np.min(ys)), float(np.max(ys))
    hi = hi if hi > lo else lo + 1.0
    pad = 0.05 * (hi - lo)
    ax = make_axis(0.0, float(K), exponent_for(float(K)))
    ay = make_axis(lo - pad, hi + pad, exponent_for(hi - lo + 2 * pad))
    tk = TikzPicture(ax, ay)
    note = sampling_note(kind, result)
    tk.add(f"% {kind} against the update count k, exported by perceptron-gui {__version__}: "
           f"{result.algorithm} perceptron, playhead at k = {kp} of {rec.num_updates}"
           + (f"; {note}" if note else "") + ".")
    if not standalone:
        tk.add("% Needs \\usepackage{tikz} in the preamble (no TikZ libraries, no other packages).")
    tk.add(f"\\begin{{tikzpicture}}[x={WIDTH_CM / ax.span:.6g}cm, y={HEIGHT_CM / ay.span:.6g}cm]")
    colours = {spec.key: spec.color for spec in SPECS[kind]} | {"playhead": "#" + PLAYHEAD_HEX}
    for key, hexa in colours.items():
        tk.add(f"\\definecolor{{k{key.replace('_', '')}}}{{HTML}}{{{hexa.lstrip('#').upper()}}}")
    X0, Y0, X1, Y1 = box_grid_and_ticks(tk)
    tk.add(f"\\node[below=0.6cm] at ({ax.fmt((ax.plo + ax.phi) / 2)},{Y0}) {{updates $k${axis_suffix(ax)}}};")
    tk.add(f"\\node[rotate=90, anchor=south] at ([xshift=-1.3cm]{X0},{ay.fmt((ay.plo + ay.phi) / 2)}) "
           f"{{{LEFT_LABEL_TEX[kind]}{axis_suffix(ay)}}};")
    for spec in SPECS[kind]:
        k, y = data[spec.key]
        colour = f"k{spec.key.replace('_', '')}"
        style = f"{colour}, line width=1.2pt{', dashed' if spec.dashed else ''}"
        tk.add(f"% {spec.name}" + (" (solid up to the playhead)" if spec.measured else ""))
        if spec.measured:
            i = playhead_cut(k, kp)
            if after_playhead == "faint" and i < k.size:
                for run in _coords(tk, *_thin(k[max(i - 1, 0):], y[max(i - 1, 0):])):
                    tk.add(f"\\draw[{style}, opacity={FAINT_OPACITY}] plot coordinates {{{run}}};")
            k, y = k[:i], y[:i]
        for run in _coords(tk, *_thin(k, y)):
            tk.add(f"\\draw[{style}] plot coordinates {{{run}}};")
    xp = ax.fmt(ax.pic(float(kp)))
    tk.add("% the playhead")
    tk.add(f"\\draw[kplayhead, line width=1.2pt] ({xp},{Y0}) -- ({xp},{Y1});")
    tk.add("% legend")
    entries = [(f"k{s.key.replace('_', '')}", s.dashed, s.tex) for s in SPECS[kind]]
    entries.append(("kplayhead", False, f"this frame: $k = {kp}$"))
    for i, (colour, dashed, text) in enumerate(entries):
        at = f"([xshift={3.4 * (i % 3):.3g}cm, yshift=-{1.1 + 0.45 * (i // 3):.3g}cm]{X0},{Y0})"
        tk.add(f"\\draw[{colour}, line width=1.2pt{', dashed' if dashed else ''}] {at} -- ++(0.6cm,0) "
               f"node[right, font=\\small, text=black] {{{text}}};")
    if note:
        text = tex_escape(note.replace("\u202f", " "))  # fmt_int's thin space: pdflatex's fonts lack it
        tk.add(f"\\node[above, font=\\small] at ({ax.fmt((ax.plo + ax.phi) / 2)},{Y1}) {{{text}}};")
    tk.add("\\end{tikzpicture}")
    body = "\n".join(tk.lines) + "\n"
    if standalone:
        return "\\documentclass[tikz,border=4pt]{standalone}\n\\begin{document}\n" + body + "\\end{document}\n"
    return body


def write_curves_tikz(path: str | os.PathLike[str], result: Any, t: int, kind: str, **options: Any) -> None:
    """Write :func:`curves_to_tikz` to ``path`` atomically."""
    atomic_write_text(path, curves_to_tikz(result, t, kind, **options))
