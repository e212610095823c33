"""The race as one slide figure: the runs' canvases as small multiples (one row,
or 2×2 for four), the same data and the same view, each titled with its run and position and
with the race table's key numbers under it.

Each panel is an ordinary canvas :class:`~.plots.SlideFigure` over an
:class:`~perceptron_gui.export.source.ExportSession` of its run, painted into its cell: there
is no second painter. The files are written by :mod:`.figure_files` (PNG, SVG, PDF), as every
figure's are.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, cast

from PySide6 import QtCore, QtGui

from ...export.source import ExportError, ExportSession, ViewOptions, logical_size
from ...i18n import _
from ...render.compare_text import panel_lines
from ...session.compare import Comparison
from ..canvas.canvas import Canvas
from ..kit.user_text import rich
from . import figure_files
from .plots import SlideFigure
from .slide_style import SLIDE, SlideStyle, device_pixels, header_text, pixel_font, set_header

__all__ = ["CompareFigure", "write_compare_figure", "COMPARE_FORMATS"]

COMPARE_FORMATS = ("png", "svg", "pdf")  # TikZ: export/tikz_compare.py, with no Qt
PANEL_ASPECT = 1.25  # width / height of one panel's canvas (its legend beside the view)
LINES = 2  # lines of numbers under each panel


class CompareFigure:
    """An offscreen slide figure of a :class:`Comparison` at the shared epoch ``epoch``
    (default: the last any run reached).

    Parameters
    ----------
    comparison : Comparison
    epoch : int or None
        The shared playhead; each run shows :meth:`Comparison.steps_at` of it.
    options : ViewOptions, optional
        View switches and the view range (None: the smallest range that holds every panel's own).
    device_scale : float
        Device pixels per logical pixel (PNG); 1 for SVG and PDF.
    """

    figure = "compare"

    def __init__(self, comparison: Comparison, epoch: int | None = None, *, options: ViewOptions | None = None,
                 device_scale: float = 1.0, style: SlideStyle = SLIDE) -> None:
        self.comparison = comparison
        self.epoch = comparison.last_epoch if epoch is None else int(epoch)
        self.style = style
        self.device_scale = float(device_scale)
        n = len(comparison.runs)
        self.cols = 2 if n == 4 else n
        self.rows = -(-n // self.cols)
        base = options or ViewOptions()
        self.options = ViewOptions(**{**base.__dict__, "aspect": PANEL_ASPECT})
        self.panel_size = logical_size(PANEL_ASPECT)
        self.text_h = int(round(style.label_font_px * 1.45 * LINES + style.label_font_px * 0.8))
        pw, ph = self.panel_size
        self.size = (pw * self.cols, (ph + self.text_h) * self.rows)
        self.panels: list[SlideFigure] = []
        self.title = _("{n} runs compared").format(n=n) + (f" · {comparison.points.title}" if comparison.points.title else "")
        self.source: Any = None  # the Protocol of figure_files asks for one; the title says what this is
        try:
            steps = comparison.steps_at(self.epoch)
            for run, t in zip(comparison.runs, steps, strict=True):
                src = ExportSession(comparison.points, run.result, run.entry.algorithm, t=t)
                fig = SlideFigure(src, "canvas", options=self.options, device_scale=self.device_scale, style=style)
                self.panels.append(fig)
                # pyqtgraph's title is HTML: the text is escaped, so it shows as written.
                set_header(fig.plot_item, rich(f"{header_text(src)} · {run.entry.order_text}"), style)
            if base.view_range is None:
                self._same_view()
        except BaseException:
            self.close()
            raise

    def _same_view(self) -> None:
        """Every panel shows the smallest range that holds what each fitted for itself."""
        boxes = [cast(Canvas, p.widget).view_box for p in self.panels]  # canvas figures: Canvas widgets
        ranges = [vb.viewRange() for vb in boxes]
        x0, x1 = min(r[0][0] for r in ranges), max(r[0][1] for r in ranges)
        y0, y1 = min(r[1][0] for r in ranges), max(r[1][1] for r in ranges)
        for p, vb in zip(self.panels, boxes, strict=True):
            vb.setRange(xRange=(x0, x1), yRange=(y0, y1), padding=0.0)
            p._settle()

    @property
    def pixel_size(self) -> tuple[int, int]:
        return device_pixels(self.size, self.device_scale)

    def paint(self, painter: QtGui.QPainter, vector: bool = False) -> None:
        """Each panel into its cell, its numbers under it, on a white page."""
        w, h = self.size
        painter.fillRect(QtCore.QRectF(0, 0, w, h), QtGui.QColor(self.style.background))
        pw, ph = self.panel_size
        font = pixel_font(self.style.label_font_px)
        for i, (fig, run) in enumerate(zip(self.panels, self.comparison.runs, strict=True)):
            x, y = (i % self.cols) * pw, (i // self.cols) * (ph + self.text_h)
            painter.save()
            painter.translate(x, y)
            fig.paint(painter, vector=vector)
            painter.restore()
            painter.setFont(font)
            painter.setPen(QtGui.QColor(self.style.foreground))
            box = QtCore.QRectF(x + 12, y + ph, pw - 24, self.text_h)
            painter.drawText(box, int(QtCore.Qt.AlignmentFlag.AlignHCenter | QtCore.Qt.AlignmentFlag.AlignTop),
                             "\n".join(panel_lines(run.row)))

    def render_image(self) -> QtGui.QImage:
        return figure_files.render_image(self)

    def close(self) -> None:
        for p in self.panels:
            p.close()
        self.panels = []


def write_compare_figure(path: str | os.PathLike[str], comparison: Comparison, fmt: str = "png", *,
                         width: int = 1920, epoch: int | None = None, options: ViewOptions | None = None) -> Path:
    """Write the race as PNG (``width`` pixels wide), SVG or PDF (Qt must be started)."""
    if fmt not in COMPARE_FORMATS:
        raise ExportError(_("The comparison is drawn as PNG, SVG or PDF, not {format}; use --png, --svg or --pdf.").format(
            format=fmt))
    cols = 2 if len(comparison.runs) == 4 else len(comparison.runs)
    scale = width / (logical_size(PANEL_ASPECT)[0] * cols) if fmt == "png" else 1.0
    fig = CompareFigure(comparison, epoch, options=options, device_scale=scale)
    try:
        return {"png": figure_files.write_png, "svg": figure_files.write_svg,
                "pdf": figure_files.write_pdf}[fmt](fig, path)
    finally:
        fig.close()
