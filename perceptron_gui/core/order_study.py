"""The order study (notes 004: the order of examples matters): one algorithm trained on the
same data in N shuffled orders, plus the file order, and how many updates each one needs.

Every run is an ordinary ``make_algorithm(name, shuffle=True, seed=s, ...).fit(train)``; a
row keeps only the numbers the run's own record reports (``num_updates``, ``epochs_run``,
``converged`` and the last epoch row's ``train_error``, the error of the predictor the
algorithm outputs), so a row equals a separate run to the bit. The bound is Novikoff's
(R/γ)² from :func:`~perceptron_gui.core.theory.dataset_theory`. No Qt here: the CLI, the
figure and the window all read an :class:`OrderStudy`.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..i18n import _
from .algorithms import make_algorithm
from .algorithms.chunks import TrainingStopped
from .dataset import Dataset, DatasetError
from .run import RunRecord

__all__ = ["DEFAULT_SEEDS", "MAX_SEEDS", "StudyRow", "OrderStudy", "study_row", "run_order_study",
           "TrainingStopped"]

DEFAULT_SEEDS = 200
MAX_SEEDS = 100_000  # a typo such as 2000000 should be a sentence, not an hour of training
FILE_ORDER = "file"  # how the file order's row names its seed (CSV and summary)


@dataclass(frozen=True)
class StudyRow:
    """One run of the study.

    Attributes
    ----------
    seed : int or None
        Seed of the shuffled orders; None for the file order (no shuffle).
    updates : int
        Updates the run made (until convergence when it converged).
    epochs : int
        Epochs it ran.
    converged : bool
        An epoch without an update came.
    train_error : float
        Training error of the predictor the algorithm outputs at the end (its last epoch row).
    """

    seed: int | None
    updates: int
    epochs: int
    converged: bool
    train_error: float

    @property
    def seed_text(self) -> str:
        return FILE_ORDER if self.seed is None else str(self.seed)


def study_row(rec: RunRecord, seed: int | None) -> StudyRow:
    """The row of one finished run, read from its record (the numbers ``run`` prints)."""
    err = rec.epochs[-1].train_error if rec.epochs else 0.0
    return StudyRow(seed=seed, updates=int(rec.num_updates), epochs=int(rec.epochs_run),
                    converged=bool(rec.converged), train_error=float(err))


@dataclass(frozen=True)
class OrderStudy:
    """The study's result: the shuffled runs (seed 0 .. N−1), the file order's run and the bound.

    ``bound`` is (R/γ)², the most updates the perceptron started at w₀ = 0 can make on the data
    (None when the data are not separable in the algorithm's mode, or γ is unknown).
    """

    algorithm: str
    rows: tuple[StudyRow, ...]
    file_order: StudyRow
    bound: float | None
    offset: bool

    @property
    def all_converged(self) -> bool:
        return all(r.converged for r in self.rows) and self.file_order.converged

    @property
    def quantity(self) -> str:
        """What the histogram counts: "updates" when every run converged, else "train_error"
        (a run stopped at the epoch limit has no count of updates *until convergence*)."""
        return "updates" if self.all_converged else "train_error"

    def values(self) -> np.ndarray:
        """The shuffled runs' values of :attr:`quantity`, in seed order."""
        return np.array([getattr(r, self.quantity) for r in self.rows], dtype=np.float64)

    def file_value(self) -> float:
        return float(getattr(self.file_order, self.quantity))

    def updates_summary(self) -> tuple[int, float, int]:
        """Min, median and max updates over the shuffled runs."""
        u = np.array([r.updates for r in self.rows], dtype=np.int64)
        return int(u.min()), float(np.median(u)), int(u.max())

    def histogram(self, bins: int = 30) -> tuple[np.ndarray, np.ndarray]:
        """Counts and bin edges of :meth:`values`; whole-number bins for updates when they fit
        (a count of 17 updates then has a bar of its own)."""
        v = self.values()
        lo, hi = float(v.min()), float(v.max())
        if self.quantity == "updates":
            width = max(1, int(np.ceil((hi - lo + 1) / bins)))
            edges = np.arange(lo - 0.5, hi + 0.5 + width, width, dtype=np.float64)
            return np.histogram(v, bins=edges)
        if hi == lo:  # every run ends with the same error: one bar around it
            lo, hi = lo - 0.005, hi + 0.005
        return np.histogram(v, bins=bins, range=(lo, hi))

    def csv_text(self) -> str:
        """``seed,updates,epochs,converged,train_error``: the file order first (seed "file"),
        then one row per seed; the error as a fraction that reads back exactly."""
        lines = ["seed,updates,epochs,converged,train_error"]
        for r in (self.file_order, *self.rows):
            lines.append(f"{r.seed_text},{r.updates},{r.epochs},{'true' if r.converged else 'false'},{r.train_error!r}")
        return "\n".join(lines) + "\n"

    def summary_lines(self) -> list[str]:
        """What ``perceptron-gui study`` prints."""
        n = len(self.rows)
        lo, med, hi = self.updates_summary()
        conv = sum(r.converged for r in self.rows)
        f = self.file_order
        file_line = (_("File order: {updates} updates in {epochs} epochs, converged.") if f.converged else
                     _("File order: {updates} updates in {epochs} epochs, did not converge (training error "
                       "{error:.2f}%).")).format(updates=f.updates, epochs=f.epochs, error=100 * f.train_error)
        lines = [_("{algorithm} perceptron, {n} shuffled orders (seeds 0 to {last}) and the file order.").format(
                     algorithm=self.algorithm, n=n, last=n - 1),
                 _("Updates over the shuffled orders: min {lo}, median {med:g}, max {hi}.").format(lo=lo, med=med, hi=hi),
                 file_line]
        if conv < n:
            errs = np.array([r.train_error for r in self.rows])
            lines.append(_("{conv} of {n} shuffled orders converged; final training error min {lo:.2f}%, "
                           "median {med:.2f}%, max {hi:.2f}%.").format(
                               conv=conv, n=n, lo=100 * errs.min(), med=100 * float(np.median(errs)), hi=100 * errs.max()))
        if self.bound is not None:
            lines.append(_("(R/γ)² = {bound:.6g}: the most updates the perceptron can make on this data from w₀ = 0.").format(
                bound=self.bound))
        else:
            lines.append(_("(R/γ)²: no bound, as the data are not linearly separable with an offset.") if self.offset
                         else _("(R/γ)²: no bound, as the data are not linearly separable through the origin."))
        return lines


def run_order_study(algorithm: str, train: Dataset, *, seeds: int = DEFAULT_SEEDS,
                    params: dict[str, Any] | None = None,
                    progress: Callable[[int, int], None] | None = None,
                    stop: Callable[[], bool] | None = None,
                    theory_budget_s: float | None = 1.0) -> OrderStudy:
    """Train ``algorithm`` on ``train`` in the file order, then with shuffle=True and seeds
    0 .. ``seeds`` − 1, and return the :class:`OrderStudy`.

    ``params`` are the algorithm's other parameters (``shuffle`` and ``seed`` are the study's
    own). ``progress(done, total)`` is called after each run (total = seeds + 1); ``stop()``
    is asked between runs and inside them, as ``fit(stop=...)`` does: when it says True the
    study raises :class:`TrainingStopped`, leaving no result. ``theory_budget_s`` bounds the
    max-margin solve behind the bound (see ``dataset_theory``).
    """
    from .separability import run_separator
    from .theory import dataset_theory

    if not 1 <= seeds <= MAX_SEEDS:
        raise DatasetError(_("The study needs between 1 and {max:,} seeds, not {seeds:,}.").format(
            max=MAX_SEEDS, seeds=seeds))
    if train.n == 0:
        raise DatasetError(_("The order study needs data; add some points."))
    own = dict(params or {})
    clash = sorted({"shuffle", "seed"} & set(own))
    if clash:
        raise DatasetError(_("The order study sets {names} itself (one run per seed); leave it out.").format(
            names=_(" and ").join(clash)))
    make_algorithm(algorithm, **own).validate()  # a bad parameter is a sentence before any run
    total = seeds + 1

    def one(shuffle: bool, seed: int) -> RunRecord:
        if stop is not None and stop():
            raise TrainingStopped()
        return make_algorithm(algorithm, shuffle=shuffle, seed=seed, **own).fit(train, stop=stop)

    first = one(False, 0)
    file_row = study_row(first, None)
    if progress is not None:
        progress(1, total)
    rows = []
    for s in range(seeds):
        rows.append(study_row(one(True, s), s))
        if progress is not None:
            progress(s + 2, total)
    # A converged run's weights vouch for separability, so the bound never contradicts the runs.
    theory = dataset_theory(train.X, train.y, offset=first.offset, time_budget_s=theory_budget_s,
                            separator=run_separator(first))
    bound = theory.bound if theory.bound is not None and np.isfinite(theory.bound) else None
    return OrderStudy(algorithm=algorithm, rows=tuple(rows), file_order=file_row, bound=bound,
                      offset=first.offset)
