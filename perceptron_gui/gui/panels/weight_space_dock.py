"""The "Weight space" dock: the plane of (w₁, w₂) beside the canvas, following
the playhead; hidden until View → Weight space opens it.

Hovering a constraint line rings its point on the canvas, and hovering a point on the canvas
makes its line bold: :class:`HoverLink` is the one place that knows the hovered point and
draws it in both views. It is a view-only highlight, not the session's selection: a hover must
not change what Delete removes or what the table selects.
"""
from __future__ import annotations

from pathlib import Path

import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from ...i18n import N_, _
from ...render import theme as style
from ...session.session import Session
from ..canvas.canvas import Canvas
from ..kit.view_wiring import DragThrottle, connect_events
from ..kit.widget_png import save_widget_png
from .weight_space_view import HOVER_PX, WeightSpaceView

__all__ = ["WeightSpacePanel", "HoverLink", "install_weight_space_dock", "DOCK_TITLE"]

DOCK_TITLE = N_("Weight space")  # the dock's object name and key; shown translated
WIDE_WINDOW, WIDE_COLUMN = 1400, 420  # from this window width, the right column widens to this


class HoverLink(QtCore.QObject):
    """The hovered training point, shared by the weight-space plot and the canvas."""

    def __init__(self, view: WeightSpaceView, canvas: Canvas) -> None:
        super().__init__(view)
        self.view, self.canvas = view, canvas
        self.index: int | None = None
        self.ring = pg.ScatterPlotItem(size=22, symbol="o", pen=pg.mkPen(style.HYPERPLANE, width=2.5),
                                       brush=pg.mkBrush(None))
        self.ring.setZValue(30)
        canvas.view_box.addItem(self.ring, ignoreBounds=True)
        view.hovered.connect(self.set_index)
        canvas.plot.scene().sigMouseMoved.connect(self._on_canvas_mouse)

    def set_index(self, index: int | None) -> None:
        """Hover point ``index`` (a global row; None: nothing) in both views."""
        self.index = index
        P = self.canvas.view_points
        if index is None or not 0 <= index < P.shape[0]:
            self.ring.setData([], [])
        else:
            self.ring.setData([P[index, 0]], [P[index, 1]])
        if self.view.highlighted != index:
            self.view.highlight(index)

    def _on_canvas_mouse(self, pos: object) -> None:
        # Only while the weight space is on screen: a nearest-point search over 10⁶ points at
        # every mouse move is not worth paying for a hidden dock.
        if not self.view.isVisible() or self.view.picture is None:
            return
        vb = self.canvas.view_box
        index = None
        if vb.sceneBoundingRect().contains(pos):
            index = self.canvas.tool.hit(vb.mapSceneToView(pos), radius_px=1.5 * HOVER_PX)
        if index != self.index:
            self.set_index(index)


class WeightSpacePanel(QtWidgets.QWidget):
    """The plot and its "Export PNG…" button, following the session's playhead."""

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        col = QtWidgets.QVBoxLayout(self)
        col.setContentsMargins(0, 0, 0, 0)
        self.view = WeightSpaceView(session)
        col.addWidget(self.view, 1)
        row = QtWidgets.QHBoxLayout()
        row.addStretch(1)
        self.export_button = QtWidgets.QPushButton(_("Export PNG…"))
        self.export_button.setToolTip(_("Save the weight-space plot as a PNG, as it looks here "
                                        "(perceptron-gui export --figure weight-space makes a slide figure)"))
        self.export_button.clicked.connect(lambda *_args: self.export_png())
        row.addWidget(self.export_button)
        col.addLayout(row)
        connect_events(self, [(session.run_changed, DragThrottle(self, session, lambda *_args: self.refresh())),
                              (session.playhead_changed, DragThrottle(self, session, self.refresh))])

    def refresh(self) -> None:
        if self.isVisible():  # a hidden dock draws nothing; showEvent catches up
            self.view.refresh()

    def showEvent(self, ev: QtGui.QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(ev)
        self.view.refresh()

    def export_png(self, path: str | Path | None = None) -> bool:
        """Save the plot as shown (a dialog when ``path`` is None)."""
        return save_widget_png(self, self.view, path, _("Export the weight space"), "weight-space.png")


def install_weight_space_dock(win: QtWidgets.QMainWindow, session: Session, canvas: Canvas,
                              docks: dict[str, QtWidgets.QDockWidget]) -> WeightSpacePanel:
    """Add the dock on the right, hidden: View → Weight space (the docks' toggles) opens it."""
    panel = WeightSpacePanel(session)
    panel.link = HoverLink(panel.view, canvas)  # type: ignore[attr-defined]
    dock = QtWidgets.QDockWidget(_(DOCK_TITLE), win)
    dock.setObjectName(DOCK_TITLE)
    dock.setWidget(panel)
    win.addDockWidget(QtCore.Qt.DockWidgetArea.RightDockWidgetArea, dock)
    docks[DOCK_TITLE] = dock
    dock.hide()

    def on_shown(visible: bool) -> None:
        # Opened under the live panel: as tall as the column is wide, so the square plane is
        # not a strip (the live panel above keeps the rest and scrolls).
        if visible and not dock.isFloating():
            if win.width() >= WIDE_WINDOW:  # room to spare: a wider column, a bigger plane
                win.resizeDocks([dock], [max(dock.width(), WIDE_COLUMN)], QtCore.Qt.Orientation.Horizontal)
            win.resizeDocks([dock], [max(260, dock.width() + 40)], QtCore.Qt.Orientation.Vertical)

    dock.visibilityChanged.connect(on_shown)
    return panel
