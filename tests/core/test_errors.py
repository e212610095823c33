"""One base for the errors a user can cause: UserError, with DatasetError one kind of
it among others, not the base of unrelated ones."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from perceptron_gui.core.atomic import WriteError
from perceptron_gui.core.dataset import DatasetError
from perceptron_gui.core.errors import UserError
from perceptron_gui.core.io import FileReadError
from perceptron_gui.core.runio import RunFileError
from perceptron_gui.export.source import ExportError
from perceptron_gui.session.session_file import SessionFileError

PACKAGE = Path(__file__).resolve().parents[2] / "perceptron_gui"

# Handlers that catch DatasetError on purpose: they reword a data or parameter problem found
# while doing something narrower (a session file's data, a typed cell, a CSV line, a streamed
# table whose fault the careful read words).
NARROW = {"core/csv_text.py", "core/csv_stream.py", "session/session_file.py", "session/session.py"}


@pytest.mark.parametrize("cls", [DatasetError, FileReadError, RunFileError, SessionFileError, WriteError, ExportError])
def test_every_user_error_is_a_user_error(cls):
    assert issubclass(cls, UserError) and issubclass(cls, ValueError)  # ValueError: older handlers


@pytest.mark.parametrize("cls", [RunFileError, SessionFileError, WriteError, ExportError])
def test_dataset_error_is_not_the_base_of_unrelated_errors(cls):
    assert not issubclass(cls, DatasetError)


def test_the_message_is_the_sentence():
    err = WriteError("Could not write a.csv: the disk is full; free some space.", "a.csv")
    assert str(err) == "Could not write a.csv: the disk is full; free some space."


def _handlers_of(path: Path) -> list[int]:
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ExceptHandler) and node.type is not None:
            names = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
            if any(isinstance(n, ast.Name) and n.id == "DatasetError" for n in names):
                lines.append(node.lineno)
    return lines


def test_handlers_that_show_a_sentence_catch_user_error():
    # A handler written for DatasetError misses a WriteError or a SessionFileError now that
    # they are not DatasetErrors; a handler that only shows the sentence catches UserError.
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel not in NARROW and (lines := _handlers_of(path)):
            found[rel] = lines
    assert found == {}
