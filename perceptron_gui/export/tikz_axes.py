"""The frame of a TikZ picture: the line collector with its coordinate mapping, the grid,
and the axes with their ticks (2-D, and 1-D where the points lie on the x-axis)."""
from __future__ import annotations

from ..render.geometry import ViewRange as View
from .latex import Axis, feature_label, round_to

ONE_D_HALF_HEIGHT = 0.8  # half-height (in cm) of the lines drawn across 1-D data


class TikzPicture:
    """Collects lines; maps data coordinates to the picture's."""

    def __init__(self, ax: Axis, ay: Axis | None) -> None:
        self.ax, self.ay = ax, ay
        self.lines: list[str] = []

    def add(self, line: str) -> None:
        self.lines.append(line)

    def xy(self, x: float, y: float) -> str:
        """A data point (y is already a picture coordinate in 1-D)."""
        py = self.ay.fmt(self.ay.pic(y)) if self.ay is not None else round_to(y, 1e-4)
        return f"({self.ax.fmt(self.ax.pic(x))},{py})"


def grid_and_axes_2d(tk: TikzPicture, vw: View, names: list[str]) -> None:
    ax, ay = tk.ax, tk.ay
    assert ay is not None
    (x0, x1), (y0, y1) = vw
    X0, X1, Y0, Y1 = ax.fmt(ax.plo), ax.fmt(ax.phi), ay.fmt(ay.plo), ay.fmt(ay.phi)
    xt, yt = ax.ticks(), ay.ticks()
    tk.add("% grid")
    if xt:
        tk.add(f"\\foreach \\x in {{{','.join(ax.fmt(v) for v in xt)}}} \\draw[thin, gray!30] (\\x,{Y0}) -- (\\x,{Y1});")
    if yt:
        tk.add(f"\\foreach \\y in {{{','.join(ay.fmt(v) for v in yt)}}} \\draw[thin, gray!30] ({X0},\\y) -- ({X1},\\y);")
    # Axes through the origin when it is in view (as in the notes), else along the box's edges.
    yaxis_at = 0.0 if x0 <= 0.0 <= x1 else x0
    xaxis_at = 0.0 if y0 <= 0.0 <= y1 else y0
    XA, YA = ax.fmt(ax.pic(yaxis_at)), ay.fmt(ay.pic(xaxis_at))
    tk.add("% axes")
    tk.add(f"\\draw[<->] ({X0},{YA}) -- ({X1},{YA}) node[right] {{{feature_label(names[0])}{axis_suffix(ax)}}};")
    tk.add(f"\\draw[<->] ({XA},{Y0}) -- ({XA},{Y1}) node[above] {{{feature_label(names[1])}{axis_suffix(ay)}}};")
    at_origin = yaxis_at == 0.0 and xaxis_at == 0.0 and ax.origin == 0.0 and ay.origin == 0.0
    xs = [v for v in xt if not (at_origin and abs(v) < 1e-12)]
    ys = [v for v in yt if not (at_origin and abs(v) < 1e-12)]
    if xs:
        tk.add(f"\\foreach \\x/\\l in {{{','.join(f'{ax.fmt(v)}/{ax.tick_label(v)}' for v in xs)}}} "
               f"\\draw (\\x,{YA}) -- ++(0,-2pt) node[below, font=\\scriptsize, inner sep=1pt] {{\\l}};")
    if ys:
        tk.add(f"\\foreach \\y/\\l in {{{','.join(f'{ay.fmt(v)}/{ay.tick_label(v)}' for v in ys)}}} "
               f"\\draw ({XA},\\y) -- ++(-2pt,0) node[left, font=\\scriptsize, inner sep=1pt] {{\\l}};")
    if at_origin:
        tk.add("\\node[below left, font=\\scriptsize, inner sep=1pt] at (0,0) {$0$};")


def grid_and_axes_1d(tk: TikzPicture, vw: View, name: str) -> None:
    ax = tk.ax
    X0, X1 = ax.fmt(ax.plo), ax.fmt(ax.phi)
    h = round_to(ONE_D_HALF_HEIGHT, 1e-4)
    xt = ax.ticks()
    tk.add("% grid (1-D data: the points lie on the x-axis)")
    if xt:
        tk.add(f"\\foreach \\x in {{{','.join(ax.fmt(v) for v in xt)}}} \\draw[thin, gray!30] (\\x,-{h}) -- (\\x,{h});")
    tk.add("% axis")
    tk.add(f"\\draw[<->] ({X0},0) -- ({X1},0) node[right] {{{feature_label(name)}{axis_suffix(ax)}}};")
    if xt:
        tk.add(f"\\foreach \\x/\\l in {{{','.join(f'{ax.fmt(v)}/{ax.tick_label(v)}' for v in xt)}}} "
               f"\\draw (\\x,0) -- ++(0,-2pt) node[below, font=\\scriptsize, inner sep=1pt] {{\\l}};")


def axis_suffix(axis: Axis) -> str:
    s = axis.label_suffix()
    return f" ${s}$" if s else ""
