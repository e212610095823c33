"""What the multiclass view shows at one position of a run (no Qt): the weights W_k after k
updates, the update that made them (the visited point, its class y and rival ŷ, both scores),
the errors and the per-class norms, the Kesler vectors, the regions each class wins on a 2-D
view and, for pixel data, each W_c as an image."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..core.algorithms.multiclass import MulticlassRun, class_scores
from ..i18n import _, ngettext

__all__ = ["ClassStep", "class_step", "panel_lines", "step_sentence", "kesler_lines", "region_codes", "weight_images", "numbers"]

_SHOWN = 6  # numbers of a long vector shown in a sentence (the first and last three)


def numbers(v: np.ndarray) -> str:
    """(a, b, …) in short form; a long vector as its first and last three and its length."""
    vals = [f"{x:.4g}" for x in np.asarray(v, dtype=np.float64).tolist()]
    if len(vals) <= _SHOWN + 2:
        return "(" + ", ".join(vals) + ")"
    return "(" + ", ".join(vals[:3]) + ", …, " + ", ".join(vals[-3:]) + f") [{len(vals)}]"


@dataclass(frozen=True)
class ClassStep:
    """The run after k of its m updates."""

    k: int
    m: int
    W: np.ndarray                     # K × D after k updates
    before: np.ndarray | None         # K × D before update k (None at k = 0)
    point: int | None                 # the example of update k
    true_class: int | None
    rival: int | None
    epoch: int | None
    scores: tuple[float, float] | None  # W_y·x and W_ŷ·x before the update
    errors: int                       # training points with W_y·x ≤ max_{c≠y} W_c·x
    norms: tuple[float, ...]


def class_step(run: MulticlassRun, k: int) -> ClassStep:
    k = max(0, min(int(k), run.n_updates))
    W = run.weights_after(k)
    errors = int(np.count_nonzero(run.margins(W) <= 0.0))
    norms = tuple(float(x) for x in np.linalg.norm(W, axis=1))
    if k == 0:
        return ClassStep(0, run.n_updates, W, None, None, None, None, None, None, errors, norms)
    before = run.weights_after(k - 1)
    i, r = int(run.index[k - 1]), int(run.rivals[k - 1])
    y = int(run.codes[i])
    s = class_scores(before, run.Xa[i:i + 1, :run.d], run.offset)[0]
    return ClassStep(k, run.n_updates, W, before, i, y, r, int(run.epochs[k - 1]), (float(s[y]), float(s[r])),
                     errors, norms)


def step_sentence(run: MulticlassRun, st: ClassStep) -> str:
    """One or two sentences in the notes' terms for the step shown."""
    n = run.Xa.shape[0]
    if st.k == 0 or st.point is None or st.true_class is None or st.rival is None or st.scores is None:
        # TRANSLATORS: English keeps "points are" for every count.
        return ngettext("Start: every W_c = 0. {errors} of {n} points are mistakes (a tie counts as one).",
                        "Start: every W_c = 0. {errors} of {n} points are mistakes (a tie counts as one).",
                        st.errors).format(errors=st.errors, n=n)
    x = run.Xa[st.point, :run.d]
    y, r = run.classes[st.true_class], run.classes[st.rival]
    # TRANSLATORS: {y} is the point's class, {r} the strongest other class; "W_{y}" names class y's weights.
    # English keeps "points are" for every count.
    return ngettext("Update {k} of {m}, epoch {epoch}: x{i} = {x} of class {y}; the strongest other class is {r} with "
                    "W_{r}·x = {sr} ≥ W_{y}·x = {sy}, a mistake, so W_{y} += x and W_{r} −= x. Now {errors} of {n} "
                    "points are mistakes.",
                    "Update {k} of {m}, epoch {epoch}: x{i} = {x} of class {y}; the strongest other class is {r} with "
                    "W_{r}·x = {sr} ≥ W_{y}·x = {sy}, a mistake, so W_{y} += x and W_{r} −= x. Now {errors} of {n} "
                    "points are mistakes.", st.errors).format(
        k=st.k, m=st.m, epoch=st.epoch, i=st.point + 1, x=numbers(x), y=y, r=r, sr=f"{st.scores[1]:.4g}",
        sy=f"{st.scores[0]:.4g}", errors=st.errors, n=n)


def kesler_lines(run: MulticlassRun, st: ClassStep) -> list[str]:
    """Kesler's construction at this step: the visited point's vectors φ(x, y, c) for each c ≠ y,
    the one added, and the binary perceptron's w (the stacked W_k)."""
    K, D = run.K, run.Xa.shape[1]
    lines = [_("Kesler: one binary perceptron in R^{kd} (K·D = {K}·{D}); its w is the stacked W.").format(
        kd=K * D, K=K, D=D)]
    if st.point is not None and st.true_class is not None and st.rival is not None:
        y = st.true_class
        for c in range(K):
            if c == y:
                continue
            phi = run.kesler_update(st.k) if c == st.rival else None
            # TRANSLATORS: keep the two leading spaces.
            mark = _("  ← added (w·φ ≤ 0)") if phi is not None else ""
            lines.append(_("φ(x{i}, {y}, {c}): +x in block {y}, −x in block {c}").format(
                i=st.point + 1, y=run.classes[y], c=run.classes[c]) + mark)
    lines.append(_("w = stacked W_{k} = {w}").format(k=st.k, w=numbers(st.W.reshape(-1))))
    return lines


def region_codes(W: np.ndarray, offset: bool, xr: tuple[float, float], yr: tuple[float, float],
                 size: int = 200) -> np.ndarray:
    """The class each point of a size × size grid over the view falls in (2-D data only); row j
    is y = yr[0] + …, column i is x = xr[0] + …"""
    xs = np.linspace(xr[0], xr[1], size)
    ys = np.linspace(yr[0], yr[1], size)
    gx, gy = np.meshgrid(xs, ys)
    grid = np.column_stack([gx.ravel(), gy.ravel()])
    codes: np.ndarray = np.argmax(class_scores(W, grid, offset), axis=1).reshape(size, size)
    return codes


def weight_images(W: np.ndarray, d: int) -> list[np.ndarray] | None:
    """Each W_c's d weights as a √d × √d image (pixel data such as the 8×8 digits), else None."""
    side = math.isqrt(d)
    if side * side != d or d < 4:
        return None
    return [np.asarray(W[c, :d]).reshape(side, side) for c in range(W.shape[0])]


def panel_lines(run: MulticlassRun, st: ClassStep) -> list[str]:
    """The view's panel: the step in words, the per-class norms, the errors, the bound, Kesler's lines."""
    th = run.theory()
    lines = [step_sentence(run, st), ""]
    lines += [f"‖W_{name}‖ = {norm:.4g}" for name, norm in zip(run.classes, st.norms)]
    lines.append(_("Errors: {errors} of {n} training points.").format(errors=st.errors, n=run.Xa.shape[0]))
    lines.append("")
    if th["bound"] is not None:
        # TRANSLATORS: English keeps "updates" for every count.
        lines.append(ngettext("R = {R}; the final W's margin γ = {gamma}; Kesler's bound 2R²/γ² = {bound} ≥ the {m} "
                              "updates of this run.",
                              "R = {R}; the final W's margin γ = {gamma}; Kesler's bound 2R²/γ² = {bound} ≥ the {m} "
                              "updates of this run.", run.n_updates).format(
            R=f"{th['R']:.4g}", gamma=f"{th['gamma_W']:.4g}", bound=f"{th['bound']:.4g}", m=run.n_updates))
    else:
        lines.append(_("The run ended without separating the classes, so its W gives no bound."))
    return [*lines, "", *kesler_lines(run, st)]
