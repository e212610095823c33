"""A side dock that gets its width back when the window widens again.

A QMainWindow gives the width a window loses to its central widget and takes it from the docks
only when the canvas is at its minimum; widened again, every extra pixel goes to the canvas. The
live panel, narrowed once to its minimum, stayed there and wrapped its values mid-text for the
rest of the lecture. :class:`DockWidthKeeper` remembers the width the dock had (the one it was
laid out at, or the one its edge was dragged to) and asks for it again when the window grows.
"""
from __future__ import annotations

from typing import cast

from PySide6 import QtCore, QtGui, QtWidgets

__all__ = ["DockWidthKeeper"]

_Resize = QtCore.QEvent.Type.Resize


class DockWidthKeeper(QtCore.QObject):
    """Keeps ``dock`` (a left or right dock of ``win``) at its wanted width when room returns."""

    def __init__(self, win: QtWidgets.QMainWindow, dock: QtWidgets.QDockWidget) -> None:
        super().__init__(dock)
        self.win, self.dock = win, dock
        self.wanted = 0  # known once the window is laid out
        self._win_width = win.width()
        self._restoring = False
        win.installEventFilter(self)
        dock.installEventFilter(self)

    def eventFilter(self, obj: QtCore.QObject, event: QtCore.QEvent) -> bool:  # noqa: N802
        if event.type() == _Resize:
            if obj is self.win:
                # The window's layout has given the docks their sizes before this filter runs.
                size = cast(QtGui.QResizeEvent, event)
                grew = size.size().width() > size.oldSize().width() >= 0
                self._win_width = size.size().width()
                if self.wanted == 0 or grew:
                    QtCore.QTimer.singleShot(0, self, self._widen)
            elif obj is self.dock and self.win.width() == self._win_width and not self._restoring \
                    and not self._presenting():
                self.wanted = self.dock.width()  # the lecturer dragged the dock's edge
        return False

    def _presenting(self) -> bool:
        # Presentation mode sizes the docks for its large text and gives the old sizes back.
        presentation = getattr(self.win, "presentation", None)
        return presentation is not None and presentation.active

    def _widen(self) -> None:
        dock = self.dock
        if not dock.isVisible() or dock.isFloating():
            return
        if self.wanted == 0:  # the first layout: the width the window gave it
            self.wanted = dock.width()
        elif dock.width() < self.wanted:
            self._restoring = True
            self.win.resizeDocks([dock], [self.wanted], QtCore.Qt.Orientation.Horizontal)
            self._restoring = False
