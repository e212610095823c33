"""What a file looked like on disk when a window last read or wrote it (no Qt).

Two windows on one session file: the second one's save silently replaced the first one's. A
:class:`~perceptron_gui.session.document.Document` keeps the stamp of its file from the open and
from each of its own saves, and before it writes that file again it compares: a different stamp
means someone else wrote it meanwhile, and the window asks before anything is lost.

The stamp is the device, the inode, the modification time in nanoseconds and the size. Every
save of this program is a rename of a new file over the old (core/atomic.py), so another
window's save changes the inode even within one tick of a coarse clock; an editor that writes
in place changes the time or the size.
"""
from __future__ import annotations

import os

from ..core.csv_text import clip_text
from ..core.errors import UserError
from ..i18n import _

__all__ = ["FileStamp", "file_stamp", "ChangedOnDiskError"]

FileStamp = tuple[int, int, int, int]  # st_dev, st_ino, st_mtime_ns, st_size


def file_stamp(path: str | os.PathLike[str]) -> FileStamp | None:
    """The stamp of the file at ``path`` (links followed), or None when there is none."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return (st.st_dev, st.st_ino, st.st_mtime_ns, st.st_size)


class ChangedOnDiskError(UserError):
    """The file a save would replace changed on disk since the window opened or saved it; the
    window asks (reload, overwrite, save as) or says this sentence."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        name = clip_text(os.path.basename(self.path) or self.path, 60)
        super().__init__(_("{name} was changed on disk by another window or program since this window opened or "
                           "saved it; reload it, overwrite it, or save the work here under another name.").format(name=name))
