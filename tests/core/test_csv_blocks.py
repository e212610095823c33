"""The fast CSV path reads in blocks (numpy's parser holds the GIL while it runs: one call over
10⁶ rows froze the window's thread 0.5 s). Blocks must change nothing: the same numbers, the
same refusals, the same line-numbered messages as one call over the whole text."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from perceptron_gui.core import csv_text
from perceptron_gui.core.dataset import DatasetError
from perceptron_gui.core.io import parse_csv_text


def _text(n: int, header: bool = True, comments_every: int = 0, seed: int = 0) -> tuple[str, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2)) * 10.0 ** rng.integers(-5, 5, size=(n, 1))
    y = np.where(rng.random(n) < 0.5, -1, 1)
    lines = ["# made for the test", "a,b,y"] if header else []
    for i in range(n):
        if comments_every and i % comments_every == 0:
            lines.append("# a comment line among the data")
        lines.append(f"{float(X[i, 0])!r},{float(X[i, 1])!r},{int(y[i])}")
    return "\n".join(lines) + "\n", X, y


@pytest.mark.parametrize("block", [7, 64, 1000, 1 << 20])
@pytest.mark.parametrize("as_bytes", [False, True])
def test_blocks_of_any_size_read_the_same_numbers(monkeypatch, block, as_bytes):
    monkeypatch.setattr(csv_text, "_BLOCK_CHARS", block)
    text, X, y = _text(300, comments_every=37)
    data = csv_text.parse_ascii_csv_bytes(text.encode()) if as_bytes else parse_csv_text(text)
    np.testing.assert_array_equal(data.X, X)  # repr round-trips: bit for bit
    np.testing.assert_array_equal(data.y, y)
    assert data.feature_names == ("a", "b")


def test_a_file_is_read_in_many_blocks(monkeypatch):
    calls = []
    real = np.loadtxt
    monkeypatch.setattr(csv_text, "_BLOCK_CHARS", 1000)
    monkeypatch.setattr(csv_text.np, "loadtxt", lambda *a, **k: calls.append(1) or real(*a, **k))
    text, X, _ = _text(500, header=False)
    assert parse_csv_text(text).n == 500
    assert len(calls) >= len(text) // 1000


def test_a_bad_cell_in_a_late_block_still_names_its_line(monkeypatch):
    monkeypatch.setattr(csv_text, "_BLOCK_CHARS", 200)
    text, _, _ = _text(200)
    lines = text.splitlines()
    lines[150] = "1.0,abc,1"
    with pytest.raises(DatasetError, match="Line 151"):
        parse_csv_text("\n".join(lines) + "\n", source="t.csv")


def test_a_short_row_in_a_late_block_is_refused_with_its_line(monkeypatch):
    monkeypatch.setattr(csv_text, "_BLOCK_CHARS", 100)
    text, _, _ = _text(120)
    lines = text.splitlines()
    lines[99] = "1.0,1"
    with pytest.raises(DatasetError, match="Line 100"):
        parse_csv_text("\n".join(lines) + "\n", source="t.csv")


def test_blocks_of_comment_lines_only_are_skipped_quietly(monkeypatch, recwarn):
    monkeypatch.setattr(csv_text, "_BLOCK_CHARS", 10)
    text = "x1,x2,y\n1,2,1\n" + "# a long comment line to fill a block\n" * 5 + "3,4,-1\n"
    data = parse_csv_text(text)
    np.testing.assert_array_equal(data.X, [[1, 2], [3, 4]])
    assert not [w for w in recwarn if "no data" in str(w.message)]


# ---- a fault is named from its block: the rest of the file is not parsed again ---------------
FAULTS = {
    "bad cell": "1.0,abc,1",
    "short line": "1.0,1",
    "long line": "1.0,2.0,3.0,1",
    "not finite": "1.0,nan,1",
    "too large": "1.0,1e200,1",
    "bad label": "1.0,2.0,7",
}


@pytest.mark.parametrize("fault", FAULTS)
@pytest.mark.parametrize("at", [3, 1500, -1])
@pytest.mark.parametrize("block", [300, 1 << 20])
def test_a_fault_is_worded_as_the_line_by_line_check_words_it(monkeypatch, fault, at, block):
    monkeypatch.setattr(csv_text, "_BLOCK_CHARS", block)
    text, _, _ = _text(2000, comments_every=97)
    lines = text.splitlines()
    lines[at] = FAULTS[fault]
    bad = "\r\n".join(lines) + "\r\n"  # CRLF: the line count is the same
    with pytest.raises(DatasetError) as checked:
        csv_text._checked_parse(bad, "t.csv")
    for parse in (lambda: parse_csv_text(bad, source="t.csv"),
                  lambda: csv_text.parse_ascii_csv_bytes(bad.encode(), source="t.csv")):
        with pytest.raises(DatasetError) as fast:
            parse()
        assert str(fast.value) == str(checked.value)


@pytest.mark.parametrize("fault", FAULTS)
def test_a_bad_last_line_costs_one_read_and_one_block_checked(monkeypatch, tmp_path, fault):
    """A 200 MB file with a bad last line took 60 s and 1.8 GB: the whole file was parsed
    again, line by line in Python. Now numpy reads each character once and the line-by-line
    check sees the last block's lines only."""
    from perceptron_gui.core.io import read_csv

    text, _, _ = _text(60_000)  # about 3 MB
    path = tmp_path / "big.csv"
    path.write_text(text + FAULTS[fault] + "\n")
    parsed: list[int] = []
    checked: list[int] = []
    real_load, real_check = np.loadtxt, csv_text._checked_values
    monkeypatch.setattr(csv_text.np, "loadtxt", lambda s, *a, **k: parsed.append(len(s.getvalue())) or real_load(s, *a, **k))
    monkeypatch.setattr(csv_text, "_checked_values", lambda lines, *a: checked.append(len(lines)) or real_check(lines, *a))
    monkeypatch.setattr(csv_text, "_checked_parse", lambda *a: pytest.fail("the whole file parsed line by line"))
    with pytest.raises(DatasetError, match="Line 60003 of big.csv"):
        read_csv(path)
    assert sum(parsed) <= len(text) + 100
    assert sum(checked) < 60_000 / 2  # a block of ~1 MB: a third of the lines at most


CELLS = ["1", "-2.5", "+3", ".5", "1e3", "nan", "inf", "1e999", "1e200", "abc", "", "1_0", " 4 ", "# c"]


@given(rows=st.lists(st.lists(st.sampled_from(CELLS), min_size=1, max_size=4), min_size=1, max_size=12),
       labels=st.lists(st.sampled_from(["1", "-1", "0", "2"]), min_size=12, max_size=12),
       sep=st.sampled_from([",", ";", " "]), block=st.integers(1, 60), blank=st.booleans())
def test_any_fault_is_named_as_the_checked_path_names_it(rows, labels, sep, block, blank):
    lines = ["x1" + sep + "x2" + sep + "y"]
    for i, r in enumerate(rows):
        lines += [sep.join([*r, labels[i]])] + ([""] if blank and i % 3 == 0 else [])
    text = "\n".join(lines) + "\n"
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(csv_text, "_BLOCK_CHARS", block)
        try:
            expected = str(csv_text._checked_parse(text, "t.csv").X.tolist())
        except DatasetError as exc:
            expected = str(exc)
        for parse in (lambda: parse_csv_text(text, source="t.csv"),
                      lambda: csv_text.parse_ascii_csv_bytes(text.encode(), source="t.csv")):
            try:
                got = parse()
                said = None if got is None else str(got.X.tolist())
            except DatasetError as exc:
                said = str(exc)
            assert said is None or said == expected


@pytest.mark.parametrize("ending", ["\n", ""])
def test_a_file_of_one_wide_line_is_read_by_numpy(monkeypatch, ending):
    """One point of many features (1 × 2·10⁶ took the line-by-line path: a Python string per
    cell); with or without a final line end."""
    monkeypatch.setattr(csv_text, "_checked_parse", lambda *a: pytest.fail("read line by line"))
    text = ",".join(str(j % 5) for j in range(5_000)) + ",1" + ending
    for data in (parse_csv_text(text), csv_text.parse_ascii_csv_bytes(text.encode())):
        assert data is not None and data.X.shape == (1, 5_000) and data.X[0, 7] == 2.0


def test_a_comment_after_the_first_data_line_is_not_read_by_numpy():
    """numpy drops what follows a '#'; the line-by-line check refuses it: both decide alike."""
    with pytest.raises(DatasetError, match="Line 1"):
        parse_csv_text("1,2,1 # the first point\n3,4,-1\n")
