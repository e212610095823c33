"""File → Open of a session holding text no file can store (a lone surrogate in its title or a
feature name) is one sentence in a box and changes nothing: before, it opened, and then the
autosave failed and Ctrl+S printed a traceback."""
from __future__ import annotations

import json

import numpy as np
import pytest

from perceptron_gui.core.dataset import Dataset
from perceptron_gui.session.session import Session
from perceptron_gui.session.session_file import session_to_json, take_snapshot


@pytest.mark.parametrize("plain, field", [("Lesson", '"title"'), ("b", '"data.feature_names[1]"')])
def test_open_says_which_field_and_keeps_the_work(make_main_window, state_dir, tmp_path, warnings_shown,
                                                  plain, field):
    s = Session()
    s.load_dataset(Dataset.from_arrays([[0.0, 1.0], [1.0, 0.0], [2.0, 2.0]], [1, -1, 1], ("a", "b")), "Lesson")
    s.wait()
    text = session_to_json(take_snapshot(s))
    p = tmp_path / "bad.perceptron.json"
    p.write_text(text.replace(json.dumps(plain), '"\\ud800bad"', 1), encoding="utf-8")
    win = make_main_window("xor")
    before = win.session.points.X.copy()
    assert not win.file_actions.open_session(p)
    assert len(warnings_shown) == 1
    title, sentence = warnings_shown[0]
    assert title == "Could not open the session"
    assert sentence.startswith(f"In bad.perceptron.json, {field} holds half of a character")
    assert sentence.endswith(".") and "\n" not in sentence
    assert np.array_equal(win.session.points.X, before) and win.document.path is None
