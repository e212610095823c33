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

from ..core.io import atomic_write_text
from ..i18n import _
from ..render.k_curves import LEFT_LABEL_TEX, PROOF_KINDS, SPECS, curve_series, playhead_cut, sampling_note
from ..render.tex import tex_format
from ..version import __version__
from .latex import exponent_for, make_axis, tex_escape
from .tikz_axes import TikzPicture, axis_suffix, box_grid_and_ticks
from .tikz_fit import TikzSize, fit_picture

__all__ = ["curves_to_tikz", "write_curves_tikz", "MAX_TIKZ_POINTS"]

WIDTH_CM, HEIGHT_CM = 10.0, 6.0
PANEL_WIDTH_CM, PANEL_HEIGHT_CM = 4.6, 4.0  # one of the proof figure's three panels
PANEL_GAP_CM = 2.3  # from a panel's right edge to the next one's box: its ticks and its y title
LEGEND_ROW_CM, LEGEND_GAP_CM = 0.45, 0.5
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
                   standalone: bool = True, size: TikzSize | None = None) -> str:
    """The figure ``kind`` ('dot', 'norm', 'cos', 'losses', or 'proof': the proof's three side by
    side) of ``result`` with the playhead after visit ``t``, fitted to ``size`` when given.
    Raises ValueError with a sentence when the figure has no curves (no θ*)."""
    kinds = PROOF_KINDS if kind == "proof" else (kind,)
    data = {kk: curve_series(kk, result) for kk in kinds}
    for series in data.values():
        if isinstance(series, str):
            raise ValueError(series)
    rec = result.record
    kp = rec.k_after_step(int(t))
    note = sampling_note(kind, result)
    lines = [f"% {kind} against the update count k, exported by perceptron-gui {__version__}: "
             f"{result.algorithm} perceptron, playhead at k = {kp} of {rec.num_updates}"
             + (f"; {note}" if note else "") + "."]
    if not standalone:
        lines.append("% Needs \\usepackage{tikz} in the preamble (no TikZ libraries, no other packages).")
    lines.append("\\begin{tikzpicture}")
    legend = size is None or size.legend
    if kind == "proof":  # one slide: three narrower panels, each placed right of the one before
        for i, kk in enumerate(kinds):
            place = "" if i == 0 else f"shift={{(proof{i}.east |- 0,0)}}, xshift={PANEL_GAP_CM:.3g}cm, "
            lines.append(f"% ---- panel {i + 1}: {kk}")
            lines.append(f"\\begin{{scope}}[{place}local bounding box=proof{i + 1}]")
            lines += _panel(result, kp, kk, data[kk], after_playhead, PANEL_WIDTH_CM, PANEL_HEIGHT_CM,  # type: ignore[arg-type]
                            legend, columns=1, name=f"p{i + 1}")
            lines.append("\\end{scope}")
    else:
        lines += _panel(result, kp, kind, data[kind], after_playhead, WIDTH_CM, HEIGHT_CM,  # type: ignore[arg-type]
                        legend, columns=0, name="")
    if note:
        text = tex_escape(note.replace("\u202f", " "))  # fmt_int's thin space: pdflatex's fonts lack it
        lines.append(f"\\node[above, font=\\small] at (current bounding box.north) {{{text}}};")
    lines.append("\\end{tikzpicture}")
    body = fit_picture("\n".join(lines) + "\n", size)
    if standalone:
        return "\\documentclass[tikz,border=4pt]{standalone}\n\\begin{document}\n" + body + "\\end{document}\n"
    return body


def _panel(result: Any, kp: int, kind: str, data: dict[str, tuple[np.ndarray, np.ndarray]], after_playhead: str,
           width_cm: float, height_cm: float, legend: bool, columns: int, name: str) -> list[str]:
    """One plot of ``kind`` in a scope of its own units: box, ticks, axis titles, the curves, the
    playhead and (``legend``) the legend below the x-axis title, never on it: one entry per row
    (``columns`` 1) or all in one row (0)."""
    K = max(int(result.record.num_updates), 1)
    ys = np.concatenate([y[np.isfinite(y)] for _k, y in data.values()] + [np.zeros(1)])
    lo, hi = float(np.min(ys)), float(np.max(ys))
    hi = hi if hi > lo else lo + 1.0
    pad = 0.05 * (hi - lo)
    ax = make_axis(0.0, float(K), exponent_for(float(K)))
    ay = make_axis(lo - pad, hi + pad, exponent_for(hi - lo + 2 * pad))
    tk = TikzPicture(ax, ay)
    tk.add(f"\\begin{{scope}}[x={width_cm / ax.span:.6g}cm, y={height_cm / ay.span:.6g}cm]")
    colours = {spec.key: spec.color for spec in SPECS[kind]} | {"playhead": "#" + PLAYHEAD_HEX}
    for key, hexa in colours.items():
        tk.add(f"\\definecolor{{k{key.replace('_', '')}}}{{HTML}}{{{hexa.lstrip('#').upper()}}}")
    X0, Y0, X1, Y1 = box_grid_and_ticks(tk)
    # TRANSLATORS: the x-axis title of the curves against k; {k} is "k".
    x_title = tex_format(_("updates {k}"), k="$k$")
    tk.add(f"\\node[below=0.6cm] (xtitle{name}) at ({ax.fmt((ax.plo + ax.phi) / 2)},{Y0}) "
           f"{{{x_title}{axis_suffix(ax)}}};")
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
    if legend:
        # Hung from the x-axis title's lower edge: the rows start below it, whatever its height.
        tk.add("% legend")
        tk.add(f"\\coordinate (legendtop{name}) at ({X0},{Y0} |- xtitle{name}.south);")
        entries = [(f"k{s.key.replace('_', '')}", s.dashed, s.tex) for s in SPECS[kind]]
        # TRANSLATORS: a legend entry for the playhead's line; {k} is "k = 5".
        entries.append(("kplayhead", False, tex_format(_("this frame: {k}"), k=f"$k = {kp}$")))
        for i, (colour, dashed, text) in enumerate(entries):
            # In a row, each entry starts right of the text before it (texts differ in length).
            at = (f"([yshift=-{LEGEND_ROW_CM * (i + 0.75):.3g}cm]legendtop{name})" if columns == 1 else
                  f"([yshift=-{LEGEND_ROW_CM * 0.75:.3g}cm]legendtop{name})" if i == 0 else
                  f"([xshift={LEGEND_GAP_CM:.3g}cm]lg{name}x{i - 1}.east)")
            tk.add(f"\\draw[{colour}, line width=1.2pt{', dashed' if dashed else ''}] {at} -- ++(0.6cm,0) "
                   f"node[right, font=\\small, text=black] (lg{name}x{i}) {{{text}}};")
    tk.add("\\end{scope}")
    return tk.lines


def write_curves_tikz(path: str | os.PathLike[str], result: Any, t: int, kind: str, **options: Any) -> None:
    """Write :func:`curves_to_tikz` to ``path`` atomically."""
    atomic_write_text(path, curves_to_tikz(result, t, kind, **options))
