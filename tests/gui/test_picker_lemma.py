"""The window's control of the lifting lemma's w* and γ: the picker's fields of the lifted
perceptron (built from its ParamSpecs), and the live panel's γ′ that follows them."""
from __future__ import annotations

import numpy as np
from PySide6 import QtWidgets

from perceptron_gui.gui.panels.picker import AlgorithmPicker
from perceptron_gui.session.lifting_lemma import lemma_margin
from perceptron_gui.session.session import Session


def test_the_picker_sets_the_lemmas_w_and_gamma(qtbot):
    s = Session()
    s.load_preset("random_noisy")
    s.set_algorithm("lifted")
    s.wait()
    picker = AlgorithmPicker(s)
    qtbot.addWidget(picker)
    picker.refresh()
    line = picker.editors["lemma_w"]
    assert isinstance(line, QtWidgets.QLineEdit) and line.text() == ""
    line.setText("1, -0.5, 0.1")
    line.editingFinished.emit()
    picker.editors["lemma_gamma"].setValue(0.05)
    s.wait()
    assert s.current_params()["lemma_w"] == [1.0, -0.5, 0.1] and s.current_params()["lemma_gamma"] == 0.05
    lem = lemma_margin(s.result)
    assert lem is not None and lem.chosen_w and lem.gamma == 0.05
    np.testing.assert_allclose(lem.w_star * np.linalg.norm([1.0, -0.5, 0.1]), [1.0, -0.5, 0.1], rtol=1e-12, atol=1e-15)
    picker.refresh()
    assert line.text() == "1, -0.5, 0.1"
    messages = []
    s.message.connect(lambda level, text: messages.append(text))
    line.setText("one, two")
    line.editingFinished.emit()
    assert messages and messages[-1].endswith(".") and s.current_params()["lemma_w"] == [1.0, -0.5, 0.1]
