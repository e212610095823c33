"""w_0 … w_K of a run without storing them: checkpoints plus a replay (see :class:`WeightLog`)."""
from __future__ import annotations

from typing import Any

import numpy as np

from ._lazy import LazyModule

kern = LazyModule("._kernels", __package__)  # numba loads at the first replay (see _lazy)

__all__ = ["WeightLog"]


class WeightLog:
    """The weights after every update of a run, as a read-only (K+1, D) array-like.

    Stored: every C-th weight vector (``checkpoints``, row m = w after update m·C) and, per
    update, the index of the example that caused it. Any w_k is rebuilt from checkpoint
    k // C by adding (y_i·scale)·x_i for the updates after it, in training's order and with its
    arithmetic (``_kernels.replay_rows``), so it equals the vector training had to the bit.
    Reading a row costs at most C updates (O(C·D)); a run of rows costs one pass.

    Indexing works as on the (K+1, D) array it stands for: ``log[k]`` (a row, a fresh array),
    ``log[a:b]``, ``log[array_of_ks]``, ``log[mask]``, negative indices, and ``np.asarray(log)``
    (all rows: K+1 vectors of memory, for the few uses that need them at once).

    Parameters
    ----------
    checkpoints : (K // C + 1, D) float64.
    index : (K,) int32, the example of each update (update k used ``index[k-1]``).
    X, y : the training set's own points and labels (kept by reference, never copied: the
        record adds no array of n rows); ``offset`` says a constant 1 was appended in training.
    scale : what multiplies y_i in an update: one number for every update (1 for the perceptron,
        a² for the lifted one) or a (K,) array of one step size per update (passive-aggressive's
        τ_k; update k then adds (τ_k·y_i)·x_i, as its kernel does).
    C : the checkpoint interval.
    multiply : Winnow's factor α, or None: update k then multiplies w_j by α (y_i = +1) or
        divides it by α (y_i = −1) where x_ij ≠ 0, and leaves the last weight (−θ) alone.
    """

    def __init__(self, checkpoints: np.ndarray, index: np.ndarray, X: np.ndarray, y: np.ndarray,
                 scale: float | np.ndarray, C: int, offset: bool, multiply: float | None = None) -> None:
        self.multiply = None if multiply is None else float(multiply)
        self.checkpoints = checkpoints
        self.index = index
        self.X, self.y = _readonly(X), _readonly(y)
        self.offset = bool(offset)
        # A per-update step size is replayed by its own kernel; ``scale`` is then 1.0 and
        # ``tau`` holds the steps (the record's ``extras["tau"]`` is the same array).
        self.tau: np.ndarray | None = None
        if isinstance(scale, np.ndarray):
            self.tau = np.ascontiguousarray(scale, dtype=np.float64)
            if self.tau.shape != index.shape:
                raise ValueError(f"one step size per update is needed: {self.tau.shape} against {index.shape}")
            self.scale = 1.0
        else:
            self.scale = float(scale)
        self.C = int(C)
        self.K = int(index.shape[0])
        # Sums over the log a caller asked for by name (see weighted_prefix): derived, never saved.
        self._prefix_sums: dict[str, np.ndarray] = {}

    # ---- the array it stands for --------------------------------------------------------
    @property
    def shape(self) -> tuple[int, int]:
        return self.K + 1, int(self.checkpoints.shape[1])

    @property
    def ndim(self) -> int:
        return 2

    @property
    def dtype(self) -> np.dtype[Any]:
        return np.dtype(np.float64)

    @property
    def nbytes(self) -> int:
        """What the log adds to the record: its checkpoints (the index is the record's
        ``update_index``; the points it replays belong to the data set)."""
        return int(self.checkpoints.nbytes)

    def __len__(self) -> int:
        return self.K + 1

    def rows(self, ks: np.ndarray) -> np.ndarray:
        """The weights after each update in ``ks`` (any order, repeats allowed): (len(ks), D)."""
        ks = np.asarray(ks, dtype=np.int64).reshape(-1)
        out = np.empty((ks.shape[0], self.shape[1]))
        if ks.shape[0] == 0:
            return out
        if np.any((ks < 0) | (ks > self.K)):
            raise IndexError(f"update index outside 0..{self.K}")
        order = np.argsort(ks, kind="stable")
        sorted_out = np.empty_like(out)
        ks_sorted = np.ascontiguousarray(ks[order])
        if self.multiply is not None:
            kern.replay_rows_winnow(self.X, self.y, self.index, self.multiply, self.checkpoints, self.C,
                                    ks_sorted, sorted_out)
        elif self.tau is None:
            kern.replay_rows(self.X, self.y, self.index, self.scale, self.checkpoints, self.C,
                             ks_sorted, sorted_out, self.offset)
        else:
            kern.replay_rows_tau(self.X, self.y, self.index, self.tau, self.checkpoints, self.C,
                                 ks_sorted, sorted_out, self.offset)
        out[order] = sorted_out
        return out

    def weighted_prefix(self, c: np.ndarray, ks: np.ndarray, name: str) -> np.ndarray:
        """Σ_{j<k} c_j·w_j for each k in ``ks`` (non-decreasing), (len(ks), D): the same bits
        as ``_kernels.weighted_prefix_sums(np.asarray(self), c, ks)``, without the K + 1
        vectors. The first call for ``name`` walks the log once and keeps the sum at every
        checkpoint; later calls cost O(C·D) a row (the averaged output at one step: a frame of
        playback). ``c`` (K,) must be the same numbers at every call with that name."""
        ks = np.ascontiguousarray(ks, dtype=np.int64).reshape(-1)
        c = np.ascontiguousarray(c, dtype=np.float64)
        if self.tau is not None or self.multiply is not None:  # steps of their own: the plain sum over all rows
            return np.asarray(kern.weighted_prefix_sums(np.asarray(self), c, ks))
        P = self._prefix_sums.get(name)
        D = self.shape[1]
        if P is None:
            at = np.arange(0, self.K + 1, self.C, dtype=np.int64)
            P = np.empty((at.shape[0], D))
            kern.replay_weighted_prefix(self.X, self.y, self.index, self.scale, self.checkpoints[:1], self.K + 1,
                                        c, np.zeros((1, D)), at, P, self.offset)
            self._prefix_sums[name] = P
        out = np.empty((ks.shape[0], D))
        kern.replay_weighted_prefix(self.X, self.y, self.index, self.scale, self.checkpoints, self.C,
                                    c, P, ks, out, self.offset)
        return out

    def __getitem__(self, key: Any) -> np.ndarray:
        if isinstance(key, tuple):  # log[k, j] and log[a:b, :]
            first, rest = key[0], key[1:]
            return self[first][(slice(None),) + rest if not _is_int(first) else rest]
        if _is_int(key):
            k = int(key)
            if k < 0:
                k += self.K + 1
            if not 0 <= k <= self.K:
                raise IndexError(f"update {int(key)} outside 0..{self.K}")
            return np.asarray(self.rows(np.array([k]))[0])
        return self.rows(np.arange(self.K + 1)[key])

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        out = self.rows(np.arange(self.K + 1))
        return out if dtype is None else out.astype(dtype)

    def tolist(self) -> list[list[float]]:
        rows: list[list[float]] = np.asarray(self).tolist()
        return rows

    def copy(self) -> np.ndarray:
        """All rows as an ndarray of their own (as ``ndarray.copy`` would give)."""
        return np.asarray(self)

    def __iter__(self) -> Any:
        return iter(np.asarray(self))

    def __repr__(self) -> str:
        return f"WeightLog({self.K + 1} vectors of {self.shape[1]}, a checkpoint every {self.C})"


def _readonly(a: np.ndarray) -> np.ndarray:
    """A read-only float64 C-contiguous view (a copy only when ``a`` is not one already), so
    the replay kernel is compiled for one array type."""
    a = np.ascontiguousarray(a, dtype=np.float64)
    if a.flags.writeable:
        a = a.view()
        a.setflags(write=False)
    return a


def _is_int(key: Any) -> bool:
    return isinstance(key, (int, np.integer)) and not isinstance(key, bool)
