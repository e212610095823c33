"""What an exercise sheet holds (no Qt): the kinds, and each exercise with its solution.

The values are filled in by :func:`~perceptron_gui.core.exercises.build_sheet` from run records
and the theory; the exporters (``export/exercise_*.py``) only format them.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..i18n import N_, ShownTexts
from .dataset import Dataset
from .exercise_data import Radical

__all__ = ["KINDS", "KIND_TITLES", "CONVERGING_KINDS", "ALGORITHMS", "MAX_COUNT", "Generated", "Step", "RunAnswer", "PointMargin",
           "EpochExercise", "MistakesExercise", "SeparatorExercise", "BoundExercise", "OrderExercise", "Exercise",
           "Sheet"]

KINDS = ("epoch", "mistakes", "separator", "bound", "order")


KIND_TITLES: Mapping[str, str] = ShownTexts({
    "epoch": N_("One epoch by hand"), "mistakes": N_("Mistakes until convergence"),
    "separator": N_("Is this line a separator?"), "bound": N_("How many updates at most?"),
    "order": N_("Does the order matter?")})
CONVERGING_KINDS = ("mistakes", "bound", "order")  # need a run that converges
ALGORITHMS = ("offset", "standard")  # the learners an exercise is set for, the default first
MAX_COUNT = 50  # exercises on one sheet at most


@dataclass(frozen=True)
class Generated:
    """Fresh integer data for every exercise (:func:`~.exercise_data.integer_separable`)."""

    n: int
    margin: float = 1.0
    order: str = "random"
    span: int = 4


@dataclass(frozen=True)
class Step:
    """One visit: the point, its y·(w·x + b) before the visit, and (w, b) after it."""

    index: int
    score: float
    mistake: bool
    w: tuple[float, ...]
    b: float


@dataclass(frozen=True)
class RunAnswer:
    """A run from w = 0: the order it visits the points in, the point of every update (with its
    epoch and the weights after it), the final (w, b) and the epochs it took (the last one
    without a mistake)."""

    order: tuple[int, ...]
    mistakes: tuple[int, ...]
    mistake_epochs: tuple[int, ...]
    w: tuple[float, ...]
    b: float
    epochs: int
    converged: bool
    after: tuple[tuple[tuple[float, ...], float], ...] = ()   # (w_k, b_k) after update k = 1…K


@dataclass(frozen=True)
class PointMargin:
    index: int
    score: float              # y·(w·x + b)
    margin: float             # y·(w·x + b)/‖w‖
    exact: Radical | None     # the margin exactly, for integer data and weights


@dataclass(frozen=True)
class EpochExercise:
    number: int
    data_id: int
    start_w: tuple[float, ...]
    start_b: float
    steps: tuple[Step, ...]
    kind: str = "epoch"


@dataclass(frozen=True)
class MistakesExercise:
    number: int
    data_id: int
    run: RunAnswer
    kind: str = "mistakes"


@dataclass(frozen=True)
class SeparatorExercise:
    number: int
    data_id: int
    w: tuple[float, ...]
    b: float
    margins: tuple[PointMargin, ...]
    margin: float             # the data set's: the smallest signed margin
    separates: bool
    kind: str = "separator"


@dataclass(frozen=True)
class BoundExercise:
    number: int
    data_id: int
    R: float
    R_exact: Radical | None
    gamma: float
    theta_star: tuple[float, ...]
    bound: float
    max_updates: int
    updates: int
    kind: str = "bound"


@dataclass(frozen=True)
class OrderExercise:
    number: int
    data_id: int
    first: RunAnswer          # file order
    second: RunAnswer         # a seeded permutation
    kind: str = "order"

    @property
    def same(self) -> bool:
        """Both orders give the same final (w, b)."""
        return self.first.w == self.second.w and self.first.b == self.second.b


Exercise = EpochExercise | MistakesExercise | SeparatorExercise | BoundExercise | OrderExercise


@dataclass(frozen=True)
class Sheet:
    title: str
    source: str               # where the data come from, in words
    seed: int
    algorithm: str
    offset: bool
    datasets: tuple[Dataset, ...]
    integral: tuple[bool, ...]   # per data set: integer points, so integer weights
    exercises: tuple[Exercise, ...]
