"""The "slide" look every exported figure gets, whatever the screen looks like.

White (or transparent) background, black axes, fonts of 16–19 px on a figure about 960 px
wide, pens twice as wide as on screen, bigger point symbols, and a header line
"algorithm · k = … · epoch …" above the plot; legends sit beside or below the plot, never
over the data.

Sizes are in *logical* pixels. A figure is laid out at a logical size whose area is that of
960 × 640 (see :func:`logical_size`) and then painted onto the target at ``device_scale``
device pixels per logical pixel (2 for a 1920-px-wide PNG of a 960-px figure, 1 for SVG and
PDF). Qt scales text and geometry for us, but pyqtgraph's pens are *cosmetic* (their width is
in device pixels whatever the painter's transform), so every pen made here is multiplied by
``device_scale`` as well; that is why styling needs to know the scale.

The styling is applied to a separate offscreen view (see :mod:`.plots`), never to the
window's own widgets.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from ...core.algorithms import REGISTRY
from ...export.source import logical_size
from ...i18n import _
from ...render.formatting import fmt_int
from ..canvas.items import Legend, LegendSwatch
from ..canvas.overlay import OverlayLook

__all__ = ["SlideStyle", "SLIDE", "logical_size", "header_text", "style_canvas", "canvas_look", "style_angle_plot",
           "style_epoch_plot", "pixel_font", "set_margins"]

@dataclass(frozen=True)
class SlideStyle:
    """Sizes (logical px) and colours of the slide look."""

    background: str = "#FFFFFF"
    foreground: str = "#000000"
    tick_font_px: int = 16
    label_font_px: int = 19
    legend_font_px: int = 16
    title_font_px: int = 19
    pen_factor: float = 2.0  # every line is this much wider than on screen
    axis_width: float = 1.6
    tick_width: float = 1.0
    grid_alpha: float = 0.16
    point_factor: float = 1.4  # symbol sizes (15 px on screen → 21 px)
    arrow_length_px: float = 70.0


SLIDE = SlideStyle()


def pixel_font(px: float, bold: bool = False) -> QtGui.QFont:
    """The application font at a size in pixels (a point size would depend on each device's DPI)."""
    font = QtGui.QFont()
    font.setPixelSize(max(1, int(round(px))))
    font.setBold(bold)
    return font


def _pen(pen: QtGui.QPen | Any, factor: float, minimum: float = 1.0) -> QtGui.QPen:
    """A copy of ``pen`` (or pg.mkPen of it) ``factor`` times wider, staying cosmetic."""
    p = QtGui.QPen(pg.mkPen(pen))
    base = p.widthF() if p.widthF() > 0 else 1.0
    p.setWidthF(max(base, minimum) * factor)
    p.setCosmetic(True)
    return p


def header_text(source: Any) -> str:
    """'Offset perceptron · k = 7 · epoch 2' for the source's run and playhead (epochs from 0,
    as in notes 002 and the live panel)."""
    result = source.result
    if result is None:
        return _("No run yet")
    name = result.algorithm
    title = REGISTRY[name].heading() if name in REGISTRY else name  # short: it fits above a narrow figure
    rec = result.record
    t = source.playhead.t
    k = rec.k_after_step(t)
    when = _("before the first visit") if t < 0 or rec.n == 0 else _("epoch {epoch}").format(epoch=fmt_int(t // rec.n))
    return f"{title} · k = {fmt_int(k)} · {when}"


# ---- shared pieces -------------------------------------------------------------------------
def style_axes(item: pg.PlotItem, st: SlideStyle, scale: float, names=("left", "bottom")) -> None:
    black = QtGui.QColor(st.foreground)
    for name in names:
        axis = item.getAxis(name)
        axis.setPen(_pen(black, scale, st.axis_width))
        axis.setTickPen(_pen(black, scale, st.tick_width))
        axis.setTextPen(pg.mkPen(black))
        axis.setStyle(tickFont=pixel_font(st.tick_font_px), tickTextOffset=6, tickLength=-7)
        axis.setLabel(axis.labelText, **{"font-size": f"{st.label_font_px}px", "color": st.foreground})
        axis.setGrid(int(st.grid_alpha * 255))


def set_margins(layout: QtWidgets.QGraphicsLayout) -> None:
    """Room at the figure's edges: text is measured at one size and drawn at another
    (hinting), so a label that just fits when measured may overshoot by a few pixels."""
    layout.setContentsMargins(6, 4, 20, 6)


def set_header(item: pg.PlotItem, text: str, st: SlideStyle) -> None:
    """Put the header line in the plot's title row, tall enough for the slide font."""
    label = item.titleLabel
    if not getattr(label, "_slide_spanned", False):
        # Across the whole row, not just above the view box; and never wider than the figure
        # (a top-level layout would grow the figure to fit a long line).
        item.layout.removeItem(label)
        item.layout.addItem(label, 0, 0, 1, max(item.layout.columnCount(), 3))
        label.setMinimumWidth(0)
        label._slide_spanned = True
    item.setTitle(text, size=f"{st.title_font_px}px", color=st.foreground, bold=True)
    h = int(st.title_font_px * 1.9)
    label.setMaximumHeight(h)
    item.layout.setRowFixedHeight(0, h)


def _legend(st: SlideStyle, scale: float, columns: int = 1, transparent: bool = False) -> Legend:
    brush = pg.mkBrush(None) if transparent else pg.mkBrush(st.background)
    legend = Legend(brush=brush, pen=pg.mkPen(None), labelTextColor=st.foreground,
                    labelTextSize=f"{st.legend_font_px}px", colCount=columns, verSpacing=-2, horSpacing=14)
    legend.setSizePolicy(QtWidgets.QSizePolicy.Policy.Preferred, QtWidgets.QSizePolicy.Policy.Fixed)
    return legend


# ---- the canvas ------------------------------------------------------------------------------
def canvas_look(st: SlideStyle = SLIDE, scale: float = 1.0) -> OverlayLook:
    """The canvas's lines, symbols and arrow at slide size (the Canvas is built with it)."""
    return OverlayLook(line_factor=st.pen_factor * scale, point_size_factor=st.point_factor,
                       point_pen_factor=1.5 * scale, arrow_length_px=st.arrow_length_px, selection=False)


def style_canvas(canvas: Any, st: SlideStyle = SLIDE, scale: float = 1.0, transparent: bool = False) -> None:
    """The slide's axes, note and legend for an offscreen
    :class:`~perceptron_gui.gui.canvas.canvas.Canvas` built with :func:`canvas_look` (its lines and
    symbols already have the slide's sizes)."""
    item = canvas.plot.getPlotItem()
    canvas.plot.setBackground(None if transparent else st.background)
    style_axes(item, st, scale)
    ov = canvas.overlay
    ov.note.setFont(pixel_font(st.legend_font_px))
    ov.note.setColor(QtGui.QColor(st.foreground))
    ov.legend.setLabelTextColor(st.foreground)
    ov.legend.setLabelTextSize(f"{st.legend_font_px}px")
    # pyqtgraph's setLabelTextSize only notes the size: the entries shown already keep the
    # screen's text until set again, and entries made later (a frame of an animation) get the
    # slide's, so one row came out larger than the rest.
    for __, label in ov.legend.items:
        label.setText(label.text, size=f"{st.legend_font_px}px", color=st.foreground)
    ov.legend.setBrush(pg.mkBrush(None) if transparent else pg.mkBrush(st.background))
    ov.legend.setPen(pg.mkPen(None))  # the screen's legend has a white frame: no frame on a slide
    ov.legend.layout.setVerticalSpacing(-2)
    item.layout.setColumnSpacing(2, 10)  # air between the plot and its legend
    set_margins(item.layout)


# ---- the angle plot ------------------------------------------------------------------------
def style_angle_plot(plot: Any, st: SlideStyle = SLIDE, scale: float = 1.0, transparent: bool = False) -> Legend:
    """Restyle an offscreen :class:`~perceptron_gui.gui.plots.proof_plots.AnglePlot`; its legend
    moves from inside the plot (where it may hide the curves) to below it. Returns the new
    legend, whose entries :func:`angle_legend_entries` fills."""
    item = plot.plot.getPlotItem()
    plot.plot.setBackground(None if transparent else st.background)
    style_axes(item, st, scale)
    f = st.pen_factor * scale
    plot.angle_curve.setPen(_pen(plot.angle_curve.opts["pen"], f))
    plot.angle_curve.setSymbolSize(8)
    plot.bound_curve.setPen(_pen(plot.bound_curve.opts["pen"], f))
    plot.novikoff_line.setPen(_pen(plot.novikoff_line.pen, f))
    plot.playhead_line.setPen(_pen(plot.playhead_line.pen, f))
    plot.legend.setVisible(False)
    legend = _legend(st, scale, columns=2, transparent=transparent)
    item.layout.addItem(legend, 4, 1, alignment=QtCore.Qt.AlignmentFlag.AlignHCenter)
    set_margins(item.layout)
    return legend


def angle_legend_entries(plot: Any) -> list[tuple[LegendSwatch, str]]:
    bound_label = plot.legend.getLabel(plot.bound_curve)
    bound_text = (bound_label.text if bound_label is not None
                  else _("bound {formula}").format(formula="arccos(min(1, √k·γ/R))"))
    return [
        (LegendSwatch(pen=plot.angle_curve.opts["pen"]), _("angle ∠(w_k, θ*)")),
        (LegendSwatch(pen=plot.bound_curve.opts["pen"]), bound_text),
        (LegendSwatch(pen=plot.playhead_line.pen), _("this frame: k = {k}").format(k=fmt_int(plot.session.k))),
        (LegendSwatch(pen=plot.novikoff_line.pen), _("Novikoff: at most (R/γ)² updates")),
    ]


# ---- the proof's and the losses' curves against k --------------------------------------------
def style_curve_plot(plot: Any, st: SlideStyle = SLIDE, scale: float = 1.0, transparent: bool = False) -> Legend:
    """Restyle an offscreen :class:`~perceptron_gui.gui.plots.proof_curves.KCurvePlot` as the angle
    plot is restyled: wider pens, slide axes, its legend below the plot (entries from
    :func:`curve_legend_entries`)."""
    item = plot.plot.getPlotItem()
    plot.plot.setBackground(None if transparent else st.background)
    style_axes(item, st, scale)
    f = st.pen_factor * scale
    for c in (*plot.curves.values(), *plot.faint.values()):
        c.setPen(_pen(c.opts["pen"], f))
    plot.playhead_line.setPen(_pen(plot.playhead_line.pen, f))
    plot.legend.setVisible(False)
    plot.fit_y_range()  # no band above the curves for the hidden on-screen legend
    legend = _legend(st, scale, columns=2, transparent=transparent)
    item.layout.addItem(legend, 4, 1, alignment=QtCore.Qt.AlignmentFlag.AlignHCenter)
    set_margins(item.layout)
    return legend


def curve_legend_entries(plot: Any) -> list[tuple[LegendSwatch, str]]:
    entries = [(LegendSwatch(pen=c.opts["pen"]), c.name()) for c in plot.curves.values()]
    entries.append((LegendSwatch(pen=plot.playhead_line.pen), _("this frame: k = {k}").format(k=fmt_int(plot.session.k))))
    return entries


# ---- the per-epoch plot -------------------------------------------------------------------
def style_epoch_plot(plot: Any, st: SlideStyle = SLIDE, scale: float = 1.0, transparent: bool = False) -> Legend:
    """Restyle an offscreen :class:`~perceptron_gui.gui.plots.epoch_plot.EpochPlot`. The coloured
    axis label that keys its curves on screen becomes a plain "epoch" and a legend below."""
    plot.view.setBackground(None if transparent else st.background)
    f = st.pen_factor * scale
    # Room for "100" and a rotated label at slide size; equal on both plots so they line up.
    left = int(st.tick_font_px * 2.4 + st.label_font_px * 1.6 + 12)
    for item in (plot.updates_plot, plot.error_plot):
        style_axes(item, st, scale)
        item.getAxis("left").setWidth(left)
    plot.updates_curve.setPen(_pen(plot.updates_curve.opts["pen"], f))
    plot.train_curve.setPen(_pen(plot.train_curve.opts["pen"], f))
    plot.test_curve.setPen(_pen(plot.test_curve.opts["pen"], f))
    for c in (plot.train_curve, plot.test_curve):
        c.setSymbolSize(8)
    for m in plot.markers:
        m.setPen(_pen(m.pen, f))
    legend = _legend(st, scale, columns=4, transparent=transparent)
    plot.view.ci.addItem(legend, row=2, col=0)
    set_margins(plot.view.ci.layout)
    return legend


def restyle_epoch_axis(plot: Any, st: SlideStyle = SLIDE) -> None:
    """After each run_changed the plot rewrites its bottom label with the curve key: replace it."""
    plot.error_plot.setLabel("bottom", _("epoch"), **{"font-size": f"{st.label_font_px}px", "color": st.foreground})


def epoch_legend_entries(plot: Any) -> list[tuple[LegendSwatch, str]]:
    up = plot.updates_curve.opts
    entries = [(LegendSwatch(pen=up["pen"], brush=pg.mkBrush(up["fillBrush"] or up.get("brush"))),
                _("updates in the epoch")),
               (LegendSwatch(pen=plot.train_curve.opts["pen"]), _("training error"))]
    if plot.test_curve.xData is not None and len(plot.test_curve.xData):
        entries.append((LegendSwatch(pen=plot.test_curve.opts["pen"]), _("test error")))
    entries.append((LegendSwatch(pen=plot.markers[0].pen), _("this frame's epoch")))
    return entries


__all__ += ["style_axes", "style_curve_plot", "curve_legend_entries", "angle_legend_entries", "epoch_legend_entries",
            "restyle_epoch_axis", "set_header"]


def device_pixels(size: tuple[float, float], device_scale: float) -> tuple[int, int]:
    """A figure's size in logical pixels as device pixels (at least one each way)."""
    w, h = size
    return max(1, int(round(w * device_scale))), max(1, int(round(h * device_scale)))
