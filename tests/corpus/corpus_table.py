"""The corpus table (read from README.md, the specification), the files made at test time,
and the one-sentence check shared by the three doors' tests."""
from __future__ import annotations

import errno
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

HERE = Path(__file__).parent
_ROW = re.compile(r"^\| `(?P<file>[^`]+)` \| .* \| (?P<verdict>accept|refuse): (?P<expect>.*) \|$")
RUN_REFUSES_JSON = "is a JSON file, but 'perceptron-gui run' trains on a data CSV"


@dataclass(frozen=True)
class Expected:
    accept: bool
    fragments: tuple[str, ...]  # for a refusal: words the sentence must hold

    def field(self, key: str) -> str | None:
        return next((f[len(key) + 1:] for f in self.fragments if f.startswith(key + "=")), None)


def read_table() -> dict[str, Expected]:
    table: dict[str, Expected] = {}
    for line in (HERE / "README.md").read_text(encoding="utf-8").splitlines():
        m = _ROW.match(line)
        if m:
            assert m["file"] not in table, f"{m['file']} is listed twice"
            table[m["file"]] = Expected(m["verdict"] == "accept", tuple(re.findall(r"`([^`]*)`", m["expect"])))
    return table


TABLE = read_table()
NAMES = sorted(TABLE)


# ---- generated files ---------------------------------------------------------------------------
def _fifo(p: Path) -> None:
    os.mkfifo(p)


def _link_to(target: str) -> Callable[[Path], None]:
    def make(p: Path) -> None:
        if not os.path.exists(target):
            pytest.skip(f"{target} does not exist on this system")
        p.symlink_to(target)
    return make


def _sparse(size: int) -> Callable[[Path], None]:
    def make(p: Path) -> None:
        with open(p, "wb") as fh:
            fh.truncate(size)  # a hole, no disk space used
    return make


def _text(content: str) -> Callable[[Path], None]:
    return lambda p: p.write_text(content, encoding="utf-8")


def _columns(p: Path) -> None:
    rng = np.random.default_rng(0)
    X = rng.normal(size=(4, 5000)).round(3)
    y = np.array([1, -1, 1, -1])
    lines = [",".join([*(f"f{j}" for j in range(5000)), "y"])]
    lines += [",".join([*map(repr, row.tolist()), str(label)]) for row, label in zip(X, y)]
    p.write_text("\n".join(lines) + "\n")


GENERATED: dict[str, Callable[[Path], None]] = {
    "fifo.csv": _fifo,
    "fifo.perceptron.json": _fifo,
    "dev_zero_link.csv": _link_to("/dev/zero"),
    "dev_zero_link.perceptron.json": _link_to("/dev/zero"),
    "proc_status_link.csv": _link_to("/proc/self/status"),
    "unreadable/data.csv": _text("x1,x2,y\n0,0,1\n1,1,-1\n"),
    "unreadable/data.perceptron.json": _text("{}"),
    "broken_link.csv": lambda p: p.symlink_to(p.parent / "nothing-here.csv"),
    "loop_link.csv": lambda p: p.symlink_to(p),
    "folder.csv": lambda p: p.mkdir(),
    "folder.perceptron.json": lambda p: p.mkdir(),
    "missing.csv": lambda p: None,
    "long_name.csv": lambda p: None,
    "over_the_cap.csv": _sparse(2_000_000_001),
    "over_the_cap.perceptron.json": _sparse(1_000_000_001),
    "nested_5000.perceptron.json": _text("[" * 5000),
    "int_5000_digits.perceptron.json": _text('{"format": "perceptron-session", "version": ' + "1" * 5000 + "}"),
    "columns_5000.csv": _columns,
}


def materialize(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The path of a corpus file: in the checkout, or made now under ``tmp_path``."""
    if not name.startswith("generated/"):
        return HERE / name
    rel = name.removeprefix("generated/")
    p = tmp_path / "generated" / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    if rel == "long_name.csv":
        return p.with_name("n" * 300 + ".csv")
    GENERATED[rel](p)
    if rel.startswith("unreadable/"):
        os.chmod(p.parent, 0)
        monkeypatch.setattr(os, "stat", _denying(os.stat, p.parent))  # root reads mode 000 anyway
        monkeypatch.setattr(os, "open", _denying(os.open, p.parent))
    return p


def _denying(real: Callable, folder: Path) -> Callable:
    def call(path, *args, **kwargs):
        if str(path).startswith(str(folder) + os.sep):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path, *args, **kwargs)
    return call


def assert_one_sentence(err: str, expected: Expected) -> None:
    lines = err.strip("\n").split("\n")
    assert len(lines) == 1 and lines[0].endswith("."), err
    assert "Traceback" not in err and len(err) < 400, err
    assert not re.search(r"\.\s+[A-Z]", lines[0]), f"more than one sentence: {err}"
    for fragment in expected.fragments:
        assert fragment in err, f"{fragment!r} not in {err!r}"


def is_json(name: str) -> bool:
    return name.endswith(".json")
