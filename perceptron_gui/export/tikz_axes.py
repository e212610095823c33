"""The frame of a TikZ picture: the line collector with its coordinate mapping, the grid,
and the axes with their ticks (2-D, and 1-D where the points lie on the x-axis)."""
from __future__ import annotations

import numpy as np

from ..render.geometry import ViewRange as View
from ..render.label_place import Obstacles, label_size_cm
from .latex import Axis, feature_label, round_to

ONE_D_HALF_HEIGHT = 0.8  # half-height (in cm) of the lines drawn across 1-D data


class TikzPicture:
    """Collects lines; maps data coordinates to the picture's."""

    def __init__(self, ax: Axis, ay: Axis | None, obstacles: Obstacles | None = None,
                 units: tuple[float, float] = (1.0, 1.0)) -> None:
        self.ax, self.ay = ax, ay
        self.lines: list[str] = []
        # What labels must keep clear of (label_place.py), and the cm per picture unit in x and y
        # (set by begin_picture); a Beamer overlay is handed a fork of the static picture's.
        self.obstacles = obstacles if obstacles is not None else Obstacles()
        self.units = units

    def add(self, line: str) -> None:
        self.lines.append(line)

    def xy(self, x: float, y: float) -> str:
        """A data point (y is already a picture coordinate in 1-D)."""
        py = self.ay.fmt(self.ay.pic(y)) if self.ay is not None else round_to(y, 1e-4)
        return f"({self.ax.fmt(self.ax.pic(x))},{py})"

    def pic_xy(self, xy: np.ndarray) -> np.ndarray:
        """Data points (N, 2) in picture units, as :meth:`xy` writes them."""
        xy = np.asarray(xy, dtype=np.float64).reshape(-1, 2)
        px = (xy[:, 0] - self.ax.origin) / self.ax.scale
        py = (xy[:, 1] - self.ay.origin) / self.ay.scale if self.ay is not None else xy[:, 1]
        return np.column_stack((px, py))

    def keep_clear(self, at: tuple[float, float], tex: str, font: str, side: str, gap_cm: float = 0.07) -> None:
        """Note a text node the frame draws (a tick label, an axis title) at picture point
        ``at`` on ``side`` of it ('below', 'left', 'right', 'above', 'below left')."""
        w, h = label_size_cm(tex, font)
        ux, uy = self.units
        w, h, g = w / ux, h / uy, gap_cm / uy
        x, y = at
        x0 = x - w / 2 if side in ("below", "above") else (x - w - g if "left" in side else x + g)
        y0 = y - h - g if "below" in side else (y + g if side == "above" else y - h / 2)
        self.obstacles.add_axis_box((x0, y0, x0 + w, y0 + h))


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
    # What labels must keep clear of: the plot's box, the tick labels and the axes' titles.
    tk.obstacles.frame = (ax.plo, ay.plo, ax.phi, ay.phi)
    xa, ya = ax.pic(yaxis_at), ay.pic(xaxis_at)
    for v in xs:
        tk.keep_clear((ax.pic(v), ya - 0.07 / tk.units[1]), ax.tick_label(v), "scriptsize", "below")
    for v in ys:
        tk.keep_clear((xa - 0.07 / tk.units[0], ay.pic(v)), ay.tick_label(v), "scriptsize", "left")
    if at_origin:
        tk.keep_clear((0.0, 0.0), "$0$", "scriptsize", "below left")
    tk.keep_clear((ax.phi, ya), feature_label(names[0]) + axis_suffix(ax), "normal", "right")
    tk.keep_clear((xa, ay.phi), feature_label(names[1]) + axis_suffix(ay), "normal", "above")


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
    tk.obstacles.frame = (ax.plo, -ONE_D_HALF_HEIGHT, ax.phi, ONE_D_HALF_HEIGHT)
    for v in xt:
        tk.keep_clear((ax.pic(v), -0.07 / tk.units[1]), ax.tick_label(v), "scriptsize", "below")
    tk.keep_clear((ax.phi, 0.0), feature_label(name) + axis_suffix(ax), "normal", "right")


def axis_suffix(axis: Axis) -> str:
    s = axis.label_suffix()
    return f" ${s}$" if s else ""


def box_grid_and_ticks(tk: TikzPicture) -> tuple[str, str, str, str]:
    """A plot's box with a light grid and ticks on its left and bottom edges (a chart's frame,
    not the canvas's axes through the origin); returns the box's corners X0, Y0, X1, Y1 as
    written."""
    ax, ay = tk.ax, tk.ay
    assert ay is not None
    X0, X1, Y0, Y1 = ax.fmt(ax.plo), ax.fmt(ax.phi), ay.fmt(ay.plo), ay.fmt(ay.phi)
    tk.add("% grid, box and ticks")
    xt, yt = ax.ticks(), ay.ticks()
    if xt:
        tk.add(f"\\foreach \\x/\\l in {{{','.join(f'{ax.fmt(v)}/{ax.tick_label(v)}' for v in xt)}}} "
               f"{{\\draw[thin, gray!30] (\\x,{Y0}) -- (\\x,{Y1}); \\draw ({{\\x}},{Y0}) -- ++(0,-2pt) "
               "node[below, font=\\scriptsize, inner sep=1pt] {\\l};}")
    if yt:
        tk.add(f"\\foreach \\y/\\l in {{{','.join(f'{ay.fmt(v)}/{ay.tick_label(v)}' for v in yt)}}} "
               f"{{\\draw[thin, gray!30] ({X0},\\y) -- ({X1},\\y); \\draw ({X0},{{\\y}}) -- ++(-2pt,0) "
               "node[left, font=\\scriptsize, inner sep=1pt] {\\l};}")
    tk.add(f"\\draw ({X0},{Y0}) rectangle ({X1},{Y1});")
    return X0, Y0, X1, Y1
