"""Atomic file writing: every file the program writes goes through here (no Qt).

A file is written to a temporary file beside its target, flushed and fsync'ed, checked, and
only then renamed over the target. So a full disk, an I/O error or a kill mid-write leaves the
previous file whole, and a failure is one sentence (:class:`WriteError`), never a report of
success over an empty file.

Temporary files are named ``.NAME.PID-XXXXXXXX.perceptron-tmp`` (hidden, the writer's process id,
a random tag). A killed writer leaves one behind; :func:`remove_stale_temporaries` (from
:mod:`.stale_temporaries`) deletes those older than a minute whose writer no longer runs (the
window calls it at start-up for the folders it knows, and each folder is swept once per process
after a successful write into it).

A symbolic link is written through (its target is replaced, the link stays); a pipe, a device,
a folder or a name ending in ``/`` is refused with a sentence (:mod:`.write_target`).
"""
from __future__ import annotations

import errno
import os
import secrets
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..i18n import N_, _
from .errors import UserError
from .stale_temporaries import TEMP_SUFFIX, is_temporary_name, remove_stale_temporaries, sweep_once
from .write_target import resolve_target, target_problem

__all__ = ["WriteError", "TEMP_SUFFIX", "write_error", "temporary_name", "AtomicFile", "atomic_path",
           "atomic_write_bytes", "atomic_write_text", "atomic_write_chunks", "remove_stale_temporaries",
           "is_temporary_name"]

_WRITE_BLOCK = 1 << 20  # bytes per os.write: chunks are joined up to this

# errno -> (what went wrong, what to do), for the one sentence a user reads (English, marked;
# translated when the sentence is made).
_REASONS = {
    errno.ENOSPC: (N_("the disk is full"), N_("free some space or choose another folder")),
    getattr(errno, "EDQUOT", -1001): (N_("the disk quota is used up"), N_("free some space or choose another folder")),
    errno.EFBIG: (N_("the file is too large for this disk"), N_("choose another folder")),
    errno.EIO: (N_("the disk reported an input/output error"), N_("check the disk or choose another folder")),
    errno.EACCES: (N_("permission denied"), N_("choose a folder you may write to")),
    errno.EPERM: (N_("permission denied"), N_("choose a folder you may write to")),
    errno.EROFS: (N_("the disk is read-only"), N_("choose another folder")),
    errno.ENOENT: (N_("the folder does not exist"), N_("choose an existing folder")),
    errno.ENOTDIR: (N_("part of the path is not a folder"), N_("choose an existing folder")),
    errno.EISDIR: (N_("that name is a folder"), N_("give a file name")),
    errno.ENAMETOOLONG: (N_("the name is too long"), N_("choose a shorter name")),
}


class WriteError(UserError):
    """A file that could not be written; ``str(err)`` is one sentence; the old file is intact.

    Attributes
    ----------
    path : Path
        The file that was to be written.
    errno : int or None
        The operating system's error number when there was one.
    """

    def __init__(self, message: str, path: str | os.PathLike[str], errno_: int | None = None) -> None:
        super().__init__(message)
        self.path = Path(path)
        self.errno = errno_


def write_error(path: str | os.PathLike[str], exc: BaseException | None = None, *,
                reason: str | None = None, advice: str | None = None) -> WriteError:
    """The :class:`WriteError` for ``path``: "Could not write fig.svg: the disk is full; free
    some space or choose another folder." ``exc`` (an OSError) picks the reason, else ``reason``."""
    code = getattr(exc, "errno", None)
    known = _REASONS.get(code) if code is not None else None
    if known is not None:
        what, todo = _(known[0]), _(known[1])
    else:
        detail = getattr(exc, "strerror", None) or (str(exc) if exc is not None else "")
        what = reason or (detail[:1].lower() + detail[1:] if detail else _("the writer failed"))
        todo = _("free some space or choose another folder")
    if advice is not None:
        todo = advice
    name = Path(path).name or str(path)
    return WriteError(_("Could not write {name}: {what}; {todo}.").format(name=name, what=what, todo=todo), path, code)


def temporary_name(path: str | os.PathLike[str]) -> Path:
    """A fresh hidden name beside ``path`` (see the module docstring)."""
    p = Path(path)
    # Keep the temporary within the 255-byte name limit even when the target is near it.
    stem = p.name.encode("utf-8")[:120].decode("utf-8", "ignore")
    return p.with_name(f".{stem}.{os.getpid()}-{secrets.token_hex(4)}{TEMP_SUFFIX}")


def _target_mode(p: Path) -> int | None:
    """The target's permission bits when it exists (kept across the replace), else None."""
    try:
        return p.stat().st_mode & 0o7777
    except OSError:
        return None


def _fsync_folder(folder: Path) -> None:
    # Makes the rename itself durable; some file systems refuse a folder fsync: no matter.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


class AtomicFile:
    """One pending write: write to :attr:`tmp` (by name, or with :meth:`write` after
    :meth:`open`), then :meth:`commit` or :meth:`discard`.

    For writers with a lifetime of their own (an animation encoded over many event-loop turns);
    :func:`atomic_path` and the ``atomic_write_*`` functions wrap it for everything else.

    Parameters
    ----------
    path : the target file.
    allow_empty : bool
        Accept a 0-byte result (otherwise an empty file is taken as a failed writer).
    mode : int or None
        The file's permission bits (0o600 for the window's private state), set on the temporary
        before anything is in it; None: an existing target's bits, else 0666 less the umask.
    """

    def __init__(self, path: str | os.PathLike[str], *, allow_empty: bool = False, mode: int | None = None) -> None:
        problem = target_problem(path)
        if problem is not None:
            raise WriteError(problem, path)
        self.path = resolve_target(path)
        self.tmp = temporary_name(self.path)
        self.allow_empty = allow_empty
        self.mode = mode
        self._fd: int | None = None
        self._done = False

    # ---- writing through this object (checked os.write) -------------------------------------
    def open(self) -> None:
        """Create :attr:`tmp` for :meth:`write` (mode 0666 less the umask, as open() gives, or :attr:`mode`)."""
        try:
            self._fd = os.open(self.tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0),
                               0o666 if self.mode is None else self.mode)
        except OSError as exc:
            raise write_error(self.path, exc) from None

    def write(self, data: bytes | bytearray | memoryview) -> None:
        assert self._fd is not None, "open() first"
        view = memoryview(data)
        try:
            while view:
                n = os.write(self._fd, view)
                if n <= 0:  # a short write that makes no progress: the disk is full
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                view = view[n:]
        except OSError as exc:
            self.discard()
            raise write_error(self.path, exc) from None

    # ---- ending -------------------------------------------------------------------------------
    def commit(self) -> Path:
        """Check the temporary, sync it to disk and rename it over :attr:`path`."""
        try:
            if self._fd is None:
                try:
                    fd = os.open(self.tmp, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
                except FileNotFoundError:
                    raise write_error(self.path, reason=_("the writer made no file")) from None
            else:
                fd, self._fd = self._fd, None
            try:
                size = os.fstat(fd).st_size
                os.fsync(fd)
            finally:
                os.close(fd)
            if size == 0 and not self.allow_empty:
                raise write_error(self.path, reason=_("nothing was written (the disk may be full)"))
            mode = _target_mode(self.path) if self.mode is None else self.mode
            if mode is not None:
                os.chmod(self.tmp, mode)
            os.replace(self.tmp, self.path)
        except OSError as exc:
            self.discard()
            raise write_error(self.path, exc) from None
        except BaseException:
            self.discard()
            raise
        self._done = True
        _fsync_folder(self.path.parent)
        sweep_once(self.path.parent)
        return self.path

    def discard(self) -> None:
        """Remove the temporary (the target is untouched); safe to call twice."""
        if self._fd is not None:
            try:
                os.close(self._fd)
            except OSError:
                pass
            self._fd = None
        if not self._done:
            try:
                os.unlink(self.tmp)
            except OSError:
                pass
        self._done = True


@contextmanager
def atomic_path(path: str | os.PathLike[str], *, allow_empty: bool = False) -> Iterator[Path]:
    """A temporary name for writers that take a file name (Pillow, ffmpeg); it replaces
    ``path`` only when the block ends normally and the file is not empty. An OSError in the
    block becomes a :class:`WriteError`; other errors pass through; either way the temporary
    is removed and ``path`` is untouched."""
    f = AtomicFile(path, allow_empty=allow_empty)
    try:
        yield f.tmp
    except OSError as exc:
        f.discard()
        raise write_error(path, exc) from None
    except BaseException:
        f.discard()
        raise
    f.commit()


def atomic_write_chunks(path: str | os.PathLike[str], chunks: Iterable[str | bytes], *,
                        allow_empty: bool = True, mode: int | None = None) -> Path:
    """Stream ``chunks`` (text is written as UTF-8, no newline translation) atomically; ``mode``
    as for :class:`AtomicFile`."""
    f = AtomicFile(path, allow_empty=allow_empty, mode=mode)
    f.open()
    buf: list[bytes] = []
    size = 0
    try:
        for chunk in chunks:
            b = chunk.encode("utf-8") if isinstance(chunk, str) else bytes(chunk)
            buf.append(b)
            size += len(b)
            if size >= _WRITE_BLOCK:
                f.write(b"".join(buf))
                buf, size = [], 0
        if buf:
            f.write(b"".join(buf))
    except OSError as exc:  # raised by the chunks' producer
        f.discard()
        raise write_error(path, exc) from None
    except BaseException:
        f.discard()
        raise
    return f.commit()


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes, *, allow_empty: bool = True,
                       mode: int | None = None) -> Path:
    return atomic_write_chunks(path, (data,), allow_empty=allow_empty, mode=mode)


def atomic_write_text(path: str | os.PathLike[str], text: str, *, allow_empty: bool = True,
                      mode: int | None = None) -> Path:
    """Write ``text`` as UTF-8 to a temporary file beside ``path``, then rename it over ``path``."""
    return atomic_write_chunks(path, (text,), allow_empty=allow_empty, mode=mode)
