"""Reading input files safely, and writing data sets as CSV.

Every input file (a data CSV, a session ``.perceptron.json``, a run file, a state file) is
read by :func:`read_file_bytes`: only a regular file (a symlink counts as what it points at;
a FIFO, a device such as ``/dev/zero`` or a socket is refused before it is opened, so nothing
blocks), opened non-blocking, and read with a size cap checked while reading (``st_size``
says 0 for ``/proc`` files). Every way reading, decoding or parsing can fail (``OSError``,
``UnicodeError``, ``RecursionError`` from deeply nested JSON, ``ValueError`` from a 5,000-digit
integer, ``MemoryError``) ends in a :class:`FileReadError` (a
:class:`~perceptron_gui.core.dataset.DatasetError`) whose message is one sentence.
The CSV format itself is described in :mod:`perceptron_gui.core.csv_text`.
"""
from __future__ import annotations

import codecs
import errno
import json
import os
import stat
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from ..i18n import N_, _
from .atomic import atomic_write_chunks, atomic_write_text  # re-exported: the one atomic writer
from .csv_stream import STREAM_FROM_BYTES, read_plain_csv
from .csv_text import clip_text, parse_ascii_csv_bytes, parse_csv_text
from .dataset import Dataset, DatasetError
from .errors import UserError
from .run_memory import csv_read_bytes, require_memory
from .savable_text import FIX, check_json_text, half_character
from .write_target import resolve_target, target_problem

__all__ = ["read_csv", "parse_csv_text", "write_csv", "dataset_to_csv_text", "atomic_write_text",
           "atomic_write_chunks", "read_json_file", "unwritable_reason", "FileReadError",
           "read_file_bytes", "decode_text", "MAX_CSV_BYTES", "MAX_JSON_BYTES", "MAX_JSON_DEPTH"]

MAX_CSV_BYTES = 2_000_000_000
MAX_FILE_BYTES = MAX_CSV_BYTES  # the old name
# A session of 10⁶ points is about 50 MB; a run file grows with its updates.
MAX_JSON_BYTES = 1_000_000_000
# Our JSON files nest 5 levels (a session's data.X[i][j]); anything far deeper is not ours,
# and would make the checks below recurse.
MAX_JSON_DEPTH = 32
_CHUNK = 1 << 22
_KINDS = ((stat.S_ISFIFO, N_("a named pipe (FIFO)")), (stat.S_ISSOCK, N_("a socket")),
          (stat.S_ISCHR, N_("a device")), (stat.S_ISBLK, N_("a device")))


class FileReadError(DatasetError):
    """An input file that cannot be read or parsed; ``str(err)`` is one sentence."""


def _size_text(n: int) -> str:
    return _("{n:g} GB").format(n=n / 1e9) if n >= 1e9 else _("{n:g} MB").format(n=n / 1e6)


def _shown_path(p: Path, limit: int = 80) -> str:
    """A path for a message: its end (the file's name) is what matters when it is long."""
    text = clip_text(str(p), 10**6)
    return text if len(text) <= limit else "…" + text[-(limit - 1):]


def _os_sentence(exc: OSError | ValueError, p: Path, what: str) -> str:
    """One sentence for a failed stat or open of ``p``."""
    name = clip_text(p.name, 60)
    if isinstance(exc, ValueError):  # a NUL character in the name
        return _("The name of the {what} {path} holds a NUL character; choose the file again.").format(
            what=what, path=clip_text(repr(str(p)), 60))
    code = exc.errno
    if code in (errno.ENOENT, errno.ENOTDIR):
        if p.is_symlink():
            return _("{name} is a link to a file that does not exist; choose the file it should point to.").format(
                name=name)
        return _("The {what} {path} does not exist; check the name and folder.").format(what=what, path=_shown_path(p))
    if code == errno.ENAMETOOLONG:
        return _("The name of the {what} {name} is too long for the file system; rename it or choose another "
                 "file.").format(what=what, name=name)
    if code == errno.ELOOP:
        return _("{name} is a link that leads back to itself; choose the real file.").format(name=name)
    if code in (errno.EACCES, errno.EPERM):
        return _("{name} could not be read (permission denied); check the permissions of the file and its "
                 "folder.").format(name=name)
    reason = exc.strerror or type(exc).__name__
    return _("{name} could not be read ({reason}); check the file and try again.").format(name=name, reason=reason)


@contextmanager
def open_regular_file(path: str | os.PathLike[str], what: str | None = None, choose: str | None = None,
                      max_bytes: int = MAX_CSV_BYTES,
                      error: type[UserError] = FileReadError) -> Iterator[tuple[BinaryIO, os.stat_result]]:
    """A regular file of at most ``max_bytes`` bytes, open for reading without buffering, and
    its status; the checks and sentences of :func:`read_file_bytes` (whose parameters these
    are). An ``OSError`` while it is read becomes ``error`` too."""
    p = Path(os.fspath(path))
    name = clip_text(p.name, 60)
    what = _("file") if what is None else what
    choose = _("a file") if choose is None else choose
    try:
        st = os.stat(p)  # follows symlinks: judge what the link points at
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        raise error(_os_sentence(exc, p, what)) from None
    if stat.S_ISDIR(st.st_mode):
        raise error(_("{path} is a folder, not a {what}; choose {choose}.").format(
            path=_shown_path(p), what=what, choose=choose))
    _check_regular(st, name, what, choose, error)
    try:
        # O_NONBLOCK: if a FIFO took the file's place since the stat, open must not wait for a writer.
        fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise error(_os_sentence(exc, p, what)) from None
    try:
        with os.fdopen(fd, "rb", buffering=0) as fh:
            _check_regular(os.fstat(fh.fileno()), name, what, choose, error)
            if st.st_size > max_bytes:
                raise _too_big(name, max_bytes, what, error)
            yield fh, st
    except OSError as exc:
        raise error(_os_sentence(exc, p, what)) from None


def _too_big(name: str, max_bytes: int, what: str, error: type[UserError]) -> UserError:
    return error(_("{name} is larger than {size}, too big for a {what}; split it or sample it first.").format(
        name=name, size=_size_text(max_bytes), what=what))


def read_file_bytes(path: str | os.PathLike[str], what: str | None = None, choose: str | None = None,
                    max_bytes: int = MAX_CSV_BYTES, error: type[UserError] = FileReadError) -> bytes:
    """The bytes of a regular file, at most ``max_bytes`` of them.

    Parameters
    ----------
    path : path-like
    what : str
        The kind of file in messages ("data file", "session file"), in the current language
        (default "file").
    choose : str
        What to choose instead of a folder or a pipe ("a .csv file"; default "a file").
    max_bytes : int
        The cap, checked while reading.
    error : type
        The :class:`~perceptron_gui.core.errors.UserError` subclass raised.

    Raises
    ------
    UserError
        ``error`` with one sentence: missing, a folder, not a regular file, unreadable, too big.
    """
    name = clip_text(Path(os.fspath(path)).name, 60)
    what = _("file") if what is None else what
    try:
        with open_regular_file(path, what, choose, max_bytes, error) as (fh, st):
            # Its bytes must fit before anything is made of them.
            require_memory(st.st_size, _("Reading {name}").format(name=name),
                           _("close other programs, or choose a smaller {what}").format(what=what), error)
            parts: list[bytes] = []
            total = 0
            # st_size is a hint only (0 for /proc files): read until the end, counting.
            want = min(max(st.st_size + 1, _CHUNK), max_bytes + 1)
            while True:
                chunk = fh.read(min(want, max_bytes + 1 - total))
                if not chunk:
                    break
                parts.append(chunk)
                total += len(chunk)
                if total > max_bytes:
                    raise _too_big(name, max_bytes, what, error)
                want = _CHUNK
            return parts[0] if len(parts) == 1 else b"".join(parts)
    except MemoryError:
        raise error(_("{name} is too big to read with the memory there is; split it or sample it first.").format(
            name=name)) from None


def _check_regular(st: os.stat_result, name: str, what: str, choose: str, error: type[UserError]) -> None:
    for test, kind in _KINDS:
        if test(st.st_mode):
            raise error(_("{name} is {kind}, not a {what} on disk; choose {choose}.").format(
                name=name, kind=_(kind), what=what, choose=choose))
    if not stat.S_ISREG(st.st_mode):
        raise error(_("{name} is not a regular file; choose {choose}.").format(name=name, choose=choose))


def decode_text(raw: bytes, name: str, what: str | None = None, error: type[UserError] = FileReadError,
                fix: str | None = None) -> str:
    """Text from bytes: UTF-8 (with or without a BOM), or UTF-16/32 with a BOM or, for
    UTF-16, the zero bytes every other byte that mark it; anything else is one sentence
    (``fix`` says what to do about a binary file). ``what`` (default "text file") and ``fix``
    (default "choose another file") are in the current language."""
    shown = clip_text(name, 60)
    what = _("text file") if what is None else what
    fix = _("choose another file") if fix is None else fix
    encoding = "utf-8"
    for bom, enc in ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
                     (codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"),
                     (codecs.BOM_UTF16_BE, "utf-16")):
        if raw.startswith(bom):
            encoding = enc
            break
    else:
        head = raw[:4096]
        if len(head) >= 4 and len(head) % 2 == 0:
            # ASCII text saved as UTF-16 without a BOM: every other byte is zero.
            if head[1::2].count(0) == len(head) // 2 and head[0::2].count(0) == 0:
                encoding = "utf-16-le"
            elif head[0::2].count(0) == len(head) // 2 and head[1::2].count(0) == 0:
                encoding = "utf-16-be"
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError as exc:
        if encoding.startswith("utf-8") and b"\x00" in raw[:4096]:
            raise error(_("{name} is a binary file, not text, so it is not a {what}; {fix}.").format(
                name=shown, what=what, fix=fix)) from None
        where = raw[: exc.start].count(b"\n") + 1
        if _is_surrogate(raw, exc):
            line = _("Line {line} of {name}").format(line=where, name=shown)
            raise error(_("{problem}; {fix}.").format(problem=half_character(line), fix=_(FIX))) from None
        text = (_("{name} is not {encoding} text: byte 0x{byte:02X} on line {line} cannot be read (perhaps Latin-1 or "
                  "Windows-1252); save it as UTF-8.") if encoding.startswith("utf-8") else
                _("{name} is not {encoding} text: byte 0x{byte:02X} on line {line} cannot be read; save it as UTF-8."))
        raise error(text.format(name=shown, encoding=encoding.upper().replace("-SIG", ""), byte=raw[exc.start],
                                line=where)) from None
    except MemoryError:
        raise error(_("{name} is too big to read with the memory there is; split it or sample it first.").format(
            name=shown)) from None
    if "\x00" in text[:4096]:
        raise error(_("{name} is a binary file, not text, so it is not a {what}; {fix}.").format(
            name=shown, what=what, fix=fix))
    return text


def _is_surrogate(raw: bytes, exc: UnicodeDecodeError) -> bool:
    """Whether decoding failed at half of a UTF-16 pair: spelt in UTF-8 (0xED then 0xA0–0xBF),
    or alone in UTF-16 or UTF-32 (the decoders say "surrogate")."""
    if "surrogate" in exc.reason:
        return True
    return raw[exc.start] == 0xED and exc.start + 1 < len(raw) and 0xA0 <= raw[exc.start + 1] <= 0xBF


def read_csv(path: str | os.PathLike[str]) -> Dataset:
    """Read a data set from a CSV file (the format: :mod:`perceptron_gui.core.csv_text`).

    Raises
    ------
    DatasetError
        One sentence for every fault of the file or its content.
    """
    p = Path(os.fspath(path))
    what, choose, name = _("CSV data file"), _("a .csv file"), clip_text(p.name, 60)
    with open_regular_file(p, what, choose, MAX_CSV_BYTES) as (fh, st):
        if st.st_size >= STREAM_FROM_BYTES:
            def require(table: int) -> None:
                require_memory(table, _("Reading {name}").format(name=name),
                               _("close other programs, or split or sample the file first"), FileReadError)
            try:
                plain = read_plain_csv(fh, st.st_size, require)
            except MemoryError:
                plain = None
            if plain is not None:
                return _with_notices(plain)
    # Small, unusual or faulty: the whole text, read the careful way.
    raw = read_file_bytes(p, what, choose, MAX_CSV_BYTES)
    cells, d = _table_size(raw)
    require_memory(csv_read_bytes(cells, d), _("Reading {name} ({cells:,} numbers)").format(
                       name=clip_text(p.name, 60), cells=cells),
                   _("close other programs, or split or sample the file first"), FileReadError)
    try:
        fast = parse_ascii_csv_bytes(raw, source=clip_text(p.name, 60))
    except MemoryError:
        fast = None
    if fast is not None:
        return _with_notices(fast)
    text = decode_text(raw, p.name, _("CSV file"), fix=_("export the data as CSV text first"))
    del raw
    try:
        return _with_notices(parse_csv_text(text, source=clip_text(p.name, 60)))
    except MemoryError:
        raise FileReadError(_("{name} is too big to read with the memory there is; split it or sample it first.").format(
            name=clip_text(p.name, 60))) from None


def _table_size(raw: bytes) -> tuple[int, int]:
    """About how many numbers, and columns, a CSV's bytes hold, without parsing them: its lines
    times the cells of its first line (blank and comment lines count as rows: a little more)."""
    end = raw.find(b"\n")
    end = len(raw) if end < 0 else end
    seps = max(raw.count(b",", 0, end), raw.count(b";", 0, end))
    if not seps:  # whitespace between the numbers
        seps = raw.count(b" ", 0, end) + raw.count(b"\t", 0, end)
    rows = raw.count(b"\n") + (0 if raw.endswith(b"\n") else 1)
    return rows * (seps + 1), seps + 1


def _with_notices(data: Dataset) -> Dataset:
    """``data`` with its notices found: on the reader's thread (the window reads files on a
    worker), so the window's thread, which shows them, finds them done."""
    data.notices  # noqa: B018
    return data


def dataset_to_csv_text(data: Dataset) -> str:
    """The CSV text for ``data`` with the header ``x1,...,xd,y``; values round-trip exactly."""
    header = ",".join([*data.feature_names, "y"])
    out = [header]
    for x, yv in zip(data.X.tolist(), data.y.tolist()):
        out.append(",".join(repr(float(v)) for v in x) + f",{int(yv)}")
    return "\n".join(out) + "\n"


def write_csv(data: Dataset, path: str | os.PathLike[str]) -> None:
    """Write ``data`` as CSV, atomically (a crash mid-save leaves the old file)."""
    atomic_write_text(path, dataset_to_csv_text(data))


def read_json_file(path: str | os.PathLike[str], what: str, choose: str,
                   error: type[UserError] = DatasetError, max_bytes: int = MAX_JSON_BYTES) -> object:
    """Parse a JSON file; every way it can fail becomes ``error`` with one sentence.

    ``what`` names the kind of file in messages ("run file"), ``choose`` what to pick
    instead of a folder ("a .json file"). The file is read by :func:`read_file_bytes`;
    nesting deeper than :data:`MAX_JSON_DEPTH` is refused, so the checks that follow never
    recurse out of the stack.
    """
    p = Path(os.fspath(path))
    name = clip_text(p.name, 60)
    text = decode_text(read_file_bytes(p, what, choose, max_bytes, error), p.name, what, error,
                       _("choose {choose}").format(choose=choose))
    too_deep = _("{name} is nested too deeply to be a {what}; it is damaged or not a {what}.")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(_("{name} is not valid JSON (line {line}, column {column}); it may be damaged or not a {what}.").format(
            name=name, line=exc.lineno, column=exc.colno, what=what)) from None
    except RecursionError:
        raise error(too_deep.format(name=name, what=what)) from None
    except ValueError:  # an integer of more than 4,300 digits (Python's int-str limit)
        raise error(_("{name} holds a number with thousands of digits, so it is damaged or not a {what}.").format(
            name=name, what=what)) from None
    except MemoryError:
        raise error(_("{name} is too big to read with the memory there is, so it cannot be a {what}.").format(
            name=name, what=what)) from None
    if _too_deep(doc, MAX_JSON_DEPTH):
        raise error(too_deep.format(name=name, what=what))
    check_json_text(doc, text, name, error)  # what cannot be saved again is never accepted
    return doc


def _too_deep(doc: object, limit: int) -> bool:
    """Whether lists/objects nest more than ``limit`` levels (iterative: no recursion).

    It follows every value of an object but only the first item of a list: walking each row
    of a 10⁶-point table would double the parse time, rows have one shape, and the checks of
    every reader refuse a list found where a number belongs anyway."""
    stack: list[tuple[object, int]] = [(doc, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            children: Iterable[object] = node.values()
        elif isinstance(node, list) and node:
            children = (node[0],)
        else:
            continue
        for child in children:
            if isinstance(child, (list, dict)):
                if depth + 1 > limit:
                    return True
                stack.append((child, depth + 1))
    return False


def unwritable_reason(path: str | os.PathLike[str]) -> str | None:
    """A sentence saying why ``path`` cannot be written (a folder, a pipe or a device, a name
    ending in '/', a missing or read-only folder), or None; callers check before long work, not
    after it. A symbolic link is judged by the file it points at, which the writer replaces."""
    problem = target_problem(path)
    if problem is not None:
        return problem
    p = resolve_target(path)
    folder = p.parent if str(p.parent) else Path(".")
    if p.is_dir():
        return _("{path} is a folder; give a file name to write to.").format(path=p)
    if not folder.is_dir():
        return _("The folder {folder} does not exist; create it or write {name} elsewhere.").format(
            folder=folder, name=p.name)
    if not os.access(folder, os.W_OK):
        return _("The folder {folder} is not writable; write {name} elsewhere.").format(folder=folder, name=p.name)
    return None
