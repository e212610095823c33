"""What the work costs in memory, and how much it may take: the one place every memory cap and
every estimate is derived from. A fit stops with "memory_cap" before an epoch that could pass
the budget; reading a CSV, a fit and θ* say what they need before they allocate it, and are
refused in one sentence when the machine has less free (:func:`require_memory`): a fit of 2
rows × 2·10⁷ features grew to 23 GB and was killed.
"""
from __future__ import annotations

import os
from pathlib import Path

from ..i18n import _
from .errors import UserError

__all__ = ["checkpoint_every", "bytes_per_update", "bytes_per_epoch", "record_bytes", "memory_budget",
           "MEMORY_BUDGET_ENV", "DEFAULT_MEMORY_BUDGET", "available_memory", "NotEnoughMemoryError",
           "require_memory", "size_text", "csv_read_bytes", "dataset_bytes", "fit_bytes", "theory_bytes",
           "run_bytes"]

# What a run record may use at most, unless the environment variable below (in MB) says
# otherwise: 1 GB, or a quarter of the physical memory on a smaller machine.
DEFAULT_MEMORY_BUDGET = 1_000_000_000
MEMORY_BUDGET_ENV = "PERCEPTRON_GUI_MEMORY_BUDGET_MB"


def checkpoint_every(D: int) -> int:
    """Updates between two stored weight vectors for D weights: at least 64, and at least 4·D
    so the checkpoints cost at most 2 bytes per update (8·D bytes every 4·D updates). Rebuilding
    any w_k replays at most that many updates (4·D·D multiply-adds: 2.5 M for 784 features)."""
    return max(64, 4 * int(D))


def bytes_per_update(D: int, extra: int = 0) -> int:
    """What one update costs in a :class:`RunRecord`: its step (8 bytes) and example index
    (4), its share of the weight checkpoints (8·D every :func:`checkpoint_every` updates,
    rounded up), and ``extra`` bytes the algorithm keeps per update (pocket counts, survival
    counts). The one place that says it: every memory cap is derived from it."""
    return 12 + -(-8 * int(D) // checkpoint_every(D)) + int(extra)


def bytes_per_epoch(D: int) -> int:
    """What one epoch costs: its table row (an :class:`EpochRow`, about 300 bytes of Python
    objects, measured with tracemalloc) and its end weights (8·D plus ~112 bytes of array
    header), kept while training until the rows are made."""
    return 420 + 8 * int(D)


def record_bytes(updates: int, epochs: int, D: int, extra: int = 0) -> int:
    """Bytes a record of ``updates`` updates over ``epochs`` epochs takes (with the start's
    weights and the rest of the algorithm's per-update arrays' first row)."""
    return int(updates) * bytes_per_update(D, extra) + int(epochs) * bytes_per_epoch(D) + 8 * int(D) + int(extra)


def memory_budget() -> int:
    """Bytes a run record may take: ``PERCEPTRON_GUI_MEMORY_BUDGET_MB`` when set, else
    1 GB or a quarter of the physical memory, whichever is less."""
    raw = os.environ.get(MEMORY_BUDGET_ENV, "").strip()
    if raw:
        try:
            mb = float(raw)
        except ValueError:
            mb = 0.0
        if mb > 0:
            return int(mb * 1e6)
    physical = _sysconf_bytes("SC_PHYS_PAGES")
    return min(DEFAULT_MEMORY_BUDGET, physical // 4) if physical > 0 else DEFAULT_MEMORY_BUDGET


# ---- what the machine has, and what an operation needs ---------------------------------------
MEMINFO = Path("/proc/meminfo")
CGROUP = Path("/sys/fs/cgroup")  # a container's limit (cgroup v2), when it has one


class NotEnoughMemoryError(UserError):
    """An operation needs more memory than the machine has free; ``str(err)`` is one sentence."""


def available_memory() -> int:
    """Bytes a new allocation can have now without swapping: ``MemAvailable`` of /proc/meminfo
    (free memory plus the caches the kernel gives back), less within a container's limit; where
    there is no /proc, the free physical pages; failing that, the physical memory."""
    avail = _meminfo_available()
    if avail is None:
        avail = _sysconf_bytes("SC_AVPHYS_PAGES") or _sysconf_bytes("SC_PHYS_PAGES") or DEFAULT_MEMORY_BUDGET
    room = _cgroup_room()
    return min(avail, room) if room is not None else avail


def require_memory(need: int, doing: str, fix: str, error: type[UserError] = NotEnoughMemoryError) -> None:
    """Raise ``error`` when ``need`` bytes are more than :func:`available_memory`: "{doing}
    needs about 3.2 GB of memory, but 1.1 GB is free; {fix}."."""
    free = available_memory()
    if need > free:
        raise error(_("{doing} needs about {need} of memory, but {free} is free; {fix}.").format(
            doing=doing, need=size_text(need), free=size_text(free), fix=fix))


def size_text(n: int) -> str:
    """Bytes for a sentence: "3.2 GB", "640 MB", "12 kB"."""
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n >= scale:
            return f"{n / scale:,.2g} {unit}" if n < 10 * scale else f"{n / scale:,.0f} {unit}"
    return _("{n} bytes").format(n=n)


def csv_read_bytes(cells: int, columns: int) -> int:
    """What parsing a CSV of ``cells`` numbers in ``columns`` columns needs beyond its text:
    the blocks numpy reads (8 bytes a number), their join (8) and the data set's own copy (8);
    per column its first line's cell and its name (Python strings, ~200 bytes: 400 MB for 2·10⁶
    columns); and a few ~1 MB blocks of text at a time (measured: 16-52 bytes a number beside
    tall files, 75 beside 2 × 2·10⁵)."""
    return 24 * int(cells) + 200 * int(columns) + (4 << 20)


def dataset_bytes(n: int, d: int) -> int:
    """What a data set of ``n`` points of ``d`` features holds: its points and labels (8 bytes
    a number) and a name for each feature (a Python string and its slot: ~65 bytes measured)."""
    return 8 * int(n) * (int(d) + 1) + 80 * int(d)


# The per-epoch errors of ``ERROR_COUNT_FROM_D`` weights or more are counted through a matrix
# product (core/algorithms/error_count.py) in blocks of at most this many scores (or one point's
# row of them), each score with its bound and three flags beside it: 40 bytes.
ERROR_COUNT_FROM_D = 100
ERROR_COUNT_CELLS = 1 << 18


def error_count_bytes(n: int, D: int) -> int:
    """The scratch of the per-epoch error count on ``n`` points of ``D`` weights."""
    return 40 * max(int(n), ERROR_COUNT_CELLS) + 8 * int(n) if int(D) >= ERROR_COUNT_FROM_D else 0


def fit_bytes(n: int, D: int, n_test: int = 0, extra: int = 0) -> int:
    """What a fit on ``n`` points of ``D`` weights (the offset included) needs before its first
    update: its own copies of the points and of ``n_test`` test points (8 bytes a number), the
    first epoch's record (:func:`record_bytes`), a per-point array or two, and the working
    vectors of D weights (the weights, their start, each epoch's end: 16 of them; measured,
    a fit on 2 × 2·10⁶ peaked at 92 bytes a feature), and the per-epoch error count's scratch."""
    return (8 * int(n) * int(D) + 8 * int(n_test) * int(D) + record_bytes(n, 1, D, extra) + 32 * int(n)
            + 128 * int(D) + error_count_bytes(max(int(n), int(n_test)), D))


def theory_bytes(n: int, D: int) -> int:
    """What θ* and the verdict on ``n`` points of ``D`` weights need: the solver's y·x (8 bytes
    a number), its scaled copy and the decomposition of a few points (16), and vectors of D
    weights (measured: at most 2.1 copies of the points beside 2,000 × 1,000, 6 beside 2 × 2·10⁶)."""
    return 24 * int(n) * int(D) + 32 * int(n) + 128 * int(D)


def run_bytes(n: int, d: int, offset: bool, n_test: int = 0) -> int:
    """What the window's run (and ``export``'s) needs: its own copy of the points and the data
    sets made from it (16 bytes a number), then the fit and θ*."""
    D = int(d) + int(offset)
    return 16 * (int(n) + int(n_test)) * int(d) + fit_bytes(n, D, n_test) + theory_bytes(n, D)


def _sysconf_bytes(name: str) -> int:
    try:
        return max(0, int(os.sysconf(name)) * int(os.sysconf("SC_PAGE_SIZE")))
    except (AttributeError, ValueError, OSError):
        return 0


def _meminfo_available() -> int | None:
    try:
        with MEMINFO.open("rb") as fh:
            for line in fh:
                if line.startswith(b"MemAvailable:"):
                    return int(line.split()[1]) * 1024  # kB
    except (OSError, ValueError, IndexError):
        pass
    return None


def _cgroup_room() -> int | None:
    """What a cgroup v2 limit leaves (its ``memory.max`` less ``memory.current``), or None."""
    try:
        limit = (CGROUP / "memory.max").read_text().strip()
        if limit == "max":
            return None
        return max(0, int(limit) - int((CGROUP / "memory.current").read_text().strip()))
    except (OSError, ValueError):
        return None
