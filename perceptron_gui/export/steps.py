"""Which playhead positions an animation or a slide series shows (no Qt).

The GIF/MP4 writer (``gui/figures/animation.py``) and the Beamer writer (:mod:`.beamer`) both
take their frames from here, so "one frame per update from K to K" means one thing.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from ..i18n import _
from .names import BEAMER_FRAMES, FRAME_UNITS
from .source import ExportError

__all__ = ["BEAMER_FRAMES", "frame_steps", "epoch_steps"]


def frame_steps(run: Any, unit: str = "update", k_from: int = 0, k_to: int | None = None,
                max_frames: int = 300) -> np.ndarray:
    """The playhead positions t of the frames.

    ``unit`` 'update': the visit of each update k_from..k_to (k = 0: before the first visit).
    'visit': every visit from update k_from's to update k_to's (to the run's end when k_to is
    the last update). More than ``max_frames`` are thinned evenly, first and last kept.
    """
    k_from, k_to = _update_range(run, k_from, k_to)
    K = int(run.num_updates)
    if unit == "update":
        # step_of_update(k) for k in k_from..k_to, without a Python loop over 10⁶ updates
        update_steps = np.concatenate(([-1], np.asarray(run.update_step[:K], dtype=np.int64)))
        return _thin(update_steps[k_from:k_to + 1], max_frames)
    if unit == "visit":
        first = run.step_of_update(k_from)
        last = max(run.num_steps - 1 if k_to == K else run.step_of_update(k_to), first)
        count = last - first + 1
        if count <= max_frames:
            return np.arange(first, last + 1, dtype=np.int64)
        return np.asarray(first + _even_indices(count, max_frames))
    # TRANSLATORS: {units} is "update or per visit" (the names are typed: keep them), joined by " or per ".
    raise ExportError(_("Frames are made per {units}, not per '{unit}'.").format(
        units=_(" or per ").join(FRAME_UNITS), unit=unit))


def epoch_steps(run: Any, k_from: int = 0, k_to: int | None = None) -> np.ndarray:
    """The start of update k_from (its visit; −1 for k = 0), then the last visit of every
    later epoch whose end state has k_from <= k <= k_to updates (with k_to the last update:
    every remaining epoch, the one that found no mistake included)."""
    k_from, k_to = _update_range(run, k_from, k_to)
    first = run.step_of_update(k_from)
    n = int(run.n)
    ends = np.arange(run.epochs_run, dtype=np.int64) * n + (n - 1)
    k_at_end = np.searchsorted(np.asarray(run.update_step, dtype=np.int64), ends, side="right")
    keep = (ends > first) & (k_at_end <= k_to)
    return np.concatenate(([first], ends[keep])).astype(np.int64)


def _update_range(run: Any, k_from: int, k_to: int | None) -> tuple[int, int]:
    if run is None:
        raise ExportError(_("There is no run to animate yet; add points of both classes first."))
    K = int(run.num_updates)
    k_to = K if k_to is None else int(k_to)
    k_from = int(k_from)
    if not 0 <= k_from <= k_to <= K:
        raise ExportError(_("The range of updates must lie within 0 to {K} with the first at most the last, not "
                            "{first} to {last}.").format(K=K, first=k_from, last=k_to))
    return k_from, k_to


def _even_indices(count: int, max_frames: int) -> np.ndarray:
    """At most ``max_frames`` indices of 0..count−1, evenly spread, first and last kept."""
    return np.unique(np.round(np.linspace(0, count - 1, int(max_frames))).astype(np.int64))


def _thin(steps: np.ndarray, max_frames: int) -> np.ndarray:
    return steps if steps.size <= max_frames else steps[_even_indices(steps.size, max_frames)]
