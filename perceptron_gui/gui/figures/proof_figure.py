"""The proof's three plots as one slide figure: w_k·θ* ≥ kγ, ‖w_k‖² ≤ kR² and cos∠(w_k, θ*) ≥ √k·γ/R
side by side (render/k_curves.PROOF_KINDS), as the TikZ export's ``--figure proof`` has them.

Each panel is an ordinary :class:`~.plots.SlideFigure` of its curve over the same frozen
session (plots.py hands its class in, so this module does not import the one that imports it),
painted into its third of the page: there is no second painter. The files are written
by :mod:`.figure_files` (PNG, SVG, PDF), as every figure's are.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6 import QtCore, QtGui

from ...export.source import MIN_ASPECT, ExportError, ExportSession, ViewOptions, logical_size
from ...i18n import _
from ...render.k_curves import PROOF_KINDS
from . import figure_files
from .slide_style import SLIDE, SlideStyle, device_pixels, header_text

__all__ = ["ProofFigure", "write_proof_figure"]


class ProofFigure:
    """An offscreen figure of the proof's plots in one row, the whole of shape ``options.aspect``."""

    figure = "proof"

    def __init__(self, source: ExportSession, panel: Callable[..., Any], *, options: ViewOptions | None = None,
                 device_scale: float = 1.0, transparent: bool = False, style: SlideStyle = SLIDE) -> None:
        base = options or ViewOptions()
        n = len(PROOF_KINDS)
        panel_aspect = max(base.aspect / n, MIN_ASPECT)  # a panel narrower than 1:2 leaves no room for its text
        self.options = ViewOptions(**{**base.__dict__, "aspect": panel_aspect})
        self.panel_size = logical_size(panel_aspect)
        self.size = (self.panel_size[0] * n, self.panel_size[1])
        self.device_scale = float(device_scale)
        self.transparent = transparent
        self.style = style
        self.source = source
        self.title = _("The convergence proof · {header}").format(header=header_text(source))
        self.panels: list[Any] = []
        try:
            for kind in PROOF_KINDS:
                self.panels.append(panel(source, kind, options=self.options, device_scale=self.device_scale,
                                         transparent=transparent, style=style))
        except BaseException:
            self.close()
            raise

    @property
    def pixel_size(self) -> tuple[int, int]:
        return device_pixels(self.size, self.device_scale)

    def paint(self, painter: QtGui.QPainter, vector: bool = False) -> None:
        """Each panel into its third of the page."""
        w, h = self.size
        if not self.transparent:
            painter.fillRect(QtCore.QRectF(0, 0, w, h), QtGui.QColor(self.style.background))
        for i, fig in enumerate(self.panels):
            painter.save()
            painter.translate(i * self.panel_size[0], 0)
            fig.paint(painter, vector=vector)
            painter.restore()

    def render_image(self) -> QtGui.QImage:
        return figure_files.render_image(self)

    def close(self) -> None:
        for p in self.panels:
            p.close()
        self.panels = []


def write_proof_figure(source: ExportSession, path: str | os.PathLike[str], fmt: str, panel: Callable[..., Any], *,
                       width: int, options: ViewOptions | None = None, transparent: bool = False,
                       style: SlideStyle = SLIDE) -> Path:
    """Write the proof's plots as PNG (``width`` pixels wide), SVG or PDF (Qt must be started);
    ``panel(source, kind, **options)`` makes one plot's figure (plots.SlideFigure)."""
    if fmt not in ("png", "svg", "pdf"):
        raise ExportError(_("The proof's plots are drawn as PNG, SVG, PDF or TikZ, not {format}.").format(format=fmt))
    options = options or ViewOptions()
    n = len(PROOF_KINDS)
    scale = width / (logical_size(max(options.aspect / n, MIN_ASPECT))[0] * n) if fmt == "png" else 1.0
    fig = ProofFigure(source, panel, options=options, device_scale=scale, transparent=transparent, style=style)
    try:
        return {"png": figure_files.write_png, "svg": figure_files.write_svg,
                "pdf": figure_files.write_pdf}[fmt](fig, path)
    finally:
        fig.close()
