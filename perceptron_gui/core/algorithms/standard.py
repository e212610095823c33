"""The perceptron through the origin (notes 001, 003): no bias, hyperplane w·x = 0."""
from __future__ import annotations

from collections.abc import Sequence

from ...i18n import N_
from .base import Perceptron


class StandardPerceptron(Perceptron):
    """Perceptron through the origin: update w ← w + y·x when y·(w·x) <= 0.

    Stops after the first epoch with no update (converged) or at ``max_epochs``.
    """

    name = "standard"
    title = N_("Standard (through the origin)")
    heading_name = N_("Standard perceptron")
    description = N_("No bias: the line passes through the origin. If y·(w·x) ≤ 0 then w ← w + y·x.")
    default_offset = False
    offset_fixed = True

    def __init__(self, *, max_epochs: int = 100, shuffle: bool = False, seed: int = 0,
                 init: str = "zero", start_w: Sequence[float] = ()) -> None:
        super().__init__(max_epochs=max_epochs, shuffle=shuffle, seed=seed, init=init, offset=False,
                         start_w=start_w)
