"""The look every plot of the window shares: white, dark axes with plain numbers cached as
pixmaps, and downsampling for long curves."""
from __future__ import annotations

import pyqtgraph as pg
from PySide6 import QtCore, QtWidgets

from ...i18n import display_numbers

__all__ = ["AXIS", "NO_DOWNSAMPLE_MAX", "settle_axes", "white_plot", "set_downsampling", "plot_or_sentence",
           "plain_ticks"]

AXIS = "#333333"
# Up to this many points a curve is drawn point for point; above, pyqtgraph's peak
# downsampling and clip-to-view keep a redraw of 10⁶ updates fast.
NO_DOWNSAMPLE_MAX = 10_000


def settle_axes(plot_item: pg.PlotItem) -> None:
    """Axis settings every plot of the window shares.

    Plain numbers: pyqtgraph would otherwise rescale a zoomed-in axis to "x1 (x0.001)" with
    ticks of −250…250, which a student reads as the coordinates. And a pixmap cache: an axis's
    ticks and labels are costly to paint (about 2 ms each offscreen) and rarely change while
    the data under them does.
    """
    for axis in plot_item.axes.values():
        axis["item"].enableAutoSIPrefix(False)
        axis["item"].setCacheMode(QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache)
        _shown_ticks(axis["item"])


def _shown_ticks(axis: pg.AxisItem) -> None:
    # The window's ticks in the reader's language (0,5 in German); an instance attribute over
    # the class's method, which plain_ticks removes again for a figure written to a file.
    plain = type(axis).tickStrings.__get__(axis)
    axis.tickStrings = lambda values, scale, spacing: [display_numbers(s) for s in plain(values, scale, spacing)]


def plain_ticks(scene: QtWidgets.QGraphicsScene) -> None:
    """Every axis in ``scene`` writes its ticks with a decimal point again (a figure for a file)."""
    for item in scene.items():
        if isinstance(item, pg.AxisItem):
            item.__dict__.pop("tickStrings", None)
            item.picture = None  # drawn again with the class's own tick strings


def white_plot(item: pg.PlotItem) -> None:
    for name in ("left", "bottom", "right"):
        axis = item.getAxis(name)
        axis.setPen(pg.mkPen(AXIS))
        axis.setTextPen(pg.mkPen(AXIS))
    item.showGrid(x=True, y=True, alpha=0.15)


def set_downsampling(curve: pg.PlotDataItem, n: int) -> None:
    big = n > NO_DOWNSAMPLE_MAX
    curve.setDownsampling(ds=1, auto=big, method="peak")
    curve.setClipToView(big)


def plot_or_sentence(owner: QtWidgets.QWidget, plot: QtWidgets.QWidget) -> tuple[QtWidgets.QLabel, QtWidgets.QStackedLayout]:
    """Lay ``owner`` out as ``plot`` or, in its place, a selectable sentence saying why there is
    nothing to plot (no θ*, no run). Returns (the sentence's label, the stack that switches)."""
    message = QtWidgets.QLabel()
    message.setObjectName("plot_sentence")  # gui/app/themes.py recolours it with the theme
    message.setAlignment(QtCore.Qt.AlignmentFlag.AlignCenter)
    message.setWordWrap(True)
    message.setTextInteractionFlags(QtCore.Qt.TextInteractionFlag.TextSelectableByMouse)
    message.setStyleSheet("background: white; color: #333333; padding: 12px;")
    stack = QtWidgets.QStackedLayout(owner)
    stack.addWidget(plot)
    stack.addWidget(message)
    return message, stack
