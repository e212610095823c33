"""The window's peek at a file's first line never opens what is not a regular file: a pipe
would block the window's thread until something wrote to it (the whole suite hung there)."""
from __future__ import annotations

import os

import pytest

from perceptron_gui.gui.files.open_limits import LONG_LINE_BYTES, first_line_is_long


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_is_not_opened(tmp_path) -> None:
    fifo = tmp_path / "data.csv"
    os.mkfifo(fifo)
    assert first_line_is_long(fifo) is False  # returns at once: without the check this blocks


def test_a_regular_file_is_measured(tmp_path) -> None:
    wide = tmp_path / "wide.csv"
    wide.write_bytes(b"1," * LONG_LINE_BYTES)
    short = tmp_path / "short.csv"
    short.write_bytes(b"x1,x2,y\n1,2,1\n")
    assert first_line_is_long(wide) is True and first_line_is_long(short) is False
    assert first_line_is_long(tmp_path) is False  # a folder: reading says why
