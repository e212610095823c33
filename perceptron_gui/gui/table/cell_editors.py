"""The point table's editors: a choice for y and set that reads what is typed as one word and
keeps typed characters from the window's one-key shortcuts, a line edit elsewhere. The view
(:mod:`.view`) decides where an edit may start; these decide what it writes.
"""
from __future__ import annotations

from collections.abc import Callable

from PySide6 import QtCore, QtGui, QtWidgets

from .model import PointTableModel, parse_label, role_word

Qt = QtCore.Qt
_CHORD = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier | Qt.KeyboardModifier.MetaModifier

_LABEL_ITEM = {1.0: 0, -1.0: 1}  # a label -> its item in the y editor

__all__ = ["ChoiceBox", "PointDelegate", "types_a_character"]


def types_a_character(event: QtGui.QKeyEvent) -> bool:
    """Whether a key press types a character: no Ctrl, Alt or Meta, and not Tab, Enter,
    Escape, Backspace, Delete or Space (control characters, or the playback key)."""
    text = event.text()
    return bool(text) and text.isprintable() and not text.isspace() and not event.modifiers() & _CHORD


class ChoiceBox(QtWidgets.QComboBox):
    """The y and set cells' editor: typed characters pick an item and never reach the
    window's one-key shortcuts ("t" would toggle θ*, "1" choose the class to add).

    ``read`` (the y column's) reads everything typed since the editor opened as one word,
    so "-1" is minus one: read a key at a time, the "1" after the "-" picked +1. The item
    follows the word whenever it names one; :attr:`typed` keeps the word, so a commit of a
    word that names no item ("2", "-2") can end in a sentence instead of a silent choice.
    Without ``read`` (the set column), Qt finds the item by its first letters.
    """

    def __init__(self, items: list[str], read: Callable[[str], int | None] | None,
                 parent: QtWidgets.QWidget, shown: list[str] | None = None) -> None:
        super().__init__(parent)
        # Each item shows its word (``shown``, the language's) and keeps its value (``items``).
        for value, word in zip(items, shown or items):
            self.addItem(word, value)
        self._read = read
        self.typed = ""
        self.activated.connect(self._forget_typed)  # a choice with the mouse or arrows wins

    def _forget_typed(self, *_args: object) -> None:
        self.typed = ""

    def event(self, ev: QtCore.QEvent) -> bool:
        if ev.type() == QtCore.QEvent.Type.ShortcutOverride and isinstance(ev, QtGui.QKeyEvent) and types_a_character(ev):
            ev.accept()
            return True
        return super().event(ev)

    def keyPressEvent(self, ev: QtGui.QKeyEvent) -> None:  # noqa: N802
        if self._read is None:
            super().keyPressEvent(ev)
            return
        if types_a_character(ev):
            self.typed += ev.text()
        elif ev.key() == Qt.Key.Key_Backspace and self.typed:
            self.typed = self.typed[:-1]
        else:
            if ev.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_PageUp, Qt.Key.Key_PageDown,
                            Qt.Key.Key_Home, Qt.Key.Key_End):
                self.typed = ""  # choosing with the keys, not typing
            super().keyPressEvent(ev)
            return
        item = self._read(self.typed)
        if item is not None:
            self.setCurrentIndex(item)


class PointDelegate(QtWidgets.QStyledItemDelegate):
    """Editors: a choice for y and set, a line edit elsewhere (validation happens in setData)."""

    def __init__(self, model: PointTableModel, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model

    def createEditor(self, parent, option, index):  # noqa: N802
        if index.column() == self.model.d:
            # The label as setData reads it (parse_label): item 0 is +1, item 1 is −1.
            return ChoiceBox(["+1", "−1"], lambda word: _LABEL_ITEM.get(parse_label(word)), parent)
        if index.column() == self.model.d + 1:
            return ChoiceBox(["train", "test"], None, parent, shown=[role_word(False), role_word(True)])
        return super().createEditor(parent, option, index)

    def setEditorData(self, editor, index):  # noqa: N802
        if isinstance(editor, QtWidgets.QComboBox):
            value = str(index.data(Qt.ItemDataRole.EditRole))
            found = editor.findData(value)
            if found >= 0:
                editor.setCurrentIndex(found)
            else:
                editor.setCurrentText(value)
        else:
            super().setEditorData(editor, index)

    def setModelData(self, editor, model, index):  # noqa: N802
        if isinstance(editor, ChoiceBox) and editor.typed:
            # What was typed goes to setData as typed: a label it names, or its one sentence.
            model.setData(index, editor.typed, Qt.ItemDataRole.EditRole)
        elif isinstance(editor, QtWidgets.QComboBox):
            value = editor.currentData()
            model.setData(index, editor.currentText() if value is None else value, Qt.ItemDataRole.EditRole)
        else:
            super().setModelData(editor, model, index)
