"""The Winnow study: mistakes against the number of features d, Winnow against the perceptron.

For each d, n random Boolean points x ∈ {0, 1}^d are labelled by a disjunction of r of the
variables (:func:`disjunction_data`); Winnow (α = 2, θ = d) and the offset perceptron (w₀ = 0,
b₀ = 0: a disjunction needs an offset) train on the same points in the same file order until an
epoch without a mistake, and a row keeps the mistakes each made (its record's ``num_updates``:
each learner updates exactly on its mistakes) beside the two bounds: Littlestone's
2 + 3r(1 + log₂ d) for Winnow (:func:`littlestone_bound`) and Novikoff's (R/γ)² for the
perceptron, from :func:`~perceptron_gui.core.theory.dataset_theory` on the augmented points
[x, 1] (the offset folded in as the notes do). Winnow's bound grows with log d, the
perceptron's, like its mistakes, with d. No Qt here: the CLI, the figure and the window read a
:class:`WinnowStudy`.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ..i18n import _, pgettext
from .algorithms import make_algorithm
from .algorithms.chunks import TrainingStopped
from .dataset import Dataset, DatasetError

__all__ = ["DEFAULT_DIMS", "DEFAULT_RELEVANT", "DEFAULT_POINTS", "DEFAULT_MAX_EPOCHS", "MAX_DIM", "MAX_POINTS",
           "bit_probability", "littlestone_bound", "target_margin", "disjunction_data", "check_study",
           "WinnowRow", "WinnowStudy", "study_row", "run_winnow_study", "TrainingStopped"]

DEFAULT_DIMS = (8, 16, 32, 64, 128, 256)
DEFAULT_RELEVANT = 3
DEFAULT_POINTS = 500
DEFAULT_MAX_EPOCHS = 1000  # both learners converge in a few dozen epochs on the defaults
MAX_DIM = 1024  # θ*'s solve costs O(d³) per step: past this, minutes
MAX_POINTS = 20_000
THEORY_BUDGET_S = 10.0  # per d; the defaults' solves finish well inside it, so their bounds are exact


def bit_probability(r: int) -> float:
    """The chance p of each bit being 1, chosen so that (1 − p)^r = 1/2: a point has none of
    the r relevant bits (label −1) half the time, so both classes are common at every d."""
    return 1.0 - math.pow(2.0, -1.0 / r)


def littlestone_bound(d: int, r: int) -> float:
    """Littlestone's mistake bound for Winnow with α = 2 and θ = d learning a disjunction of r
    of the d variables: 2 + 3r(1 + log₂ d), whatever the order and number of the examples."""
    return 2.0 + 3.0 * r * (1.0 + math.log2(d))


def target_margin(r: int) -> float:
    """The margin of the disjunction's own separator on the augmented points [x, 1]: w = 1 on
    the r relevant variables, b = −1/2, so y(w·x + b) ≥ 1/2 and γ ≥ (1/2)/√(r + 1/4)."""
    return 0.5 / math.sqrt(r + 0.25)


def check_study(dims: Sequence[int], r: int, n: int) -> None:
    """One sentence (a DatasetError) for a study that cannot run; nothing when it can."""
    if not dims:
        raise DatasetError(_("The Winnow study needs at least one number of features d."))
    bad = [d for d in dims if not 1 <= d <= MAX_DIM]
    if bad:
        raise DatasetError(_("Every number of features d must be between 1 and {max:,}, not {d:,}.").format(
            max=MAX_DIM, d=bad[0]))
    if len(set(dims)) != len(dims):
        raise DatasetError(_("Each number of features d may be given once; remove the repeated one."))
    if r < 1:
        raise DatasetError(_("The disjunction needs at least one relevant variable, not {r}.").format(r=r))
    if r > min(dims):
        raise DatasetError(_("A disjunction of {r} variables needs at least {r} features, but d = {d} "
                             "is among the numbers of features; use fewer relevant variables or larger d.").format(
                                 r=r, d=min(dims)))
    if not 1 <= n <= MAX_POINTS:
        raise DatasetError(_("The Winnow study needs between 1 and {max:,} points, not {n:,}.").format(
            max=MAX_POINTS, n=n))


def disjunction_data(d: int, r: int, n: int, seed: int = 0) -> Dataset:
    """n random points of {0, 1}^d labelled +1 when x₁ ∨ … ∨ x_r (any of the *first* r
    variables is 1), else −1.

    Every bit is 1 independently with probability p = 1 − 2^(−1/r) (:func:`bit_probability`),
    so each class holds about half the points whatever d is. The bits are drawn by
    ``numpy.random.default_rng(seed)`` as one (n, d) array: the same (d, r, n, seed) always give
    the same points.
    """
    check_study((d,), r, n)
    rng = np.random.default_rng(seed)
    X = (rng.random((n, d)) < bit_probability(r)).astype(np.float64)
    y = np.where(X[:, :r].any(axis=1), 1.0, -1.0)
    return Dataset.from_arrays(X, y)


@dataclass(frozen=True)
class WinnowRow:
    """One d of the study: each learner's mistakes, epochs and convergence, and both bounds.

    ``perceptron_bound`` is (R/γ)² on [x, 1] (None only if the data had no margin, which a
    disjunction always has); ``bound_exact`` says whether γ is the points' exact largest margin,
    else the larger of the solver's certified lower bound and :func:`target_margin`, which
    leaves the bound valid but looser."""

    d: int
    winnow_mistakes: int
    winnow_epochs: int
    winnow_converged: bool
    winnow_bound: float
    perceptron_mistakes: int
    perceptron_epochs: int
    perceptron_converged: bool
    perceptron_bound: float | None
    bound_exact: bool


def _perceptron_bound(train: Dataset, rec: object, r: int, budget: float | None) -> tuple[float | None, bool]:
    from . import novikoff
    from .separability import run_separator
    from .theory import dataset_theory

    theory = dataset_theory(train.X, train.y, offset=True, time_budget_s=budget,
                            separator=run_separator(rec))  # type: ignore[arg-type]
    if theory.bound is not None and theory.mm.exact:
        return float(theory.bound), True
    gamma = max(theory.gamma or 0.0, target_margin(r))
    return novikoff.updates_bound(gamma, theory.R), False


def study_row(d: int, r: int, n: int, seed: int = 0, *, max_epochs: int = DEFAULT_MAX_EPOCHS,
              stop: Callable[[], bool] | None = None,
              theory_budget_s: float | None = THEORY_BUDGET_S) -> WinnowRow:
    """The row of one d: both learners trained on :func:`disjunction_data` (d, r, n, seed)."""
    train = disjunction_data(d, r, n, seed)
    win = make_algorithm("winnow", max_epochs=max_epochs).fit(train, stop=stop)
    per = make_algorithm("offset", max_epochs=max_epochs).fit(train, stop=stop)
    if stop is not None and stop():
        raise TrainingStopped()
    bound, exact = _perceptron_bound(train, per, r, theory_budget_s)
    return WinnowRow(d, int(win.num_updates), int(win.epochs_run), bool(win.converged), littlestone_bound(d, r),
                     int(per.num_updates), int(per.epochs_run), bool(per.converged), bound, exact)


def _flag(v: bool) -> str:
    return "true" if v else "false"


@dataclass(frozen=True)
class WinnowStudy:
    """The study's result: one :class:`WinnowRow` per d, in the order given, and its settings."""

    rows: tuple[WinnowRow, ...]
    relevant: int
    points: int
    seed: int
    max_epochs: int

    @property
    def dims(self) -> tuple[int, ...]:
        return tuple(r.d for r in self.rows)

    @property
    def all_converged(self) -> bool:
        return all(r.winnow_converged and r.perceptron_converged for r in self.rows)

    @property
    def target_text(self) -> str:
        """"x1 ∨ x2 ∨ x3" (or "x1 ∨ … ∨ x5" past three variables)."""
        r = self.relevant
        return " ∨ ".join(f"x{i + 1}" for i in range(r)) if r <= 3 else f"x1 ∨ … ∨ x{r}"

    def csv_text(self) -> str:
        """One line per d; the bounds as floats that read back exactly (the perceptron's empty
        when there is none), booleans as true/false."""
        lines = ["d,relevant,points,seed,winnow_mistakes,winnow_epochs,winnow_converged,winnow_bound,"
                 "perceptron_mistakes,perceptron_epochs,perceptron_converged,perceptron_bound,perceptron_bound_exact"]
        for r in self.rows:
            pb = "" if r.perceptron_bound is None else repr(r.perceptron_bound)
            lines.append(f"{r.d},{self.relevant},{self.points},{self.seed},{r.winnow_mistakes},{r.winnow_epochs},"
                         f"{_flag(r.winnow_converged)},{r.winnow_bound!r},{r.perceptron_mistakes},"
                         f"{r.perceptron_epochs},{_flag(r.perceptron_converged)},{pb},{_flag(r.bound_exact)}")
        return "\n".join(lines) + "\n"

    def summary_lines(self) -> list[str]:
        """What ``perceptron-gui study --winnow`` prints: the setting, a table, and notes."""
        # The table's column heads (a translation may be longer: the columns then widen).
        winnow, its_bound, perceptron = _("Winnow"), pgettext("study table", "its bound"), pgettext("study table", "perceptron")
        lines = [_("Winnow and the offset perceptron on {points:,} random points of {{0,1}}^d labelled by "
                   "{target} (r = {r}), seed {seed}.").format(
                       points=self.points, target=self.target_text, r=self.relevant, seed=self.seed),
                 f"{'d':>6}  {winnow:>8}  {its_bound:>9}  {perceptron:>10}  {'(R/γ)²':>9}"]
        for r in self.rows:
            pb = "—" if r.perceptron_bound is None else f"{r.perceptron_bound:.4g}" + ("" if r.bound_exact else "*")
            wm = f"{r.winnow_mistakes}" + ("" if r.winnow_converged else "+")
            pm = f"{r.perceptron_mistakes}" + ("" if r.perceptron_converged else "+")
            lines.append(f"{r.d:>6}  {wm:>8}  {r.winnow_bound:>9.4g}  {pm:>10}  {pb:>9}")
        lines.append(_("Mistakes until an epoch without one; Winnow's bound is 2 + 3r(1 + log₂ d), the "
                       "perceptron's (R/γ)² on the points [x, 1]."))
        if not self.all_converged:
            lines.append(_("+ did not converge within {n:,} epochs: the mistakes so far.").format(n=self.max_epochs))
        if not all(r.bound_exact for r in self.rows):
            lines.append(_("* γ not solved exactly in time: a valid but looser bound from a lower bound on γ."))
        return lines


def run_winnow_study(dims: Sequence[int] = DEFAULT_DIMS, *, relevant: int = DEFAULT_RELEVANT,
                     points: int = DEFAULT_POINTS, seed: int = 0, max_epochs: int = DEFAULT_MAX_EPOCHS,
                     progress: Callable[[int, int], None] | None = None,
                     stop: Callable[[], bool] | None = None,
                     theory_budget_s: float | None = THEORY_BUDGET_S) -> WinnowStudy:
    """The study over ``dims``, one :func:`study_row` each on its own points (drawn with the
    same ``seed``). ``progress(done, total)`` is called after each d; ``stop()`` is asked
    between the d's and inside the runs (the θ* solve is bounded by ``theory_budget_s`` instead):
    when it says True the study raises :class:`TrainingStopped`, leaving no result."""
    dims = [int(d) for d in dims]
    check_study(dims, relevant, points)
    if max_epochs < 1:
        raise DatasetError(_("The runs need at least one epoch, not {n}.").format(n=max_epochs))
    rows = []
    for i, d in enumerate(dims):
        if stop is not None and stop():
            raise TrainingStopped()
        rows.append(study_row(d, relevant, points, seed, max_epochs=max_epochs, stop=stop,
                              theory_budget_s=theory_budget_s))
        if progress is not None:
            progress(i + 1, len(dims))
    return WinnowStudy(tuple(rows), relevant, points, seed, max_epochs)
