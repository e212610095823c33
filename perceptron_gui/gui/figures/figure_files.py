"""The figure's files: PNG, SVG and PDF painted into memory, then written by the one atomic
writer (:mod:`perceptron_gui.core.atomic`). So every byte's write is checked (a full disk is an
error, not a short file), the painter's ``end()`` is checked, and the previous file stays whole
until the new one is complete."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Protocol

from PySide6 import QtCore, QtGui, QtSvg

from ...core.atomic import atomic_write_bytes, write_error
from ...export.source import FIGURES, check_writable
from ...i18n import _
from .slide_style import header_text


class SlideFigure(Protocol):
    """What these writers use of :class:`perceptron_gui.gui.figures.plots.SlideFigure` (a Protocol,
    so this module does not import the one that imports it)."""

    source: Any
    figure: str
    size: tuple[int, int]

    @property
    def pixel_size(self) -> tuple[int, int]: ...

    def paint(self, painter: QtGui.QPainter, vector: bool = False) -> None: ...

    def render_image(self) -> QtGui.QImage: ...

__all__ = ["render_image", "write_png", "write_svg", "write_pdf"]


def render_image(fig: SlideFigure) -> QtGui.QImage:
    """The figure painted into an ARGB32 image of its pixel size (every figure's PNG and raster)."""
    W, H = fig.pixel_size
    img = QtGui.QImage(W, H, QtGui.QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(QtGui.QColor(0, 0, 0, 0))
    img.setDevicePixelRatio(W / fig.size[0])
    p = QtGui.QPainter(img)
    try:
        fig.paint(p)
    finally:
        p.end()
    img.setDevicePixelRatio(1.0)
    return img


def write_png(fig: SlideFigure, path: str | os.PathLike[str]) -> Path:
    """The figure as a PNG of its pixel size."""
    img = fig.render_image()
    buf = _buffer()
    if not img.save(buf, "PNG"):  # type: ignore[call-overload]  # PySide6's stubs lack the QIODevice overload
        raise write_error(path, reason=_("the PNG encoder failed"), advice=_("try a smaller width"))
    return _write_buffer(path, buf)


def write_svg(fig: SlideFigure, path: str | os.PathLike[str]) -> Path:
    """The figure as SVG, through Qt's own generator (pyqtgraph's SVG exporter is broken on Qt ≥ 6.11)."""
    w, h = fig.size
    buf = _buffer()
    gen = QtSvg.QSvgGenerator()
    gen.setOutputDevice(buf)
    gen.setSize(QtCore.QSize(w, h))
    gen.setViewBox(QtCore.QRect(0, 0, w, h))
    gen.setResolution(96)
    gen.setTitle(_title(fig))
    what = FIGURES[fig.figure] if fig.figure in FIGURES else _(fig.figure)  # or the figure's own words
    gen.setDescription(_("{figure}, exported by perceptron-gui").format(figure=what))
    _paint_on(fig, gen, path, "SVG", vector=True)
    return _write_buffer(path, buf)


def write_pdf(fig: SlideFigure, path: str | os.PathLike[str]) -> Path:
    """One page the size of the figure, in points (1 logical pixel = 1 pt)."""
    w, h = fig.size
    buf = _buffer()
    writer = QtGui.QPdfWriter(buf)
    writer.setCreator("perceptron-gui")
    writer.setTitle(_title(fig))
    size = QtGui.QPageSize(QtCore.QSizeF(w, h), QtGui.QPageSize.Unit.Point, "figure",
                           QtGui.QPageSize.SizeMatchPolicy.ExactMatch)
    # Portrait keeps the size as given (Landscape would swap a wide size to tall).
    writer.setPageLayout(QtGui.QPageLayout(size, QtGui.QPageLayout.Orientation.Portrait,
                                           QtCore.QMarginsF(0, 0, 0, 0)))
    writer.setResolution(72)
    # The page is w × h points; map the figure onto it whatever Qt made of the size.
    _paint_on(fig, writer, path, "PDF", scale=(writer.width() / w, writer.height() / h), vector=True)
    del writer  # the PDF is complete in the buffer once its writer is gone
    return _write_buffer(path, buf)


def _title(fig: SlideFigure) -> str:
    """The file's title: the figure's own (a figure of many runs has one) or its run's header."""
    return str(getattr(fig, "title", "") or header_text(fig.source))


def _paint_on(fig: SlideFigure, device: QtGui.QPaintDevice, path: str | os.PathLike[str], what: str,
              scale: tuple[float, float] | None = None, vector: bool = False) -> None:
    p = QtGui.QPainter()
    if not p.begin(device):
        raise write_error(path, reason=_("the {format} painter could not start").format(format=what))
    try:
        if scale is not None:
            p.scale(*scale)
        fig.paint(p, vector=vector)
    finally:
        ended = p.end()
    if not ended:
        raise write_error(path, reason=_("the {format} painter failed").format(format=what))


def _buffer() -> QtCore.QBuffer:
    buf = QtCore.QBuffer()
    buf.open(QtCore.QIODevice.OpenModeFlag.WriteOnly)
    return buf


def _write_buffer(path: str | os.PathLike[str], buf: QtCore.QBuffer) -> Path:
    buf.close()
    data = bytes(buf.data().data())
    if not data:
        raise write_error(path, reason=_("the figure came out empty"))
    return atomic_write_bytes(check_writable(path), data)
