"""The list of recent files, and setting aside a damaged state file (no Qt).

The app must always start. A state file read at start-up (this list, the autosave) that
cannot be used (unreadable, not JSON, nested too deeply, wrong types, a name the file system
refuses) is renamed to ``NAME.bad-YYYYmmdd-HHMMSS`` by :func:`set_aside`, which returns the
sentence the window shows; the app goes on with an empty list. Nothing in the list is precious.
"""
from __future__ import annotations

import errno
import json
import os
import time
from concurrent.futures import Future
from pathlib import Path
from typing import Any, cast

from ..core.csv_text import clip_text
from ..core.errors import UserError
from ..core.io import atomic_write_text, read_json_file
from ..core.workers import named_pool
from ..i18n import _
from .state_dir import STATE_FILE_MODE, default_state_dir, make_state_dir

__all__ = ["RECENT_NAME", "RECENT_FORMAT", "RecentFiles", "set_aside", "path_problem"]

RECENT_NAME = "recent-files.json"
RECENT_FORMAT = "perceptron-recent-files"
MAX_STATE_BYTES = 1_000_000  # ten paths take a few KB
_MAX_PATH = 4096  # PATH_MAX on Linux
_MAX_NAME = 255  # NAME_MAX: longer components cannot exist on the common file systems


def set_aside(path: Path, what: str, why: str) -> str:
    """Rename a damaged state file out of the way; returns the sentence that says so.

    ``what`` names the file ("The list of recent files"), ``why`` the fault as a clause
    ("it is not a list of recent files").
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    n = 1
    while _exists(target) is not False:
        n += 1
        target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
    try:
        os.replace(path, target)
    except OSError:
        try:
            os.unlink(path)
        except OSError:
            return _("{what} {path} is damaged and could not be moved away, because {why}; delete it by hand.").format(
                what=what, path=path, why=why)
        return _("{what} was deleted and a new one started, because {why}.").format(what=what, why=why)
    return _("{what} was set aside as {name} and a new one started, because {why}.").format(
        what=what, name=target.name, why=why)


def path_problem(path: Path) -> str | None:
    """Why ``path`` cannot name a file here (too long, a NUL), or None; no disk access."""
    s = str(path)
    if "\x00" in s:
        return _("a file name holds a NUL character")
    if len(s.encode("utf-8", "surrogateescape")) > _MAX_PATH:
        return _("a file name is longer than the system allows")
    if any(len(part.encode("utf-8", "surrogateescape")) > _MAX_NAME for part in path.parts):
        return _("a file name has a part longer than {max} characters").format(max=_MAX_NAME)
    return None


def _exists(p: Path) -> bool | None:
    """True / False, or None when it cannot be told (a folder we may not read): such a file
    stays listed, and opening it says why it cannot be read."""
    try:
        os.stat(p)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError as exc:
        return False if exc.errno in (errno.ENAMETOOLONG, errno.ELOOP) else None
    except ValueError:
        return False
    return True


class RecentFiles:
    """The last files opened or saved (data CSVs and sessions), newest first, at most ``limit``.

    Kept in ``directory/recent-files.json``. A missing list is empty; a damaged one is set
    aside (see the module docstring) and :attr:`problem` holds the sentence saying so, for
    the window's status bar.
    """

    def __init__(self, directory: str | os.PathLike[str] | None = None, limit: int = 10,
                 background: bool = False) -> None:
        if directory is None:
            directory = default_state_dir()
        self.directory = Path(directory)
        self.limit = int(limit)
        # The window's list is written on a worker: a write syncs the file to disk, and with an
        # autosave of 60 MB in flight that sync took 400 ms on the window's thread (an open of
        # 10⁶ points). One worker, so the writes land in the order they were made.
        self.background = background
        self._pending: Future[None] | None = None
        self.problem: str | None = None
        self._paths: list[Path] = self._read()

    @property
    def file(self) -> Path:
        return self.directory / RECENT_NAME

    def paths(self) -> list[Path]:
        return list(self._paths)

    def add(self, path: str | os.PathLike[str]) -> None:
        """Put ``path`` first (moving it if it is already listed) and save the list."""
        p = _absolute(path)
        self._paths = [p] + [q for q in self._paths if q != p]
        del self._paths[self.limit:]
        self._write()

    def remove(self, path: str | os.PathLike[str]) -> None:
        p = _absolute(path)
        if p in self._paths:
            self._paths.remove(p)
            self._write()

    def exists(self, path: str | os.PathLike[str]) -> bool | None:
        """Whether a listed file is there: True, False, or None when its folder cannot be read."""
        return _exists(Path(path))

    def remove_missing(self) -> list[Path]:
        """Drop files that no longer exist; returns the ones dropped. A file whose folder
        cannot be read stays (it may come back); this never raises."""
        gone = [p for p in self._paths if _exists(p) is False]
        if gone:
            self._paths = [p for p in self._paths if p not in gone]
            self._write()
        return gone

    def clear(self) -> None:
        self._paths = []
        self._write()

    def _read(self) -> list[Path]:
        what = _("The list of recent files")
        try:
            if _exists(self.file) is False:
                return []
            doc = read_json_file(self.file, _("list of recent files"), _("a file"), max_bytes=MAX_STATE_BYTES)
        except UserError as exc:
            self.problem = set_aside(self.file, what, _reason(str(exc)))
            return []
        why = _shape_problem(doc, self.limit)
        if why is not None:
            self.problem = set_aside(self.file, what, why)
            return []
        # Only the first `limit` entries are looked at: a list grown to 10,000 names (by hand, or
        # by another program) took 15 s to start with, comparing every name with every other.
        out: list[Path] = []
        seen: set[Path] = set()
        for s in cast(dict[str, Any], doc)["paths"][: self.limit]:  # _shape_problem checked it is a dict
            p = Path(s)
            if p not in seen:
                seen.add(p)
                out.append(p)
        return out

    def _write(self) -> None:
        doc = {"format": RECENT_FORMAT, "version": 1, "paths": [str(p) for p in self._paths]}
        text = json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
        if self.background:
            self._pending = named_pool("recent-files", housekeeping=True).submit(self._write_text, text)
        else:
            self._write_text(text)

    def _write_text(self, text: str) -> None:
        try:
            make_state_dir(self.directory)
            atomic_write_text(self.file, text, mode=STATE_FILE_MODE)  # names of a user's files: private
        except (OSError, UserError):
            pass  # the menu still works for this run; losing the list is no reason to interrupt

    def wait(self) -> None:
        """Return once the list last changed is on disk (at once when written in place)."""
        pending = self._pending
        if pending is not None:
            pending.result()


def _shape_problem(doc: object, limit: int) -> str | None:
    """Why ``doc`` is not a list of recent files, or None; only the first ``limit`` entries,
    the ones kept, are judged."""
    if not isinstance(doc, dict) or doc.get("format") != RECENT_FORMAT:
        return _("it is not a list of recent files")
    paths = doc.get("paths")
    if not isinstance(paths, list):
        return _("its \"paths\" are not a list of file names")
    paths = paths[:limit]
    if not all(isinstance(s, str) and s for s in paths):
        return _("its \"paths\" are not a list of file names")
    for s in paths:
        why = path_problem(Path(s))
        if why is not None:
            return why
    return None


def _reason(sentence: str) -> str:
    """The reader's sentence as a clause ("x.json is not valid JSON (line 1, column 1)")."""
    clause = sentence.split(";")[0].rstrip(".")
    return clip_text(clause[:1].lower() + clause[1:] if clause.startswith("The ") else clause, 160)


def _absolute(path: str | os.PathLike[str]) -> Path:
    return Path(os.path.abspath(os.path.expanduser(os.fspath(path))))
