"""The ``perceptron-gui`` command line's grammar: options, their types, argparse errors turned
into one sentence each, and the algorithm parameters a command line gives."""
from __future__ import annotations

import argparse
import math
import re
from typing import Any, NoReturn

from ..core.algorithms import REGISTRY, ParamSpec
from ..core.algorithms.multiclass import MULTICLASS
from ..core.order_study import DEFAULT_SEEDS
from ..export.names import BEAMER_FRAMES, FIGURES, FRAME_UNITS
from ..export.tikz_fit import LengthError, parse_length
from ..version import __version__
from .common import PROG, UsageError
from .exercises_args import add_exercises_parser
from .study_args import add_study_parser
from .study_args import seeds_type as _seeds_type

__all__ = ["COMMANDS", "FIGURE_NAMES", "FRAME_UNITS", "SentenceArgumentParser", "algorithm_params",
           "build_parser", "join_negative_values", "usage_sentence", "window_options"]

FIGURE_NAMES = tuple(FIGURES)  # the export options' own names (export/names.py: no numpy, no session)


class SentenceArgumentParser(argparse.ArgumentParser):
    """argparse that turns its complaints into one sentence (raised, so ``main`` returns 2)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(usage_sentence(message, self.prog))


def usage_sentence(message: str, prog: str) -> str:
    """argparse's complaint as one sentence that ends by pointing at ``prog --help``."""
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


def _numbers_type(opt: str):
    """A comma-separated list of finite numbers, such as ``1,-1`` (the start w₀)."""
    def parse(s: str) -> list[float]:
        parts = [p.strip() for p in s.split(",")]
        try:
            values = [float(p) for p in parts]  # a list, as the parameter keeps it (ParamSpec.coerce)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{opt} must be numbers separated by commas, such as 1,-1; "
                                             f"not '{s}'") from None
        if not all(math.isfinite(v) for v in values):
            raise argparse.ArgumentTypeError(f"{opt} must hold finite numbers only, not '{s}'")
        return values
    return parse


# Options whose value may start with a minus sign that argparse would take for an option
# ("--start-w -1,2"): see join_negative_values.
_SIGNED_OPTIONS = ("--start-w", "--start-b", "--lemma-w")


def _looks_numeric(s: str) -> bool:
    try:
        [float(p) for p in s.split(",")]
    except ValueError:
        return False
    return True


def join_negative_values(args: list[str]) -> list[str]:
    """``--start-w -1,2`` as ``--start-w=-1,2``: argparse reads "-1,2" (and "-1e-3") as an
    unknown option, not as the value, unless it is joined to its option with "="."""
    out: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a in _SIGNED_OPTIONS and i + 1 < len(args) and args[i + 1].startswith("-") and _looks_numeric(args[i + 1]):
            out.append(f"{a}={args[i + 1]}")
            i += 2
            continue
        out.append(a)
        i += 1
    return out


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


def _pixels_or_length(opt: str):
    """Pixels (``1600``: a PNG's) or a TeX length (``8cm``, ``0.9\\linewidth``: a TikZ picture's)."""
    def parse(s: str) -> int | str:
        if s.strip().isdigit():
            return int(s)
        try:
            return parse_length(s, opt)
        except LengthError as exc:
            raise argparse.ArgumentTypeError(f"{str(exc).rstrip('.')}, or whole pixels for --png") from None
    return parse


def _size_type(s: str) -> tuple[int, int]:
    """``--size WxH`` of the window screenshot, e.g. 1024x768."""
    w, sep, h = s.lower().partition("x")
    if not sep or not w.isdigit() or not h.isdigit() or not (400 <= int(w) <= 8000 and 300 <= int(h) <= 8000):
        raise argparse.ArgumentTypeError(f"--size must be WIDTHxHEIGHT in pixels, such as 1024x768 "
                                         f"(400x300 to 8000x8000), not '{s}'")
    return int(w), int(h)


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


OFFSET_PARAM = "offset"  # the parameter (a bias b), whose absence each learner words its own way


# Every learner the command line trains: the registry's, and the multiclass perceptron.
_LEARNERS: dict[str, Any] = {**REGISTRY, **MULTICLASS}


def _owners(name: str) -> list[str]:
    return [a for a, cls in _LEARNERS.items() if any(s.name == name for s in cls.param_specs())]


def algorithm_params(ns: argparse.Namespace) -> dict[str, Any]:
    """The parameters the user gave, checked against the chosen algorithm's specs."""
    cls: Any = REGISTRY.get(ns.algorithm) or MULTICLASS[ns.algorithm]
    own = {s.name: s for s in cls.param_specs()}
    params: dict[str, Any] = {}
    for name, spec in _all_specs().items():
        v = getattr(ns, name, None)
        if v is None:
            continue
        opt = _option(spec)
        if name not in own:
            owners = _owners(name)
            if name == OFFSET_PARAM:
                why = "it never uses an offset" if not cls.default_offset else "its offset is always on"
                raise UsageError(f"{opt} does not apply to the {ns.algorithm} perceptron: {why}; "
                                 f"use --algorithm standard for a line through the origin.")
            if name == "start_b":
                raise UsageError(f"{opt} does not apply to the {ns.algorithm} perceptron: its hyperplane passes "
                                 f"through the origin, so it has no b; give only --start-w, or use --algorithm offset.")
            raise UsageError(f"{opt} does not apply to the {ns.algorithm} perceptron; it is an option of "
                             f"{', '.join(owners)} only.")
        problem = own[name].problem(v)  # the algorithm's own rule, said of the option
        if problem is not None:
            raise UsageError(f"{opt} {problem}.")
        params[name] = v
    return _start_implies_custom(params)


def _start_implies_custom(params: dict[str, Any]) -> dict[str, Any]:
    """--start-w / --start-b alone mean ``--init custom``; with another --init they contradict it."""
    given = [f"--{n.replace('_', '-')}" for n in ("start_w", "start_b") if n in params]
    if not given:
        return params
    init = params.get("init")
    if init is None:
        return {**params, "init": "custom"}
    if init != "custom":
        raise UsageError(f"{' and '.join(given)} set{'s' if len(given) == 1 else ''} a hand-made start, but "
                         f"--init {init} starts elsewhere; use --init custom or leave --init out.")
    return params


# ---- the parser --------------------------------------------------------------------------
COMMANDS = ("run", "export", "study", "exercises", "presets", "lessons")


def window_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}",
                        help="print the version and exit")
    parser.add_argument("--install-desktop", action="store_true", default=None,
                        help="add a menu entry, an icon and the session file type to your desktop (into "
                             "$XDG_DATA_HOME, default ~/.local/share) so a double-click opens a .perceptron.json, "
                             "and exit")
    parser.add_argument("--screenshot", metavar="OUT.png", help="open the window, draw the state, save it as an image and quit")
    parser.add_argument("--preset", metavar="NAME", help="start from this example data set (with --screenshot or alone)")
    parser.add_argument("--lesson", metavar="NAME",
                        help=f"open this lesson of the notes: its data, algorithm, step and views (names: '{PROG} lessons')")
    parser.add_argument("--algorithm", dest="gui_algorithm", metavar="A", choices=list(REGISTRY),
                        help=f"start with this algorithm ({', '.join(REGISTRY)})")
    parser.add_argument("--step", type=_step_type, metavar="K|end", help="show the run after K updates, or at its end")
    parser.add_argument("--size", type=_size_type, metavar="WxH",
                        help="with --screenshot: draw the window as on a screen of this size, e.g. 1024x768 (default 1600x1000)")
    parser.add_argument("--theme", choices=("light", "dark"),
                        help="show the window in this theme (light for projectors, dark for screens) for this run")
    parser.add_argument("--presentation", action="store_true", default=None,
                        help="open in presentation mode (F5): full screen, large text, keyboard stepping only")


def build_parser() -> SentenceArgumentParser:
    """The whole command line (its help lists the window options and the commands)."""
    parser = SentenceArgumentParser(
        prog=PROG,
        description="Teach the perceptron. With no command, open the window, on FILE when one is given "
                    f"(a data CSV or a .perceptron.json session: '{PROG} lecture.perceptron.json'); Qt's own "
                    "options (-platform offscreen, -style fusion, ...) are passed on to it.",
        epilog=f"Train from the command line: {PROG} run DATA.csv --algorithm offset",
    )
    window_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=SentenceArgumentParser)

    run = sub.add_parser("run", help="train on a CSV file and print the per-epoch table and the theory",
                         description="Train a perceptron on DATA.csv (columns x1,...,xd,y) and print "
                                     "the per-epoch table, the Novikoff bound and the separability verdict.")
    run.add_argument("data", metavar="DATA.csv", nargs="?",
                     help="training data: one point per line, the coordinates then the label (or --preset)")
    run.add_argument("--preset", dest="run_preset", metavar="NAME",
                     help=f"train on an example data set instead of DATA.csv, keeping its test points "
                          f"(names: '{PROG} presets')")
    run.add_argument("--algorithm", choices=[*REGISTRY, *MULTICLASS],
                     help="which perceptron (needed with DATA.csv; a preset about one algorithm picks it); "
                          "multiclass trains on any K ≥ 2 labels of the last column, numbers or words")
    run.add_argument("--test", metavar="TEST.csv", help="a test set with the same columns; its error is shown per epoch")
    _algorithm_options(run)
    run.add_argument("--out", metavar="RUN.json", help="write the run file (format perceptron-run, version 1)")
    run.add_argument("--csv", metavar="UPDATES.csv", help="write one row per update: point, label, weights, cos(w, θ*)")
    run.add_argument("--full-run", action="store_true",
                     help="list every update, epoch and voted vector in the run file and the CSV "
                          "(by default each stops after the first 100,000; the key \"truncated\" says so)")
    run.add_argument("--all-epochs", action="store_true", help="print every epoch's row even for long runs")
    run.add_argument("--transcript", metavar="TRANSCRIPT.txt",
                     help="write the narration of every update, one sentence a line; with --out the run file "
                          "keeps it too (key \"transcript\")")

    _export_parser(sub)
    add_study_parser(sub, _algorithm_options)
    add_exercises_parser(sub)
    sub.add_parser("presets", help="list the example data sets (for run --preset and the window's --preset)",
                   description="List the example data sets: the name to give to --preset, then what it is.")
    sub.add_parser("lessons", help="list the lessons of the notes (for the window's --lesson)",
                   description="List the lessons: the name to give to --lesson, the notes it comes from, "
                               "its number in the Lessons menu and its title.")
    return parser


def _algorithm_options(parser: argparse.ArgumentParser) -> None:
    """One option per algorithm parameter (shared by ``run`` and ``export``)."""
    for spec in _all_specs().values():
        opt = _option(spec)
        owners = _owners(spec.name)
        text = spec.help
        if spec.name in ("start_w", "start_b"):
            text = f"{text.rstrip('.')}; implies --init custom"
        helptext = text if len(owners) == len(_LEARNERS) else f"{text} (only {', '.join(owners)})"
        if spec.name == OFFSET_PARAM:
            helptext = (f"train without the offset b, so the hyperplane passes through the origin "
                        f"(only {', '.join(owners)}; standard never has one, offset always does)")
        if spec.kind is bool:
            parser.add_argument(opt, dest=spec.name, action="store_const", const=not spec.default, default=None,
                                help=helptext)
        elif spec.choices is not None:
            parser.add_argument(opt, dest=spec.name, choices=list(spec.choices), default=None, help=helptext)
        elif spec.kind is int:
            parser.add_argument(opt, dest=spec.name, type=_int_type(opt), default=None, metavar="N", help=helptext)
        elif spec.kind is tuple:
            parser.add_argument(opt, dest=spec.name, type=_numbers_type(opt), default=None, metavar="W1,W2,...",
                                help=helptext)
        else:
            parser.add_argument(opt, dest=spec.name, type=_float_type(opt), default=None,
                                metavar=spec.name.split("_")[-1].upper(), help=helptext)


def _export_parser(sub: Any) -> None:
    exp = sub.add_parser(
        "export", help="write slide figures, an animation, the run file or the update table, with no window",
        description="Train (or restore a saved session) and write what File → Export writes in the window: "
                    "PNG, SVG, PDF or TikZ of a figure, a GIF or MP4 of the run, the run file and the update "
                    "table. Needs no display.",
        epilog=f"Example: {PROG} export data.csv --algorithm offset --step end --png fig.png --gif run.gif")
    exp.add_argument("input", metavar="SESSION.perceptron.json|DATA.csv", nargs="?",
                     help="a saved session (data, algorithm, parameters, step and view) or a data CSV (or --preset)")
    exp.add_argument("--preset", dest="run_preset", metavar="NAME",
                     help=f"export from an example data set instead (with its own test points; names: '{PROG} presets')")
    exp.add_argument("--algorithm", choices=list(REGISTRY),
                     help="which perceptron (needed for a CSV; for a session, replaces the saved one)")
    exp.add_argument("--test", metavar="TEST.csv", help="with a data CSV: a test set with the same columns")
    _algorithm_options(exp)
    exp.add_argument("--step", dest="export_step", type=_step_type, metavar="K|end",
                     help="draw the run after K updates, or at its end (default: a session's saved step, else the end)")
    exp.add_argument("--figure", choices=list(FIGURE_NAMES), default="canvas",
                     help="which figure --png, --svg, --pdf, --gif and --mp4 show: the canvas (default), "
                          "the angle to θ*, the per-epoch plot, w_k·θ* with its lower bound (dot), ‖w_k‖² with "
                          "its upper bound (norm), the perceptron and hinge losses (losses), or the order study's "
                          "histogram over --seeds shuffled orders (study), or 2 to 4 runs side by side (compare)")
    exp.add_argument("--seeds", type=_seeds_type, default=None, metavar="N",
                     help=f"with --figure study: how many shuffled orders (default {DEFAULT_SEEDS})")
    exp.add_argument("--compare", metavar="A,B,...",
                     help="with --figure compare: the algorithms to race, such as offset,averaged,voted")
    exp.add_argument("--compare-seeds", metavar="S,S,...",
                     help="with --figure compare: seeds of shuffled orders, such as 0,1,2 (each algorithm runs "
                          "once per seed; without it, in the file order)")
    exp.add_argument("--theta-star", action="store_true", help="draw θ* and its margin band on the canvas")
    exp.add_argument("--png", metavar="FIG.png", help="write the figure as PNG")
    exp.add_argument("--width", type=_pixels_or_length("--width"), default=None, metavar="PX|LENGTH",
                     help="PNG width in pixels (default 1920 for the canvas, 1600 for the plots), or with --tikz "
                          "the width the picture is scaled to fit, such as 8cm or 0.9\\linewidth")
    exp.add_argument("--height", type=_pixels_or_length("--height"), default=None, metavar="PX|LENGTH",
                     help="PNG height in pixels (default: a 3:2 canvas, 16:9 plots), or with --tikz the height "
                          "the picture is scaled to fit, such as 6cm or 0.7\\textheight")
    exp.add_argument("--no-legend", dest="legend", action="store_false",
                     help="with --tikz: leave the legend out (a smaller picture for a crowded slide)")
    exp.add_argument("--transparent", action="store_true", help="no white background in PNG, SVG and PDF")
    exp.add_argument("--svg", metavar="FIG.svg", help="write the figure as SVG (vector)")
    exp.add_argument("--pdf", metavar="FIG.pdf", help="write the figure as a one-page PDF (vector)")
    exp.add_argument("--tikz", metavar="FIG.tex",
                     help="write the figure as a standalone TikZ picture (the canvas, the curves, "
                          "--figure weight-space, study or compare)")
    exp.add_argument("--compact-legend", action="store_true",
                     help="with --tikz: the legend in two columns in a smaller font")
    exp.add_argument("--gif", metavar="RUN.gif", help="write the run as an animated GIF")
    exp.add_argument("--mp4", metavar="RUN.mp4", help="write the run as an MP4 video (needs the mp4 extra)")
    exp.add_argument("--fps", type=_float_type("--fps"), default=4.0, metavar="N",
                     help="animation frames per second (default 4)")
    exp.add_argument("--frames", choices=list(BEAMER_FRAMES), default="update",
                     help="one animation frame or slide overlay per update (default) or per example visit; "
                          "per epoch's end for --beamer only")
    exp.add_argument("--from", dest="k_from", type=_int_type("--from"), default=0, metavar="K",
                     help="animate (or make slides) from update K (default 0, the start)")
    exp.add_argument("--to", dest="k_to", type=_int_type("--to"), default=None, metavar="K",
                     help="animate (or make slides) up to update K (default: the last)")
    exp.add_argument("--beamer", metavar="SLIDES.tex",
                     help="write the run as a Beamer document: one frame, one overlay per --frames step "
                          "(compile with pdflatex)")
    exp.add_argument("--animate", action="store_true",
                     help="with --beamer: one page that plays the steps (LaTeX animate package; plays in "
                          "Adobe Reader and Okular, other viewers show the first step)")
    exp.add_argument("--beamer-update", action="store_true",
                     help="with --beamer: each overlay draws the update as the notes do: the previous hyperplane "
                          "(the new one dashed) and the vectors w_{k-1} + y·x = w_k")
    exp.add_argument("--beamer-margins", action="store_true",
                     help="with --beamer: each overlay writes every point's signed margin beside it")
    exp.add_argument("--beamer-handout", action="store_true",
                     help="with --beamer: a handout to print instead: no overlays, each frame a storyboard of "
                          "three updates (with --from, --to)")
    exp.add_argument("--steps", metavar="K,K,...|K-K",
                     help="with --figure storyboard: the updates drawn, such as 1,2,3,4 or 3-8 (default: the first 6)")
    exp.add_argument("--columns", type=_int_type("--columns"), default=None, metavar="N",
                     help="with --figure storyboard: panels per row (default: from the count and the figure's shape)")
    exp.add_argument("--max-frames", type=_int_type("--max-frames"), default=300, metavar="N",
                     help="at most N frames; more are thinned evenly (default 300)")
    exp.add_argument("--frame-width", type=_int_type("--frame-width"), default=800, metavar="PX",
                     help="animation width in pixels (default 800)")
    exp.add_argument("--json", metavar="RUN.json", help="write the run file, as 'run --out' does")
    exp.add_argument("--csv", metavar="UPDATES.csv", help="write the update table, as 'run --csv' does")
    exp.add_argument("--full-run", action="store_true", help="write every update in --json and --csv, as 'run --full-run' does")
