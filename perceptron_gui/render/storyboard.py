"""One run as small multiples (no Qt): updates k, k+1, … side by side, as Bishop's *Pattern
Recognition and Machine Learning* draws the perceptron's steps (Figure 4.7).

:func:`storyboard` decides, once for the Qt figure (``gui/figures/storyboard_figure.py``), the
TikZ picture (``export/tikz_storyboard.py``) and the Beamer handout (``export/beamer_handout.py``):

* which updates are shown (:func:`parse_steps`, :func:`default_steps`, :func:`check_steps`: the
  sentence for a step the run does not have names its number of updates);
* one view rectangle for every panel, so the panels compare: the notes' box around the points,
  grown until it holds what every panel must show (each hyperplane with room for its normal,
  the previous one too; :mod:`.fit_view`), so a painter that grows a view to what its frame must
  show finds nothing to add;
* the grid (:func:`grid_shape`: columns and rows from the count and the figure's shape);
* each panel's title ("k = 3 · example 7 (y = +1)") and its :class:`~.picture.Picture`, made by
  :func:`~.picture.describe` at the visit of update k: the visited example ringed, the hyperplane
  before the update (w_{k−1}) solid and the new one (w_k) dashed, with their normals;
* the legend of what any panel draws, once (:func:`shared_legend`).
"""
from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from ..core.algorithms import REGISTRY
from ..core.errors import UserError
from ..i18n import _, ngettext
from ..session.frame import Frame, frame_at
from ..session.run_result import RunResult
from ..session.viewed import ViewedSession
from .fit_view import fitted_view, must_show, widened_view
from .geometry import Rect
from .legend import LegendEntry
from .picture import Picture, PictureOptions, describe
from .projection import Projection, make_projection
from .tex import tex_format

__all__ = ["StoryboardError", "Panel", "Storyboard", "MAX_PANELS", "DEFAULT_PANELS", "parse_steps",
           "default_steps", "next_steps", "check_steps", "grid_shape", "storyboard", "storyboard_options",
           "shared_legend", "shared_view", "steps_text"]

MAX_PANELS = 16  # beyond 4 × 4 a panel on a slide is too small to read its axes
DEFAULT_PANELS = 6  # Bishop's figure has four; six fill a 16:9 slide as 3 × 2
PLAIN = PictureOptions()  # the View menu's defaults
_STEPS = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$")


class StoryboardError(UserError):
    """Steps a storyboard cannot show; ``str(err)`` is one sentence."""


@dataclass(frozen=True, eq=False)
class Panel:
    """Update ``k`` (made at visit ``t`` on the example in data row ``row``, counted from 1, of
    label ``y``), its titles and its picture."""

    k: int
    t: int
    row: int
    y: float
    title: str
    title_tex: str
    frame: Frame
    picture: Picture


@dataclass(frozen=True, eq=False)
class Storyboard:
    """The panels in reading order (row by row), the grid, the one view and the heading."""

    panels: tuple[Panel, ...]
    rows: int
    columns: int
    rect: Rect
    heading: str
    heading_tex: str
    legend: tuple[LegendEntry, ...]
    kind: str
    panel_aspect: float  # a panel's width / height: the view's shape, within 0.75 and 1.6

    @property
    def steps(self) -> tuple[int, ...]:
        return tuple(p.k for p in self.panels)


# ---- which updates ----------------------------------------------------------------------------
def parse_steps(text: str) -> list[int]:
    """Update numbers from "1,2,3,4", a range "3-8", or both ("1,4-6"), in the order given."""
    out: list[int] = []
    for part in str(text).split(","):
        m = _STEPS.match(part)
        if m is None:
            raise StoryboardError(_("The steps must be update numbers such as 1,2,3,4 or a range such as 3-8, "
                                    "not '{text}'.").format(text=text.strip()))
        lo, hi = int(m.group(1)), int(m.group(2) or m.group(1))
        if hi < lo:
            raise StoryboardError(_("The range {lo}-{hi} runs backwards; write it as {hi}-{lo}.").format(lo=lo, hi=hi))
        if hi - lo >= MAX_PANELS:
            raise StoryboardError(_("A storyboard shows at most {most} updates; {lo}-{hi} are {n}.").format(
                most=MAX_PANELS, lo=lo, hi=hi, n=hi - lo + 1))
        out.extend(range(lo, hi + 1))
    return out


def default_steps(num_updates: int, count: int = DEFAULT_PANELS) -> list[int]:
    """The first min(count, m) updates of a run of m updates."""
    return list(range(1, min(int(count), int(num_updates)) + 1))


def next_steps(k: int, num_updates: int, count: int) -> list[int]:
    """The ``count`` updates after the playhead's k (k + 1, …), moved back to end at the run's last
    update when fewer are left (at the end of a run: its last ``count`` updates)."""
    m, count = int(num_updates), max(1, int(count))
    first = max(1, min(int(k) + 1, m - count + 1))
    return list(range(first, min(m, first + count - 1) + 1))


def check_steps(steps: Sequence[int], num_updates: int, max_panels: int | None = MAX_PANELS) -> tuple[int, ...]:
    """``steps`` as given, or the sentence for a step the run does not have (or more than
    ``max_panels``, or none)."""
    m = int(num_updates)
    if m == 0:
        raise StoryboardError(_("This run made no update, so there is no step to draw; the data may already be "
                                "separated by the start, or add points that it misclassifies."))
    if not steps:
        raise StoryboardError(_("Choose at least one update to draw, from 1 to {m}.").format(m=m))
    bad = [int(k) for k in steps if not 1 <= int(k) <= m]
    if bad:
        raise StoryboardError(ngettext("Update {k} is not a step of this run: it made {m} update, so choose steps "
                                       "from 1 to {m}.",
                                       "Update {k} is not a step of this run: it made {m} updates, so choose steps "
                                       "from 1 to {m}.", m).format(k=bad[0], m=m))
    if len(set(steps)) != len(steps):
        twice = next(k for k in steps if list(steps).count(k) > 1)
        raise StoryboardError(_("Update {k} is named twice; name each step once.").format(k=twice))
    if max_panels is not None and len(steps) > max_panels:
        raise StoryboardError(_("A storyboard shows at most {most} updates, not {n}; choose fewer steps or make two "
                                "storyboards.").format(most=max_panels, n=len(steps)))
    return tuple(int(k) for k in steps)


def steps_text(steps: Sequence[int]) -> str:
    """"1–6" for a run of consecutive updates, else "1, 3, 8"."""
    s = list(steps)
    if len(s) > 2 and s == list(range(s[0], s[0] + len(s))):
        return f"{s[0]}–{s[-1]}"
    return ", ".join(str(k) for k in s)


# ---- the layout -------------------------------------------------------------------------------
def grid_shape(count: int, aspect: float = 16 / 9, panel_aspect: float = 1.0,
               columns: int | None = None) -> tuple[int, int]:
    """(rows, columns) of ``count`` panels of width/height ``panel_aspect`` whose grid comes
    closest to a figure of width/height ``aspect``; an empty cell costs as much as a shape off by
    a factor e. ``columns`` given: that many (at most ``count``)."""
    n = max(1, int(count))
    if columns is not None:
        c = max(1, min(int(columns), n))
        return math.ceil(n / c), c
    best: tuple[float, int] | None = None
    for c in range(1, n + 1):
        r = math.ceil(n / c)
        if (r - 1) * c >= n:
            continue  # a whole empty row
        cost = abs(math.log(c * panel_aspect / r / aspect)) + (r * c - n) / n
        if best is None or cost < best[0] - 1e-12:
            best = (cost, c)
    assert best is not None
    return math.ceil(n / best[1]), best[1]


def storyboard_options(base: PictureOptions = PLAIN) -> PictureOptions:
    """What a panel draws: the window's switches, with the previous hyperplane always (it is the
    point of the figure) and without the margin lines and numbers, which crowd a small panel."""
    return replace(base, show_previous=True, show_margins=False, show_point_margins=False)


def storyboard(source: ViewedSession, steps: Sequence[int], *, options: PictureOptions = PLAIN,
               lifted: bool = False, aspect: float = 16 / 9, columns: int | None = None,
               line_band: float = 1.0, view: Rect | None = None) -> Storyboard:
    """The storyboard of ``source``'s run (an :class:`~perceptron_gui.export.source.ExportSession`
    or a session) at the updates ``steps``.

    ``options`` are the View menu's switches (:func:`storyboard_options` is applied); ``lifted``
    draws 1-D data at (x, 1); ``aspect`` is the figure's width/height the grid should fill;
    ``line_band`` the half-height of the band 1-D data are drawn in (the painter's unit);
    ``view`` a rectangle shared with other storyboards (:func:`shared_rect` of all their frames).

    Raises
    ------
    StoryboardError
        No run, a step the run does not have, or data with more than two features.
    """
    result, ks, proj, P, frames = _frames(source, steps, lifted)
    run, pts = result.record, source.points
    rect = shared_rect(frames, proj, P, line_band) if view is None else view
    opts = storyboard_options(options)
    panels = []
    for k, frame in zip(ks, frames):
        row = int(frame.visit_index) + 1 if frame.visit_index is not None else 0
        y = float(frame.update_y)
        sign = "+1" if y > 0 else "−1"
        pic = describe(frame, proj, P, pts.y, pts.test, rect, opts, pts.X)
        # TRANSLATORS: a storyboard panel's title: update k, made on the example in data row {row}.
        title = _("k = {k} · example {row} (y = {y})").format(k=k, row=row, y=sign)
        # TRANSLATORS: the same title in the LaTeX export: {k} is "$k = 3$", {y} is "$y = +1$".
        title_tex = tex_format(_("{k}: example {row} ({y})"), k=f"$k = {k}$", row=row,
                               y=f"$y = {sign.replace('−', '-')}$")
        panels.append(Panel(k, frame.t, row, y, title, title_tex, frame, pic))
    x0, y0, x1, y1 = rect
    pa = min(max((x1 - x0) / (y1 - y0) if proj.kind != "line" and y1 > y0 else 1.5, 0.75), 1.6)
    rows, cols = grid_shape(len(panels), aspect, pa, columns)
    name = REGISTRY[result.algorithm].heading() if result.algorithm in REGISTRY else result.algorithm
    which = steps_text(ks)
    # TRANSLATORS: the storyboard's heading: "Perceptron · updates 1–6 of 12" ({which} lists the updates shown).
    heading = ngettext("{name} · update {which} of {m}", "{name} · updates {which} of {m}", len(ks)).format(
        name=name, which=which, m=run.num_updates)
    # TRANSLATORS: the same heading in the LaTeX export: "Perceptron, updates 1--6 of 12".
    heading_tex = ngettext("{name}, update {which} of {m}", "{name}, updates {which} of {m}", len(ks)).format(
        name=name, which=which.replace("–", "--"), m=run.num_updates)
    legend = shared_legend([p.picture for p in panels])
    return Storyboard(tuple(panels), rows, cols, rect, heading, heading_tex, legend, proj.kind, pa)


def shared_view(source: ViewedSession, steps: Sequence[int], *, lifted: bool = False,
                line_band: float = 1.0) -> Rect:
    """The one view of storyboards of ``steps`` (any number, such as a handout's pages of them)."""
    _unused, _unused2, proj, P, frames = _frames(source, steps, lifted, many=True)
    return shared_rect(frames, proj, P, line_band)


def _frames(source: ViewedSession, steps: Sequence[int], lifted: bool,
            many: bool = False) -> tuple[RunResult, tuple[int, ...], Projection, np.ndarray, list[Frame]]:
    """The run, the checked steps, the projection, the points in the view plane and each step's frame."""
    result = source.result
    if result is None:
        raise StoryboardError(_("There is no run yet to draw as a storyboard; add points of both classes first."))
    run = result.record
    ks = check_steps(steps, run.num_updates, max_panels=None if many else MAX_PANELS)
    pts = source.points
    if pts.d > 2:
        raise StoryboardError(_("A storyboard draws the hyperplanes of 1-D or 2-D data; these points have {d} "
                                "features: export the canvas instead.").format(d=pts.d))
    proj = make_projection(pts.X, pts.feature_names, "pca", lifted and pts.d == 1)
    frames = [frame_at(result, run.step_of_update(k)) for k in ks]
    return result, ks, proj, proj.points(pts.X), frames


def shared_rect(frames: Sequence[Frame], proj: Projection, P: np.ndarray, line_band: float = 1.0) -> Rect:
    """One view for all ``frames``: the notes' box around the points and what each frame must
    show, grown until no frame's hyperplane is a stub in it (so it is a fixed point of the
    painters' own growing, :func:`~.fit_view.widened_view`)."""
    rect = fitted_view(P, must_show(frames, proj, P, show_previous=True))
    for _unused in range(4):
        grown = widened_view(rect, must_show(frames, proj, P, show_previous=True, rect=rect))
        if grown == rect:
            break
        rect = grown
    if proj.kind == "line":  # 1-D: the lines cross a band around the axis
        rect = (rect[0], -float(line_band), rect[2], float(line_band))
    return rect


def shared_legend(pictures: Sequence[Picture]) -> tuple[LegendEntry, ...]:
    """Every entry any of ``pictures`` draws, once, in the order they first appear; the
    hyperplane's says it is the dashed line when the previous one is drawn beside it."""
    order: list[LegendEntry] = []
    for pic in pictures:  # an entry new in this picture goes after the one before it here
        at = 0
        for entry in pic.legend:
            roles = [e.role for e in order]
            if entry.role in roles:
                at = roles.index(entry.role) + 1
            else:
                order.insert(at, entry)
                at += 1
    entries = {e.role: e for e in order}
    if "previous" in entries and "hyperplane" in entries:
        e = entries["hyperplane"]
        # TRANSLATORS: a storyboard's legend entry; {line} is the hyperplane's entry, "w·x + b = 0".
        after = _("{line} after the update (dashed)")
        entries["hyperplane"] = LegendEntry(e.role, after.format(line=e.text), tex_format(after, line=e.tex))
        p = entries["previous"]
        before = _("before the update (solid)")
        entries["previous"] = LegendEntry(p.role, before, tex_format(before))
    entries.pop("visit_no_update", None)  # every panel is an update: its example's ring is the updated one
    return tuple(entries.values())
