"""The ``perceptron-gui`` command: the window, ``run`` (train from the command line), ``export``.

``perceptron-gui`` alone opens the window; ``--screenshot OUT.png`` (with ``--preset``,
``--algorithm``, ``--step``) asks the window to draw a state and save it. ``perceptron-gui run
DATA.csv --algorithm offset`` trains, prints the per-epoch table and the theory, and can write
the run file (``--out``) and the update table (``--csv``). ``perceptron-gui export`` writes
slide figures and animations with no display (see :mod:`perceptron_gui.cli_export`). Every
error a user can cause ends in one sentence on stderr and exit status 2, never a traceback.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any, Sequence

from .cli_args import (COMMANDS, PROG, SentenceArgumentParser, UsageError, _all_specs, _option, _owners,
                       _sentence, _window_options, build_parser)
from .cli_report import print_epoch_table, print_summary
from .core.algorithms import REGISTRY
from .core.dataset import Dataset, DatasetError
from .core.io import unwritable_reason

__all__ = ["main", "build_parser"]

# Wall-clock budget of each max-margin solve (two with an offset): the CLI must answer
# promptly on 10⁶ points, and an unfinished solve still reports a certified gap.
THEORY_BUDGET_S = 1.0
# Variants whose cost grows with n × updates, not n × epochs.
SLOW_ON_BIG_DATA = {
    "pocket": "the pocket perceptron counts the points it gets right after every update",
    "voted": "the voted perceptron's per-epoch errors let every stored vector vote on every point",
}
SLOW_N = 20_000


# ---- entry point ---------------------------------------------------------------------------
def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 no window, 2 a user error)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        if any(a in COMMANDS for a in args_list) or any(a in ("-h", "--help") for a in args_list):
            ns, rest = build_parser().parse_known_args(args_list)
        else:
            # No command: only the window's options, the rest is Qt's (a parser with commands
            # would take the value of "-platform offscreen" for a command name).
            window = SentenceArgumentParser(prog=PROG, add_help=False)
            _window_options(window)
            ns, rest = window.parse_known_args(args_list)
            ns.command = None
        window_opts = [o for o, v in (("--screenshot", ns.screenshot), ("--preset", ns.preset),
                                      ("--algorithm", ns.gui_algorithm), ("--step", ns.step)) if v is not None]
        if ns.command and window_opts:
            raise UsageError(f"{', '.join(window_opts)} {'is' if len(window_opts) == 1 else 'are'} for the window; "
                             f"give {'it' if len(window_opts) == 1 else 'them'} after the command "
                             f"'{ns.command}' if it has such an option, or use no command.")
        if ns.command == "run":
            if rest:
                raise UsageError(_sentence(f"unrecognized arguments: {' '.join(rest)}", f"{PROG} run"))
            return _cmd_run(ns)
        if ns.command == "export":
            if rest:
                raise UsageError(_sentence(f"unrecognized arguments: {' '.join(rest)}", f"{PROG} export"))
            from .cli_export import cmd_export
            return cmd_export(ns)
        return _cmd_gui(ns, rest)
    except UsageError as exc:
        return _fail(str(exc))
    except SystemExit as exc:  # --help, or argparse giving up in a way we did not foresee
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except KeyboardInterrupt:
        print("Interrupted.", file=sys.stderr)
        return 130


def _check_qt_arguments(rest: list[str]) -> None:
    """Qt's options start with one dash; anything else left over is a mistake of the user's."""
    prev_option = False
    for a in rest:
        if a.startswith("--"):
            raise UsageError(_sentence(f"unrecognized arguments: {a}", PROG))
        if a.startswith("-"):
            prev_option = True
            continue
        if not prev_option:
            raise UsageError(f"'{a}' is not a command; use one of {', '.join(COMMANDS)}, or no command to "
                             f"open the window (see '{PROG} --help').")
        prev_option = False


def _fail(sentence: str, status: int = 2) -> int:
    print(sentence, file=sys.stderr)
    return status


def _cmd_gui(ns: argparse.Namespace, rest: list[str]) -> int:
    _check_qt_arguments(rest)
    if ns.preset is not None:
        from .core.presets import get_preset
        try:
            get_preset(ns.preset)
        except DatasetError as exc:
            raise UsageError(str(exc)) from None
    try:
        from .gui.app import run_app
    except ImportError as exc:
        print(f"The window cannot open because a part of it could not be loaded ({exc}).", file=sys.stderr)
        build_parser().print_help(sys.stderr)
        return 1
    status = run_app(rest, screenshot=ns.screenshot, preset=ns.preset, algorithm=ns.gui_algorithm, step=ns.step)
    return int(status or 0)


# ---- run ------------------------------------------------------------------------------------
def _algorithm_params(ns: argparse.Namespace) -> dict[str, Any]:
    """The parameters the user gave, checked against the chosen algorithm's specs."""
    cls = REGISTRY[ns.algorithm]
    own = {s.name: s for s in cls.param_specs()}
    params: dict[str, Any] = {}
    for name, spec in _all_specs().items():
        v = getattr(ns, name, None)
        if v is None:
            continue
        opt = _option(spec)
        if name not in own:
            owners = _owners(name)
            if name == "offset":
                why = "it never uses an offset" if not cls.default_offset else "its offset is always on"
                raise UsageError(f"{opt} does not apply to the {ns.algorithm} perceptron: {why}; "
                                 f"use --algorithm standard for a line through the origin.")
            raise UsageError(f"{opt} does not apply to the {ns.algorithm} perceptron; it is an option of "
                             f"{', '.join(owners)} only.")
        spec = own[name]
        if spec.kind in (int, float) and spec.choices is None:
            lo, hi = spec.minimum, spec.maximum
            if (lo is not None and v < lo) or (hi is not None and v > hi):
                if name == "lift_a":
                    raise UsageError(f"{opt} must be strictly between 0 and 1, not {v:g}.")
                if hi is None:
                    raise UsageError(f"{opt} must be at least {lo:g}, not {v:g}.")
                raise UsageError(f"{opt} must be between {lo:g} and {hi:g}, not {v:g}.")
        params[name] = v
    return params


def _read(path: str, what: str) -> Dataset:
    from .core.csv_text import clip_text
    from .core.io import read_csv

    if path.lower().endswith(".json"):
        raise DatasetError(f"{clip_text(Path(path).name, 60)} is a JSON file, but 'perceptron-gui run' trains on a "
                           "data CSV; open a session in the window or export it with 'perceptron-gui export'.")
    data = read_csv(path)
    if data.n == 0:
        raise DatasetError(f"The {what} file {path} has no points; add some rows.")
    return data


def _check_writable(path: str) -> None:
    """Fail before training, not after it, when an output file cannot be written."""
    reason = unwritable_reason(path)
    if reason is not None:
        raise UsageError(reason)


def _theory(X: Any, y: Any, rec: Any) -> Any:
    from .core.separability import run_separator
    from .core.theory import dataset_theory

    # A converged run's weights vouch for separability, so the summary never contradicts it.
    return dataset_theory(X, y, offset=rec.offset, time_budget_s=THEORY_BUDGET_S,
                          separator=run_separator(rec))


def _cmd_run(ns: argparse.Namespace) -> int:
    from .core.algorithms import make_algorithm

    try:
        params = _algorithm_params(ns)
        for path in (ns.out, ns.csv):
            if path:
                _check_writable(path)
        train = _read(ns.data, "training")
        test = _read(ns.test, "test") if ns.test else None
        if test is not None and test.d != train.d:
            raise DatasetError(f"The test set has {test.d} features but the training set has {train.d}; "
                               f"use files with the same columns.")
        algo = make_algorithm(ns.algorithm, **params)
        algo.validate()
        if ns.algorithm in SLOW_ON_BIG_DATA and train.n > SLOW_N:
            print(f"Note: {SLOW_ON_BIG_DATA[ns.algorithm]}, so on {train.n:,} points this may take long "
                  f"(Ctrl-C takes effect only between epochs).", flush=True)
        # Load (or compile) the numba kernels first, so the train time is the training alone.
        from .core.algorithms._kernels import warm_up
        warm_up()
        t0 = time.perf_counter()
        rec = algo.fit(train, test)
        fit_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        theory = _theory(train.X, train.y, rec)
        theory_s = time.perf_counter() - t0
    except DatasetError as exc:
        return _fail(str(exc))
    except OSError as exc:
        return _fail(f"{exc.filename or 'A file'} could not be read ({exc.strerror or exc}); check the name and permissions.")
    except MemoryError:
        return _fail("The run needs more memory than there is; use fewer points or fewer epochs.")

    out = sys.stdout
    for note in train.notices:
        print(f"Note: {note}", file=out)
    print_epoch_table(rec, all_rows=ns.all_epochs, out=out)
    print_summary(rec, theory, fit_s, theory_s, out=out)

    from .core.runio import run_file_note, write_run_json, write_updates_csv
    full = ns.full_run
    for path, write in ((ns.out, lambda p: write_run_json(p, rec, theory, train, test, full=full)),
                        (ns.csv, lambda p: write_updates_csv(p, rec, train, theory, full=full))):
        if not path:
            continue
        try:
            write(path)
        except DatasetError as exc:  # a WriteError from the atomic writer: its own sentence
            return _fail(str(exc))
        except OSError as exc:
            return _fail(f"{path} could not be written ({exc.strerror or exc}); check the folder and its permissions.")
        note = run_file_note(rec, full, csv=path == ns.csv)
        print(f"Wrote {path}." + (f" {note}" if note else ""), file=out)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
