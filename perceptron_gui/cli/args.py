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
from ..i18n import _, ngettext
from ..version import __version__
from .common import PROG, UsageError, joined
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


def _template_pattern(template: str) -> str:
    """A regular expression matching argparse's message ``template`` (in the language in force),
    one group per ``%(name)s``/``%(name)r`` field, the last one greedy."""
    parts = re.split(r"%\([a-z_]+\)[sr]", template)
    groups = ["(.*?)"] * (len(parts) - 2) + ["(.*)"] if len(parts) > 1 else []
    return "".join(re.escape(p) + (groups[i] if i < len(groups) else "") for i, p in enumerate(parts)) + "$"


def usage_sentence(message: str, prog: str) -> str:
    """argparse's complaint as one sentence that ends by pointing at ``prog --help``."""
    msg = message.strip()
    # Our own type checks already name the option: drop argparse's "argument --x: " prefix.
    m = re.match(_template_pattern(_("argument %(argument_name)s: %(message)s")), msg, re.S)
    choice = (re.match(_template_pattern(_("invalid choice: %(value)r (choose from %(choices)s)")), m.group(2), re.S)
              if m else None)
    if m and choice:
        given, options = choice.group(1), choice.group(2).replace("'", "")
        if m.group(1) == "COMMAND":
            return _("{given} is not a command; use one of {options}, or no command to open the window "
                     "(see '{prog} --help').").format(given=given, options=options, prog=prog)
        return _("{option} cannot be {given}; choose one of {options} (see '{prog} --help').").format(
            option=m.group(1), given=given, options=options, prog=prog)
    if m and m.group(2).startswith("-"):
        msg = m.group(2)
    elif m:
        msg = f"{m.group(1)}: {m.group(2)}"
    msg = msg[0].upper() + msg[1:] if msg and not msg.startswith("-") else msg
    msg = msg.rstrip(".")
    return _("{message}; see '{prog} --help'.").format(message=msg, prog=prog)


# ---- option types ------------------------------------------------------------------------
def _int_type(opt: str):
    def parse(s: str) -> int:
        try:
            return int(s)
        except ValueError:
            raise argparse.ArgumentTypeError(
                _("{option} must be a whole number, not '{value}'").format(option=opt, value=s)) from None
    return parse


def _float_type(opt: str):
    def parse(s: str) -> float:
        try:
            v = float(s)
        except ValueError:
            raise argparse.ArgumentTypeError(
                _("{option} must be a number, not '{value}'").format(option=opt, value=s)) from None
        if not math.isfinite(v):
            raise argparse.ArgumentTypeError(
                _("{option} must be a finite number, not '{value}'").format(option=opt, value=s))
        return v
    return parse


def _numbers_type(opt: str):
    """A comma-separated list of finite numbers, such as ``1,-1`` (the start w₀)."""
    def parse(s: str) -> list[float]:
        parts = [p.strip() for p in s.split(",")]
        try:
            values = [float(p) for p in parts]  # a list, as the parameter keeps it (ParamSpec.coerce)
        except ValueError:
            raise argparse.ArgumentTypeError(_("{option} must be numbers separated by commas, such as 1,-1; "
                                               "not '{value}'").format(option=opt, value=s)) from None
        if not all(math.isfinite(v) for v in values):
            raise argparse.ArgumentTypeError(
                _("{option} must hold finite numbers only, not '{value}'").format(option=opt, value=s))
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
        raise argparse.ArgumentTypeError(
            _("--step must be a whole number of updates or 'end', not '{value}'").format(value=s)) from None
    if k < 0:
        raise argparse.ArgumentTypeError(_("--step must be 0 or more, not {value}").format(value=k))
    return k


def _pixels_or_length(opt: str):
    """Pixels (``1600``: a PNG's) or a TeX length (``8cm``, ``0.9\\linewidth``: a TikZ picture's)."""
    def parse(s: str) -> int | str:
        if s.strip().isdigit():
            return int(s)
        try:
            return parse_length(s, opt)
        except LengthError as exc:
            raise argparse.ArgumentTypeError(
                _("{problem}, or whole pixels for --png").format(problem=str(exc).rstrip("."))) from None
    return parse


def _size_type(s: str) -> tuple[int, int]:
    """``--size WxH`` of the window screenshot, e.g. 1024x768."""
    w, sep, h = s.lower().partition("x")
    if not sep or not w.isdigit() or not h.isdigit() or not (400 <= int(w) <= 8000 and 300 <= int(h) <= 8000):
        raise argparse.ArgumentTypeError(_("--size must be WIDTHxHEIGHT in pixels, such as 1024x768 "
                                           "(400x300 to 8000x8000), not '{value}'").format(value=s))
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
                sentence = (_("{option} does not apply to the {algorithm} perceptron: it never uses an offset; "
                              "use --algorithm standard for a line through the origin.")
                            if not cls.default_offset else
                            _("{option} does not apply to the {algorithm} perceptron: its offset is always on; "
                              "use --algorithm standard for a line through the origin."))
                raise UsageError(sentence.format(option=opt, algorithm=ns.algorithm))
            if name == "start_b":
                raise UsageError(_("{option} does not apply to the {algorithm} perceptron: its hyperplane passes "
                                   "through the origin, so it has no b; give only --start-w, or use --algorithm "
                                   "offset.").format(option=opt, algorithm=ns.algorithm))
            raise UsageError(_("{option} does not apply to the {algorithm} perceptron; it is an option of "
                               "{owners} only.").format(option=opt, algorithm=ns.algorithm, owners=", ".join(owners)))
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
        raise UsageError(ngettext(
            "{options} sets a hand-made start, but --init {init} starts elsewhere; use --init custom or leave "
            "--init out.",
            "{options} set a hand-made start, but --init {init} starts elsewhere; use --init custom or leave "
            "--init out.", len(given)).format(options=joined(given), init=init))
    return params


# ---- the parser --------------------------------------------------------------------------
COMMANDS = ("run", "export", "study", "exercises", "presets", "lessons")


def window_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}",
                        help=_("print the version and exit"))
    parser.add_argument("--install-desktop", action="store_true", default=None,
                        help=_("add a menu entry, an icon and the session file type to your desktop (into "
                               "$XDG_DATA_HOME, default ~/.local/share) so a double-click opens a .perceptron.json, "
                               "and exit"))
    parser.add_argument("--screenshot", metavar="OUT.png",
                        help=_("open the window, draw the state, save it as an image and quit"))
    parser.add_argument("--preset", metavar="NAME", help=_("start from this example data set (with --screenshot or alone)"))
    parser.add_argument("--lesson", metavar="NAME",
                        help=_("open this lesson of the notes: its data, algorithm, step and views "
                               "(names: '{prog} lessons')").format(prog=PROG))
    parser.add_argument("--algorithm", dest="gui_algorithm", metavar="A", choices=list(REGISTRY),
                        help=_("start with this algorithm ({algorithms})").format(algorithms=", ".join(REGISTRY)))
    parser.add_argument("--step", type=_step_type, metavar="K|end", help=_("show the run after K updates, or at its end"))
    parser.add_argument("--size", type=_size_type, metavar="WxH",
                        help=_("with --screenshot: draw the window as on a screen of this size, e.g. 1024x768 "
                               "(default 1600x1000)"))
    parser.add_argument("--theme", choices=("light", "dark"),
                        help=_("show the window in this theme (light for projectors, dark for screens) for this run"))
    parser.add_argument("--presentation", action="store_true", default=None,
                        help=_("open in presentation mode (F5): full screen, large text, keyboard stepping only"))


def build_parser() -> SentenceArgumentParser:
    """The whole command line (its help lists the window options and the commands)."""
    parser = SentenceArgumentParser(
        prog=PROG,
        description=_("Teach the perceptron. With no command, open the window, on FILE when one is given "
                      "(a data CSV or a .perceptron.json session: '{prog} lecture.perceptron.json'); Qt's own "
                      "options (-platform offscreen, -style fusion, ...) are passed on to it.").format(prog=PROG),
        epilog=_("Train from the command line: {prog} run DATA.csv --algorithm offset").format(prog=PROG),
    )
    window_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=SentenceArgumentParser)

    run = sub.add_parser("run", help=_("train on a CSV file and print the per-epoch table and the theory"),
                         description=_("Train a perceptron on DATA.csv (columns x1,...,xd,y) and print "
                                       "the per-epoch table, the Novikoff bound and the separability verdict."))
    run.add_argument("data", metavar="DATA.csv", nargs="?",
                     help=_("training data: one point per line, the coordinates then the label (or --preset)"))
    run.add_argument("--preset", dest="run_preset", metavar="NAME",
                     help=_("train on an example data set instead of DATA.csv, keeping its test points "
                            "(names: '{prog} presets')").format(prog=PROG))
    run.add_argument("--algorithm", choices=[*REGISTRY, *MULTICLASS],
                     help=_("which perceptron (needed with DATA.csv; a preset about one algorithm picks it); "
                            "multiclass trains on any K ≥ 2 labels of the last column, numbers or words"))
    run.add_argument("--test", metavar="TEST.csv",
                     help=_("a test set with the same columns; its error is shown per epoch"))
    _algorithm_options(run)
    run.add_argument("--out", metavar="RUN.json", help=_("write the run file (format perceptron-run, version 1)"))
    run.add_argument("--csv", metavar="UPDATES.csv",
                     help=_("write one row per update: point, label, weights, cos(w, θ*)"))
    run.add_argument("--full-run", action="store_true",
                     help=_("list every update, epoch and voted vector in the run file and the CSV "
                            "(by default each stops after the first 100,000; the key \"truncated\" says so)"))
    run.add_argument("--all-epochs", action="store_true", help=_("print every epoch's row even for long runs"))
    run.add_argument("--transcript", metavar="TRANSCRIPT.txt",
                     help=_("write the narration of every update, one sentence a line; with --out the run file "
                            "keeps it too (key \"transcript\")"))

    _export_parser(sub)
    add_study_parser(sub, _algorithm_options)
    add_exercises_parser(sub)
    sub.add_parser("presets", help=_("list the example data sets (for run --preset and the window's --preset)"),
                   description=_("List the example data sets: the name to give to --preset, then what it is."))
    sub.add_parser("lessons", help=_("list the lessons of the notes (for the window's --lesson)"),
                   description=_("List the lessons: the name to give to --lesson, the notes it comes from, "
                                 "its number in the Lessons menu and its title."))
    return parser


def _algorithm_options(parser: argparse.ArgumentParser) -> None:
    """One option per algorithm parameter (shared by ``run`` and ``export``)."""
    for spec in _all_specs().values():
        opt = _option(spec)
        owners = _owners(spec.name)
        text = spec.help
        if spec.name in ("start_w", "start_b"):
            text = _("{help}; implies --init custom").format(help=text.rstrip("."))
        helptext = (text if len(owners) == len(_LEARNERS)
                    else _("{help} (only {algorithms})").format(help=text, algorithms=", ".join(owners)))
        if spec.name == OFFSET_PARAM:
            helptext = _("train without the offset b, so the hyperplane passes through the origin "
                         "(only {algorithms}; standard never has one, offset always does)").format(
                algorithms=", ".join(owners))
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
        "export", help=_("write slide figures, an animation, the run file or the update table, with no window"),
        description=_("Train (or restore a saved session) and write what File → Export writes in the window: "
                    "PNG, SVG, PDF or TikZ of a figure, a GIF or MP4 of the run, the run file and the update "
                    "table. Needs no display."),
        epilog=_("Example: {prog} export data.csv --algorithm offset --step end --png fig.png --gif run.gif").format(
            prog=PROG))
    exp.add_argument("input", metavar="SESSION.perceptron.json|DATA.csv", nargs="?",
                     help=_("a saved session (data, algorithm, parameters, step and view) or a data CSV (or --preset)"))
    exp.add_argument("--preset", dest="run_preset", metavar="NAME",
                     help=_("export from an example data set instead (with its own test points; names: "
                            "'{prog} presets')").format(prog=PROG))
    exp.add_argument("--algorithm", choices=list(REGISTRY),
                     help=_("which perceptron (needed for a CSV; for a session, replaces the saved one)"))
    exp.add_argument("--test", metavar="TEST.csv", help=_("with a data CSV: a test set with the same columns"))
    _algorithm_options(exp)
    exp.add_argument("--step", dest="export_step", type=_step_type, metavar="K|end",
                     help=_("draw the run after K updates, or at its end (default: a session's saved step, else the end)"))
    exp.add_argument("--figure", choices=list(FIGURE_NAMES), default="canvas",
                     help=_("which figure --png, --svg, --pdf, --gif and --mp4 show: the canvas (default), "
                          "the angle to θ*, the per-epoch plot, w_k·θ* with its lower bound (dot), ‖w_k‖² with "
                          "its upper bound (norm), the perceptron and hinge losses (losses), or the order study's "
                          "histogram over --seeds shuffled orders (study), or 2 to 4 runs side by side (compare)"))
    exp.add_argument("--seeds", type=_seeds_type, default=None, metavar="N",
                     help=_("with --figure study: how many shuffled orders (default {seeds})").format(seeds=DEFAULT_SEEDS))
    exp.add_argument("--compare", metavar="A,B,...",
                     help=_("with --figure compare: the algorithms to race, such as offset,averaged,voted"))
    exp.add_argument("--compare-seeds", metavar="S,S,...",
                     help=_("with --figure compare: seeds of shuffled orders, such as 0,1,2 (each algorithm runs "
                          "once per seed; without it, in the file order)"))
    exp.add_argument("--theta-star", action="store_true", help=_("draw θ* and its margin band on the canvas"))
    exp.add_argument("--png", metavar="FIG.png", help=_("write the figure as PNG"))
    exp.add_argument("--width", type=_pixels_or_length("--width"), default=None, metavar="PX|LENGTH",
                     help=_("PNG width in pixels (default 1920 for the canvas, 1600 for the plots), or with --tikz "
                          "the width the picture is scaled to fit, such as 8cm or 0.9\\linewidth"))
    exp.add_argument("--height", type=_pixels_or_length("--height"), default=None, metavar="PX|LENGTH",
                     help=_("PNG height in pixels (default: a 3:2 canvas, 16:9 plots), or with --tikz the height "
                          "the picture is scaled to fit, such as 6cm or 0.7\\textheight"))
    exp.add_argument("--no-legend", dest="legend", action="store_false",
                     help=_("with --tikz: leave the legend out (a smaller picture for a crowded slide)"))
    exp.add_argument("--transparent", action="store_true", help=_("no white background in PNG, SVG and PDF"))
    exp.add_argument("--svg", metavar="FIG.svg", help=_("write the figure as SVG (vector)"))
    exp.add_argument("--pdf", metavar="FIG.pdf", help=_("write the figure as a one-page PDF (vector)"))
    exp.add_argument("--tikz", metavar="FIG.tex",
                     help=_("write the figure as a standalone TikZ picture (the canvas, the curves, "
                          "--figure weight-space, study or compare)"))
    exp.add_argument("--compact-legend", action="store_true",
                     help=_("with --tikz: the legend in two columns in a smaller font"))
    exp.add_argument("--gif", metavar="RUN.gif", help=_("write the run as an animated GIF"))
    exp.add_argument("--mp4", metavar="RUN.mp4", help=_("write the run as an MP4 video (needs the mp4 extra)"))
    exp.add_argument("--fps", type=_float_type("--fps"), default=4.0, metavar="N",
                     help=_("animation frames per second (default 4)"))
    exp.add_argument("--frames", choices=list(BEAMER_FRAMES), default="update",
                     help=_("one animation frame or slide overlay per update (default) or per example visit; "
                          "per epoch's end for --beamer only"))
    exp.add_argument("--from", dest="k_from", type=_int_type("--from"), default=0, metavar="K",
                     help=_("animate (or make slides) from update K (default 0, the start)"))
    exp.add_argument("--to", dest="k_to", type=_int_type("--to"), default=None, metavar="K",
                     help=_("animate (or make slides) up to update K (default: the last)"))
    exp.add_argument("--beamer", metavar="SLIDES.tex",
                     help=_("write the run as a Beamer document: one frame, one overlay per --frames step "
                          "(compile with pdflatex)"))
    exp.add_argument("--animate", action="store_true",
                     help=_("with --beamer: one page that plays the steps (LaTeX animate package; plays in "
                          "Adobe Reader and Okular, other viewers show the first step)"))
    exp.add_argument("--beamer-update", action="store_true",
                     help=_("with --beamer: each overlay draws the update as the notes do: the previous hyperplane "
                          "(the new one dashed) and the vectors w_{k-1} + y·x = w_k"))
    exp.add_argument("--beamer-margins", action="store_true",
                     help=_("with --beamer: each overlay writes every point's signed margin beside it"))
    exp.add_argument("--beamer-handout", action="store_true",
                     help=_("with --beamer: a handout to print instead: no overlays, each frame a storyboard of "
                          "three updates (with --from, --to)"))
    exp.add_argument("--steps", metavar="K,K,...|K-K",
                     help=_("with --figure storyboard: the updates drawn, such as 1,2,3,4 or 3-8 (default: the first 6)"))
    exp.add_argument("--columns", type=_int_type("--columns"), default=None, metavar="N",
                     help=_("with --figure storyboard: panels per row (default: from the count and the figure's shape)"))
    exp.add_argument("--max-frames", type=_int_type("--max-frames"), default=300, metavar="N",
                     help=_("at most N frames; more are thinned evenly (default 300)"))
    exp.add_argument("--frame-width", type=_int_type("--frame-width"), default=800, metavar="PX",
                     help=_("animation width in pixels (default 800)"))
    exp.add_argument("--json", metavar="RUN.json", help=_("write the run file, as 'run --out' does"))
    exp.add_argument("--csv", metavar="UPDATES.csv", help=_("write the update table, as 'run --csv' does"))
    exp.add_argument("--full-run", action="store_true",
                     help=_("write every update in --json and --csv, as 'run --full-run' does"))
