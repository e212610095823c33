"""``perceptron-gui --install-desktop``: a menu entry, an icon and a file type for sessions, so a
double-click on a ``*.perceptron.json`` opens it in the window (freedesktop.org desktops).

Everything goes into the user's own ``$XDG_DATA_HOME`` (default ``~/.local/share``), never a
system folder: the user did not ask for administrator rights, and a wheel in a venv should not
need them. The entry starts this very interpreter (``python -m perceptron_gui``), so it works
for a venv that is not on the desktop's PATH.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from importlib import resources
from pathlib import Path

from ..core.atomic import atomic_write_bytes, atomic_write_text
from ..core.errors import UserError
from ..i18n import _
from .common import fail

__all__ = ["APP_ID", "SESSION_MIME", "cmd_install_desktop", "data_home", "desktop_entry", "exec_line",
           "install_desktop", "mime_package"]

APP_ID = "perceptron-gui"
SESSION_MIME = "application/x-perceptron-session"
PNG_SIZES = (48, 128, 256)  # what menus, docks and file managers ask for most; the SVG covers the rest
# Characters that make a desktop-entry argument need quotes (Desktop Entry spec, "The Exec key").
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def data_home(environ: dict[str, str] | None = None) -> Path:
    """``$XDG_DATA_HOME``, or ``~/.local/share`` when it is unset, empty or relative (the XDG
    base-directory spec says a relative one is invalid and ignored)."""
    env = os.environ if environ is None else environ
    value = env.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    return Path(env.get("HOME") or Path.home()) / ".local" / "share"


def _exec_arg(arg: str) -> str:
    """One argument of an Exec key: quoted when it holds a reserved character, ``%`` doubled."""
    arg = arg.replace("%", "%%")
    if not any(c in _RESERVED for c in arg):
        return arg
    inner = "".join("\\" + c if c in '"`$\\' else c for c in arg)
    return f'"{inner}"'


def exec_line(python: str | None = None) -> str:
    """The Exec value: this interpreter running the package, on the file double-clicked (``%f``).
    Backslashes are doubled once more: the desktop file's string escapes come on top."""
    cmd = " ".join(_exec_arg(a) for a in (python or sys.executable, "-m", "perceptron_gui"))
    return f"{cmd} %f".replace("\\", "\\\\")


def desktop_entry(python: str | None = None) -> str:
    """The ``perceptron-gui.desktop`` file."""
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        # 1.4, not 1.5: nothing here needs 1.5's keys, and desktop-file-validate 0.26 (Debian 12,
        # Ubuntu 22.04) rejects 1.5 as "not a known version".
        "Version=1.4",
        "Name=Perceptron GUI",
        "GenericName=Perceptron teaching tool",
        "Comment=Draw points, train perceptrons step by step and watch the convergence proof",
        f"Exec={exec_line(python)}",
        f"Icon={APP_ID}",
        "Terminal=false",
        # One main category (Education; Math is an additional one under it): with two, menus list
        # the entry twice (desktop-file-validate's hint).
        "Categories=Education;Math;",
        f"MimeType={SESSION_MIME};text/csv;",
        "Keywords=perceptron;machine learning;linear classifier;lecture;",
        "",
    ])


def mime_package() -> str:
    """The shared-mime-info package that names ``*.perceptron.json`` files (weight 60 beats the
    plain ``*.json`` glob's 50, so they are sessions, not just JSON)."""
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
  <mime-type type="{SESSION_MIME}">
    <comment>Perceptron GUI session</comment>
    <sub-class-of type="application/json"/>
    <icon name="{SESSION_MIME.replace('/', '-')}"/>
    <glob pattern="*.perceptron.json" weight="60"/>
  </mime-type>
</mime-info>
"""


def _icon_svg() -> bytes:
    return resources.files("perceptron_gui").joinpath("resources/desktop/perceptron-gui.svg").read_bytes()


def _png(svg: bytes, size: int) -> bytes | None:
    """The icon drawn at ``size`` pixels by Qt's SVG renderer; None when Qt is not there (the
    SVG alone is enough for current desktops)."""
    try:
        from PySide6 import QtCore, QtGui, QtSvg
    except ImportError:
        return None
    renderer = QtSvg.QSvgRenderer(QtCore.QByteArray(svg))
    image = QtGui.QImage(size, size, QtGui.QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QtCore.Qt.GlobalColor.transparent)
    painter = QtGui.QPainter(image)
    renderer.render(painter)
    painter.end()
    buf = QtCore.QBuffer()
    buf.open(QtCore.QIODevice.OpenModeFlag.WriteOnly)
    # PySide6's stubs want bytes for the format, its runtime refuses them and takes the str.
    saved = image.save(buf, "PNG")  # type: ignore[call-overload]
    return bytes(buf.data().data()) if saved else None


def install_desktop(root: Path | None = None, python: str | None = None, refresh: bool = True) -> list[Path]:
    """Write the entry, the icons and the MIME package under ``root`` (default :func:`data_home`);
    returns the files written. ``refresh`` runs ``update-mime-database`` and
    ``update-desktop-database`` on those folders when they are installed. A folder that cannot
    be written is a UserError (one sentence)."""
    root = data_home() if root is None else root
    svg = _icon_svg()
    files: list[tuple[Path, bytes]] = [
        (root / "applications" / f"{APP_ID}.desktop", desktop_entry(python).encode()),
        (root / "mime" / "packages" / f"{APP_ID}.xml", mime_package().encode()),
        (root / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg", svg),
        (root / "icons" / "hicolor" / "scalable" / "mimetypes" / f"{SESSION_MIME.replace('/', '-')}.svg", svg),
    ]
    for size in PNG_SIZES:
        png = _png(svg, size)
        if png is not None:
            files.append((root / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png", png))
    written = []
    for path, data in files:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UserError(_("Could not make the folder {folder} ({error}); "
                              "check XDG_DATA_HOME or the folder's permissions.").format(
                folder=path.parent, error=exc.strerror or exc)) from None
        if path.suffix in (".desktop", ".xml"):
            atomic_write_text(path, data.decode())
        else:
            atomic_write_bytes(path, data)
        written.append(path)
    if refresh:
        _refresh(root)
    return written


def _refresh(root: Path) -> None:
    """Tell the desktop about the new type and entry; without the tools it learns at next login."""
    for tool, folder in (("update-mime-database", root / "mime"), ("update-desktop-database", root / "applications")):
        exe = shutil.which(tool)
        if exe is not None:
            subprocess.run([exe, str(folder)], capture_output=True, timeout=60, check=False)


def cmd_install_desktop() -> int:
    """The command: install, then say where and what it means."""
    root = data_home()
    try:
        install_desktop(root)
    except UserError as exc:  # a folder not writable, a full disk: one sentence
        return fail(str(exc))
    print(_("Installed the Perceptron GUI menu entry, its icon and the session file type (*.perceptron.json) "
            "into {folder}: a double-click on a session now opens it (log out and in if the desktop does not "
            "show it yet).").format(folder=root))
    return 0
