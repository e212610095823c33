"""What a run record costs in memory, and how much it may take: the one place every memory cap
is derived from (a fit stops with "memory_cap" before an epoch that could pass the budget).
"""
from __future__ import annotations

import os

__all__ = ["checkpoint_every", "bytes_per_update", "bytes_per_epoch", "record_bytes", "memory_budget",
           "MEMORY_BUDGET_ENV", "DEFAULT_MEMORY_BUDGET"]

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
    try:
        physical = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        physical = 0
    return min(DEFAULT_MEMORY_BUDGET, physical // 4) if physical > 0 else DEFAULT_MEMORY_BUDGET
