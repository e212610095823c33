"""The quick read of large plain CSV files (core/csv_stream.py and its compiled number parser)
must change nothing but the time: every number the same double as ``float()`` and numpy give,
to the bit; every file it does not take, and every fault, read and worded by the careful way."""
from __future__ import annotations

import struct
from decimal import Decimal, getcontext
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perceptron_gui.core import csv_stream, io
from perceptron_gui.core.dataset import DatasetError
from perceptron_gui.core.io import parse_csv_text, read_csv

K = pytest.importorskip("perceptron_gui.core._csv_kernels")


def _bits(x: float) -> int:
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def _kernel_cell(text: str) -> int | None:
    """The bits the kernel gives one number, or None when it hands the number back."""
    raw = np.frombuffer(text.encode() + b"\n", np.uint8)
    x, y, hard = np.zeros((1, 0), np.uint64), np.zeros(1, np.uint64), np.zeros((2, 4), np.int64)
    outcome, rows, nhard, _ = K.parse_lines(raw, 0, len(raw), ord(","), 1, x, y, 0, hard, K.T_HI, K.T_LO, K.T_EXP)
    assert (outcome, rows) == (K.OK, 1), text
    return None if nhard else int(y[0])


def _halfway_cases(rng: np.random.Generator, n: int) -> list[str]:
    """Decimals within a hair of the midpoint between two neighbouring doubles, 17 to 19
    digits: the roundings a 64-bit approximation gets wrong."""
    out = []
    for bits in rng.integers(1, 0x7FE0000000000000, size=n, dtype=np.uint64):
        x = float(np.uint64(bits).view(np.float64))
        if not 1e-300 < x < 1e300:
            continue
        getcontext().prec = 60
        mid = (Decimal(x) + Decimal(float(np.nextafter(x, np.inf)))) / 2
        for digits in (17, 18, 19):
            getcontext().prec = digits
            out.append(str(+mid))
    getcontext().prec = 28
    return out


def test_every_number_the_kernel_certifies_is_the_correctly_rounded_double():
    rng = np.random.default_rng(7)
    cases = ["1", "-1", "0", "-0", "0.0", "+.5", "5.", "0.1", "1e22", "1e23", "9007199254740993",
             "1.7976931348623157e308", "2.2250738585072014e-308", "0.30000000000000004",
             "123456789012345678", "1234567890123456789", "12345678901234567890", "1E-5", "00012.50",
             "0.000000000000000000000000000001", "1" + "0" * 30, "-4.9406564584124654e-324"]
    for bits in rng.integers(0, 0x7FF0000000000000, size=20_000, dtype=np.uint64):
        x = float(np.uint64(bits).view(np.float64)) * (1 if rng.random() < 0.5 else -1)
        cases += [f"{x:.17g}", repr(x), f"{x:.15g}", f"{x:.19g}"]
    for m, e in zip(rng.integers(1, 10**18, size=20_000), rng.integers(-350, 320, size=20_000)):
        cases.append(f"{m}e{e}")
    cases += _halfway_cases(rng, 5_000)
    certified = 0
    for text in cases:
        got = _kernel_cell(text)
        if got is not None:
            assert got == _bits(float(text)), text
            certified += 1
    assert certified > 0.97 * len(cases)


def test_numbers_of_seventeen_digits_in_the_normal_range_are_all_certified():
    rng = np.random.default_rng(8)
    xs = rng.normal(size=20_000) * 10.0 ** rng.integers(-200, 200, size=20_000)
    assert all(_kernel_cell(f"{x:.17g}") == _bits(float(f"{x:.17g}")) for x in xs)


def _table(n: int, d: int, seed: int = 0, fmt: str = "%.17g") -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)) * 10.0 ** rng.integers(-3, 3, size=(n, d))
    y = np.where(rng.random(n) < 0.5, -1.0, 1.0)
    return X, y


def _write(path: Path, X: np.ndarray, y: np.ndarray, *, header: bool = True, sep: str = ",", nl: str = "\n",
           fmt: str = "%.17g", tail: str = "\n", labels01: bool = False) -> Path:
    rows = [sep.join([*(fmt % float(v) for v in x), str(int((t + 1) / 2) if labels01 else int(t))]) for x, t in zip(X, y)]
    lines = ([sep.join([*(f"f{j}" for j in range(X.shape[1])), "y"])] if header else []) + rows
    path.write_bytes((nl.join(lines) + tail).encode())
    return path


@pytest.fixture
def quick(monkeypatch):
    """The quick read for files of any size, in small blocks, two workers from small blocks on."""
    monkeypatch.setattr(io, "STREAM_FROM_BYTES", 0)
    monkeypatch.setattr(csv_stream, "_BLOCK", 1 << 12)
    monkeypatch.setattr(csv_stream, "_SPLIT_FROM", 1 << 10)


def _careful(path: Path):
    return parse_csv_text(path.read_text(), source=path.name)


def _same(a, b) -> None:
    assert a.X.shape == b.X.shape
    assert np.array_equal(a.X.view(np.uint64), b.X.view(np.uint64))
    assert np.array_equal(a.y, b.y)
    assert a.feature_names == b.feature_names
    assert a.notices == b.notices


@pytest.mark.parametrize("shape", [
    dict(), dict(header=False), dict(sep=";"), dict(nl="\r\n"), dict(tail=""), dict(tail="\n\n  \n"),
    dict(fmt="%r"), dict(fmt="%.3f"), dict(fmt="%.6e"), dict(labels01=True),
])
def test_plain_files_read_quickly_hold_the_careful_reads_numbers(tmp_path, quick, monkeypatch, shape):
    X, y = _table(700, 5)
    fmt = shape.pop("fmt", "%.17g")
    path = _write(tmp_path / "t.csv", X, y, fmt="%r" if fmt == "%r" else fmt, **shape)
    called = []
    real = csv_stream.read_plain_csv
    monkeypatch.setattr(io, "read_plain_csv", lambda *a: called.append(1) or real(*a))
    data = read_csv(path)
    assert called and real(path.open("rb"), path.stat().st_size) is not None  # the quick read took it
    _same(data, _careful(path))
    assert not data.X.flags.writeable


def test_a_line_longer_than_a_block_and_rows_across_blocks(tmp_path, quick):
    X, y = _table(40, 900, seed=3)  # each line ~20 kB: five blocks of 4 kB
    path = _write(tmp_path / "wide.csv", X, y)
    assert csv_stream.read_plain_csv(path.open("rb"), path.stat().st_size) is not None
    _same(read_csv(path), _careful(path))


def test_numbers_the_kernel_hands_back_are_read_by_float(tmp_path, quick):
    X, y = _table(300, 3, seed=4)
    X[5, 1] = 1e-310  # below the normal range
    X[200, 0] = 5e-324
    path = _write(tmp_path / "t.csv", X, y)
    text = path.read_text().replace(repr(0.5), "0.5")
    lines = text.splitlines()
    lines[10] = "12345678901234567890123,0.1,-0.2,1"  # more digits than 64 bits hold
    path.write_text("\n".join(lines) + "\n")
    data = csv_stream.read_plain_csv(path.open("rb"), path.stat().st_size)
    assert data is not None
    _same(data, _careful(path))
    assert data.X[9, 0] == float("12345678901234567890123")


@pytest.mark.parametrize("change, line", [
    (lambda ls: ls.__setitem__(500, "1,abc,3,4,5,1"), 501),
    (lambda ls: ls.__setitem__(650, "1,2,3,4,1"), 651),
    (lambda ls: ls.__setitem__(300, "1,2,3,4,5,2"), 301),
    (lambda ls: ls.__setitem__(301, "1,2,inf,4,5,1"), 302),
    (lambda ls: ls.__setitem__(302, "1,2,nan,4,5,-1"), 303),
    (lambda ls: ls.__setitem__(303, "1,2,1e400,4,5,-1"), 304),
    (lambda ls: ls.__setitem__(304, "1,2,1e200,4,5,-1"), 305),
    (lambda ls: ls.__setitem__(305, "1,2,3,4,5,1,"), None),
    (lambda ls: ls.insert(400, "# a comment among the data"), None),
    (lambda ls: ls.insert(400, ""), None),
    (lambda ls: ls.__setitem__(400, '1,"2",3,4,5,1'), None),
    (lambda ls: ls.__setitem__(400, "1, 2,3,4,5,1"), None),
])
def test_files_the_quick_read_refuses_read_and_fail_as_the_careful_way_says(tmp_path, quick, monkeypatch, change, line):
    X, y = _table(700, 5, seed=5)
    path = _write(tmp_path / "t.csv", X, y)
    lines = path.read_text().splitlines()
    change(lines)
    path.write_text("\n".join(lines) + "\n")
    assert csv_stream.read_plain_csv(path.open("rb"), path.stat().st_size) is None
    try:
        expected = _careful(path)
    except DatasetError as exc:
        with pytest.raises(DatasetError) as got:
            read_csv(path)
        assert str(got.value) == str(exc)
        assert line is None or f"Line {line} " in str(exc)
    else:
        _same(read_csv(path), expected)


@pytest.mark.parametrize("content", [b"", b"\n\n", b"x,y\n", b"1 2 1\n3 4 -1\n", b"L\xe4nge,b,y\n1,2,1\n",
                                     b"a\tb\ty\n1\t2\t1\n", b"1\n2\n", b"a,b,y\n1,2,1\n3,\xe4,1\n"])
def test_odd_small_files_are_left_to_the_careful_way(tmp_path, content):
    path = tmp_path / "odd.csv"
    path.write_bytes(content)
    assert csv_stream.read_plain_csv(path.open("rb"), len(content)) is None


def test_the_memory_the_table_takes_is_asked_before_it_is_made(tmp_path, quick):
    X, y = _table(50, 4)
    path = _write(tmp_path / "t.csv", X, y)
    asked = []
    csv_stream.read_plain_csv(path.open("rb"), path.stat().st_size, asked.append)
    assert asked and asked[0] >= 8 * 50 * 5


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.floats(allow_nan=False, allow_infinity=False, width=64), min_size=2, max_size=2),
                min_size=1, max_size=40),
       st.sampled_from(["%r", "%.17g", "%.5g", "%.20e"]))
def test_any_finite_numbers_read_quickly_are_read_as_float_reads_them(tmp_path_factory, rows, fmt):
    X = np.array(rows)
    if np.abs(X).max() > 1e150:  # the data set's own limit: the careful way words it
        X = X / (np.abs(X).max() / 1e150)
    y = np.where(np.arange(len(X)) % 2, 1.0, -1.0)
    path = _write(tmp_path_factory.mktemp("h") / "h.csv", X, y, fmt=fmt)
    data = csv_stream.read_plain_csv(path.open("rb"), path.stat().st_size)
    assert data is not None
    assert np.array_equal(data.X.view(np.uint64), np.array([[float(fmt % float(v)) for v in r] for r in X]).view(np.uint64))


@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"])
def test_a_header_in_utf8_is_read_as_the_careful_way_reads_it(tmp_path, quick, bom):
    X, y = _table(200, 2, seed=6)
    path = _write(tmp_path / "t.csv", X, y)
    lines = path.read_bytes().split(b"\n")
    lines[0] = bom + "Länge,Größe,y".encode()
    path.write_bytes(b"\n".join(lines))
    data = csv_stream.read_plain_csv(path.open("rb"), path.stat().st_size)
    assert data is not None and data.feature_names == ("Länge", "Größe")
    _same(data, parse_csv_text(path.read_text(encoding="utf-8-sig"), source=path.name))
