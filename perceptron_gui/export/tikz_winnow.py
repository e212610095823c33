"""The Winnow study's plot as a TikZ picture (no Qt).

Paints the :class:`~perceptron_gui.render.winnow_picture.WinnowPicture` the slide figure paints:
the same points on the same log scales (x = log₂ d, y = log₁₀ mistakes), the same ticks, each
learner's mistakes as a solid line with its markers (Winnow squares, the perceptron circles) and
its bound dashed in the same colour, a box with a light grid, and the legend below. Plain
``tikz``: no pgfplots, no libraries.
"""
from __future__ import annotations

import os

from ..core.io import atomic_write_text
from ..core.winnow_study import WinnowStudy
from ..render.winnow_picture import Line, describe_winnow_study
from ..version import __version__
from .latex import tex_escape

__all__ = ["winnow_to_tikz", "write_winnow_tikz", "WIDTH_CM", "HEIGHT_CM"]

WIDTH_CM, HEIGHT_CM = 10.0, 6.5
_STYLE = {"solid": "very thick", "dash": "very thick, dashed"}
_NAMES = {"winnow": "winnowc", "perceptron": "perceptronc"}  # a \definecolor per learner


def _tex(text: str) -> str:
    """``text`` as LaTeX, with the disjunction's ∨ as math (pdflatex's fonts have no ∨)."""
    return " $\\lor$ ".join(tex_escape(part.strip()) for part in text.split("∨"))


def _num(v: float) -> str:
    s = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _mark(line: Line, colour: str, x: str, y: str) -> str:
    if line.marker == "s":
        return f"\\filldraw[fill={colour}, draw=white, thin] ({x},{y}) +(-2.4pt,-2.4pt) rectangle +(2.4pt,2.4pt);"
    return f"\\filldraw[fill={colour}, draw=white, thin] ({x},{y}) circle (2.6pt);"


def winnow_to_tikz(study: WinnowStudy, *, standalone: bool = True) -> str:
    """The plot of ``study`` as a TikZ picture (a standalone document, or only the
    ``tikzpicture`` for ``\\input``, which needs ``\\usepackage{tikz}``)."""
    pic = describe_winnow_study(study)
    (x0, x1), (y0, y1) = pic.x_range, pic.y_range
    sx, sy = WIDTH_CM / (x1 - x0), HEIGHT_CM / (y1 - y0)

    def px(v: float) -> str:
        return _num((v - x0) * sx)

    def py(v: float) -> str:
        return _num((v - y0) * sy)

    W, H = _num(WIDTH_CM), _num(HEIGHT_CM)
    out = [f"% Winnow study exported by perceptron-gui {__version__}: mistakes against the number of features d "
           f"({', '.join(str(d) for d in study.dims)}), r = {study.relevant}, {study.points} points, seed {study.seed}.",
           "% Coordinates in cm: x = log2(d), y = log10(mistakes), scaled to the box."]
    if not standalone:
        out.append("% Needs \\usepackage{tikz} in the preamble (no TikZ libraries, no other packages).")
    out.append("\\begin{tikzpicture}")
    base = {ln.key.split("_")[0]: ln.colour for ln in pic.lines}
    for key, name in _NAMES.items():
        out.append(f"\\definecolor{{{name}}}{{HTML}}{{{base[key].lstrip('#').upper()}}}")
    out.append("% grid, box and ticks")
    for v, label in pic.x_ticks:
        out.append(f"\\draw[thin, gray!30] ({px(v)},0) -- ({px(v)},{H}); \\draw ({px(v)},0) -- ++(0,-2pt) "
                   f"node[below, font=\\scriptsize, inner sep=1pt] {{{tex_escape(label)}}};")
    for v, label in pic.y_ticks:
        out.append(f"\\draw[thin, gray!30] (0,{py(v)}) -- ({W},{py(v)}); \\draw (0,{py(v)}) -- ++(-2pt,0) "
                   f"node[left, font=\\scriptsize, inner sep=1pt] {{{tex_escape(label)}}};")
    out.append(f"\\draw (0,0) rectangle ({W},{H});")
    for ln in pic.lines:
        colour = _NAMES[ln.key.split("_")[0]]
        out.append(f"% {ln.label}: " + ", ".join(f"d={d} {'-' if v is None else f'{v:g}'}"
                                                 for d, v in zip(study.dims, ln.values)))
        pts = [(px(x), py(y)) for x, y in zip(ln.xs, ln.ys)]
        if len(pts) > 1:
            out.append(f"\\draw[{colour}, {_STYLE[ln.dash]}] " + " -- ".join(f"({x},{y})" for x, y in pts) + ";")
        if ln.marker:
            out.extend(_mark(ln, colour, x, y) for x, y in pts)
    out.append("% titles and legend")
    xc = _num(WIDTH_CM / 2)
    out.append(f"\\node[above=0.15cm, font=\\bfseries] at ({xc},{H}) {{{_tex(pic.header)}}};")
    x_title = pic.x_title + (f" · {pic.note}" if pic.note else "")
    out.append(f"\\node[below=0.45cm] at ({xc},0) {{{_tex(x_title)}}};")
    out.append(f"\\node[rotate=90, anchor=south] at (-0.9cm,{_num(HEIGHT_CM / 2)}) {{{_tex(pic.y_title)}}};")
    for i, ln in enumerate(pic.lines):
        colour = _NAMES[ln.key.split("_")[0]]
        lx, ly = (0.0 if i % 2 == 0 else WIDTH_CM / 2), -1.35 - 0.5 * (i // 2)
        sample = f"\\draw[{colour}, {_STYLE[ln.dash]}] ({_num(lx)},{_num(ly)}) -- ({_num(lx + 0.8)},{_num(ly)});"
        if ln.marker:
            sample += " " + _mark(ln, colour, _num(lx + 0.4), _num(ly))
        out.append(sample + f" \\node[right, font=\\small] at ({_num(lx + 0.9)},{_num(ly)}) {{{_tex(ln.label)}}};")
    out.append("\\end{tikzpicture}")
    body = "\n".join(out) + "\n"
    if standalone:
        return "\\documentclass[tikz,border=4pt]{standalone}\n\\begin{document}\n" + body + "\\end{document}\n"
    return body


def write_winnow_tikz(path: str | os.PathLike[str], study: WinnowStudy, **options: bool) -> None:
    """Write :func:`winnow_to_tikz` to ``path`` atomically."""
    atomic_write_text(path, winnow_to_tikz(study, **options))
