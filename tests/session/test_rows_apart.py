"""The points' rows of a big save are formatted in a child process (a save's formatting
on a thread starved the window of the GIL; 40 short GIL-releasing calls took 208 ms beside it
against 3 ms beside the child), and the file is the same to the byte."""
from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time

import numpy as np
import pytest

from perceptron_gui.core.workers import background_thread
from perceptron_gui.session import rows_apart
from perceptron_gui.session.rows_apart import rows_json_chunks_apart
from perceptron_gui.session.session_file import SessionSnapshot, save_snapshot, session_json_chunks
from perceptron_gui.session.session_json import rows_json

EDGE = [0.0, -0.0, 1e-300, -1e-300, 1e300, -1e300, 5e-324, -5e-324, 2.2250738585072014e-308 / 3,
        2.2250738585072014e-308, 1.7976931308138817e308, 0.1, 1 / 3, -2 / 3, 1e16, 123456789.125,
        9007199254740993.0, 1e-7, 1e22, 1e21]


def _apart(X: np.ndarray) -> bytes:
    return b"".join(c.encode("utf-8") if isinstance(c, str) else c for c in rows_json_chunks_apart(X))


@pytest.fixture
def always_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every size goes to the child, and formatting here would fail: the text must come from it."""
    monkeypatch.setattr(rows_apart, "MIN_VALUES", 0)

    def not_here(X: np.ndarray) -> None:
        raise AssertionError("formatted in the window's process")
    monkeypatch.setattr(rows_apart, "rows_json_chunks", not_here)


def _edge_and_random(n: int, d: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)) * 10.0 ** rng.integers(-300, 300, size=(n, d))
    flat = X.reshape(-1)
    k = min(len(EDGE), flat.size)
    flat[:k] = EDGE[:k]
    # raw random bit patterns: every exponent, subnormals included (nan and inf left out: refused)
    bits = rng.integers(0, 2**63, size=flat.size // 3, dtype=np.uint64).view(np.float64)
    flat[k:k + bits.size] = np.where(np.isfinite(bits), bits, 1.5)[: max(0, flat.size - k)]
    return X


@pytest.mark.parametrize("n, d", [(0, 2), (1, 1), (2, 3), (3, 2), (9, 5), (70_000, 2)])
def test_the_child_writes_the_same_bytes(always_apart: None, n: int, d: int) -> None:
    X = _edge_and_random(n, d, n + d)
    expected = rows_json(X).encode("utf-8")  # 70,000 rows: across the child's 65,536-row block edge
    assert _apart(X) == expected
    assert np.array_equal(np.array(json.loads(expected), dtype=float).reshape(n, d), X)
    assert (np.signbit(np.array(json.loads(expected), dtype=float).reshape(n, d)) == np.signbit(X)).all()


def test_a_saved_file_is_byte_identical(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    X = _edge_and_random(5_000, 2, 7)
    snap = SessionSnapshot(X=X, y=np.where(np.arange(5_000) % 3, 1.0, -1.0), test=np.arange(5_000) % 5 == 0,
                           feature_names=("x₁", "x2"), algorithm="offset", params={"offset": {"max_epochs": 3}},
                           t=5, view_range=((-1.0, 1.0), (-2.0, 2.0)), title="ünïcode")
    save_snapshot(snap, tmp_path / "here.perceptron.json")  # 10,000 numbers < MIN_VALUES: formatted here
    monkeypatch.setattr(rows_apart, "MIN_VALUES", 0)
    save_snapshot(snap, tmp_path / "apart.perceptron.json")
    assert (tmp_path / "apart.perceptron.json").read_bytes() == (tmp_path / "here.perceptron.json").read_bytes()


def test_nan_is_refused_before_a_child_starts(always_apart: None, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_child(*a: object, **k: object) -> None:
        raise AssertionError("a child was started")
    monkeypatch.setattr(subprocess, "Popen", no_child)
    X = np.zeros((4, 2))
    X[2, 1] = np.nan
    with pytest.raises(ValueError, match="not JSON compliant"):
        list(session_json_chunks(SessionSnapshot(X=X, y=np.ones(4), test=np.zeros(4, bool), feature_names=("a", "b"),
                                                 algorithm="offset", params={}, t=0, view_range=None, title="")))


@pytest.mark.parametrize("executable", ["/nonexistent/python", "/bin/false"])
def test_a_child_that_cannot_run_leaves_the_work_here(monkeypatch: pytest.MonkeyPatch, executable: str) -> None:
    monkeypatch.setattr(rows_apart, "MIN_VALUES", 0)
    monkeypatch.setattr(sys, "executable", executable)
    X = _edge_and_random(20, 2, 3)
    assert _apart(X) == rows_json(X).encode("utf-8")


def test_a_child_that_stops_midway_is_an_oserror(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rows_apart, "MIN_VALUES", 0)
    monkeypatch.setattr(rows_apart, "_CHILD", "import sys; sys.stdin.buffer.read(); "
                                              "sys.stdout.buffer.write(b'[1.0'); sys.stdout.flush(); sys.exit(3)")
    with pytest.raises(OSError, match="exit status 3"):
        _apart(np.ones((5, 2)))


def test_a_consumer_that_stops_ends_the_child(always_apart: None, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[subprocess.Popen[bytes]] = []
    real = subprocess.Popen

    def spy(*a: object, **k: object) -> subprocess.Popen[bytes]:
        started.append(real(*a, **k))  # type: ignore[call-overload]
        return started[-1]
    monkeypatch.setattr(subprocess, "Popen", spy)
    chunks = rows_json_chunks_apart(np.ones((200_000, 2)))
    assert next(chunks)
    chunks.close()  # e.g. the disk filled up: the writer stops reading
    assert started and started[0].poll() is not None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a thread's own nice value is Linux's")
def test_the_autosaves_child_formats_at_a_lower_priority_than_the_window() -> None:
    # It takes a core for about a second; on two cores the window's thread must win it. The
    # child takes the priority of the thread that starts it: the autosave's is housekeeping.
    started: list[subprocess.Popen[bytes]] = []

    def start() -> None:
        started.append(subprocess.Popen([sys.executable, "-c", rows_apart._CHILD, rows_apart._ROOT, "1", "1"],
                                        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))

    starter = background_thread(start, "test-autosave", housekeeping=True)
    starter.start()
    starter.join(60)
    proc = started[0]
    try:
        want = min(19, os.getpriority(os.PRIO_PROCESS, 0) + 10)
        deadline = time.monotonic() + 30
        got = os.getpriority(os.PRIO_PROCESS, proc.pid)
        while got != want and proc.poll() is None and time.monotonic() < deadline:
            # it waits for the floats on stdin (it cannot end before they come: the wait is
            # only a pause between two looks)
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(0.01)
            got = os.getpriority(os.PRIO_PROCESS, proc.pid)
        assert got == want
    finally:
        assert proc.stdin is not None
        proc.stdin.close()  # no floats: it ends
        proc.wait(60)


def test_wide_rows_count_by_their_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    # 12,665 rows of 784 features are 50 times the text of 100,000 points of the plane: formatted
    # in the window's process they starved its thread for seconds after a wide open.
    asked: list[tuple[int, int]] = []

    def spy(X: np.ndarray) -> None:
        asked.append(X.shape)
        return None  # as if the child could not start: formatted here, the same text
    monkeypatch.setattr(rows_apart, "_start", spy)
    few_wide = np.random.default_rng(0).normal(size=(300, 1_000))
    many_narrow = np.random.default_rng(1).normal(size=(300, 2))
    assert _apart(few_wide) == rows_json(few_wide).encode("utf-8")
    assert _apart(many_narrow) == rows_json(many_narrow).encode("utf-8")
    assert asked == [(300, 1_000)]
