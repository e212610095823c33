"""The double-click path: what a freedesktop desktop does with the files that
``perceptron-gui --install-desktop`` writes, short of a desktop.

1. With the desktop's own tools (Debian's desktop-file-utils, shared-mime-info, xdg-utils and
   GLib's ``gio``; ``.ci/run`` installs them): the entry validates, ``*.perceptron.json`` is our
   MIME type, and our entry is that type's default application — the three things a file
   manager asks before it runs anything.
2. The command a double-click runs: the installed entry's ``Exec=`` line, its field code
   replaced by the file as a launcher does, with ``--screenshot`` appended (offscreen).

All XDG folders are in tmp_path; nothing is written to the user's own desktop."""
from __future__ import annotations

import configparser
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from perceptron_gui.cli.desktop import APP_ID, SESSION_MIME, install_desktop
from perceptron_gui.session.document import Document
from perceptron_gui.session.session import Session

PNG = b"\x89PNG\r\n\x1a\n"
DESKTOP_TOOLS = ("desktop-file-validate", "update-mime-database", "update-desktop-database", "xdg-mime", "gio")


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The entry, icons and MIME type installed into a throwaway $XDG_DATA_HOME (databases
    refreshed when the tools are there, as ``--install-desktop`` does)."""
    data, config = tmp_path / "xdg-data", tmp_path / "xdg-config"
    config.mkdir()
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    install_desktop(data)
    return data


@pytest.fixture
def session_file(tmp_path: Path) -> Path:
    """A real saved session, in a folder and under a name a shell would need quoting for."""
    s = Session()
    s.set_algorithm("offset")
    s.load_preset("and", switch=False)
    s.wait()
    folder = tmp_path / "my lectures"
    folder.mkdir()
    path = folder / "week 1 & #2.perceptron.json"
    Document(s).save(path)
    return path


def _entry(root: Path) -> configparser.SectionProxy:
    cp = configparser.ConfigParser(interpolation=None)
    cp.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    cp.read_string((root / "applications" / f"{APP_ID}.desktop").read_text())
    return cp["Desktop Entry"]


def _split_quoted(value: str) -> list[str]:
    """The Exec key's arguments: split at spaces outside double quotes; inside them a backslash
    escapes the double quote, backquote, dollar and backslash
    (shlex's POSIX mode unescapes only the quote and the backslash)."""
    args: list[str] = []
    current: list[str] | None = None
    quoted, i = False, 0
    while i < len(value):
        c = value[i]
        if quoted and c == "\\" and i + 1 < len(value) and value[i + 1] in '"`$\\':
            current = (current or []) + [value[i + 1]]
            i += 2
            continue
        if c == '"':
            quoted, current = not quoted, current or []
        elif c == " " and not quoted:
            if current is not None:
                args.append("".join(current))
            current = None
        else:
            current = (current or []) + [c]
        i += 1
    assert not quoted, f"an unclosed quote in the Exec key: {value!r}"
    if current is not None:
        args.append("".join(current))
    return args


def launcher_argv(exec_value: str, file: Path) -> list[str]:
    """The argv a launcher builds from an Exec value for one file (Desktop Entry spec, "The Exec
    key"): the file's string escapes undone, then split with the spec's quoting, then the field
    codes replaced: ``%f``/``%F`` by the path, ``%u``/``%U`` by its URI, ``%%`` by ``%``; the others dropped."""
    escapes = {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}
    value, i = [], 0
    while i < len(exec_value):
        c = exec_value[i]
        if c == "\\" and i + 1 < len(exec_value) and exec_value[i + 1] in escapes:
            value.append(escapes[exec_value[i + 1]])
            i += 2
        else:
            value.append(c)
            i += 1
    argv: list[str] = []
    for token in _split_quoted("".join(value)):
        if token in ("%f", "%F"):
            argv.append(str(file))
        elif token in ("%u", "%U"):
            argv.append(file.as_uri())
        elif token in ("%i", "%c", "%k", "%d", "%D", "%n", "%N", "%v", "%m"):
            continue
        else:
            argv.append(token.replace("%%", "%"))
    return argv


def _double_click(installed: Path, file: Path, out: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    argv = launcher_argv(_entry(installed)["Exec"], file) + ["--screenshot", str(out), "--size", "800x600"]
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env.pop("PYTHONPATH", None)
    # A launcher starts the entry in the home folder, never in the checkout.
    return subprocess.run(argv, capture_output=True, text=True, timeout=180, cwd=cwd, env=env)


def test_the_launcher_argv_follows_the_spec(tmp_path):
    f = tmp_path / "a b.perceptron.json"
    assert launcher_argv('"/opt/my venv/bin/python" -m perceptron_gui %f', f) == [
        "/opt/my venv/bin/python", "-m", "perceptron_gui", str(f)]
    assert launcher_argv('"/x/100%%/py\\\\$thon" %u', f) == ["/x/100%/py$thon", f.as_uri()]


def test_a_double_click_on_a_session_opens_it(installed, session_file, tmp_path):
    exec_value = _entry(installed)["Exec"]
    assert exec_value.split()[-1] == "%f"  # one local file path, what the app reads
    out = tmp_path / "shot.png"
    done = _double_click(installed, session_file, out, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    data = out.read_bytes()
    assert data[:8] == PNG and len(data) > 10_000  # a drawn window, not an empty image


def test_a_double_click_on_a_bad_file_is_exit_2_and_one_sentence(installed, tmp_path):
    bad = tmp_path / "broken #1.perceptron.json"
    bad.write_text("{not json")
    out = tmp_path / "shot.png"
    done = _double_click(installed, bad, out, cwd=tmp_path)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    sentences = [line for line in done.stderr.splitlines() if "not valid JSON" in line]
    assert len(sentences) == 1 and str(bad.name) in sentences[0]


@pytest.mark.skipif(any(shutil.which(t) is None for t in DESKTOP_TOOLS),
                    reason="the freedesktop tools are not installed (apt-get install desktop-file-utils "
                           "shared-mime-info xdg-utils libglib2.0-bin, as .ci/run does)")
def test_the_desktop_tools_accept_the_entry_and_map_sessions_to_it(installed, session_file, tmp_path):
    entry = installed / "applications" / f"{APP_ID}.desktop"
    valid = subprocess.run(["desktop-file-validate", str(entry)], capture_output=True, text=True, timeout=60)
    report = valid.stdout + valid.stderr
    assert valid.returncode == 0 and "error:" not in report and "warning:" not in report, report
    # GNOME's route (gio, which reads the shared-mime-info database under $XDG_DATA_HOME);
    # xdg-mime's generic route asks `file`, which knows JSON but not our glob.
    env = dict(os.environ, XDG_CURRENT_DESKTOP="GNOME", XDG_DATA_DIRS="/usr/local/share:/usr/share")

    def xdg_mime(*args: str) -> str:
        done = subprocess.run(["xdg-mime", "query", *args], capture_output=True, text=True, timeout=60, env=env)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    assert xdg_mime("filetype", str(session_file)) == SESSION_MIME
    assert xdg_mime("default", SESSION_MIME) == f"{APP_ID}.desktop"
