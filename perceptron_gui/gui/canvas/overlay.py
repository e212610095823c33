"""Everything the canvas draws for one playhead position: it paints a
:class:`~perceptron_gui.render.picture.Picture` (render/picture.py decides *what* is drawn; this
module only decides how it looks on screen).

The items are made once in :class:`FrameOverlay` and updated per picture; the legend is rebuilt
only when its entries change (another algorithm, θ* switched on), not per step.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from ...i18n import display_numbers
from ...render import theme as style
from ...render.geometry import Rect
from ...render.kernel_picture import ALPHA_RING
from ...render.picture import Arrow, Markers, Picture, PictureOptions, Polygon, Raster, Segment, describe
from ...render.point_stamps import STYLE_DTYPE
from ...render.projection import Projection
from ...session.frame import Frame
from .items import Legend, LegendSwatch, LineItem, NormalArrow, PolygonItem
from .kernel_items import KernelLayer
from .scatter import MINUS, PLUS, FastScatter
from .update import UpdateLayer

__all__ = ["FrameOverlay", "OverlayOptions", "OverlayLook", "SCREEN_LOOK", "POINT_STYLES", "point_styles", "point_style"]

OverlayOptions = PictureOptions  # the View menu's switches (show regions, margins, θ*)
_DASHES = {"solid": QtCore.Qt.PenStyle.SolidLine, "dash": QtCore.Qt.PenStyle.DashLine,
           "dot": QtCore.Qt.PenStyle.DotLine, "dashdot": QtCore.Qt.PenStyle.DashDotLine}
_Dot = QtCore.Qt.PenStyle.DotLine


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


@dataclass(frozen=True)
class OverlayLook:
    """How big things are drawn: the screen's look, or a slide's (export/slide_style.py)."""

    line_factor: float = 1.0  # line widths × this
    point_size_factor: float = 1.0  # symbol and ring sizes × this
    point_pen_factor: float = 1.0  # the points' outline widths × this
    arrow_length_px: float = 56.0
    selection: bool = True  # a selection is the user's tool: slides leave it out
    theme: style.Theme = style.FIGURE  # the colours: a figure's own, or the screen's theme


SCREEN_LOOK = OverlayLook(theme=style.LIGHT)


def _stroke_pen(role: str, look: OverlayLook, variant: str = "") -> QtGui.QPen:
    s = style.stroke(role, variant)
    return _pen(look.theme.colour(s.colour), s.width * look.line_factor, _DASHES[s.dash])


def _scaled(styles: list, size_factor: float, pen_factor: float) -> list:
    out = []
    for sym, size, pen, brush in styles:
        p = QtGui.QPen(pen)
        if pen_factor != 1.0 and p.style() != QtCore.Qt.PenStyle.NoPen:
            p.setWidthF(max(p.widthF() if p.widthF() > 0 else 1.0, 1.0) * pen_factor)
            p.setCosmetic(True)
        out.append((sym, size * size_factor, p, brush))
    return out


# The shared pens and brushes: made once, every point refers to one of them.
_NO_BRUSH = QtGui.QBrush(QtCore.Qt.BrushStyle.NoBrush)
# Symbols shrink for big data sets: a 15 px plus per point turns 10⁵ points into one blob, and
# painting them costs 2.5× the time of 8 px ones (59 against 23 ms offscreen).
POINT_SIZES = ((2_000, 15), (20_000, 11), (None, 8))  # (up to n points, size in px)


def _point_table(fills: tuple[str, str], edges: tuple[str, str]) -> list:
    """index = (label −1) + 2·(test point) + 4·(size level); symbol, size, pen, brush. A
    training point is filled and outlined (the theme's ``marker_edges``), a test point hollow:
    outlined in the fill's colour over a faint fill."""
    return [
        style_
        for _n, size in POINT_SIZES
        for style_ in (
            (PLUS, size, _pen(edges[0], 1.0), _brush(fills[0])),
            (MINUS, size, _pen(edges[1], 1.0), _brush(fills[1])),
            (PLUS, size, _pen(fills[0], 1.3), _brush(fills[0], 45)),
            (MINUS, size, _pen(fills[1], 1.3), _brush(fills[1], 45)),
        )
    ]


POINT_STYLES = _point_table(style.FIGURE.marker_fills, style.FIGURE.marker_edges)  # the figures' and light theme's
_POINT_TABLES = {(style.FIGURE.marker_fills, style.FIGURE.marker_edges): POINT_STYLES}


def point_styles(look: OverlayLook = SCREEN_LOOK) -> list:
    """The points' style table in ``look`` (its theme's mark colours, sizes and outline widths scaled)."""
    key = (look.theme.marker_fills, look.theme.marker_edges)
    table = _POINT_TABLES.get(key)
    if table is None:
        table = _POINT_TABLES[key] = _point_table(*key)
    return _scaled(table, look.point_size_factor, look.point_pen_factor)


_SELECTION_STYLE = [("o", 25, _pen("#8A7F00", 1.5), _brush(style.SELECTION, 200))]


def _ring_styles(theme: style.Theme) -> dict[str, list]:
    """The rings' styles in ``theme``'s colours (before a look scales them)."""
    c = theme.colour
    return {
        "visit": [("o", 27, _pen(c(style.VISIT_UPDATE), 3.0), _NO_BRUSH),
                  ("o", 27, _pen(c(style.VISIT_NO_UPDATE), 3.0), _NO_BRUSH)],
        # A ring per misclassified point, by symbol size level; among 10⁴+ points rings merge into
        # a black mass over the boundary, so there a small dot inside the symbol marks the point.
        "misclassified": [("o", 20, _pen(c(style.MISCLASSIFIED), 1.2), _NO_BRUSH),
                          ("o", 15, _pen(c(style.MISCLASSIFIED), 1.0), _NO_BRUSH),
                          ("o", 3, pg.mkPen(None), _brush(c(style.MISCLASSIFIED)))],
        "slack": [("o", 33, _pen(c("#333333"), 1.6, _Dot), _NO_BRUSH)],
    }


def point_size_level(n: int) -> int:
    """Which size of marks a set of n points is drawn with (marks shrink as n passes POINT_SIZES' limits)."""
    return next(k for k, (limit, _s) in enumerate(POINT_SIZES) if limit is None or n <= limit)


def point_style(y: np.ndarray, test: np.ndarray, n: int) -> np.ndarray:
    """Index into POINT_STYLES of points with labels y and test flags, in a set of n points."""
    # Bytes, summed in place: at 10⁶ points the plain expression's 8-byte temporaries took
    # 30–80 ms of fresh memory on the window's thread at every open.
    out = np.full(np.shape(y)[0], 4 * point_size_level(n), dtype=STYLE_DTYPE)
    np.add(out, np.asarray(y) < 0, out=out)
    test = np.asarray(test, dtype=bool)
    np.add(out, test, out=out)
    np.add(out, test, out=out)  # + 2·test
    return out


LEGEND_MIN_WIDTH = 245  # px: "hyperplane before the last update" with its sample at 8 pt (the longest entry)




class FrameOverlay:
    """The per-frame items of one canvas: lines, shading, arrow, rings, note and legend.

    :meth:`show_frame` and :meth:`set_view_rect` describe the picture again
    (:func:`~perceptron_gui.render.picture.describe`) and hand each item its part;
    :attr:`picture` is the one painted last (tests compare it with the TikZ export).
    """

    def __init__(self, view_box: pg.ViewBox, plot_item: pg.PlotItem, look: OverlayLook = SCREEN_LOOK) -> None:
        self.view_box = view_box
        self.look = look
        f = look.point_size_factor
        th = look.theme
        self.regions = PolygonItem({"positive_region": _brush(style.FILLS["positive_region"], th.region_alpha),
                                    "negative_region": _brush(style.FILLS["negative_region"], th.region_alpha)})
        self.vote_image = pg.ImageItem(axisOrder="row-major")
        self.theta_band = PolygonItem({"theta_band": _brush(style.FILLS["theta_band"])})
        self.lifted_guide = LineItem(_stroke_pen("guide", look))
        self.theta_line = LineItem(_stroke_pen("theta", look))
        self.margin_lines = (LineItem(_stroke_pen("margin", look)), LineItem(_stroke_pen("margin", look)))
        self.output_line = LineItem(_stroke_pen("output", look))
        self.hyperplane = LineItem(_stroke_pen("hyperplane", look))
        self._hyperplane_pens = {v: _stroke_pen("hyperplane", look, v) for v in ("", "after")}
        self.update_layer = UpdateLayer(view_box, lambda role: _stroke_pen(role, look), look.arrow_length_px)
        self.arrow = NormalArrow(_stroke_pen("normal", look), length_px=look.arrow_length_px)
        for labelled in (self.arrow, self.update_layer.previous_arrow, self.update_layer.vectors,
                         self.update_layer.margin_labels):
            labelled.label_fill = th.label_fill  # the box behind a label: the background's colour
        self.update_layer.margin_labels.colour = QtGui.QColor(th.foreground)
        self.update_layer.margin_labels.shown = self._shown
        self.selection = FastScatter(_SELECTION_STYLE)
        self.selection.setVisible(look.selection)
        self.ring_styles = {role: _scaled(styles, f, look.line_factor) for role, styles in _ring_styles(th).items()}
        self.slack = FastScatter(self.ring_styles["slack"])
        self.misclassified = FastScatter(self.ring_styles["misclassified"])
        self.visit = FastScatter(self.ring_styles["visit"])
        self.kernel = KernelLayer(view_box, _stroke_pen("hyperplane", look), th.colour(ALPHA_RING), f,
                                  th.region_alpha)
        self._lines = {"guide": self.lifted_guide, "theta": self.theta_line, "margin+": self.margin_lines[0],
                       "margin-": self.margin_lines[1], "output": self.output_line, "hyperplane": self.hyperplane}
        z = {self.regions: -30, self.vote_image: -29, self.theta_band: -25, self.lifted_guide: -21,
             self.theta_line: -20, self.margin_lines[0]: -19, self.margin_lines[1]: -19,
             self.output_line: -18, self.hyperplane: -17, self.arrow: 14, self.selection: 5,
             self.slack: 11, self.misclassified: 12, self.visit: 13}
        for item, zv in z.items():
            item.setZValue(zv)
            view_box.addItem(item, ignoreBounds=True)
        self.vote_image.setAcceptedMouseButtons(QtCore.Qt.MouseButton.NoButton)
        self.note = pg.TextItem("", color=th.colour("#333333"), anchor=(0, 1), fill=_brush(th.background, 215))
        self.note.setParentItem(view_box)  # in view-box pixels: stays in the corner when panning
        # Beside the view box, in the plot's layout: a legend inside the view would hide points.
        self.legend = Legend(brush=_brush(th.background), pen=_pen(th.background), labelTextColor=th.foreground,
                             labelTextSize="8pt", colCount=1, verSpacing=-6)
        self.legend.setSizePolicy(QtWidgets.QSizePolicy.Policy.Preferred, QtWidgets.QSizePolicy.Policy.Fixed)
        # As wide as its usual longest entry from the start, so the view beside it does not
        # narrow (and move under the mouse) when lines and rings join the legend.
        self.legend.setMinimumWidth(LEGEND_MIN_WIDTH)
        plot_item.layout.addItem(self.legend, 2, 3, alignment=QtCore.Qt.AlignmentFlag.AlignTop)
        self._legend_key: tuple | None = None
        self._rect: Rect = (-1.0, -1.0, 1.0, 1.0)
        self._args: tuple | None = None
        self.picture: Picture | None = None
        view_box.sigResized.connect(self._place_note)

    def dispose(self, plot_item: pg.PlotItem) -> None:
        """Take every item of this overlay off the plot (the canvas makes a new one in another look)."""
        self.view_box.sigResized.disconnect(self._place_note)
        self.kernel.dispose()
        layer = self.update_layer
        for item in (self.regions, self.vote_image, self.theta_band, *self._lines.values(), self.margin_lines[1],
                     self.arrow, self.selection, self.slack, self.misclassified, self.visit, layer.previous,
                     layer.previous_arrow, layer.vectors, layer.margin_labels):
            if item.scene() is not None:
                self.view_box.removeItem(item)
        self.note.setParentItem(None)
        plot_item.layout.removeItem(self.legend)
        for item in (self.note, self.legend):
            if item.scene() is not None:
                item.scene().removeItem(item)

    # ---- view -------------------------------------------------------------------------------
    def forget(self) -> None:
        """Drop the arguments of the picture drawn last: the canvas has new points or another
        projection, and a range change before its next :meth:`show_frame` must not draw the old
        frame, positions and margins again (into the new view, clipped to it)."""
        self._args = None

    def set_view_rect(self, rect: Rect) -> None:
        self._rect = tuple(float(v) for v in rect)  # type: ignore[assignment]
        if self._args is not None:
            self._draw()

    def _shown(self, text: str) -> str:
        """``text`` as the canvas shows it: in the window (a look with a selection: the screen's,
        presentation mode's) with the language's decimal separator; an export's canvas (a
        slide's look, no selection) keeps the point, as every file does."""
        return display_numbers(text) if self.look.selection else text

    def _place_note(self, *args) -> None:
        self.note.setPos(10, self.view_box.height() - 8)

    # ---- a frame ------------------------------------------------------------------------------
    def show_frame(self, frame: Frame | None, proj: Projection, P: np.ndarray, labels: np.ndarray,
                   test: np.ndarray, opts: PictureOptions, X: np.ndarray | None = None) -> None:
        """Draw ``frame`` (None: nothing trained) with view-plane point positions ``P`` and the
        points' ``labels`` and ``test`` flags (rows of the session's point table); ``X`` their
        data rows (for the margins beside the points)."""
        self._args = (frame, proj, P, labels, test, opts, X)
        self._draw()

    def _draw(self) -> None:
        assert self._args is not None
        frame, proj, P, labels, test, opts, X = self._args
        pic = describe(frame, proj, P, labels, test, self._rect, opts, X)
        self.picture = pic
        rect = pic.rect
        for role, line in self._lines.items():
            seg = pic.get(role)
            line.set_segment(seg.ends if isinstance(seg, Segment) else None, rect)
        seg = pic.get("hyperplane")
        self.hyperplane.set_pen(self._hyperplane_pens[seg.variant if isinstance(seg, Segment) else ""])
        self.update_layer.show(pic)
        self.regions.set_polygons([(it.role, it.corners) for it in pic if isinstance(it, Polygon)
                                   and it.role in ("positive_region", "negative_region")], rect)
        band = pic.get("theta_band")
        self.theta_band.set_polygons([("theta_band", band.corners)] if isinstance(band, Polygon) else [], rect)
        arrow = pic.get("normal")
        if isinstance(arrow, Arrow):
            self.arrow.set_arrow(arrow.base, arrow.direction, arrow.label, rect)
        else:
            self.arrow.set_arrow(None, None, self.arrow.label, rect)
        self._show_vote(pic.get("vote"))
        self.kernel.show(pic)
        self._show_rings(pic)
        self.note.setText(self._shown(pic.note))
        self.note.setVisible(bool(pic.note))
        self._place_note()
        self._show_legend(pic)

    def _show_rings(self, pic: Picture) -> None:
        for role, item in (("slack", self.slack), ("misclassified", self.misclassified), ("visit", self.visit)):
            m = pic.get(role)
            if not isinstance(m, Markers):
                item.set_points(np.zeros((0, 2)))
            elif role == "visit":
                item.set_points(m.positions, np.full(m.index.size, 0 if m.updated else 1))
            elif role == "misclassified":
                pts = pic.get("points")
                n = pts.positions.shape[0] if isinstance(pts, Markers) else 0
                level = int(point_style(np.zeros(1), np.zeros(1), n)[0]) // 4
                item.set_points(m.positions, np.full(m.index.size, level))
            else:
                item.set_points(m.positions)

    def _show_vote(self, raster: object) -> None:
        if not isinstance(raster, Raster):
            self.vote_image.setVisible(False)
            return
        alpha = self.look.theme.region_alpha
        rgba = np.where(raster.positive[..., None], np.array(style.POSITIVE_REGION[:3] + (alpha,), dtype=np.uint8),
                        np.array(style.NEGATIVE_REGION[:3] + (alpha,), dtype=np.uint8))
        x0, y0, x1, y1 = raster.rect
        self.vote_image.setImage(rgba.astype(np.uint8), autoLevels=False, levels=(0, 255))
        self.vote_image.setRect(QtCore.QRectF(x0, y0, x1 - x0, y1 - y0))
        self.vote_image.setVisible(True)

    # ---- legend -------------------------------------------------------------------------------
    def _swatch(self, role: str) -> LegendSwatch:
        pts = point_styles(self.look)
        rings = self.ring_styles
        swatches = {
            "class+": lambda: LegendSwatch(symbol=PLUS, brush=pts[0][3], symbol_pen=pts[0][2]),
            "class-": lambda: LegendSwatch(symbol=MINUS, brush=pts[1][3], symbol_pen=pts[1][2]),
            "test": lambda: LegendSwatch(symbol=PLUS, brush=pts[2][3], symbol_pen=pts[2][2]),
            "normal": lambda: LegendSwatch(pen=self.arrow.opts["pen"]),
            "margin": lambda: LegendSwatch(pen=self.margin_lines[0].opts["pen"]),
            "vote": lambda: LegendSwatch(brush=_brush(style.POSITIVE, 70)),
            "kernel_regions": lambda: LegendSwatch(brush=_brush(style.POSITIVE, 70)),
            "kernel_boundary": lambda: LegendSwatch(pen=self.kernel.boundary.opts["pen"]),
            "alpha": lambda: LegendSwatch(symbol="o", size=15, symbol_pen=self.kernel.ring_pen),
            "theta": lambda: LegendSwatch(pen=self.theta_line.opts["pen"], brush=self.theta_band.opts["brush"]),
            "visit_update": lambda: LegendSwatch(symbol="o", size=13, symbol_pen=rings["visit"][0][2]),
            "visit_no_update": lambda: LegendSwatch(symbol="o", size=13, symbol_pen=rings["visit"][1][2]),
            "misclassified": lambda: LegendSwatch(symbol="o", size=13, symbol_pen=rings["misclassified"][0][2]),
            "slack": lambda: LegendSwatch(symbol="o", size=15, symbol_pen=rings["slack"][0][2]),
        }
        if role in swatches:
            return swatches[role]()
        if role == "point_margins":
            return LegendSwatch(symbol=PLUS, brush=pts[0][3], symbol_pen=pts[0][2], size=9)
        pen = self.update_layer.swatch_pen(role)
        if pen is not None:
            return LegendSwatch(pen=pen)
        return LegendSwatch(pen=self._lines[role].opts["pen"])  # hyperplane, guide, output

    def _show_legend(self, pic: Picture) -> None:
        key = tuple((e.role, e.text) for e in pic.legend)
        if key == self._legend_key:
            return
        self._legend_key = key
        self.legend.show_entries([(e.role, self._shown(e.text)) for e in pic.legend], self._swatch)
