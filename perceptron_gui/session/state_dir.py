"""Where the window keeps its own files (autosaves, the recent-files list): the one place that
knows the folder, below both the autosave and the recent-files modules."""
from __future__ import annotations

import os
from pathlib import Path

__all__ = ["STATE_DIR_ENV", "default_state_dir"]

STATE_DIR_ENV = "PERCEPTRON_GUI_STATE_DIR"


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
