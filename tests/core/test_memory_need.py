"""Reading a CSV, a fit and θ* say what memory they need before they allocate it, and are
refused in one sentence past what the machine has free (a fit of 2 × 2·10⁷ features grew to
23 GB and was killed). The estimates are upper bounds of what the work then takes."""
from __future__ import annotations

import re
import tracemalloc
from pathlib import Path

import numpy as np
import pytest

from perceptron_gui.core import run_memory
from perceptron_gui.core import theory as th
from perceptron_gui.core.algorithms import base as algo_base
from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.core.dataset import Dataset, DatasetError
from perceptron_gui.core.errors import UserError
from perceptron_gui.core.io import read_csv
from perceptron_gui.core.run_memory import NotEnoughMemoryError, available_memory


def assert_one_sentence(msg: str) -> None:
    assert msg.endswith(".") and "\n" not in msg and "Traceback" not in msg, msg
    assert not re.search(r"\.\s+[A-Z]", msg), msg


@pytest.fixture
def free(monkeypatch: pytest.MonkeyPatch):
    """Set the memory the machine has free, in bytes."""
    def set_free(n: int) -> None:
        monkeypatch.setattr(run_memory, "available_memory", lambda: n)
    return set_free


# ---- what the machine has ----------------------------------------------------------------------
def test_available_memory_is_memavailable(monkeypatch, tmp_path):
    info = tmp_path / "meminfo"
    info.write_text("MemTotal:       24684096 kB\nMemFree:  1000 kB\nMemAvailable:   22557560 kB\n")
    monkeypatch.setattr(run_memory, "MEMINFO", info)
    monkeypatch.setattr(run_memory, "CGROUP", tmp_path / "no-cgroup")
    assert available_memory() == 22557560 * 1024


def test_a_container_limit_counts(monkeypatch, tmp_path):
    info = tmp_path / "meminfo"
    info.write_text("MemAvailable:   22557560 kB\n")
    cgroup = tmp_path / "cgroup"
    cgroup.mkdir()
    (cgroup / "memory.max").write_text("2000000000\n")
    (cgroup / "memory.current").write_text("500000000\n")
    monkeypatch.setattr(run_memory, "MEMINFO", info)
    monkeypatch.setattr(run_memory, "CGROUP", cgroup)
    assert available_memory() == 1_500_000_000
    (cgroup / "memory.max").write_text("max\n")
    assert available_memory() == 22557560 * 1024


def test_without_proc_the_free_pages_are_asked(monkeypatch, tmp_path):
    monkeypatch.setattr(run_memory, "MEMINFO", tmp_path / "missing")
    monkeypatch.setattr(run_memory, "CGROUP", tmp_path / "missing-too")
    pages = {"SC_AVPHYS_PAGES": 1000, "SC_PHYS_PAGES": 4000, "SC_PAGE_SIZE": 4096}
    monkeypatch.setattr(run_memory.os, "sysconf", lambda name: pages[name])
    assert available_memory() == 1000 * 4096
    monkeypatch.setattr(run_memory.os, "sysconf", lambda name: (_ for _ in ()).throw(ValueError(name)))
    assert available_memory() == run_memory.DEFAULT_MEMORY_BUDGET


# ---- refused before the work, in one sentence ------------------------------------------------
def _csv(path: Path, n: int, d: int) -> Path:
    rng = np.random.default_rng(0)
    rows = [",".join(f"{v:.4f}" for v in rng.normal(size=d)) + f",{1 if i % 2 else -1}" for i in range(n)]
    path.write_text("\n".join(rows) + "\n")
    return path


def test_reading_a_csv_bigger_than_the_free_memory_is_refused_before_it_is_parsed(tmp_path, free, monkeypatch):
    path = _csv(tmp_path / "wide.csv", 2, 20_000)
    from perceptron_gui.core import io as core_io
    monkeypatch.setattr(core_io, "parse_ascii_csv_bytes", lambda *a, **k: pytest.fail("parsed"))
    free(500_000)  # its text (~300 kB) fits; 40,000 numbers and 20,000 names do not
    with pytest.raises(DatasetError) as info:
        read_csv(path)
    msg = str(info.value)
    assert_one_sentence(msg)
    assert msg.startswith("Reading wide.csv (40,00") and "of memory, but 500 kB is free" in msg
    free(100_000)  # not even its text: refused before it is read
    with pytest.raises(DatasetError, match=r"^Reading wide\.csv needs about .* kB of memory, but 100 kB is free"):
        read_csv(path)


def test_a_fit_is_refused_before_it_copies_the_points(free, monkeypatch):
    data = Dataset.from_arrays(np.ones((2, 200_000)) * np.array([[1.0], [-1.0]]), [1, -1])
    monkeypatch.setattr(algo_base, "augment", lambda *a, **k: pytest.fail("the points were copied"))
    free(3_000_000)  # less than one more copy of the points
    with pytest.raises(NotEnoughMemoryError) as info:
        make_algorithm("offset").fit(data)
    assert_one_sentence(str(info.value))
    assert str(info.value).startswith("Training on 2 points of 200,000 features needs about ")


def test_an_estimator_is_refused_before_it_makes_its_data_set(free, monkeypatch):
    from perceptron_gui.estimators import Perceptron

    monkeypatch.setattr(Dataset, "from_arrays", classmethod(lambda *a, **k: pytest.fail("the data set was made")))
    free(5_000_000)  # X itself is 3.2 MB; its data set, names and fit need more
    with pytest.raises(NotEnoughMemoryError, match=r"^Training on 2 points of 200,000 features needs about "):
        Perceptron().fit(np.ones((2, 200_000)) * np.array([[1.0], [-1.0]]), [0, 1])


def test_theta_star_is_refused_past_the_free_memory(free):
    X = np.ones((2, 200_000)) * np.array([[1.0], [-1.0]])
    free(1_000_000)
    with pytest.raises(NotEnoughMemoryError, match=r"^Finding θ\* of 2 points of 200,000 features needs about "):
        th.dataset_theory(X, np.array([1.0, -1.0]), offset=True)


def test_the_window_run_says_it_as_its_error(free):
    from perceptron_gui.session.session import Session

    session = Session()
    said: list[tuple[str, str]] = []
    session.message.connect(lambda level, text: said.append((level, text)))
    free(1_000_000)
    session.load_dataset(Dataset.from_arrays(np.eye(2, 50_000) - 0.5, [1, -1]), "wide")
    assert session.result is None and session.error is not None
    assert_one_sentence(session.error)
    assert session.error.startswith("Training on 2 points of 50,000 features needs about ")
    assert isinstance(NotEnoughMemoryError(session.error), UserError)


# ---- the estimates are upper bounds ---------------------------------------------------------
def _peak(work) -> int:
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize(("n", "d"), [(2, 200_000), (2_000, 100), (20_000, 3)])
def test_the_estimates_cover_what_the_work_takes(n, d, tmp_path):
    rng = np.random.default_rng(1)
    X = rng.normal(size=(n, d))
    y = np.where(np.arange(n) % 2, 1.0, -1.0)
    X[:, 0] += 3 * y
    data = Dataset.from_arrays(X, y)
    make_algorithm("offset", max_epochs=1).fit(data)  # the kernels loaded: their import is no part of a fit
    fit = _peak(lambda: make_algorithm("offset", max_epochs=1).fit(data))
    assert fit <= run_memory.fit_bytes(n, d + 1), (fit, run_memory.fit_bytes(n, d + 1))
    theory = _peak(lambda: th.dataset_theory(X, y, offset=True, time_budget_s=0.5))
    assert theory <= run_memory.theory_bytes(n, d + 1), (theory, run_memory.theory_bytes(n, d + 1))
    path = _csv(tmp_path / "data.csv", n, d)
    raw_bytes = path.stat().st_size
    read_csv(path)  # the reader's imports
    read = _peak(lambda: read_csv(path))
    assert read <= raw_bytes + run_memory.csv_read_bytes(n * (d + 1), d + 1), read
