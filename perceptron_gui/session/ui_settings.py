"""The window's own preferences that outlive a session file (the screen theme, the text zoom,
the legend's place, the panels presentation mode shows): one small JSON
object in the state folder, beside the recent-files list. A missing or broken file means the
defaults, never an error: a preference must not stop the window from opening."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..core.errors import UserError
from ..core.io import atomic_write_text, read_json_file
from .state_dir import STATE_FILE_MODE, make_state_dir

__all__ = ["SETTINGS_FILE", "load_names", "load_setting", "save_setting"]

SETTINGS_FILE = "settings.json"


def _read(state_dir: Path) -> dict[str, Any]:
    path = Path(state_dir) / SETTINGS_FILE
    if not path.is_file():
        return {}
    try:
        data = read_json_file(path, "settings file", "a settings file", max_bytes=1 << 16)
    except UserError:
        return {}  # a broken preferences file: the defaults (the next save writes a good one)
    return data if isinstance(data, dict) else {}


def load_setting(state_dir: Path, key: str) -> object:
    """The saved value of ``key`` (None when there is none); the caller checks that it is one it knows."""
    return _read(state_dir).get(key)


def load_names(state_dir: Path, key: str, known: tuple[str, ...]) -> tuple[str, ...] | None:
    """A saved list of names, those of ``known`` only and in its order; None when none was saved
    (or what was saved is not a list)."""
    value = load_setting(state_dir, key)
    if not isinstance(value, list):
        return None
    return tuple(name for name in known if name in value)


def save_setting(state_dir: Path, key: str, value: str | int | float | bool | list[str]) -> None:
    """Remember ``key`` = ``value``; a folder that cannot be written is skipped quietly (the
    choice then lasts until the window closes)."""
    data = _read(state_dir)
    data[key] = value
    try:
        make_state_dir(state_dir)
        atomic_write_text(Path(state_dir) / SETTINGS_FILE, json.dumps(data, indent=1) + "\n", mode=STATE_FILE_MODE)
    except (OSError, UserError):
        pass
