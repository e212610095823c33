"""Points of K ≥ 2 classes, for the multiclass perceptron.

The binary learners read labels −1/+1 (:class:`~perceptron_gui.core.dataset.Dataset`); a
multiclass data set keeps any K ≥ 2 distinct labels of the CSV's last column, numbers or words.
The classes are sorted (numerically when every label is a number, else as text), and each
point carries its class's index ``codes[i]`` in that order. A file's faults get the same
sentences as a two-class file's (:mod:`.csv_text`'s cell rules).
"""
from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..i18n import _
from .csv_text import _cells, _header_cells, _number, _separator, clip_text, is_number
from .dataset import MAX_ABS_VALUE, DatasetError
from .io import MAX_CSV_BYTES, decode_text, read_file_bytes

__all__ = ["ClassData", "class_data", "sorted_classes", "next_label", "class_csv_text", "parse_class_csv",
           "read_class_csv", "MAX_CLASSES"]

# The window draws at most nine classes (keys 1…9); a table of 60,000 distinct labels is a
# regression target, not classes.
MAX_CLASSES = 9
# Labels may be words, so the file is read line by line (about 1 s per 10 MB): past this size
# the reader refuses in a sentence rather than keep a terminal or a window waiting for minutes.
MAX_CLASS_CSV_BYTES = 200_000_000


@dataclass(frozen=True)
class ClassData:
    """X of shape (n, d), each point's class index ``codes`` (int64), the sorted ``classes``."""

    X: np.ndarray
    codes: np.ndarray
    classes: tuple[str, ...]
    feature_names: tuple[str, ...]

    @property
    def n(self) -> int:
        return int(self.X.shape[0])

    @property
    def d(self) -> int:
        return int(self.X.shape[1])

    @property
    def K(self) -> int:  # noqa: N802 - the notes' K, the number of classes
        return len(self.classes)

    def counts(self) -> np.ndarray:
        return np.bincount(self.codes, minlength=self.K)


def _label_text(v: object) -> str:
    if isinstance(v, (float, np.floating)) and float(v).is_integer():
        return str(int(v))
    return str(v).strip()


def sorted_classes(labels: Sequence[str]) -> tuple[str, ...]:
    """The distinct labels in the order of the classes (see :func:`_sort_key`)."""
    return tuple(_sort_key(sorted(set(labels))))


def _sort_key(labels: Sequence[str]) -> list[str]:
    """Numbers in numeric order when every label is one, else text order."""
    if all(is_number(s) for s in labels):
        return sorted(labels, key=float)
    return sorted(labels)


def class_data(X: object, labels: object, feature_names: Sequence[str] = (), source: str | None = None) -> ClassData:
    """Check and encode points and their labels; one sentence for every fault (``source`` names
    the data in it; default "the data", in the current language)."""
    source = _("the data") if source is None else source
    Xa = np.array(X, dtype=np.float64, copy=True)
    if Xa.ndim == 1:
        Xa = Xa.reshape(-1, 1)
    if Xa.ndim != 2 or Xa.shape[1] < 1:
        raise DatasetError(_("The points of {source} must be a table with at least one feature column.").format(
            source=source))
    raw = [_label_text(v) for v in np.asarray(labels, dtype=object).reshape(-1).tolist()]
    if len(raw) != Xa.shape[0]:
        raise DatasetError(_("{source} has {n} points but {m} labels; give every point one label.").format(
            source=source, n=Xa.shape[0], m=len(raw)))
    if not raw:
        raise DatasetError(_("{source} holds no points; add points of at least two classes.").format(source=source))
    bad = ~np.isfinite(Xa)
    if bad.any():
        r, c = map(int, np.argwhere(bad)[0])
        raise DatasetError(_("Point {point}, feature {feature} of {source} is {value}; replace it with a finite "
                             "number.").format(point=r + 1, feature=c + 1, source=source, value=repr(Xa[r, c])))
    if np.abs(Xa).max() > MAX_ABS_VALUE:
        raise DatasetError(_("{source} holds values beyond ±{limit:g}; rescale the data.").format(
            source=source, limit=MAX_ABS_VALUE))
    empty = next((i for i, s in enumerate(raw) if not s), None)
    if empty is not None:
        raise DatasetError(_("The label of point {point} of {source} is empty; give every point a class.").format(
            point=empty + 1, source=source))
    classes = sorted_classes(raw)
    if len(classes) < 2:
        raise DatasetError(_("All points of {source} are of class {name}; "
                             "the multiclass perceptron needs at least two classes.").format(
                                 source=source, name=clip_text(classes[0], 40)))
    if len(classes) > MAX_CLASSES:
        raise DatasetError(_("{source} has {n} distinct labels; the multiclass perceptron takes "
                             "2 to {max} classes (is the last column really the class?).").format(
                                 source=source, n=len(classes), max=MAX_CLASSES))
    index = {c: k for k, c in enumerate(classes)}
    codes = np.fromiter((index[s] for s in raw), dtype=np.int64, count=len(raw))
    names = tuple(feature_names) or tuple(f"x{j + 1}" for j in range(Xa.shape[1]))
    return ClassData(Xa, codes, classes, names)


def parse_class_csv(text: str, source: str | None = None) -> ClassData:
    """Rows of feature values and a class label last (any number or word), an optional header,
    ``#`` comments; the separators and number rules of a two-class CSV."""
    source = _("the data") if source is None else source
    lines = [(no, ln.strip()) for no, ln in enumerate(text.splitlines(), 1)]
    lines = [(no, ln) for no, ln in lines if ln and not ln.startswith("#")]
    if not lines:
        raise DatasetError(_("{source} holds no data rows; add lines like '0.5,1.2,A' (x1,x2,class).").format(
            source=source))
    sep = _separator(lines[0][1])
    first = _header_cells(lines[0][1], sep)
    names: list[str] = []
    if not any(is_number(c) for c in first[:-1]) and len(lines) > 1:
        names, lines = first[:-1], lines[1:]
    width = len(_cells(lines[0][1], sep))
    if width < 2:
        raise DatasetError(_("Line {line} of {source} has {width} value; it needs at least one feature and the "
                             "class.").format(line=lines[0][0], source=source, width=width))
    X = np.empty((len(lines), width - 1), dtype=np.float64)
    labels: list[str] = []
    for r, (no, ln) in enumerate(lines):
        cells = _cells(ln, sep)
        if len(cells) != width:
            raise DatasetError(_("Line {line} of {source} has {n} values but {width} were expected; give every line "
                                 "the same columns.").format(line=no, source=source, n=len(cells), width=width))
        X[r] = [_number(c, _("Line {line} of {source}, column {column}").format(line=no, source=source, column=j + 1))
                for j, c in enumerate(cells[:-1])]
        labels.append(cells[-1])
    if names and len(names) != width - 1:
        names = []
    return class_data(X, labels, names, source)


def read_class_csv(path: str | os.PathLike[str], max_bytes: int = MAX_CLASS_CSV_BYTES) -> ClassData:
    """Read a CSV of K ≥ 2 classes (see :func:`parse_class_csv`); a sentence for every fault,
    a file over ``max_bytes`` among them."""
    p = Path(os.fspath(path))
    raw = read_file_bytes(p, _("CSV data file"), _("a .csv file"), min(MAX_CSV_BYTES, max_bytes))
    text = decode_text(raw, p.name, _("CSV file"), fix=_("export the data as CSV text first"))
    return parse_class_csv(text, source=clip_text(p.name, 60))


def next_label(classes: tuple[str, ...]) -> str:
    """The name of a new class, sorting after the others: the next number or letter."""
    if not classes:
        return "A"
    if all(c.lstrip("-").replace(".", "", 1).isdigit() for c in classes):
        return str(int(max(float(c) for c in classes)) + 1)
    last = max(classes)
    if len(last) == 1 and last.isalpha() and last not in "zZ":
        return chr(ord(last) + 1)
    return f"{last}+"


def class_csv_text(X: np.ndarray, labels: Sequence[str]) -> str:
    """Points and their classes as the CSV :func:`parse_class_csv` reads (x1,…,xd,class; exact floats)."""
    names = ",".join(f"x{j + 1}" for j in range(X.shape[1]))
    rows = [",".join(repr(float(v)) for v in row) + f",{lab}" for row, lab in zip(np.asarray(X).tolist(), labels)]
    return "\n".join([f"{names},class", *rows]) + "\n"
