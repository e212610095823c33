"""Where a long training run is, on stderr: the window's progress bar for the command line.

A line every :data:`PRINT_EVERY_S` seconds, and none for a run shorter than that. Always, not
only when stderr is a terminal: a 5-minute export started by a script, or over ssh with its
output in a log, is where "is it stuck?" is asked most, and a short line every few seconds
costs a log little; stdout, which scripts read, stays as it was, and quick runs print nothing
new. Plain lines, no carriage-return redrawing, so a log shows them as they came.
"""
from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

from ..core.algorithms.chunks import CountingStop
from ..i18n import _
from ..session.estimate import CostEstimate, RateProbe, may_stop_early

__all__ = ["PRINT_EVERY_S", "ProgressLines", "fit_reporting"]

PRINT_EVERY_S = 5.0


class ProgressLines:
    """Called with each progress report (epoch reached, max epochs, the time left or None);
    prints "Training: epoch 3 of 100, about 4 min left." to ``out`` (default stderr) at most
    every :data:`PRINT_EVERY_S` seconds, the first that long after the start."""

    def __init__(self, out: TextIO | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self._out = out
        self._clock = clock
        self._last = clock()

    def __call__(self, epoch: int, total: int, estimate: CostEstimate | None = None) -> None:
        now = self._clock()
        if now - self._last < PRINT_EVERY_S:
            return
        self._last = now
        current = min(epoch + 1, total)  # the epoch under way, as the window's status bar says
        line = (_("Training: epoch {current:,} of {total:,}.") if estimate is None
                else _("Training: epoch {current:,} of {total:,}, {time_left}.")).format(
            current=current, total=total, time_left=estimate.sentence() if estimate is not None else "")
        print(line, file=self._out or sys.stderr, flush=True)


def fit_reporting(algorithm: str, n: int, max_epochs: int,
                  lines: ProgressLines | None = None) -> tuple[Callable[[int, int], bool], CountingStop]:
    """The ``progress`` and ``stop`` for a fit on this thread (``run``) that print as the
    window's runner reports: the epoch reached, and inside a long epoch the time left."""
    lines = lines or ProgressLines()
    probe = RateProbe(n * max_epochs, time.monotonic, upper_bound=may_stop_early(algorithm))
    reached = [0]

    def progress(epoch: int, total: int) -> bool:
        reached[0] = epoch
        lines(epoch, total, probe.estimate())
        return True

    def visited(m: int) -> None:
        probe.visited(m)
        lines(reached[0], max_epochs, probe.estimate())

    return progress, CountingStop(lambda: False, visited)
