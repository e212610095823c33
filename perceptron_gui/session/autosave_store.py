"""The autosave's files on disk: one set per window, its lock, its journal, and recovery (no Qt).

Each window's :class:`~perceptron_gui.session.autosave.Autosaver` owns a *slot* in the state
directory, named by its process id and a random tag::

    autosave-4242-1a2b3c.perceptron.json   the base: a session file with one extra key,
                                           "autosave_base", the base's number
    autosave-4242-1a2b3c.journal           JSON lines: a header naming that base number, then
                                           one line per edit since the base (see below)
    autosave-4242-1a2b3c.lock              held with an exclusive lock (flock) while the window
                                           lives; the system drops it when the process dies

So a slot whose lock can be taken belongs to no running window: it was left by a crash or a
kill and is offered for recovery; a live window's slot never is, and a window deletes only its
own slot when it closes. An ``autosave.perceptron.json`` of an older version (no lock, no
journal) is offered the same way.

The journal's lines are described in :mod:`.autosave_journal`.
"""
from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.io import read_json_file
from ..i18n import _
from .autosave_journal import BASE_KEY, read_journal, replay
from .session_file import SESSION_SUFFIX, SessionFileError, validate_session_dict

try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = ["PREFIX", "LEGACY_NAME", "Slot", "crashed_slots", "Recovered", "read_recovered", "read_autosave"]

PREFIX = "autosave"
LEGACY_NAME = f"{PREFIX}{SESSION_SUFFIX}"  # the single, unlocked autosave of earlier versions


def _try_lock(fd: int) -> bool:
    """Take an exclusive lock on ``fd`` without waiting; False when someone holds it."""
    if fcntl is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        return True
    import msvcrt  # pragma: no cover - Windows

    try:  # pragma: no cover
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:  # pragma: no cover
        return False
    return True  # pragma: no cover


class Slot:
    """One autosave's files (base, journal, lock), named by ``ident`` in ``directory``."""

    def __init__(self, directory: str | os.PathLike[str], ident: str | None) -> None:
        self.directory = Path(directory)
        self.ident = ident  # None: the legacy single autosave
        stem = PREFIX if ident is None else f"{PREFIX}-{ident}"
        self.base = self.directory / f"{stem}{SESSION_SUFFIX}"
        self.journal = self.directory / f"{stem}.journal"
        self.lock = self.directory / f"{stem}.lock"
        self._fd: int | None = None

    @classmethod
    def new(cls, directory: str | os.PathLike[str]) -> Slot:
        return cls(directory, f"{os.getpid()}-{secrets.token_hex(3)}")

    @classmethod
    def of_base(cls, base: Path) -> Slot:
        stem = base.name[: -len(SESSION_SUFFIX)]
        return cls(base.parent, None if stem == PREFIX else stem[len(PREFIX) + 1:])

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        """Open (create) the lock file and lock it; False when a live process holds it.
        Raises OSError when the folder cannot be written."""
        if self._fd is not None:
            return True
        fd = os.open(self.lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
        if not _try_lock(fd):
            os.close(fd)
            return False
        self._fd = fd
        return True

    def release(self) -> None:
        """Drop the lock (the files stay: a later start offers them)."""
        fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)

    def remove(self) -> None:
        """Delete the base and the journal, then the lock file, then drop the lock."""
        for p in (self.base, self.journal, self.lock):
            try:
                p.unlink()
            except OSError:
                pass  # gone already, or offered once more next time: no reason to fail
        self.release()

    def set_aside(self, why: str) -> str:
        """Rename a damaged base (and its journal) out of the way; the sentence saying so."""
        from .recent_files import set_aside  # the one rule for damaged state files

        sentence = set_aside(self.base, _("The autosaved work"), why)
        if self.journal.exists():
            set_aside(self.journal, _("Its journal"), why)
        self.remove()
        return sentence

    def newest_mtime(self) -> float:
        times = []
        for p in (self.base, self.journal):
            try:
                times.append(p.stat().st_mtime)
            except OSError:
                pass
        return max(times, default=0.0)

    def __repr__(self) -> str:
        return f"Slot({self.base.name!r}, held={self.held})"


def crashed_slots(directory: str | os.PathLike[str]) -> list[Slot]:
    """The autosaves in ``directory`` that no running window owns, newest first, each with its
    lock held by the caller (so no other window offers it meanwhile): release or remove each."""
    d = Path(directory)
    try:
        names = sorted(n for n in os.listdir(d) if n.startswith(PREFIX) and n.endswith(SESSION_SUFFIX))
    except OSError:
        return []
    out: list[Slot] = []
    for name in names:
        slot = Slot.of_base(d / name)
        try:
            if not slot.base.is_file() or not slot.acquire():
                continue
        except OSError:
            continue  # a folder we may not write: we could not remove it either; skip
        out.append(slot)
    out.sort(key=lambda s: s.newest_mtime(), reverse=True)
    return out


# ---- reading a slot back ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Recovered:
    """What an autosave gives back.

    Attributes
    ----------
    session : the session, in :func:`load_session`'s shape.
    edits : how many of the journal's edits were replayed on the base.
    damaged : the journal could not be read or replayed to its end: the edits after ``edits``
        are lost, and the window must say so.
    """

    session: dict[str, Any]
    edits: int
    damaged: bool


def read_recovered(base: str | os.PathLike[str]) -> Recovered:
    """The session an autosave holds (base plus journal), and how much of its journal came back.

    Raises
    ------
    SessionFileError
        The base cannot be read or is not a valid session; one sentence. A damaged journal
        is not an error: its lines up to the damage are used, and :attr:`Recovered.damaged` says so.
    """
    p = Path(base)
    doc = read_json_file(p, _("autosave"), _("a {suffix} file").format(suffix=SESSION_SUFFIX), SessionFileError)
    number = doc.get(BASE_KEY) if isinstance(doc, dict) else None
    edits, damaged = 0, False
    if isinstance(doc, dict) and isinstance(number, int) and not isinstance(number, bool):
        journal = read_journal(Slot.of_base(p).journal, number)
        edits = replay(doc, journal.ops) if journal.ops else 0
        damaged = journal.damaged or edits < len(journal.ops)
    return Recovered(validate_session_dict(doc, p.name), edits, damaged)


def read_autosave(base: str | os.PathLike[str]) -> dict[str, Any]:
    """The session an autosave holds (base plus journal), in :func:`load_session`'s shape; see
    :func:`read_recovered`, which also says whether the journal was damaged."""
    return read_recovered(base).session
