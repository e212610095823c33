"""Presentation mode (F5): the window full screen for a lecture.

What it changes, and gives back exactly on F5 again or Escape:

- full screen; the toolbar, the menu bar, the status bar, the playback bar, the algorithm
  picker and the docks other than the live panel and the angle plot are hidden;
- the canvas drawn in the figures' slide sizes (:func:`~.figures.slide_style.canvas_look`: the
  same thicker lines and bigger symbols as an exported figure) in the window's theme;
- text of the live panel, the plots' axes and the canvas's legend at ``text_px`` (22 px on a
  1080-px-high screen, never under 16 px: readable on a 1024×768 projector);
- a strip above the canvas with the step's three numbers, k, the angle to θ* and the bound,
  copied from the live panel's rows (one computation, two sizes of the same text);
- keyboard stepping only: the canvas's mouse tool is off (no point added, dragged or deleted),
  and the editing keys (Delete, undo, …) do nothing.

The window's state (geometry, docks, toolbars) is taken with ``saveGeometry``/``saveState``
before and put back after, so the docks come back where and as large as they were.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, cast

from PySide6 import QtCore, QtGui, QtWidgets

from .themes import SENTENCE, restyle_legend
from .view_wiring import DragThrottle, connect_events

__all__ = ["Presentation", "PresentationStrip", "install_presentation", "text_px"]

Qt = QtCore.Qt
_Ev = QtCore.QEvent.Type
KEPT_DOCKS = ("Algorithm and live panel", "Angle to θ*")
# Keys that edit: swallowed while presenting (the mouse tool is off as well).
_EDIT_KEYS = (Qt.Key.Key_Delete, Qt.Key.Key_Backspace)
_EDIT_ACTIONS = ("undo", "redo", "redo_y", "delete", "select_all", "clear", "class_pos", "class_neg")


def text_px(screen_height: int) -> int:
    """The presentation's text size for a screen this many pixels high: 22 px at 1080, 16 px at
    768 (a projector; smaller would not read from the back of a room), 20 px or more from 982 up."""
    return max(16, round(22 * screen_height / 1080))


def _font(px: int, bold: bool = False) -> QtGui.QFont:
    font = QtGui.QFont()
    font.setPixelSize(px)
    font.setBold(bold)
    return font


class PresentationStrip(QtWidgets.QLabel):
    """k, the angle to θ* and the bound, large, above the canvas. The texts are the live
    panel's own (its rows "k", "angle" and "bound"), read after it refreshed. One label that
    wraps only between the three (each is held together by no-break spaces): on a 1024-px
    projector they take two lines instead of being cut."""

    KEYS = (("k", "k"), ("angle", "angle to θ*"), ("bound", "bound (R/γ)²"))

    def __init__(self, session: Any, panel: Any, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.panel = panel
        self.setObjectName("presentation_strip")
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self.setContentsMargins(12, 4, 12, 4)
        self.setToolTip("\n\n".join(panel.value_label(key).toolTip() for key, _c in self.KEYS))
        self.values: dict[str, str] = {}
        # Subscribed after the live panel, through the same drag gate: it refreshes first.
        connect_events(self, [(session.run_changed, DragThrottle(self, session, self.refresh)),
                              (session.playhead_changed, DragThrottle(self, session, self.refresh)),
                              (session.frame_changed, DragThrottle(self, session, self.refresh))])
        self.hide()

    def set_text_px(self, px: int) -> None:
        self.setFont(_font(round(px * 1.45), bold=True))

    def value(self, key: str) -> str:
        """What the panel's row ``key`` says (or why it says nothing: no θ*, no proof)."""
        label = self.panel.value_label(key)
        return "— (no θ*)" if label.isHidden() and key == "angle" else self.panel.text(key)

    def refresh(self, *args: object) -> None:
        self.values = {key: self.value(key) for key, _caption in self.KEYS}
        # No-break spaces, and a word joiner after "/" (Qt breaks after a slash: "(R/" | "γ)²").
        parts = (f"{caption}: {self.values[key]}".replace(" ", "\u00a0").replace("/", "/\u2060")
                 for key, caption in self.KEYS)
        self.setText("     ".join(parts))


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
    legend_size: str = "9pt"


class Presentation(QtCore.QObject):
    """Presentation mode of ``win`` (the main window); :meth:`toggle` is F5."""

    toggled = QtCore.Signal(bool)

    def __init__(self, win: Any) -> None:
        super().__init__(win)
        self.win = win
        self._saved: _Saved | None = None
        self.strip = PresentationStrip(win.session, win.live_panel)
        column = win.centralWidget().layout()
        column.insertWidget(column.indexOf(win.canvas), self.strip)
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
        from .figures.slide_style import canvas_look  # the slide sizes, loaded when first used

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
        for name, dock in win.docks.items():
            dock.setVisible(name in KEPT_DOCKS)
        for name in self._saved.enabled:
            acts[name].setEnabled(False)
        win.canvas.view_box.tool = None  # keyboard stepping only: no click adds or drags a point
        win.canvas.set_look(replace(canvas_look(), theme=win.canvas.look.theme, selection=True))
        self._set_text(px)
        self.strip.refresh()
        self.strip.show()
        if full_screen:
            win.showFullScreen()
        win.canvas.setFocus(Qt.FocusReason.OtherFocusReason)
        self.toggled.emit(True)

    def _set_text(self, px: int) -> None:
        win, saved = self.win, self._saved
        assert saved is not None
        # Fonts, not a style sheet: a style sheet would take the theme's palette off the panel.
        sentences = win.angle_plot.findChildren(QtWidgets.QLabel, SENTENCE)  # "No θ*: …" in the plot's place
        for w in [*win.live_panel.findChildren(QtWidgets.QWidget), *sentences]:
            if isinstance(w, (QtWidgets.QLabel, QtWidgets.QLineEdit, QtWidgets.QProgressBar)):
                saved.fonts[w] = (QtGui.QFont(w.font()), w.testAttribute(Qt.WidgetAttribute.WA_SetFont))
                w.setFont(_font(px, bold=w.font().bold()))
        self.strip.set_text_px(px)
        overlay = win.canvas.overlay
        # Legends a step smaller than the numbers: they explain the picture, they are not it, and
        # the angle plot gives the height of its legend's band to the curves' range.
        legend_px = max(14, round(0.75 * px))
        restyle_legend(overlay.legend, size=f"{legend_px}px")
        overlay.note.setFont(_font(px))
        saved.legend_size = win.angle_plot.legend.opts["labelTextSize"]
        restyle_legend(win.angle_plot.legend, size=f"{legend_px}px")
        for view in (win.canvas.plot, win.angle_plot.plot):
            for name in ("left", "bottom"):
                axis = view.getPlotItem().getAxis(name)
                saved.axes.append((axis, axis.style.get("tickFont"), dict(axis.labelStyle)))
                axis.setStyle(tickFont=_font(px))
                axis.setLabel(axis.labelText, **{**axis.labelStyle, "font-size": f"{px}px"})
        win.resizeDocks([win.docks["Algorithm and live panel"]], [int(px * 21)], Qt.Orientation.Horizontal)
        # The angle plot's ticks at this size need height: about a third of the screen.
        win.resizeDocks([win.docks["Angle to θ*"]], [int(px * 13)], Qt.Orientation.Vertical)

    # ---- leaving --------------------------------------------------------------------------------
    def leave(self) -> None:
        """Give back the window exactly as it was before :meth:`enter`."""
        saved, win = self._saved, self.win
        if saved is None:
            return
        self._saved = None
        self.strip.hide()
        for axis, tick_font, label_style in saved.axes:
            axis.setStyle(tickFont=tick_font)
            axis.labelStyle = label_style
            axis.setLabel(axis.labelText, **label_style)
        for w, (font, own) in saved.fonts.items():
            w.setFont(font)
            w.setAttribute(Qt.WidgetAttribute.WA_SetFont, own)  # an inherited font inherits again
        restyle_legend(win.angle_plot.legend, size=saved.legend_size)
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
        if key == Qt.Key.Key_Escape and not key_event.modifiers():
            if event.type() == _Ev.KeyPress:
                self.leave()
            else:
                event.accept()  # the key is ours: no widget's Escape (the canvas clears a selection)
            return True
        return key in _EDIT_KEYS  # swallowed: presentation mode edits nothing


def install_presentation(win: Any) -> QtGui.QAction:
    """F5 (View → Presentation mode) on ``win``; the window gets ``presentation``."""
    win.presentation = Presentation(win)
    action = QtGui.QAction("&Presentation mode", win)
    action.setShortcut(QtGui.QKeySequence(Qt.Key.Key_F5))
    action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    tip = ("Full screen with large text, thick lines and k, the angle to θ* and the bound above the canvas; "
           "step with the keys. F5 or Escape returns.")
    action.setToolTip(tip)
    action.setStatusTip(tip)
    action.triggered.connect(lambda *_: win.presentation.toggle())
    win.addAction(action)  # works with the menu bar hidden
    view_menu = next(a.menu() for a in win.menuBar().actions() if a.text().replace("&", "") == "View")
    view_menu.addAction(action)
    win.actions_by_name["presentation"] = action
    return action
