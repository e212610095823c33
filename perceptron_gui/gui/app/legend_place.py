"""View → Legend: where the canvas's legend goes, or hidden (the choice is kept).

By default the legend stands beside the plot, where it hides no point; on a 1024-px projector
that column takes half the canvas. In a corner it lies over the plot (the lecturer picks the
corner the points leave free); hidden, it leaves the scene, so the canvas takes the width.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6 import QtCore, QtGui, QtWidgets

from ...i18n import N_, _
from ...session.ui_settings import load_setting, save_setting

__all__ = ["LEGEND_PLACES", "LegendPlace", "install_legend_menu"]

Qt = QtCore.Qt
SETTING = "canvas_legend"
# name → (menu text, the corner of the legend and of the view that meet; None: not in a corner)
LEGEND_PLACES: dict[str, tuple[str, tuple[float, float] | None]] = {
    "beside": (N_("&Beside the plot"), None),
    "top_left": (N_("&Top left"), (0.0, 0.0)),
    "top_right": (N_("Top &right"), (1.0, 0.0)),
    "bottom_left": (N_("Bottom &left"), (0.0, 1.0)),
    "bottom_right": (N_("Bottom ri&ght"), (1.0, 1.0)),
    "hidden": (N_("&Hidden"), None),
}
_MARGIN = 8  # px between the legend and the view's edge


class LegendPlace(QtCore.QObject):
    """The canvas legend's place; :meth:`apply` puts the canvas's present legend there."""

    def __init__(self, win: Any, state_dir: Path) -> None:
        super().__init__(win)
        self.win = win
        self.state_dir = state_dir
        saved = load_setting(state_dir, SETTING)
        self.place = saved if isinstance(saved, str) and saved in LEGEND_PLACES else "beside"

    def choose(self, place: str) -> None:
        self.place = place
        save_setting(self.state_dir, SETTING, place)
        self.apply()

    def apply(self) -> None:
        canvas = self.win.canvas
        legend = canvas.overlay.legend
        item = canvas.plot.getPlotItem()
        layout = item.layout
        in_layout = any(layout.itemAt(i) is legend for i in range(layout.count()))
        if in_layout and self.place != "beside":
            layout.removeItem(legend)
        scene = canvas.plot.scene()
        if self.place == "hidden":
            # Out of the scene: the overlay's own show/hide of an empty legend cannot bring it back.
            legend.setParentItem(None)
            if legend.scene() is not None:
                legend.scene().removeItem(legend)
            return
        if legend.scene() is None:
            scene.addItem(legend)
        corner = LEGEND_PLACES[self.place][1]
        if corner is None:
            if not in_layout:
                legend.setParentItem(None)
                layout.addItem(legend, 2, 3, alignment=Qt.AlignmentFlag.AlignTop)
            return
        legend.setParentItem(canvas.view_box)
        sx, sy = 1 - 2 * corner[0], 1 - 2 * corner[1]  # inwards from that corner
        legend.anchor(itemPos=corner, parentPos=corner, offset=(_MARGIN * sx, _MARGIN * sy))
        legend.setZValue(40)  # over the points and lines it explains


def install_legend_menu(win: Any, view_menu: QtWidgets.QMenu, state_dir: Path) -> dict[str, QtGui.QAction]:
    """View → Legend → Beside the plot / Top left / … / Hidden; the window gets ``legend_place``
    and the saved place now. Returns the actions by name (``legend_<place>``)."""
    win.legend_place = place = LegendPlace(win, state_dir)
    menu = view_menu.addMenu(_("Le&gend"))
    group = QtGui.QActionGroup(win)
    actions: dict[str, QtGui.QAction] = {}
    for name, (text, _corner) in LEGEND_PLACES.items():
        action = QtGui.QAction(_(text), win)
        action.setCheckable(True)
        action.setChecked(name == place.place)
        action.toggled.connect(lambda on, n=name: place.choose(n) if on else None)
        group.addAction(action)
        menu.addAction(action)
        actions[f"legend_{name}"] = action
    # A new look (theme, presentation mode) makes the canvas's legend anew, beside the plot.
    for name in ("theme_light", "theme_dark"):
        if name in win.actions_by_name:
            win.actions_by_name[name].toggled.connect(lambda on: place.apply() if on else None)
    place.apply()
    return actions
