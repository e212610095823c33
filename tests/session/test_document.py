"""The open document (no Qt): path, kind, the dirty rule in one place, open/save/recover."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core.errors import UserError
from perceptron_gui.session.commands import AddPoints
from perceptron_gui.session.document import APP_NAME, Document, NothingToSaveError, kind_of
from perceptron_gui.session.recent_files import RecentFiles
from perceptron_gui.session.session import Session
from perceptron_gui.session.session_file import load_session, save_session


@pytest.fixture
def doc() -> Document:
    s = Session()
    s.load_preset("xor")
    s.history.clear()
    s.history.mark_clean()
    return Document(s)


def changes(doc: Document) -> list[str]:
    seen: list[str] = []
    doc.changed.connect(lambda: seen.append(doc.title()))
    return seen


def test_kind_of_a_path():
    assert kind_of("a/lesson.perceptron.json") == "session" and kind_of("x.JSON") == "session"
    assert kind_of("pts.csv") == "csv" and kind_of("pts.txt") == "csv"


def test_the_dirty_rule_follows_the_save_point(doc, tmp_path):
    s = doc.session
    path = tmp_path / "pts.csv"
    path.write_text("x1,x2,y\n0,0,-1\n1,1,1\n")
    assert doc.open(path) is None
    assert doc.path == path and doc.kind == "csv" and not doc.dirty
    assert doc.title() == f"pts.csv — {APP_NAME}"
    s.execute(AddPoints([[2.0, 2.0]], [1.0]))
    assert doc.dirty and doc.title() == f"pts.csv * — {APP_NAME}"
    assert doc.save() == "Saved 3 points to pts.csv."
    assert not doc.dirty and len(path.read_text().splitlines()) == 4
    s.undo()  # back past the save point: unsaved again
    assert doc.dirty
    s.redo()  # and forward to it: saved
    assert not doc.dirty


def test_changed_is_emitted_when_the_title_changes_and_only_then(doc, tmp_path):
    seen = changes(doc)
    doc.session.execute(AddPoints([[2.0, 2.0]], [1.0]))
    assert seen[-1].endswith(f"* — {APP_NAME}")
    n = len(seen)
    doc.session.execute(AddPoints([[3.0, 2.0]], [1.0]))  # still dirty, same name: nothing new
    assert len(seen) == n
    doc.save_as(tmp_path / "w.perceptron.json")
    assert seen[-1] == f"w.perceptron.json — {APP_NAME}"
    doc.session.clear()
    doc.forget_file()
    assert seen[-1] == f"untitled * — {APP_NAME}"


def test_session_and_csv_saves_by_the_paths_kind(doc, tmp_path):
    s = doc.session
    session_path = tmp_path / "s.perceptron.json"
    assert doc.save(session_path) == "Saved the session to s.perceptron.json."
    assert doc.kind == "session" and load_session(session_path)["data"]["X"].shape[0] == s.points.n
    s.execute(AddPoints([[0.0, -1.0]], [-1.0]))
    doc.save()  # the open file, in its kind
    assert load_session(session_path)["data"]["X"].shape[0] == s.points.n
    csv = tmp_path / "d.csv"
    doc.save_as(csv)
    assert doc.kind == "csv" and csv.read_text().startswith("x1,x2,y")
    odd = tmp_path / "named.csv"
    doc.save(odd, kind="session")  # "Save session as" writes a session whatever the name
    assert load_session(odd)["algorithm"] == s.algorithm and doc.kind == "session"


def test_open_a_session_restores_it_and_lists_it(tmp_path):
    saved = Session()
    saved.load_preset("xor")
    saved.set_algorithm("pocket")
    path = tmp_path / "lesson.perceptron.json"
    save_session(saved, path)
    recent = RecentFiles(tmp_path / "state")
    doc = Document(Session(), recent)
    assert doc.open(path) == "Opened the session lesson.perceptron.json."
    assert doc.session.algorithm == "pocket" and np.array_equal(doc.session.points.X, saved.points.X)
    assert doc.kind == "session" and not doc.dirty and recent.paths() == [path]


def test_failures_are_sentences_and_change_nothing(doc, tmp_path):
    before = doc.session.points.X.copy()
    bad = tmp_path / "bad.csv"
    bad.write_text("x1,x2,y\n1,2,1\n3,abc,-1\n")
    with pytest.raises(UserError, match="Line 3"):
        doc.open(bad)
    with pytest.raises(UserError):
        doc.open(tmp_path / "missing.perceptron.json")
    assert np.array_equal(doc.session.points.X, before) and doc.path is None
    with pytest.raises(UserError, match="no file yet"):
        doc.save()
    with pytest.raises(UserError):
        doc.save(tmp_path / "no-such-folder" / "x.csv")
    assert doc.csv_refusal() is None
    doc.session.clear()
    assert doc.csv_refusal() == "There are no points to save; draw some on the canvas first."
    with pytest.raises(NothingToSaveError, match="no points to save"):
        doc.save(tmp_path / "empty.csv")
    assert not (tmp_path / "empty.csv").exists() and doc.path is None


def test_recover_is_unsaved_work_in_no_file(doc, tmp_path):
    crashed = Session()
    crashed.load_preset("xor")
    crashed.set_algorithm("averaged")
    path = tmp_path / "auto.perceptron.json"
    save_session(crashed, path)
    doc.save(tmp_path / "before.csv")
    assert "restored" in doc.recover(load_session(path))
    assert doc.path is None and doc.kind is None and doc.dirty
    assert doc.title() == f"{crashed.data_title} * — {APP_NAME}"
    assert doc.session.algorithm == "averaged"


def test_suggested_path(doc, tmp_path):
    assert doc.suggested_path(".perceptron.json", tmp_path) == tmp_path / "xor-not-separable.perceptron.json"
    doc.save(tmp_path / "mine.csv")
    assert doc.suggested_path(".json") == tmp_path / "mine.json"
    doc.forget_file()
    doc.session.clear()
    assert doc.suggested_path(".csv", tmp_path).name == "untitled.csv"
