"""The perceptron with a bias b (notes 003, 004)."""
from __future__ import annotations

from collections.abc import Sequence

from ...i18n import N_
from .base import Perceptron


class OffsetPerceptron(Perceptron):
    """Perceptron with offset: if y·(w·x + b) <= 0 then w ← w + y·x, b ← b + y.

    The bias is the weight of a constant input 1 appended to every x (notes 003's trick).
    Stops after the first epoch with no update (converged) or at ``max_epochs``.
    """

    name = "offset"
    title = N_("Offset (with bias b)")
    heading_name = N_("Offset perceptron")
    description = N_("With bias b: if y·(w·x + b) ≤ 0 then w ← w + y·x and b ← b + y.")
    default_offset = True
    offset_fixed = True

    def __init__(self, *, max_epochs: int = 100, shuffle: bool = False, seed: int = 0,
                 init: str = "zero", start_w: Sequence[float] = (), start_b: float = 0.0) -> None:
        super().__init__(max_epochs=max_epochs, shuffle=shuffle, seed=seed, init=init, offset=True,
                         start_w=start_w, start_b=start_b)
