"""Where a TikZ picture's points go and which box it shows (no Qt): the canvas's projection of
the run's training and test points, and the view grown to what the frames must show
(render/fit_view.py), shared by the single picture and the Beamer overlays."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..core.dataset import DatasetError
from ..i18n import _
from ..render.fit_view import fitted_view, must_show, widened_view
from ..render.geometry import Rect, ViewRange, check_view_range, rect_of_range
from ..render.projection import Projection, make_projection
from ..session.frame import Frame
from ..session.run_result import RunResult

__all__ = ["ViewPlane", "view_plane", "export_rect"]


@dataclass(frozen=True)
class ViewPlane:
    """The points of a run in data space (``X``, with ``labels`` and ``test`` flags, by global
    index) and in the view plane (``P``) through ``proj``."""

    proj: Projection
    X: np.ndarray
    P: np.ndarray
    labels: np.ndarray
    test: np.ndarray


def view_plane(result: RunResult, lifted: bool) -> ViewPlane:
    """The canvas's placement of ``result``'s points: 1-D data on the x-axis (or at (x, 1) when
    ``lifted``), 2-D as they are. Raises DatasetError for more than two features."""
    d = int(result.train.d)
    if d > 2:
        raise DatasetError(_("A TikZ picture shows 1-D or 2-D data, but these points have {d} features; export the "
                             "run as JSON or CSV instead.").format(d=d))
    parts = [(result.train, result.train_index, False)]
    if result.test is not None and result.test.n:
        parts.append((result.test, result.test_index, True))
    n = max((int(np.max(idx)) + 1 for _, idx, _ in parts if len(idx)), default=0)
    X = np.zeros((n, d))
    labels = np.zeros(n)
    test = np.zeros(n, dtype=bool)
    for ds, idx, is_test in parts:
        X[idx], labels[idx], test[idx] = ds.X, ds.y, is_test
    names = list(result.train.feature_names) or [f"x{j + 1}" for j in range(d)]
    proj = make_projection(X, names, (0, 1), lifted and d == 1)
    return ViewPlane(proj, X, proj.points(X), labels, test)


def export_rect(plane: ViewPlane, frames: Sequence[Frame], view: ViewRange | None, *, show_previous: bool,
                show_update: bool) -> Rect:
    """The box a picture of ``frames`` shows: ``view`` (a lecturer's) grown to what they must
    show, or without one the notes' box around the points and all of that."""
    if view is not None:
        rect = rect_of_range(check_view_range(view))
        return widened_view(rect, must_show(frames, plane.proj, plane.P, show_previous=show_previous,
                                            show_update=show_update, rect=rect))
    return fitted_view(plane.P, must_show(frames, plane.proj, plane.P, show_previous=show_previous,
                                          show_update=show_update))
