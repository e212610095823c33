"""A storyboard painted by Qt: one run's updates as small multiples in PNG, SVG or PDF.

What is shown is :func:`perceptron_gui.render.storyboard.storyboard`'s (the steps, the grid, the
one view, the titles, the legend); each panel is an ordinary slide canvas
(:class:`~.plots.SlideFigure` over its own :class:`~perceptron_gui.export.source.ExportSession`
at the update's visit, in the shared view), painted into its cell: there is no second painter.
The panels' own legends are taken out of their plots and one legend for all is painted below
them, with the panels' own swatches. The text of a panel is the slide style's times
:data:`PANEL_TEXT`, since a panel is a fraction of the slide. The files are written by
:mod:`.figure_files`, as every figure's are; TikZ by :mod:`perceptron_gui.export.tikz_storyboard`.
"""
from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6 import QtCore, QtGui, QtWidgets

from ...export.source import (
    MAX_WIDTH_PX,
    MIN_WIDTH_PX,
    ExportError,
    ExportSession,
    ViewOptions,
    check_writable,
    format_of,
    logical_size,
)
from ...i18n import _
from ...render.geometry import range_of_rect
from ...render.picture import PictureOptions
from ...render.storyboard import Storyboard, storyboard
from . import figure_files
from .plots import SlideFigure
from .slide_style import SLIDE, SlideStyle, device_pixels, pixel_font, set_header

__all__ = ["PANEL_TEXT", "StoryboardFigure", "panel_style", "write_storyboard", "render_storyboard"]

PANEL_TEXT = 1.5  # a panel's text and strokes against a whole slide figure's
SWATCH = (20.0, 22.0)  # the legend swatch's box (gui/canvas/items.LegendSwatch)


def panel_style(style: SlideStyle = SLIDE, factor: float = PANEL_TEXT) -> SlideStyle:
    """``style`` with its fonts, strokes, symbols and arrow ``factor`` times larger."""
    f = float(factor)
    return replace(style, tick_font_px=round(style.tick_font_px * f), label_font_px=round(style.label_font_px * f),
                   legend_font_px=round(style.legend_font_px * f), title_font_px=round(style.title_font_px * f),
                   pen_factor=style.pen_factor * f, axis_width=style.axis_width * f, tick_width=style.tick_width * f,
                   point_factor=style.point_factor * f, arrow_length_px=style.arrow_length_px * f)


def picture_options(options: ViewOptions) -> PictureOptions:
    return PictureOptions(show_regions=options.show_regions, show_theta_star=options.show_theta_star,
                          show_update=options.show_update)


class StoryboardFigure:
    """The panels of ``steps`` in a grid under a heading, one legend below (see the module)."""

    figure = "storyboard"

    def __init__(self, source: ExportSession, steps: Sequence[int], *, options: ViewOptions | None = None,
                 columns: int | None = None, width_px: int | None = None, device_scale: float = 1.0,
                 transparent: bool = False, style: SlideStyle = SLIDE) -> None:
        base = options or ViewOptions()
        self.board: Storyboard = storyboard(source, steps, options=picture_options(base), lifted=base.lifted,
                                            aspect=base.aspect, columns=columns)
        self.source = source
        self.style = panel_style(style)
        self.transparent = bool(transparent)
        sb = self.board
        self.panel_size = logical_size(sb.panel_aspect)
        pw, ph = self.panel_size
        self.heading_height = int(self.style.title_font_px * 2.2)
        width = pw * sb.columns
        self._legend_rows = _flow([e.text for e in sb.legend], width, self.style)
        self.legend_height = int(len(self._legend_rows) * self.style.legend_font_px * 1.7 + self.style.legend_font_px)
        self.size = (width, self.heading_height + ph * sb.rows + self.legend_height)
        self.device_scale = float(device_scale) if width_px is None else float(width_px) / width
        self.title = _("Storyboard · {heading}").format(heading=sb.heading)
        self.options = ViewOptions(**{**base.__dict__, "aspect": sb.panel_aspect,
                                      "view_range": range_of_rect(sb.rect), "show_previous": True,
                                      "show_margins": False, "show_point_margins": False})
        self.panels: list[SlideFigure] = []
        try:
            for panel in sb.panels:
                own = ExportSession(source.points, source.result, source.algorithm, panel.t, source.view_range,
                                    source.data_title)
                fig = SlideFigure(own, "canvas", options=self.options, device_scale=self.device_scale,
                                  transparent=transparent, style=self.style)
                self.panels.append(fig)
                _without_legend(fig)
                set_header(fig.plot_item, panel.title, self.style)
                _settle(fig)
                _warm_up(fig)
        except BaseException:
            self.close()
            raise

    @property
    def pixel_size(self) -> tuple[int, int]:
        return device_pixels(self.size, self.device_scale)

    def paint(self, painter: QtGui.QPainter, vector: bool = False) -> None:
        """The heading, each panel into its cell, and the legend below."""
        w, h = self.size
        st = self.style
        if not self.transparent:
            painter.fillRect(QtCore.QRectF(0, 0, w, h), QtGui.QColor(st.background))
        painter.setPen(QtGui.QColor(st.foreground))
        painter.setFont(pixel_font(st.title_font_px, bold=True))
        painter.drawText(QtCore.QRectF(0, 0, w, self.heading_height), QtCore.Qt.AlignmentFlag.AlignCenter,
                         self.board.heading)
        pw, ph = self.panel_size
        for i, fig in enumerate(self.panels):
            row, col = divmod(i, self.board.columns)
            painter.save()
            painter.translate(col * pw, self.heading_height + row * ph)
            fig.paint(painter, vector=vector)
            painter.restore()
        self._paint_legend(painter, self.heading_height + ph * self.board.rows)

    def _paint_legend(self, painter: QtGui.QPainter, top: float) -> None:
        st = self.style
        f = st.legend_font_px / SLIDE.legend_font_px
        swatches = self._swatches()
        font = pixel_font(st.legend_font_px)
        row_h = st.legend_font_px * 1.7
        for r, row in enumerate(self._legend_rows):
            y = top + st.legend_font_px * 0.5 + r * row_h
            x = (self.size[0] - sum(width for __, width in row)) / 2.0
            for text, width in row:
                entry = next(e for e in self.board.legend if e.text == text)
                swatch = swatches.get(entry.role)
                if swatch is not None:
                    painter.save()
                    painter.translate(x, y + (row_h - SWATCH[1] * f) / 2.0)
                    painter.scale(f, f)
                    swatch.paint(painter, None, None)
                    painter.restore()
                painter.setFont(font)
                painter.setPen(QtGui.QColor(st.foreground))
                painter.drawText(QtCore.QRectF(x + (SWATCH[0] + 8) * f, y, width, row_h),
                                 int(QtCore.Qt.AlignmentFlag.AlignVCenter | QtCore.Qt.AlignmentFlag.AlignLeft), text)
                x += width

    def _swatches(self) -> dict[str, Any]:
        """Each legend role's swatch, from the last panel that draws it (the hyperplane's there is
        dashed, as beside the previous one)."""
        out: dict[str, Any] = {}
        for fig in reversed(self.panels):
            overlay = fig.widget.overlay
            pic = overlay.picture
            if pic is None:
                continue
            for entry, (sample, _label) in zip(pic.legend, overlay.legend.items):
                out.setdefault(entry.role, sample)
        return out

    def render_image(self) -> QtGui.QImage:
        return figure_files.render_image(self)

    def close(self) -> None:
        for fig in self.panels:
            fig.close()
        self.panels = []

    def __enter__(self) -> StoryboardFigure:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _flow(texts: Sequence[str], width: float, st: SlideStyle) -> list[list[tuple[str, float]]]:
    """The legend's entries in rows no wider than ``width``: (text, the entry's width)."""
    metrics = QtGui.QFontMetricsF(pixel_font(st.legend_font_px))
    f = st.legend_font_px / SLIDE.legend_font_px
    rows: list[list[tuple[str, float]]] = [[]]
    used = 0.0
    for text in texts:
        w = (SWATCH[0] + 8) * f + metrics.horizontalAdvance(text) + 2.2 * st.legend_font_px
        if rows[-1] and used + w > width * 0.96:
            rows.append([])
            used = 0.0
        rows[-1].append((text, w))
        used += w
    return [r for r in rows if r]


def _without_legend(fig: SlideFigure) -> None:
    """Take the panel's legend out of its plot (one legend below all the panels says it)."""
    legend = fig.widget.overlay.legend
    layout = fig.plot_item.layout
    layout.removeItem(legend)
    legend.setParentItem(None)
    if legend.scene() is not None:
        legend.scene().removeItem(legend)


def _settle(fig: SlideFigure) -> None:
    for __ in range(3):
        QtCore.QCoreApplication.sendPostedEvents(None, QtCore.QEvent.Type.LayoutRequest)
        layout = QtWidgets.QGraphicsWidget.layout(fig.root)
        if layout is not None:
            layout.activate()


def _warm_up(fig: SlideFigure) -> None:
    """Paint once, small, so the axes measure their new labels (see SlideFigure's own warm-up)."""
    w, h = fig.size
    img = QtGui.QImage(max(1, w // 4), max(1, h // 4), QtGui.QImage.Format.Format_RGB32)
    p = QtGui.QPainter(img)
    p.scale(0.25, 0.25)
    fig.paint(p)
    p.end()
    _settle(fig)


def render_storyboard(source: ExportSession, steps: Sequence[int], *, width: int = 1920,
                      options: ViewOptions | None = None, columns: int | None = None,
                      transparent: bool = False, style: SlideStyle = SLIDE) -> QtGui.QImage:
    """The storyboard as an image ``width`` pixels wide."""
    with StoryboardFigure(source, steps, options=options, columns=columns, width_px=_width(width),
                          transparent=transparent, style=style) as fig:
        return fig.render_image()


def write_storyboard(source: ExportSession, path: str | os.PathLike[str], steps: Sequence[int],
                     fmt: str | None = None, *, width: int = 1920, options: ViewOptions | None = None,
                     columns: int | None = None, transparent: bool = False, style: SlideStyle = SLIDE) -> Path:
    """Write the storyboard of ``steps`` as PNG (``width`` pixels wide), SVG, PDF or TikZ (by
    ``fmt`` or the file's ending). Raises ExportError (a UserError) with one sentence."""
    fmt = fmt or format_of(path)
    options = options or ViewOptions()
    check_writable(path)
    if fmt == "tikz":
        from ...export.tikz_storyboard import write_tikz_storyboard

        write_tikz_storyboard(path, source, steps, options=picture_options(options), lifted=options.lifted,
                              aspect=options.aspect, columns=columns, size=options.tikz_size)
        return Path(path)
    if fmt not in ("png", "svg", "pdf"):
        raise ExportError(_("A storyboard is drawn as PNG, SVG, PDF or TikZ, not {format}.").format(format=fmt))
    with StoryboardFigure(source, steps, options=options, columns=columns,
                          width_px=_width(width) if fmt == "png" else None, transparent=transparent,
                          style=style) as fig:
        return {"png": figure_files.write_png, "svg": figure_files.write_svg,
                "pdf": figure_files.write_pdf}[fmt](fig, path)


def _width(width: int) -> int:
    if not MIN_WIDTH_PX <= int(width) <= MAX_WIDTH_PX:
        raise ExportError(_("The width must be between {min} and {max} pixels, not {width}.").format(
            min=MIN_WIDTH_PX, max=MAX_WIDTH_PX, width=width))
    return int(width)
