"""The kernel perceptron (dual form): α_i counts the mistakes made on point i."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ...i18n import N_, _
from ..dataset import DatasetError
from ..run import EpochRow, RunRecord
from ._lazy import LazyModule
from .base import ParamSpec, Perceptron
from .step import StepOutput

DK = LazyModule("._dual_kernels", __package__)  # numba loads at the first fit (see _lazy)

__all__ = ["KernelPerceptron", "GRAM_MAX_POINTS", "KERNELS", "alpha_at", "kernel_scorer", "kernel_spec"]

# Up to this many points the n × n Gram matrix is kept (5,000 points: 200 MB); above it each
# update computes its row K(x_j, ·) on the fly (O(n·d) instead of O(n)).
GRAM_MAX_POINTS = 5_000
KERNELS = ("linear", "poly", "rbf")


class KernelPerceptron(Perceptron):
    """The perceptron in its dual form: f(x) = Σ_j α_j·y_j·K(x_j, x) (+ Σ_j α_j·y_j with the
    offset, i.e. the kernel K + 1); a mistake y_i·f(x_i) ≤ 0 adds 1 to α_i.

    Parameters
    ----------
    kernel : {"linear", "poly", "rbf"}, default "poly"
        linear: x·z; poly: (γ_k·x·z + c)^p; rbf: exp(−γ_k·‖x − z‖²).
    degree : int, default 2
        p of the polynomial kernel.
    coef0 : float, default 1.0
        c of the polynomial kernel.
    kernel_gamma : float, default 1.0
        γ_k of the polynomial and rbf kernels.
    (others as :class:`Perceptron`; the start is always α = 0)

    The record's weights are Σ α_j·y_j·x̃_j after each update: the primal weights for the
    linear kernel (then ``final_w`` is set), for the others only a by-product. Extras:
    ``alpha`` (final counts), ``kernel`` ({name, degree, coef0, gamma}), ``kernel_X`` and
    ``kernel_y`` (the training points, by reference) for :func:`kernel_scorer`.
    """

    name = "kernel"
    state_is_weights = False
    dual = True
    title = N_("Kernel (dual form)")
    heading_name = N_("Kernel perceptron")
    description = N_("Dual form: f(x) = Σ αⱼ·yⱼ·K(xⱼ, x); a mistake on xᵢ adds 1 to αᵢ. "
                     "A curved boundary: a line in the kernel's feature space.")
    kernels = ("kernel_epoch", "gram_matrix", "dual_scores", "replay_rows")

    def __init__(self, *, max_epochs: int = 100, shuffle: bool = False, seed: int = 0, init: str = "zero",
                 offset: bool = True, kernel: str = "poly", degree: int = 2, coef0: float = 1.0,
                 kernel_gamma: float = 1.0, start_w: Sequence[float] = (), start_b: float = 0.0) -> None:
        super().__init__(max_epochs=max_epochs, shuffle=shuffle, seed=seed, init=init, offset=offset,
                         start_w=start_w, start_b=start_b)
        self.kernel = kernel
        self.degree = degree
        self.coef0 = coef0
        self.kernel_gamma = kernel_gamma

    @classmethod
    def param_specs(cls) -> list[ParamSpec]:
        specs = super().param_specs()
        # α = 0 is the only start of the dual form here: w = y₁·x₁ or a hand-set w₀ has no α.
        specs = [ParamSpec("init", str, "zero", N_("Start at"),
                           N_("The dual form starts at α = 0 (f = 0 everywhere)."), choices=("zero",))
                 if s.name == "init" else s for s in specs]
        return specs + [
            ParamSpec("kernel", str, "poly", N_("Kernel"),
                      N_("linear: K = x·z; poly: K = (γₖ·x·z + c)^p; rbf: K = exp(−γₖ·‖x − z‖²)."), choices=KERNELS),
            ParamSpec("degree", int, 2, N_("Degree p"), N_("The power p of the polynomial kernel (γₖ·x·z + c)^p."),
                      1, 20, applies_when=("kernel", ("poly",))),
            ParamSpec("coef0", float, 1.0, N_("c (coef0)"),
                      N_("The constant c of the polynomial kernel (γₖ·x·z + c)^p."),
                      -1e6, 1e6, applies_when=("kernel", ("poly",))),
            ParamSpec("kernel_gamma", float, 1.0, N_("γₖ (kernel)"),
                      N_("The scale γₖ of the poly and rbf kernels; must be above 0."), 1e-12, 1e12,
                      range_rule=N_("must be above 0 (and at most 1e12)"), applies_when=("kernel", ("poly", "rbf"))),
        ]

    # ---- training -------------------------------------------------------------------------
    def _code(self) -> tuple[int, int, float, float]:
        return DK.KIND_CODES[self.kernel], int(self.degree), float(self.coef0), float(self.kernel_gamma)

    def _start(self, Xa: np.ndarray, y: np.ndarray, w: np.ndarray) -> dict[str, Any]:
        n = Xa.shape[0]
        X = np.ascontiguousarray(Xa[:, :-1] if self.offset else Xa)
        kind, p, c, g = self._code()
        G = DK.gram_matrix(X, kind, p, c, g, self.offset) if 0 < n <= GRAM_MAX_POINTS else np.empty((0, 0))
        if G.size and not _finite(G):
            raise DatasetError(self._overflow_sentence(X))
        state: dict[str, Any] = {"w": np.zeros(Xa.shape[1]), "alpha": np.zeros(n), "f": np.zeros(n), "G": G, "X": X,
                                 "y": y, "epoch_wrong": []}
        self._state = state  # the base loop does not pass it to _vectors_capped
        return state

    def _epoch(self, state: dict[str, Any], Xa: np.ndarray, y: np.ndarray, order: np.ndarray,
               pos_buf: np.ndarray, idx_buf: np.ndarray, ck: np.ndarray, k0: int, C: int) -> int:
        kind, p, c, g = self._code()
        return int(DK.kernel_epoch(state["X"], y, order, state["alpha"], state["f"], state["G"], Xa, state["w"],
                                   kind, p, c, g, self.offset, pos_buf, idx_buf, ck, k0, C))

    def _vectors_capped(self, updates: int) -> bool:
        # Called after every epoch that made updates (an epoch without any leaves f unchanged
        # and every point right): the place to read the training error off f, the scores
        # training itself keeps, before the next epoch changes them.
        state = self._state
        if not _finite(state["f"]):  # a kernel value beyond float64 (no Gram matrix kept to see it first)
            raise DatasetError(self._overflow_sentence(state["X"]))
        state["epoch_wrong"].append(int(np.count_nonzero(np.where(state["f"] >= 0.0, 1.0, -1.0) != state["y"])))
        return False

    def _overflow_sentence(self, X: np.ndarray) -> str:
        big = float(np.max(np.abs(X))) if X.size else 0.0
        if self.kernel == "poly":
            text = N_("The {kernel} kernel's values overflow on these data (coordinates up to {big:.3g}): "
                      "f(x) = Σ αⱼ·yⱼ·K(xⱼ, x) is no finite number, so the run would show nonsense; rescale the data, "
                      "or lower the degree p or γₖ.")
        elif self.kernel == "rbf":
            text = N_("The {kernel} kernel's values overflow on these data (coordinates up to {big:.3g}): "
                      "f(x) = Σ αⱼ·yⱼ·K(xⱼ, x) is no finite number, so the run would show nonsense; rescale the data, "
                      "or lower γₖ.")
        else:
            text = N_("The {kernel} kernel's values overflow on these data (coordinates up to {big:.3g}): "
                      "f(x) = Σ αⱼ·yⱼ·K(xⱼ, x) is no finite number, so the run would show nonsense; rescale the data.")
        return _(text).format(kernel=self.kernel, big=big)

    def _finish(self, rec: RunRecord, state: dict[str, Any], Xa: np.ndarray, y: np.ndarray) -> None:
        alpha = state["alpha"].astype(np.int64)
        rec.extras.update(alpha=alpha, kernel=kernel_spec(self.get_params()),
                          kernel_X=state["X"], kernel_y=y)
        w = rec.weights[-1]
        self._set_final(rec, w)
        if self.kernel != "linear":
            # Σ α·y·x is no predictor for a curved boundary; b = Σ α_j·y_j is (the offset's part).
            rec.final_w = np.zeros(rec.d)

    def _epoch_rows(self, rec: RunRecord, epoch_updates: list[int], end_weights: list[np.ndarray],
                    state: dict[str, Any], Xa: np.ndarray, y: np.ndarray,
                    Xt: np.ndarray | None, yt: np.ndarray | None) -> list[EpochRow]:
        wrong = state["epoch_wrong"]
        n = max(rec.n, 1)
        rows = []
        for e, cnt in enumerate(epoch_updates):
            tr = wrong[e] / n if cnt else 0.0  # an epoch without updates got every point right
            te = None
            if Xt is not None and yt is not None:
                score = kernel_scorer(rec, rec.epoch_end_k(e))
                Zt = Xt[:, :-1] if rec.offset else Xt
                te = float(np.mean(np.where(score(Zt) >= 0.0, 1.0, -1.0) != yt))
            rows.append(EpochRow(epoch=e, updates=int(cnt), train_error=float(tr), test_error=te))
        return rows

    # ---- the state at step t ----------------------------------------------------------------
    @classmethod
    def output_at(cls, rec: RunRecord, t: int) -> StepOutput:
        k = rec.k_after_step(t)
        return StepOutput(label="kernel", scores=kernel_scorer(rec, k), alpha=alpha_at(rec, k))


def _finite(a: np.ndarray) -> bool:
    """All of ``a`` finite, by its minimum and maximum (a NaN or an infinity makes one of them
    not finite) and without an n × n array of flags."""
    return bool(np.isfinite(a.min()) and np.isfinite(a.max())) if a.size else True


def kernel_spec(params: dict[str, Any]) -> dict[str, Any]:
    """The run file's ``final.kernel``: {name, degree, coef0, gamma}."""
    return {"name": str(params["kernel"]), "degree": int(params["degree"]), "coef0": float(params["coef0"]),
            "gamma": float(params["kernel_gamma"])}


def alpha_at(rec: RunRecord, k: int) -> np.ndarray:
    """α after update k: how often each training point has been a mistake (n,) int64."""
    return np.bincount(rec.update_index[:k], minlength=rec.n).astype(np.int64)


def kernel_scorer(rec: RunRecord, k: int) -> Callable[[np.ndarray], np.ndarray]:
    """f after update k as a function of rows of original features: Σ_j α_j·y_j·K(x_j, x)
    (+ Σ_j α_j·y_j with the offset), summed over the support points in index order."""
    alpha = alpha_at(rec, k)
    sup = np.flatnonzero(alpha)
    Xs = np.ascontiguousarray(rec.extras["kernel_X"][sup])
    coef = alpha[sup] * np.asarray(rec.extras["kernel_y"])[sup]
    ks = rec.extras["kernel"]
    kind, p, c, g = DK.KIND_CODES[ks["name"]], ks["degree"], ks["coef0"], ks["gamma"]
    offset = rec.offset

    def score(Z: np.ndarray) -> np.ndarray:
        # A fresh writable copy: the loop is compiled for writable arrays (a Dataset's are not).
        Z = np.array(Z, dtype=np.float64, order="C").reshape(-1, Xs.shape[1])
        if Xs.shape[0] == 0:
            return np.zeros(Z.shape[0])
        return np.asarray(DK.dual_scores(Xs, coef.astype(np.float64), Z, kind, p, c, g, offset))
    return score


_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def kernel_formula(spec: dict[str, Any]) -> str:
    """The kernel in words and numbers: "poly K = (1·x·z + 1)²"."""
    name = spec["name"]
    if name == "linear":
        return "linear K = x·z"
    if name == "rbf":
        return f"rbf K = exp(−{spec['gamma']:g}·‖x − z‖²)"
    power = str(int(spec["degree"])).translate(_SUPERSCRIPT)
    return f"poly K = ({spec['gamma']:g}·x·z + {spec['coef0']:g}){power}"


def dual_summary(rec: RunRecord) -> str:
    """One sentence on the kernel perceptron's final predictor (the CLI's 'Final …' line)."""
    alpha = np.asarray(rec.extras["alpha"])
    sup = int(np.count_nonzero(alpha))
    if rec.offset:
        text = _("Final dual form: f(x) = Σ αⱼ·yⱼ·K(xⱼ, x) with {kernel}; "
                 "{sup} of {n} points have α > 0 (Σ α = {mistakes} mistakes), b = Σ αⱼ·yⱼ = {b:.6g}.")
    else:
        text = _("Final dual form: f(x) = Σ αⱼ·yⱼ·K(xⱼ, x) with {kernel}; "
                 "{sup} of {n} points have α > 0 (Σ α = {mistakes} mistakes), no offset (b = 0).")
    return text.format(kernel=kernel_formula(rec.extras["kernel"]), sup=sup, n=rec.n, mistakes=int(alpha.sum()),
                       b=rec.final_b + 0.0)


def in_feature_space(rec: RunRecord) -> bool:
    """True when Novikoff's bound, measured on the input points, applies to the run's updates:
    only the linear kernel's feature space is the input space."""
    return rec.algorithm != "kernel" or rec.extras.get("kernel", {}).get("name") == "linear"


# Marked only: the reader translates it where it is shown (_(NOT_IN_FEATURE_SPACE)).
NOT_IN_FEATURE_SPACE = N_("the kernel perceptron separates in its kernel's feature space, not in the input space, so the "
                          "input space's R, γ and (R/γ)² say nothing about its updates")
