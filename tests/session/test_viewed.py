"""The window's Session and an export's frozen ExportSession are two declared implementations
of ViewedSession, the interface the canvas and the plots are typed against (the export
path used a duck-typed copy of the session, and the canvas read `dragging`, which the copy
lacked)."""
from __future__ import annotations

import inspect

import numpy as np

from perceptron_gui.core.dataset import Dataset
from perceptron_gui.export.source import ExportSession
from perceptron_gui.session.session import Session
from perceptron_gui.session.viewed import VIEWED_MEMBERS, ViewedSession


def _members_of_protocol() -> set[str]:
    names = set(ViewedSession.__annotations__)
    names |= {n for n, v in vars(ViewedSession).items()
              if not n.startswith("_") and (inspect.isfunction(v) or isinstance(v, property))}
    return names


def test_the_member_list_is_the_protocol():
    assert set(VIEWED_MEMBERS) == _members_of_protocol()


def test_session_and_export_session_both_implement_it():
    s = Session()
    s.load_dataset(Dataset.from_arrays(np.array([[1.0, 2.0], [-1.0, -1.0]]), np.array([1.0, -1.0])), "t")
    s.wait()
    frozen = ExportSession.from_session(s)
    for obj in (s, frozen):
        assert isinstance(obj, ViewedSession)
        for name in VIEWED_MEMBERS:
            assert hasattr(obj, name), (type(obj).__name__, name)
    assert frozen.dragging is False
    assert frozen.execute(object()) is False  # edits are refused
