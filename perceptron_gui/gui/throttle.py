"""Redraw helpers for views that are not the focus of an interaction."""
from __future__ import annotations

from typing import Any, Callable

import pyqtgraph as pg
from PySide6 import QtCore, QtWidgets

from ..session.session import Session


class DragThrottle(QtCore.QObject):
    """Calls ``fn`` at once, except while the session is in a drag: then the latest call is
    kept and made at most every ``interval_ms``, so the canvas under the mouse gets the
    frame time and the plots beside it still catch up within a tenth of a second."""

    def __init__(self, owner: QtCore.QObject, session: Session, fn: Callable[..., Any],
                 interval_ms: int = 100) -> None:
        super().__init__(owner)
        self.session = session
        self.fn = fn
        self._args: tuple[Any, ...] | None = None
        self._timer = QtCore.QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self._fire)

    def __call__(self, *args: Any) -> None:
        if not getattr(self.session, "dragging", False):
            self._timer.stop()
            self._args = None
            self.fn(*args)
            return
        self._args = args
        if not self._timer.isActive():
            self._timer.start()

    def _fire(self) -> None:
        if self._args is not None:
            args, self._args = self._args, None
            self.fn(*args)


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
