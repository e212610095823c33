"""What an export draws, and where it goes (no Qt): the frozen session, the view options,
the figure and format names, and the check that an output can be written (the writing
itself goes through :mod:`perceptron_gui.core.atomic`).

:class:`ExportSession` freezes what is drawn: a copy of the session's points, its finished
run and a playhead of its own. The exported views subscribe to *its* events, never to the
user's session, so an export cannot move the window's playhead or view, and nothing is left
subscribed to the session afterwards.
"""
from __future__ import annotations

import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..core.errors import UserError
from ..core.io import unwritable_reason
from ..i18n import _
from ..render.geometry import ViewRange as View
from ..session.events import SessionEvents
from ..session.frame import Frame, frame_at
from ..session.playback import Playhead
from ..session.points import PointSet
from .names import FIGURES, FRAME_UNITS
from .tikz_fit import TikzSize

__all__ = ["FIGURES", "MANY_RUN_FIGURES", "PROOF_FIGURES", "STILL_FIGURES",
           "AFTER_PLAYHEAD", "FRAME_UNITS", "FORMATS", "RASTER_POINTS_ABOVE",
           "RASTER_SCALE", "raster_note",
           "MIN_WIDTH_PX", "MAX_WIDTH_PX", "ExportError", "ExportSession", "ViewOptions",
           "format_of", "check_writable", "logical_size"]

# Figures of many runs rather than of the session's one run at its playhead (cli/export.py hands
# them to their own commands' writers).
MANY_RUN_FIGURES = ("study", "compare")
PROOF_FIGURES = ("angle", "dot", "norm", "cos", "proof")  # the figures that need θ*
STILL_FIGURES = ("proof",)  # one slide's picture of several plots: no animation of it
AFTER_PLAYHEAD = ("faint", "hidden")  # how the curves against k are drawn after the playhead
FORMATS = {".png": "png", ".svg": "svg", ".pdf": "pdf", ".tex": "tikz", ".tikz": "tikz"}
MIN_WIDTH_PX, MAX_WIDTH_PX = 100, 10_000  # PNG width in pixels
# Above this many points an SVG or PDF draws the points (with their rings and the normal arrow
# over them) as one embedded image, at RASTER_SCALE device pixels per figure pixel: 10⁶ points
# as vector symbols made a 581 MB SVG no slide program opens. Lines, text and axes stay vectors.
RASTER_POINTS_ABOVE = 20_000
RASTER_SCALE = 3.0


def raster_note(n_points: int, fmt: str) -> str:
    """What the export dialog says about a vector export of ``n_points`` points ("" if nothing)."""
    if fmt not in ("svg", "pdf") or n_points <= RASTER_POINTS_ABOVE:
        return ""
    # TRANSLATORS: {format} is "SVG" or "PDF"; {above} the number of points above which this happens.
    return _("{n} points: the points are drawn as one image inside the {format} (above {above}); lines, text and "
             "axes stay vectors.").format(n=f"{n_points:,}", format=fmt.upper(), above=f"{RASTER_POINTS_ABOVE:,}")
REFERENCE_SIZE = (960, 640)  # the logical size of a 3:2 figure; other shapes keep its area
MIN_ASPECT, MAX_ASPECT = 0.5, 3.0


def logical_size(aspect: float = 1.5) -> tuple[int, int]:
    """The logical (width, height) of a figure of this width/height ratio, with the area of
    960 × 640, so text has the same size relative to the figure whatever its shape."""
    a = min(max(float(aspect) if math.isfinite(aspect) and aspect > 0 else 1.5, MIN_ASPECT), MAX_ASPECT)
    area = REFERENCE_SIZE[0] * REFERENCE_SIZE[1]
    w = math.sqrt(area * a)
    return int(round(w)), int(round(w / a))


class ExportError(UserError):
    """An export that cannot be made; ``str(err)`` is one sentence for the user."""


# ---- what is drawn -----------------------------------------------------------------------------
class ExportSession(SessionEvents):
    """A read-only stand-in for the :class:`~perceptron_gui.session.session.Session` that the
    exported views read: the points and the finished run, with a playhead of its own.

    It has the attributes and events the views use (``points``, ``result``, ``playhead``,
    ``selection``, ``algorithm``, ``run``, ``k``, and ``points_changed``, ``run_changed``,
    ``playhead_changed``, ``selection_changed``, ``message``); edits are refused. It implements
    :class:`~perceptron_gui.session.viewed.ViewedSession`, the interface the drawn views use.
    """

    dragging = False  # nobody drags points in an export

    def __init__(self, points: PointSet, result: Any, algorithm: str, t: int = -1,
                 view_range: View | None = None, data_title: str = "") -> None:
        self.points = points
        self.result = result
        self.algorithm = algorithm
        self.playhead = Playhead(int(t))
        self.playhead.clamp(self.run)
        self.selection = np.zeros(0, dtype=np.int64)
        self.view_range = view_range
        self.data_title = data_title

    @classmethod
    def from_session(cls, session: Any, t: int | None = None) -> ExportSession:
        """Freeze ``session``: its points (copied), its finished run, and ``t`` (default: its playhead)."""
        return cls(session.points.copy(), session.result, session.algorithm,
                   session.playhead.t if t is None else int(t), session.view_range, session.data_title)

    @property
    def run(self) -> Any:
        return None if self.result is None else self.result.record

    @property
    def k(self) -> int:
        return self.playhead.k(self.run)

    def frame(self) -> Frame | None:
        """The frame at the playhead, computed at once (an export waits for its pictures)."""
        return None if self.result is None else frame_at(self.result, self.playhead.t)

    def set_view_range(self, view: View | None) -> None:
        """The range the exported canvas shows (the canvas reports its own, as on screen)."""
        self.view_range = view

    def set_t(self, t: int) -> None:
        """Move this copy's playhead (clamped to the run) and announce it."""
        self.playhead.t = int(t)
        self.playhead.clamp(self.run)
        self.playhead_changed.emit()

    # Never called by offscreen views (they get no mouse input); present so a stray call is harmless.
    def execute(self, command: Any) -> bool:
        return False

    def select(self, indices: Any) -> None:
        pass

    def jump_to_update(self, k: int) -> None:
        pass

    def new_drag_id(self) -> int:
        return 0

    def end_drag(self) -> None:
        pass

    def current_params(self) -> dict[str, Any]:
        return {} if self.result is None else dict(self.result.params)

    def set_params(self, changes: dict[str, Any], label: str = "", drag_id: int | None = None) -> bool:
        return False  # an export draws a finished run: nothing is retrained

    def to_start(self) -> None:
        pass  # its playhead is the export's, set when it is made


@dataclass
class ViewOptions:
    """How the canvas is drawn: what the window's View menu shows, and the figure's shape.

    ``view_range`` ((x0, x1), (y0, y1)) is the data range to show (None: fit the points);
    ``aspect`` the figure's width / height.
    """

    show_theta_star: bool = False
    show_regions: bool = True
    show_margins: bool = True
    show_previous: bool = True  # the hyperplane before the last update (render/update_picture.py)
    show_update: bool = False  # the last update as vectors
    show_point_margins: bool = False  # each point's signed margin beside it
    features: str | tuple[int, int | None] = "pca"  # for d > 2: "pca", "w_theta" or (i, j)
    lifted: bool = False
    view_range: View | None = None
    aspect: float = 1.5
    after_playhead: str = "faint"  # the curves against k after the playhead: "faint" or "hidden"
    compact_legend: bool = False  # TikZ only: the legend in two columns, smaller
    tikz_size: TikzSize | None = None  # TikZ only: the room it is scaled to fit, and the legend switch

    @classmethod
    def from_canvas(cls, canvas: Any, aspect: float | None = None) -> ViewOptions:
        """The options of an on-screen canvas: its View-menu switches, view range and shape."""
        o = canvas.options
        (x0, x1), (y0, y1) = canvas.view_box.viewRange()
        w, h = canvas.width(), canvas.height()
        return cls(show_theta_star=o.show_theta_star, show_regions=o.show_regions, show_margins=o.show_margins,
                   show_previous=o.show_previous, show_update=o.show_update, show_point_margins=o.show_point_margins,
                   features=canvas.view_choice, lifted=canvas.lifted_view,
                   view_range=((float(x0), float(x1)), (float(y0), float(y1))),
                   aspect=aspect if aspect is not None else (w / h if w > 0 and h > 0 else 1.5))


# ---- files -----------------------------------------------------------------------------------------
def format_of(path: str | os.PathLike[str]) -> str:
    """'png', 'svg', 'pdf' or 'tikz' from a file name; ExportError for another ending."""
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise ExportError(_("{name} has no known ending; name it .png, .svg, .pdf or .tex (TikZ).").format(
            name=Path(path).name))
    return FORMATS[suffix]


def check_writable(path: str | os.PathLike[str]) -> Path:
    """Fail before rendering, not after, when ``path`` cannot be written."""
    reason = unwritable_reason(path)
    if reason is not None:
        raise ExportError(reason)
    return Path(path)
