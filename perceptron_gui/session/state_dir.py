"""Where the window keeps its own files (autosaves, the recent-files list, its settings): the one
place that knows the folder, below both the autosave and the recent-files modules.

The folder holds unsaved work and the names of the files a user opened, so it is private: made
0700 (an existing one is tightened), its files written 0600 (:data:`STATE_FILE_MODE`). A shared
folder it may have been pointed at (``/tmp``: sticky, or someone else's) is left as it is."""
from __future__ import annotations

import os
import stat
from pathlib import Path

__all__ = ["STATE_DIR_ENV", "STATE_DIR_MODE", "STATE_FILE_MODE", "default_state_dir", "make_state_dir",
           "tighten_state_dir"]

STATE_DIR_ENV = "PERCEPTRON_GUI_STATE_DIR"
STATE_DIR_MODE = 0o700
STATE_FILE_MODE = 0o600


def default_state_dir() -> Path:
    """``$PERCEPTRON_GUI_STATE_DIR``, else ``$XDG_STATE_HOME/perceptron-gui``, else
    ``~/.local/state/perceptron-gui``."""
    env = os.environ.get(STATE_DIR_ENV)
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_STATE_HOME")
    # The XDG spec says to ignore a relative path.
    base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".local" / "state"
    return base / "perceptron-gui"


def make_state_dir(directory: str | os.PathLike[str]) -> Path:
    """Create the state folder 0700 (its parents as usual), or tighten an existing one; raises
    OSError when it cannot be made."""
    d = Path(directory)
    d.mkdir(mode=STATE_DIR_MODE, parents=True, exist_ok=True)
    tighten_state_dir(d)
    return d


def tighten_state_dir(directory: str | os.PathLike[str]) -> None:
    """Take group and others' access away from an existing state folder of ours (one made 0755
    by an earlier version); never raises."""
    try:
        st = os.stat(directory)
        mode = stat.S_IMODE(st.st_mode)
        if not stat.S_ISDIR(st.st_mode) or not mode & 0o077 or mode & stat.S_ISVTX:
            return
        if hasattr(os, "getuid") and st.st_uid != os.getuid():
            return
        os.chmod(directory, mode & ~0o077)
    except OSError:
        pass
