"""Everything the canvas draws for one playhead position, from a :class:`Frame`.

The items are made once in :class:`FrameOverlay` and updated per frame; the legend is rebuilt
only when the *set* of things shown changes (another algorithm, θ* switched on), not per step.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from ..render import theme as style
from ..render.geometry import Rect
from ..render.projection import Projection
from ..session.frame import Frame
from .canvas_items import BandShade, Legend, LegendSwatch, LineItem, NormalArrow, RegionShade
from .canvas_scatter import MINUS, PLUS, FastScatter

__all__ = ["FrameOverlay", "OverlayOptions", "POINT_STYLES"]

VOTE_GRID = 120  # the voted predictor is evaluated on VOTE_GRID² cells of the view

_Dash, _Dot = QtCore.Qt.PenStyle.DashLine, QtCore.Qt.PenStyle.DotLine


def _pen(color, width: float = 1.0, dash=None, alpha: int | None = None) -> QtGui.QPen:
    c = QtGui.QColor(color)
    if alpha is not None:
        c.setAlpha(alpha)
    pen = pg.mkPen(c, width=width)
    if dash is not None:
        pen.setStyle(dash)
    return pen


def _brush(color, alpha: int | None = None) -> QtGui.QBrush:
    c = QtGui.QColor(*color) if isinstance(color, tuple) else QtGui.QColor(color)
    if alpha is not None:
        c.setAlpha(alpha)
    return QtGui.QBrush(c)


# The shared pens and brushes: made once, every point refers to one of them.
_NO_BRUSH = QtGui.QBrush(QtCore.Qt.BrushStyle.NoBrush)
# Symbols shrink for big data sets: a 15 px plus per point turns 10⁵ points into one blob, and
# painting them costs 2.5× the time of 8 px ones (59 against 23 ms offscreen).
POINT_SIZES = ((2_000, 15), (20_000, 11), (None, 8))  # (up to n points, size in px)
POINT_STYLES = [  # index = (label −1) + 2·(test point) + 4·(size level); symbol, size, pen, brush
    style_
    for _n, size in POINT_SIZES
    for style_ in (
        (PLUS, size, _pen(QtGui.QColor(style.POSITIVE).darker(150), 1.0), _brush(style.POSITIVE)),
        (MINUS, size, _pen(QtGui.QColor(style.NEGATIVE).darker(150), 1.0), _brush(style.NEGATIVE)),
        (PLUS, size, _pen(style.POSITIVE, 1.3), _brush(style.POSITIVE, 45)),
        (MINUS, size, _pen(style.NEGATIVE, 1.3), _brush(style.NEGATIVE, 45)),
    )
]
_SELECTION_STYLE = [("o", 25, _pen("#8A7F00", 1.5), _brush(style.SELECTION, 200))]
_VISIT_STYLES = [("o", 27, _pen(style.VISIT_UPDATE, 3.0), _NO_BRUSH),
                 ("o", 27, _pen(style.VISIT_NO_UPDATE, 3.0), _NO_BRUSH)]
# A ring per misclassified point, by symbol size level; among 10⁴+ points rings merge into a
# black mass over the boundary, so there a small dot inside the symbol marks the point instead.
_MISCLASSIFIED_STYLE = [("o", 20, _pen(style.MISCLASSIFIED, 1.2), _NO_BRUSH),
                        ("o", 15, _pen(style.MISCLASSIFIED, 1.0), _NO_BRUSH),
                        ("o", 3, pg.mkPen(None), _brush(style.MISCLASSIFIED))]
_SLACK_STYLE = [("o", 33, _pen("#333333", 1.6, _Dot), _NO_BRUSH)]


def point_style(y: np.ndarray, test: np.ndarray, n: int) -> np.ndarray:
    """Index into POINT_STYLES of points with labels y and test flags, in a set of n points."""
    level = next(k for k, (limit, _s) in enumerate(POINT_SIZES) if limit is None or n <= limit)
    return (y < 0).astype(np.intp) + 2 * np.asarray(test, dtype=np.intp) + 4 * level


@dataclass
class OverlayOptions:
    show_regions: bool = True
    show_margins: bool = True
    show_theta_star: bool = False


LEGEND_MIN_WIDTH = 215  # px: "w·x + b = ±min |w·x + b|" with its sample at 8 pt


class FrameOverlay:
    """The per-frame items of one canvas: lines, shading, arrow, rings, note and legend."""

    def __init__(self, view_box: pg.ViewBox, plot_item: pg.PlotItem) -> None:
        self.view_box = view_box
        self.regions = RegionShade(_brush(style.POSITIVE_REGION), _brush(style.NEGATIVE_REGION))
        self.vote_image = pg.ImageItem(axisOrder="row-major")
        self.theta_band = BandShade(_brush(style.THETA_STAR, 40))
        self.lifted_guide = LineItem(_pen("#888888", 1.0, _Dot))
        self.theta_line = LineItem(_pen(style.THETA_STAR, 2.0, _Dash))
        self.margin_lines = (LineItem(_pen(style.MARGIN, 1.0, _Dash)), LineItem(_pen(style.MARGIN, 1.0, _Dash)))
        self.output_line = LineItem(_pen(style.OUTPUT, 2.5, QtCore.Qt.PenStyle.DashDotLine))
        self.hyperplane = LineItem(_pen(style.HYPERPLANE, 2.0))
        self.arrow = NormalArrow(_pen(style.NORMAL, 2.5))
        self.selection = FastScatter(_SELECTION_STYLE)
        self.slack = FastScatter(_SLACK_STYLE)
        self.misclassified = FastScatter(_MISCLASSIFIED_STYLE)
        self.visit = FastScatter(_VISIT_STYLES)
        z = {self.regions: -30, self.vote_image: -29, self.theta_band: -25, self.lifted_guide: -21,
             self.theta_line: -20, self.margin_lines[0]: -19, self.margin_lines[1]: -19,
             self.output_line: -18, self.hyperplane: -17, self.arrow: 14, self.selection: 5,
             self.slack: 11, self.misclassified: 12, self.visit: 13}
        for item, zv in z.items():
            item.setZValue(zv)
            view_box.addItem(item, ignoreBounds=True)
        self.vote_image.setAcceptedMouseButtons(QtCore.Qt.MouseButton.NoButton)
        self.spans = (self.regions, self.theta_band, self.lifted_guide, self.theta_line,
                      *self.margin_lines, self.output_line, self.hyperplane, self.arrow)
        self.note = pg.TextItem("", color="#333333", anchor=(0, 1), fill=_brush("#FFFFFF", 215))
        self.note.setParentItem(view_box)  # in view-box pixels: stays in the corner when panning
        # Beside the view box, in the plot's layout: a legend inside the view would hide points.
        self.legend = Legend(brush=_brush("#FFFFFF"), pen=_pen("#FFFFFF"), labelTextColor="#222222",
                             labelTextSize="8pt", colCount=1, verSpacing=-6)
        self.legend.setSizePolicy(QtWidgets.QSizePolicy.Policy.Preferred, QtWidgets.QSizePolicy.Policy.Fixed)
        # As wide as its usual longest entry from the start, so the view beside it does not
        # narrow (and move under the mouse) when lines and rings join the legend.
        self.legend.setMinimumWidth(LEGEND_MIN_WIDTH)
        plot_item.layout.addItem(self.legend, 2, 3, alignment=QtCore.Qt.AlignmentFlag.AlignTop)
        self._legend_key: tuple | None = None
        self._rect: Rect = (-1.0, -1.0, 1.0, 1.0)
        self._vote = None
        self._projection: Projection | None = None
        self._note_args: tuple | None = None
        view_box.sigResized.connect(self._place_note)

    # ---- view -------------------------------------------------------------------------------
    def set_view_rect(self, rect: Rect) -> None:
        self._rect = rect
        for item in self.spans:
            item.set_view_rect(rect)
        self._update_vote()
        if self._note_args is not None:  # "outside the view" may have changed
            self._show_note(*self._note_args)

    def _place_note(self, *args) -> None:
        self.note.setPos(10, self.view_box.height() - 8)

    # ---- a frame ------------------------------------------------------------------------------
    def show_frame(self, frame: Frame | None, proj: Projection, P: np.ndarray, n_test: int,
                   opts: OverlayOptions, algorithm: str) -> None:
        """Draw ``frame`` (None: nothing trained) with view-plane point positions ``P``."""
        lifted = proj.kind == "lifted"
        # The line the points live on: y = 1 in the lifted view, the number line y = 0 in 1-D.
        guide = {"lifted": 1.0, "line": 0.0}.get(proj.kind)
        self.lifted_guide.set_line(None if guide is None else np.array([0.0, 1.0]), 0.0, guide or 0.0)
        # In the lifted plane the separator goes through 0 with normal (w, b): start the arrow
        # there. In 1-D the points lie on y = 0: draw the arrow above them, not over them.
        self.arrow.inset, self.arrow.label = (0.02, "(w, b)") if lifted else (0.15, "w")
        if proj.kind == "line":
            self.arrow.inset, self.arrow.target = None, (0.5, 0.75)
        else:
            self.arrow.target = (0.5, 0.5)
        has_w = frame is not None and frame.has_hyperplane
        w2, b2 = proj.line(frame.w, frame.b) if frame is not None else (np.zeros(2), 0.0)
        line_ok = has_w and bool(np.any(w2 != 0.0))
        self.hyperplane.set_line(w2 if line_ok else None, b2)
        self.arrow.set_line(w2 if line_ok else None, b2)
        self.regions.set_line(w2 if has_w and opts.show_regions and frame.vote is None else None, b2)
        c = frame.closest_distance if line_ok and opts.show_margins else None
        for line, sign in zip(self.margin_lines, (1.0, -1.0)):
            line.set_line(w2 if c else None, b2, sign * (c or 0.0))
        out = frame is not None and frame.output_w is not None and np.any(frame.output_w != 0.0)
        self.output_line.set_line(*(proj.line(frame.output_w, frame.output_b) if out else (None, 0.0)))
        theta = opts.show_theta_star and frame is not None and frame.theta_w is not None
        tw, tb = proj.line(frame.theta_w, frame.theta_b) if theta else (None, 0.0)
        self.theta_line.set_line(tw, tb)
        self.theta_band.set_band(tw, tb, float(frame.gamma or 0.0) if theta else 0.0)
        self._projection = proj
        self._vote = frame.vote if frame is not None and opts.show_regions else None
        self._update_vote()
        self._show_rings(frame, P)
        self._note_args = (frame, proj, P.shape[0], has_w, line_ok)
        self._show_note(*self._note_args)
        self._show_legend(frame, proj, n_test, opts, algorithm, line_ok, bool(c), out, theta)

    def _show_rings(self, frame: Frame | None, P: np.ndarray) -> None:
        n = P.shape[0]

        def rows(idx: np.ndarray) -> np.ndarray:
            idx = np.asarray(idx, dtype=np.intp)
            return idx[(idx >= 0) & (idx < n)]  # a frame of an older run may name deleted rows

        if frame is None:
            for item in (self.visit, self.misclassified, self.slack):
                item.set_points(np.zeros((0, 2)))
            return
        v = rows([] if frame.visit_index is None else [frame.visit_index])
        self.visit.set_points(P[v], np.full(v.size, 0 if frame.visit_updated else 1))
        m = rows(frame.misclassified)
        level = int(point_style(np.zeros(1), np.zeros(1), n)[0]) // 4
        self.misclassified.set_points(P[m], np.full(m.size, level))
        self.slack.set_points(P[rows(frame.slack_points)])

    def _show_note(self, frame: Frame | None, proj: Projection, n: int, has_w: bool, line_ok: bool) -> None:
        if n == 0:
            text = ("Click to add a point of the active class; right-click or Shift+click adds the other class."
                    if proj.can_add else "No points yet.")
        elif frame is None:
            text = ""
        elif not has_w:
            text = "w = 0: no hyperplane yet"
        elif not line_ok:
            text = "w·x + b is constant on this slice: the hyperplane does not cross it"
        elif self.hyperplane.segment is None:
            text = "The hyperplane is outside the view (press F to fit)"
        else:
            text = ""
        self.note.setText(text)
        self.note.setVisible(bool(text))
        self._place_note()

    def _update_vote(self) -> None:
        if self._vote is None or self._projection is None:
            self.vote_image.setVisible(False)
            return
        x0, y0, x1, y1 = self._rect
        g = VOTE_GRID
        xs = x0 + (np.arange(g) + 0.5) * (x1 - x0) / g
        ys = y0 + (np.arange(g) + 0.5) * (y1 - y0) / g
        gx, gy = np.meshgrid(xs, ys)  # row r is at height ys[r]: row-major, rows going up
        scores = self._projection.scores(self._vote, np.column_stack((gx.ravel(), gy.ravel())))
        rgba = np.where((scores >= 0.0)[:, None], np.array(style.POSITIVE_REGION, dtype=np.uint8),
                        np.array(style.NEGATIVE_REGION, dtype=np.uint8)).reshape(g, g, 4)
        self.vote_image.setImage(rgba.astype(np.uint8), autoLevels=False, levels=(0, 255))
        self.vote_image.setRect(QtCore.QRectF(x0, y0, x1 - x0, y1 - y0))
        self.vote_image.setVisible(True)

    # ---- legend -------------------------------------------------------------------------------
    def _show_legend(self, frame, proj, n_test, opts, algorithm, line_ok, margins, out, theta) -> None:
        output_label = frame.output_label.split(" (")[0] if frame is not None else ""
        key = (proj.kind, n_test > 0, line_ok, margins, out and output_label, theta,
               algorithm == "voted" and self._vote is not None,
               frame is not None and frame.visit_index is not None,
               frame is not None and frame.misclassified.size > 0, frame is not None and frame.slack_points.size > 0,
               frame is None or frame.offset)
        if key == self._legend_key:
            return
        self._legend_key = key
        (kind, has_test, line_ok, margins, out_name, theta, vote, visit, miscl, slack, offset) = key
        wx = "w·x + b" if offset else "w·x"  # the standard perceptron has no b
        e: list[tuple[LegendSwatch, str]] = [
            (LegendSwatch(symbol=PLUS, brush=POINT_STYLES[0][3], symbol_pen=POINT_STYLES[0][2]), "class +1"),
            (LegendSwatch(symbol=MINUS, brush=POINT_STYLES[1][3], symbol_pen=POINT_STYLES[1][2]), "class −1"),
        ]
        if has_test:
            e.append((LegendSwatch(symbol=PLUS, brush=POINT_STYLES[2][3], symbol_pen=POINT_STYLES[2][2]), "test point (faded)"))
        if line_ok:
            where = {"features": " (slice through the mean)", "pca": " (slice through the mean)",
                     }.get(kind, "")
            name = "w·x + b·1 = 0 (through 0)" if kind == "lifted" else f"{wx} = 0{where}"
            e.append((LegendSwatch(pen=self.hyperplane.opts["pen"]), name))
            e.append((LegendSwatch(pen=self.arrow.opts["pen"]), f"normal vector {self.arrow.label}"))
        if kind == "lifted":
            e.append((LegendSwatch(pen=self.lifted_guide.opts["pen"]), "each x drawn at (x, 1)"))
        if margins:
            e.append((LegendSwatch(pen=self.margin_lines[0].opts["pen"]), f"{wx} = ±min |{wx}|"))
        if out_name:
            e.append((LegendSwatch(pen=self.output_line.opts["pen"]), f"{out_name} w (output)"))
        if vote:
            e.append((LegendSwatch(brush=_brush(style.POSITIVE, 70)), "voted prediction (shading)"))
        if theta:
            e.append((LegendSwatch(pen=self.theta_line.opts["pen"], brush=self.theta_band.opts["brush"]),
                      "θ* (max margin), band ±γ"))
        if visit:
            e.append((LegendSwatch(symbol="o", size=13, symbol_pen=_VISIT_STYLES[0][2]), "visited: updated"))
            e.append((LegendSwatch(symbol="o", size=13, symbol_pen=_VISIT_STYLES[1][2]), "visited: no update"))
        if miscl:
            e.append((LegendSwatch(symbol="o", size=13, symbol_pen=_MISCLASSIFIED_STYLE[0][2]), "misclassified by w"))
        if slack:
            e.append((LegendSwatch(symbol="o", size=15, symbol_pen=_SLACK_STYLE[0][2]), "slack point (own dimension)"))
        self.legend.set_entries(e)
