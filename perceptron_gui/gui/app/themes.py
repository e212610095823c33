"""View → Theme: the light theme (projectors) and the dark one (screens) applied to the whole
window: the palette of its widgets (the live panel, the table, the docks), the canvas and every
plot. The colours themselves live in :mod:`perceptron_gui.render.theme`; the choice is kept in
the state folder (:mod:`perceptron_gui.session.ui_settings`). Exports keep their own look."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pyqtgraph as pg
from PySide6 import QtGui, QtWidgets

from ...i18n import _
from ...render.theme import DEFAULT_THEME, THEMES, Theme
from ...session.ui_settings import load_setting, save_setting

__all__ = ["apply_theme", "install_theme_menu", "restyle_legend", "saved_theme", "show_theme", "theme_plot"]

_Role = QtGui.QPalette.ColorRole
SENTENCE = "plot_sentence"  # objectName of the sentence shown instead of a plot (plot_setup)


def saved_theme(state_dir: Path) -> str:
    """The theme chosen last time (the default when none, or an unknown one, was saved)."""
    name = load_setting(state_dir, "theme")
    return name if isinstance(name, str) and name in THEMES else DEFAULT_THEME


def _dark_palette(theme: Theme) -> QtGui.QPalette:
    p = QtGui.QPalette()
    panel, base, text = QtGui.QColor("#2A2A2F"), QtGui.QColor(theme.background), QtGui.QColor(theme.foreground)
    for role, colour in ((_Role.Window, panel), (_Role.WindowText, text), (_Role.Base, base),
                         (_Role.AlternateBase, QtGui.QColor("#26262B")), (_Role.Text, text),
                         (_Role.Button, QtGui.QColor("#33333A")), (_Role.ButtonText, text),
                         (_Role.ToolTipBase, QtGui.QColor("#33333A")), (_Role.ToolTipText, text),
                         (_Role.PlaceholderText, QtGui.QColor("#9A9A9A")), (_Role.BrightText, QtGui.QColor("#FFFFFF")),
                         (_Role.Highlight, QtGui.QColor("#3A6EA5")), (_Role.HighlightedText, QtGui.QColor("#FFFFFF")),
                         (_Role.Link, QtGui.QColor("#7FB8E8")), (_Role.Mid, QtGui.QColor("#44444A")),
                         (_Role.Dark, QtGui.QColor("#18181B")), (_Role.Light, QtGui.QColor("#4A4A52"))):
        p.setColor(role, colour)
    p.setColor(QtGui.QPalette.ColorGroup.Disabled, _Role.Text, QtGui.QColor("#7A7A7A"))
    p.setColor(QtGui.QPalette.ColorGroup.Disabled, _Role.WindowText, QtGui.QColor("#7A7A7A"))
    p.setColor(QtGui.QPalette.ColorGroup.Disabled, _Role.ButtonText, QtGui.QColor("#7A7A7A"))
    return p


def restyle_legend(legend: pg.LegendItem, colour: str | None = None, size: str | None = None) -> None:
    """A legend's text in another colour or size, its present entries included (pyqtgraph's own
    setters only reach entries added later, or after their next setText)."""
    if colour is not None:
        legend.setLabelTextColor(colour)
    if size is not None:
        legend.setLabelTextSize(size)
    for _sample, label in legend.items:
        label.setText(label.text)


def _recolour(item: Any, theme: Theme) -> None:
    """A curve's or marker line's pen in ``theme``'s version of the colour it was made with."""
    pen = item.opts.get("pen") if isinstance(item, pg.PlotDataItem) else getattr(item, "pen", None)
    if pen is None:
        return
    pen = QtGui.QPen(pg.mkPen(pen))
    base = getattr(item, "_base_colour", None)
    if base is None:
        base = item._base_colour = pen.color().name().upper()  # made in the base palette
    colour = QtGui.QColor(theme.colour(base))
    if pen.color() != colour:  # a line this theme leaves as it is is not touched
        pen.setColor(colour)
        item.setPen(pen)


def _plot_items(view: pg.GraphicsView) -> list[pg.PlotItem]:
    """The plots of a PlotWidget or a GraphicsLayoutWidget, from pyqtgraph's own lists (the
    scene also holds pyqtgraph's internal items, which are not ours to restyle)."""
    if isinstance(view, pg.PlotWidget):
        return [view.getPlotItem()]
    layout = getattr(view, "ci", None)
    return [it for it in getattr(layout, "items", {}) if isinstance(it, pg.PlotItem)]


def theme_plot(view: pg.GraphicsView, theme: Theme) -> None:
    """A plot widget of the window (not the canvas) in ``theme``: background, axes, legends,
    and the lines whose colour the background needs changed."""
    view.setBackground(theme.background)
    axis_pen = pg.mkPen("#9A9A9A" if theme.dark else "#333333")
    fill = QtGui.QColor(theme.background)
    fill.setAlpha(200)
    for plot in _plot_items(view):
        for name in ("left", "bottom", "right", "top"):
            axis = plot.getAxis(name)
            axis.setPen(axis_pen)
            axis.setTextPen(pg.mkPen(theme.foreground))
        if plot.legend is not None:
            plot.legend.setBrush(pg.mkBrush(fill))
            restyle_legend(plot.legend, colour=theme.foreground)
        for item in plot.items:
            if isinstance(item, (pg.PlotDataItem, pg.InfiniteLine)):
                _recolour(item, theme)


def apply_theme(win: Any, theme: Theme) -> None:
    """Show ``win`` (the main window) in ``theme``."""
    if not hasattr(win, "_light_palette"):
        win._light_palette = QtGui.QPalette(win.palette())  # what the style gave: the light theme's
    win.setPalette(_dark_palette(theme) if theme.dark else win._light_palette)
    win.canvas.set_look(replace(win.canvas.look, theme=theme))
    win.banner.set_dark(theme.dark)
    for view in win.findChildren(pg.GraphicsView):
        if view is not win.canvas.plot:
            theme_plot(view, theme)
    for label in win.findChildren(QtWidgets.QLabel, SENTENCE):
        label.setStyleSheet(f"background: {theme.background}; color: {theme.foreground}; padding: 12px;")
    win.theme = theme


def install_theme_menu(win: Any, state_dir: Path) -> dict[str, QtGui.QAction]:
    """View → Theme → Light / Dark (the choice is saved), and the saved theme applied now.
    Returns the two actions by name ("theme_light", "theme_dark")."""
    view_menu = win.findChild(QtWidgets.QMenu, "view_menu")
    menu = view_menu.addMenu(_("T&heme"))
    group = QtGui.QActionGroup(win)
    actions: dict[str, QtGui.QAction] = {}
    current = saved_theme(state_dir)
    for name, text, tip in (
            ("light", _("&Light (projectors)"), _("Dark text and lines on white: best on a projector")),
            ("dark", _("&Dark (screens)"), _("Light text and lines on near-black: easier on the eyes on a screen"))):
        a = QtGui.QAction(text, win)
        a.setCheckable(True)
        a.setChecked(name == current)
        a.setToolTip(tip)
        a.setStatusTip(tip)
        a.toggled.connect(lambda on, n=name: _choose(win, n, state_dir) if on else None)
        group.addAction(a)
        menu.addAction(a)
        actions[f"theme_{name}"] = a
    # Applied even when it is the default: the plots' lines take the light theme's shades too
    # (the canvas has them from its start), so switching back and forth changes nothing.
    apply_theme(win, THEMES[current])
    return actions


def show_theme(win: Any, name: str) -> None:
    """Show ``win`` in theme ``name`` for now (``--theme``): the menu ticks it, the saved choice stays."""
    action = win.actions_by_name[f"theme_{name}"]
    action.blockSignals(True)  # a tick, not a choice: nothing is saved
    action.setChecked(True)
    action.blockSignals(False)
    apply_theme(win, THEMES[name])


def _choose(win: Any, name: str, state_dir: Path) -> None:
    apply_theme(win, THEMES[name])
    save_setting(state_dir, "theme", name)
