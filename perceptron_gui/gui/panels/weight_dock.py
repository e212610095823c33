"""The weights as an image, beside the canvas, when d is a square (64 = 8×8, 784 = 28×28).

Left: w at the playhead (blue negative, white 0, red positive, on a scale symmetric about 0,
with its colour bar); right: the example visited at that step, in greys, with its label. Both
follow the playhead like the canvas. The colours are :mod:`perceptron_gui.render.weight_image`'s,
so the dock and its PNG show the same numbers. For other d the dock is hidden.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtWidgets

from ...i18n import N_, _
from ...render.weight_image import as_grid, bipolar_rgb, grey_rgb, square_side, symmetric_limit
from ...session.session import Session
from ..kit.view_wiring import DragThrottle, connect_events
from ..kit.widget_png import save_widget_png

__all__ = ["WeightImage", "install_weight_dock", "DOCK_TITLE"]

DOCK_TITLE = N_("Weights as an image")  # the dock's object name and key; shown translated
BAR_STEPS = 101  # shades in the colour bar
_TIP_W = N_("The weight of each pixel at the step shown: blue pulls towards −1, red towards +1, white does "
            "not matter. The scale is symmetric, −max|w| … +max|w|, so equal shades pull equally.")
_TIP_X = N_("The example visited at the step shown, as an image (white 0, black its largest pixel), with its label y.")


def _image_plot(layout: pg.GraphicsLayout, row: int, col: int) -> tuple[pg.PlotItem, pg.ImageItem]:
    plot = layout.addPlot(row=row, col=col)
    plot.hideAxis("left")
    plot.hideAxis("bottom")
    plot.setMenuEnabled(False)
    plot.setMouseEnabled(x=False, y=False)
    plot.hideButtons()
    plot.getViewBox().setAspectLocked(True)
    plot.getViewBox().invertY(True)  # row 0 of the image at the top, as it was written
    img = pg.ImageItem()
    plot.addItem(img)
    return plot, img


class WeightImage(QtWidgets.QWidget):
    """w and the visited example as images; ``side`` is None (nothing drawn) for non-square d."""

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.side: int | None = None
        self.limit = 1.0  # the colour scale's end: max |w| at the step shown
        col = QtWidgets.QVBoxLayout(self)
        col.setContentsMargins(0, 0, 0, 0)
        self.view = pg.GraphicsLayoutWidget()
        self.view.setBackground("w")
        self.view.setMinimumSize(300, 170)
        col.addWidget(self.view, 1)
        lay = self.view.ci
        self.w_plot, self.w_img = _image_plot(lay, 0, 0)
        self.bar_plot = lay.addPlot(row=0, col=1)
        self.bar_plot.hideAxis("bottom")
        self.bar_plot.hideAxis("left")
        self.bar_plot.showAxis("right")
        self.bar_plot.setMouseEnabled(x=False, y=False)
        self.bar_plot.setMenuEnabled(False)
        self.bar_plot.hideButtons()
        self.bar_plot.setMaximumWidth(62)
        self.bar_img = pg.ImageItem()
        self.bar_plot.addItem(self.bar_img)
        self.x_plot, self.x_img = _image_plot(lay, 0, 2)
        self.w_plot.setToolTip(_(_TIP_W))
        self.bar_plot.setToolTip(_(_TIP_W))
        self.x_plot.setToolTip(_(_TIP_X))
        row = QtWidgets.QHBoxLayout()
        row.addStretch(1)
        self.export_button = QtWidgets.QPushButton(_("Export PNG…"))
        self.export_button.setToolTip(_("Save the two images and the colour bar as a PNG, as they look here"))
        self.export_button.clicked.connect(lambda *_args: self.export_png())
        row.addWidget(self.export_button)
        col.addLayout(row)
        self._cleared = False
        self._shown: tuple[object, ...] | None = None  # the frame, side, X and y last drawn
        connect_events(self, [(session.run_changed, DragThrottle(self, session, lambda *_args: self.refresh())),
                              (session.playhead_changed, DragThrottle(self, session, self.refresh)),
                              (session.frame_changed, DragThrottle(self, session, self.refresh))])
        self.refresh()

    # ---- drawing ------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw from the session's frame at the playhead."""
        self.side = square_side(self.session.points.d)
        frame = self.session.frame()
        if self.side is None or frame is None or np.asarray(frame.w).size != self.side ** 2:
            self._clear()
            return
        pts = self.session.points
        shown = (frame, self.side, pts.X, pts.y)
        last = self._shown
        if (not self._cleared and last is not None and last[0] is frame and last[1] == self.side
                and last[2] is pts.X and last[3] is pts.y):
            return  # the frame drawn already (a step's playhead_changed before its frame_changed)
        self._shown = shown
        self._cleared = False
        grid = as_grid(frame.w, self.side)
        self.limit = symmetric_limit(grid)
        # ImageItem reads its array as [x, y]: the transpose shows row r of the grid at height r.
        self.w_img.setImage(bipolar_rgb(grid, self.limit).transpose(1, 0, 2), levels=(0, 255))
        self.w_plot.setTitle(_("w at k = {k}").format(k=frame.k), size="10pt")
        for plot in (self.w_plot, self.x_plot):  # the whole image, whatever the view did before
            plot.setRange(xRange=(0, self.side), yRange=(0, self.side), padding=0.02)
        self._draw_bar()
        self._draw_example(frame.visit_index)

    def _draw_bar(self) -> None:
        m = self.limit
        shades = np.linspace(-m, m, BAR_STEPS)[None, :]  # one column, bottom −m to top +m
        self.bar_img.setImage(bipolar_rgb(shades, m).transpose(1, 0, 2), levels=(0, 255))
        self.bar_img.setRect(QtCore.QRectF(0.0, -m, 1.0, 2.0 * m))
        self.bar_plot.setXRange(0, 1, padding=0)
        self.bar_plot.setYRange(-m, m, padding=0)

    def _draw_example(self, index: int | None) -> None:
        pts = self.session.points
        if index is None or not 0 <= index < pts.n or self.side is None:
            self.x_img.clear()
            self.x_plot.setTitle(_("no visit yet"), size="10pt")
            return
        grid = as_grid(pts.X[index], self.side)
        self.x_img.setImage(grey_rgb(grid).transpose(1, 0, 2), levels=(0, 255))
        label = "+1" if pts.y[index] > 0 else "−1"
        # Short: the dock is narrow.
        self.x_plot.setTitle(_("row {row}, y = {label}").format(row=index + 1, label=label), size="10pt")

    def _clear(self) -> None:
        if self._cleared:  # the usual case (data that are no image): pyqtgraph's setTitle redoes
            return         # the plots' layout, 15–30 ms at every run arrival and playback step
        self._cleared = True
        for img in (self.w_img, self.bar_img, self.x_img):
            img.clear()
        self.w_plot.setTitle("")
        self.x_plot.setTitle("")

    # ---- export -------------------------------------------------------------------------
    def export_png(self, path: str | Path | None = None) -> bool:
        """Save the images and the colour bar as shown (a dialog when ``path`` is None)."""
        return save_widget_png(self, self.view, path, _("Export the weight image"), "weights.png")


def install_weight_dock(win: QtWidgets.QMainWindow, session: Session,
                        docks: dict[str, QtWidgets.QDockWidget]) -> WeightImage:
    """Add the dock beside the canvas (right, under the live panel): shown while d is a square."""
    widget = WeightImage(session)
    dock = QtWidgets.QDockWidget(_(DOCK_TITLE), win)
    dock.setObjectName(DOCK_TITLE)
    dock.setWidget(widget)
    win.addDockWidget(QtCore.Qt.DockWidgetArea.RightDockWidgetArea, dock)
    docks[DOCK_TITLE] = dock
    state = {"side": widget.side}

    def follow_data(*_args: object) -> None:
        # Shown when the data becomes image-shaped, hidden when it stops being so; a user who
        # closed it keeps it closed while the data's shape stays.
        side = square_side(session.points.d)
        if side != state["side"]:
            state["side"] = side
            dock.setVisible(side is not None)

    connect_events(dock, [(session.points_changed, follow_data)])
    dock.setVisible(widget.side is not None)
    # Enough for two legible 8×8 images; the live panel above keeps the rest of the column.
    win.resizeDocks([dock], [230], QtCore.Qt.Orientation.Vertical)
    return widget
