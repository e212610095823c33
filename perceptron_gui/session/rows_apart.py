"""The points' JSON rows formatted in a child process (the window stays at 60 fps).

A save or an autosave of 10⁶ points formats ~60 MB of floats with ``float.__repr__``: pure
Python on the writer's thread, ~1 s of it. Even cut into short C calls, that thread keeps
asking for the GIL, and the window's thread, which lets go of the GIL at every Qt call, waits
up to the switch interval (5 ms) each time it wants it back: a click or a drag's repaint of a
few dozen such calls then takes 100–200 ms (the "convoy effect"). numpy's vectorised formatting
holds the GIL too, and a compiled shortest-repr formatter is a large thing to get bit-exact.

So the rows are formatted by :func:`session_json.rows_json_chunks` itself (the same code: the
same text, to the byte) in a fresh ``python`` process: the writer's thread only writes the raw
floats to a pipe and reads the text back, calls that wait without the GIL. Small data sets
(below :data:`MIN_VALUES` numbers), a frozen build, or a child that cannot start are formatted here as
before.
"""
from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from ..i18n import _
from .session_json import rows_json_chunks

__all__ = ["MIN_VALUES", "rows_json_chunks_apart"]

# Below this many numbers the formatting takes < ~0.1 s here, about a child's start (numpy's
# import): not worth it. Numbers, not rows: 12,665 rows of 784 features are 50 times more text
# than 100,000 points of the plane, and formatted here they starved the window for seconds.
MIN_VALUES = 200_000
_READ = 1 << 20  # bytes a read: few calls, each one without the GIL
# The package's folder goes on the child's path, so a checkout run without installing works too.
_ROOT = str(Path(__file__).resolve().parents[2])
_CHILD = ("import sys; sys.path.insert(0, sys.argv[1]); "
          "from perceptron_gui.session.rows_apart import _child; _child(int(sys.argv[2]), int(sys.argv[3]))")


def rows_json_chunks_apart(X: np.ndarray) -> Iterator[str | bytes]:
    """:func:`~perceptron_gui.session.session_json.rows_json_chunks`'s text, as UTF-8 bytes made
    in a child process when ``X`` is big (the text is the same either way).

    Raises
    ------
    OSError
        The child stopped after part of the text was handed on (before that, the text is made
        in this process instead).
    """
    X = np.ascontiguousarray(X, dtype=np.float64)
    n, d = X.shape
    if X.size < MIN_VALUES or getattr(sys, "frozen", False) or not sys.executable:
        yield from rows_json_chunks(X)
        return
    proc = _start(X)
    if proc is None:
        yield from rows_json_chunks(X)
        return
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    try:
        first = _read(fd)
        if not first:  # nothing came: the child could not run; nothing handed on yet, so do it here
            proc.wait()
            yield from rows_json_chunks(X)
            return
        yield first
        while block := _read(fd):
            yield block
        if proc.wait() != 0:
            raise OSError(_("the process formatting the points stopped (exit status {status})").format(status=proc.returncode))
    finally:
        if proc.poll() is None:  # the consumer stopped early (a write error): end the child
            proc.kill()
            proc.wait()
        proc.stdout.close()


def _start(X: np.ndarray) -> subprocess.Popen[bytes] | None:
    """The child, given the floats; None when it cannot be started or fed."""
    n, d = X.shape
    try:
        proc = subprocess.Popen([sys.executable, "-c", _CHILD, _ROOT, str(n), str(d)],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    except (OSError, ValueError):
        return None
    assert proc.stdin is not None
    try:
        # The child reads all of it before it writes anything: no deadlock on full pipes.
        if X.size:  # (a memoryview of no items cannot be cast)
            proc.stdin.write(X.data.cast("B"))
        proc.stdin.close()
    except OSError:  # e.g. BrokenPipeError: it died on its way up
        proc.kill()
        proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()
        return None
    return proc


def _read(fd: int) -> bytes:
    while True:
        try:
            return os.read(fd, _READ)
        except InterruptedError:  # pragma: no cover - retried by Python itself since PEP 475
            continue


def _child(n: int, d: int) -> None:
    """In the child: the raw float64 rows on stdin, their JSON text (UTF-8) on stdout.

    It runs at the priority of the thread that started it (Linux gives a child its parent
    thread's nice value): the autosave's, housekeeping at nice 10 (core/workers), so on two
    cores this second of formatting yields to the window's thread; a Save's, the window's own."""
    data = sys.stdin.buffer.read(n * d * 8)
    if len(data) != n * d * 8:
        sys.exit(2)
    X = np.frombuffer(data, dtype=np.float64).reshape(n, d)
    out = sys.stdout.buffer
    for chunk in rows_json_chunks(X):
        out.write(chunk.encode("utf-8"))
    out.flush()
