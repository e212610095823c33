"""A session file is handed to the writer block by block (joining and encoding the 60 MB
of 10⁶ points were single C calls of 30–60 ms on the save's worker, holding the GIL the window
needs), and the text is the one json.dumps gives, to the character."""
from __future__ import annotations

import json

import numpy as np
import pytest

from perceptron_gui.session import session_json
from perceptron_gui.session.session_file import SessionSnapshot, load_session, save_snapshot, session_json_chunks
from perceptron_gui.session.session_json import bools, ints, list_json, rows_json


def _rows_one_by_one(X: np.ndarray) -> str:
    """The rows as the former writer joined them (the reference): float.__repr__ per number."""
    if X.shape[0] <= 2:
        return json.dumps(X.tolist(), allow_nan=False)
    return "[\n      " + ",\n      ".join("[" + ", ".join(map(float.__repr__, row)) + "]" for row in X.tolist()) + "\n    ]"


ODD = [0.1, -2.5e-300, 1e150, -0.0, 1 / 3, 2 / 3, 5e-324, -1e-7, 123456789.125, 7.0]


@pytest.mark.parametrize("d", [1, 2, 3, 5])
@pytest.mark.parametrize("n", [0, 1, 2, 3, 7, 8, 9, 17])
def test_rows_are_the_former_text_across_block_edges(monkeypatch, d: int, n: int) -> None:
    monkeypatch.setattr(session_json, "_BLOCK", 4)  # many blocks, and rows on their edges
    rng = np.random.default_rng(n * 10 + d)
    X = rng.choice(ODD, (n, d)) * rng.normal(size=(n, d))
    assert rows_json(X) == _rows_one_by_one(X)
    np.testing.assert_array_equal(np.array(json.loads(rows_json(X)), dtype=float).reshape(n, d), X)
    y = rng.choice([-1.0, 1.0], n)
    test = rng.random(n) < 0.3
    assert list_json(y, ints) == json.dumps([int(v) for v in y])
    assert list_json(test, bools) == json.dumps([bool(v) for v in test])


def _snap(n: int) -> SessionSnapshot:
    rng = np.random.default_rng(1)
    return SessionSnapshot(X=rng.normal(size=(n, 2)), y=rng.choice([-1.0, 1.0], n), test=rng.random(n) < 0.1,
                           feature_names=("x₁", "x2"), algorithm="offset", params={"offset": {"max_epochs": 3}},
                           t=5, view_range=((-1.0, 1.0), (-2.0, 2.0)), title="ünïcode")


def test_a_big_session_comes_in_pieces_of_one_block_that_read_back_to_the_bit(tmp_path) -> None:
    snap = _snap(300_000)
    pieces = list(session_json_chunks(snap))
    total = sum(map(len, pieces))
    assert len(pieces) >= 300_000 // session_json._BLOCK
    assert max(map(len, pieces)) < total / 4  # never the whole text in one string
    path = tmp_path / "big.perceptron.json"
    save_snapshot(snap, path)
    # the points' rows come as bytes from the child that made them (rows_apart.py)
    assert path.read_text(encoding="utf-8") == "".join(p if isinstance(p, str) else p.decode() for p in pieces)
    loaded = load_session(path)
    np.testing.assert_array_equal(np.asarray(loaded["data"]["X"], dtype=float), snap.X)
    assert loaded["title"] == "ünïcode" and loaded["playhead"]["t"] == 5


def test_a_non_finite_point_is_refused_before_anything_is_written(tmp_path) -> None:
    snap = _snap(10)
    snap.X[3, 1] = np.nan
    with pytest.raises(ValueError):
        session_json_chunks(snap)


@pytest.mark.parametrize("values", [[1.0, -1.0, -1.0, 1.0, 1.0], [0.0, 2.0, -3.0, 1.0], [1.0], [-1.0], []])
def test_labels_and_flags_are_json_dumps_text_with_or_without_the_fast_path(values: list[float]) -> None:
    # ±1 labels and flags are laid out with numpy (short calls, so the GIL is let go often);
    # any other integers take the plain path: the text is json.dumps' either way.
    a = np.array(values, dtype=np.float64)
    assert list_json(a, ints) == json.dumps([int(v) for v in values])
    flags = a > 0
    assert list_json(flags, bools) == json.dumps([bool(v) for v in flags])


def test_wide_rows_come_in_blocks_of_numbers_not_of_rows():
    # 784 features: a block of 65,536 rows was the whole table, one join and one encoding that
    # held the GIL (and the window's thread) for over a second.
    X = np.random.default_rng(0).normal(size=(600, 784))
    chunks = list(session_json.rows_json_chunks(X))
    assert max(len(c) for c in chunks) < 30 * session_json._BLOCK_NUMBERS  # about 25 characters a number
    assert len(chunks) > 3
    assert json.loads("".join(chunks)) == X.tolist()
