"""The margin perceptron (Krauth & Mézard 1987): the perceptron that also updates on points
it classifies correctly but too closely, the bridge from the perceptron to the max-margin θ*."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ...i18n import N_, _
from ..dataset import DatasetError
from . import wide
from ._lazy import LazyModule
from .base import ParamSpec, Perceptron

K = LazyModule("._kernels", __package__)  # numba loads at the first fit (see _lazy)

MAX_MARGIN = 1e6


class MarginPerceptron(Perceptron):
    """Update w ← w + y·x (and b ← b + y) whenever y·(w·x + b) ≤ β, for a margin β ≥ 0.

    (Issue 12 calls the margin γ; on screen it is β, because γ is θ*'s margin everywhere else.)
    β = 0 is the offset (or, without the offset, the standard) perceptron, to the bit. On data
    separable with margin γ and radius R (in the space of (x, 1) with the offset) it makes at
    most (R² + 2β)/γ² updates, and once it converges every point has y·(w·x + b) > β, so its
    geometric margin is at least β·γ/(R² + 2β) (see :func:`~perceptron_gui.core.novikoff.margin_guarantee`).

    The condition is ``≤`` as in the perceptron; scikit-learn's hinge loss (``SGDClassifier(
    loss="hinge")``) updates when y·s ≤ 1, also ``≤``, so ``eta0 = 1/β`` gives our weights / β.

    Parameters
    ----------
    margin : float ≥ 0, default 1.0
        β, the functional margin y·(w·x + b) a point must exceed to count as learned.
    offset : bool, default True
        Learn a bias b (a constant input 1), as the offset perceptron does: the margin is then
        measured to an affine hyperplane, which is what the lesson against θ* compares.
    (others as :class:`Perceptron`)
    """

    name = "margin"
    margin_rule = True
    title = N_("Margin perceptron")
    heading_name = N_("Margin perceptron")
    description = N_("Updates also on points inside the margin: if y·(w·x + b) ≤ β then w ← w + y·x and b ← b + y.")
    kernels = ("margin_epoch", "replay_rows", "count_errors_rows", "count_errors", "perceptron_epoch_x",
               "count_errors_rows_x")
    reads_x = True  # wide data: the perceptron's loop on X with y·(w·x + b) <= β (wide.perceptron_epoch)

    def __init__(self, *, max_epochs: int = 100, shuffle: bool = False, seed: int = 0,
                 init: str = "zero", offset: bool = True, margin: float = 1.0,
                 start_w: Sequence[float] = (), start_b: float = 0.0) -> None:
        super().__init__(max_epochs=max_epochs, shuffle=shuffle, seed=seed, init=init, offset=offset,
                         start_w=start_w, start_b=start_b)
        self.margin = margin

    @classmethod
    def param_specs(cls) -> list[ParamSpec]:
        # β is a score, which each update raises by at most R² + 1: past MAX_MARGIN (a million
        # updates' worth on data of scale 1) a run only updates until the memory cap stops it,
        # and a β near float64's limit makes y·(w·x + b) ≤ β true for ever.
        return super().param_specs() + [ParamSpec(
            "margin", float, 1.0, N_("Margin β"),
            N_("Update whenever y·(w·x + b) ≤ β, correct points too close to the line included; "
               "0 gives the plain perceptron. Bound on updates: (R² + 2β)/γ²."), 0.0, MAX_MARGIN)]

    def validate(self) -> None:
        super().validate()
        if not float(self.margin) >= 0.0:
            raise DatasetError(_("Margin β must be 0 or more, not {value}.").format(value=repr(self.margin)))

    def _epoch(self, state: dict[str, Any], Xa: np.ndarray, y: np.ndarray, order: np.ndarray,
               pos_buf: np.ndarray, idx_buf: np.ndarray, ck: np.ndarray, k0: int, C: int) -> int:
        return int(K.margin_epoch(Xa, y, order, state["w"], float(self.margin), pos_buf, idx_buf, ck, k0, C))

    def _epoch_on_x(self, state: dict[str, Any], X: np.ndarray, y: np.ndarray, order: np.ndarray,
                    pos_buf: np.ndarray, idx_buf: np.ndarray, ck: np.ndarray, k0: int, C: int) -> int:
        return wide.perceptron_epoch(state, X, y, order, pos_buf, idx_buf, ck, k0, C, self.offset, float(self.margin))
