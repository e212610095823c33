"""CSV reading and writing: exact round trips, the lenient reader, and a corpus of bad files."""
from __future__ import annotations

import os
import re
import threading
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from perceptron_gui.core import csv_text
from perceptron_gui.core.dataset import Dataset, DatasetError
from perceptron_gui.core.io import (
    FileReadError,
    dataset_to_csv_text,
    decode_text,
    parse_csv_text,
    read_csv,
    read_file_bytes,
    read_json_file,
    write_csv,
)


def assert_one_sentence(msg: str) -> None:
    assert msg.endswith("."), msg
    assert "\n" not in msg and "Traceback" not in msg, msg
    assert "np." not in msg and "float64" not in msg, msg
    assert not re.search(r"\.\s+[A-Z]", msg), f"more than one sentence: {msg}"


def assert_identical(a: Dataset, b: Dataset) -> None:
    """Equal, and bit for bit: -0.0 stays -0.0."""
    assert a == b
    assert np.array_equal(np.signbit(a.X), np.signbit(b.X))
    assert a.X.dtype == b.X.dtype == np.float64 and a.y.dtype == b.y.dtype == np.float64


def round_trip(data: Dataset, tmp_path: Path) -> Dataset:
    path = tmp_path / "data.csv"
    write_csv(data, path)
    return read_csv(path)


# ---- round trips ----------------------------------------------------------------------------
SPECIAL = [0.0, -0.0, 1e-300, -1e-300, 5e-324, 1e150, -1e150, 0.1, 1 / 3, -2.718281828459045,
           123456789.12345679, 1.0000000000000002, 7.0]


@pytest.mark.parametrize("d", [1, 2, 5])
def test_round_trip_of_awkward_values(tmp_path, d):
    rng = np.random.default_rng(d)
    values = np.array(SPECIAL)
    X = rng.choice(values, size=(20, d))
    X[0] = values[:d] if d <= len(values) else X[0]
    y = np.where(rng.random(20) < 0.5, -1.0, 1.0)
    data = Dataset.from_arrays(X, y)
    back = round_trip(data, tmp_path)
    assert_identical(back, data)
    assert back.notices == data.notices


finite = st.floats(-1e150, 1e150, allow_nan=False, allow_infinity=False)


@given(X=st.integers(0, 25).flatmap(lambda n: st.integers(1, 5).flatmap(
           lambda d: hnp.arrays(np.float64, (n, d), elements=finite))),
       signs=st.lists(st.sampled_from([-1.0, 1.0]), min_size=25, max_size=25))
def test_round_trip_of_any_finite_values(X, signs):
    data = Dataset.from_arrays(X, np.array(signs[: X.shape[0]]))
    if data.n == 0:
        # a header-only file is refused by the reader (see the bad-file corpus)
        assert dataset_to_csv_text(data) == ",".join([*data.feature_names, "y"]) + "\n"
        return
    assert_identical(parse_csv_text(dataset_to_csv_text(data)), data)


def test_feature_names_survive_a_round_trip(tmp_path):
    data = Dataset.from_arrays([[170.0, 60.5], [180.0, 80.0]], [1, -1], feature_names=["height", "weight"])
    back = round_trip(data, tmp_path)
    assert back.feature_names == ("height", "weight")
    assert_identical(back, data)


def test_written_format(tmp_path):
    data = Dataset.from_arrays([[0.5, -1.0], [2.0, 3.25]], [1, -1])
    text = dataset_to_csv_text(data)
    assert text.splitlines() == ["x1,x2,y", "0.5,-1.0,1", "2.0,3.25,-1"]
    path = tmp_path / "out.csv"
    path.write_text("old contents\n")
    write_csv(data, path)
    assert path.read_text(encoding="utf-8") == text
    assert [p.name for p in tmp_path.iterdir()] == ["out.csv"], "a temporary file was left behind"


def test_written_zero_one_labels_come_back_as_plus_minus_one(tmp_path):
    data = Dataset.from_arrays([[1.0], [2.0]], [0, 1])
    back = round_trip(data, tmp_path)
    assert back.y.tolist() == [-1.0, 1.0]
    assert back.notices == ()


# ---- what the reader accepts --------------------------------------------------------------------
EXPECTED_X = [[0.5, 1.25], [-2.0, 3.0], [4.0, -0.125]]
EXPECTED_Y = [1.0, -1.0, -1.0]


@pytest.mark.parametrize("text", [
    pytest.param("x1,x2,y\n0.5,1.25,1\n-2,3,-1\n4,-0.125,-1\n", id="header"),
    pytest.param("0.5,1.25,1\n-2,3,-1\n4,-0.125,-1\n", id="no-header"),
    pytest.param("0.5 1.25 1\n-2\t3\t-1\n  4   -0.125   -1  \n", id="whitespace"),
    pytest.param("x1 x2 y\n0.5 1.25 +1\n-2 3 -1\n4 -0.125 -1\n", id="whitespace-header"),
    pytest.param("x1, x2, y\n0.5, 1.25, 1\n-2 , 3 , -1\n4,-0.125,-1\n", id="comma-space"),
    pytest.param("x1,x2,y\r\n0.5,1.25,1\r\n-2,3,-1\r\n4,-0.125,-1\r\n", id="crlf"),
    pytest.param("\ufeffx1,x2,y\n0.5,1.25,1\n-2,3,-1\n4,-0.125,-1\n", id="bom"),
    pytest.param("# points from the board\n\nx1,x2,y\n0.5,1.25,1\n\n-2,3,-1\n# last\n4,-0.125,-1", id="comments"),
    pytest.param('"x1","x2","y"\n0.5,1.25,1.0\n-2.0,3e0,-1.0\n4,-1.25e-1,-1\n', id="quoted-floats"),
    pytest.param("x1,x2,y\n0.5,1.25,1\n-2,3,0\n4,-0.125,0\n", id="zero-one-labels"),
])
def test_reader_accepts(text, tmp_path):
    path = tmp_path / "in.csv"
    path.write_bytes(text.encode("utf-8"))
    data = read_csv(path)
    assert data.X.tolist() == EXPECTED_X
    assert data.y.tolist() == EXPECTED_Y
    assert data.feature_names == ("x1", "x2")
    if ",0\n" in text:
        assert any("0/1" in n for n in data.notices)


def test_one_feature_file():
    data = parse_csv_text("x,y\n1,1\n2,1\n3,-1\n4,-1\n")
    assert data.X.tolist() == [[1.0], [2.0], [3.0], [4.0]] and data.feature_names == ("x",)


def test_reader_notices_single_class_and_conflicts():
    assert any("class +1" in n for n in parse_csv_text("1,2,1\n3,4,1\n").notices)
    conflict = parse_csv_text("x1,x2,y\n0,0,1\n1,1,-1\n0,0,-1\n")
    assert any("both labels" in n for n in conflict.notices)


def test_line_numbers_count_every_physical_line():
    with pytest.raises(DatasetError, match=r"^Line 6 of "):
        parse_csv_text("# comment\n\nx1,x2,y\n1,2,1\n\nabc,2,1\n")


# ---- bad files: the corpus in tests/corpus/ sends each through all three doors --------------------
@pytest.mark.parametrize("text", ["x1,y\n1e300,1\n", "x1,y\n-2e150,1\n", "x1,x2,y\n1,1,1\n0,1.7976931348623157e308,1\n"])
def test_finite_values_above_the_limit_give_a_sentence(text):
    with pytest.raises(DatasetError) as info:
        parse_csv_text(text, source="big.csv")
    msg = str(info.value)
    assert_one_sentence(msg)
    assert "1e150" in msg and re.match(r"Line \d+ of big\.csv, column \d", msg), msg


def test_missing_file_and_folder_give_a_sentence(tmp_path):
    for path in (tmp_path / "nope.csv", tmp_path):
        with pytest.raises(DatasetError) as info:
            read_csv(path)
        assert_one_sentence(str(info.value))


# ---- the safe reader ------------------------------------------------------------------------------
def test_the_size_cap_is_checked_while_reading_not_from_st_size():
    proc = Path("/proc/self/status")
    if not proc.exists() or proc.stat().st_size != 0:
        pytest.skip("needs a /proc file whose size reads as 0")
    with pytest.raises(FileReadError, match="is larger than"):
        read_file_bytes(proc, max_bytes=10)
    assert len(read_file_bytes(proc, max_bytes=1_000_000)) > 10


def test_a_fifo_is_refused_without_opening_it(tmp_path):
    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    outcome: list[BaseException | bytes] = []
    worker = threading.Thread(target=lambda: outcome.append(_catch(read_file_bytes, fifo)), daemon=True)
    worker.start()
    worker.join(timeout=30)  # a hang detector, not a speed budget: the refusal takes microseconds
    if worker.is_alive():  # the old reader blocked in open(): give it a writer so the thread ends
        with open(fifo, "wb"):
            pass
        pytest.fail("reading a FIFO blocked")
    assert isinstance(outcome[0], FileReadError) and "named pipe" in str(outcome[0])


def _catch(fn, *args):
    try:
        return fn(*args)
    except BaseException as exc:  # noqa: BLE001 - handed to the test thread
        return exc


def test_a_link_to_dev_zero_is_refused_before_reading(tmp_path):
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    link = tmp_path / "zero.csv"
    link.symlink_to("/dev/zero")
    with pytest.raises(FileReadError, match="is a device"):
        read_csv(link)


@pytest.mark.parametrize("encoding, bom", [("utf-16-le", b"\xff\xfe"), ("utf-16-be", b"\xfe\xff"),
                                           ("utf-16-le", b""), ("utf-16-be", b""), ("utf-32-le", b"\xff\xfe\x00\x00"),
                                           ("utf-8", b"\xef\xbb\xbf"), ("utf-8", b"")])
def test_utf16_and_utf32_are_read(encoding, bom):
    text = "x1,x2,y\n0.5,1.25,1\n-2,3,-1\n"
    assert decode_text(bom + text.encode(encoding), "f.csv") == text


@pytest.mark.parametrize("content, fragment", [
    ("[" * 5000, "nested too deeply"),
    ("[" * 40 + "]" * 40, "nested too deeply"),
    ('{"n": ' + "1" * 5000 + "}", "thousands of digits"),
    ("{", "not valid JSON"),
])
def test_every_json_failure_is_one_sentence(tmp_path, content, fragment):
    p = tmp_path / "x.json"
    p.write_text(content)
    with pytest.raises(DatasetError) as info:
        read_json_file(p, "session file", "a .perceptron.json file")
    assert fragment in str(info.value)
    assert_one_sentence(str(info.value))


# ---- strict numbers and separators -----------------------------------------------------------------
@pytest.mark.parametrize("cell", ["1_000", "\u0661", "\uff11", "0x10", "1e", "--1", "1.2.3", "\u00b2", "١٫٥", " ", "1d5"])
def test_what_float_takes_but_a_csv_number_is_not(cell):
    assert not csv_text.is_number(cell)
    with pytest.raises(DatasetError, match="is not a number|is empty"):
        parse_csv_text(f"x1,x2,y\n{cell},1,1\n2,2,-1\n")


@pytest.mark.parametrize("text, names", [
    ("first name,x 2,y\n1,2,1\n3,4,-1\n", ("first name", "x 2")),
    ("first name\tx 2\ty\n1\t2\t1\n3\t4\t-1\n", ("first name", "x 2")),
    ("a;b;y\n1;2;1\n3;4;-1\n", ("a", "b")),
    ('"height, cm",w,y\n1,2,1\n3,4,-1\n', ("height, cm", "w")),
])
def test_separators_and_names_with_spaces(text, names):
    data = parse_csv_text(text)
    assert data.feature_names == names and data.X.tolist() == [[1.0, 2.0], [3.0, 4.0]]


def test_a_huge_cell_is_cut_in_the_message():
    with pytest.raises(DatasetError) as info:
        parse_csv_text("x1,x2,y\n" + "9" * 5000 + "x,1,1\n")
    msg = str(info.value)
    assert len(msg) < 200 and "…" in msg and "9" * 41 not in msg


TOKENS = ["#", "1 #x", "1", "-2.5", "+3", ".5", "5.", "1e3", "-1E-2", "nan", "inf", "1_0", "0x1", "abc", "", " 4 ", "\u0661"]


@given(rows=st.lists(st.lists(st.sampled_from(TOKENS), min_size=3, max_size=3), min_size=2, max_size=6),
       labels=st.lists(st.sampled_from(["1", "-1", "0", "2"]), min_size=6, max_size=6),
       sep=st.sampled_from([",", ";", " ", "\t"]), header=st.booleans())
def test_the_fast_path_accepts_nothing_the_checked_loop_refuses(rows, labels, sep, header):
    lines = [sep.join([*r[:2], labels[i]]) for i, r in enumerate(rows)]
    text = ("x1" + sep + "x2" + sep + "y\n" if header else "") + "\n".join(lines) + "\n"
    fast = csv_text._fast_parse(text)
    try:
        checked = csv_text._checked_parse(text, "t")
    except DatasetError:
        checked = None
    if fast is not None and checked is not None:
        assert np.array_equal(fast[1][:, :-1], checked.X)
    if fast is not None:
        # what numpy reads, the checked loop reads the same (labels aside: Dataset checks those)
        assert checked is not None or "label" in _message(text)


def _message(text: str) -> str:
    try:
        parse_csv_text(text)
    except DatasetError as exc:
        return str(exc)
    return ""


def _corpus_csvs():
    root = Path(__file__).resolve().parents[1] / "corpus"
    return sorted(p for p in root.rglob("*.csv"))


@pytest.mark.parametrize("path", _corpus_csvs(), ids=lambda p: p.name)
def test_the_ascii_bytes_path_reads_what_the_text_path_reads(path):
    """Issue 9: ASCII files are parsed from their bytes (no 40 MB decode, a faster numpy
    stream); it must accept exactly what the text path accepts, with the same values, and
    refuse what it refuses in the same sentence."""
    from perceptron_gui.core.csv_text import parse_ascii_csv_bytes

    raw = path.read_bytes()
    try:
        fast = parse_ascii_csv_bytes(raw, source=path.name)
    except DatasetError as exc:
        with pytest.raises(DatasetError) as text_refusal:
            parse_csv_text(raw.decode("ascii"), source=path.name)
        assert str(text_refusal.value) == str(exc)
        return
    if fast is None:
        return  # unusual or not ASCII: the text path decides, as before
    text_result = parse_csv_text(raw.decode("ascii"))
    assert_identical(fast, text_result)
