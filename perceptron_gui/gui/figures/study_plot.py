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
from typing import Any

import pyqtgraph as pg
from PySide6 import QtCore, QtGui

from ...core.order_study import OrderStudy
from ...export.source import logical_size
from ...render import theme
from ...render.study_picture import BOUND_SHOWN_UP_TO, describe_study, study_header
from . import figure_files
from .slide_style import SLIDE, SlideStyle, device_pixels, pixel_font, set_header, set_margins, style_axes

__all__ = ["StudyFigure", "write_study_figure", "write_study_png", "BOUND_SHOWN_UP_TO", "STUDY_FORMATS",
           "study_header"]

STUDY_FORMATS = ("png", "svg", "pdf")  # TikZ: export/tikz_study.py, with no Qt


class StudyFigure:
    """An offscreen, slide-styled histogram of an :class:`OrderStudy`.

    Parameters
    ----------
    study : OrderStudy
    device_scale : float
        Device pixels per logical pixel of the PNG (pens are widened by it, as in SlideFigure).
    style : SlideStyle
    """

    figure = "study"

    def __init__(self, study: OrderStudy, *, device_scale: float = 1.0, style: SlideStyle = SLIDE) -> None:
        self.source: Any = study
        self.study = study
        self.device_scale = float(device_scale)
        self.style = style
        self.size = logical_size(1.5)
        self.widget: pg.PlotWidget | None = pg.PlotWidget(background=style.background)
        self.plot_item = self.widget.getPlotItem()
        self.root = self.plot_item
        self.scene = self.widget.scene()
        self.bound_shown = False
        self.title = ""  # the header, once built: the SVG's and PDF's title
        try:
            self._build()
            self.root.setGeometry(QtCore.QRectF(0, 0, *self.size))
            self._settle()
        except BaseException:
            self.close()
            raise

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
        item.setLabel("left", "orders")
        style_axes(item, st, sc)
        item.setXRange(*pic.x_range, padding=0)
        item.setYRange(0, pic.y_max, padding=0)
        item.getAxis("left").setTickFont(pixel_font(st.tick_font_px))

    def _settle(self) -> None:
        from PySide6 import QtWidgets
        for _ in range(3):
            QtCore.QCoreApplication.sendPostedEvents(None, QtCore.QEvent.Type.LayoutRequest)
            layout = QtWidgets.QGraphicsWidget.layout(self.root)
            if layout is not None:
                layout.activate()

    @property
    def pixel_size(self) -> tuple[int, int]:
        return device_pixels(self.size, self.device_scale)

    def paint(self, painter: QtGui.QPainter, vector: bool = False) -> None:
        w, h = self.size
        target = QtCore.QRectF(0, 0, w, h)
        painter.fillRect(target, QtGui.QColor(self.style.background))
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QtGui.QPainter.RenderHint.TextAntialiasing, True)
        self.scene.render(painter, target, self.root.sceneBoundingRect())

    def render_image(self) -> QtGui.QImage:
        """The figure as an ARGB32 image of :attr:`pixel_size`."""
        return figure_files.render_image(self)

    def close(self) -> None:
        w, self.widget = self.widget, None
        if w is not None:
            w.deleteLater()  # now, not at a loop turn a command line never has (see SlideFigure.close)
            QtCore.QCoreApplication.sendPostedEvents(w, QtCore.QEvent.Type.DeferredDelete)


def write_study_figure(path: str | os.PathLike[str], study: OrderStudy, fmt: str = "png", *,
                       width: int = 1920) -> Path:
    """Write the study's histogram as PNG (``width`` pixels wide), SVG or PDF (Qt must be started)."""
    if fmt not in STUDY_FORMATS:
        raise ValueError(f"no study figure as {fmt}")
    scale = width / logical_size(1.5)[0] if fmt == "png" else 1.0
    fig = StudyFigure(study, device_scale=scale)
    try:
        return {"png": figure_files.write_png, "svg": figure_files.write_svg, "pdf": figure_files.write_pdf}[fmt](fig, path)
    finally:
        fig.close()


def write_study_png(path: str | os.PathLike[str], study: OrderStudy, *, width: int = 1920) -> Path:
    """Write the study's histogram as a PNG ``width`` pixels wide (Qt must be started)."""
    return write_study_figure(path, study, "png", width=width)

