"""One text zoom for the whole window: Ctrl+= larger, Ctrl+− smaller, Ctrl+0 back to 100 %.

It scales together what a room reads: the live panel, every plot's tick labels, axis titles and
legend, the canvas's legend and the labels drawn on the canvas (the normal's name, the margins
beside the points), in the window and in presentation mode (whose own sizes it multiplies). The
factor is kept in the state folder (:mod:`perceptron_gui.session.ui_settings`).

Each widget's own font is taken once, before the first zoom, and every zoom is computed from
it, so zooming in and out again gives back exactly the fonts the window started with.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from ...i18n import _
from ...session.ui_settings import load_setting, save_setting
from .themes import SENTENCE, restyle_legend

__all__ = ["TextZoom", "install_text_zoom", "ZOOM_STEPS", "plot_items", "zoomed_widgets"]

Qt = QtCore.Qt
SETTING = "text_zoom"
ZOOM_STEPS = (0.75, 0.85, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0, 2.5)
_CANVAS_LEGEND_PT = 8.0  # the size the canvas's overlay makes its legend at (canvas_overlay)
_TEXT_WIDGETS = (QtWidgets.QLabel, QtWidgets.QLineEdit, QtWidgets.QProgressBar)


def plot_items(win: Any) -> list[pg.PlotItem]:
    """Every plot of the window: the canvas's and those of the docks."""
    items: list[pg.PlotItem] = []
    for view in win.findChildren(pg.GraphicsView):
        if isinstance(view, pg.PlotWidget):
            items.append(view.getPlotItem())
        else:
            items.extend(it for it in getattr(getattr(view, "ci", None), "items", {}) if isinstance(it, pg.PlotItem))
    return items


def zoomed_widgets(win: Any) -> list[QtWidgets.QWidget]:
    """The text widgets whose font the zoom sets: the live panel's and the plots' sentences."""
    sentences = win.findChildren(QtWidgets.QLabel, SENTENCE)  # "No θ*: …" in a plot's place
    return [w for w in [*win.live_panel.findChildren(QtWidgets.QWidget), *sentences] if isinstance(w, _TEXT_WIDGETS)]


def _scaled(font: QtGui.QFont, factor: float) -> QtGui.QFont:
    out = QtGui.QFont(font)
    if font.pixelSize() > 0:
        out.setPixelSize(max(1, round(font.pixelSize() * factor)))
    else:
        out.setPointSizeF(font.pointSizeF() * factor)
    return out


class TextZoom(QtCore.QObject):
    """The window's text zoom; :attr:`factor` is 1.0 at 100 %."""

    changed = QtCore.Signal(float)

    def __init__(self, win: Any, state_dir: Path) -> None:
        super().__init__(win)
        self.win = win
        self.state_dir = state_dir
        saved = load_setting(state_dir, SETTING)
        self.factor = float(saved) if isinstance(saved, (int, float)) and saved in ZOOM_STEPS else 1.0
        self._fonts: dict[QtWidgets.QWidget, tuple[QtGui.QFont, bool]] = {}
        self._axes: dict[Any, tuple[Any, dict]] = {}
        self._legends: dict[Any, str] = {}

    def step(self, steps: int) -> None:
        """``steps`` zoom steps up (positive) or down; 0: back to 100 %."""
        if steps == 0:
            factor = 1.0
        else:
            here = min(range(len(ZOOM_STEPS)), key=lambda i: abs(ZOOM_STEPS[i] - self.factor))
            factor = ZOOM_STEPS[min(max(here + steps, 0), len(ZOOM_STEPS) - 1)]
        if factor != self.factor:
            self.factor = factor
            save_setting(self.state_dir, SETTING, factor)
            self.apply()
            self.changed.emit(factor)

    def apply(self) -> None:
        """Put the zoom on the window as it is now (after a theme or presentation mode made the
        canvas's legend anew): presentation mode scales its own sizes, the window its fonts."""
        presentation = getattr(self.win, "presentation", None)
        if presentation is not None and presentation.active:
            presentation.refresh_text()
            return
        f = self.factor
        for w in zoomed_widgets(self.win):
            font, own = self._fonts.setdefault(w, (QtGui.QFont(w.font()), w.testAttribute(Qt.WidgetAttribute.WA_SetFont)))
            w.setFont(_scaled(font, f))
            if f == 1.0:
                w.setAttribute(Qt.WidgetAttribute.WA_SetFont, own)  # an inherited font inherits again
        base_px = QtGui.QFontInfo(QtWidgets.QApplication.font()).pixelSize()
        px = max(6, round(base_px * f))
        for item in plot_items(self.win):
            for name in ("left", "bottom", "right", "top"):
                axis = item.getAxis(name)
                tick, style = self._axes.setdefault(axis, (axis.style.get("tickFont"), dict(axis.labelStyle)))
                axis.setStyle(tickFont=tick if f == 1.0 else _scaled(tick or QtWidgets.QApplication.font(), f))
                label = style if f == 1.0 else {**style, "font-size": f"{px}px"}
                axis.labelStyle = label
                if axis.labelText:
                    axis.setLabel(axis.labelText, **label)
            legend = item.legend
            if legend is not None and legend is not self.win.canvas.overlay.legend:
                size = self._legends.setdefault(legend, legend.opts["labelTextSize"])
                restyle_legend(legend, size=size if f == 1.0 else f"{_points(size) * f:.1f}pt")
        overlay = self.win.canvas.overlay
        restyle_legend(overlay.legend, size=f"{_CANVAS_LEGEND_PT * f:.1f}pt")
        # The labels on the canvas are painted in the view's font.
        canvas_view = self.win.canvas.plot
        canvas_view.setFont(_scaled(QtWidgets.QApplication.font(), f))
        if f == 1.0:
            canvas_view.setAttribute(Qt.WidgetAttribute.WA_SetFont, False)
        canvas_view.viewport().update()
        self.win.epoch_plot.fit_minimum()  # its axis titles' new size


def _points(size: str) -> float:
    """A legend's "9pt" (or "12px", taken as ¾ pt a pixel) in points."""
    if size.endswith("px"):
        return float(size[:-2]) * 0.75
    return float(size[:-2]) if size.endswith("pt") else 9.0


def install_text_zoom(win: Any, view_menu: QtWidgets.QMenu, state_dir: Path) -> dict[str, QtGui.QAction]:
    """View → Larger text (Ctrl+=), Smaller text (Ctrl+−), Text at 100 % (Ctrl+0); the window
    gets ``text_zoom`` and the saved zoom now. Returns the three actions by name."""
    win.text_zoom = zoom = TextZoom(win, state_dir)
    actions: dict[str, QtGui.QAction] = {}
    for name, text, keys, steps in (
            ("text_larger", _("&Larger text"), ("Ctrl+=", "Ctrl++"), 1),
            ("text_smaller", _("&Smaller text"), ("Ctrl+-",), -1),
            ("text_reset", _("Text at &100 %"), ("Ctrl+0",), 0)):
        action = QtGui.QAction(text, win)
        action.setShortcuts([QtGui.QKeySequence(k) for k in keys])
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        tip = _("The live panel, the plots' labels and legends and the canvas's labels, all together (kept)")
        action.setToolTip(tip)
        action.setStatusTip(tip)
        action.triggered.connect(lambda *_args, n=steps: zoom.step(n))
        win.addAction(action)  # works with the menu bar hidden (presentation mode)
        view_menu.addAction(action)
        actions[name] = action
    # A new look makes the canvas's legend anew at its own size: the zoom goes back on it.
    for name in ("theme_light", "theme_dark"):
        if name in win.actions_by_name:
            win.actions_by_name[name].toggled.connect(lambda on: zoom.apply() if on else None)
    if zoom.factor != 1.0:
        zoom.apply()
    return actions
