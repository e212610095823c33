"""The offscreen, slide-styled plot figure the studies share (the order study's histogram, the
Winnow study's plot): a pyqtgraph plot laid out at a slide's size, painted into PNG, SVG or PDF
through :mod:`.figure_files`. A study's figure says what it draws in ``_build``."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from ...export.source import logical_size
from . import figure_files
from .slide_style import SLIDE, SlideStyle, device_pixels

__all__ = ["PlotFigure", "write_plot_figure", "PLOT_FORMATS"]

PLOT_FORMATS = ("png", "svg", "pdf")  # painted by Qt; the studies' TikZ is written without it


class PlotFigure:
    """One study drawn offscreen. ``device_scale``: device pixels per logical pixel of a PNG
    (pens are widened by it, as in SlideFigure)."""

    figure = "figure"  # figure_files names a figure by this in an SVG's description

    def __init__(self, study: Any, *, device_scale: float = 1.0, style: SlideStyle = SLIDE) -> None:
        self.source: Any = study
        self.study = study
        self.device_scale = float(device_scale)
        self.style = style
        self.size = logical_size(1.5)
        self.widget: pg.PlotWidget | None = pg.PlotWidget(background=style.background)
        self.plot_item = self.widget.getPlotItem()
        self.root = self.plot_item
        self.scene = self.widget.scene()
        self.title = ""  # the header, once built: the SVG's and PDF's title
        self._prepare()
        try:
            self._build()
            self.root.setGeometry(QtCore.QRectF(0, 0, *self.size))
            self._settle()
        except BaseException:
            self.close()
            raise

    def _prepare(self) -> None:
        """What a figure works out before it draws (its picture, its title)."""

    def _build(self) -> None:
        raise NotImplementedError

    def _settle(self) -> None:
        for __ in range(3):
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


def write_plot_figure(make: type[PlotFigure], path: str | os.PathLike[str], study: Any, fmt: str, width: int,
                      **options: Any) -> Path:
    """Write ``make(study)`` as PNG (``width`` pixels wide), SVG or PDF (Qt must be started)."""
    if fmt not in PLOT_FORMATS:
        raise ValueError(f"no {make.figure} as {fmt}")
    scale = width / logical_size(1.5)[0] if fmt == "png" else 1.0
    fig = make(study, device_scale=scale, **options)
    try:
        return {"png": figure_files.write_png, "svg": figure_files.write_svg, "pdf": figure_files.write_pdf}[fmt](fig, path)
    finally:
        fig.close()
