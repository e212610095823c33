"""The session file's big lists as JSON text, block by block (see ``session_file.session_to_json``).

json.dumps' own text, written in blocks of rows: a save or an autosave runs on a worker thread,
and numpy's and json's C calls hold the GIL for as long as each takes.
"""
from __future__ import annotations

import json
from typing import Any

import numpy as np

__all__ = ["rows_json", "list_json", "ints", "bools"]

_BLOCK = 65_536  # rows per C call (about 10 ms each)


def _blocks(a: np.ndarray) -> list[np.ndarray]:
    return [a[i:i + _BLOCK] for i in range(0, a.shape[0], _BLOCK)]


def rows_json(X: np.ndarray) -> str:
    """The points as json.dumps writes them (floats by repr): one row per line from 3 rows on."""
    if X.shape[0] <= 2:
        return json.dumps(X.tolist(), allow_nan=False)
    # Joined by float repr, as json.dumps writes floats: 2.2× faster than a dumps per row. Read
    # column by column (flat lists) and zipped: a list per row would be 65,536 live containers
    # a block, and the garbage collections they set off stop the window's thread too.
    lines = [",\n      ".join(["[" + ", ".join(map(float.__repr__, row)) + "]"
                                for row in zip(*(block[:, j].tolist() for j in range(X.shape[1])))])
             for block in _blocks(X)]
    return "[\n      " + ",\n      ".join(lines) + "\n    ]"


def ints(block: np.ndarray) -> str:
    return ", ".join(map(str, block.astype(np.int64).tolist()))


def bools(block: np.ndarray) -> str:
    return ", ".join(np.where(block, "true", "false").tolist())


def list_json(a: np.ndarray, items: Any) -> str:
    """A flat list as json.dumps writes it ("[1, -1]", "[true, false]"), block by block."""
    return "[" + ", ".join(items(block) for block in _blocks(a)) + "]"
