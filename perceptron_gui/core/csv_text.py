"""CSV text to a :class:`~perceptron_gui.core.dataset.Dataset` (no files, no Qt).

Format: one point per line, the coordinates then the label, an optional header
``x1,...,xd,y``. The separator is found on the first line: a semicolon if it has one (the
spreadsheet export of countries with decimal commas), else a comma, else whitespace (then a
header with tabs is split on tabs only, so its names may hold spaces). Quoted cells follow the
csv module's rules. Blank lines and lines starting with ``#`` are skipped.
A number is written in ASCII the way a CSV writer writes it (``-1.5e3``, ``.5``, ``+2``):
``float()`` also takes ``1_000`` and Arabic-Indic digits, which no spreadsheet means as
numbers, so they are refused. Every fault ends in a
:class:`~perceptron_gui.core.dataset.DatasetError` naming the line, with long cells cut.
"""
from __future__ import annotations

import csv
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..i18n import _
from .csv_blocks import Span, block_lines, load_in_blocks, span_of_row
from .dataset import Dataset, DatasetError, RowError

__all__ = ["parse_csv_text", "clip_text", "shown_value", "is_number"]

# ASCII digits only (re.ASCII), no underscores; nan/inf are numbers here and refused later as
# not finite, so a first line "nan,1,1" is bad data, not a header.
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*(?:e[+-]?\d+)?|\.\d+(?:e[+-]?\d+)?|nan|inf(?:inity)?)",
                     re.ASCII | re.IGNORECASE)
_DECIMAL_COMMA = re.compile(r"[+-]?\d+,\d+", re.ASCII)
_MIDLINE_HASH = re.compile(r"^[ \t]*[^#\s][^\n]*#", re.MULTILINE)  # data, then a '#' on one line
_DATA_LINE = re.compile(r"^[ \t]*[^#\s]", re.MULTILINE)  # a line that is neither blank nor a comment
# The same two for the bytes of an ASCII file (parse_ascii_csv_bytes).
_MIDLINE_HASH_B = re.compile(rb"^[ \t]*[^#\s][^\n]*#", re.MULTILINE)
_DATA_LINE_B = re.compile(rb"^[ \t]*[^#\s]", re.MULTILINE)
_CLIP = 40  # characters of a cell shown in a message


def clip_text(text: str, limit: int = _CLIP) -> str:
    """``text`` cut to ``limit`` characters with "…", and one line: messages quote file
    content, and a 5,000-digit cell must not fill the screen."""
    text = str(text)
    text = text if len(text) <= limit else text[: limit - 1] + "…"
    # One line, and nothing a message box or terminal would act on (NUL, ESC, CR).
    return "".join(c if c.isprintable() else " " if c in "\t\r\n" else "\ufffd" for c in text)


def shown_value(value: object, limit: int = _CLIP) -> str:
    """``repr(value)`` for a message, cut like :func:`clip_text`; a huge integer is named by
    its number of digits (its repr would be thousands of characters, or fail past 4,300)."""
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]  # as the JSON file spells it
    if isinstance(value, int) and value.bit_length() > 100:
        return _("a number with about {n} digits").format(n=int(value.bit_length() * 0.30103) + 1)
    if isinstance(value, str):
        return "'" + clip_text(value, limit - 2) + "'"
    if isinstance(value, (list, dict)):  # its repr could be megabytes, or recurse too deep
        return (_("a list of {n} items") if isinstance(value, list) else _("an object with {n} keys")).format(
            n=len(value))
    try:
        return clip_text(repr(value), limit)
    except (ValueError, RecursionError):
        return _("a {type}").format(type=type(value).__name__)


def is_number(cell: str) -> bool:
    """Whether ``cell`` is a number as a CSV writer writes it (see the module docstring)."""
    return _NUMBER.fullmatch(cell) is not None


def _separator(first: str) -> str | None:
    """The separator of the file, from its first non-comment line (None: whitespace)."""
    if ";" in first:
        return ";"
    if "," in first:
        return ","
    return None


def _cells(line: str, sep: str | None) -> list[str]:
    """The cells of one line; trailing separators (a spreadsheet's empty columns) dropped."""
    if sep is None:
        return [c.strip("\"'") for c in line.split()]
    line = line.rstrip(sep + " \t")
    if '"' in line:
        # Quoted cells may hold the separator: the csv module knows the quoting rules.
        cells = next(csv.reader([line], delimiter=sep, skipinitialspace=True), [])
    else:
        cells = line.split(sep)
    return [c.strip().strip("'").strip() for c in cells]


def _header_cells(line: str, sep: str | None) -> list[str]:
    # A tab-separated header may name columns with spaces ("first name"): split on tabs then.
    if sep is None and "\t" in line:
        return [c.strip().strip("\"'") for c in line.strip().split("\t") if c.strip()]
    return _cells(line, sep)


def parse_ascii_csv_bytes(raw: bytes, source: str | None = None) -> Dataset | None:
    """The fast path of :func:`parse_csv_text` straight from the bytes of an ASCII file, or
    None when the file is not plain ASCII or anything is unusual (the caller then decodes it
    and parses the text). For ASCII the bytes are the text, so both accept the same files and
    name a fault in the same sentence; numpy reads bytes about a third faster than a str
    stream (10⁶ rows: 0.45 s against 0.61 s), and no 40 MB decode is made."""
    if not raw.isascii() or raw.find(b"\x00") != -1:
        return None
    return _dataset(_read_fast(raw), _("the data") if source is None else source)


def parse_csv_text(text: str, source: str | None = None) -> Dataset:
    """Parse CSV text into a :class:`Dataset` (see the module docstring); ``source`` names the
    text in messages (default "the data", in the current language)."""
    source = _("the data") if source is None else source
    data = _dataset(_read_fast(text), source)
    return data if data is not None else _checked_parse(text, source)


@dataclass(frozen=True)
class _FastRead:
    """What numpy read of a file (``values`` None: a block refused or of another width), and
    where each block lies, to name the line of a fault from its block alone."""

    raw: Any
    nl: Any
    sep: str | None
    width: int
    names: list[str] | None
    values: np.ndarray | None
    spans: list[Span]


def _dataset(fast: _FastRead | None, source: str) -> Dataset | None:
    """The data set ``fast`` read; a fault in it raised as the checked path words it, its line
    found by checking the lines of its block only (as cheap as reading a good file); None
    when the checked path must decide (anything unusual, or a fault the block does not show)."""
    if fast is None:
        return None
    values = fast.values
    if values is None or values.shape[1] != fast.width:
        suspect = next((s for s in fast.spans if s.rows < 0 or (s.rows > 0 and s.width != fast.width)), None)
        if suspect is not None:
            _check_block(fast, suspect, source)  # raises at the bad line, if that block shows it
        return None
    if values.shape[0] == 0:
        return None
    bad_rows = ~np.isfinite(values).all(axis=1)
    if bad_rows.any():
        _check_block(fast, span_of_row(fast.spans, int(np.argmax(bad_rows))), source)
        return None
    try:
        return Dataset.from_arrays(values[:, :-1], values[:, -1], fast.names)
    except RowError as exc:  # a bad label or a too large value: "Label 7 …", "Row 7, …"
        span = span_of_row(fast.spans, exc.row - 1)
        lines = _check_block(fast, span, source)
        if lines is None or len(lines) != span.rows:
            return None
        raise _at_line(exc, lambda r: lines[r - span.row][0], source) from None


def _check_block(fast: _FastRead, span: Span, source: str) -> list[tuple[int, str]] | None:
    """The checked path over one block's lines: raises a DatasetError at the first bad line;
    the block's data lines when it has none (None: its lines cannot be numbered cheaply)."""
    lines = block_lines(fast.raw, fast.nl, span)
    if lines is not None:
        _checked_values(lines, fast.width, fast.sep, source)
    return lines


def _head(lines: list[tuple[int, str]], source: str) -> tuple[str | None, list[str] | None, int]:
    """The separator, the header (None when the first line is data) and the width, from the
    first one or two non-comment lines."""
    if not lines:
        raise DatasetError(_("{source} holds no data rows; add lines like '0.5,1.2,1' (x1,x2,label).").format(
            source=source))
    sep = _separator(lines[0][1])
    first_cells = _header_cells(lines[0][1], sep)
    # A header has no numeric cell; a row with some numbers is data with a bad cell.
    if any(is_number(c) or _DECIMAL_COMMA.fullmatch(c) for c in first_cells):
        return sep, None, len(_cells(lines[0][1], sep))
    width = len(first_cells)
    if width < 2:
        raise DatasetError(_("The header of {source} has {width} column; it needs at least one feature and the "
                             "label y.").format(source=source, width=width))
    return sep, first_cells, width


def _fast_parse(text: str | bytes) -> tuple[list[str] | None, np.ndarray] | None:
    """The names and values numpy reads of a well-formed file; None when anything is unusual
    or wrong (see :func:`_read_fast`)."""
    fast = _read_fast(text)
    if fast is None or fast.values is None or fast.values.shape[0] == 0 or fast.values.shape[1] != fast.width:
        return None
    if not np.all(np.isfinite(fast.values)):
        return None
    return fast.names, fast.values


def table_head(raw: Any) -> tuple[int, int, str | None, list[str] | None, int] | None:
    """Where the numbers of a CSV's text or bytes begin, the end of its first line, its
    separator, its header (None when the first line is data) and its width, from the first
    line that is neither blank nor a comment; None when that line is unusual (a bare CR, a bad
    header, fewer than two columns, more than 1,000 comment lines before it, none at all)."""
    nl, cr, hash_ = (b"\n", b"\r", b"#") if isinstance(raw, (bytes, bytearray)) else ("\n", "\r", "#")
    pos, skipped = 0, 0
    while True:  # leading blank and comment lines
        end = raw.find(nl, pos)
        first = raw[pos: end if end >= 0 else len(raw)].strip()
        if first and not first.startswith(hash_):
            break
        if end < 0 or skipped > 1000:
            return None
        pos, skipped = end + 1, skipped + 1
    body = len(raw) if end < 0 else end + 1
    if cr in first:
        return None  # bare CR line ends
    try:
        head = first.decode("utf-8") if isinstance(first, (bytes, bytearray)) else first
        sep, header, width = _head([(skipped + 1, head)], "")
    except (DatasetError, UnicodeDecodeError):
        return None
    if width < 2:
        return None
    # numpy reads from the first data line: a header's quotes and '#' are the checked path's
    # business only below it. A file of one data line is read here too (1 × 10⁶ features).
    return (body if header else pos), body, sep, header, width


def _read_fast(text: str | bytes) -> _FastRead | None:
    """numpy's C parser over the whole text, for well-formed files (10⁶ rows: about twice as
    fast as splitting lines in Python); None when anything is unusual, so the checked loop
    decides.

    numpy refuses ``1_000``, non-ASCII digits and hex, like :func:`is_number`; what it takes
    beyond that (nan, inf) is caught by the finiteness check. Quotes below the header, and a
    ``#`` after data on a line, take the checked path, so both paths accept exactly the same
    files (a quoted header, as R's write.csv writes it, and comment lines are fine)."""
    # An ASCII file's bytes get the same checks as text (the names are typed Any: str or bytes).
    raw: Any = text
    nl, quotes, hash_, midline, data_line = (
        (b"\n", (b'"', b"'"), b"#", _MIDLINE_HASH_B, _DATA_LINE_B) if isinstance(text, bytes)
        else ("\n", ('"', "'"), "#", _MIDLINE_HASH, _DATA_LINE))
    head = table_head(raw)
    if head is None:
        return None
    start, body, sep, header, width = head
    if any(raw.find(q, start) != -1 for q in quotes):
        return None  # quoted cells
    if raw.find(hash_, start) != -1 and midline.search(raw, start):
        return None
    if header is not None and not data_line.search(raw, body):
        return None  # a header alone (numpy would warn on stderr)
    spans: list[Span] = []
    values = _load_in_blocks(raw, nl, sep, start, spans)
    return _FastRead(raw, nl, sep, width, header[:-1] if header else None, values, spans)


# numpy's C parser holds the GIL while it reads: over a 42 MB file (10⁶ rows) that froze the
# window's thread 0.5 s while a worker read the file. In blocks of about this many characters,
# the window gets the GIL back between them: ~4 ms a block of points of the plane, ~20 ms of rows
# of 784 features (1 MB blocks held it ~70 ms there, and a wide open blocked the window 140–170 ms;
# bench_csv_read.py reads 10⁶ rows at 1.40× a bare np.loadtxt with either size).
_BLOCK_CHARS = 1 << 18


def _load_in_blocks(raw: Any, nl: Any, sep: str | None, start: int, spans: list[Span]) -> np.ndarray | None:
    """:func:`~perceptron_gui.core.csv_blocks.load_in_blocks` in blocks of :data:`_BLOCK_CHARS`."""
    return load_in_blocks(raw, nl, sep, start, _BLOCK_CHARS, spans)


def _checked_parse(text: str, source: str) -> Dataset:
    """Line by line, naming the line of the first fault."""
    lines = [(i + 1, ln.strip()) for i, ln in enumerate(text.splitlines())]
    lines = [(no, ln) for no, ln in lines if ln and not ln.startswith("#")]
    sep, header, width = _head(lines, source)
    if header is not None:
        lines = lines[1:]
    if not lines:
        raise DatasetError(_("{source} has a header but no data rows; add lines like '0.5,1.2,1'.").format(source=source))
    if width == 1:
        raise DatasetError(
            _("Line {line} of {source} has one value; each line needs the coordinates and then the label.").format(
                line=lines[0][0], source=source)
        )
    values = _checked_values(lines, width, sep, source)
    names = header[:-1] if header else None
    try:
        return Dataset.from_arrays(values[:, :-1], values[:, -1], names)
    except DatasetError as exc:
        raise _at_line(exc, lambda r: lines[r][0], source) from None


def _at_line(exc: DatasetError, line_of_row: Callable[[int], int], source: str) -> DatasetError:
    """``exc`` pointing the user at the line (``line_of_row``: the line of a row), not at an
    index inside the array."""
    if not isinstance(exc, RowError):
        return exc
    line_no = line_of_row(exc.row - 1)
    if exc.kind == "row":  # "Row 3, column 1 is ..." -> "Line 4 of f.csv, column 1 is ..."
        return DatasetError(exc.sentence(_("Line {line} of {source}").format(line=line_no, source=source)))
    return DatasetError(exc.sentence(_("Line {line} of {source}: label").format(line=line_no, source=source)))


def _checked_values(lines: list[tuple[int, str]], width: int, sep: str | None, source: str) -> np.ndarray:
    """Cell by cell, with a sentence naming the line and column of the first bad value."""
    values = np.empty((len(lines), width), dtype=np.float64)
    match = _NUMBER.fullmatch
    for r, (no, ln) in enumerate(lines):
        cells = _cells(ln, sep)
        if len(cells) != width:
            raise DatasetError(
                _("Line {line} of {source} has {n} values but {width} were expected; give every line the same "
                  "columns.").format(line=no, source=source, n=len(cells), width=width)
            )
        if not all(map(match, cells)):
            for c, cell in enumerate(cells):
                _number(cell, _("Line {line} of {source}, column {column}").format(
                    line=no, source=source, column=c + 1))  # raises at the bad cell
        values[r] = list(map(float, cells))
    bad = ~np.isfinite(values)
    if bad.any():
        r, c = map(int, np.argwhere(bad)[0])
        no, ln = lines[r]
        _number(_cells(ln, sep)[c], _("Line {line} of {source}, column {column}").format(
            line=no, source=source, column=c + 1))
    return values


def _number(cell: str, where: str) -> float:
    """The value of one cell, or a sentence saying what is wrong with it."""
    shown = clip_text(cell)
    if not cell:
        raise DatasetError(_("{where} is empty; fill it in or delete that line.").format(where=where))
    if not is_number(cell):
        if _DECIMAL_COMMA.fullmatch(cell):  # "1,5" from a ';' file, or quoted in a ',' file
            raise DatasetError(_("{where}: '{cell}' has a decimal comma; write it with a point "
                                 "({fixed}).").format(where=where, cell=shown, fixed=cell.replace(",", ".")))
        raise DatasetError(_("{where}: '{cell}' is not a number; fix or delete that line.").format(where=where, cell=shown))
    v = float(cell)
    if not np.isfinite(v):
        if cell.strip("+-").lower().startswith(("nan", "inf")):
            raise DatasetError(_("{where}: '{cell}' is not a finite number; replace it with an ordinary number.").format(
                where=where, cell=shown))
        # Digits that overflow float64 (1e400, or a 5,000-digit integer).
        raise DatasetError(_("{where}: '{cell}' is not a finite number (too large for a float); "
                             "rescale the data.").format(where=where, cell=shown))
    return v
