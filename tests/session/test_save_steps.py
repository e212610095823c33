"""The save's three steps (Document.prepare_save / write / finish_save) and the file's rows."""
from __future__ import annotations

import json

import numpy as np

from perceptron_gui.core.dataset import Dataset
from perceptron_gui.session.commands import AddPoints
from perceptron_gui.session.document import Document
from perceptron_gui.session.session import Session
from perceptron_gui.session.session_file import session_to_json, take_snapshot


def _session() -> Session:
    s = Session()
    X = np.array([[0.1, -2.5e-300], [1e150, 3.0], [-0.0, 7.0], [1 / 3, 2 / 3]])
    s.load_dataset(Dataset.from_arrays(X, [1, -1, 1, -1]), "odd numbers")
    return s


def test_rows_are_written_as_json_dumps_writes_them_and_read_back_to_the_bit() -> None:
    s = _session()
    text = session_to_json(take_snapshot(s))
    for row in s.points.X.tolist():
        assert json.dumps(row) in text
    np.testing.assert_array_equal(np.array(json.loads(text)["data"]["X"]), s.points.X)
    assert "-0.0" in text  # the sign of zero survives


def test_an_edit_between_prepare_and_finish_leaves_the_work_unsaved(tmp_path) -> None:
    s = _session()
    doc = Document(s)
    s.execute(AddPoints([[5.0, 5.0]], [1.0]))
    prepared = doc.prepare_save(tmp_path / "a.perceptron.json")
    s.execute(AddPoints([[6.0, 6.0]], [1.0]))
    prepared.write()
    assert "Saved the session" in doc.finish_save(prepared)
    assert doc.path == tmp_path / "a.perceptron.json" and doc.dirty
    assert len(json.loads(prepared.path.read_text())["data"]["y"]) == 5
    again = doc.prepare_save()
    again.write()
    doc.finish_save(again)
    assert not doc.dirty
    s.undo()
    assert doc.dirty  # undo past the save point: unsaved again, as before
