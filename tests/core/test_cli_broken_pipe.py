"""A reader that stops reading (`perceptron-gui presets | head -3`) ends the command quietly."""
from __future__ import annotations

import io
import os
import sys

from perceptron_gui.cli import main


def test_a_closed_pipe_ends_the_listing_without_a_traceback(monkeypatch, capsys):
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader has gone: every write fails with EPIPE
    out = io.TextIOWrapper(io.FileIO(write_end, "w"), write_through=True)
    monkeypatch.setattr(sys, "stdout", out)
    try:
        status = main(["lessons"])
    finally:
        monkeypatch.undo()
        out.close()
    assert status == 141
    assert capsys.readouterr().err == ""
