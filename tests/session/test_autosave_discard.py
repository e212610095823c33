"""Discarding the autosave (the work was saved as a session) never waits for a base being written
(at 10⁶ points a base takes seconds, and the save's last step runs on the window's
thread); the worker deletes it once written."""
from __future__ import annotations

import threading

from perceptron_gui.session import autosave as autosave_module
from perceptron_gui.session.autosave import Autosaver
from perceptron_gui.session.commands import AddPoints, MovePoints
from perceptron_gui.session.session import Session


def _session() -> Session:
    s = Session()
    s.load_preset("xor")
    s.wait()
    return s


def test_a_discard_during_a_base_write_returns_at_once_and_the_worker_deletes_it(tmp_path, monkeypatch) -> None:
    s = _session()
    writing, release = threading.Event(), threading.Event()
    real = autosave_module.session_json_chunks

    def slow_chunks(snap):  # a base that takes as long as the test says
        writing.set()
        assert release.wait(30.0), "the test never released the write"
        return real(snap)

    monkeypatch.setattr(autosave_module, "session_json_chunks", slow_chunks)
    a = Autosaver(s, tmp_path)  # the real worker thread
    try:
        s.execute(AddPoints([[1.0, 2.0]], [-1.0]))  # the first edit writes a base
        assert writing.wait(30.0)
        returned = threading.Event()
        caller = threading.Thread(target=lambda: (a.discard(), returned.set()))
        caller.start()
        assert returned.wait(5.0), "discard() waited for the write"  # the old one waited up to 10 s
        release.set()
        assert a.wait_idle(30.0)
        assert not a.path.exists() and not a.slot.journal.exists()  # deleted once written
        monkeypatch.setattr(autosave_module, "session_json_chunks", real)
        s.execute(MovePoints([0], [[0.1, 0.2]]))  # the next edit starts a new autosave
        assert a.wait_idle(30.0) and a.path.exists()
        caller.join(5.0)
    finally:
        release.set()
        a.stop()
