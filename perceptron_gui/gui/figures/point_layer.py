"""The point layer of a vector figure with many points: drawn as one image (see
:data:`~perceptron_gui.export.source.RASTER_POINTS_ABOVE`). 10⁶ points as vector symbols made a
581 MB SVG; as an image inside the SVG or PDF, 0.27 MB, while lines, text and axes stay vectors."""
from __future__ import annotations

from typing import Any

from PySide6 import QtGui

from ...export.source import RASTER_POINTS_ABOVE, RASTER_SCALE

__all__ = ["items", "image"]


def items(fig: Any) -> list[Any]:
    """The items of ``fig`` (a SlideFigure) that a vector export draws as one image: the points,
    their rings and the normal arrow over them; none below RASTER_POINTS_ABOVE points."""
    if fig.figure != "canvas" or fig.source.points.n <= RASTER_POINTS_ABOVE or fig.widget is None:
        return []
    ov = fig.widget.overlay
    return [fig.widget.points_item, ov.slack, ov.misclassified, ov.visit, ov.arrow]


def image(fig: Any) -> QtGui.QImage:
    """The point layer of ``fig`` as a transparent image of the figure's size: a second figure
    of the same view at RASTER_SCALE device pixels per figure pixel (so marks and pens keep their
    slide sizes, as in a PNG of that width), in which everything but the layer's items and their
    ancestors is hidden."""
    with type(fig)(fig.source, "canvas", options=fig.options, device_scale=fig.device_scale * RASTER_SCALE,
                   transparent=True, style=fig.style) as hi:
        layer = items(hi)
        keep: set[Any] = set()
        for it in layer:
            while it is not None:
                keep.add(it)
                it = it.parentItem()
        for it in hi.scene.items():
            if it not in keep and not any(a in layer for a in _ancestors(it)):
                it.setVisible(False)
        return hi.render_image()


def _ancestors(item: Any) -> list[Any]:
    out = []
    p = item.parentItem()
    while p is not None:
        out.append(p)
        p = p.parentItem()
    return out
