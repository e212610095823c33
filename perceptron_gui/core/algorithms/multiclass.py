"""The multiclass perceptron (Collins 2002): one weight vector per class, and the same run seen
as one binary perceptron in R^{K·D} (Kesler's construction).

The rule, exactly: W is K × D (D = d, or d + 1 with the offset as the weight of a constant input
1, last), all zero at the start. At a visited (x, y), ŷ is the class with the largest W_c·x among
c ≠ y, the lowest index on ties; a mistake when W_y·x ≤ W_ŷ·x, and then W_y += x and W_ŷ −= x.
Epochs visit the points in file order or in the binary learners' seeded shuffle
(:func:`~perceptron_gui.core.run.epoch_order`) and stop after an epoch without a mistake.

Kesler: for (x, y) and a class c ≠ y, φ(x, y, c) ∈ R^{K·D} holds +x in block y and −x in block c.
The run is the binary perceptron w += φ on the visited φ(x, y, ŷ) with w·φ ≤ 0; its w is the
stacked W (``kesler_vector``). ‖φ‖² = 2‖x‖², so Novikoff's theorem bounds the mistakes by
2R²/γ² for any W* of unit Frobenius norm with W*_y·x − W*_c·x ≥ γ on every point and c ≠ y.

With K = 2 it predicts as the binary perceptron: v = W₁ − W₀ takes v += 2·y·x on y·(v·x) ≤ 0,
so v is twice the binary w.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ...i18n import N_, _
from ..class_data import ClassData
from ..dataset import DatasetError
from ..run import epoch_order
from ._lazy import LazyModule
from .base import MAX_EPOCHS_LIMIT
from .params import ParamSpec

__all__ = ["MulticlassPerceptron", "MulticlassRun", "kesler_vector", "class_scores", "predict_codes", "warm_up", "MULTICLASS"]

_K = LazyModule("._multiclass_kernels", __package__)
# At most this many epoch-end checkpoints of W are kept (every epoch on a short run).
_CHECKPOINTS = 1000


def kesler_vector(x: np.ndarray, y: int, c: int, K: int) -> np.ndarray:
    """φ(x, y, c): +x in block y, −x in block c, zero elsewhere (length K·len(x))."""
    D = len(x)
    phi = np.zeros(K * D)
    phi[y * D:(y + 1) * D] = x
    phi[c * D:(c + 1) * D] = -np.asarray(x, dtype=np.float64)
    return phi


@dataclass
class MulticlassRun:
    """The record of one multiclass run: each update's epoch, position in the epoch's order,
    example and rival class ŷ, the errors after each epoch, and checkpoints from which any W_k
    is rebuilt to the bit."""

    classes: tuple[str, ...]
    offset: bool
    Xa: np.ndarray = field(repr=False)
    codes: np.ndarray = field(repr=False)
    epochs: np.ndarray          # each update's epoch (0-based)
    positions: np.ndarray       # each update's position in its epoch's order
    index: np.ndarray           # each update's example
    rivals: np.ndarray          # each update's ŷ
    epoch_updates: list[int]
    epoch_errors: list[int]
    converged: bool
    W: np.ndarray               # the final K × D weights
    shuffle: bool = False
    seed: int = 0
    stopped: bool = False
    _ck_at: list[int] = field(default_factory=list, repr=False)     # update count at each checkpoint
    _ck_weights: list[np.ndarray] = field(default_factory=list, repr=False)

    @property
    def K(self) -> int:  # noqa: N802 - the notes' K, the number of classes
        return len(self.classes)

    @property
    def d(self) -> int:
        return int(self.Xa.shape[1]) - int(self.offset)

    @property
    def n_updates(self) -> int:
        return int(self.index.shape[0])

    def weights_after(self, t: int) -> np.ndarray:
        """W after the first t updates (a copy; t = 0 is the start)."""
        if not 0 <= t <= self.n_updates:
            raise IndexError(f"update {t} is outside 0..{self.n_updates}")
        j = int(np.searchsorted(self._ck_at, t, side="right")) - 1
        W = self._ck_weights[j].copy()
        _K.multiclass_replay(self.Xa, self.codes, self.index, self.rivals, self._ck_at[j], t, W)
        return W

    def split(self, W: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
        """(the K × d weights, the K offsets or None)."""
        return (W[:, :-1], W[:, -1]) if self.offset else (W, None)

    def kesler_vector(self, t: int) -> np.ndarray:
        """The Kesler perceptron's weight vector after t updates: the stacked W_t."""
        return self.weights_after(t).reshape(-1)

    def kesler_update(self, k: int) -> np.ndarray:
        """φ(x, y, ŷ) of update k (1-based), the vector the Kesler perceptron adds."""
        i = int(self.index[k - 1])
        return kesler_vector(self.Xa[i], int(self.codes[i]), int(self.rivals[k - 1]), self.K)

    def margins(self, W: np.ndarray | None = None) -> np.ndarray:
        """W_y·x − max_{c≠y} W_c·x of every training point (≤ 0: a mistake by the rule)."""
        out = np.empty(self.Xa.shape[0])
        _K.margins(self.W if W is None else W, self.Xa, self.codes, out)
        return out

    def theory(self) -> dict[str, Any]:
        """R = max ‖x‖ (x augmented), the final W's normalised multiclass margin
        γ_W = min_i (W_y·x − max_{c≠y} W_c·x) / ‖W‖_F and, when γ_W > 0, the Kesler bound
        2R²/γ_W² that every run on these points obeys (γ_W is a lower bound of the best γ)."""
        R = float(np.sqrt(np.max(np.einsum("ij,ij->i", self.Xa, self.Xa)))) if self.Xa.size else 0.0
        norm = float(np.linalg.norm(self.W))
        gamma = float(self.margins().min()) / norm if norm > 0 and self.Xa.shape[0] else 0.0
        bound = 2.0 * R * R / (gamma * gamma) if gamma > 0 else None
        return {"R": R, "gamma_W": gamma, "bound": bound, "class_norms": np.linalg.norm(self.W, axis=1).tolist()}


def class_scores(W: np.ndarray, X: np.ndarray, offset: bool) -> np.ndarray:
    """W_c·x (+ b_c) of every row and class, (n, K), each summed as training sums it."""
    Xa = _augment(X, offset)
    out = np.empty((Xa.shape[0], W.shape[0]))
    _K.class_scores(np.ascontiguousarray(W, dtype=np.float64), Xa, out)
    return out


def predict_codes(W: np.ndarray, X: np.ndarray, offset: bool) -> np.ndarray:
    """The class index with the largest W_c·x for every row (the lowest on ties)."""
    best: np.ndarray = np.argmax(class_scores(W, X, offset), axis=1).astype(np.int64)
    return best


def _augment(X: np.ndarray, offset: bool) -> np.ndarray:
    X = np.asarray(X, dtype=np.float64)
    if not offset:
        return np.ascontiguousarray(X)
    return np.hstack([X, np.ones((X.shape[0], 1))])


class MulticlassPerceptron:
    """The multiclass perceptron: W_y += x, W_ŷ −= x on a mistake (see the module docstring)."""

    name = "multiclass"
    no_proof = False

    def __init__(self, *, max_epochs: int = 100, shuffle: bool = False, seed: int = 0, offset: bool = True) -> None:
        self.max_epochs = max_epochs
        self.shuffle = shuffle
        self.seed = seed
        self.offset = offset

    @classmethod
    def heading(cls) -> str:
        return _("Multiclass perceptron")

    @classmethod
    def param_specs(cls) -> list[ParamSpec]:
        return [
            ParamSpec("max_epochs", int, 100, N_("Max epochs"),
                      N_("Passes over the training data at most; training stops earlier after an epoch without updates."),
                      1, MAX_EPOCHS_LIMIT),
            ParamSpec("shuffle", bool, False, N_("Shuffle each epoch"),
                      N_("Visit the examples in a fresh random order every epoch (order matters; random is often better).")),
            ParamSpec("seed", int, 0, N_("Seed"), N_("Seed of the random orders, so a run can be repeated exactly."),
                      0, 2**31 - 1),
            ParamSpec("offset", bool, True, N_("Offset b"),
                      N_("Learn one offset per class as the weight of a constant input 1.")),
        ]

    def get_params(self) -> dict[str, Any]:
        return {p.name: getattr(self, p.name) for p in self.param_specs()}

    def validate(self) -> None:
        for spec in self.param_specs():
            problem = spec.problem(getattr(self, spec.name))
            if problem is not None:
                raise DatasetError(_("{label} {problem}.").format(label=spec.label, problem=problem))

    def fit(self, data: ClassData, stop: Callable[[], bool] | None = None) -> MulticlassRun:
        """Train on ``data`` until an epoch without a mistake or ``max_epochs``; ``stop()`` is
        asked between epochs (True ends the run there, ``stopped`` set)."""
        self.validate()
        Xa = _augment(data.X, self.offset)
        Xa.setflags(write=False)
        codes = np.ascontiguousarray(data.codes, dtype=np.int64)
        n, K = Xa.shape[0], data.K
        W = np.zeros((K, Xa.shape[1]))
        stride = max(1, math.ceil(self.max_epochs / _CHECKPOINTS))
        parts: list[tuple[np.ndarray, ...]] = []
        ups: list[int] = []
        errs: list[int] = []
        ck_at, ck_W = [0], [W.copy()]
        total, converged, stopped = 0, False, False
        pos, idx, riv = (np.empty(n, dtype=np.int64) for _unused in range(3))
        margin = np.empty(n)
        for epoch in range(self.max_epochs):
            if stop is not None and stop():
                stopped = True
                break
            if epoch % stride == 0 and total != ck_at[-1]:
                ck_at.append(total)
                ck_W.append(W.copy())
            order = epoch_order(n, epoch, self.shuffle, self.seed)
            cnt = int(_K.multiclass_epoch(Xa, codes, order, W, pos, idx, riv))
            parts.append((np.full(cnt, epoch, dtype=np.int64), pos[:cnt].copy(), idx[:cnt].copy(), riv[:cnt].copy()))
            total += cnt
            ups.append(cnt)
            _K.margins(W, Xa, codes, margin)
            errs.append(int(np.count_nonzero(margin <= 0.0)))
            if cnt == 0:
                converged = True
                break
        cols = [np.concatenate([p[c] for p in parts]) if parts else np.empty(0, dtype=np.int64) for c in range(4)]
        return MulticlassRun(data.classes, self.offset, Xa, codes, cols[0], cols[1], cols[2], cols[3], ups, errs,
                             converged, W, self.shuffle, self.seed, stopped, ck_at, ck_W)


def warm_up() -> None:
    """Load (or compile) the kernels with a fit of two points, so the next fit times the training alone."""
    MulticlassPerceptron(max_epochs=1).fit(ClassData(np.array([[0.0], [1.0]]), np.array([0, 1]), ("0", "1"), ("x1",)))


MULTICLASS: dict[str, type[MulticlassPerceptron]] = {MulticlassPerceptron.name: MulticlassPerceptron}
