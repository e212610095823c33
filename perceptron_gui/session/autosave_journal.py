"""The autosave journal: one JSON line per edit since the base (no Qt).

The first line is a header, ``{"format": "perceptron-autosave-journal", "version": 1, "base": N}``,
naming the base it continues (the base file holds the same N under ``"autosave_base"``).
Then, one per line:

- ``{"op": "rows", "idx": [...], "X": [[...]], "y": [...], "test": [...]}``: those rows now hold
  these values (a move, a relabel, a train/test switch);
- ``{"op": "insert", "idx": [...], ...}``: rows added at these positions (after the insert);
- ``{"op": "delete", "idx": [...]}``: rows removed (positions before the delete);
- ``{"op": "state", "algorithm": ..., "params": {...}, "t": ..., "view": ...}``: the algorithm,
  every algorithm's parameters, the playhead's step t and the view range.

Replaying the lines on the base gives the session as it was. A kill can cut the last line
short, a disk can damage any: reading and replay stop at the first line that does not parse or
apply, and say so (:class:`JournalRead`, :func:`replay`'s count), so a restore can tell the user
how many edits came back.
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from .session_file import _plain
from .view_range import view_or_none

if TYPE_CHECKING:
    from .commands import Change
    from .session import Session

__all__ = ["JOURNAL_FORMAT", "JOURNAL_VERSION", "BASE_KEY", "BYTES_PER_NUMBER", "header", "data_op", "state_op",
           "op_bytes", "coalesce", "encode", "JournalRead", "read_journal", "journal_ops", "replay"]

JOURNAL_FORMAT = "perceptron-autosave-journal"
JOURNAL_VERSION = 1
BASE_KEY = "autosave_base"
BYTES_PER_NUMBER = 22  # what a float costs in JSON, roughly: sizes are estimated, not measured


def header(number: int) -> str:
    return json.dumps({"format": JOURNAL_FORMAT, "version": JOURNAL_VERSION, "base": number}) + "\n"


def state_op(session: Session) -> dict[str, Any]:
    """The small state: algorithm, every algorithm's parameters, the step t, the view."""
    return {"op": "state", "algorithm": session.algorithm, "params": copy.deepcopy(session.params),
            "t": int(session.playhead.t), "view": view_or_none(session.view_range)}


# ---- writing lines (the session's thread makes them, the worker encodes them) ----------------
def data_op(session: Session, change: Change) -> dict[str, Any] | None:
    """The journal line of a data edit (copies of the rows it touched), or None for "write a base"."""
    pts = session.points
    idx = np.asarray(change.indices, dtype=np.int64).reshape(-1)
    if change.kind == "delete":
        return {"op": "delete", "idx": idx}
    kind = {"move": "rows", "label": "rows", "role": "rows", "add": "insert"}.get(change.kind)
    if kind is None:
        return None
    return {"op": kind, "idx": idx, "X": pts.X[idx].copy(), "y": pts.y[idx].copy(), "test": pts.test[idx].copy()}


def op_bytes(op: dict[str, Any]) -> int:
    x = op.get("X")
    return 40 + BYTES_PER_NUMBER * (len(op["idx"]) * 3 + (0 if x is None else x.size))


def coalesce(ops: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Drop lines a later one makes moot: all state lines but the last (replay keeps the last
    anyway), and a rows line followed by another for the same rows (a drag's moves)."""
    last_state = max((i for i, op in enumerate(ops) if op["op"] == "state"), default=-1)
    out: list[dict[str, Any]] = []
    for i, op in enumerate(ops):
        if op["op"] == "state" and i != last_state:
            continue
        if (op["op"] == "rows" and out and out[-1]["op"] == "rows"
                and np.array_equal(out[-1]["idx"], op["idx"])):
            out[-1] = op
            continue
        out.append(op)
    return out


def encode(ops: list[dict[str, Any]]) -> bytes:
    """The journal lines of ``ops``, coalesced, as UTF-8."""
    return "".join(json.dumps(_jsonable(op), allow_nan=False) + "\n" for op in coalesce(ops)).encode()


def _jsonable(op: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in op.items():
        if isinstance(v, np.ndarray):
            v = [int(a) for a in v.tolist()] if k == "y" else v.tolist()
        out[k] = _plain(v)
    return out


# ---- reading lines back ----------------------------------------------------------------------------
@dataclass(frozen=True)
class JournalRead:
    """The edits a journal holds, up to its first damage.

    Attributes
    ----------
    ops : the lines read whole, in order.
    damaged : a line after them could not be read (cut short, not JSON, or the file unreadable):
        the edits from there on are lost.
    """

    ops: list[dict[str, Any]]
    damaged: bool


def read_journal(journal: Path, number: int) -> JournalRead:
    """The edits of ``journal`` that continue base ``number`` (none, undamaged, when the journal
    is missing or belongs to another base: a kill between the base's write and its journal's)."""
    try:
        with open(journal, "rb") as fh:
            raw = fh.read()
    except FileNotFoundError:
        return JournalRead([], False)
    except OSError:
        return JournalRead([], True)
    if not raw:
        return JournalRead([], True)  # every journal starts with its header: this one lost it
    lines = raw.split(b"\n")
    ops: list[dict[str, Any]] = []
    for i, text in enumerate(lines):
        if not text and i == len(lines) - 1:
            break  # after the last newline: the end
        try:
            line = json.loads(text)
        except (ValueError, RecursionError):
            return JournalRead(ops, True)
        if not isinstance(line, dict):
            return JournalRead(ops, True)
        if i == 0:
            if line.get("format") != JOURNAL_FORMAT or line.get("base") != number:
                return JournalRead([], False)
            continue
        ops.append(line)
    return JournalRead(ops, False)


def journal_ops(journal: Path, number: int) -> list[dict[str, Any]]:
    """The readable edits of ``journal`` (see :func:`read_journal`)."""
    return read_journal(journal, number).ops


def replay(doc: dict[str, Any], ops: list[dict[str, Any]]) -> int:
    """Apply ``ops`` to the parsed base ``doc`` in place, stopping at the first bad one; returns
    how many were applied."""
    data = doc.get("data")
    arrays = None
    applied = 0
    for op in ops:
        kind = op.get("op")
        try:
            if kind == "state":
                _apply_state(doc, op)
                applied += 1
                continue
            if arrays is None:
                if not isinstance(data, dict):
                    break
                arrays = _arrays(data)
            arrays = _apply_rows(arrays, op)
        except (KeyError, TypeError, ValueError, IndexError, OverflowError):
            break
        applied += 1
    if arrays is not None and isinstance(data, dict):
        X, y, test = arrays
        data["X"], data["y"], data["test"] = X.tolist(), [int(v) for v in y.tolist()], test.tolist()
    return applied


def _apply_state(doc: dict[str, Any], op: dict[str, Any]) -> None:
    # Validated with everything else by validate_session_dict after the replay.
    new = {"algorithm": op["algorithm"], "params": op["params"], "playhead": {"t": op["t"]},
           "view_range": op.get("view")}
    doc.update(new)


def _arrays(data: dict[str, Any]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    d = len(data["feature_names"])
    X = np.asarray(data["X"], dtype=np.float64).reshape(-1, d)
    y = np.asarray(data["y"], dtype=np.float64).reshape(-1)
    test = np.asarray(data["test"], dtype=bool).reshape(-1)
    if not (X.shape[0] == y.size == test.size):
        raise ValueError("inconsistent")
    return X, y, test


def _index(raw: Any, n: int, distinct: bool = True) -> np.ndarray:
    if not isinstance(raw, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in raw):
        raise ValueError("indices")
    idx = np.asarray(raw, dtype=np.int64).reshape(-1)
    if idx.size and (idx.min() < 0 or idx.max() >= n or (distinct and np.unique(idx).size != idx.size)):
        raise IndexError("indices")
    return idx


def _rows(op: dict[str, Any], m: int, d: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    X = np.asarray(op["X"], dtype=np.float64).reshape(m, d)
    y = np.asarray(op["y"], dtype=np.float64).reshape(m)
    test = op["test"]
    if not isinstance(test, list) or not all(isinstance(v, bool) for v in test):
        raise ValueError("roles")
    return X, y, np.asarray(test, dtype=bool).reshape(m)


def _apply_rows(arrays: tuple[np.ndarray, np.ndarray, np.ndarray],
                op: dict[str, Any]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One data op on (X, y, test), checked before anything changes (a bad op changes nothing)."""
    X, y, test = arrays
    n, d = X.shape
    kind = op["op"]
    if kind == "rows":
        idx = _index(op["idx"], n, distinct=False)  # a relabel may name a row twice, same value
        rX, ry, rt = _rows(op, idx.size, d)
        X[idx], y[idx], test[idx] = rX, ry, rt  # in place: everything above was checked first
        return X, y, test
    if kind == "insert":
        m = len(op["idx"])
        idx = _index(op["idx"], n + m)
        rX, ry, rt = _rows(op, m, d)
        old = np.ones(n + m, dtype=bool)
        old[idx] = False
        X2, y2, t2 = np.empty((n + m, d)), np.empty(n + m), np.empty(n + m, dtype=bool)
        X2[old], y2[old], t2[old] = X, y, test
        X2[idx], y2[idx], t2[idx] = rX, ry, rt
        return X2, y2, t2
    if kind == "delete":
        idx = _index(op["idx"], n)
        return np.delete(X, idx, axis=0), np.delete(y, idx), np.delete(test, idx)
    raise ValueError(f"unknown op {kind!r}")
