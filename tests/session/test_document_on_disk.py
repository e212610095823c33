"""Two windows on one file: a save never replaces what someone else wrote to the document's
file since this document opened or saved it; prepare_save says so (ChangedOnDiskError, one
sentence) and writes nothing, unless told to overwrite."""
from __future__ import annotations

import os

import pytest

from perceptron_gui.session.commands import AddPoints
from perceptron_gui.session.document import ChangedOnDiskError, Document
from perceptron_gui.session.session import Session
from perceptron_gui.session.session_file import load_session, save_session


def document() -> Document:
    s = Session()
    s.load_preset("xor")
    s.wait()
    return Document(s)


@pytest.fixture
def shared(tmp_path):
    """A session file and two documents that opened it (two windows)."""
    path = tmp_path / "lesson.perceptron.json"
    save_session(document().session, path)
    first, second = document(), document()
    first.open(path)
    second.open(path)
    return path, first, second


def points_in(path) -> int:
    return load_session(path)["data"]["X"].shape[0]


def test_the_second_save_of_two_windows_is_refused_until_overwrite(shared):
    path, first, second = shared
    second.session.execute(AddPoints([[0.5, 0.5]], [1.0]))
    second.save()
    assert points_in(path) == 5
    first.session.execute(AddPoints([[0.1, 0.1], [0.2, 0.2]], [1.0, -1.0]))
    assert first.changed_on_disk()
    with pytest.raises(ChangedOnDiskError) as err:
        first.save()
    sentence = str(err.value)
    assert sentence == ("lesson.perceptron.json was changed on disk by another window or program since this window "
                        "opened or saved it; reload it, overwrite it, or save the work here under another name.")
    assert points_in(path) == 5 and first.dirty  # nothing written, the work still unsaved
    assert first.save(overwrite=True).startswith("Saved the session")
    assert points_in(path) == 6 and not first.changed_on_disk()
    assert second.changed_on_disk()  # and now the other window is the one that would be asked


def test_a_windows_own_saves_never_ask(shared):
    path, first, _ = shared
    for i in range(3):
        first.session.execute(AddPoints([[0.1 * i, 0.5]], [1.0]))
        first.save()
    # Written on a worker and not yet recorded: the next save is still this window's own.
    pending = first.prepare_save()
    pending.write()
    assert not first.changed_on_disk()
    first.finish_save(pending)
    assert not first.changed_on_disk()


def test_an_edit_in_place_is_seen_too(shared):
    path, first, _ = shared
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))  # same inode and size, a later time
    assert first.changed_on_disk()
    with open(path, "ab") as fh:  # an editor that appends
        fh.write(b"\n")
    assert first.changed_on_disk()


def test_only_the_documents_own_file_is_checked(shared, tmp_path):
    path, first, second = shared
    second.save(overwrite=True)
    other = tmp_path / "elsewhere.perceptron.json"
    assert not first.changed_on_disk(other)
    first.save(other)  # Save as: a new file, no question
    assert first.path == other
    path.unlink()
    assert not second.changed_on_disk()  # gone: writing it back loses nothing


def test_a_data_csv_is_checked_and_reopening_it_takes_the_new_stamp(tmp_path):
    path = tmp_path / "pts.csv"
    path.write_text("x1,x2,y\n0,0,-1\n1,1,1\n")
    doc = document()
    doc.open(path)
    path.write_text("x1,x2,y\n0,0,-1\n1,1,1\n2,2,1\n")  # another program's write
    with pytest.raises(ChangedOnDiskError):
        doc.save()
    doc.open(path)
    assert doc.session.points.n == 3 and not doc.changed_on_disk()
    doc.save()
