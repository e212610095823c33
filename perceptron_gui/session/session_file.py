"""The session file ``*.perceptron.json``: the data, the algorithm and its parameters, and
where the window was looking, so a lesson can be saved and reopened exactly (no Qt).

Format ``perceptron-session``, version 1 (the README section "Session file format" documents
it for people)::

    {
      "format": "perceptron-session",
      "version": 1,
      "saved_with": "perceptron-gui 0.1.0",
      "title": "XOR",
      "data": {"feature_names": ["x1", "x2"], "X": [[0.0, 1.0], ...], "y": [1, -1, ...],
               "test": [false, true, ...]},
      "algorithm": "pocket",
      "params": {"standard": {...}, "offset": {...}, "pocket": {...}, ...},
      "playhead": {"t": 41},
      "view_range": [[-1.5, 1.5], [-1.2, 1.2]]
    }

Floats are written by ``json`` with ``repr``, so every coordinate reads back bit for bit and a
reopened session trains the identical run. Reading validates everything and turns each fault
into a :class:`SessionFileError` whose message is one sentence for a message box.
"""
from __future__ import annotations

import copy
import itertools
import json
import os
import uuid
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core.algorithms import REGISTRY, make_algorithm
from ..core.csv_text import clip_text, shown_value
from ..core.dataset import Dataset, DatasetError
from ..core.errors import UserError
from ..core.io import atomic_write_chunks, read_json_file
from ..i18n import _, ngettext
from ..version import __version__
from .rows_apart import rows_json_chunks_apart
from .session_json import bools, ints, list_json_chunks
from .view_range import view_or_none, view_range_problem  # noqa: F401 - importable from here too

if TYPE_CHECKING:
    from .session import Session

__all__ = ["SESSION_FORMAT", "SESSION_VERSION", "SESSION_SUFFIX", "SessionFileError", "SessionSnapshot",
           "take_snapshot", "snapshot_to_dict", "session_to_dict", "session_to_json", "session_json_chunks", "save_session",
           "save_snapshot", "load_session", "validate_session_dict", "apply_session"]

SESSION_FORMAT = "perceptron-session"
SESSION_VERSION = 1
SESSION_SUFFIX = ".perceptron.json"
REQUIRED_KEYS = ("format", "version", "data", "algorithm", "params", "playhead")
DATA_KEYS = ("feature_names", "X", "y", "test")


class SessionFileError(UserError):
    """A session file that cannot be read or written; ``str(err)`` is one sentence."""


@dataclass(frozen=True)
class SessionSnapshot:
    """Copies of everything a session file holds, safe to hand to another thread."""

    X: np.ndarray
    y: np.ndarray
    test: np.ndarray
    feature_names: tuple[str, ...]
    algorithm: str
    params: dict[str, dict[str, Any]]
    t: int
    view_range: tuple[tuple[float, float], tuple[float, float]] | None
    title: str


# ---- writing ---------------------------------------------------------------------------------
def take_snapshot(session: Session) -> SessionSnapshot:
    """Copy the session's state (call on the thread that owns the session)."""
    pts = session.points.snapshot()  # shares the arrays until the next in-place edit: no copy here
    return SessionSnapshot(
        X=pts.X, y=pts.y, test=pts.test, feature_names=tuple(pts.feature_names),
        algorithm=session.algorithm, params=copy.deepcopy(session.params), t=int(session.playhead.t),
        view_range=view_or_none(session.view_range), title=str(session.data_title or ""),
    )


def _plain(v: Any) -> Any:
    """numpy scalars to Python ones, so ``json`` writes them (and writes floats with repr)."""
    if isinstance(v, np.generic):
        return v.item()
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    return v


def snapshot_to_dict(snap: SessionSnapshot) -> dict[str, Any]:
    """The JSON-ready dict of a snapshot (format ``perceptron-session`` version 1)."""
    return {
        "format": SESSION_FORMAT,
        "version": SESSION_VERSION,
        "saved_with": f"perceptron-gui {__version__}",
        "title": snap.title,
        "data": {
            "feature_names": list(snap.feature_names),
            "X": snap.X.tolist(),
            "y": [int(v) for v in snap.y.tolist()],
            "test": [bool(v) for v in snap.test.tolist()],
        },
        "algorithm": snap.algorithm,
        "params": _plain(snap.params),
        "playhead": {"t": snap.t},
        "view_range": None if snap.view_range is None else [list(snap.view_range[0]), list(snap.view_range[1])],
    }


def session_to_dict(session: Session) -> dict[str, Any]:
    """The session as a JSON-ready dict in the ``perceptron-session`` version 1 format."""
    return snapshot_to_dict(take_snapshot(session))


def session_to_json(snap: SessionSnapshot) -> str:
    """The file's text: one key per line, one point per line (big data sets stay readable)."""
    return "".join(c if isinstance(c, str) else c.decode("utf-8") for c in session_json_chunks(snap))


def session_json_chunks(snap: SessionSnapshot) -> Iterator[str | bytes]:
    """:func:`session_to_json`'s text in pieces, for a writer that streams them to the file.

    Made block by block of rows and never joined: an autosave or a save runs this on a worker
    thread, and numpy's and json's C calls hold the GIL for as long as they take (the whole
    10⁶-point list at once blocked the window 2 s; joining and encoding its 60 MB of text,
    30–60 ms a call). The points' rows come as UTF-8 bytes when a child process made them
    (rows_apart.py: 10⁶ points); the first piece is always text. A bad value raises here,
    before anything is written."""
    if not np.isfinite(snap.X).all():
        raise ValueError("Out of range float values are not JSON compliant")  # as json.dumps says
    d = snapshot_to_dict(replace(snap, X=snap.X[:0], y=snap.y[:0], test=snap.test[:0]))
    bodies: dict[str, Callable[[], Iterable[str | bytes]]] = {
        "feature_names": lambda: [json.dumps(list(snap.feature_names), ensure_ascii=False)],
        "X": lambda: rows_json_chunks_apart(snap.X), "y": lambda: list_json_chunks(snap.y, ints),
        "test": lambda: list_json_chunks(snap.test, bools)}
    markers: dict[str, Callable[[], Iterable[str | bytes]]] = {}
    for key in DATA_KEYS:
        m = f"@{uuid.uuid4().hex}@"
        d["data"][key] = m
        markers[json.dumps(m)] = bodies[key]
    if d["view_range"] is not None:
        m = f"@{uuid.uuid4().hex}@"
        view = json.dumps(d["view_range"], allow_nan=False)
        markers[json.dumps(m)] = lambda: [view]
        d["view_range"] = m
    text = json.dumps(d, indent=2, ensure_ascii=False, allow_nan=False)

    def chunks() -> Iterator[str | bytes]:
        rest = text
        for quoted, body in markers.items():  # in the text's order: dicts keep insertion order
            head, rest = rest.split(quoted, 1)
            yield head
            yield from body()
        yield rest + "\n"
    return chunks()


def save_snapshot(snap: SessionSnapshot, path: str | os.PathLike[str]) -> None:
    """Write a snapshot atomically: a temporary file beside ``path``, then renamed over it,
    so a crash mid-save leaves the previous file whole."""
    p = Path(path)
    try:
        atomic_write_chunks(p, session_json_chunks(snap))
    except UserError as exc:  # the atomic writer's WriteError: already one sentence
        raise SessionFileError(str(exc)) from exc
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise SessionFileError(_("{name} could not be saved ({reason}); choose another folder or free some space.")
                               .format(name=p.name, reason=reason)) from exc


def save_session(session: Session, path: str | os.PathLike[str]) -> None:
    """Save the session to ``path`` (``*.perceptron.json``) atomically."""
    save_snapshot(take_snapshot(session), path)


# ---- reading ---------------------------------------------------------------------------------
def load_session(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read and validate a session file.

    Returns
    -------
    dict
        The file's content, checked: the keys of the format, with ``view_range`` as a tuple or
        None, ``title`` a string (empty when absent), and the ``params`` of every known
        algorithm completed with defaults. Pass it to :func:`apply_session`.

    Raises
    ------
    SessionFileError
        One sentence: missing file, not JSON, another format, a newer version, missing keys,
        bad data, an unknown algorithm or bad parameters.
    """
    p = Path(path)
    doc = read_json_file(p, _("session file"), _("a {suffix} file").format(suffix=SESSION_SUFFIX), SessionFileError)
    return validate_session_dict(doc, p.name)


def validate_session_dict(doc: Any, source: str | None = None) -> dict[str, Any]:
    """Check a parsed session document (see :func:`load_session`); ``source`` names it in errors
    (None: "The session file")."""
    if source is None:
        source = _("The session file")
    if not isinstance(doc, dict) or doc.get("format") != SESSION_FORMAT:
        if isinstance(doc, dict) and doc.get("format") == "perceptron-run":
            raise SessionFileError(_("{source} is a run file, not a session file; open a {suffix} file "
                                     "(a run file records a finished run and cannot be edited).").format(
                source=source, suffix=SESSION_SUFFIX))
        raise SessionFileError(_("{source} is not a perceptron session file (its \"format\" is not \"{format}\").")
                               .format(source=source, format=SESSION_FORMAT))
    version = doc.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise SessionFileError(_("{source} has no valid \"version\" number, so it is damaged or not a session file.")
                               .format(source=source))
    if version > SESSION_VERSION:
        raise SessionFileError(_("{source} was saved by a newer version of perceptron-gui (session format version "
                                 "{version}, this program reads version {reads}); update the program to open it.")
                               .format(source=source, version=shown_value(version), reads=SESSION_VERSION))
    if version != SESSION_VERSION:
        raise SessionFileError(_("{source} has session format version {version}, which this program cannot read "
                                 "(it reads version {reads}).").format(source=source, version=shown_value(version),
                                                                       reads=SESSION_VERSION))
    missing = [k for k in REQUIRED_KEYS if k not in doc]
    if missing:
        raise SessionFileError(ngettext("{source} lacks the key {keys}; it is incomplete or damaged.",
                                        "{source} lacks the keys {keys}; it is incomplete or damaged.", len(missing))
                               .format(source=source, keys=", ".join(missing)))
    data, test = _check_data(doc["data"], source)
    algorithm = doc["algorithm"]
    if not isinstance(algorithm, str) or algorithm not in REGISTRY:
        raise SessionFileError(_("{source} uses the algorithm {algorithm}, which this program does not know; "
                                 "it knows {known}.").format(source=source, algorithm=shown_value(algorithm),
                                                             known=", ".join(REGISTRY)))
    params = _check_params(doc["params"], source)
    playhead = doc["playhead"]
    if not isinstance(playhead, dict):
        raise SessionFileError(_("{source} has a bad playhead: it must be an object like {{\"t\": 12}}, not {value}.")
                               .format(source=source, value=shown_value(playhead)))
    t = playhead.get("t")
    if isinstance(t, bool) or not isinstance(t, int) or t < -1:
        raise SessionFileError(_("{source} has a bad playhead: \"t\" must be a whole number of at least -1, not {value}.")
                               .format(source=source, value=shown_value(t)))
    view = doc.get("view_range")
    if view is not None:
        problem = view_range_problem(view)
        if problem is not None:
            raise SessionFileError(_("{source} has a bad \"view_range\" ({problem}); set it to null, and the "
                                     "view will fit the points.").format(source=source, problem=problem))
        view = view_or_none(view)
    title = doc.get("title", "")
    if title is None:
        title = ""
    if not isinstance(title, str):
        raise SessionFileError(_("{source} has a bad \"title\": it must be text, not {value}.").format(
            source=source, value=shown_value(title)))
    return {
        "format": SESSION_FORMAT,
        "version": SESSION_VERSION,
        # Information only: any other type is dropped, not refused (nothing depends on it).
        "saved_with": clip_text(doc["saved_with"], 200) if isinstance(doc.get("saved_with"), str) else "",
        "title": title,
        "data": {"feature_names": list(data.feature_names), "X": data.X, "y": data.y, "test": test},
        "algorithm": algorithm,
        "params": params,
        "playhead": {"t": t},
        "view_range": view,
    }


def _check_data(raw: Any, source: str) -> tuple[Dataset, np.ndarray]:
    if not isinstance(raw, dict):
        raise SessionFileError(_("The \"data\" of {source} must be an object with {keys}; it is damaged.").format(
            source=source, keys=", ".join(DATA_KEYS)))
    missing = [k for k in DATA_KEYS if k not in raw]
    if missing:
        raise SessionFileError(_("The \"data\" of {source} lacks {keys}; it is incomplete or damaged.").format(
            source=source, keys=", ".join(missing)))
    names = raw["feature_names"]
    if (not isinstance(names, list) or not names or not all(isinstance(s, str) for s in names)):
        raise SessionFileError(_("The feature names in {source} must be a non-empty list of texts; the file is damaged.")
                               .format(source=source))
    X, y, test = raw["X"], raw["y"], raw["test"]
    if not isinstance(X, list) or not isinstance(y, list) or not isinstance(test, list):
        raise SessionFileError(_("In {source}, \"X\", \"y\" and \"test\" must be lists; the file is damaged.")
                               .format(source=source))
    Xa = _number_table(X, len(names), source)
    ya = _number_list(y, source)
    try:
        data = Dataset.from_arrays(Xa, ya, names)
    except DatasetError as exc:
        msg = str(exc)
        raise SessionFileError(_("The data in {source} are damaged: {reason}").format(
            source=source, reason=f"{msg[:1].lower()}{msg[1:]}")) from None
    if len(test) != data.n:
        raise SessionFileError(_("In {source}, \"test\" has {entries} entries for {n} points; "
                                 "it needs one true/false per point.").format(source=source, entries=len(test), n=data.n))
    if not all(isinstance(v, bool) for v in test):
        raise SessionFileError(_("In {source}, \"test\" must hold only true or false (is the point a test point?).")
                               .format(source=source))
    return data, np.array(test, dtype=bool)


_NUMBER_TYPES = (int, float)


def _number_table(X: list[Any], d: int, source: str) -> np.ndarray:
    """``X`` as an (n, d) float array; a row of another length or a value that is not a
    number (text, true/false, a list) is one sentence naming its row and column."""
    for i, row in enumerate(X):
        if not isinstance(row, list) or len(row) != d:
            got = (ngettext("{n} value", "{n} values", len(row)).format(n=len(row)) if isinstance(row, list)
                   else shown_value(row))
            # TRANSLATORS: {got} is "3 values" or a value as written in the file.
            raise SessionFileError(ngettext("In {source}, point {i} of \"X\" is {got}, but each point needs {d} "
                                            "coordinate (one per feature name); the file is damaged.",
                                            "In {source}, point {i} of \"X\" is {got}, but each point needs {d} "
                                            "coordinates (one per feature name); the file is damaged.", d)
                                   .format(source=source, i=i + 1, got=got, d=d))
    kinds = set(map(type, itertools.chain.from_iterable(X)))
    if not kinds <= set(_NUMBER_TYPES):
        for i, row in enumerate(X):
            for j, v in enumerate(row):
                if type(v) not in _NUMBER_TYPES:
                    raise SessionFileError(_("In {source}, coordinate {j} of point {i} is {value}, not a number; "
                                             "the file is damaged.").format(source=source, j=j + 1, i=i + 1,
                                                                            value=shown_value(v)))
    try:
        return np.array(X, dtype=np.float64).reshape(len(X), d)
    except OverflowError:  # an integer beyond float64: found and named below
        for i, row in enumerate(X):
            for j, v in enumerate(row):
                if isinstance(v, int) and abs(v) > 1e150:
                    raise SessionFileError(_("In {source}, coordinate {j} of point {i} is {value}, far too large to "
                                             "train on; the file is damaged.").format(source=source, j=j + 1, i=i + 1,
                                                                                     value=shown_value(v))) from None
        raise


def _number_list(y: list[Any], source: str) -> np.ndarray:
    for i, v in enumerate(y):
        if type(v) not in _NUMBER_TYPES:
            what = _("true or false") if isinstance(v, bool) else shown_value(v)
            raise SessionFileError(_("In {source}, label {i} is {value}; labels must be -1 or +1, so the file is damaged.")
                                   .format(source=source, i=i + 1, value=what))
        if isinstance(v, int) and abs(v) > 2**53:
            raise SessionFileError(_("In {source}, label {i} is {value}; labels must be -1 or +1, so the file is damaged.")
                                   .format(source=source, i=i + 1, value=shown_value(v)))
    return np.array(y, dtype=np.float64)


def _check_params(raw: Any, source: str) -> dict[str, dict[str, Any]]:
    if not isinstance(raw, dict) or not all(isinstance(v, dict) for v in raw.values()):
        raise SessionFileError(_("The \"params\" of {source} must map each algorithm to its parameters; it is damaged.")
                               .format(source=source))
    out: dict[str, dict[str, Any]] = {}
    for name, cls in REGISTRY.items():
        # Parameters missing from the file (an algorithm added later) take their defaults.
        specs = {p.name: p for p in cls.param_specs()}
        params = {p.name: p.default for p in specs.values()}
        given = raw.get(name, {})
        for key, v in given.items():
            if key not in params:
                raise SessionFileError(_("The {name} parameters in {source} are not valid: the {name} perceptron "
                                         "has no parameter {key}.").format(name=name, source=source, key=shown_value(key)))
            if specs[key].kind is tuple and isinstance(v, list) and specs[key].coerce(v) is not v:
                v = specs[key].coerce(v)  # the start w₀, a list of numbers: validate() says what is wrong with it
            elif isinstance(v, (list, dict)) or (isinstance(v, str) and len(v) > 40) or \
                    (isinstance(v, int) and not isinstance(v, bool) and abs(v) > 2**63):
                raise SessionFileError(_("The {name} parameter \"{key}\" in {source} is {value}, not a setting this "
                                         "program can use; the file is damaged.").format(name=name, key=key, source=source,
                                                                                         value=shown_value(v)))
            params[key] = v
        try:
            make_algorithm(name, **params).validate()
        except DatasetError as exc:
            msg = str(exc)
            raise SessionFileError(_("The {name} parameters in {source} are not valid: {reason}").format(
                name=name, source=source, reason=f"{msg[:1].lower()}{msg[1:]}")) from None
        out[name] = params
    # Algorithms this program does not know are ignored: their parameters could not be used.
    return out


# ---- restoring -------------------------------------------------------------------------------
def apply_session(session: Session, loaded: dict[str, Any]) -> None:
    """Restore a :func:`load_session` result into ``session``.

    The data become one undoable step ("Open session"); the algorithm and every algorithm's
    parameters are set; the playhead goes to the saved ``t`` once the run is computed (at once
    for a small run, when the background run arrives for a big one; then clamped to the run);
    ``session.view_range`` gets the saved range. Does not mark the history clean: the caller
    knows whether the state is saved somewhere (an opened file) or not (a recovered autosave).
    """
    d = loaded["data"]
    data = Dataset.from_arrays(d["X"], d["y"], d["feature_names"])
    # Every algorithm's parameters as saved; one the file omits gets its defaults.
    params = {name: dict(loaded["params"].get(name) or {p.name: p.default for p in cls.param_specs()})
              for name, cls in REGISTRY.items()}
    session.restore(data, loaded.get("title", "") or "", np.asarray(d["test"], dtype=bool),
                    loaded["algorithm"], params, int(loaded["playhead"]["t"]), loaded.get("view_range"))
