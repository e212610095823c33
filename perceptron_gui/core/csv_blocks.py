"""The fast CSV parse's blocks: numpy's parser over ~1 MB of lines at a time, and where each
block lies in the file, so a fault found in one (a bad cell, a short line, a non-finite value,
a bad label) is named by checking that block's lines alone. Re-parsing the whole file line by
line to find one bad last line took 60 s and 1.8 GB for 200 MB.
"""
from __future__ import annotations

import io
import warnings
from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["Span", "load_in_blocks", "block_lines", "span_of_row"]

# Line breaks str.splitlines (the checked path's line numbers) knows besides "\n" and "\r\n".
_OTHER_BREAKS = ("\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")


@dataclass(frozen=True)
class Span:
    """One block: its characters ``raw[start:end]``, the index of its first row among all
    rows read, and the rows and columns numpy read from it (``rows == -1``: refused)."""

    start: int
    end: int
    row: int
    rows: int
    width: int


def load_in_blocks(raw: Any, nl: Any, sep: str | None, start: int, block_chars: int,
                   spans: list[Span]) -> np.ndarray | None:
    """np.loadtxt over ``raw[start:]`` block by block, each ending at a line end; the rows
    joined. None when numpy refuses a block or the blocks' widths differ. Every block read or
    refused is appended to ``spans``."""
    parts: list[np.ndarray] = []
    row = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a block of comment lines only: "input contained no data"
        while start < len(raw):
            end = raw.find(nl, min(start + block_chars, len(raw)))
            end = len(raw) if end < 0 else end + 1
            chunk = raw[start:end]
            stream = io.BytesIO(chunk) if isinstance(chunk, bytes) else io.StringIO(chunk)
            try:
                block = np.loadtxt(stream, delimiter=sep, dtype=np.float64, ndmin=2, comments="#")
            except (ValueError, TypeError):
                spans.append(Span(start, end, row, -1, -1))
                return None
            spans.append(Span(start, end, row, int(block.shape[0]), int(block.shape[1])))
            if block.shape[0]:
                if parts and block.shape[1] != parts[0].shape[1]:
                    return None
                parts.append(block)
                row += block.shape[0]
            start = end
    if not parts:
        return np.zeros((0, 0))
    return parts[0] if len(parts) == 1 else np.concatenate(parts)


def span_of_row(spans: list[Span], r: int) -> Span:
    """The block that row ``r`` (of all rows read) came from."""
    return next(s for s in spans if s.rows > 0 and s.row <= r < s.row + s.rows)


def block_lines(raw: Any, nl: Any, span: Span) -> list[tuple[int, str]] | None:
    """The data lines of one block (stripped; no blank or comment lines) with their numbers in
    the file, as the checked path numbers them; None when a line break other than "\\n" (a
    lone "\\r", a form feed) comes before the block's end, where counting "\\n" would not."""
    text = raw if isinstance(raw, str) else None
    for brk in _OTHER_BREAKS:
        if brk == "\r":
            crs = raw.count(b"\r" if text is None else "\r", 0, span.end)
            if crs and crs != raw.count(b"\r\n" if text is None else "\r\n", 0, span.end):
                return None
        elif (text is not None or brk.isascii()) and raw.find(brk if text is not None else brk.encode(), 0, span.end) != -1:
            return None
    first = raw.count(nl, 0, span.start) + 1
    chunk = raw[span.start:span.end]
    lines = (chunk if isinstance(chunk, str) else chunk.decode("ascii")).split("\n")
    stripped = ((first + i, ln.strip()) for i, ln in enumerate(lines))
    return [(no, ln) for no, ln in stripped if ln and not ln.startswith("#")]
