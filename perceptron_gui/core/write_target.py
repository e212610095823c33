"""Where a write really lands, and what may not be written over (no Qt).

The atomic writer renames a finished temporary over its target. Three targets make that rename
do the wrong thing, so they are settled here, once, for :mod:`.atomic` and for the checks made
before long work (:func:`perceptron_gui.core.io.unwritable_reason`):

- a symbolic link: the rename would replace the link with a regular file and leave the file it
  points at old; the write goes to the link's target instead;
- something that is not a regular file (a named pipe, a device such as ``/dev/stdout``, a socket,
  a folder): a rename over it would put a file where the pipe or device was; it is refused;
- a name ending in ``/``: the user meant a folder, and ``Path`` drops the slash, so the file would
  be named like the folder; it is refused.
"""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from ..i18n import N_, _

__all__ = ["target_problem", "resolve_target", "same_file"]

_KINDS = ((stat.S_ISDIR, N_("a folder")), (stat.S_ISFIFO, N_("a named pipe (FIFO)")), (stat.S_ISSOCK, N_("a socket")),
          (stat.S_ISCHR, N_("a device")), (stat.S_ISBLK, N_("a device")))
_SEPARATORS = tuple({os.sep, os.altsep or os.sep})


def _shown(path: str) -> str:
    # A pasted name can be long; the sentence must stay one line that still names it.
    return path if len(path) <= 80 else "…" + path[-79:]


def target_problem(path: str | os.PathLike[str]) -> str | None:
    """The sentence saying why ``path`` may not be written over (a trailing slash, a pipe, a
    device, a folder, a loop of links), or None when it is a regular file or does not exist yet."""
    raw = os.fspath(path)
    if isinstance(raw, bytes):  # pragma: no cover - the program passes text names only
        raw = os.fsdecode(raw)
    if raw.endswith(_SEPARATORS) and raw.rstrip("".join(_SEPARATORS)):
        shown = _shown(raw)
        return _("{path} ends in '/', so it names a folder, not a file; give a file name inside it "
                 "({path}NAME) or drop the '/'.").format(path=shown)
    try:
        st = os.stat(raw)  # follows links: judge what the link points at (/dev/stdout is a device or a pipe)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return _("{path} is a link that leads back to itself; remove the link or give another name.").format(
                path=_shown(raw))
        return None  # ENOTDIR, EACCES, ...: the writer's own sentence names these
    except ValueError:
        return None  # a NUL in the name: the writer says so
    for test, kind in _KINDS:
        if test(st.st_mode):
            if kind == "a folder":
                return _("{path} is a folder; give a file name to write to.").format(path=_shown(raw))
            return _("{path} is {kind}, not a regular file, and writing would put a file in its place; "
                     "give the name of a regular file.").format(path=_shown(raw), kind=_(kind))
    if not stat.S_ISREG(st.st_mode):
        return _("{path} is not a regular file; give the name of a regular file.").format(path=_shown(raw))
    return None


def resolve_target(path: str | os.PathLike[str]) -> Path:
    """The file a write of ``path`` must replace: the end of its chain of symbolic links (a
    dangling link's target is created), else ``path`` itself. Call :func:`target_problem` first."""
    p = Path(path)
    try:
        if not p.is_symlink():
            return p
    except (OSError, ValueError):
        return p
    return Path(os.path.realpath(p))


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether ``a`` and ``b`` are one file on disk: the same inode (a link, a hard link, another
    spelling of the path), or, when one does not exist yet, the same resolved path."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        pass
    try:
        return os.path.realpath(a) == os.path.realpath(b)
    except (OSError, ValueError):
        return False
