"""CSV reading and writing for data sets.

Format: one point per line, the coordinates then the label, header ``x1,...,xd,y``.
On reading the header is optional and the separator may be commas or whitespace;
blank lines and lines starting with ``#`` are skipped. Every fault ends in a
:class:`~perceptron_gui.core.dataset.DatasetError` with the line number in its sentence.
"""
from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path
from typing import Iterable

import numpy as np

from .dataset import Dataset, DatasetError

__all__ = ["read_csv", "parse_csv_text", "write_csv", "dataset_to_csv_text", "atomic_write_text",
           "atomic_write_chunks", "read_json_file", "unwritable_reason"]

_SPLIT = re.compile(r"\s*,\s*|\s+")
MAX_FILE_BYTES = 2_000_000_000


def read_csv(path: str | os.PathLike[str]) -> Dataset:
    """Read a data set from a CSV file (see the module docstring for the format)."""
    p = Path(path)
    if not p.exists():
        raise DatasetError(f"The file {p} does not exist; check the name and folder.")
    if p.is_dir():
        raise DatasetError(f"{p} is a folder, not a CSV file; choose a file.")
    if p.stat().st_size > MAX_FILE_BYTES:
        raise DatasetError(f"{p.name} is larger than 2 GB; split it or sample it first.")
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise DatasetError(f"{p.name} could not be read ({exc.strerror}); check its permissions.") from None
    if b"\x00" in raw[:4096]:
        raise DatasetError(f"{p.name} is a binary file, not text; export the data as CSV first.")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DatasetError(f"{p.name} is not UTF-8 text; save it as UTF-8 CSV.") from None
    return parse_csv_text(text, source=p.name)


def parse_csv_text(text: str, source: str = "the data") -> Dataset:
    """Parse CSV text into a :class:`Dataset`."""
    lines = [(i + 1, ln.strip()) for i, ln in enumerate(text.splitlines())]
    lines = [(no, ln) for no, ln in lines if ln and not ln.startswith("#")]
    if not lines:
        raise DatasetError(f"{source} holds no data rows; add lines like '0.5,1.2,1' (x1,x2,label).")
    header: list[str] | None = None
    first_no, first = lines[0]
    first_cells = _cells(first)
    # A header has no numeric cell; a row with some numbers is data with a bad cell.
    if not any(_is_number(c) for c in first_cells):
        header = first_cells
        lines = lines[1:]
    width = len(header) if header else len(_cells(lines[0][1])) if lines else 0
    if header is not None and width < 2:
        raise DatasetError(f"The header of {source} has {width} column; it needs at least one feature and the label y.")
    if not lines:
        raise DatasetError(f"{source} has a header but no data rows; add lines like '0.5,1.2,1'.")
    if width == 1:
        raise DatasetError(
            f"Line {lines[0][0]} of {source} has one value; each line needs the coordinates and then the label."
        )
    values = _fast_values(lines, width)
    if values is None:
        values = _checked_values(lines, width, source)
    names = header[:-1] if header else None
    try:
        return Dataset.from_arrays(values[:, :-1], values[:, -1], names)
    except DatasetError as exc:
        # Point the user at the line, not at an index inside the array.
        msg = str(exc)
        m = re.match(r"(Label|Row) (\d+)(.*)", msg)
        if m:
            line_no = lines[int(m.group(2)) - 1][0]
            if m.group(1) == "Row":  # "Row 3, column 1 is ..." -> "Line 4 of f.csv, column 1 is ..."
                raise DatasetError(f"Line {line_no} of {source}{m.group(3)}") from None
            raise DatasetError(f"Line {line_no} of {source}: {m.group(1).lower()}{m.group(3)}") from None
        raise


def _fast_values(lines: list[tuple[int, str]], width: int) -> np.ndarray | None:
    """numpy's C parser for well-formed files (about 10× faster than the checked loop on
    10⁶ rows); None when anything is unusual, so the checked loop finds and names the line."""
    text = [ln for _, ln in lines]
    if any('"' in ln or "'" in ln for ln in text[:1000]):
        return None
    delimiter = "," if "," in text[0] else None
    try:
        values = np.loadtxt(text, delimiter=delimiter, dtype=np.float64, ndmin=2)
    except (ValueError, TypeError):
        return None
    if values.shape != (len(text), width) or not np.all(np.isfinite(values)):
        return None
    return values


def _checked_values(lines: list[tuple[int, str]], width: int, source: str) -> np.ndarray:
    """Cell by cell, with a sentence naming the line and column of the first bad value."""
    values = np.empty((len(lines), width), dtype=np.float64)
    for r, (no, ln) in enumerate(lines):
        cells = _cells(ln)
        if len(cells) != width:
            raise DatasetError(
                f"Line {no} of {source} has {len(cells)} values but {width} were expected; give every line the same columns."
            )
        for c, cell in enumerate(cells):
            try:
                v = float(cell)
            except ValueError:
                raise DatasetError(
                    f"Line {no} of {source}, column {c + 1}: '{cell}' is not a number; fix or delete that line."
                ) from None
            if not np.isfinite(v):
                raise DatasetError(
                    f"Line {no} of {source}, column {c + 1}: '{cell}' is not a finite number; replace it with an ordinary number."
                )
            values[r, c] = v
    return values


def _cells(line: str) -> list[str]:
    return [c.strip().strip('"').strip("'") for c in _SPLIT.split(line.strip()) if c != ""]


def _is_number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


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
                   error: type[DatasetError] = DatasetError) -> object:
    """Parse a JSON file; every way it can fail becomes ``error`` with one sentence.

    ``what`` names the kind of file in messages ("run file"), ``choose`` what to pick
    instead of a folder ("a .json file").
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise error(f"The {what} {p} does not exist; check the name and folder.") from None
    except IsADirectoryError:
        raise error(f"{p} is a folder, not a {what}; choose {choose}.") from None
    except UnicodeDecodeError:
        raise error(f"{p.name} is not UTF-8 text, so it is not a {what}.") from None
    except OSError as exc:
        raise error(f"{p.name} could not be read ({exc.strerror}); check its permissions.") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"{p.name} is not valid JSON (line {exc.lineno}, column {exc.colno}); "
                    f"it may be damaged or not a {what}.") from None


def unwritable_reason(path: str | os.PathLike[str]) -> str | None:
    """A sentence saying why ``path`` cannot be written (a folder, a missing or read-only
    folder), or None; callers check before long work, not after it."""
    p = Path(path)
    folder = p.parent if str(p.parent) else Path(".")
    if p.is_dir():
        return f"{p} is a folder; give a file name to write to."
    if not folder.is_dir():
        return f"The folder {folder} does not exist; create it or write {p.name} elsewhere."
    if not os.access(folder, os.W_OK):
        return f"The folder {folder} is not writable; write {p.name} elsewhere."
    return None


def _file_mode(p: Path) -> int:
    """The mode the file has now, or what a plain open() would give it (mkstemp uses 0600)."""
    try:
        return p.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write text to a temporary file beside ``path``, then rename it over ``path``."""
    atomic_write_chunks(path, (text,))


def atomic_write_chunks(path: str | os.PathLike[str], chunks: Iterable[str]) -> None:
    """Stream ``chunks`` to a temporary file beside ``path``, flush it to disk, then rename it
    over ``path``: a crash mid-save leaves the old file, never a half-written one."""
    p = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=str(p.parent) or ".")
    try:
        os.chmod(tmp, _file_mode(p))
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            for chunk in chunks:
                fh.write(chunk)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
