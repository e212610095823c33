"""What the order study's histogram shows, as data (no Qt).

The slide figure (``gui/figures/study_plot.py``) and the TikZ writer (``export/tikz_study.py``)
paint one :class:`StudyPicture`, so they agree on the bars, on whether the bound is drawn or
only named, and on the range. The bars are :meth:`OrderStudy.histogram`'s bins, never re-binned.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.algorithms import REGISTRY
from ..core.order_study import OrderStudy
from ..i18n import _, ngettext

__all__ = ["StudyPicture", "describe_study", "study_header", "BOUND_SHOWN_UP_TO"]

# The bound is drawn where it is when it lies within this many times the widest bar's right
# edge; further out it would squeeze the histogram into a sliver, so it is named in the header.
BOUND_SHOWN_UP_TO = 4.0


def study_header(study: OrderStudy) -> str:
    title = getattr(REGISTRY.get(study.algorithm), "title", study.algorithm)
    n = len(study.rows)
    # TRANSLATORS: a study's heading; English keeps "orders" for every count.
    return ngettext("{title} · {n} shuffled orders", "{title} · {n} shuffled orders", n).format(title=title, n=n)


@dataclass(frozen=True, eq=False)
class StudyPicture:
    """The histogram of an order study as drawn.

    ``counts``/``edges`` are the study's bins (edges in per cent for the training error);
    ``file_x`` the file order's value on the same axis; ``bound`` (R/γ)² when it is drawn as a
    line, else None (``bound_note`` then says where it is, or that runs did not converge);
    ``x_range`` and ``y_max`` the view."""

    updates: bool
    counts: np.ndarray
    edges: np.ndarray
    file_x: float
    bound: float | None
    header: str
    bound_note: str
    x_title: str
    x_range: tuple[float, float]
    y_max: float

    @property
    def bars_label(self) -> str:
        return _("shuffled orders") if self.updates else _("shuffled orders (final training error)")

    @property
    def file_label(self) -> str:
        return _("file order: {value}").format(value=f"{self.file_x:g}") + ("" if self.updates else " %")


def describe_study(study: OrderStudy) -> StudyPicture:
    """The :class:`StudyPicture` of ``study``."""
    updates = study.quantity == "updates"
    scale = 1.0 if updates else 100.0  # the error in per cent
    counts, edges = study.histogram()
    edges = np.asarray(edges, dtype=np.float64) * scale
    right = float(edges[-1])
    fx = study.file_value() * scale
    xs = [float(edges[0]), right, fx]
    bound = study.bound if updates else None
    if bound is not None and bound > BOUND_SHOWN_UP_TO * max(right, 1.0):
        note, bound = _("bound (R/γ)² = {bound}, off to the right").format(bound=f"{bound:.4g}"), None
    elif not updates:
        note = _("not every run converged")
    else:
        note = ""
    if bound is not None:
        xs.append(bound)
    lo, hi = min(xs), max(xs)
    pad = 0.04 * (hi - lo or 1.0)
    return StudyPicture(updates, np.asarray(counts), edges, fx, bound, study_header(study), note,
                        _("updates until convergence") if updates else _("final training error (%)"),
                        (lo - pad, hi + pad), max(1, int(np.max(counts))) * 1.15)
