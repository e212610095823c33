"""What every ``perceptron-gui`` command shares: the program name, the usage error, how an
error ends (one sentence on stderr), and the checks made before any work starts."""
from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.dataset import Dataset, DatasetError
from ..core.io import unwritable_reason
from ..core.write_target import same_file
from ..i18n import _

if TYPE_CHECKING:  # the presets load when a command names one, not at every start
    from ..core.presets import Preset

__all__ = ["PROG", "joined", "write_study_outputs",
           "THEORY_BUDGET_S", "UsageError", "fail", "read_failed", "check_writable", "check_outputs",
           "check_figure_paths",
           "chosen_data", "read_data", "read_test_data", "write_study_figures", "write_figure_files"]

PROG = "perceptron-gui"


class UsageError(Exception):
    """A bad command line; ``str(err)`` is one sentence."""


def joined(items: list[str]) -> str:
    """Two (or more) names joined as a sentence joins them: "--preset and --lesson"."""
    text = items[0] if items else ""
    for item in items[1:]:
        text = _("{first} and {last}").format(first=text, last=item)
    return text


def fail(sentence: str, status: int = 2) -> int:
    """Print the sentence on stderr and return the exit status (2: the user's mistake)."""
    print(sentence, file=sys.stderr)
    return status


def read_failed(exc: OSError) -> str:
    """The sentence for a file a command could not read."""
    return _("{file} could not be read ({error}); check the name and permissions.").format(
        file=exc.filename or _("A file"), error=exc.strerror or exc)


def check_writable(path: str) -> None:
    """Fail before training, not after it, when an output file cannot be written."""
    reason = unwritable_reason(path)
    if reason is not None:
        raise UsageError(reason)


def check_outputs(outputs: Mapping[str, str | None], inputs: Mapping[str, str | None]) -> None:
    """The one check of a command's output files, before anything is read or trained.

    ``outputs`` maps each output option ("--out") to its file name, ``inputs`` each input
    ("the data file", "--test") to its file (None: not given). Refused, with one sentence: an
    output that is the same file as an input (by inode, so a link, a hard link or another
    spelling of the path too: the atomic writer would replace the data the command reads), two
    outputs that are one file, and an output that cannot be written (see :func:`check_writable`).
    """
    given = [(option, path) for option, path in outputs.items() if path]
    sources = [(what, path) for what, path in inputs.items() if path]
    for i, (option, path) in enumerate(given):
        for what, source in sources:
            if same_file(path, source):
                raise UsageError(_("{option} {path} is the same file as {what} {source}, which writing it would "
                                   "overwrite; give {option} another file name.").format(
                    option=option, path=path, what=what, source=source))
        for other, other_path in given[:i]:
            if same_file(path, other_path):
                raise UsageError(_("{other} and {option} name the same file ({path}); give each its own.").format(
                    other=other, option=option, path=path))
    for _option, path in given:
        check_writable(path)


def read_data(path: str, what: str) -> Dataset:
    """A data CSV with at least one point (``what``: "training" or "test", for the sentence)."""
    from ..core.csv_text import clip_text
    from ..core.io import read_csv

    if path.lower().endswith(".json"):
        raise DatasetError(_("{file} is a JSON file, but 'perceptron-gui run' trains on a data CSV; open a "
                             "session in the window or export it with 'perceptron-gui export'.").format(
            file=clip_text(Path(path).name, 60)))
    data = read_csv(path)
    if data.n == 0:
        sentence = (_("The training file {path} has no points; add some rows.") if what == "training"
                    else _("The test file {path} has no points; add some rows.") if what == "test"
                    else _("The data file {path} has no points; add some rows.") if what == "data"
                    else _("The {what} file {path} has no points; add some rows."))
        raise DatasetError(sentence.format(what=what, path=path))
    return data


def read_test_data(path: str, train: Dataset) -> Dataset:
    """The ``--test`` CSV, with the columns of ``train``: the window's rule for File → Open test
    set… (:func:`~perceptron_gui.core.matching_columns.problem_with_test_set`), so a file that
    one refuses the other does not take."""
    from ..core.matching_columns import problem_with_test_set

    test = read_data(path, "test")
    problem = problem_with_test_set(test, train.d, train.n, tuple(train.feature_names), Path(path).name)
    if problem is not None:
        raise DatasetError(problem)
    return test


def chosen_data(ns: argparse.Namespace, command: str = "run") -> Preset | None:
    """The preset ``--preset`` names (None for DATA.csv), and the algorithm: one a preset is
    about is its default; otherwise ``--algorithm`` is needed (``run`` and ``study``)."""
    from ..core.algorithms import REGISTRY
    from ..core.presets import get_preset

    preset = None
    if ns.run_preset is not None:
        if ns.data is not None:
            raise UsageError(_("Give either DATA.csv ({data}) or --preset {preset}, not both.").format(
                data=ns.data, preset=ns.run_preset))
        preset = get_preset(ns.run_preset)
        if getattr(ns, "test", None) and preset.split is not None:
            raise UsageError(_("The preset {name} brings its own test points; leave --test out.").format(
                name=preset.name))
        if ns.algorithm is None and preset.algorithms:
            ns.algorithm = preset.algorithms[0]
    elif ns.data is None:
        raise UsageError(_("Give a data file ({prog} {command} DATA.csv --algorithm A) or an example data "
                           "set (--preset NAME; '{prog} presets' lists them).").format(prog=PROG, command=command))
    if ns.algorithm is None:
        raise UsageError(_("Give --algorithm, one of {algorithms}.").format(algorithms=", ".join(REGISTRY)))
    return preset


THEORY_BUDGET_S = 1.0  # as 'run': the study's bound (a max-margin solve) must answer promptly
_APP = None  # the offscreen QApplication of a study figure, kept alive until the program ends


def write_figure_files(paths: dict[str, str], tikz: Callable[[str], None],
                       paint: Callable[[str, str], None]) -> list[str]:
    """Write a study's figure into each format's file (``paths``: 'png'/'svg'/'pdf'/'tikz' → file
    name, checked by :func:`check_figure_paths`): ``tikz(path)`` writes the TikZ without Qt,
    ``paint(path, fmt)`` each painted format, with Qt started offscreen (as 'export' does) only
    when one is asked for. Returns the names written, in the order given."""
    if "tikz" in paths:
        tikz(paths["tikz"])
    painted = {fmt: path for fmt, path in paths.items() if fmt != "tikz"}
    if painted:
        from ..gui.app.application import prepare_environment

        prepare_environment(offscreen=True)
        from PySide6 import QtWidgets

        global _APP
        _APP = QtWidgets.QApplication.instance() or QtWidgets.QApplication(["perceptron-gui"])
        for fmt, path in painted.items():
            paint(path, fmt)
    return list(paths.values())


def write_study_figures(study: object, paths: dict[str, str], width: int) -> list[str]:
    """The order study's histogram in each format of ``paths`` (see :func:`write_figure_files`)."""
    def tikz(path: str) -> None:
        from ..export.tikz_study import write_study_tikz

        write_study_tikz(path, study)  # type: ignore[arg-type]

    def paint(path: str, fmt: str) -> None:
        from ..gui.figures.study_plot import write_study_figure

        write_study_figure(path, study, fmt, width=width)  # type: ignore[arg-type]

    return write_figure_files(paths, tikz, paint)


def check_figure_paths(paths: Mapping[str, str | None], width: int) -> dict[str, str]:
    """The given figure files (format → name), each ending in its format's suffix and writable,
    and the PNG width in range; a :class:`UsageError` sentence otherwise."""
    from ..export.source import MAX_WIDTH_PX, MIN_WIDTH_PX
    given = {fmt: path for fmt, path in paths.items() if path}
    for fmt, path in given.items():
        suffix = ".tex" if fmt == "tikz" else f".{fmt}"
        if not path.lower().endswith(suffix):
            what = "TikZ" if fmt == "tikz" else fmt.upper()
            sentence = (_("--{fmt} writes an {what} file; give a name ending in {suffix}, not '{path}'.")
                        if fmt == "svg" else
                        _("--{fmt} writes a {what} file; give a name ending in {suffix}, not '{path}'."))
            raise UsageError(sentence.format(fmt=fmt, what=what, suffix=suffix, path=path))
        check_writable(path)
    if "png" in given and not MIN_WIDTH_PX <= width <= MAX_WIDTH_PX:
        raise UsageError(_("--width must be between {lo} and {hi} pixels, not {width}.").format(
            lo=MIN_WIDTH_PX, hi=MAX_WIDTH_PX, width=width))
    return given


def write_study_outputs(study: Any, csv_path: str | None, write_figures: Callable[[], Iterable[object]]) -> int:
    """A study's table (``--csv``) and figures written, each said; 0, or 2 with one sentence (the
    order study's and the Winnow study's end alike)."""
    from ..core.atomic import atomic_write_text
    from ..core.errors import UserError

    try:
        if csv_path:
            atomic_write_text(csv_path, study.csv_text())
            print(_("Wrote {path}.").format(path=csv_path))
        for path in write_figures():
            print(_("Wrote {path}.").format(path=path))
    except UserError as exc:  # a WriteError from the atomic writer, or an export error: its own sentence
        return fail(str(exc))
    except OSError as exc:
        return fail(_("{file} could not be written ({error}); check the folder and its permissions.").format(
            file=exc.filename or _("A file"), error=exc.strerror or exc))
    sys.stdout.flush()
    return 0
