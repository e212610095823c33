"""Which panels presentation mode (F5) keeps beside the canvas: View → Presentation panels.

The lecturer ticks the panels (the live panel, the angle plot, the per-epoch table, the proof's
curves, the weights' image, the weight space); the choice is kept in the state folder
(:mod:`perceptron_gui.session.ui_settings`). A lesson that names its own panels
(:attr:`~perceptron_gui.session.lessons.Lesson.presenting`) shows those while it is open,
without changing the saved choice: a lesson that names none, and the next start, show the
lecturer's again.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6 import QtCore, QtGui

from ...i18n import _
from ...session.lessons import PRESENTATION_PANELS, PRESENTED_BY_DEFAULT
from ...session.ui_settings import load_names, save_setting

__all__ = ["PresentationPanels", "install_panels_menu", "SETTING"]

SETTING = "presentation_panels"


class PresentationPanels(QtCore.QObject):
    """The panels presentation mode shows, by their docks' titles; ``changed`` after each choice."""

    changed = QtCore.Signal()

    def __init__(self, state_dir: Path, parent: QtCore.QObject | None = None) -> None:
        super().__init__(parent)
        self.state_dir = state_dir
        self.names: tuple[str, ...] = load_names(state_dir, SETTING, PRESENTATION_PANELS) or PRESENTED_BY_DEFAULT
        self.chosen = self.names  # the lecturer's own choice (a lesson's panels are not)

    def choose(self, names: tuple[str, ...] | list[str], save: bool = True) -> None:
        """Show ``names`` from now on (those known, in the menu's order); ``save``: remember them."""
        self.names = tuple(name for name in PRESENTATION_PANELS if name in names)
        if save:
            self.chosen = self.names
            save_setting(self.state_dir, SETTING, list(self.names))
        self.changed.emit()

    def use_chosen(self) -> None:
        """The lecturer's own choice again (a lesson that names no panels)."""
        if self.names != self.chosen:
            self.choose(self.chosen, save=False)

    def set_shown(self, name: str, on: bool) -> None:
        """The lecturer ticked or unticked ``name`` in the menu: remembered."""
        if (name in self.names) != on:
            self.choose([*self.names, name] if on else [n for n in self.names if n != name])


def install_panels_menu(win: Any, view_menu: Any, panels: PresentationPanels) -> dict[str, QtGui.QAction]:
    """View → Presentation panels, one checkable entry per panel; returns them by name
    (``present_<dock title>``), kept ticked as the choice changes (a lesson's included)."""
    menu = view_menu.addMenu(_("Presentation pa&nels"))
    menu.setToolTipsVisible(True)
    actions: dict[str, QtGui.QAction] = {}
    for name in PRESENTATION_PANELS:
        action = QtGui.QAction(_(name), win)  # the dock's title, as the dock shows it
        action.setCheckable(True)
        action.setChecked(name in panels.names)
        tip = _("Keep “{panel}” beside the canvas in presentation mode (F5)").format(panel=_(name))
        action.setToolTip(tip)
        action.setStatusTip(tip)
        action.toggled.connect(lambda on, n=name: panels.set_shown(n, on))
        menu.addAction(action)
        actions[f"present_{name}"] = action

    def tick() -> None:
        for name, action in zip(PRESENTATION_PANELS, actions.values()):
            action.blockSignals(True)  # a tick that follows the choice, not a new choice
            action.setChecked(name in panels.names)
            action.blockSignals(False)

    panels.changed.connect(tick)
    return actions
