"""The order study's histogram as a slide figure: how many shuffled orders needed
how many updates until convergence (or, when a run did not converge, ended with which training
error), the bound (R/γ)² as a vertical line and the file order's value marked.

The numbers come from :class:`~perceptron_gui.core.order_study.OrderStudy` (bins included);
this module only paints them, in the slide look of :mod:`.slide_style`, and writes the PNG
through the one atomic writer (:func:`.figure_files.write_png`).
"""
from __future__ import annotations

import os
from pathlib import Path

import pyqtgraph as pg
from PySide6 import QtCore

from ...core.order_study import OrderStudy
from ...i18n import _
from ...render import theme
from ...render.study_picture import BOUND_SHOWN_UP_TO, describe_study, study_header
from .plot_figure import PLOT_FORMATS, PlotFigure, write_plot_figure
from .slide_style import pixel_font, set_header, set_margins, style_axes

__all__ = ["StudyFigure", "write_study_figure", "write_study_png", "BOUND_SHOWN_UP_TO", "STUDY_FORMATS",
           "study_header"]

STUDY_FORMATS = PLOT_FORMATS  # TikZ: export/tikz_study.py, with no Qt


class StudyFigure(PlotFigure):
    """An offscreen, slide-styled histogram of an :class:`OrderStudy`.

    Parameters
    ----------
    study : OrderStudy
    device_scale : float
        Device pixels per logical pixel of the PNG (pens are widened by it, as in SlideFigure).
    style : SlideStyle
    """

    figure = "study"

    def _prepare(self) -> None:
        self.bound_shown = False

    def _build(self) -> None:
        st, sc, study = self.style, self.device_scale, self.study
        item = self.plot_item
        item.hideButtons()
        item.setMenuEnabled(False)
        set_margins(item.layout)
        pic = describe_study(study)  # render/study_picture.py: what TikZ draws too
        bars = pg.BarGraphItem(x0=pic.edges[:-1], x1=pic.edges[1:], height=pic.counts,
                               brush=pg.mkBrush(theme.POSITIVE), pen=pg.mkPen(st.background, width=1.0 * sc))
        item.addItem(bars)
        legend = item.addLegend(offset=(-10, 10), labelTextSize=f"{st.legend_font_px}px",
                                labelTextColor=st.foreground, brush=pg.mkBrush(st.background))
        legend.addItem(bars, pic.bars_label)
        file_pen = pg.mkPen(theme.NEGATIVE, width=2.5 * sc, style=QtCore.Qt.PenStyle.DashLine)
        item.addItem(pg.InfiniteLine(pos=pic.file_x, angle=90, pen=file_pen))
        legend.addItem(pg.PlotDataItem(pen=file_pen), pic.file_label)
        if pic.bound is not None:
            bound_pen = pg.mkPen(theme.THETA_STAR, width=2.5 * sc)
            item.addItem(pg.InfiniteLine(pos=pic.bound, angle=90, pen=bound_pen))
            legend.addItem(pg.PlotDataItem(pen=bound_pen), f"bound (R/γ)² = {pic.bound:.4g}")
            self.bound_shown = True
        self.title = pic.header
        set_header(item, pic.header + (f" · {pic.bound_note}" if pic.bound_note else ""), st)
        item.setLabel("bottom", pic.x_title)
        item.setLabel("left", _("orders"))
        style_axes(item, st, sc)
        item.setXRange(*pic.x_range, padding=0)
        item.setYRange(0, pic.y_max, padding=0)
        item.getAxis("left").setTickFont(pixel_font(st.tick_font_px))


def write_study_figure(path: str | os.PathLike[str], study: OrderStudy, fmt: str = "png", *,
                       width: int = 1920) -> Path:
    """Write the study's histogram as PNG (``width`` pixels wide), SVG or PDF (Qt must be started)."""
    return write_plot_figure(StudyFigure, path, study, fmt, width)


def write_study_png(path: str | os.PathLike[str], study: OrderStudy, *, width: int = 1920) -> Path:
    """Write the study's histogram as a PNG ``width`` pixels wide (Qt must be started)."""
    return write_study_figure(path, study, "png", width=width)

