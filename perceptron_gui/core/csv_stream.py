"""The quick read of a large, plain CSV file: streamed in blocks, its numbers parsed by the
compiled kernel of :mod:`._csv_kernels` on every core, straight into the data set's arrays.

A plain file is what programs write: one header or none, numbers split by "," or ";", lines
ending in "\\n" or "\\r\\n", nothing else (no quotes, comments, blank lines or spaces inside the
table; blank lines at the very end are fine). Anything else, and any fault (a bad cell, a short
line, an infinity, a bad label), gives None: the caller then reads the file the careful way
(:mod:`.csv_text`), which accepts every file this one does and words each fault with its line.
The values are the same to the bit either way (the kernel rounds correctly, as numpy does).

Why: numpy's reader held the whole file's bytes (200 MB for MNIST's 0 vs 1) and took 3.2 s
over its 10⁷ numbers; this holds a few MB of text at a time beside the table, and the parse
gives the GIL back (a window reading on a worker stays free).
"""
from __future__ import annotations

import codecs
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, BinaryIO, cast

import numpy as np

from .csv_text import table_head
from .dataset import Dataset, DatasetError

__all__ = ["STREAM_FROM_BYTES", "read_plain_csv"]

# Below this size numpy's reader is as quick as loading the compiled kernel (~0.2 s with numba).
STREAM_FROM_BYTES = 8 << 20
_BLOCK = 1 << 22  # bytes of text read at a time (a block grows to hold one line longer than it)
_SPLIT_FROM = 1 << 16  # bytes of lines worth a second worker
_HARD = 4096  # numbers a block may hand back to float() before the careful way takes the file
_SPACE = b" \t\r\n"


def _workers() -> int:
    try:
        return max(1, min(2, len(os.sched_getaffinity(0))))
    except AttributeError:  # no sched_getaffinity (macOS, Windows)
        return max(1, min(2, os.cpu_count() or 1))


def _fill(fh: BinaryIO, buf: bytearray, have: int, stop: int) -> int:
    """Read into ``buf[have:]`` until it is full or ``stop`` bytes of the file are in; the
    number of bytes ``buf`` holds then."""
    view = memoryview(buf)
    try:
        while have < len(buf) and stop > 0:
            got = cast(Any, fh).readinto(view[have: have + min(len(buf) - have, stop)])
            if not got:
                break
            have += got
            stop -= got
    finally:
        view.release()
    return have


def _data_end(fh: BinaryIO, size: int) -> int:
    """The file's length without the blank lines and spaces at its very end."""
    tail = min(size, 1 << 16)
    fh.seek(size - tail)
    end = size - tail + len(fh.read(tail).rstrip(_SPACE))
    return end if end > size - tail or tail == size else -1  # a 64 kB blank tail: the careful way


def read_plain_csv(fh: BinaryIO, size: int, require: Callable[[int], None] | None = None) -> Dataset | None:
    """The data set of a plain CSV file open in ``fh`` (``size`` bytes), or None when it is not
    plain or not good (see the module docstring). ``require(bytes)`` is told what the arrays
    will take before they are made (it may raise); it is not called when None is returned."""
    from . import _csv_kernels as K

    first = bytearray(min(size, _BLOCK))
    fh.seek(0)
    got = _fill(fh, first, 0, size)
    bom = len(codecs.BOM_UTF8) if first.startswith(codecs.BOM_UTF8) else 0  # as the careful way reads UTF-8
    while True:
        head = table_head(bytes(first[bom:got]))
        if head is None or head[2] is None:
            return None  # whitespace between the numbers, or an odd first line
        if head[1] + bom < got or got == size:
            break
        first.extend(bytes(len(first)))  # the first line goes on beyond the block: read more
        got = _fill(fh, first, got, size - got)
    start, _body, sep, header, width = head
    start += bom
    assert sep is not None  # checked above
    end = _data_end(fh, size)
    if end <= start:
        return None
    # Rows are counted first, so the table is made once at its size (no growing copies).
    lines = first.count(b"\n", start, min(got, end))
    if got < end:
        block = bytearray(_BLOCK)
        fh.seek(got)
        pos = got
        while pos < end:
            n = _fill(fh, block, 0, end - pos)
            if n == 0:
                return None  # the file shrank while read
            lines += block.count(b"\n", 0, n)
            pos += n
        del block
    first_len = len(first)
    del first
    cap = lines + 1
    if require is not None:
        require(8 * cap * width)
    X = np.empty((cap, width - 1))
    y = np.empty(cap)
    xb, yb = X.view(np.uint64), y.view(np.uint64)
    tables = (K.T_HI, K.T_LO, K.T_EXP)
    hard = [np.empty((_HARD, 4), np.int64) for _ in range(2)]
    sep_byte = ord(sep)

    def parse(buf: Any, a: int, b: int, row: int, k: int) -> tuple[int, int, int]:
        outcome, rows, nhard, _at = K.parse_lines(buf, a, b, sep_byte, width, xb, yb, row, hard[k], *tables)
        return int(outcome), int(rows), int(nhard)

    def settle(text: bytearray, k: int, nhard: int) -> None:
        for row, col, a, b in hard[k][:nhard].tolist():  # the few numbers the kernel could not certify
            value = float(bytes(text[a:b]))
            if col < width - 1:
                X[row, col] = value
            else:
                y[row] = value

    buf = bytearray(max(_BLOCK, 2 * first_len))
    arr = np.frombuffer(buf, np.uint8)
    row = 0
    fh.seek(start)
    pos, have = start, 0
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="perceptron-gui csv") if _workers() > 1 else _NoPool() as pool:
        while pos < end or have:
            if len(buf) - have < _BLOCK // 2 and pos < end:  # a line longer than the block: grow it
                del arr
                buf.extend(bytes(len(buf)))
                arr = np.frombuffer(buf, np.uint8)
            n = _fill(fh, buf, have, end - pos)
            pos += n - have
            if n == have and pos < end:
                return None  # the file shrank while read
            stop = n if pos >= end else buf.rfind(b"\n", 0, n) + 1
            if stop <= 0:  # no line end yet: read more into a bigger block
                have = n
                continue
            half = buf.find(b"\n", stop // 2, stop) + 1 if pool is not None and stop > _SPLIT_FROM else 0
            if pool is not None and 0 < half < stop:
                first_rows = buf.count(b"\n", 0, half)
                other = pool.submit(parse, arr, 0, half, row, 0)
                o2, r2, h2 = parse(arr, half, stop, row + first_rows, 1)
                o1, r1, h1 = other.result()
                if o1 != K.OK or o2 != K.OK or r1 != first_rows:
                    return None
                settle(buf, 0, h1)
                settle(buf, 1, h2)
                row += r1 + r2
            else:
                o1, r1, h1 = parse(arr, 0, stop, row, 0)
                if o1 != K.OK:
                    return None
                settle(buf, 0, h1)
                row += r1
            have = n - stop
            buf[:have] = buf[stop:n]
    if row == 0:
        return None
    try:
        return Dataset.from_arrays(X[:row], y[:row], header[:-1] if header else None, take=True)
    except DatasetError:
        return None  # the careful way names the line


class _NoPool:
    """No second worker: a context whose pool is None."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None
