"""What a view of a session reads and calls: the Protocol the canvas and the plots are typed
against, so the window's :class:`~perceptron_gui.session.session.Session` and an export's frozen
:class:`~perceptron_gui.export.source.ExportSession` are two declared implementations of one
interface, not a class and a duck-typed copy of it. ``tests/session/test_viewed.py`` checks
both against it, member by member."""
from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import numpy as np

from ..core.run import RunRecord
from .frame import Frame
from .playback import Playhead
from .points import PointSet
from .run_result import RunResult

__all__ = ["ViewedSession", "VIEWED_MEMBERS"]


@runtime_checkable
class ViewedSession(Protocol):
    """The state a drawn view reads, the events it hears and the few edits it asks for."""

    points: PointSet
    result: RunResult | None
    playhead: Playhead
    selection: np.ndarray
    algorithm: str
    dragging: bool
    # The events (psygnal signal instances; declared on session.events.SessionEvents).
    points_changed: Any
    run_changed: Any
    playhead_changed: Any
    frame_changed: Any
    selection_changed: Any
    message: Any

    @property
    def run(self) -> RunRecord | None: ...

    @property
    def k(self) -> int: ...

    def frame(self) -> Frame | None: ...

    def execute(self, command: Any) -> bool: ...

    def select(self, indices: Any) -> None: ...

    def jump_to_update(self, k: int) -> None: ...

    def new_drag_id(self) -> int: ...

    def end_drag(self) -> None: ...

    def current_params(self) -> dict[str, Any]: ...

    def set_params(self, changes: dict[str, Any], label: str = ..., drag_id: int | None = ...) -> bool: ...

    def to_start(self) -> None: ...

    def set_view_range(self, view: Any) -> None: ...


VIEWED_MEMBERS = ("points", "result", "playhead", "selection", "algorithm", "dragging", "points_changed",
                  "run_changed", "playhead_changed", "frame_changed", "selection_changed", "message", "run", "k",
                  "frame", "execute",
                  "select", "jump_to_update", "new_drag_id", "end_drag", "set_view_range", "current_params",
                  "set_params", "to_start")
