"""The session file's big lists as JSON text, block by block (see ``session_file.session_json_chunks``).

json.dumps' own text, written in blocks of rows: a save or an autosave runs on a worker thread,
and numpy's and json's C calls hold the GIL for as long as each takes. The text is handed to the
writer block by block (``*_chunks``), never joined into one string: joining and encoding the
60 MB of 10⁶ points were single C calls of 30–60 ms each, and held 120 MB more.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

__all__ = ["rows_json", "rows_json_chunks", "list_json", "list_json_chunks", "ints", "bools"]

_BLOCK = 65_536  # rows per C call (about 10 ms each)
# Numbers per block of a table's rows: 65,536 rows of 2 features as above; 167 rows of 784. Counted
# in rows alone, a block of 784-feature rows was the whole data set, whose join and encoding held
# the GIL (and so the window's thread) for 1.4 s.
_BLOCK_NUMBERS = 2 * _BLOCK
_ROW_SEP = ",\n      "


def _blocks(a: np.ndarray) -> list[np.ndarray]:
    rows = _BLOCK if a.ndim == 1 else max(1, _BLOCK_NUMBERS // max(1, a.shape[1]))
    return [a[i:i + rows] for i in range(0, a.shape[0], rows)]


def rows_json_chunks(X: np.ndarray) -> Iterator[str]:
    """:func:`rows_json`'s text in pieces of one block of rows each."""
    if X.shape[0] <= 2:
        yield json.dumps(X.tolist(), allow_nan=False)
        return
    # "%r" of a float is float.__repr__, as json.dumps writes floats; 20 % faster than a join
    # per row. Read column by column (flat lists) and zipped: a list per row would be 65,536
    # live containers a block, and the garbage collections they set off stop the window's
    # thread too. One row per bytecode step: the GIL can pass to the window between rows.
    row = "[" + ", ".join(["%r"] * X.shape[1]) + "]"
    yield "[\n      "
    for i, block in enumerate(_blocks(X)):
        cols = [block[:, j].tolist() for j in range(X.shape[1])]
        yield ("" if i == 0 else _ROW_SEP) + _ROW_SEP.join([row % r for r in zip(*cols)])
    yield "\n    ]"


def rows_json(X: np.ndarray) -> str:
    """The points as json.dumps writes them (floats by repr): one row per line from 3 rows on."""
    return "".join(rows_json_chunks(X))


def ints(block: np.ndarray) -> str:
    if block.shape[0] and bool(np.all((block == 1) | (block == -1))):  # the labels: ±1
        return _join_tokens((block > 0).astype(np.intp), ("-1", "1"))
    return ", ".join(map(str, block.astype(np.int64).tolist()))


def bools(block: np.ndarray) -> str:
    return _join_tokens(np.asarray(block, dtype=bool).astype(np.intp), ("false", "true"))


def _join_tokens(codes: np.ndarray, vocab: tuple[str, ...]) -> str:
    """``", ".join(vocab[c] for c in codes)``, laid out byte by byte with numpy.

    ``", ".join(map(str, …))`` over a block of 65,536 labels is one C call of ~7 ms holding
    the GIL (3.7 ms for the flags' words): an autosave's labels then kept the window's
    thread waiting for the GIL at each of its Qt calls, 100–150 ms blocks while playing at
    10⁶ points. Here every call is a short array operation (1 ms for the block in all)."""
    if codes.shape[0] == 0:
        return ""
    words = [np.frombuffer((w + ", ").encode("ascii"), dtype=np.uint8) for w in vocab]
    sizes = np.array([w.shape[0] for w in words], dtype=np.int64)[codes]
    ends = np.cumsum(sizes)
    starts = ends - sizes
    out = np.empty(int(ends[-1]), dtype=np.uint8)
    for c, w in enumerate(words):
        at = starts[codes == c]
        for j in range(w.shape[0]):
            out[at + j] = w[j]
    return out[:-2].tobytes().decode("ascii")  # without the last ", "


def list_json_chunks(a: np.ndarray, items: Callable[[np.ndarray], str]) -> Iterator[str]:
    """:func:`list_json`'s text in pieces of one block each."""
    yield "["
    for i, block in enumerate(_blocks(a)):
        yield ("" if i == 0 else ", ") + items(block)
    yield "]"


def list_json(a: np.ndarray, items: Any) -> str:
    """A flat list as json.dumps writes it ("[1, -1]", "[true, false]"), block by block."""
    return "".join(list_json_chunks(a, items))
