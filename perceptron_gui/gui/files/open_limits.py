"""What the window can open without blocking its thread: data of at most
:data:`MAX_WINDOW_FEATURES` features, and which files to read off its thread.

The window keeps one table column and one entry in each of the feature picker's lists per
feature, and those are made on its thread: an open of 1 point × 2·10⁶ features held it 12 s
(the lists 5.8 s, the table's columns 5.5 s) and took 2 GB, 10⁵ features about 1 s. So wider
data are refused with a sentence, before the window takes any of it; the command line trains on
them. Whether memory suffices is the reader's own check (``core/run_memory``).
"""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import numpy as np

from ...core.csv_text import clip_text
from ...i18n import _

__all__ = ["MAX_WINDOW_FEATURES", "too_wide", "first_line_is_long"]

MAX_WINDOW_FEATURES = 100_000
# A file whose first line is longer than this is read on a worker whatever its size: parsing a
# line of 10⁵ numbers takes a while, and such files are small (a 4 MB line holds 2·10⁶ zeros).
LONG_LINE_BYTES = 1 << 16


def too_wide(kind: str, loaded: Any, name: str) -> str | None:
    """The sentence refusing what was read of ``name`` (a Dataset, or a session's dict) when it
    has more features than the window shows, else None."""
    d = int(np.shape(loaded["data"]["X"])[1]) if kind == "session" else int(loaded.d)
    if d <= MAX_WINDOW_FEATURES:
        return None
    return _("{name} has {d:,} features, more than the window can show ({most:,}, one table column each); "
             "train on it with 'perceptron-gui run', or keep fewer columns.").format(
        name=clip_text(name, 60), d=d, most=MAX_WINDOW_FEATURES)


def first_line_is_long(path: Path) -> bool:
    """Whether the regular file's first line is longer than :data:`LONG_LINE_BYTES` (read: that
    many bytes at most). Anything but a regular file is False without being opened: a pipe would
    block the window until something wrote to it."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False
        with path.open("rb") as fh:
            head = fh.read(LONG_LINE_BYTES)
    except OSError:
        return False  # reading says why
    return len(head) == LONG_LINE_BYTES and b"\n" not in head
