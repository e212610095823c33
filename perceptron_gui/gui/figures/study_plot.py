"""The order study's histogram (issue 11.3) as a slide figure: how many shuffled orders needed
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

from ...core.algorithms import REGISTRY
from ...core.order_study import OrderStudy
from ...export.source import logical_size
from ...render import theme
from . import figure_files
from .slide_style import SLIDE, SlideStyle, pixel_font, set_header, set_margins, style_axes

__all__ = ["StudyFigure", "write_study_figure", "write_study_png", "BOUND_SHOWN_UP_TO", "STUDY_FORMATS"]

STUDY_FORMATS = ("png", "svg", "pdf")  # TikZ draws one run's canvas and curves, not a histogram

# The bound is drawn where it is when it lies within this many times the widest bar's right
# edge; further out it would squeeze the histogram into a sliver, so it is named in the header.
BOUND_SHOWN_UP_TO = 4.0


def study_header(study: OrderStudy) -> str:
    title = getattr(REGISTRY.get(study.algorithm), "title", study.algorithm)
    return f"{title} · {len(study.rows)} shuffled orders"


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
        updates = study.quantity == "updates"
        scale = 1.0 if updates else 100.0  # the error in per cent
        counts, edges = study.histogram()
        edges = edges * scale
        bars = pg.BarGraphItem(x0=edges[:-1], x1=edges[1:], height=counts, brush=pg.mkBrush(theme.POSITIVE),
                               pen=pg.mkPen(st.background, width=1.0 * sc))
        item.addItem(bars)
        right = float(edges[-1])
        legend = item.addLegend(offset=(-10, 10), labelTextSize=f"{st.legend_font_px}px",
                                labelTextColor=st.foreground, brush=pg.mkBrush(st.background))
        legend.addItem(bars, "shuffled orders" if updates else "shuffled orders (final training error)")
        fx = study.file_value() * scale
        file_pen = pg.mkPen(theme.NEGATIVE, width=2.5 * sc, style=QtCore.Qt.PenStyle.DashLine)
        item.addItem(pg.InfiniteLine(pos=fx, angle=90, pen=file_pen))
        legend.addItem(pg.PlotDataItem(pen=file_pen), f"file order: {fx:g}" + ("" if updates else " %"))
        xs = [float(edges[0]), right, fx]
        bound = study.bound
        if updates and bound is not None and bound <= BOUND_SHOWN_UP_TO * max(right, 1.0):
            bound_pen = pg.mkPen(theme.THETA_STAR, width=2.5 * sc)
            item.addItem(pg.InfiniteLine(pos=bound, angle=90, pen=bound_pen))
            legend.addItem(pg.PlotDataItem(pen=bound_pen), f"bound (R/γ)² = {bound:.4g}")
            xs.append(bound)
            self.bound_shown = True
        header = study_header(study)
        self.title = header
        if updates and bound is not None and not self.bound_shown:
            header += f" · bound (R/γ)² = {bound:.4g}, off to the right"
        elif not updates:
            header += " · not every run converged"
        set_header(item, header, st)
        item.setLabel("bottom", "updates until convergence" if updates else "final training error (%)")
        item.setLabel("left", "orders")
        style_axes(item, st, sc)
        lo, hi = min(xs), max(xs)
        pad = 0.04 * (hi - lo or 1.0)
        item.setXRange(lo - pad, hi + pad, padding=0)
        item.setYRange(0, max(1, int(counts.max())) * 1.15, padding=0)
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
        w, h = self.size
        return max(1, int(round(w * self.device_scale))), max(1, int(round(h * self.device_scale)))

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

