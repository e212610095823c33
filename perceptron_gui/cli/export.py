"""``perceptron-gui export``: the window's File → Export, with no window and no display.

The input is a saved session (``*.perceptron.json``: data, algorithm, parameters, step and
view range, restored with :func:`~perceptron_gui.session.session_file.apply_session`) or a
data CSV with ``--algorithm``. A headless :class:`~perceptron_gui.session.session.Session`
trains exactly as the window's does, and every file is written by the code the window uses:
:mod:`perceptron_gui.gui.figures.plots` (PNG, SVG, PDF), :mod:`perceptron_gui.export.tikz`,
:mod:`perceptron_gui.gui.figures.animation` (GIF, MP4) and :mod:`perceptron_gui.core.runio` (the
run file and the update table, the writers of ``run --out`` and ``run --csv``).

This module imports no Qt at load time: an export of only ``--json``/``--csv`` never starts Qt.
For figures it selects Qt's offscreen platform
before Qt is imported, so it works over ssh and in CI.
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ..core.algorithms import REGISTRY, make_algorithm
from ..core.dataset import Dataset, DatasetError
from ..core.errors import UserError
from ..export.names import TIKZ_FIGURES
from ..export.source import MANY_RUN_FIGURES, STILL_FIGURES
from ..i18n import _
from .args import algorithm_params
from .common import UsageError, check_outputs, chosen_data, fail, read_data, read_test_data
from .compare import compare_options_problem, export_compare, prepare_compare
from .export_sizes import check_sizes
from .export_storyboard import beamer_writer, check_storyboard_options, choose_steps, storyboard_writer

__all__ = ["cmd_export", "mp4_available"]
FIGURE_OUTPUTS = ("png", "svg", "pdf", "tikz")
ANIMATION_OUTPUTS = ("gif", "mp4")
_APP: Any = None  # the QApplication of a figure export (kept referenced while it lives)


def mp4_available() -> bool:
    """Whether MP4 can be written (looked up here so tests can pretend it cannot)."""
    from ..gui.figures.animation import mp4_available as available  # Qt-free at import

    return available()


def _is_session_file(path: str) -> bool:
    return path.lower().endswith(".json")


def cmd_export(ns: argparse.Namespace) -> int:
    """Run ``perceptron-gui export``; returns the exit status (0, or 2 with one sentence)."""
    outputs = {name: getattr(ns, name) for name in (*FIGURE_OUTPUTS, *ANIMATION_OUTPUTS, "json", "csv", "beamer")}
    outputs = {k: v for k, v in outputs.items() if v}
    try:
        _choose_input(ns)
        if not outputs:
            raise UsageError(_("Nothing to export; give at least one of --png, --svg, --pdf, --tikz, --gif, --mp4, "
                               "--beamer, --json or --csv with a file name."))
        read = {} if ns.preset is not None else {_("the input"): ns.input, _("the --test file"): ns.test}
        check_outputs({f"--{name}": path for name, path in outputs.items()}, read)
        _check_options(ns, outputs)
        if ns.figure == "compare":
            prepare_compare(ns, _is_session_file(ns.input))
        session, view_range, notes = _load(ns)
        if ns.figure == "compare":  # the race: cli/compare.py
            return export_compare(ns, outputs, session, view_range, notes)
        if ns.figure in MANY_RUN_FIGURES:
            return _export_study(ns, outputs, session, notes)
        result = session.result
        t = _playhead(ns, session)
        choose_steps(ns, session)  # --figure storyboard: a step the run lacks is a sentence before any write
    except UserError as exc:  # DatasetError, ExportError, SessionFileError, WriteError, ...
        return fail(str(exc))
    except OSError as exc:
        return fail(_("{file} could not be read ({error}); check the name and permissions.").format(
            file=exc.filename or _("A file"), error=exc.strerror or exc))
    except MemoryError:
        return fail(_("The run needs more memory than there is; use fewer points or fewer epochs."))
    except UsageError as exc:
        return fail(str(exc))

    out = sys.stdout
    for note in notes:
        print(_("Note: {note}").format(note=note), file=out)
    from ..core.runio import run_file_note, write_run_json, write_updates_csv

    full = ns.full_run
    writers: list[tuple[str, Callable[[str], Any]]] = []
    if "json" in outputs:
        writers.append((outputs["json"], lambda p: write_run_json(p, result.record, result.theory, result.train,
                                                                   result.test, full=full)))
    if "csv" in outputs:
        writers.append((outputs["csv"], lambda p: write_updates_csv(p, result.record, result.train, result.theory,
                                                                    full=full)))
    if "beamer" in outputs:
        writers.append((outputs["beamer"], beamer_writer(ns, result)))  # the slides, or --beamer-handout's
    needs_qt = any(k in outputs for k in (*FIGURE_OUTPUTS, *ANIMATION_OUTPUTS))
    if needs_qt:
        writers.extend(_figure_writers(ns, outputs, session, t, view_range))
    for path, write in writers:
        try:
            write(path)
        except UserError as exc:
            return fail(str(exc))
        except OSError as exc:
            return fail(_("{file} could not be written ({error}); check the folder and its permissions.").format(
                file=path, error=exc.strerror or exc))
        file_note = (run_file_note(result.record, full, csv=path == outputs.get("csv"))
                     if path in (outputs.get("json"), outputs.get("csv")) else None)
        print(_("Wrote {path}.").format(path=path) + (f" {file_note}" if file_note else ""), file=out)
    return 0


def _check_options(ns: argparse.Namespace, outputs: dict[str, str]) -> None:
    check_sizes(ns, outputs)
    if not 100 <= ns.width <= 10_000:
        raise UsageError(_("--width must be between {lo} and {hi} pixels, not {width}.").format(
            lo=100, hi=10000, width=ns.width))
    if not 100 <= ns.frame_width <= 4000:
        raise UsageError(_("--frame-width must be between 100 and 4000 pixels, not {width}.").format(
            width=ns.frame_width))
    if not 0 < ns.fps <= 60:
        raise UsageError(_("--fps must be more than 0 and at most 60, not {fps:g}.").format(fps=ns.fps))
    if not 1 <= ns.max_frames <= 5000:
        raise UsageError(_("--max-frames must be between 1 and 5000, not {n}.").format(n=ns.max_frames))
    if ns.k_from < 0 or (ns.k_to is not None and ns.k_to < ns.k_from):
        raise UsageError(_("--from and --to are update numbers with 0 <= --from <= --to."))
    if ns.frames == "epoch" and any(k in outputs for k in ANIMATION_OUTPUTS):
        raise UsageError(_("--frames epoch is for --beamer; give --frames update or visit for a GIF or MP4."))
    for flag, given in (("--animate", ns.animate), ("--beamer-update", ns.beamer_update),
                        ("--beamer-margins", ns.beamer_margins)):
        if given and "beamer" not in outputs:
            raise UsageError(_("{option} goes with --beamer; add --beamer SLIDES.tex or drop {option}.").format(
                option=flag))
    check_storyboard_options(ns, outputs)
    problem = compare_options_problem(ns, outputs)
    if problem is not None:
        raise UsageError(problem)
    if ns.figure == "study":
        extra = sorted(set(outputs) - {"png", "svg", "pdf", "tikz"})
        if extra:
            raise UsageError(_("--figure study is the order study's histogram: give --png, --svg, --pdf or --tikz, "
                               "not {options} (export those without --figure study).").format(
                options=", ".join("--" + e for e in extra)))
    elif ns.seeds is not None:
        raise UsageError(_("--seeds goes with --figure study (the order study); add --figure study or drop --seeds."))
    if ns.figure in STILL_FIGURES and set(outputs) & set(ANIMATION_OUTPUTS):
        raise UsageError(_("--figure {figure} is a still figure of three plots; animate --figure dot, norm or "
                           "cos one by one.").format(figure=ns.figure))
    if "tikz" in outputs and ns.figure not in TIKZ_FIGURES:
        raise UsageError(_("--tikz draws the canvas and the curves against k (dot, norm, losses), not --figure "
                           "{figure}; drop --tikz or use --png, --svg or --pdf for that figure.").format(figure=ns.figure))
    if "mp4" in outputs:
        from ..gui.figures.animation import MP4_HINT

        if not mp4_available():
            raise UsageError(_("--mp4 needs the optional ffmpeg package; install it with {hint}, or use --gif.").format(
                hint=MP4_HINT))
    if ns.test and _is_session_file(ns.input):
        raise UsageError(_("--test goes with a data CSV; a session file keeps its own test points."))


class _Loaded:
    """Collects the session's messages while loading (errors end the export)."""

    def __init__(self, session: Any) -> None:
        self.notes: list[str] = []
        self.errors: list[str] = []
        session.message.connect(self._on_message)

    def _on_message(self, level: str, text: str) -> None:
        (self.errors if level == "error" else self.notes).append(text)


def _choose_input(ns: argparse.Namespace) -> None:
    """``ns.preset``: the preset ``--preset`` names (its name stands for the input), or None for
    a file, with one sentence when neither or both are given (the rule of 'run')."""
    ns.data = ns.input
    preset = chosen_data(ns, "export") if ns.run_preset is not None or ns.input is None else None
    if preset is not None:
        ns.input = preset.name
    ns.preset = preset


def _load(ns: argparse.Namespace) -> tuple[Any, Any, list[str]]:
    """A headless session trained on the input (synchronously), the saved view range, and the
    notes about the data (a skipped header, ...)."""
    from ..session.session import Session

    session = Session(background_work=float("inf"))  # train on this thread: nothing else to do
    log = _Loaded(session)
    _print_progress(session)
    view_range = None
    if _is_session_file(ns.input):
        from ..session.session_file import apply_session, load_session

        loaded = load_session(ns.input)
        ns.algorithm = ns.algorithm or loaded["algorithm"]
        params = {**loaded["params"][ns.algorithm], **algorithm_params(ns)}
        make_algorithm(ns.algorithm, **params).validate()
        loaded = {**loaded, "algorithm": ns.algorithm, "params": {**loaded["params"], ns.algorithm: params}}
        apply_session(session, loaded)
        view_range = loaded.get("view_range")
    else:
        if ns.algorithm is None:
            raise UsageError(_("Give --algorithm (one of {algorithms}) to train on a CSV file; "
                               "a session file remembers its own.").format(algorithms=", ".join(REGISTRY)))
        params = algorithm_params(ns)
        make_algorithm(ns.algorithm, **params).validate()
        if ns.preset is not None:
            train, test = ns.preset.train_test()  # its own test points stay test points
        else:
            train = read_data(ns.input, "training")
            test = read_test_data(ns.test, train) if ns.test else None
        for note in (*train.notices, *(test.notices if test is not None else ())):
            log.notes.append(note)
        data, mask = train, None
        if test is not None:
            data = Dataset.from_arrays(np.concatenate([train.X, test.X]), np.concatenate([train.y, test.y]),
                                       train.feature_names)
            mask = np.concatenate([np.zeros(train.n, dtype=bool), np.ones(test.n, dtype=bool)])
        # Parameters and algorithm first, with no points yet: the load below trains once.
        session.configure(ns.algorithm, {ns.algorithm: params}, retrain=False)
        session.load_dataset(Dataset.from_arrays(data.X, data.y, data.feature_names), Path(ns.input).name,
                             test=mask)
    if log.errors:
        raise DatasetError(log.errors[0])
    if session.result is None:
        raise DatasetError(_("No run could be made from this input; it needs training points."))
    return session, view_range, log.notes


def _print_progress(session: Any) -> None:
    """Lines on stderr while ``session`` trains a long run (see ``cli/progress.py``), with the
    time left the window's status bar shows."""
    from .progress import ProgressLines

    lines = ProgressLines()
    session.runner.report_progress_in_caller()
    session.progress_changed.connect(lambda epoch, total: lines(epoch, total, session.runner.estimate))


def _export_study(ns: argparse.Namespace, outputs: dict[str, str], session: Any, notes: list[str]) -> int:
    """``--figure study``: the order study of the input's training points with its algorithm and
    parameters (the study's own order replaces --shuffle/--seed), drawn as ``study --png`` draws it."""
    from ..core.order_study import DEFAULT_SEEDS, run_order_study
    from .common import THEORY_BUDGET_S, check_figure_paths, write_study_figures

    params = {k: v for k, v in session.current_params().items() if k not in ("shuffle", "seed")}
    try:
        paths = check_figure_paths(outputs, ns.width)
        study = run_order_study(session.algorithm, session.points.train_dataset(), params=params,
                                seeds=ns.seeds or DEFAULT_SEEDS, theory_budget_s=THEORY_BUDGET_S)
        for note in notes:
            print(_("Note: {note}").format(note=note))
        print("\n".join(study.summary_lines()))
        for path in write_study_figures(study, paths, ns.width):
            print(_("Wrote {path}.").format(path=path))
    except UserError as exc:
        return fail(str(exc))
    except OSError as exc:
        return fail(_("{file} could not be written ({error}); check the folder and its permissions.").format(
            file=exc.filename or _("A file"), error=exc.strerror or exc))
    return 0


def _playhead(ns: argparse.Namespace, session: Any) -> int:
    run = session.result.record
    step = ns.export_step
    if step is None:
        return session.playhead.t if _is_session_file(ns.input) else run.num_steps - 1
    if step == "end":
        return run.num_steps - 1
    if step > run.num_updates:
        raise UsageError(_("--step {step} is more than the {n} updates of this run; give 0 to {n} or 'end'.").format(
            step=step, n=run.num_updates))
    return run.step_of_update(step)


def _figure_writers(ns: argparse.Namespace, outputs: dict[str, str], session: Any, t: int,
                    view_range: Any) -> list[tuple[str, Callable[[str], Any]]]:
    """Writers of the figures and animations, after Qt is started offscreen."""
    from ..gui.app.application import prepare_environment

    prepare_environment(offscreen=True)
    from PySide6 import QtWidgets

    global _APP
    _APP = QtWidgets.QApplication.instance() or QtWidgets.QApplication(["perceptron-gui"])
    from ..gui.figures.animation import AnimationJob, AnimationSettings
    from ..gui.figures.plots import ExportSession, ViewOptions, export_figure

    options = ViewOptions(show_theta_star=ns.theta_star, view_range=view_range, compact_legend=ns.compact_legend,
                          aspect=ns.aspect, tikz_size=ns.tikz_size)
    figure = ns.figure

    def figure_writer(fmt: str) -> Callable[[str], Any]:
        if figure == "storyboard":  # small multiples of the run: cli/export_storyboard.py
            return storyboard_writer(ns, session, options, fmt)
        return lambda p: export_figure(ExportSession.from_session(session, t), p, fmt, figure=figure,
                                       width=ns.width, options=options, transparent=ns.transparent)

    def animation_writer(fmt: str) -> Callable[[str], Any]:
        settings = AnimationSettings(unit=ns.frames, k_from=ns.k_from, k_to=ns.k_to, fps=ns.fps,
                                     max_frames=ns.max_frames, width=ns.frame_width)
        return lambda p: AnimationJob(ExportSession.from_session(session, t), p, figure=figure, settings=settings,
                                      options=options, fmt=fmt).run()

    writers = [(outputs[f], figure_writer(f)) for f in FIGURE_OUTPUTS if f in outputs]
    writers += [(outputs[f], animation_writer(f)) for f in ANIMATION_OUTPUTS if f in outputs]
    return writers
