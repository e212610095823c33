"""The application state, with no Qt: points, algorithm, run, playhead, selection, history.

Views call :meth:`Session.execute` with a command (or a playback method) and redraw when an
event fires; nothing else changes the state.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from ..core.algorithms import REGISTRY, kernels_loaded, make_algorithm
from ..core.dataset import Dataset, DatasetError
from ..core.presets import get_preset
from ..i18n import N_, _
from .commands import Change, Command, ReplaceAll
from .events import SessionEvents
from .frames import FrameService
from .history import History
from .own_copy import own_copy_in_background
from .param_commands import SetParams
from .playback import Playhead
from .points import PointSet
from .run_result import RunResult
from .runner import Runner, RunRequest
from .session_playback import PlaybackMixin

__all__ = ["Session"]


class Session(PlaybackMixin, SessionEvents):
    """Everything the window shows, and the only way to change it.

    Events (declared on :class:`~.events.SessionEvents`; callbacks' arguments in brackets):
    ``points_changed`` [Change], ``run_changed`` [RunResult | None], ``playhead_changed`` [],
    ``algorithm_changed`` [], ``history_changed`` [], ``selection_changed`` [],
    ``busy_changed`` [bool], ``progress_changed`` [epoch, total], ``message`` [level, text],
    ``playing_changed`` [bool]. Views subscribe through ``gui.kit.view_wiring.connect_events``.
    """

    def __init__(self, post: Callable[[Callable[[], None]], None] | None = None,
                 background_work: float | None = None) -> None:
        self.points = PointSet.empty(2)
        self.algorithm = "offset"
        self.params: dict[str, dict[str, Any]] = {
            name: {p.name: p.default for p in cls.param_specs()} for name, cls in REGISTRY.items()
        }
        self.history = History()
        self.playhead = Playhead()
        self.selection: np.ndarray = np.zeros(0, dtype=np.int64)
        self.result: RunResult | None = None
        self.error: str | None = None
        self.playing = False
        self.dragging = False
        self.play_unit = "update"  # "update", "visit" or "epoch"
        self.play_speed = 5.0  # steps per second
        self.view_range: tuple[tuple[float, float], tuple[float, float]] | None = None
        self.runner = Runner(post) if background_work is None else Runner(post, background_work)
        self.frames = FrameService(post, self.frame_changed.emit)
        self._generation = itertools.count(1)
        self._drag_ids = itertools.count(1)
        self._pending_generation = 0
        self._new_data = False  # a data set was replaced: its first run opens at the end
        # restore(): (the generation of the restored data's run, the step it opens at)
        self._restore_t: tuple[int, int] | None = None
        self._busy = False  # what busy_changed last announced
        self.prepare_in_background = False  # the window sets it: see recompute
        self.preparing = False  # the run under way loads or compiles its kernels first
        self._stale = False  # a drag moved points while a background run was training: run again after it

    # ---- data edits ---------------------------------------------------------------------
    def execute(self, command: Command) -> bool:
        """Apply an edit; a bad value becomes a ``message`` event and changes nothing."""
        try:
            change = self.history.execute(command, self.points)
        except DatasetError as exc:
            self.message.emit("error", str(exc))
            return False
        self._after_edit(change)
        return True

    def undo(self) -> bool:
        change = self.history.undo(self.points)
        if change is None:
            return False
        self._after_edit(change)
        return True

    def redo(self) -> bool:
        change = self.history.redo(self.points)
        if change is None:
            return False
        self._after_edit(change)
        return True

    def new_drag_id(self) -> int:
        """An id shared by the moves of one drag, so they undo as one step. Until
        :meth:`end_drag`, ``dragging`` is True: views that are not the focus of a drag may
        then redraw less often than the run changes."""
        self.dragging = True
        return next(self._drag_ids)

    def end_drag(self) -> None:
        self.dragging = False
        self.history.end_merge()
        if self._stale:  # the drag's last moves wait for no run now: train on where it ended
            self.recompute()

    def forget_history(self) -> None:
        """Start the undo history afresh (a preset loaded at start-up is where the work begins)."""
        self.history.clear()
        self.history_changed.emit()

    @property
    def data_title(self) -> str:
        """The data set's name (preset title, file name; "" for drawn or cleared data)."""
        return self.points.title

    def _after_edit(self, change: Change) -> None:
        if change.kind == "params":  # a parameter edit (or its undo): the points are as they were
            self.algorithm_changed.emit()
            self.history_changed.emit()
            self.recompute()
            return
        if change.kind == "reset":
            self._new_data = True
            own_copy_in_background(self.points, self.frames.post)  # the first drag then copies nothing
        selection_moved = False
        if change.kind in ("delete", "reset"):
            self.selection = np.zeros(0, dtype=np.int64)
            selection_moved = True
        elif change.kind == "add" and self.selection.size:
            # Rows inserted above selected points (an undone delete) push them down: the
            # selection follows the points, so Delete never removes a point nobody selected.
            kept = np.flatnonzero(~np.isin(np.arange(self.points.n), change.indices))
            moved = kept[self.selection]
            selection_moved = not np.array_equal(moved, self.selection)
            self.selection = moved
        # The selection is set before either event, so a listener of points_changed never reads
        # rows that moved; selection_changed follows, once the views have the rows it names.
        self.points_changed.emit(change)
        if selection_moved:
            self.selection_changed.emit()
        self.history_changed.emit()
        self.recompute()

    def load_dataset(self, data: Dataset, title: str = "", test: np.ndarray | None = None,
                     label: str = N_("Load data")) -> bool:
        """Replace the data (one undoable step). The new data's run opens at its end, with the
        user's algorithm and parameters; notices about the file follow as ``info`` messages."""
        if self.execute(ReplaceAll(PointSet.from_dataset(data, test, title), label)):
            # After the load: views may clear messages about the data they replaced.
            for note in data.notices:
                self.message.emit("info", note)
            return True
        return False

    def load_preset(self, name: str, switch: bool = True) -> None:
        """Load a worked example. The rule (README, "Presets"): the run opens at its end with
        the user's algorithm and parameters, unless the preset is about other algorithms; then
        it switches to the first of those. One ``info`` message explains the example and names
        the switch and any parameters kept from before that differ from their defaults."""
        try:
            preset = get_preset(name)
        except DatasetError as exc:  # a name typed on the command line: a sentence, like set_algorithm
            self.message.emit("error", str(exc))
            return
        # switch=False: the algorithm was chosen explicitly (the command line's --algorithm).
        switch = switch and bool(preset.algorithms) and self.algorithm not in preset.algorithms
        if switch:  # set before the load, so the data trains once, with the right algorithm
            self.algorithm = preset.algorithms[0]
            self.algorithm_changed.emit()
        data, test = preset.data_and_roles()  # a preset with a fixed split (digits) brings its test points
        if not self.load_dataset(data, preset.title, test=test, label=_("Load preset {title}").format(title=preset.title)):
            return
        notes = [preset.explanation]
        if switch:
            notes.append(_("Switched to the {title} perceptron for this example.").format(
                title=REGISTRY[self.algorithm].title))
        kept = self.non_default_params()
        if kept:
            notes.append(_("Kept your settings: {settings}.").format(settings=", ".join(kept)))
        self.message.emit("info", " ".join(notes))

    def non_default_params(self) -> list[str]:
        """'label = value' for each parameter of the current algorithm not at its default."""
        specs = REGISTRY[self.algorithm].param_specs()
        params = self.params[self.algorithm]
        return [f"{p.label.rstrip(':')} = {params[p.name]}" for p in specs
                if p.name in params and params[p.name] != p.default]

    def clear(self) -> None:
        self.execute(ReplaceAll(PointSet.empty(self.points.d), N_("Clear")))

    # ---- selection ----------------------------------------------------------------------
    def select(self, indices: Iterable[int]) -> None:
        sel = np.unique(np.asarray(list(indices), dtype=np.int64))
        sel = sel[(sel >= 0) & (sel < self.points.n)]
        if not np.array_equal(sel, self.selection):
            self.selection = sel
            self.selection_changed.emit()

    # ---- algorithm ------------------------------------------------------------------------
    def set_algorithm(self, name: str) -> None:
        if name not in REGISTRY:
            self.message.emit("error", _("There is no algorithm '{name}'; choose one of {names}.").format(
                name=name, names=", ".join(REGISTRY)))
            return
        if name != self.algorithm:
            self.algorithm = name
            self.algorithm_changed.emit()
            self.recompute()

    def current_params(self) -> dict[str, Any]:
        return dict(self.params[self.algorithm])

    def set_param(self, name: str, value: Any) -> bool:
        """Set one parameter of the current algorithm; a bad value gives a message, keeps the old."""
        return self.set_params({name: value})

    def set_params(self, changes: dict[str, Any], label: str = N_("Change parameters"),
                   drag_id: int | None = None) -> bool:
        """Set several parameters of the current algorithm at once (one check, one retraining,
        one undo step named ``label``; the edits of one handle drag, same ``drag_id``, merge):
        a hand-set start is ``{"init": "custom", "start_w": (1, -1), "start_b": 1}``. A bad
        value gives a message and keeps every old one."""
        params = dict(self.params[self.algorithm])
        specs = {p.name: p for p in REGISTRY[self.algorithm].param_specs()}
        for name, value in changes.items():
            if name not in params:
                self.message.emit("error", _("The {algorithm} perceptron has no parameter '{name}'.").format(
                    algorithm=self.algorithm, name=name))
                return False
            params[name] = specs[name].coerce(value)
        try:
            algo = make_algorithm(self.algorithm, **params)
            algo.validate()
            algo.check_start(self.points.X)  # a start of the wrong length or scale, said now
        except DatasetError as exc:
            self.message.emit("error", str(exc))
            return False
        if params == self.params[self.algorithm]:
            return True  # nothing changes: no undo step, no retraining
        return self.execute(SetParams(self, self.algorithm, params, self.algorithm, label, drag_id))

    # ---- running (``run``, the finished run's record, is PlaybackMixin's) --------------------
    @property
    def busy(self) -> bool:
        """True from a background run's start until its result, its error or a cancel."""
        return self._busy

    def _set_busy(self, busy: bool) -> None:
        if busy != self._busy:
            self._busy = busy
            self.busy_changed.emit(busy)

    def recompute(self, force_sync: bool = False) -> None:
        if self.dragging and self._busy and not force_sync:
            # A big run outlasts many mouse moves: restarting it at each one would never finish
            # one (and each restart shares the points anew, so the next move copies them). Let it
            # finish and show it, then train on the latest positions (_on_result, end_drag).
            self._stale = True
            return
        self._stale = False
        gen = next(self._generation)
        self._pending_generation = gen
        request = RunRequest(gen, self.algorithm, self.current_params(), self.points.snapshot())
        # A window's first run of an algorithm may have to compile its kernels (2 s after
        # installing): on the worker, with "preparing…" shown, so the window is up at once.
        request.prepare = self.preparing = (self.prepare_in_background and self.runner.has_dispatcher
                                            and not kernels_loaded(REGISTRY[self.algorithm].kernels))
        # Announce before the worker starts: with a direct post a quick worker would otherwise
        # report False before this thread reports True. Thread liveness is no guide either: a
        # superseded worker may still be alive after a quick run has replaced it.
        if self.runner.runs_in_background(request, force_sync):
            self._set_busy(True)
        self.runner.submit(request, lambda res, err: self._on_result(res, err, gen), self._on_progress,
                           force_sync=force_sync)

    def wait(self, timeout: float | None = 60.0) -> None:
        """Block until a background run is done (for scripts and tests)."""
        self.runner.wait(timeout)

    def cancel(self) -> None:
        if self._busy:
            self.runner.cancel()
            self._set_busy(False)
            self.message.emit("info", _("Training was cancelled; the last finished run is shown."))

    def _on_progress(self, epoch: int, total: int) -> None:
        self.progress_changed.emit(epoch, total)

    def _on_result(self, result: RunResult | None, error: str | None, generation: int | None = None) -> None:
        if generation is None and result is not None:
            generation = result.generation
        if generation is not None and generation != self._pending_generation:
            return  # superseded: its result, and its error too, are of no interest
        old = self.run
        was_at_end = self.playhead.at_end(old) or old is None or self._new_data
        self._new_data = False
        # Every event below is sent once the state it announces is complete: a listener of
        # busy_changed(False) reads the new result (or the error), never the previous run.
        if error is not None:
            self.error = error
            self._restore_t = None
            self._set_busy(False)
            self.message.emit("error", error)
            self._catch_up()
            return
        self.error = None
        self.result = result
        self.playhead.follow(old, self.run, was_at_end)
        restore, self._restore_t = self._restore_t, None
        if restore is not None and restore[0] == generation:  # restored data's run: its saved step
            self.playhead.t = restore[1]
            self.playhead.clamp(self.run)
        self._set_busy(False)
        self.run_changed.emit(result)
        self.playhead_changed.emit()
        self._catch_up()

    def _catch_up(self) -> None:
        """After a run that a drag outran, the run on the points as they are now."""
        if self._stale:
            self.recompute()

    # ---- settings the views change (the session is the only writer of its state) ------------
    def set_view_range(self, view: tuple[tuple[float, float], tuple[float, float]] | None) -> None:
        """The data range the canvas shows (exports and session files use it); None: fit."""
        if view is None:
            self.view_range = None
            return
        (x0, x1), (y0, y1) = ((float(a), float(b)) for a, b in view)
        self.view_range = ((x0, x1), (y0, y1))

    def set_dispatcher(self, post: Callable[[Callable[[], None]], None]) -> None:
        """Deliver background results through ``post`` (a window's UI-thread queue)."""
        self.runner.post = post
        self.runner.has_dispatcher = True
        self.frames.post = post  # big frames may now be computed on a worker

    def configure(self, algorithm: str | None = None,
                  params: dict[str, dict[str, Any]] | None = None, retrain: bool = True) -> None:
        """Set the algorithm and any algorithms' parameters in one step, announced once.

        Parameters not given keep their values; an algorithm missing from ``params`` keeps its
        own. With ``retrain=False`` the next data load trains (a file being opened)."""
        if params is not None:
            for name, p in params.items():
                if name in self.params:
                    self.params[name] = {**self.params[name], **dict(p)}
        if algorithm is not None:
            if algorithm not in REGISTRY:
                self.message.emit("error", _("There is no algorithm '{name}'; choose one of {names}.").format(
                    name=algorithm, names=", ".join(REGISTRY)))
                return
            self.algorithm = algorithm
        self.algorithm_changed.emit()
        if retrain:
            self.recompute()

    def restore(self, data: Dataset, title: str, test: np.ndarray | None, algorithm: str,
                params: dict[str, dict[str, Any]], t: int,
                view_range: tuple[tuple[float, float], tuple[float, float]] | None,
                label: str = N_("Open session")) -> None:
        """Put back a saved state: the data as one undoable step, the algorithm and every
        algorithm's parameters, the playhead at step ``t`` once the run is computed (at once for
        a small run, when the background run arrives for a big one; clamped to the run), and
        the view range."""
        self.set_playing(False)
        self.configure(algorithm, params, retrain=False)  # the load below trains once
        # The load's run is the next generation (recompute numbers them one by one): placed when
        # it arrives, before views hear of it — at once for a small run, later for a big one.
        self._restore_t = (self._pending_generation + 1, int(t))
        if not self.load_dataset(data, title, test=test, label=label):
            self._restore_t = None
        self.set_view_range(view_range)
