"""What to draw at one playhead position, computed without Qt.

The canvas, the live panel and every exporter (PNG, SVG, TikZ, GIF frames) read the same
:class:`Frame`, so the picture on screen and on the slide agree by construction.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import cast

import numpy as np

from ..core import theory as th
from ..core.algorithms import REGISTRY
from ..core.algorithms.kernel import in_feature_space
from ..core.algorithms.step import StepOutput
from ..core.algorithms.voted import VOTE_FRAME_WORK, vote_sample
from ..core.point_stats import point_stats
from ..core.run import split_augmented
from .run_result import RunResult

__all__ = ["Frame", "frame_at", "compute_frame", "clamp_t"]


@dataclass
class Frame:
    """The state of a run after visit ``t`` (−1: before the first), in original features.

    Index arrays are *global* point indices (rows of the session's point table).
    """

    t: int
    k: int
    epoch: int
    w: np.ndarray  # current perceptron weights (original features)
    b: float
    offset: bool
    visit_index: int | None = None  # global index of the example visited at t
    visit_updated: bool = False
    visit_position: int | None = None
    misclassified: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    closest_distance: float | None = None  # min |w·x + b| over training points (margin lines)
    dataset_margin: float | None = None  # min signed margin y(w·x+b)/‖w‖ (notes 003)
    train_error: float | None = None
    test_error: float | None = None
    perceptron_loss: float = 0.0
    hinge_loss: float = 0.0
    # The predictor the algorithm outputs at this moment, when it differs from (w, b).
    output_w: np.ndarray | None = None
    output_b: float = 0.0
    output_label: str = ""
    output_train_error: float | None = None
    output_error_sample: int | None = None  # voted on big data: the error is of this many sampled points
    vote: Callable[[np.ndarray], np.ndarray] | None = None  # voted: Σ c_k sign(w_k·x + b_k)
    pocket_k: int | None = None
    pocket_count: int | None = None
    slack_points: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    theta_w: np.ndarray | None = None  # θ* split into w*, b* (original features)
    theta_b: float = 0.0
    gamma: float | None = None
    # The last update at or before t (k ≥ 1; None at k = 0): the weights before it, w_{k−1} and
    # b_{k−1} (the canvas's "previous hyperplane"), the visit that made it, its example (a global
    # index), that example's label, and the factor c of Δw = c·y·x (1 for the textbook rule;
    # the lifted perceptron's predictor moves by a²·y·x).
    prev_w: np.ndarray | None = None
    prev_b: float = 0.0
    update_t: int | None = None
    update_index: int | None = None
    update_y: float = 0.0
    update_factor: float = 1.0
    # Passive-aggressive: the step size τ of that update, as training stored it (None otherwise).
    update_tau: float | None = None
    # A step that is no multiple of y·x (Winnow multiplies): its name (screen, TeX), else None.
    update_step_text: tuple[str, str] | None = None

    # The kernel perceptron (``dual``): its f(x) for data rows when the boundary is curved (any
    # kernel but the linear one; then w is 0 and no line is drawn), and the points with α_i > 0
    # so far: their global indices and their counts.
    dual: bool = False
    kernel_scores: Callable[[np.ndarray], np.ndarray] | None = None
    alpha_points: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    alpha_values: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))

    @property
    def has_hyperplane(self) -> bool:
        return bool(np.any(self.w != 0.0))


def _err(X: np.ndarray, y: np.ndarray, w: np.ndarray, b: float) -> float | None:
    if X.shape[0] == 0:
        return None
    return th.training_error(X, y, w, b)


def memo_of(result: RunResult) -> Frame | None:
    """The run's last frame, kept on the result (only frames are ever kept there)."""
    return cast("Frame | None", result.last_frame)


def frame_at(result: RunResult, t: int) -> Frame:
    """The :class:`Frame` of ``result`` once visit ``t`` is done.

    The canvas and the live panel both ask for the playhead's frame after every step; the
    last one is kept on the result, so it is computed (O(n)) once per position, not per view.
    Frames are shared: readers must not change them.
    """
    t = clamp_t(result, t)
    last = memo_of(result)
    if last is not None and last.t == t:
        return last
    fr = compute_frame(result, t)
    result.last_frame = fr
    return fr


def clamp_t(result: RunResult, t: int) -> int:
    """A visit number the run has: −1 (before the first) to its last."""
    return max(-1, min(int(t), result.record.num_steps - 1))


def compute_frame(result: RunResult, t: int) -> Frame:
    """The frame of ``result`` at visit ``t``, computed afresh (safe on any thread: it only
    reads the finished run)."""
    rec = result.record
    k = rec.k_after_step(t)
    w, b = rec.w_b(k)
    out = REGISTRY[rec.algorithm].output_at(rec, t)
    scorer = out.scores if out is not None else None
    curved = scorer is not None and not in_feature_space(rec)
    # A frame is kept and shared: w must never alias the record. A curved boundary has no w
    # (the record's Σ α·y·x̃ is no predictor there); b = Σ α·y is the offset's share of f.
    w = np.zeros_like(w) if curved else w.copy()
    fr = Frame(t=t, k=k, epoch=(t // rec.n if rec.n and t >= 0 else 0), w=w, b=b, offset=rec.offset)
    if curved:
        fr.kernel_scores = scorer
    X, y = result.train.X, result.train.y
    if t >= 0 and rec.n:
        v = rec.visit(t)
        fr.visit_index = int(result.train_index[v.index])
        fr.visit_updated = v.updated
        fr.visit_position = v.position
    if k >= 1:
        _last_update(fr, result, k)
        if curved:  # the line of Σ α·y·x before the update is no boundary either
            fr.prev_w, fr.update_factor = None, 1.0
    if X.shape[0]:
        # One compiled pass over the points (15 → 3 ms a frame at 10⁶ points). The
        # kernel perceptron's own f(x) goes in as a one-column X with w = (1): s = 0 + f·1 + 0 = f.
        st = (point_stats(scorer(X)[:, None], y, np.ones(1), 0.0, result.train_index) if scorer is not None
              else point_stats(X, y, w, b, result.train_index))
        fr.misclassified = st.wrong
        fr.train_error = float(st.wrong.shape[0] / X.shape[0])
        fr.perceptron_loss, fr.hinge_loss = st.perceptron_loss, st.hinge_loss
        if np.any(w != 0.0):  # a curved boundary's w is 0: no hyperplane to be close to
            fr.closest_distance = st.closest
            fr.dataset_margin = th.dataset_margin(X, y, w, b)  # any scale, no warnings
    if result.test is not None and result.test.n:
        if scorer is not None:
            fr.test_error = float(np.mean(np.where(scorer(result.test.X) >= 0.0, 1.0, -1.0) != result.test.y))
        else:
            fr.test_error = _err(result.test.X, result.test.y, w, b)
    _algorithm_overlay(fr, result, out)
    tho = result.theory
    if tho is not None and tho.theta_star is not None:
        theta_w, fr.theta_b = split_augmented(tho.theta_star, rec.offset)
        fr.theta_w = theta_w.copy()
        fr.gamma = tho.gamma
    return fr


def _last_update(fr: Frame, result: RunResult, k: int) -> None:
    """Copy update k's before-weights, visit and example into the frame (the drawn update)."""
    rec = result.record
    pw, pb = rec.w_b(k - 1)
    fr.prev_w, fr.prev_b = pw.copy(), float(pb)
    fr.update_t = rec.step_of_update(k)
    i = int(rec.update_index[k - 1])
    fr.update_index = int(result.train_index[i])
    x, y = result.train.X[i], float(result.train.y[i])
    fr.update_y = y
    tau = rec.extras.get("tau")
    if tau is not None:  # the step's own size, as training computed it: asked, not re-derived
        fr.update_tau = fr.update_factor = float(tau[k - 1])
        return
    fr.update_step_text = REGISTRY[rec.algorithm].step_text
    if fr.update_step_text is not None:  # no c·y·x to find: the step is named as the learner says
        return
    # Δ·x̃ / (y·‖x̃‖²) with x̃ = (x, 1) for offset data: the factor of y·x in the step taken.
    dx = float((fr.w - fr.prev_w) @ x) + ((fr.b - fr.prev_b) if rec.offset else 0.0)
    xx = float(x @ x) + (1.0 if rec.offset else 0.0)
    factor = dx / (y * xx) if xx > 0.0 and np.isfinite(dx) else 1.0
    fr.update_factor = factor if np.isfinite(factor) and factor > 0.0 else 1.0


def _algorithm_overlay(fr: Frame, result: RunResult, out: StepOutput | None) -> None:
    """Copy the algorithm's own answer at the frame's step (``out``, its class computed it) into the frame."""
    rec = result.record
    X, y = result.train.X, result.train.y
    if out is None:
        return
    if out.alpha is not None:  # the kernel perceptron: its output is f itself, nothing beside it
        sup = np.flatnonzero(out.alpha)
        fr.dual = True
        fr.alpha_points, fr.alpha_values = result.train_index[sup], out.alpha[sup].copy()
        return
    fr.output_label = out.label
    fr.pocket_k, fr.pocket_count = out.pocket_k, out.pocket_count
    fr.vote = out.vote
    fr.slack_points = result.train_index[out.slack_index]
    if out.weights is not None:
        w, fr.output_b = split_augmented(out.weights, rec.offset)
        fr.output_w = w.copy()
    if fr.output_w is not None and X.shape[0]:
        fr.output_train_error = point_stats(X, y, fr.output_w, fr.output_b).wrong.shape[0] / X.shape[0]
    elif fr.vote is not None and X.shape[0]:
        # The vote of K vectors over n points costs n·K: past VOTE_FRAME_WORK it is measured on
        # a fixed sample of the points, and the frame says how many.
        pick = vote_sample(X.shape[0], rec.num_updates + 1, VOTE_FRAME_WORK)
        if pick is not None:
            X, y = X[pick], y[pick]
            fr.output_error_sample = int(pick.shape[0])
        fr.output_train_error = float(np.mean(np.where(fr.vote(X) >= 0, 1.0, -1.0) != y))
