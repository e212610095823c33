"""Slide figures of the canvas, the angle plot and the per-epoch plot: PNG, SVG, PDF (and TikZ).

How a figure is made (the same for the window's File → Export and for ``perceptron-gui
export``):

1. :class:`~.source.ExportSession` freezes what is drawn (a copy of the points, the run, a
   playhead of its own), so the window's own session, views and playhead are never touched.
2. :class:`SlideFigure` builds a fresh offscreen view over it (a real
   :class:`~perceptron_gui.gui.canvas.canvas.Canvas`, :class:`~perceptron_gui.gui.plots.proof_plots.AnglePlot`
   or :class:`~perceptron_gui.gui.plots.epoch_plot.EpochPlot`, so the figure shows exactly what the
   window draws), restyles it with :mod:`.slide_style`, gives it the window's view range,
   and lays it out at the figure's logical size. We chose a separate view over a style switch
   on the window's widgets: the on-screen widgets stay untouched, and headless export needs
   no window at all.
3. The scene is painted with a ``QPainter`` onto a ``QImage`` (PNG, at ``device_scale``
   pixels per logical pixel), a ``QSvgGenerator`` (SVG; pyqtgraph's own SVG exporter is broken
   on Qt ≥ 6.11) or a ``QPdfWriter`` (PDF, one page the size of the figure in points). Items
   are put in pyqtgraph's export mode first, so points are drawn as vector symbols.
4. :meth:`SlideFigure.close` deletes the offscreen widget.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6 import QtCore, QtGui, QtWidgets

from ...export.names import tikz_problem
from ...export.source import (
    FIGURES,
    FORMATS,
    MAX_WIDTH_PX,
    MIN_WIDTH_PX,
    STILL_FIGURES,
    ExportError,
    ExportSession,
    ViewOptions,
    check_writable,
    format_of,
)
from ...i18n import _
from ...render.fit_view import must_show, widened_view
from ...render.geometry import rect_of_range
from ..kit.plot_setup import plain_ticks
from . import figure_files, point_layer
from .slide_style import (
    SLIDE,
    SlideStyle,
    angle_legend_entries,
    canvas_look,
    curve_legend_entries,
    device_pixels,
    epoch_legend_entries,
    header_text,
    logical_size,
    pixel_font,
    restyle_epoch_axis,
    set_header,
    style_angle_plot,
    style_canvas,
    style_curve_plot,
    style_epoch_plot,
)
from .weight_space_figure import build_weight_space

__all__ = ["FIGURES", "FORMATS", "ExportError", "ExportSession", "ViewOptions", "SlideFigure",
           "render_figure", "export_figure", "format_of", "check_writable", "logical_size",
           "MAX_WIDTH_PX", "MIN_WIDTH_PX"]

# ---- the figure ----------------------------------------------------------------------------------
class SlideFigure:
    """An offscreen, slide-styled view of ``figure`` over an :class:`ExportSession`.

    Parameters
    ----------
    source : ExportSession
        What to draw; :meth:`set_t` moves its playhead (frames of an animation).
    figure : a name of FIGURES: 'canvas', 'angle', 'epochs', 'dot', 'norm' or 'losses'
    options : ViewOptions, optional
        View switches, view range and shape (default: :class:`ViewOptions()`).
    device_scale : float
        Device pixels per logical pixel of the target (``width_px / logical width`` for PNG,
        1 for SVG and PDF); pens are widened by it (see :mod:`.slide_style`).
    transparent : bool
        No background (PNG, SVG, PDF); otherwise white.
    style : SlideStyle

    Raises
    ------
    ExportError
        The figure does not exist for this run (the angle plot without θ*, no run at all).
    """

    def __init__(self, source: ExportSession, figure: str = "canvas", *, options: ViewOptions | None = None,
                 device_scale: float = 1.0, transparent: bool = False, style: SlideStyle = SLIDE) -> None:
        if figure not in FIGURES:
            raise ExportError(_("There is no figure '{figure}'; choose one of {names}.").format(
                figure=figure, names=", ".join(FIGURES)))
        if figure in STILL_FIGURES:  # several plots: proof_figure.ProofFigure paints them, not one view
            raise ExportError(_("{figure} is a still figure; animate its plots one by one.").format(
                figure=_capitalized(FIGURES[figure])))
        if source.result is None and figure != "canvas":
            raise ExportError(_("There is no run yet, so {figure} is empty; add points of both classes first.").format(
                figure=FIGURES[figure]))
        self.source = source
        self.figure = figure
        self.options = options or ViewOptions()
        self.device_scale = float(device_scale)
        self.transparent = bool(transparent)
        self.style = style
        self.size = logical_size(self.options.aspect)
        self._legend: Any = None  # the plot's slide legend, once a plot is built
        # The figure's widget: a Canvas or one of the plots, each asked for its own parts.
        self.widget: Any = None
        try:
            {"canvas": self._build_canvas, "angle": self._build_angle,
             "epochs": self._build_epochs, "weight-space": lambda: build_weight_space(self),
             }.get(figure, self._build_curves)()
            self._update_header()
            plain_ticks(self.scene)  # a file's numbers keep the decimal point in every language
            self.root.setGeometry(QtCore.QRectF(0, 0, *self.size))
            self._settle()
            self._warm_up()
        except BaseException:
            self.close()
            raise

    # ---- building ------------------------------------------------------------------------
    def _build_canvas(self) -> None:
        from ..canvas.canvas import Canvas

        src, o = self.source, self.options
        self.widget = canvas = Canvas(src, look=canvas_look(self.style, self.device_scale), cache_points=False)
        style_canvas(canvas, self.style, self.device_scale, self.transparent)
        canvas.set_show_theta_star(o.show_theta_star)
        canvas.set_show_regions(o.show_regions)
        canvas.set_show_margins(o.show_margins)
        canvas.set_show_previous(o.show_previous)
        canvas.set_show_update(o.show_update)
        canvas.set_show_point_margins(o.show_point_margins)
        if src.points.d > 2:
            canvas.set_view(o.features)
        canvas.set_lifted_view(o.lifted)
        if o.view_range is not None:
            # The window's view, grown to what the figure must show (the hyperplane, the update's
            # vectors): a slide cannot be panned. The TikZ export grows it the same way.
            rect = rect_of_range(o.view_range)
            frame = src.frame()
            extra = must_show([frame] if frame is not None else [], canvas.projection, canvas.view_points,
                              show_previous=o.show_previous, show_update=o.show_update, rect=rect)
            x0, y0, x1, y1 = widened_view(rect, extra)
            canvas.view_box.setRange(xRange=(x0, x1), yRange=(y0, y1), padding=0.0)
        self.scene = canvas.plot.scene()
        self.root = canvas.plot.getPlotItem()
        self.plot_item = self.root

    def _build_angle(self) -> None:
        from ..plots.proof_plots import AnglePlot

        self.widget = plot = AnglePlot(self.source)
        if not plot.has_theta_star():
            text = plot.message.text().split("\n")[0].rstrip(".")
            raise ExportError(_("The angle plot needs θ*, and this run has none ({reason}); export the canvas "
                                "or the per-epoch plot instead.").format(reason=text))
        self._legend = style_angle_plot(plot, self.style, self.device_scale, self.transparent)
        plot.angle_curve.setSymbolSize(8)
        self.source.playhead_changed.connect(self._refresh_angle_legend)
        self._refresh_angle_legend()
        self.scene = plot.plot.scene()
        self.root = plot.plot.getPlotItem()
        self.plot_item = self.root

    def _refresh_angle_legend(self) -> None:
        self._legend.set_entries(angle_legend_entries(self.widget))

    def _build_curves(self) -> None:
        """w_k·θ* ('dot'), ‖w_k‖² ('norm') or the losses ('losses') against k."""
        from ..plots.proof_curves import KCurvePlot

        self.widget = plot = KCurvePlot(self.source, self.figure, after_playhead=self.options.after_playhead)
        if not plot.has_curves():
            raise ExportError(_needs_theta_star(self.figure, plot.message.text()))
        self._legend = style_curve_plot(plot, self.style, self.device_scale, self.transparent)
        self.source.playhead_changed.connect(self._refresh_curve_legend)
        self._refresh_curve_legend()
        self.scene = plot.plot.scene()
        self.root = plot.plot.getPlotItem()
        self.plot_item = self.root

    def _refresh_curve_legend(self) -> None:
        self._legend.set_entries(curve_legend_entries(self.widget))

    def _build_epochs(self) -> None:
        from ..plots.epoch_plot import EpochPlot

        self.widget = plot = EpochPlot(self.source)
        self._legend = style_epoch_plot(plot, self.style, self.device_scale, self.transparent)
        restyle_epoch_axis(plot, self.style)
        self._legend.set_entries(epoch_legend_entries(plot))
        self.scene = plot.view.scene()
        self.root = plot.view.ci
        self.plot_item = plot.updates_plot

    # ---- layout ------------------------------------------------------------------------------
    def _settle(self) -> None:
        """Apply pending layout requests now (pyqtgraph resizes axes lazily)."""
        for __ in range(3):
            QtCore.QCoreApplication.sendPostedEvents(None, QtCore.QEvent.Type.LayoutRequest)
            layout = QtWidgets.QGraphicsWidget.layout(self.root)  # PlotItem shadows layout()
            if layout is not None:
                layout.activate()

    def _warm_up(self) -> None:
        """Paint once, small: the axes measure their tick labels while painting and widen
        themselves; the real paint then finds them at their final width (nothing clipped)."""
        w, h = self.size
        img = QtGui.QImage(max(1, w // 4), max(1, h // 4), QtGui.QImage.Format.Format_RGB32)
        p = QtGui.QPainter(img)
        p.scale(0.25, 0.25)
        self.scene.render(p, QtCore.QRectF(0, 0, w, h), self.root.sceneBoundingRect())
        p.end()
        self._settle()

    def _update_header(self) -> None:
        note = self.widget.title_note() if hasattr(self.widget, "title_note") else ""
        set_header(self.plot_item, header_text(self.source) + (f" · {note}" if note else ""), self.style)

    # ---- driving -------------------------------------------------------------------------------
    def set_t(self, t: int) -> None:
        """Show the run after visit ``t`` (the next render draws it)."""
        self.source.set_t(t)
        self._update_header()
        self._settle()  # the legend may have gained or lost entries

    def fix_layout(self, ts: Any) -> None:
        """Keep the plot the same size over the frames ``ts`` of an animation: the canvas's
        legend gains entries as the run goes on (the hyperplane, the visit rings), and a
        legend that widens would shrink the plot between frames."""
        if self.figure != "canvas":
            return
        legend = self.widget.overlay.legend
        widest = 0.0
        for t in ts:
            self.set_t(int(t))
            widest = max(widest, legend.effectiveSizeHint(QtCore.Qt.SizeHint.PreferredSize).width())
        legend.setMinimumWidth(widest)
        self._settle()

    @property
    def pixel_size(self) -> tuple[int, int]:
        """The PNG size in device pixels at this figure's ``device_scale``."""
        return device_pixels(self.size, self.device_scale)

    def data_to_figure(self, x: float, y: float) -> tuple[float, float]:
        """Where the data point (x, y) lands in the figure, in logical pixels from its top left
        (the canvas; for tests and for annotating a figure)."""
        vb = self.widget.view_box if self.figure == "canvas" else self.plot_item.getViewBox()
        p = vb.mapViewToScene(QtCore.QPointF(x, y)) - self.root.sceneBoundingRect().topLeft()
        return p.x(), p.y()

    # ---- painting ----------------------------------------------------------------------------
    def paint(self, painter: QtGui.QPainter, vector: bool = False) -> None:
        """Paint the figure into the logical rectangle (0, 0, width, height) of ``painter``.

        ``vector`` (SVG, PDF): with more than :data:`RASTER_POINTS_ABOVE` points on the canvas
        the points, their rings and the arrow over them go in as one image (see
        :mod:`.point_layer`); everything else stays vectors."""
        w, h = self.size
        target = QtCore.QRectF(0, 0, w, h)
        if not self.transparent:
            painter.fillRect(target, QtGui.QColor(self.style.background))
        layer = self.point_layer_items() if vector else []
        for it in layer:
            it.setVisible(False)
        try:
            self._render(painter, target)
        finally:
            for it in layer:
                it.setVisible(True)
        if layer:
            painter.drawImage(target, point_layer.image(self))

    def point_layer_items(self) -> list[Any]:
        """What a vector export of this figure draws as one image (see :mod:`.point_layer`)."""
        return point_layer.items(self)

    def _render(self, painter: QtGui.QPainter, target: QtCore.QRectF) -> None:
        painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QtGui.QPainter.RenderHint.TextAntialiasing, True)
        # Items that draw text with the painter's own font (the normal vector's "w") get this.
        painter.setFont(pixel_font(self.style.legend_font_px, bold=True))
        opts = {"antialias": True, "background": QtGui.QColor(0, 0, 0, 0) if self.transparent
                else QtGui.QColor(self.style.background), "painter": painter, "resolutionScale": 1.0}
        items = [it for it in self.scene.items() if hasattr(it, "setExportMode")]
        for it in items:
            it.setExportMode(True, opts)
        try:
            self.scene.render(painter, target, self.root.sceneBoundingRect())
        finally:
            for it in items:
                it.setExportMode(False)

    def render_image(self) -> QtGui.QImage:
        """The figure as an ARGB32 image of :attr:`pixel_size`."""
        return figure_files.render_image(self)

    # The files: painted into memory, written by the one atomic writer (see figure_files.py).
    def write_png(self, path: str | os.PathLike[str]) -> Path:
        return figure_files.write_png(self, path)

    def write_svg(self, path: str | os.PathLike[str]) -> Path:
        return figure_files.write_svg(self, path)

    def write_pdf(self, path: str | os.PathLike[str]) -> Path:
        """One page the size of the figure, in points (1 logical pixel = 1 pt)."""
        return figure_files.write_pdf(self, path)

    # ---- disposal ------------------------------------------------------------------------------
    def close(self) -> None:
        """Delete the offscreen widget (it listens only to this figure's ExportSession)."""
        if self._legend is not None and self.figure == "angle":
            self.source.playhead_changed.disconnect(self._refresh_angle_legend)
        elif self._legend is not None and self.figure not in ("canvas", "epochs"):
            self.source.playhead_changed.disconnect(self._refresh_curve_legend)
        w, self.widget = self.widget, None
        if w is not None:
            # Now, not at the next event loop turn: a command-line export has no loop, and an
            # offscreen widget left for Python's garbage collector to find may be freed while Qt
            # walks its list of top-level widgets (seen as a rare crash in the test suite).
            w.deleteLater()
            QtCore.QCoreApplication.sendPostedEvents(w, QtCore.QEvent.Type.DeferredDelete)

    def __enter__(self) -> SlideFigure:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


# ---- one call ------------------------------------------------------------------------------------
def _write_curves_tikz(source: ExportSession, path: str | os.PathLike[str], figure: str,
                       options: ViewOptions) -> Path:
    from ...export.tikz_curves import write_curves_tikz

    try:
        write_curves_tikz(path, source.result, source.playhead.t, figure, after_playhead=options.after_playhead,
                          size=options.tikz_size)
    except ValueError as exc:  # no θ*: the sentence of render.k_curves
        raise ExportError(_needs_theta_star(figure, str(exc))) from None
    return Path(path)


def _write_weight_space_tikz(source: ExportSession, path: str | os.PathLike[str]) -> Path:
    from ...export.tikz_weight_space import write_weight_space_tikz

    try:
        write_weight_space_tikz(path, source.result, source.playhead.t)
    except ValueError as exc:  # not 2-D, or a curved kernel: render/weight_space.py's sentence
        d = source.result.record.d if source.result is not None else 0
        if d != 2:
            raise ExportError(_("The weight space is drawn for data with 2 features, where w is a point of a plane; "
                                "this data set has {d}, so export the canvas or another data set.").format(d=d)) from None
        raise ExportError(str(exc)) from None
    return Path(path)


def _needs_theta_star(figure: str, reason: str) -> str:
    """The one sentence of a proof curve's export without θ* (``reason`` from render.k_curves)."""
    why = reason.split("\n")[0].rstrip(".")
    return _("{figure} needs θ*, and this run has none ({reason}); "
             "export the losses, the canvas or the per-epoch plot instead.").format(
                 figure=_capitalized(FIGURES[figure]), reason=why)


def _capitalized(text: str) -> str:
    """``text`` with its first letter upper case (str.capitalize would lower the rest: θ*, w_k)."""
    return text[:1].upper() + text[1:]


def _device_scale(options: ViewOptions, width_px: int) -> float:
    if not (MIN_WIDTH_PX <= int(width_px) <= MAX_WIDTH_PX):
        raise ExportError(_("The width must be between {min} and {max} pixels, not {width}.").format(
            min=MIN_WIDTH_PX, max=MAX_WIDTH_PX, width=width_px))
    return int(width_px) / logical_size(options.aspect)[0]


def render_figure(source: ExportSession, figure: str = "canvas", *, width: int = 1920,
                  options: ViewOptions | None = None, transparent: bool = False,
                  style: SlideStyle = SLIDE) -> QtGui.QImage:
    """The figure as an image ``width`` pixels wide (height from ``options.aspect``)."""
    options = options or ViewOptions()
    with SlideFigure(source, figure, options=options, device_scale=_device_scale(options, width),
                     transparent=transparent, style=style) as fig:
        return fig.render_image()


def export_figure(source: ExportSession, path: str | os.PathLike[str], fmt: str | None = None, *,
                  figure: str = "canvas", width: int = 1920, options: ViewOptions | None = None,
                  transparent: bool = False, style: SlideStyle = SLIDE) -> Path:
    """Write one figure to ``path`` as PNG (``width`` pixels wide), SVG, PDF or TikZ.

    ``fmt`` defaults to the file's ending. TikZ exists for the canvas (written by
    :func:`perceptron_gui.export.tikz.write_tikz` with the same view range and θ* switch), the
    curves against k and the weight space (:mod:`perceptron_gui.export.tikz_weight_space`).
    Raises :class:`ExportError` (or DatasetError) with one sentence.
    """
    fmt = fmt or format_of(path)
    options = options or ViewOptions()
    check_writable(path)
    if fmt == "tikz":
        problem = tikz_problem(figure)
        if problem is not None:
            raise ExportError(problem)
        if source.result is None:
            raise ExportError(_("There is no run yet to draw as TikZ; add points of both classes first."))
        if figure == "weight-space":
            return _write_weight_space_tikz(source, path)
        if figure != "canvas":
            return _write_curves_tikz(source, path, figure, options)
        from ...export.tikz import write_tikz

        write_tikz(path, source.result, source.playhead.t, view=options.view_range,
                   show_theta_star=options.show_theta_star, show_margins=options.show_margins,
                   show_regions=options.show_regions, lifted=options.lifted, show_previous=options.show_previous,
                   show_update=options.show_update, show_point_margins=options.show_point_margins,
                   compact_legend=options.compact_legend, size=options.tikz_size)
        return Path(path)
    if fmt not in ("png", "svg", "pdf"):
        raise ExportError(_("There is no format '{format}'; choose png, svg, pdf or tikz.").format(format=fmt))
    if figure == "proof":  # three plots in one figure: gui/figures/proof_figure.py
        from .proof_figure import write_proof_figure

        return write_proof_figure(source, path, fmt, SlideFigure, width=width, options=options,
                                  transparent=transparent, style=style)
    scale = _device_scale(options, width) if fmt == "png" else 1.0
    with SlideFigure(source, figure, options=options, device_scale=scale, transparent=transparent,
                     style=style) as fig:
        return {"png": fig.write_png, "svg": fig.write_svg, "pdf": fig.write_pdf}[fmt](path)

