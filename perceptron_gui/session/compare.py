"""Races: 2 to 4 runs on the same points, side by side, and the table that
compares them.

Every run is trained by :func:`~perceptron_gui.session.runner.compute`, the path the window's
own runs take, on the same :class:`~perceptron_gui.session.points.PointSet` (its test points
stay test points), so a row equals a separate run of that algorithm and order to the bit. A
row reads the run's own record (updates, epochs, the last epoch row's training and test
error) and asks the theory for the rest: the output hyperplane's margin is
:func:`~perceptron_gui.core.theory.dataset_margin`, its angle to θ* comes from
:func:`~perceptron_gui.core.theory.proof_quantities`. The shared playhead is an epoch; each
run maps it to its own step with :func:`epoch_step`. No Qt here: the window and the CLI
figure both read a :class:`Comparison`.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import Any

import numpy as np

from ..core import theory as th
from ..core.algorithms import make_algorithm
from ..core.algorithms.chunks import TrainingStopped
from ..core.algorithms.kernel import in_feature_space
from ..core.dataset import DatasetError
from ..core.run import RunRecord
from ..i18n import _
from .points import PointSet
from .run_result import RunResult
from .runner import RunRequest, compute

__all__ = ["MIN_RUNS", "MAX_RUNS", "CompareEntry", "CompareRow", "CompareRun", "Comparison",
           "compare_entries", "parse_seeds", "epoch_step", "compare_row", "run_comparison", "TrainingStopped"]

MIN_RUNS, MAX_RUNS = 2, 4  # a race needs two; more than four panels are too small to read


@dataclass(frozen=True)
class CompareEntry:
    """One run of a race: an algorithm, its parameters (without ``shuffle``/``seed``) and the
    order of the examples: ``seed`` None is the file order, an int the shuffled orders of that seed."""

    algorithm: str
    params: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None

    @property
    def order_text(self) -> str:
        return _("file order") if self.seed is None else _("seed {seed}").format(seed=self.seed)

    @property
    def label(self) -> str:
        return f"{self.algorithm}, {self.order_text}"

    def run_params(self) -> dict[str, Any]:
        """The parameters the run is trained with: the entry's own and its order."""
        own = {k: v for k, v in self.params.items() if k not in ("shuffle", "seed")}
        if self.seed is None:
            return {**own, "shuffle": False}
        return {**own, "shuffle": True, "seed": int(self.seed)}


@dataclass(frozen=True)
class CompareRow:
    """One row of the race table; errors are fractions, ``None`` where there is no number
    (no test set; w = 0 has no hyperplane; no θ* when the data are not separable)."""

    label: str
    updates: int
    epochs: int
    converged: bool
    train_error: float
    test_error: float | None
    margin: float | None
    angle_deg: float | None


@dataclass(frozen=True)
class CompareRun:
    entry: CompareEntry
    result: RunResult
    row: CompareRow


@dataclass(frozen=True)
class Comparison:
    """The finished race: the runs in the order asked, on ``points``."""

    points: PointSet
    runs: tuple[CompareRun, ...]

    @property
    def rows(self) -> tuple[CompareRow, ...]:
        return tuple(r.row for r in self.runs)

    @property
    def last_epoch(self) -> int:
        """The last epoch any run reached (−1 when none ran one): the shared playhead's end."""
        return max((r.result.record.epochs_run for r in self.runs), default=0) - 1

    def steps_at(self, epoch: int) -> list[int]:
        """Each run's step for the shared playhead at ``epoch`` (see :func:`epoch_step`)."""
        return [epoch_step(r.result.record, epoch) for r in self.runs]


# Whom a run races by default: the plain perceptron with an offset, or the averaged one beside it.
DEFAULT_PARTNERS = ("offset", "averaged")


def default_partner(algorithm: str) -> str:
    """The learner the Compare dialog offers beside ``algorithm`` at first."""
    return next(a for a in DEFAULT_PARTNERS if a != algorithm)


def epoch_step(rec: RunRecord, epoch: int) -> int:
    """The step a run shows when the shared playhead is at ``epoch``: the last visit of that
    epoch, clamped to the run's last step (a run that stopped earlier stays at its end);
    −1 (the start, before any visit) for a negative epoch or a run without visits."""
    if epoch < 0 or rec.num_steps == 0:
        return -1
    return min((int(epoch) + 1) * rec.n, rec.num_steps) - 1


def parse_seeds(text: str) -> list[int]:
    """Seeds from "0,1,2" (spaces allowed); a DatasetError sentence for anything else."""
    parts = [p.strip() for p in str(text).split(",") if p.strip()]
    try:
        seeds = [int(p) for p in parts]
    except ValueError:
        raise DatasetError(_("Seeds must be whole numbers separated by commas, such as 0,1,2, not '{text}'.")
                           .format(text=text)) from None
    if any(not 0 <= s <= 2**31 - 1 for s in seeds):
        raise DatasetError(_("Seeds go from 0 to {max}; '{text}' has one outside.").format(max=2**31 - 1, text=text))
    return seeds


def compare_entries(algorithms: Sequence[str], seeds: Sequence[int | None] = (None,),
                    params_of: Callable[[str], dict[str, Any]] | None = None) -> list[CompareEntry]:
    """Every algorithm with every order (seed None: the file order), each with
    ``params_of(algorithm)`` (default: its defaults); checked: a known algorithm, parameters
    it accepts, and 2 to 4 runs in all — otherwise one DatasetError sentence."""
    algorithms, seeds = list(algorithms), list(seeds) or [None]
    entries = [CompareEntry(a, dict(params_of(a)) if params_of is not None else {}, s)
               for a, s in product(algorithms, seeds)]
    if not MIN_RUNS <= len(entries) <= MAX_RUNS:
        raise DatasetError(_("A comparison needs {min} to {max} runs, not {n}; choose fewer or more algorithms or seeds.")
                           .format(min=MIN_RUNS, max=MAX_RUNS, n=len(entries)))
    if len({(e.algorithm, e.seed) for e in entries}) < len(entries):
        raise DatasetError(_("The same run is asked for twice; give each algorithm or seed once."))
    for e in entries:
        make_algorithm(e.algorithm, **e.run_params()).validate()  # a bad name or value: a sentence now
    return entries


def compare_row(entry: CompareEntry, result: RunResult) -> CompareRow:
    """The table row of one finished run, read from its record and its theory."""
    rec = result.record
    last = rec.epochs[-1] if rec.epochs else None
    train = result.train
    margin = th.dataset_margin(train.X, train.y, rec.final_w, rec.final_b) if train.n else math.nan
    angle = None
    tho = result.theory
    # A curved kernel's output is no vector of this space (final_w is 0): no angle to θ*.
    if tho is not None and tho.theta_star is not None and tho.gamma and in_feature_space(rec):
        w = np.atleast_2d(rec.final_augmented())
        a = float(th.proof_quantities(w, tho.theta_star, tho.gamma, tho.R).angle_deg[0])
        angle = a if math.isfinite(a) else None
    return CompareRow(label=entry.label, updates=int(rec.num_updates), epochs=int(rec.epochs_run),
                      converged=bool(rec.converged), train_error=float(last.train_error) if last else 0.0,
                      test_error=None if last is None or last.test_error is None else float(last.test_error),
                      margin=margin if math.isfinite(margin) else None, angle_deg=angle)


def run_comparison(points: PointSet, entries: Sequence[CompareEntry], *,
                   progress: Callable[[int, int], None] | None = None,
                   stop: Callable[[], bool] | None = None,
                   memory_budget_bytes: int | None = None) -> Comparison:
    """Train every entry on ``points`` (a private copy) one after the other.

    ``progress(done, total)`` follows each run; ``stop()`` is asked between runs and inside
    them (every ~20 ms of training): when it says True, :class:`TrainingStopped` leaves no
    result. Raises a UserError sentence for data that cannot be trained on."""
    if not MIN_RUNS <= len(entries) <= MAX_RUNS:
        raise DatasetError(_("A comparison needs {min} to {max} runs, not {n}.").format(
            min=MIN_RUNS, max=MAX_RUNS, n=len(entries)))
    pts = points.copy()  # the window may edit its points while the race trains
    if not (~pts.test).any():
        raise DatasetError(_("A comparison needs training points; add some first."))
    runs = []
    for i, e in enumerate(entries):
        if stop is not None and stop():
            raise TrainingStopped()
        req = RunRequest(generation=i, algorithm=e.algorithm, params=e.run_params(), points=pts,
                         memory_budget_bytes=memory_budget_bytes)
        res = compute(req, stop=stop)
        runs.append(CompareRun(e, res, compare_row(e, res)))
        if progress is not None:
            progress(i + 1, len(entries))
    return Comparison(pts, tuple(runs))
