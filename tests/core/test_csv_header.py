"""A first row of names is a header, whatever the names (``x1,x2`` too); a numeric first row is
data. Both readers (the bytes of an ASCII file, and text) say whether the file had one."""
from __future__ import annotations

import pytest

from perceptron_gui.core.csv_text import parse_csv_text
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.io import read_csv

ROWS = "1,2,1\n3,4,-1\n"


def _both(tmp_path, text: str) -> list[Dataset]:
    p = tmp_path / "d.csv"
    p.write_text(text)
    return [read_csv(p), parse_csv_text(text)]


@pytest.mark.parametrize("header, names", [
    ("x1,x2,y", ("x1", "x2")),
    ("x2,x1,label", ("x2", "x1")),
    ('"x1","x2","y"', ("x1", "x2")),  # quoted, as R's write.csv writes it
    ("a;b;y", ("a", "b")),
])
def test_a_row_of_names_is_a_header(tmp_path, header, names):
    sep = ";" if ";" in header else ","
    for data in _both(tmp_path, header + "\n" + ROWS.replace(",", sep)):
        assert data.named and data.feature_names == names
        assert data.n == 2 and data.X.tolist() == [[1.0, 2.0], [3.0, 4.0]]


@pytest.mark.parametrize("text, first", [
    (ROWS, [1.0, 2.0]),
    ("0.5,-1e3,1\n" + ROWS, [0.5, -1000.0]),
    ("# x1,x2,y\n" + ROWS, [1.0, 2.0]),  # a commented-out header is no header
])
def test_a_numeric_first_row_is_data(tmp_path, text, first):
    for data in _both(tmp_path, text):
        assert not data.named and data.feature_names == ("x1", "x2")
        assert data.X[0].tolist() == first and data.n == len(text.splitlines()) - text.startswith("#")


def test_a_subset_keeps_whether_the_names_were_given():
    named = Dataset.from_arrays([[1.0, 2.0], [3.0, 4.0]], [1, -1], ("x1", "x2"))
    assert named.subset([0]).named and not Dataset.from_arrays([[1.0, 2.0]], [1]).subset([0]).named
