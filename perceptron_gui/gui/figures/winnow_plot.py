"""The Winnow study as a slide figure: mistakes against the number of features d on log–log axes,
Winnow and the perceptron as lines with markers, their bounds as dashed lines of the same colours.

What is drawn comes from :func:`~perceptron_gui.render.winnow_picture.describe_winnow_study`
(TikZ paints the same picture); this module only paints it, in the slide look of
:mod:`.slide_style` with the colours of a :class:`~perceptron_gui.render.theme.Theme` (the
exports' ``FIGURE`` on white; the window shows it in its own theme), and writes PNG, SVG and PDF
through :mod:`.figure_files`.
"""
from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Any

import pyqtgraph as pg
from PySide6 import QtCore

from ...core.winnow_study import WinnowStudy
from ...i18n import N_
from ...render.theme import FIGURE, Theme
from ...render.winnow_picture import describe_winnow_study
from .plot_figure import PLOT_FORMATS, PlotFigure, write_plot_figure
from .slide_style import SLIDE, SlideStyle, pixel_font, set_header, set_margins, style_axes

__all__ = ["WinnowFigure", "write_winnow_figure", "WINNOW_FORMATS"]

WINNOW_FORMATS = PLOT_FORMATS  # TikZ: export/tikz_winnow.py, with no Qt
_DASH = {"solid": QtCore.Qt.PenStyle.SolidLine, "dash": QtCore.Qt.PenStyle.DashLine}
LINE_WIDTH = 2.5  # logical px; the bounds' dashes as wide, so they read at slide size
MARKER_PX = 13


class WinnowFigure(PlotFigure):
    """An offscreen, slide-styled plot of a :class:`WinnowStudy` in ``theme``'s colours."""

    # figure_files names a figure by this in an SVG's description.
    figure = N_("the Winnow study's plot")  # shown as _(figure)

    def __init__(self, study: WinnowStudy, *, device_scale: float = 1.0, theme: Theme = FIGURE,
                 style: SlideStyle = SLIDE) -> None:
        self.theme = theme
        super().__init__(study, device_scale=device_scale,
                         style=replace(style, background=theme.background, foreground=theme.foreground,
                                       grid_alpha=max(style.grid_alpha, theme.grid_alpha)))

    def _prepare(self) -> None:
        self.picture = describe_winnow_study(self.study)
        self.title = self.picture.header  # the SVG's and PDF's title
        self.curves: dict[str, pg.PlotDataItem] = {}

    def _build(self) -> None:
        st, sc, pic, th = self.style, self.device_scale, self.picture, self.theme
        item = self.plot_item
        item.hideButtons()
        item.setMenuEnabled(False)
        set_margins(item.layout)
        legend = item.addLegend(offset=(12, 8), labelTextSize=f"{st.legend_font_px}px",
                                labelTextColor=st.foreground, brush=pg.mkBrush(st.background),
                                pen=pg.mkPen(st.foreground, width=0.5 * sc), verSpacing=-4)
        for ln in pic.lines:
            colour = th.colour(ln.colour)
            pen = pg.mkPen(colour, width=LINE_WIDTH * sc, style=_DASH[ln.dash])
            marks: dict[str, Any] = {}
            if ln.marker:
                # a symbol's size scales with the painter (only pens are cosmetic)
                marks = {"symbol": ln.marker, "symbolSize": MARKER_PX, "symbolBrush": pg.mkBrush(colour),
                         "symbolPen": pg.mkPen(st.background, width=1.2 * sc)}
            curve = pg.PlotDataItem(list(ln.xs), list(ln.ys), pen=pen, **marks)
            item.addItem(curve)
            legend.addItem(curve, ln.label)
            self.curves[ln.key] = curve
        set_header(item, pic.header, st)
        item.setLabel("bottom", pic.x_title + (f" · {pic.note}" if pic.note else ""))
        item.setLabel("left", pic.y_title)
        style_axes(item, st, sc)
        item.getAxis("bottom").setTicks([list(pic.x_ticks), []])
        item.getAxis("left").setTicks([list(pic.y_ticks), []])
        item.setXRange(*pic.x_range, padding=0)
        item.setYRange(*pic.y_range, padding=0)
        item.getAxis("left").setTickFont(pixel_font(st.tick_font_px))


def write_winnow_figure(path: str | os.PathLike[str], study: WinnowStudy, fmt: str = "png", *,
                        width: int = 1920) -> Path:
    """Write the study's plot as PNG (``width`` pixels wide), SVG or PDF, on white (Qt must be started)."""
    return write_plot_figure(WinnowFigure, path, study, fmt, width)
