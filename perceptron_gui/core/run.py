"""The record of one training run.

Everything the window steps through is reconstructed from a few arrays:

* ``weights[k]`` — the (augmented) weights after update k; row 0 is the start, rebuilt from
  the nearest checkpoint (every 4·D updates at least 64) by replaying the updates after it
  (O(D²) access, 12 bytes per update plus the checkpoints);
* ``update_step[k-1]`` — the global example step t = epoch · n + position of update k, from
  which the epoch, the visited example and whether a visit caused an update all follow;
* the epoch orders, regenerated from the seed when shuffled (never stored).

Conventions: epochs and example positions count from 0, updates from k = 1.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from ..i18n import _, ngettext
from .run_memory import MEMORY_BUDGET_ENV

__all__ = ["RunRecord", "Weights", "EpochRow", "Visit", "epoch_order", "stop_sentence", "split_augmented"]

def _size(nbytes: float) -> str:
    for unit, div in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if nbytes >= div:
            return f"{nbytes / div:.3g} {unit}"
    return _("{n} bytes").format(n=int(nbytes))


def split_augmented(wa: np.ndarray, offset: bool) -> tuple[np.ndarray, float]:
    """(w, b) from augmented weights: with the offset b is the last weight (the weight of the
    constant input 1), without it b = 0.0. ``w`` is a view of ``wa``: copy it to keep it.

    The one place that knows how the offset is stored; every (w, b) in the program comes
    from here (run records, frames, θ*, run files)."""
    wa = np.asarray(wa, dtype=np.float64)
    return (wa[:-1], float(wa[-1])) if offset else (wa, 0.0)


def epoch_order(n: int, epoch: int, shuffle: bool, seed: int) -> np.ndarray:
    """The order in which epoch ``epoch`` visits the n examples.

    File order, or a fresh permutation per epoch drawn from ``default_rng([seed, epoch])``
    so any epoch's order is found in O(n) without replaying the ones before it.
    """
    if not shuffle:
        return np.arange(n, dtype=np.int64)
    return np.random.default_rng([int(seed), int(epoch)]).permutation(n).astype(np.int64)


@functools.lru_cache(maxsize=2)
def _shuffled_order(n: int, epoch: int, seed: int) -> np.ndarray:
    """:func:`epoch_order` of a shuffled epoch, read-only, for :meth:`RunRecord.visit`."""
    order = epoch_order(n, epoch, True, seed)
    order.setflags(write=False)
    return order


class Weights(Protocol):
    """The weights after every update as a (K+1, D) array-like: an ndarray, or the
    :class:`~perceptron_gui.core.algorithms.weight_log.WeightLog` training makes, which keeps
    checkpoints and rebuilds any row exactly (12 bytes per update instead of 8·D + 16)."""

    @property
    def shape(self) -> tuple[int, ...]: ...

    def __getitem__(self, key: Any) -> np.ndarray: ...

    def __len__(self) -> int: ...


@dataclass(frozen=True)
class EpochRow:
    """One row of the per-epoch table (errors are fractions; ``test_error`` is None without a test set)."""

    epoch: int
    updates: int
    train_error: float
    test_error: float | None


@dataclass(frozen=True)
class Visit:
    """One example visit: global step ``t``, its epoch and position, the example's index,
    whether it caused an update, and the update count k *after* the visit."""

    t: int
    epoch: int
    position: int
    index: int
    updated: bool
    k: int


@dataclass
class RunRecord:
    """Everything one training run produced.

    Attributes
    ----------
    algorithm, params : the registry name and the parameters used.
    n, d : number of training points and of original features.
    offset : whether a constant 1 was appended (then b = last weight).
    weights : (K+1, D) :class:`Weights` — weights after each update, row 0 the start (rebuilt
        from checkpoints on access; ``np.asarray`` gives them all).
    update_step : ndarray (K,) int64 — global step t of each update.
    update_index : ndarray (K,) int32 — training example index of each update.
    epochs : list of EpochRow.
    final_w, final_b : the predictor the algorithm outputs (b = 0.0 without offset).
    converged : an epoch passed with no update.
    stop_reason : "converged", "max_epochs", "fixed_epochs" (voted/averaged), "cancelled",
        "memory_cap" (the next epoch could have taken the record past its memory budget),
        "vote_cap" (voted: the vote reached its largest number of vectors) or "no_data".
    extras : algorithm-specific data (pocket changes, voted survival counts, lifted slack).
    train_seconds : wall time of the training loop alone.
    """

    algorithm: str
    params: dict[str, Any]
    n: int
    d: int
    offset: bool
    shuffle: bool
    seed: int
    weights: Weights
    update_step: np.ndarray
    update_index: np.ndarray
    epochs: list[EpochRow]
    final_w: np.ndarray
    final_b: float
    converged: bool
    stop_reason: str
    extras: dict[str, Any] = field(default_factory=dict)
    train_seconds: float = 0.0
    n_epochs: int = 0

    # ---- sizes -------------------------------------------------------------------------
    @property
    def num_updates(self) -> int:
        return int(self.update_step.shape[0])

    @property
    def epochs_run(self) -> int:
        return self.n_epochs

    @property
    def num_steps(self) -> int:
        """Total number of example visits."""
        return self.n * self.epochs_run

    @property
    def D(self) -> int:  # noqa: N802 - the notes' D, the augmented dimension
        return int(self.weights.shape[1])

    # ---- weights -----------------------------------------------------------------------
    def w_b(self, k: int) -> tuple[np.ndarray, float]:
        """(w, b) after update k (0 <= k <= K), w a view of the record."""
        return split_augmented(self.weights[k], self.offset)

    def weights_at(self, t: int) -> tuple[np.ndarray, float]:
        """(w, b) in force once visit t is done (t = -1: the start), w a view of the record."""
        return self.w_b(self.k_after_step(t))

    def final_augmented(self) -> np.ndarray:
        return np.append(self.final_w, self.final_b) if self.offset else np.asarray(self.final_w)

    # ---- stepping ------------------------------------------------------------------------
    def update_epoch(self) -> np.ndarray:
        """Epoch of every update (K,)."""
        if self.n == 0:
            return np.zeros(0, dtype=np.int64)
        return self.update_step // self.n

    def update_position(self) -> np.ndarray:
        if self.n == 0:
            return np.zeros(0, dtype=np.int64)
        return self.update_step % self.n

    def k_after_step(self, t: int) -> int:
        """Number of updates made once visit t (0-based) is done; t = -1 gives 0."""
        return int(np.searchsorted(self.update_step, t, side="right"))

    def visit(self, t: int) -> Visit:
        """The example visit at global step t (0 <= t < num_steps)."""
        if not 0 <= t < self.num_steps:
            raise IndexError(f"step {t} outside 0..{self.num_steps - 1}")
        epoch, pos = divmod(t, self.n)
        # File order needs no array; a shuffled epoch's order is kept for the next visits (the
        # playback asks at every step: a fresh order of 10⁶ rows cost 8 MB and 25 ms a step).
        index = int(_shuffled_order(self.n, epoch, self.seed)[pos]) if self.shuffle else pos
        k = self.k_after_step(t)
        updated = k > 0 and int(self.update_step[k - 1]) == t
        return Visit(t=t, epoch=epoch, position=pos, index=index, updated=updated, k=k)

    def step_of_update(self, k: int) -> int:
        """Global step of update k (k >= 1); -1 for k = 0."""
        return -1 if k == 0 else int(self.update_step[k - 1])

    def epoch_end_k(self, epoch: int) -> int:
        """Update count at the end of ``epoch``."""
        return self.k_after_step((epoch + 1) * self.n - 1)

    # ---- survival counts (voted / averaged) -------------------------------------------
    def start_steps(self) -> np.ndarray:
        """s_k, the first step after which w_k is in force: s_0 = 0, s_k = the step of update k
        (K+1,). The step that makes update k counts for w_k, so a new vector starts at c = 1."""
        return np.concatenate(([0], self.update_step)).astype(np.int64)

    def survival_counts(self, steps: int | None = None) -> np.ndarray:
        """c_k: the number of the first ``steps`` example steps (default all n·E) after which
        w_k was in force, for k = 0..k(steps) (Σ c_k = steps; [0] for steps <= 0).

        The one place that says where a vector's survival starts and ends: the voted vote, the
        averaged weights and the run file all take their counts from here.
        """
        steps = self.num_steps if steps is None else max(int(steps), 0)
        k = self.k_after_step(steps - 1)
        return np.append(self.complete_counts(0, k), float(steps - self.start_step(k)))

    def start_step(self, k: int) -> int:
        """s_k of :meth:`start_steps` for one k, without the K + 1 of them."""
        return 0 if k == 0 else int(self.update_step[k - 1])

    def complete_counts(self, lo: int, hi: int) -> np.ndarray:
        """c_k for lo ≤ k < hi ≤ K: the steps w_k was in force before w_{k+1} replaced it (the
        complete survivals of :meth:`survival_counts`, for a range of vectors without all K)."""
        if hi <= lo:
            return np.zeros(0)
        s = self.update_step
        first = s[lo - 1:hi - 1] if lo > 0 else np.concatenate(([0], s[:hi - 1]))
        return np.asarray((s[lo:hi] - first).astype(np.float64))

    def to_summary(self) -> dict[str, Any]:
        return {
            "algorithm": self.algorithm,
            "converged": self.converged,
            "stop_reason": self.stop_reason,
            "updates": self.num_updates,
            "epochs_run": self.epochs_run,
        }


def stop_sentence(rec: RunRecord) -> str | None:
    """Why a capped run stopped early, in one sentence with what to do; None otherwise.
    Read from ``rec.extras["cap"]`` (what the cap was), written by the training loop."""
    cap = rec.extras.get("cap") or {}
    E, K = rec.epochs_run, rec.num_updates
    done = _("after {epochs} ({updates})").format(
        epochs=ngettext("{n:,} epoch", "{n:,} epochs", E).format(n=E),
        updates=ngettext("{n:,} update", "{n:,} updates", K).format(n=K))
    if rec.stop_reason == "memory_cap":
        return _("Stopped {done}: another epoch could have taken the run record past its "
                 "{budget} memory budget; lower Max epochs or use fewer points "
                 "(or set {env}).").format(done=done, budget=_size(cap.get("budget", 0)), env=MEMORY_BUDGET_ENV)
    if rec.stop_reason == "vote_cap":
        return _("Stopped {done}: the vote already has {vectors:,} vectors, the most "
                 "this program evaluates (each prediction sums over all of them); lower Max epochs.").format(
                     done=done, vectors=cap.get("vectors", K + 1))
    return None
