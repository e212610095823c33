"""``perceptron_gui.show`` and the estimators with numpy masked arrays: masked entries are
refused with a sentence (their hidden values are no data), a mask with nothing masked is the
array's data."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6 import QtWidgets

import perceptron_gui
from perceptron_gui.estimators import OffsetPerceptron
from perceptron_gui.gui.app.main_window import MainWindow
from perceptron_gui.gui.app.show import prepare_show

X = np.array([[0.0, 1.0], [1.0, 0.0], [2.0, 2.0], [-1.0, -2.0]])
Y = np.array([1, -1, 1, -1])


def _windows() -> int:
    return sum(isinstance(w, MainWindow) for w in QtWidgets.QApplication.topLevelWidgets())


def _hidden(mask) -> np.ma.MaskedArray:
    m = np.ma.array(X.copy(), mask=mask)
    m.data[np.asarray(mask, dtype=bool)] = 1e9  # what np.asarray would have handed over
    return m


@pytest.mark.parametrize("args, words", [
    ((_hidden([[0, 0], [0, 1], [0, 0], [0, 0]]), Y), "X is a masked array with 1 masked entry"),
    ((_hidden([[1, 1], [0, 1], [0, 0], [0, 0]]), Y), "X is a masked array with 3 masked entries"),
    ((X, np.ma.array(Y, mask=[0, 0, 1, 0])), "y is a masked array with 1 masked entry"),
])
def test_masked_entries_are_one_sentence_and_open_no_window(qtbot, state_dir, args, words):
    before = _windows()
    with pytest.raises(ValueError) as info:
        perceptron_gui.show(*args, block=False)
    text = str(info.value)
    assert text.startswith(words) and ".filled(value)" in text and "drop those rows" in text
    assert text.endswith(".") and "\n" not in text
    assert _windows() == before
    with pytest.raises(ValueError, match=words):  # the estimators check their input the same way
        OffsetPerceptron().fit(*args)


def test_a_masked_array_with_nothing_masked_is_its_data(qtbot, state_dir):
    plan = prepare_show(np.ma.array(X), np.ma.array(Y, mask=np.zeros(4, dtype=bool)))
    np.testing.assert_array_equal(plan.data.X, X)
    shown = perceptron_gui.show(np.ma.array(X), Y, block=False)
    qtbot.addWidget(shown.window)
    np.testing.assert_array_equal(shown.window.session.points.X, X)
    shown.window.session.wait(120)  # a hang detector, not a budget
