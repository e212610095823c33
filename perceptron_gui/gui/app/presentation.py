"""Presentation mode (F5): the window full screen for a lecture.

What it changes, and gives back exactly on F5 again or Escape:

- full screen; the toolbar, the menu bar, the status bar, the playback bar and the algorithm
  picker are hidden, and of the docks only the panels chosen (View → Presentation panels, or
  the lesson's own: :mod:`.presentation_panels`) stay;
- the canvas drawn in the figures' slide sizes (:func:`~.figures.slide_style.canvas_look`: the
  same thicker lines and bigger symbols as an exported figure) in the window's theme;
- text of the live panel, the plots' axes and legends, the canvas's legend and its labels at
  ``text_px`` (22 px on a 1080-px-high screen, never under 16 px: readable on a 1024×768
  projector) times the window's text zoom (:mod:`.text_zoom`);
- a strip above the canvas with the step's three numbers, k, the angle to θ* and the bound,
  copied from the live panel's rows (one computation, two sizes of the same text);
- keyboard stepping only: the canvas's mouse tool is off (no point added, dragged or deleted),
  and the editing keys (Delete, undo, …) do nothing; PageDown and PageUp open the next and the
  previous lesson.

The window's state (geometry, docks, toolbars) is taken with ``saveGeometry``/``saveState``
before and put back after, so the docks come back where and as large as they were.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, cast

from PySide6 import QtCore, QtGui, QtWidgets

from ...i18n import _
from ...session.state_dir import default_state_dir
from ..kit.view_wiring import connect_events
from ..panels.weight_space_dock import DOCK_TITLE as WEIGHT_SPACE_TITLE
from .legend_place import install_legend_menu
from .lesson_menu import step_lesson
from .presentation_panels import PresentationPanels, install_panels_menu
from .presentation_strip import PresentationStrip
from .text_zoom import install_text_zoom, plot_items, zoomed_widgets
from .themes import restyle_legend

__all__ = ["Presentation", "PresentationStrip", "install_presentation", "text_px"]

Qt = QtCore.Qt
_Ev = QtCore.QEvent.Type
_LESSON_KEYS = {Qt.Key.Key_PageDown: 1, Qt.Key.Key_PageUp: -1}
# Keys that edit: swallowed while presenting (the mouse tool is off as well).
_EDIT_KEYS = (Qt.Key.Key_Delete, Qt.Key.Key_Backspace)
_EDIT_ACTIONS = ("undo", "redo", "redo_y", "delete", "select_all", "clear", "class_pos", "class_neg")


# The docks that draw the convergence proof (a run without one shows a sentence there).
ANGLE_DOCK = "Angle to θ*"
PROOF_DOCKS = (ANGLE_DOCK, "Proof as curves")
# The right column's height between the live panel and the weight space, when both are shown.
SPACE_SHARE = (0.38, 0.62)


def text_px(screen_height: int) -> int:
    """The presentation's text size for a screen this many pixels high: 22 px at 1080, 16 px at
    768 (a projector; smaller would not read from the back of a room), 20 px or more from 982 up."""
    return max(16, round(22 * screen_height / 1080))


def _font(px: int, bold: bool = False) -> QtGui.QFont:
    font = QtGui.QFont()
    font.setPixelSize(px)
    font.setBold(bold)
    return font


@dataclass
class _Saved:
    """What presentation mode changes, to give it back exactly."""

    geometry: QtCore.QByteArray
    rect: QtCore.QRect  # restoreGeometry fits the window into the screen: a bigger one is set again
    state: QtCore.QByteArray
    window_state: Qt.WindowState
    visible: dict[QtWidgets.QWidget, bool]
    enabled: dict[str, bool]
    look: Any
    fonts: dict[QtWidgets.QWidget, tuple[QtGui.QFont, bool]] = field(default_factory=dict)
    axes: list[tuple[Any, Any, dict]] = field(default_factory=list)
    legends: dict[Any, str] = field(default_factory=dict)
    canvas_font: tuple[QtGui.QFont, bool] | None = None
    px: int = 16  # the text size for the screen, before the zoom


class Presentation(QtCore.QObject):
    """Presentation mode of ``win`` (the main window); :meth:`toggle` is F5."""

    toggled = QtCore.Signal(bool)
    lesson_step = QtCore.Signal(int)  # PageDown (+1) or PageUp (−1) while presenting

    def __init__(self, win: Any, panels: PresentationPanels) -> None:
        super().__init__(win)
        self.win = win
        self.panels = panels
        panels.changed.connect(self.refresh_panels)
        # A learner with no proof to draw (switched to, or a lesson's) takes its proof docks off.
        connect_events(self, [(win.session.run_changed, lambda *_args: self.refresh_panels(only_if_new=True))])
        self._saved: _Saved | None = None
        self.strip = PresentationStrip(win.session, win.live_panel)
        column = win.centralWidget().layout()
        column.insertWidget(column.indexOf(win.canvas), self.strip)
        # The narration as a caption under the canvas, for the room (and its readers).
        self.caption = QtWidgets.QLabel("")
        self.caption.setObjectName("presentation_caption")
        self.caption.setWordWrap(True)
        self.caption.setAccessibleName(_("Narration of the step shown"))
        self.caption.hide()
        column.insertWidget(column.indexOf(win.canvas) + 1, self.caption)
        narration = getattr(win, "narration", None)
        if narration is not None:
            narration.said.connect(self.caption.setText)
            self.caption.setText(narration.text.text())
        app = QtWidgets.QApplication.instance()
        assert app is not None  # the window exists, so the application does
        app.installEventFilter(self)

    @property
    def active(self) -> bool:
        return self._saved is not None

    def toggle(self) -> None:
        self.leave() if self.active else self.enter()

    # ---- entering -------------------------------------------------------------------------------
    def enter(self, screen_height: int | None = None, full_screen: bool = True) -> None:
        """Full screen, chrome hidden, big text. ``screen_height`` sizes the text (default: the
        window's screen); ``full_screen=False`` keeps the window's size (a screenshot of a
        screen of that size)."""
        if self.active:
            return
        from ..figures.slide_style import canvas_look  # the slide sizes, loaded when first used

        win = self.win
        if screen_height is None:
            screen = win.screen() or QtWidgets.QApplication.primaryScreen()
            screen_height = screen.geometry().height()
        px = text_px(screen_height)
        chrome = [*win.findChildren(QtWidgets.QToolBar), win.menuBar(), win.statusBar(), win.playback,
                  win.picker.parentWidget(), win.feature_picker]
        acts = win.actions_by_name
        self._saved = _Saved(win.saveGeometry(), win.geometry(), win.saveState(), win.windowState(),
                             {w: w.isVisibleTo(win) for w in chrome},
                             {n: acts[n].isEnabled() for n in _EDIT_ACTIONS if n in acts},
                             win.canvas.look)
        for w in chrome:
            w.hide()
        self._show_panels()
        for name in self._saved.enabled:
            acts[name].setEnabled(False)
        win.canvas.view_box.tool = None  # keyboard stepping only: no click adds or drags a point
        win.canvas.set_look(replace(canvas_look(), theme=win.canvas.look.theme, selection=True))
        self._saved.px = px
        self._set_text(self._zoomed(px))
        self.strip.refresh()
        self.strip.show()
        self.caption.show()
        if full_screen:
            win.showFullScreen()
        win.canvas.setFocus(Qt.FocusReason.OtherFocusReason)
        self.toggled.emit(True)

    def _zoomed(self, px: int) -> int:
        zoom = getattr(self.win, "text_zoom", None)
        return round(px * (zoom.factor if zoom is not None else 1.0))

    def _panels_shown(self) -> dict[str, bool]:
        """Which docks the chosen panels show: not the weights' image but for image-shaped data
        (as outside presentation mode), not the proof's docks for a run without a proof to draw
        (no θ*, or a learner Novikoff's proof does not describe): they would hold a sentence on
        a third of the screen."""
        win = self.win
        result = win.session.result
        no_proof = result is not None and not result.has_proof
        shown = {}
        for name in win.docks:
            on = name in self.panels.names
            if name == "Weights as an image":
                on = on and win.weight_image.side is not None
            if name in PROOF_DOCKS:
                # The angle dock has the mistake bound without separability to show instead.
                bound = name == ANGLE_DOCK and result is not None and result.mistake_bound is not None
                on = on and (not no_proof or bound)
            shown[name] = on
        return shown

    def _show_panels(self) -> None:
        """The chosen panels' docks shown, the others hidden (:meth:`_panels_shown`)."""
        for name, on in self._panels_shown().items():
            self.win.docks[name].setVisible(on)

    def refresh_panels(self, only_if_new: bool = False) -> None:
        """While presenting: the docks as :meth:`_panels_shown` says (``only_if_new``: only when
        one differs), the right column shared again."""
        if not self.active:
            return
        win = self.win
        shown = self._panels_shown()
        if only_if_new and all(win.docks[n].isVisibleTo(win) == on for n, on in shown.items()):
            return
        self._show_panels()
        self._share_right_column()

    def refresh_text(self) -> None:
        """The text again at the screen's size times the zoom (the zoom changed)."""
        if self._saved is not None:
            self._set_text(self._zoomed(self._saved.px), resize=False)

    def _set_text(self, px: int, resize: bool = True) -> None:
        """Every text the room reads at ``px``; each widget's font before the first change is
        kept (for :meth:`leave`), so this may run again at another size."""
        win, saved = self.win, self._saved
        assert saved is not None
        # Fonts, not a style sheet: a style sheet would take the theme's palette off the panel.
        for w in zoomed_widgets(win):
            if w not in saved.fonts:
                saved.fonts[w] = (QtGui.QFont(w.font()), w.testAttribute(Qt.WidgetAttribute.WA_SetFont))
            w.setFont(_font(px, bold=saved.fonts[w][0].bold()))
        self.strip.set_text_px(px)
        self.caption.setFont(_font(round(0.8 * px), bold=False))
        overlay = win.canvas.overlay
        # Legends a step smaller than the numbers: they explain the picture, they are not it, and
        # the angle plot gives the height of its legend's band to the curves' range.
        legend_px = max(14, round(0.75 * px))
        restyle_legend(overlay.legend, size=f"{legend_px}px")
        overlay.note.setFont(_font(px))
        if saved.canvas_font is None:  # the labels on the canvas are painted in the view's font
            view = win.canvas.plot
            saved.canvas_font = (QtGui.QFont(view.font()), view.testAttribute(Qt.WidgetAttribute.WA_SetFont))
        win.canvas.plot.setFont(_font(px, bold=True))  # the normal's name, the margins: read as the numbers
        saved_axes = {axis for axis, _f, _s in saved.axes}
        for item in plot_items(win):
            if item.legend is not None and item.legend is not overlay.legend:
                saved.legends.setdefault(item.legend, item.legend.opts["labelTextSize"])
                restyle_legend(item.legend, size=f"{legend_px}px")
            for name in ("left", "bottom", "right", "top"):
                axis = item.getAxis(name)
                if axis not in saved_axes:
                    saved.axes.append((axis, axis.style.get("tickFont"), dict(axis.labelStyle)))
                axis.setStyle(tickFont=_font(px))
                if axis.labelText:
                    axis.setLabel(axis.labelText, **{**axis.labelStyle, "font-size": f"{px}px"})
        win.epoch_plot.fit_minimum()
        if not resize:
            return
        win.resizeDocks([win.docks["Algorithm and live panel"]], [int(px * 21)], Qt.Orientation.Horizontal)
        # The angle plot's ticks at this size need height: about a third of the screen.
        win.resizeDocks([win.docks["Angle to θ*"]], [int(px * 13)], Qt.Orientation.Vertical)
        self._share_right_column()

    def _share_right_column(self) -> None:
        """With the weight space shown beside the live panel, the picture gets most of the column's
        height (the panel scrolls): the lesson about it is read from that picture, and at 1280 × 720 it
        was a quarter of the column with its labels on top of each other."""
        win = self.win
        live, space = win.docks["Algorithm and live panel"], win.docks.get(WEIGHT_SPACE_TITLE)
        if space is None or not (space.isVisibleTo(win) and live.isVisibleTo(win)):
            return
        if win.dockWidgetArea(space) != win.dockWidgetArea(live) or space.isFloating():
            return
        column = live.height() + space.height()
        win.resizeDocks([live, space], [int(column * SPACE_SHARE[0]), int(column * SPACE_SHARE[1])],
                        Qt.Orientation.Vertical)

    # ---- leaving --------------------------------------------------------------------------------
    def leave(self) -> None:
        """Give back the window exactly as it was before :meth:`enter`."""
        saved, win = self._saved, self.win
        if saved is None:
            return
        self._saved = None
        self.strip.hide()
        self.caption.hide()
        for axis, tick_font, label_style in saved.axes:
            axis.setStyle(tickFont=tick_font)
            axis.labelStyle = label_style
            axis.setLabel(axis.labelText, **label_style)
        for w, (font, own) in saved.fonts.items():
            w.setFont(font)
            w.setAttribute(Qt.WidgetAttribute.WA_SetFont, own)  # an inherited font inherits again
        win.epoch_plot.fit_minimum()
        for legend, size in saved.legends.items():
            restyle_legend(legend, size=size)
        if saved.canvas_font is not None:
            win.canvas.plot.setFont(saved.canvas_font[0])
            win.canvas.plot.setAttribute(Qt.WidgetAttribute.WA_SetFont, saved.canvas_font[1])
        win.canvas.set_look(saved.look)
        win.canvas.view_box.tool = win.canvas.tool
        for name, on in saved.enabled.items():
            win.actions_by_name[name].setEnabled(on)
        for w, visible in saved.visible.items():
            w.setVisible(visible)
        # The size first, then the docks: restoreState lays the docks out in the window's size
        # at that moment, so restored into the full screen they would come back stretched.
        win.setWindowState(saved.window_state)
        win.restoreGeometry(saved.geometry)
        if not saved.window_state & (Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen):
            win.setGeometry(saved.rect)
        win.restoreState(saved.state)
        self.toggled.emit(False)

    # ---- keys -----------------------------------------------------------------------------------
    def eventFilter(self, obj: QtCore.QObject, event: QtCore.QEvent) -> bool:  # noqa: N802
        if not self.active or event.type() not in (_Ev.KeyPress, _Ev.ShortcutOverride):
            return False
        if not isinstance(obj, QtWidgets.QWidget) or obj.window() is not self.win:
            return False
        key_event = cast(QtGui.QKeyEvent, event)
        key = key_event.key()
        if key in _LESSON_KEYS and not key_event.modifiers():
            if event.type() == _Ev.KeyPress:
                self.lesson_step.emit(_LESSON_KEYS[Qt.Key(key)])
            else:
                event.accept()  # ours while presenting: no table or text field scrolls a page
            return True
        if key == Qt.Key.Key_Escape and not key_event.modifiers():
            predict = getattr(self.win, "predict", None)
            if event.type() == _Ev.KeyPress:
                if predict is not None and predict.active:
                    predict.leave()  # predicting ends first
                else:
                    self.leave()
            else:
                event.accept()  # the key is ours: no widget's Escape (the canvas clears a selection)
            return True
        return key in _EDIT_KEYS  # swallowed: presentation mode edits nothing


def install_presentation(win: Any) -> QtGui.QAction:
    """F5 (View → Presentation mode) on ``win``, with View → Presentation panels, the text zoom
    and View → Legend; the window gets ``presentation``, ``text_zoom`` and ``legend_place``."""
    state_dir = default_state_dir()
    panels = PresentationPanels(state_dir, win)
    win.presentation = Presentation(win, panels)
    action = QtGui.QAction(_("&Presentation mode"), win)
    action.setShortcut(QtGui.QKeySequence(Qt.Key.Key_F5))
    action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    tip = _("Full screen with large text, thick lines and k, the angle to θ* and the bound above the canvas; "
            "step with the keys. F5 or Escape returns.")
    action.setToolTip(tip)
    action.setStatusTip(tip)
    action.triggered.connect(lambda *_args: win.presentation.toggle())
    win.addAction(action)  # works with the menu bar hidden
    view_menu = win.findChild(QtWidgets.QMenu, "view_menu")
    view_menu.addAction(action)
    win.actions_by_name["presentation"] = action
    win.actions_by_name.update(install_panels_menu(win, view_menu, panels))
    view_menu.addSeparator()
    win.actions_by_name.update(install_text_zoom(win, view_menu, state_dir))
    win.actions_by_name.update(install_legend_menu(win, view_menu, state_dir))
    # Leaving presentation mode gives back the fonts and the canvas of before it: the zoom and
    # the legend's place go back on what is new (a zoom changed meanwhile, the legend made anew).
    win.presentation.toggled.connect(lambda _on: win.legend_place.apply())
    win.presentation.toggled.connect(lambda on: win.text_zoom.apply() if not on else None)
    win.presentation.lesson_step.connect(lambda steps: step_lesson(win, steps))
    return action
