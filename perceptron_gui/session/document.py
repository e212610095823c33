"""The open document of one session: which file the work is in, whether it is saved, and the
file operations (open, save, recover) as Qt-free calls that return sentences.

One rule, one place: the window title and the close prompt ask :attr:`Document.dirty`, which
is the session's undo history compared with its save point, so undoing back past a save makes
the work unsaved again and redoing to it makes it saved.

Every operation returns the sentence to show the user on success (``None`` when there is
nothing to say) and raises :class:`~perceptron_gui.core.errors.UserError` (one sentence) on
failure, leaving the document and the session as they were. :attr:`Document.changed` is
emitted whenever the path, the kind, the dirty flag or the title change, so a window title
follows it without watching anything else.

A save never replaces the document's file behind the back of whoever else wrote it since this
document read or saved it (another window on the same file): :meth:`Document.prepare_save` raises
:class:`~perceptron_gui.session.disk_stamp.ChangedOnDiskError` and the window asks.
"""
from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from ..core.errors import UserError
from ..core.io import read_csv, write_csv
from ..i18n import _, ngettext
from .commands import Change
from .disk_stamp import ChangedOnDiskError, FileStamp, file_stamp
from .events import event
from .recent_files import RecentFiles
from .session import Session
from .session_file import apply_session, load_session, save_snapshot, take_snapshot

__all__ = ["APP_NAME", "ChangedOnDiskError", "Document", "DocumentKind", "NothingToSaveError", "PreparedSave", "kind_of"]

APP_NAME = "Perceptron GUI"
DocumentKind = Literal["csv", "session"]
PathLike = str | os.PathLike[str]


class NothingToSaveError(UserError):
    """A data set with no points cannot be saved as CSV (the window says so in its banner)."""


def kind_of(path: PathLike) -> DocumentKind:
    """A path's kind by its name: ``.json`` (``.perceptron.json`` included) is a session,
    anything else a data CSV."""
    return "session" if Path(path).name.lower().endswith(".json") else "csv"


@dataclass
class PreparedSave:
    """A save ready to be written: where, as what, the sentence to say, the history's version
    it holds, and the writer over copies of the data (see :meth:`Document.prepare_save`);
    :attr:`stamp` is the file's once written (see :mod:`.disk_stamp`)."""

    path: Path
    kind: DocumentKind
    said: str
    version: int
    writer: Callable[[], None]
    stamp: FileStamp | None = field(default=None, compare=False)

    def write(self) -> None:
        """Write the file (safe on any thread); a failure is one sentence (UserError)."""
        try:
            self.writer()  # the atomic writer's WriteError (a UserError) is already one sentence
        except OSError as exc:
            raise UserError(_("{name} could not be written ({error}); choose another folder.").format(
                name=self.path.name, error=exc.strerror or exc)) from None
        # At once: a later stat could already see another window's save as this one's.
        self.stamp = file_stamp(self.path)


class Document:
    """The file the work of ``session`` is in.

    Parameters
    ----------
    session : Session
        The state the document opens into and saves from.
    recent : RecentFiles, optional
        Every file opened or saved is added to it.

    Signals
    -------
    changed() : the path, the kind, the dirty flag or the title changed.
    """

    changed = event(description="The path, the kind, the dirty flag or the title changed [].")

    def __init__(self, session: Session, recent: RecentFiles | None = None) -> None:
        self.session = session
        self.recent = recent
        self._path: Path | None = None
        self._kind: DocumentKind | None = None
        self._shown: tuple[Any, ...] | None = None
        self._stamp: FileStamp | None = None  # the file as this window last read or wrote it
        self._unfinished: list[PreparedSave] = []  # prepared, not yet recorded by finish_save
        # The title follows the data's name (a cleared data set is "untitled") and the history.
        session.history_changed.connect(self._refresh)
        session.points_changed.connect(self._on_points)

    # ---- state ----------------------------------------------------------------------------
    @property
    def path(self) -> Path | None:
        """The file the work was last opened from or saved to; None for work in no file."""
        return self._path

    @property
    def kind(self) -> DocumentKind | None:
        """``"csv"`` (the data only), ``"session"`` (everything) or None (no file)."""
        return self._kind

    @property
    def dirty(self) -> bool:
        """True when the data differ from the last save point (what the "*" and the close
        prompt mean)."""
        return not self.session.history.is_clean()

    def name(self) -> str:
        """The file's name, else the data's title, else "untitled"."""
        return self._path.name if self._path else (self.session.data_title or _("untitled"))

    def title(self, app: str = APP_NAME) -> str:
        """The window title: ``"name * — app"`` with the star only for unsaved work."""
        return f"{self.name()}{' *' if self.dirty else ''} — {app}"

    def suggested_path(self, suffix: str, folder: Path | None = None) -> Path:
        """Where a save dialog starts: beside the open file with its stem, else the data's
        title as a file name ("xor-not-separable"), else "untitled" (not "perceptron", which
        made "perceptron.perceptron.json"), in ``folder`` (default: the working folder)."""
        p = self._path
        title = re.sub(r"[^0-9a-z]+", "-", self.session.data_title.lower()).strip("-")[:60]
        stem = p.name.split(".")[0] if p else (title or "untitled")
        where = p.parent if p else (folder if folder is not None else Path.cwd())
        return where / f"{stem}{suffix}"

    # ---- operations -----------------------------------------------------------------------
    def open(self, path: PathLike, kind: DocumentKind | None = None) -> str | None:
        """Open a data CSV or a session file (``kind``, else by the name); the data become one
        undoable step and the work counts as saved."""
        kind = kind or kind_of(Path(path))
        return self.take(path, kind, self.read(path, kind))

    @staticmethod
    def read(path: PathLike, kind: DocumentKind) -> Any:
        """The file's content, parsed and checked, changing nothing (the slow half of
        :meth:`open`: safe on a worker thread, so a window stays live while a big file loads)."""
        p = Path(path)
        return load_session(p) if kind == "session" else read_csv(p)  # UserError before anything changes

    def take(self, path: PathLike, kind: DocumentKind, loaded: Any) -> str | None:
        """Make ``loaded`` (what :meth:`read` gave for ``path``) the open document."""
        p = Path(path)
        if kind == "session":
            apply_session(self.session, loaded)
            said: str | None = _("Opened the session {name}.").format(name=p.name)
        else:
            self.session.load_dataset(loaded, p.name, label=_("Open {name}").format(name=p.name))
            said = None  # the data's own notices are the session's messages
        self._took(p, kind)
        return said

    def save(self, path: PathLike | None = None, kind: DocumentKind | None = None, *, overwrite: bool = False) -> str:
        """Save to ``path`` (else the open file) as ``kind`` (else by the name): a session
        file holds everything, a CSV the data only. The work counts as saved afterwards.
        ``overwrite``: even when the file changed on disk behind this window's back."""
        prepared = self.prepare_save(path, kind, overwrite=overwrite)
        prepared.write()
        return self.finish_save(prepared)

    def prepare_save(self, path: PathLike | None = None, kind: DocumentKind | None = None, *,
                     overwrite: bool = False) -> PreparedSave:
        """The quick first third of :meth:`save` (on the session's thread): check, and copy what
        the file will hold. :meth:`PreparedSave.write` then writes it on any thread (a window
        keeps drawing while 10⁶ points are written) and :meth:`finish_save` records it.

        Raises :class:`ChangedOnDiskError` when the file is this document's and someone else
        wrote it since it was opened or saved here (:meth:`changed_on_disk`), unless ``overwrite``."""
        if path is None:
            if self._path is None:
                raise UserError(_("The work is in no file yet; choose a file name with Save as."))
            path, kind = self._path, kind or self._kind
        p = Path(path)
        kind = kind or kind_of(p)
        if not overwrite and self.changed_on_disk(p):
            raise ChangedOnDiskError(p)
        version = self.session.history.version
        if kind == "session":
            snap = take_snapshot(self.session)
            prepared = PreparedSave(p, kind, _("Saved the session to {name}.").format(name=p.name), version,
                                    lambda: save_snapshot(snap, p))
        else:
            refusal = self.csv_refusal()
            if refusal:
                raise NothingToSaveError(refusal)
            data = self.session.points.all_dataset()  # a copy
            # TRANSLATORS: the English says "points" for every count (a test reads it); give each form its own.
            prepared = PreparedSave(p, kind, ngettext("Saved {n} points to {name}.", "Saved {n} points to {name}.",
                                                      data.n).format(n=data.n, name=p.name), version,
                                    lambda: write_csv(data, p))
        self._unfinished.append(prepared)
        return prepared

    def changed_on_disk(self, path: PathLike | None = None) -> bool:
        """Whether the open file (or ``path``, when it is the open file) was written by someone
        else since this document read or wrote it. A file that is gone has nothing to lose."""
        if self._path is None or self._stamp is None:
            return False
        p = Path(path) if path is not None else self._path
        if os.path.realpath(p) != os.path.realpath(self._path):
            return False
        now = file_stamp(p)
        if now is None or now == self._stamp:
            return False
        # A save of this window written but not yet recorded is no one else's.
        return all(now != prepared.stamp for prepared in self._unfinished)

    def finish_save(self, prepared: PreparedSave) -> str:
        """Record a written save: its file is the document's; the work counts as saved unless it
        changed while the file was written. Returns the sentence to show."""
        for i, waiting in enumerate(self._unfinished):
            if waiting is prepared:  # saves are recorded in order: those before it failed
                del self._unfinished[: i + 1]
                break
        self._stamp = prepared.stamp if prepared.stamp is not None else file_stamp(prepared.path)
        self._path, self._kind = prepared.path, prepared.kind
        self.session.history.mark_clean_at(prepared.version)
        if self.recent is not None:
            self.recent.add(prepared.path)
        self._refresh()
        return prepared.said

    def csv_refusal(self) -> str | None:
        """Why the data cannot be saved as CSV (there are no points), or None; a window asks
        before its save dialog."""
        if self.session.points.n == 0:
            return _("There are no points to save; draw some on the canvas first.")
        return None

    def save_as(self, path: PathLike, kind: DocumentKind | None = None) -> str:
        """Save to a new ``path``; it is the open file afterwards."""
        return self.save(path, kind)

    def recover(self, loaded: dict[str, Any], damaged_after: int | None = None) -> str:
        """Put back an autosave that a crash left (a :func:`load_session`-shaped dict): the
        work is in no file and unsaved, so the title says "untitled *". ``damaged_after``: the
        autosave's journal was damaged after that many edits (the rest are lost: say so)."""
        apply_session(self.session, loaded)
        self._path, self._kind, self._stamp = None, None, None
        self._refresh()
        if damaged_after is not None:
            n = damaged_after
            return ngettext("The work from your last session was restored with {n} edit from its autosave journal, "
                            "but the rest of the journal was damaged, so later edits are lost; check the work and "
                            "save it to keep it.",
                            "The work from your last session was restored with {n} edits from its autosave journal, "
                            "but the rest of the journal was damaged, so later edits are lost; check the work and "
                            "save it to keep it.", n).format(n=n)
        return _("The work from your last session was restored; save it to keep it.")

    def forget_file(self) -> None:
        """New data not from a file (a preset, random data): the old file is no longer open."""
        self._path, self._kind, self._stamp = None, None, None
        self._refresh()

    def mark_clean(self) -> None:
        """Take the present state as saved (a preset loaded at start-up)."""
        self.session.history.mark_clean()
        self._refresh()

    # ---- internals ------------------------------------------------------------------------
    def _took(self, p: Path, kind: DocumentKind) -> None:
        """``p`` was opened: it is the document now, and nothing is unsaved."""
        self._path, self._kind, self._stamp = p, kind, file_stamp(p)
        self.session.history.mark_clean()
        if self.recent is not None:
            self.recent.add(p)
        self._refresh()

    def _on_points(self, change: Change) -> None:
        self._refresh()

    def _refresh(self) -> None:
        shown = (self._path, self._kind, self.dirty, self.title())
        if shown != self._shown:
            self._shown = shown
            self.changed.emit()
