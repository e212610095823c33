"""``perceptron-gui --install-desktop``: a menu entry, icons and the session file type, written
into ``$XDG_DATA_HOME`` only (here a tmp_path), never a system folder."""
from __future__ import annotations

import configparser
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from perceptron_gui.cli import main
from perceptron_gui.cli.desktop import SESSION_MIME, data_home, desktop_entry, exec_line

PNG = b"\x89PNG\r\n\x1a\n"


def _entry(path: Path) -> configparser.SectionProxy:
    cp = configparser.ConfigParser(interpolation=None)
    cp.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    cp.read_string(path.read_text())
    return cp["Desktop Entry"]


def test_install_writes_the_entry_icons_and_mime_type_into_xdg_data_home(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["--install-desktop"]) == 0
    out = capsys.readouterr().out
    assert str(tmp_path) in out and "*.perceptron.json" in out
    entry = _entry(tmp_path / "applications" / "perceptron-gui.desktop")
    assert entry["Type"] == "Application" and entry["Icon"] == "perceptron-gui" and entry["Terminal"] == "false"
    assert SESSION_MIME in entry["MimeType"].split(";")
    assert entry["Exec"].endswith(" -m perceptron_gui %f")
    mime = ET.parse(tmp_path / "mime" / "packages" / "perceptron-gui.xml").getroot()
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    kind = mime.find("m:mime-type", ns)
    assert kind is not None and kind.get("type") == SESSION_MIME
    assert [g.get("pattern") for g in kind.findall("m:glob", ns)] == ["*.perceptron.json"]
    svg = ET.parse(tmp_path / "icons" / "hicolor" / "scalable" / "apps" / "perceptron-gui.svg").getroot()
    assert svg.tag.endswith("svg")
    for size in (48, 128, 256):
        png = (tmp_path / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "perceptron-gui.png").read_bytes()
        assert png[:8] == PNG
        assert int.from_bytes(png[16:20], "big") == size  # the IHDR width
    if shutil.which("update-mime-database"):  # the type is known to the desktop's database
        assert f"{SESSION_MIME}:*.perceptron.json" in (tmp_path / "mime" / "globs2").read_text()


def test_installing_twice_gives_the_same_files(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["--install-desktop"]) == 0
    first = (tmp_path / "applications" / "perceptron-gui.desktop").read_text()
    assert main(["--install-desktop"]) == 0
    assert (tmp_path / "applications" / "perceptron-gui.desktop").read_text() == first


def test_data_home_follows_the_xdg_spec(tmp_path):
    assert data_home({"XDG_DATA_HOME": str(tmp_path), "HOME": "/h"}) == tmp_path
    assert data_home({"HOME": "/h"}) == Path("/h/.local/share")
    assert data_home({"XDG_DATA_HOME": "", "HOME": "/h"}) == Path("/h/.local/share")
    assert data_home({"XDG_DATA_HOME": "relative/dir", "HOME": "/h"}) == Path("/h/.local/share")  # invalid: ignored


def _first_exec_arg(line: str) -> str:
    """The Exec key's first argument as a launcher reads it: the file's string escape (\\) undone,
    then the quoting (\\ before " ` $ \\ inside double quotes), then %%."""
    value = line.replace("\\\\", "\\")
    if not value.startswith('"'):
        return value.split(" ")[0].replace("%%", "%")
    out, i = [], 1
    while value[i] != '"':
        if value[i] == "\\":
            i += 1
        out.append(value[i])
        i += 1
    return "".join(out).replace("%%", "%")


@pytest.mark.parametrize("python", ["/opt/my venv/bin/python", "/usr/bin/python3", "/x/100%/py$thon"])
def test_the_exec_line_quotes_what_the_spec_reserves(python):
    line = exec_line(python)
    assert line.endswith(" -m perceptron_gui %f")
    assert _first_exec_arg(line) == python
    assert ("Exec=" + line) in desktop_entry(python)


def test_an_unwritable_data_home_is_one_sentence(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker / "share"))  # a folder under a file: never writable
    assert main(["--install-desktop"]) == 2
    err = capsys.readouterr().err
    assert "Could not make the folder" in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_install_desktop_with_a_file_or_a_command_is_a_usage_error(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    data = tmp_path / "d.csv"
    data.write_text("x1,x2,y\n1,2,1\n")
    assert main(["--install-desktop", str(data)]) == 2
    assert "installs and exits; leave out a file" in capsys.readouterr().err
    assert main(["--install-desktop", "presets"]) == 2
    assert "--install-desktop is for the window" in capsys.readouterr().err
    assert not (tmp_path / "data").exists()
