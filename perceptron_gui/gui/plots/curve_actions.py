"""View → Curves after the playhead: faint (default) or hidden, for the proof's and the losses'
curves (:mod:`.proof_curves`). The choice is kept on the window's
:class:`~.proof_curves.ProofCurves`, and the exports read it from there, as they read the
canvas's View-menu switches."""
from __future__ import annotations

from PySide6 import QtGui, QtWidgets

from ...i18n import _
from .proof_curves import AFTER_PLAYHEAD, ProofCurves

__all__ = ["install_curve_actions"]


def install_curve_actions(win: QtWidgets.QMainWindow, curves: ProofCurves,
                          actions: dict[str, QtGui.QAction]) -> QtWidgets.QMenu | None:
    """Put the submenu in the View menu, before its list of docks; its actions go into
    ``actions`` as ``after_playhead_faint`` / ``after_playhead_hidden`` (tests trigger them)."""
    # Found by its object name: the menu's title is translated.
    view = win.findChild(QtWidgets.QMenu, "view_menu")
    if view is None:
        return None
    sub = QtWidgets.QMenu(_("Curves after the &playhead"), view)
    sub.setToolTipsVisible(True)
    group = QtGui.QActionGroup(sub)
    for mode, text in AFTER_PLAYHEAD.items():
        a = QtGui.QAction(_(text), sub)
        a.setCheckable(True)
        a.setChecked(mode == curves.after_playhead)
        a.setToolTip(_("The proof's and the losses' curves after the playhead's k: drawn faint") if mode == "faint"
                     else _("The proof's and the losses' curves after the playhead's k: not drawn, "
                            "as if the run stopped there"))
        a.toggled.connect(lambda on, m=mode: curves.set_after_playhead(m) if on else None)
        group.addAction(a)
        sub.addAction(a)
        actions[f"after_playhead_{mode}"] = a
    dock = curves.parentWidget()
    if isinstance(dock, QtWidgets.QDockWidget):  # opened from the View menu: in front of its tab group
        dock.toggleViewAction().triggered.connect(lambda on: dock.raise_() if on else None)
        actions["proof_curves_dock"] = dock.toggleViewAction()
    before = next((a for a in view.actions() if a.isSeparator()), None)
    if before is None:
        view.addMenu(sub)
    else:
        view.insertMenu(before, sub)
    return sub
