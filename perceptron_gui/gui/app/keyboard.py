"""Keys that always do what they say: the playback keys move the playhead wherever the focus is,
except in a text field being edited, and every edit hands the focus back to the canvas.

Before, the window's shortcuts lost to whichever widget had the focus: after typing a speed and
Enter, Home and Space went into the speed field; End in a combo box chose its last entry (the
algorithm became *Lifted*). The rules, in one application event filter scoped to one window:

- ←/→, Ctrl+←/→, Shift+←/→, Home/End and Space belong to the playhead in any widget of the
  window that is not a text field (combo boxes, the slider, the table, buttons, labels). Such a
  widget never gets to claim the key; if the window's shortcut cannot fire (the window not yet
  active again after a dialog), the key press itself triggers the action.
- A text field (line edit, spin box, editable combo box) keeps those keys while it has the focus:
  that is when it is being edited. Enter commits the edit and Escape abandons it (the field
  shows its value again); both hand the focus back to the canvas.
- A combo box hands the focus back to the canvas once a choice is made (or abandoned) in its
  list.
- Escape closes the message above the canvas.
- The canvas may claim a key for itself (``claims_key``): while its keyboard cursor is on, the
  plain arrows move the cursor (Ctrl+ and Shift+arrows still step visits and epochs).

Editors inside the table are the table's own business (Enter and Escape there go to its
delegate), and dialogs keep Qt's behaviour (Enter presses OK): only widgets of this window are
handled.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6 import QtCore, QtGui, QtWidgets

Qt = QtCore.Qt
_Ev = QtCore.QEvent.Type
_COMMIT_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)

__all__ = ["PlaybackKeys", "is_text_field"]


def _combined(key: int, modifiers: Qt.KeyboardModifier) -> int:
    # The keypad's arrows, Home and End carry KeypadModifier: the same keys to a user.
    mods = modifiers & ~Qt.KeyboardModifier.KeypadModifier
    return QtCore.QKeyCombination(mods, Qt.Key(key)).toCombined()


def is_text_field(widget: QtWidgets.QWidget | None) -> bool:
    """Whether ``widget`` is a text field the user can type into (and so needs ←/→, Home,
    End and Space while it has the focus)."""
    if isinstance(widget, QtWidgets.QLineEdit):
        return not widget.isReadOnly()
    if isinstance(widget, QtWidgets.QAbstractSpinBox):
        return not widget.isReadOnly()
    if isinstance(widget, QtWidgets.QComboBox):
        return widget.isEditable()
    if isinstance(widget, (QtWidgets.QTextEdit, QtWidgets.QPlainTextEdit)):
        return not widget.isReadOnly()
    return False


def _in_item_view(widget: QtWidgets.QWidget) -> bool:
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QtWidgets.QAbstractItemView):
            return True
        parent = parent.parentWidget()
    return False


def _abandon_edit(field: QtWidgets.QWidget) -> None:
    """Show the field's committed value again (the typed text is dropped, not committed when
    the field loses the focus)."""
    if isinstance(field, (QtWidgets.QSpinBox, QtWidgets.QDoubleSpinBox)):
        # With keyboard tracking off, value() is the committed one (each box takes its own type back).
        field.setValue(field.value())  # type: ignore[arg-type]
    elif isinstance(field, QtWidgets.QLineEdit):
        while field.isUndoAvailable():
            field.undo()
    elif isinstance(field, QtWidgets.QComboBox):
        line = field.lineEdit()
        if line is not None:
            line.setText(field.currentText())


class PlaybackKeys(QtCore.QObject):
    """The keyboard rules above for ``window``.

    Parameters
    ----------
    window : the main window whose widgets are handled.
    actions : the playback actions; their shortcuts are the keys routed to them.
    home : the widget that gets the focus back after an edit (the canvas).
    on_escape : called on Escape anywhere in the window (closes the message strip).
    """

    def __init__(self, window: QtWidgets.QWidget, actions: Iterable[QtGui.QAction], home: QtWidgets.QWidget,
                 on_escape: Callable[[], None] | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.home = home
        self.on_escape = on_escape
        self.actions: dict[int, QtGui.QAction] = {}
        for action in actions:
            for seq in action.shortcuts():
                comb = seq[0]  # type: ignore[index]  # QKeySequence indexes its combinations; the stubs lack it
                self.actions[_combined(comb.key(), comb.keyboardModifiers())] = action
        app = QtWidgets.QApplication.instance()
        assert isinstance(app, QtWidgets.QApplication)
        app.installEventFilter(self)
        # A method of this QObject: PySide drops the connection when the window deletes it.
        app.focusChanged.connect(self._on_focus_changed)

    def go_home(self) -> None:
        """Give the focus back to the canvas."""
        self.home.setFocus(Qt.FocusReason.OtherFocusReason)

    # ---- events -------------------------------------------------------------------------------
    def eventFilter(self, obj: QtCore.QObject, event: QtCore.QEvent) -> bool:  # noqa: N802
        kind = event.type()
        if kind != _Ev.KeyPress and kind != _Ev.ShortcutOverride:
            return False
        # A key event goes to the window's focus widget (the window itself when nothing has the
        # focus) and then to its parents while ignored: handle it once, at the focus widget.
        # The window's own focus widget, not the application's: right after a dialog closes the
        # window may get keys before it is the active window again.
        if obj is not (self.window.focusWidget() or self.window):
            return False
        assert isinstance(event, QtGui.QKeyEvent)  # KeyPress and ShortcutOverride are key events
        key = _combined(event.key(), event.modifiers())
        if kind == _Ev.KeyPress and event.key() == Qt.Key.Key_Escape and self.on_escape is not None:
            self.on_escape()
        if is_text_field(obj):
            return self._text_field_key(obj, event, kind)
        if self._claimed_by_home(obj, event):
            return False  # the canvas's keyboard cursor moves with the arrows while it is on
        action = self.actions.get(key)
        if action is None or not action.isEnabled():
            return False
        if kind == _Ev.KeyPress:
            # The shortcut did not fire (it would have taken the key before this press):
            # do what it would have done.
            action.trigger()
        # On ShortcutOverride: swallowed without being accepted, so the widget cannot claim the
        # key and the window's shortcut takes it.
        return True

    def _claimed_by_home(self, obj: QtCore.QObject, event: QtGui.QKeyEvent) -> bool:
        """Whether the home widget (the canvas), holding the focus, takes this key itself now."""
        claims = getattr(self.home, "claims_key", None)
        inside = obj is self.home or (isinstance(obj, QtWidgets.QWidget) and self.home.isAncestorOf(obj))
        return claims is not None and inside and bool(claims(event))

    def _text_field_key(self, field: QtWidgets.QWidget, event: QtGui.QKeyEvent, kind: QtCore.QEvent.Type) -> bool:
        if kind != _Ev.KeyPress or _in_item_view(field) or event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return False
        if event.key() in _COMMIT_KEYS:
            field.event(event)  # the field commits first (a spin box interprets its text)
            self.go_home()
            return True
        if event.key() == Qt.Key.Key_Escape:
            _abandon_edit(field)
            self.go_home()
            return True
        return False

    def _on_focus_changed(self, old: QtWidgets.QWidget | None, new: QtWidgets.QWidget | None) -> None:
        # A combo box's list is a popup window: the focus comes back to the combo box from it
        # when a choice is made or abandoned. Then it goes on to the canvas.
        if (isinstance(new, QtWidgets.QComboBox) and not new.isEditable() and old is not None
                and new.window() is self.window and old.window() is new.view().window()):
            self.go_home()

