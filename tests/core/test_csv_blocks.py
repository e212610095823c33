"""The fast CSV path reads in blocks (numpy's parser holds the GIL while it runs: one call over
10⁶ rows froze the window's thread 0.5 s). Blocks must change nothing: the same numbers, the
same refusals, the same line-numbered messages as one call over the whole text."""
from __future__ import annotations

import numpy as np
import pytest

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
