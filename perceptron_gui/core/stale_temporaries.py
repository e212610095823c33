"""Temporaries a killed writer left beside its target, and their removal (no Qt).

The atomic writer (:mod:`.atomic`) names its temporaries ``.NAME.PID-XXXXXXXX.perceptron-tmp``;
one whose writer is gone and that is older than a minute is debris: :func:`remove_stale_temporaries`
deletes those, and :func:`sweep_once` does so for a folder after the first write into it.
"""
from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Iterable
from pathlib import Path

__all__ = ["TEMP_SUFFIX", "STALE_AFTER_S", "ABANDONED_AFTER_S", "is_temporary_name", "remove_stale_temporaries",
           "sweep_once"]

TEMP_SUFFIX = ".perceptron-tmp"
STALE_AFTER_S = 60.0
ABANDONED_AFTER_S = 24 * 3600.0  # a temporary this old is removed even if its pid runs (reused pid)
_TEMP_RE = re.compile(r"^\..*\.(\d+)-[0-9a-f]{8}" + re.escape(TEMP_SUFFIX) + r"$", re.DOTALL)


def is_temporary_name(name: str) -> bool:
    return _TEMP_RE.match(name) is not None


_swept: set[str] = set()
_swept_lock = threading.Lock()


def _pid_running(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if os.name != "posix":
        return False  # no cheap liveness test; the minute's age is the guard
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # exists, owned by someone else
    return True


def remove_stale_temporaries(folders: Iterable[str | os.PathLike[str]], *, older_than_s: float = STALE_AFTER_S,
                             now: float | None = None) -> list[Path]:
    """Delete our temporaries in ``folders`` that a killed writer left: older than
    ``older_than_s`` and written by a process that no longer runs (or older than a day).
    Returns what was removed; folders that cannot be listed are skipped."""
    now = time.time() if now is None else now
    removed: list[Path] = []
    seen: set[str] = set()
    for folder in folders:
        key = os.path.abspath(os.fspath(folder))
        if key in seen:
            continue
        seen.add(key)
        try:
            entries = list(os.scandir(key))
        except OSError:
            continue
        for e in entries:
            m = _TEMP_RE.match(e.name)
            if m is None:
                continue
            try:
                st = e.stat(follow_symlinks=False)
                age = now - st.st_mtime
                if age < older_than_s or (age < ABANDONED_AFTER_S and _pid_running(int(m.group(1)))):
                    continue
                os.unlink(e.path)
            except OSError:
                continue
            removed.append(Path(e.path))
    return removed


def sweep_once(folder: Path) -> None:
    """After the first write into a folder in this process, clear what killed writers left."""
    key = os.path.abspath(os.fspath(folder) or ".")
    with _swept_lock:
        if key in _swept:
            return
        _swept.add(key)
    remove_stale_temporaries([key])
