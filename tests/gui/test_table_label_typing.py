"""A label typed into the y column as a word: "-1" is minus one (QA follow-up).

The y editor read one key at a time, so the "1" of "-1" picked +1 and the cell silently
became +1. Every way of writing a label must give it, and anything else one sentence."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6 import QtCore, QtGui, QtWidgets

from perceptron_gui.gui.table.model import parse_label
from perceptron_gui.render.formatting import MINUS

Qt = QtCore.Qt
Key = Qt.Key
AND_X = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])


@pytest.fixture
def table_window(make_main_window, qtbot):
    win = make_main_window("and")
    win.activateWindow()
    win.table.view.setFocus()
    qtbot.waitUntil(lambda: win.table.view.hasFocus())
    messages: list[tuple[str, str]] = []
    win.session.message.connect(lambda level, text: messages.append((level, text)))
    win.messages = messages
    return win


def _focus() -> QtWidgets.QWidget:
    return QtWidgets.QApplication.focusWidget()


def _type(qtbot, text: str) -> None:
    for ch in text:  # one key at a time to the focus, as a keyboard does
        if ch.isascii():
            qtbot.keyClicks(_focus(), ch)
        else:  # QTest's keyClicks asserts on non-ASCII text: a key event that types it
            for kind in (QtCore.QEvent.Type.KeyPress, QtCore.QEvent.Type.KeyRelease):
                ev = QtGui.QKeyEvent(kind, Key.Key_unknown, Qt.KeyboardModifier.NoModifier, ch)
                QtWidgets.QApplication.sendEvent(_focus(), ev)


def _key(qtbot, key: Key) -> None:
    qtbot.keyClick(_focus(), key)
    QtWidgets.QApplication.processEvents()  # the delegate commits on Enter through a queued call


def _new_row_with_label(qtbot, win, word: str, start: float) -> None:
    """The QA's sequence: Add row, 0.5, Tab, 0.6, Tab, the word, Enter."""
    win.table.active_class = int(start)
    win.table.add_row()
    _type(qtbot, "0.5")
    _key(qtbot, Key.Key_Tab)
    _type(qtbot, "0.6")
    _key(qtbot, Key.Key_Tab)
    assert isinstance(_focus(), QtWidgets.QComboBox)
    _type(qtbot, word)
    _key(qtbot, Key.Key_Return)


WORDS = [("-1", -1.0), (f"{MINUS}1", -1.0), ("-1.0", -1.0), ("-", -1.0), (MINUS, -1.0), ("0", -1.0),
         ("+1", 1.0), ("1", 1.0), ("1.0", 1.0), ("+", 1.0)]


@pytest.mark.parametrize(("word", "label"), WORDS)
def test_a_label_typed_as_a_word_gives_that_label(table_window, qtbot, word, label):
    win, s = table_window, table_window.session
    _new_row_with_label(qtbot, win, word, start=-label)  # the row starts with the other label
    assert s.points.n == 5
    np.testing.assert_array_equal(s.points.X[4], [0.5, 0.6])
    assert s.points.y[4] == label
    assert s.points.y[:4].tolist() == [-1.0, -1.0, -1.0, 1.0]
    assert not [m for m in win.messages if m[0] == "error"]


@pytest.mark.parametrize("word", ["2", "-2", "x", "11", "1_0", "+-"])
def test_anything_else_is_one_sentence_and_changes_nothing(table_window, qtbot, word):
    win, s = table_window, table_window.session
    _new_row_with_label(qtbot, win, word, start=1.0)
    assert s.points.y.tolist() == [-1.0, -1.0, -1.0, 1.0, 1.0]
    errors = [text for level, text in win.messages if level == "error"]
    assert len(errors) == 1
    assert errors[0] == f"'{word}' is not a label; type +1 or -1."


def test_backspace_corrects_a_typed_label(table_window, qtbot):
    win, s = table_window, table_window.session
    win.table.view.selectRow(0)  # label −1
    _key(qtbot, Key.Key_Tab)
    _key(qtbot, Key.Key_Tab)
    _type(qtbot, "-")
    _key(qtbot, Key.Key_Backspace)
    _type(qtbot, "+1")
    _key(qtbot, Key.Key_Return)
    assert s.points.y[0] == 1.0


def test_parse_label():
    for word, label in WORDS + [(" -1 ", -1.0), ("+1.0", 1.0), ("1e0", 1.0), ("-0", -1.0)]:
        assert parse_label(word) == label, word
    for word in ["", "2", "-2", "0.5", "yes", "1_0", "\u0661", "nan", "inf", "--1", "+-"]:
        assert parse_label(word) is None, word
