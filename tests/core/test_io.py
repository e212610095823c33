"""CSV reading and writing: exact round trips, the lenient reader, and a corpus of bad files."""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from perceptron_gui.core.dataset import Dataset, DatasetError
from perceptron_gui.core.io import dataset_to_csv_text, parse_csv_text, read_csv, write_csv

BAD_FILES = Path(__file__).parent / "bad_files"


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


# ---- the corpus of bad files ----------------------------------------------------------------------
# file -> (line the sentence must name or None, a fragment it must contain)
BAD = {
    "ragged_row.csv": (3, "2 values"),
    "abc_cell.csv": (3, "'abc'"),
    "nan_cell.csv": (2, "NaN"),
    "inf_cell.csv": (3, "-inf"),
    "overflow_1e400.csv": (3, "1e400"),
    "too_large_1e300.csv": (4, "1e+300"),
    "label_3.csv": (3, "is 3"),
    "label_yes.csv": (2, "'yes'"),
    "label_nan.csv": (3, "nan"),
    "labels_0_1_and_minus_1.csv": (3, "is 0"),
    "empty.csv": (None, "no data"),
    "only_comments_and_blanks.csv": (None, "no data"),
    "header_only.csv": (None, "no data rows"),
    "one_column.csv": (1, "one value"),
    "one_column_header.csv": (None, "1 column"),
    "semicolons.csv": (2, "decimal comma"),
    "binary_junk.csv": (None, "binary"),
    "not_utf8.csv": (None, "UTF-8"),
}


def test_corpus_and_table_agree():
    on_disk = {p.name for p in BAD_FILES.iterdir() if p.suffix == ".csv"}
    assert on_disk == set(BAD)


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_file_gives_one_sentence(name):
    line, fragment = BAD[name]
    with pytest.raises(DatasetError) as info:
        read_csv(BAD_FILES / name)
    msg = str(info.value)
    assert_one_sentence(msg)
    assert fragment in msg
    if line is not None:
        assert re.search(rf"\b[Ll]ine {line}\b", msg), msg


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
