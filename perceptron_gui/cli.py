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
import math
import os
import re
import sys
import time
from pathlib import Path
from typing import Any, NoReturn, Sequence

from .core.algorithms import REGISTRY, ParamSpec
from .core.dataset import Dataset, DatasetError

__all__ = ["main", "build_parser"]

PROG = "perceptron-gui"
# Wall-clock budget of each max-margin solve (two with an offset): the CLI must answer
# promptly on 10⁶ points, and an unfinished solve still reports a certified gap.
THEORY_BUDGET_S = 1.0
# Variants whose cost grows with n × updates, not n × epochs.
SLOW_ON_BIG_DATA = {
    "pocket": "the pocket perceptron counts the points it gets right after every update",
    "voted": "the voted perceptron's per-epoch errors let every stored vector vote on every point",
}
SLOW_N = 20_000
TABLE_HEAD_ROWS = 25
TABLE_TAIL_ROWS = 10


class UsageError(Exception):
    """A bad command line; ``str(err)`` is one sentence."""


class SentenceArgumentParser(argparse.ArgumentParser):
    """argparse that turns its complaints into one sentence (raised, so ``main`` returns 2)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(_sentence(message, self.prog))


def _sentence(message: str, prog: str) -> str:
    msg = message.strip()
    # Our own type checks already name the option: drop argparse's "argument --x: " prefix.
    m = re.match(r"argument ([^:]+): (.*)$", msg, re.S)
    choice = re.match(r"invalid choice: (.*?) \(choose from (.*)\)$", m.group(2), re.S) if m else None
    if m and choice:
        given, options = choice.group(1), choice.group(2).replace("'", "")
        if m.group(1) == "COMMAND":
            return (f"{given} is not a command; use one of {options}, or no command to open the window "
                    f"(see '{prog} --help').")
        return f"{m.group(1)} cannot be {given}; choose one of {options} (see '{prog} --help')."
    if m and m.group(2).startswith("-"):
        msg = m.group(2)
    elif m:
        msg = f"{m.group(1)}: {m.group(2)}"
    msg = msg[0].upper() + msg[1:] if msg and not msg.startswith("-") else msg
    msg = msg.rstrip(".")
    return f"{msg}; see '{prog} --help'."


# ---- option types ------------------------------------------------------------------------
def _int_type(opt: str):
    def parse(s: str) -> int:
        try:
            return int(s)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{opt} must be a whole number, not '{s}'") from None
    return parse


def _float_type(opt: str):
    def parse(s: str) -> float:
        try:
            v = float(s)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{opt} must be a number, not '{s}'") from None
        if not math.isfinite(v):
            raise argparse.ArgumentTypeError(f"{opt} must be a finite number, not '{s}'")
        return v
    return parse


def _step_type(s: str) -> int | str:
    if s == "end":
        return s
    try:
        k = int(s)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--step must be a whole number of updates or 'end', not '{s}'") from None
    if k < 0:
        raise argparse.ArgumentTypeError(f"--step must be 0 or more, not {k}")
    return k


def _option(spec: ParamSpec) -> str:
    """The command-line flag of a parameter (``--no-offset`` for a default-on switch)."""
    flag = spec.name.replace("_", "-")
    if spec.kind is bool and spec.default:
        return f"--no-{flag}"
    return f"--{flag}"


def _all_specs() -> dict[str, ParamSpec]:
    """Every parameter of every registered algorithm, first definition wins (for the flags)."""
    specs: dict[str, ParamSpec] = {}
    for cls in REGISTRY.values():
        for s in cls.param_specs():
            specs.setdefault(s.name, s)
    return specs


def _owners(name: str) -> list[str]:
    return [a for a, cls in REGISTRY.items() if any(s.name == name for s in cls.param_specs())]


# ---- the parser --------------------------------------------------------------------------
COMMANDS = ("run", "export")


def _window_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--screenshot", metavar="OUT.png", help="open the window, draw the state, save it as an image and quit")
    parser.add_argument("--preset", metavar="NAME", help="start from this example data set (with --screenshot or alone)")
    parser.add_argument("--algorithm", dest="gui_algorithm", metavar="A", choices=list(REGISTRY),
                        help=f"start with this algorithm ({', '.join(REGISTRY)})")
    parser.add_argument("--step", type=_step_type, metavar="K|end", help="show the run after K updates, or at its end")


def build_parser() -> SentenceArgumentParser:
    """The whole command line (its help lists the window options and the commands)."""
    parser = SentenceArgumentParser(
        prog=PROG,
        description="Teach the perceptron. With no command, open the window; Qt's own options "
                    "(-platform offscreen, -style fusion, ...) are passed on to it.",
        epilog=f"Train from the command line: {PROG} run DATA.csv --algorithm offset",
    )
    _window_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=SentenceArgumentParser)

    run = sub.add_parser("run", help="train on a CSV file and print the per-epoch table and the theory",
                         description="Train a perceptron on DATA.csv (columns x1,...,xd,y) and print "
                                     "the per-epoch table, the Novikoff bound and the separability verdict.")
    run.add_argument("data", metavar="DATA.csv", help="training data: one point per line, the coordinates then the label")
    run.add_argument("--algorithm", required=True, choices=list(REGISTRY), help="which perceptron")
    run.add_argument("--test", metavar="TEST.csv", help="a test set with the same columns; its error is shown per epoch")
    _algorithm_options(run)
    run.add_argument("--out", metavar="RUN.json", help="write the run file (format perceptron-run, version 1)")
    run.add_argument("--csv", metavar="UPDATES.csv", help="write one row per update: point, label, weights, cos(w, θ*)")
    run.add_argument("--all-epochs", action="store_true", help="print every epoch's row even for long runs")

    _export_parser(sub)
    return parser


def _algorithm_options(parser: argparse.ArgumentParser) -> None:
    """One option per algorithm parameter (shared by ``run`` and ``export``)."""
    for spec in _all_specs().values():
        opt = _option(spec)
        owners = _owners(spec.name)
        helptext = spec.help if len(owners) == len(REGISTRY) else f"{spec.help} (only {', '.join(owners)})"
        if spec.name == "offset":
            helptext = (f"train without the offset b, so the hyperplane passes through the origin "
                        f"(only {', '.join(owners)}; standard never has one, offset always does)")
        if spec.kind is bool:
            parser.add_argument(opt, dest=spec.name, action="store_const", const=not spec.default, default=None,
                                help=helptext)
        elif spec.choices is not None:
            parser.add_argument(opt, dest=spec.name, choices=list(spec.choices), default=None, help=helptext)
        elif spec.kind is int:
            parser.add_argument(opt, dest=spec.name, type=_int_type(opt), default=None, metavar="N", help=helptext)
        else:
            parser.add_argument(opt, dest=spec.name, type=_float_type(opt), default=None,
                                metavar=spec.name.split("_")[-1].upper(), help=helptext)


def _export_parser(sub: Any) -> None:
    from .cli_export import FIGURE_NAMES, FRAME_UNITS

    exp = sub.add_parser(
        "export", help="write slide figures, an animation, the run file or the update table, with no window",
        description="Train (or restore a saved session) and write what File → Export writes in the window: "
                    "PNG, SVG, PDF or TikZ of a figure, a GIF or MP4 of the run, the run file and the update "
                    "table. Needs no display.",
        epilog=f"Example: {PROG} export data.csv --algorithm offset --step end --png fig.png --gif run.gif")
    exp.add_argument("input", metavar="SESSION.perceptron.json|DATA.csv",
                     help="a saved session (data, algorithm, parameters, step and view) or a data CSV")
    exp.add_argument("--algorithm", choices=list(REGISTRY),
                     help="which perceptron (needed for a CSV; for a session, replaces the saved one)")
    exp.add_argument("--test", metavar="TEST.csv", help="with a data CSV: a test set with the same columns")
    _algorithm_options(exp)
    exp.add_argument("--step", dest="export_step", type=_step_type, metavar="K|end",
                     help="draw the run after K updates, or at its end (default: a session's saved step, else the end)")
    exp.add_argument("--figure", choices=list(FIGURE_NAMES), default="canvas",
                     help="which figure --png, --svg, --pdf, --gif and --mp4 show: the canvas (default), "
                          "the angle to θ*, or the per-epoch plot")
    exp.add_argument("--theta-star", action="store_true", help="draw θ* and its margin band on the canvas")
    exp.add_argument("--png", metavar="FIG.png", help="write the figure as PNG")
    exp.add_argument("--width", type=_int_type("--width"), default=1920, metavar="PX",
                     help="PNG width in pixels (default 1920; the height follows a 3:2 shape)")
    exp.add_argument("--transparent", action="store_true", help="no white background in PNG, SVG and PDF")
    exp.add_argument("--svg", metavar="FIG.svg", help="write the figure as SVG (vector)")
    exp.add_argument("--pdf", metavar="FIG.pdf", help="write the figure as a one-page PDF (vector)")
    exp.add_argument("--tikz", metavar="FIG.tex", help="write the canvas as a standalone TikZ picture")
    exp.add_argument("--gif", metavar="RUN.gif", help="write the run as an animated GIF")
    exp.add_argument("--mp4", metavar="RUN.mp4", help="write the run as an MP4 video (needs the mp4 extra)")
    exp.add_argument("--fps", type=_float_type("--fps"), default=4.0, metavar="N",
                     help="animation frames per second (default 4)")
    exp.add_argument("--frames", choices=list(FRAME_UNITS), default="update",
                     help="one animation frame per update (default) or per example visit")
    exp.add_argument("--from", dest="k_from", type=_int_type("--from"), default=0, metavar="K",
                     help="animate from update K (default 0, the start)")
    exp.add_argument("--to", dest="k_to", type=_int_type("--to"), default=None, metavar="K",
                     help="animate up to update K (default: the last)")
    exp.add_argument("--max-frames", type=_int_type("--max-frames"), default=300, metavar="N",
                     help="at most N frames; more are thinned evenly (default 300)")
    exp.add_argument("--frame-width", type=_int_type("--frame-width"), default=800, metavar="PX",
                     help="animation width in pixels (default 800)")
    exp.add_argument("--json", metavar="RUN.json", help="write the run file, as 'run --out' does")
    exp.add_argument("--csv", metavar="UPDATES.csv", help="write the update table, as 'run --csv' does")


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
    from .core.io import read_csv

    data = read_csv(path)
    if data.n == 0:
        raise DatasetError(f"The {what} file {path} has no points; add some rows.")
    return data


def _check_writable(path: str) -> None:
    """Fail before training, not after it, when an output file cannot be written."""
    p = Path(path)
    folder = p.parent if str(p.parent) else Path(".")
    if p.is_dir():
        raise UsageError(f"{path} is a folder; give a file name to write to.")
    if not folder.is_dir():
        raise UsageError(f"The folder {folder} does not exist; create it or write {p.name} elsewhere.")
    if not os.access(folder, os.W_OK):
        raise UsageError(f"The folder {folder} is not writable; write {p.name} elsewhere.")


def _theory(X: Any, y: Any, offset: bool) -> Any:
    from .core.theory import dataset_theory

    return dataset_theory(X, y, offset=offset, time_budget_s=THEORY_BUDGET_S)


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
        theory = _theory(train.X, train.y, rec.offset)
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
    _print_table(rec, all_rows=ns.all_epochs, out=out)
    _print_summary(rec, theory, train, fit_s, theory_s, out=out)

    from .core.runio import write_run_json, write_updates_csv
    for path, write in ((ns.out, lambda p: write_run_json(p, rec, theory, train, test)),
                        (ns.csv, lambda p: write_updates_csv(p, rec, train, theory))):
        if not path:
            continue
        try:
            write(path)
        except OSError as exc:
            return _fail(f"{path} could not be written ({exc.strerror or exc}); check the folder and its permissions.")
        print(f"Wrote {path}.", file=out)
    return 0


def _pct(v: float | None) -> str:
    return "-" if v is None else f"{100.0 * v:.2f}%"


def _print_table(rec: Any, *, all_rows: bool, out: Any) -> None:
    rows = rec.epochs
    w_ep = max(5, len(str(len(rows))))
    w_up = max(7, len(str(max((r.updates for r in rows), default=0))))
    print(f"{'epoch':>{w_ep}}  {'updates':>{w_up}}  {'train error':>11}  {'test error':>10}", file=out)
    shown: list[Any] = list(rows)
    hidden = 0
    if not all_rows and len(rows) > TABLE_HEAD_ROWS + TABLE_TAIL_ROWS:
        hidden = len(rows) - TABLE_HEAD_ROWS - TABLE_TAIL_ROWS
        shown = rows[:TABLE_HEAD_ROWS] + [None] + rows[-TABLE_TAIL_ROWS:]
    for r in shown:
        if r is None:
            print(f"{'…':>{w_ep}}  ({hidden} epochs not shown; --all-epochs prints them)", file=out)
            continue
        print(f"{r.epoch:>{w_ep}}  {r.updates:>{w_up}}  {_pct(r.train_error):>11}  {_pct(r.test_error):>10}", file=out)


def _fmt(v: float | None) -> str:
    return "-" if v is None else f"{v:.6g}"


def _seconds(s: float) -> str:
    return f"{s * 1e3:.3g} ms" if s < 1.0 else f"{s:.3g} s"


def _print_summary(rec: Any, theory: Any, train: Dataset, fit_s: float, theory_s: float, *, out: Any) -> None:
    K, E = rec.num_updates, rec.epochs_run
    upd = f"{K} update{'s' if K != 1 else ''}"
    eps = f"{E} epoch{'s' if E != 1 else ''}"
    print(file=out)
    if rec.stop_reason == "converged" and rec.algorithm == "lifted":
        slack = len(rec.extras.get("slack_points", ()))
        print(f"Converged on the lifted points after {upd} in {eps}; {slack} of {rec.n} points needed "
              f"a dimension of their own, so on the original features alone those may stay wrong.", file=out)
    elif rec.stop_reason == "converged":
        print(f"Converged after {upd} in {eps} (the last epoch made no update).", file=out)
    elif rec.stop_reason == "fixed_epochs":
        tail = ("; an epoch without updates came, so the plain perceptron had converged" if rec.converged
                else "; every epoch still made updates")
        print(f"Ran its fixed {eps} with {upd}{tail}.", file=out)
    elif rec.stop_reason == "max_epochs":
        print(f"Stopped at the epoch limit ({eps}) after {upd} without converging.", file=out)
    else:
        print(f"Stopped ({rec.stop_reason}) after {upd} in {eps}.", file=out)

    wb = ", ".join(f"{v + 0.0:.6g}" for v in rec.final_w.tolist())  # + 0.0 prints -0.0 as 0
    what = {"voted": "last vector (the vote uses all {n} vectors)".format(n=K + 1),
            "averaged": "averaged weights", "pocket": "pocket weights (after update {k})".format(k=rec.extras.get("pocket_k", 0)),
            "lifted": "weights on the original features"}.get(rec.algorithm, "weights")
    print(f"Final {what}: w = ({wb})" + (f", b = {rec.final_b + 0.0:.6g}" if rec.offset else ", no offset (b = 0)"), file=out)

    R = getattr(theory, "R", None)
    gamma = getattr(theory, "gamma", None)
    bound = getattr(theory, "bound", None)
    mm = getattr(theory, "mm", None)
    aug = " with the constant 1 appended" if rec.offset else ""
    print(f"R = {_fmt(R)} (the largest ‖x‖{aug})", file=out)
    if gamma is not None:
        exact = mm is None or getattr(mm, "exact", True)
        note = "" if exact else (f"; at least this much: the solver ran out of time with the best margin "
                                 f"at most {getattr(mm, 'gap', float('nan')):.3g} higher")
        where = "with the offset as an extra weight" if rec.offset else "through the origin"
        print(f"γ = {_fmt(gamma)} (the largest margin of a unit separator {where}{note})", file=out)
    if bound is not None and math.isfinite(bound):
        if rec.algorithm == "lifted":
            cmp = (f"the lifted perceptron trains on lifted points, so its {upd} are not bound by it")
        elif rec.params.get("init") == "first":
            cmp = f"starting at w = y₁x₁ counts as one update, so {K} + 1 = {K + 1} {'≤' if K + 1 <= bound else '>'} the bound"
        else:
            cmp = f"this run made {K} {'≤' if K <= bound else '>'} {bound:.6g}"
        print(f"(R/γ)² = {bound:.6g}: the most updates the perceptron can make on this data; {cmp}.", file=out)
    verdict = getattr(theory, "verdict", None)
    if verdict:
        print(f"Verdict: {verdict.rstrip('.')}.", file=out)
    print(f"Train time: {_seconds(rec.train_seconds)} (training loop), {_seconds(fit_s)} with the per-epoch "
          f"errors; theory {_seconds(theory_s)}.", file=out)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
