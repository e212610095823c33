"""The ``corpus_path`` fixture: a corpus file's path, made first when it is generated."""
from __future__ import annotations

import os

import pytest
from corpus_table import materialize


@pytest.fixture
def corpus_path(request, tmp_path, monkeypatch):
    path = materialize(request.param, tmp_path, monkeypatch)
    yield path
    folder = tmp_path / "generated" / "unreadable"
    if folder.exists():
        monkeypatch.undo()
        os.chmod(folder, 0o700)  # so pytest can delete its temporary folder
