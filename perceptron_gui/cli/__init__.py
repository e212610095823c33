"""The ``perceptron-gui`` command: the window, ``run`` (train from the command line), ``export``.

``perceptron-gui`` alone opens the window (``perceptron-gui FILE`` on a data CSV or a session
file, see :mod:`.window_file`); ``--screenshot OUT.png`` (with ``--preset``,
``--algorithm``, ``--step``) asks the window to draw a state and save it. ``perceptron-gui run
DATA.csv --algorithm offset`` trains, prints the per-epoch table and the theory, and can write
the run file (``--out``) and the update table (``--csv``). ``perceptron-gui presets`` lists the
example data sets (``run --preset NAME`` trains on one), ``perceptron-gui lessons`` the lessons
(``--lesson NAME`` opens one, with ``--screenshot`` renders it). ``perceptron-gui export`` writes
slide figures and animations with no display (see :mod:`perceptron_gui.cli.export`);
``perceptron-gui study`` runs the order study (:mod:`perceptron_gui.cli.study`). Every
error a user can cause ends in one sentence on stderr and exit status 2, never a traceback.

The modules point one way: this one dispatches to :mod:`.run` and :mod:`.export` (imported
when their command is given, so the window's start pays for neither), both use :mod:`.args`
(the grammar) and :mod:`.common` (shared checks); :mod:`.report` prints for ``run``. None of
them imports this package back (an import-linter contract in pyproject.toml keeps it so).
"""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from ..core.errors import UserError
from ..core.pages import use_small_pages
from ..i18n import _, ngettext, set_language
from .args import COMMANDS, SentenceArgumentParser, build_parser, join_negative_values, usage_sentence, window_options
from .common import PROG, UsageError, check_outputs, fail, joined

__all__ = ["main", "build_parser"]


# ---- entry point ---------------------------------------------------------------------------
def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 no window, 2 a user error)."""
    set_language(None)  # the environment's language (PERCEPTRON_GUI_LANGUAGE, else the locale)
    args_list = join_negative_values(list(sys.argv[1:] if argv is None else argv))
    try:
        if any(a in COMMANDS for a in args_list) or any(a in ("-h", "--help") for a in args_list):
            ns, rest = build_parser().parse_known_args(args_list)
        else:
            # No command: only the window's options, the rest is Qt's (a parser with commands
            # would take the value of "-platform offscreen" for a command name).
            window = SentenceArgumentParser(prog=PROG, add_help=False)
            window_options(window)
            ns, rest = window.parse_known_args(args_list)
            ns.command = None
        window_opts = [o for o, v in (("--screenshot", ns.screenshot), ("--preset", ns.preset), ("--lesson", ns.lesson),
                                      ("--algorithm", ns.gui_algorithm), ("--step", ns.step),
                                      ("--size", ns.size), ("--theme", ns.theme),
                                      ("--presentation", ns.presentation),
                                      ("--install-desktop", ns.install_desktop)) if v is not None]
        if ns.command and window_opts:
            raise UsageError(ngettext(
                "{options} is for the window; give it after the command '{command}' if it has such an "
                "option, or use no command.",
                "{options} are for the window; give them after the command '{command}' if it has such an "
                "option, or use no command.", len(window_opts)).format(options=", ".join(window_opts),
                                                                        command=ns.command))
        global _ran_command
        _ran_command = ns.command in ("run", "export", "study", "exercises")
        if _ran_command:
            # A command is one pass over fresh memory: small pages cost it less (core/pages.py).
            # The window asks for them too, in gui/app.run_app.
            use_small_pages()
        if ns.command is not None:  # every command takes only its own options (Qt's are the window's)
            if rest:
                raise UsageError(usage_sentence(_("unrecognized arguments: %s") % " ".join(rest), f"{PROG} {ns.command}"))
            return _run_command(ns)
        return _cmd_gui(ns, rest)
    except UsageError as exc:
        return fail(str(exc))
    except SystemExit as exc:  # --help, or argparse giving up in a way we did not foresee
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except KeyboardInterrupt:
        print(_("Interrupted."), file=sys.stderr)
        return 130


def _run_command(ns: argparse.Namespace) -> int:
    """The command named by ``ns.command`` (each module is imported only when its command runs)."""
    if ns.command == "run":
        from .run import cmd_run
        return cmd_run(ns)
    if ns.command == "export":
        from .export import cmd_export
        return cmd_export(ns)
    if ns.command == "study":
        from .study import cmd_study
        return cmd_study(ns)
    if ns.command == "exercises":
        from .exercises import cmd_exercises
        return cmd_exercises(ns)
    if ns.command == "lessons":
        from ..session.lessons import lesson_lines
        print("\n".join(lesson_lines()))
        return 0
    from ..core.presets import preset_lines  # "presets"
    print("\n".join(preset_lines()))
    return 0


def _cmd_gui(ns: argparse.Namespace, rest: list[str]) -> int:
    from .window_file import split_window_file
    path, rest = split_window_file(rest)  # Qt's options stay; a bare word is the file to open
    if ns.install_desktop:
        extra = [o for o, v in ((_("a file"), path), (_("Qt's options"), rest)) if v]
        if extra:
            raise UsageError(_("--install-desktop installs and exits; leave out {what}.").format(what=joined(extra)))
        from .desktop import cmd_install_desktop
        return cmd_install_desktop()
    check_outputs({"--screenshot": ns.screenshot}, {_("the file to open"): path})
    clash = [o for o, v in (("--preset", ns.preset), ("--lesson", ns.lesson)) if v is not None]
    if path is not None and clash:
        raise UsageError(_("{path} brings its own data; leave out {options}, or leave out the file.").format(
            path=path, options=joined(clash)))
    if ns.preset is not None:
        from ..core.presets import get_preset
        try:
            get_preset(ns.preset)
        except UserError as exc:
            raise UsageError(str(exc)) from None
    if ns.lesson is not None:
        _check_lesson(ns)
    try:
        from ..gui.app.application import run_app
    except ImportError as exc:
        print(_("The window cannot open because a part of it could not be loaded ({error}).").format(error=exc),
              file=sys.stderr)
        build_parser().print_help(sys.stderr)
        return 1
    status = run_app(rest, screenshot=ns.screenshot, preset=ns.preset, algorithm=ns.gui_algorithm, step=ns.step,
                     size=ns.size, lesson=ns.lesson, theme=ns.theme, presentation=bool(ns.presentation),
                     path=path)
    return int(status or 0)


def _check_lesson(ns: argparse.Namespace) -> None:
    """A known lesson, and no --preset or --algorithm beside it (it brings its own)."""
    from ..session.lessons import check_lesson
    try:
        check_lesson(ns.lesson)
    except UserError as exc:
        raise UsageError(str(exc)) from None
    clash = [o for o, v in (("--preset", ns.preset), ("--algorithm", ns.gui_algorithm)) if v is not None]
    if clash:
        raise UsageError(_("--lesson brings its own data and algorithm; leave out {options}.").format(
            options=joined(clash)))


_ran_command = False  # main() ran a command (run, export), not the window


def entry() -> None:  # pragma: no cover - the console script; main() is what tests call
    """The ``perceptron-gui`` console script: :func:`main`, and after a command (run, export)
    leave without the interpreter's teardown, which unloads numba's and LLVM's modules one by
    one: 0.33 s of a 1.5 s ``run`` (tests/benchmarks/bench_first_run.py). Output is flushed
    first, and every file a command writes is complete by then (written atomically).

    A reader that stops early (``perceptron-gui lessons | head``) ends the program quietly, as
    it ends any Unix tool, instead of with a BrokenPipeError traceback."""
    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # Python's own advice: point stdout at /dev/null, so the flush at exit fails no more.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        os._exit(0)
    if _ran_command:
        sys.stderr.flush()
        os._exit(code)
    raise SystemExit(code)


if __name__ == "__main__":  # pragma: no cover
    entry()
