"""Winnow in the window: it trains on Boolean points, names its multiplicative step in the update
picture, and refuses other points with a sentence while the window keeps its run."""
from __future__ import annotations

import numpy as np

from perceptron_gui.render.update_picture import update_vectors


def test_the_update_picture_names_winnows_step(make_main_window, qtbot):
    win = make_main_window("or", "winnow")
    s = win.session
    s.wait()
    qtbot.waitUntil(lambda: s.result is not None and s.result.record.algorithm == "winnow", timeout=30_000)
    assert s.run.num_updates >= 1
    s.jump_to_update(1)
    frame = s.frame()
    vectors, note = update_vectors(frame, "plane", (-1.0, -1.0, 2.0, 2.0))
    texts = [v.label for v in vectors]
    assert any("×α" in t for t in texts) and not any(t.startswith("y·x") for t in texts)
    w0, w1 = np.asarray(s.run.weights[0]), np.asarray(s.run.weights[1])
    assert (w1[:2] / w0[:2]).tolist() in ([2.0, 1.0], [1.0, 2.0], [2.0, 2.0])  # α = 2 on the 1s of x


def test_points_that_are_not_boolean_are_a_sentence(make_main_window, qtbot):
    win = make_main_window("random_separable", "offset")
    s = win.session
    s.wait()
    said: list[str] = []
    s.message.connect(lambda kind, text: said.append(text))
    s.set_algorithm("winnow")
    s.wait()
    qtbot.waitUntil(lambda: s.error is not None or bool(said), timeout=30_000)
    text = s.error or said[-1]
    assert "Boolean features" in text and "Traceback" not in text
