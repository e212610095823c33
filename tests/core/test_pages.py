"""core/pages.py: the update log in small pages always; numpy's huge pages off for commands only."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.core.algorithms.update_log import UpdateLog
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.pages import empty_small_pages

SMAPS = Path("/proc/self/smaps")


def vm_flags(addr: int) -> set[str]:
    """The kernel's VmFlags of the mapping holding ``addr`` (``hg``: huge pages asked for,
    ``nh``: refused)."""
    inside = False
    for line in SMAPS.read_text().splitlines():
        head = line.split()
        if head and "-" in head[0] and all(c in "0123456789abcdef-" for c in head[0]):
            lo, hi = (int(x, 16) for x in head[0].split("-"))
            inside = lo <= addr < hi
        elif inside and head and head[0] == "VmFlags:":
            return set(head[1:])
    raise AssertionError(f"no mapping holds {addr:#x}")


def test_empty_small_pages_is_an_ordinary_writable_array() -> None:
    for shape, dtype in (((1000, 3), np.float64), (7, np.int32), (12345, np.int64), ((0, 3), np.float64), (0, np.int32)):
        a = empty_small_pages(shape, dtype)
        want = (shape,) if isinstance(shape, int) else shape
        assert a.shape == want and a.dtype == dtype
        assert a.flags.c_contiguous and a.flags.writeable and a.flags.aligned
        a[...] = 3
        assert np.all(a == 3)


def test_a_view_keeps_the_memory_alive() -> None:
    view = empty_small_pages(100_000, np.int64)[10:20]
    view[:] = np.arange(10)
    big = [np.ones(200_000) for _ in range(5)]  # churn: a freed mapping would be reused or unmapped
    assert view.tolist() == list(range(10)) and len(big) == 5


@pytest.mark.skipif(not SMAPS.exists(), reason="no /proc/self/smaps: not Linux")
def test_the_memory_refuses_huge_pages() -> None:
    a = empty_small_pages(1 << 22)  # 32 MiB: numpy would ask for huge pages
    flags = vm_flags(a.ctypes.data + (1 << 21))
    assert "nh" in flags and "hg" not in flags and "sh" not in flags  # private, never huge


@pytest.mark.skipif(not SMAPS.exists(), reason="no /proc/self/smaps: not Linux")
def test_a_fits_update_log_is_in_small_pages() -> None:
    log = UpdateLog(np.zeros(3), 1_000_000, capacity=10_000_000)
    for buf in (log.steps, log.index):
        assert "nh" in vm_flags(buf.ctypes.data + (1 << 21))
    rng = np.random.default_rng(0)
    X = rng.uniform(-1, 1, size=(200_000, 2))
    y = np.where(X[:, 0] - X[:, 1] > 0, 1.0, -1.0)
    y[rng.random(200_000) < 0.2] *= -1  # 20 % noise: enough updates that the record keeps the log's own buffers
    rec = make_algorithm("offset", max_epochs=3).fit(Dataset(X, y))  # room for 600,000 updates: 4.8 MB of steps
    assert rec.num_updates > 600_000 // 8
    assert "nh" in vm_flags(rec.update_step.ctypes.data)


@pytest.mark.skipif(not SMAPS.exists(), reason="no /proc/self/smaps: not Linux")
def test_a_small_log_is_numpys_memory_without_huge_pages() -> None:
    # Below SMALL_PAGES_FROM bytes a buffer is np.empty's: numpy asks no huge pages for it, and
    # fits one after another reuse what the last one freed instead of faulting in fresh pages.
    log = UpdateLog(np.zeros(3), 1_000, capacity=100_000)  # 800 kB of steps
    for buf in (log.steps, log.index, log.ck):
        assert buf.base is None  # numpy's own memory, not a mapping of ours
        assert "hg" not in vm_flags(buf.ctypes.data)


def _in_child(code: str, env_extra: dict[str, str] | None = None) -> str:
    import os

    env = {k: v for k, v in os.environ.items() if k != "NUMPY_MADVISE_HUGEPAGE"}
    env.update(env_extra or {})
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


# numpy's switch returns its previous setting: set it back to what it was to read it.
READ_SWITCH = ("from numpy._core import multiarray as m\n"
               "was = m._set_madvise_hugepage(True); m._set_madvise_hugepage(was); print(was)\n")


def run_command(csv: Path) -> str:
    return ("import contextlib, io\nfrom perceptron_gui.cli import main\nwith contextlib.redirect_stdout(io.StringIO()):\n"
            f"    assert main(['run', {str(csv)!r}, '--algorithm', 'offset']) == 0\n")


def test_a_command_turns_numpys_huge_pages_off_and_the_library_does_not(tmp_path: Path) -> None:
    csv = tmp_path / "d.csv"
    csv.write_text("x1,x2,label\n1,2,1\n-1,-2,-1\n2,1,1\n")
    before = _in_child("import numpy\nfrom perceptron_gui.estimators import OffsetPerceptron\n"
                       "import numpy as np\nOffsetPerceptron().fit(np.array([[1.0, 2], [-1, -2]]), [1, -1])\n" + READ_SWITCH)
    assert before == "True"
    after = _in_child(run_command(csv) + READ_SWITCH)
    assert after == "False"


def test_the_users_own_setting_wins(tmp_path: Path) -> None:
    csv = tmp_path / "d.csv"
    csv.write_text("x1,x2,label\n1,2,1\n-1,-2,-1\n")
    kept = _in_child(run_command(csv) + READ_SWITCH,
                     {"NUMPY_MADVISE_HUGEPAGE": "1"})
    assert kept == "True"


def test_empty_owns_its_memory_and_leaves_numpys_setting_as_it_was() -> None:
    from numpy._core import multiarray

    from perceptron_gui.core.pages import SMALL_PAGES_FROM, empty

    # An earlier test's in-process `run` may have turned the request off: start from "on".
    before = multiarray._set_madvise_hugepage(True)
    try:
        for shape, dtype in ((10, np.float64), ((SMALL_PAGES_FROM // 16 + 1, 2), np.float64), (SMALL_PAGES_FROM, np.uint8)):
            a = empty(shape, dtype)
            assert a.base is None and a.flags.owndata and a.flags.writeable and a.dtype == dtype
            was = multiarray._set_madvise_hugepage(True)
            assert was is True  # empty() set it back as it was
        if SMAPS.exists():
            # 64 MiB: past glibc's largest mmap threshold (32 MiB), so the array is a fresh
            # mapping; at 32 MiB a grown threshold let malloc reuse memory an earlier test had
            # advised, in some orders of the suite.
            big = empty((1 << 23,), np.float64)
            assert "hg" not in vm_flags(big.ctypes.data + (1 << 21))
            assert "hg" in vm_flags(np.empty(1 << 22).ctypes.data + (1 << 21))  # numpy's own choice, as a control
    finally:
        multiarray._set_madvise_hugepage(before)


def test_a_delete_of_many_points_leaves_arrays_the_session_may_edit_in_place() -> None:
    """The arrays a Delete makes are the PointSet's own: the next drag edits them where they
    are (session/points._read_elsewhere: a view would count as shared and be copied)."""
    from perceptron_gui.session.points import PointSet, _read_elsewhere

    n = 600_000  # X is 9.6 MB: past SMALL_PAGES_FROM
    pts = PointSet(np.zeros((n, 2)), np.ones(n), np.zeros(n, dtype=bool), ("x1", "x2"))
    pts.remove_rows(np.array([5, 77]))
    assert pts.n == n - 2 and pts.X.base is None
    assert not _read_elsewhere(pts, "X")
    pts.snapshot()  # a reader came and went: the recheck finds none
    before = pts.X.ctypes.data
    pts.writable("X")
    assert pts.X.ctypes.data == before  # edited where it is, not copied


@pytest.mark.skipif(not SMAPS.exists(), reason="no /proc/self/smaps: not Linux")
def test_a_fits_copies_of_the_data_and_its_file_order_are_in_small_pages() -> None:
    """A fresh process's first fit wrote its copy of 10⁶ points into cold huge pages when
    Linux granted them (52 or 70 ms at random): the copies a fit makes refuse them."""
    from numpy._core import multiarray

    from perceptron_gui.core.algorithms.scores import augment
    from perceptron_gui.core.pages import made_in_small_pages

    before = multiarray._set_madvise_hugepage(True)  # numpy's default: ask for huge pages
    try:
        X = np.zeros((1_500_000, 2))  # 36 MB once augmented: past malloc's reuse, a mapping of its own
        for a in (augment(X, True), augment(X[:, :1].repeat(3, axis=1), False),
                  made_in_small_pages(lambda: np.arange(5_000_000, dtype=np.int64))):
            assert "hg" not in vm_flags(a.ctypes.data + (1 << 21))
        assert multiarray._set_madvise_hugepage(True) is True  # set back as it was
        assert "hg" in vm_flags(np.empty(1 << 22).ctypes.data + (1 << 21))  # numpy's own choice, as a control
    finally:
        multiarray._set_madvise_hugepage(before)
