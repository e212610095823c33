"""``perceptron-gui exercises``: an exercise sheet, its solutions and a Moodle quiz, with no window.

The data are DATA.csv, a preset or integer points generated for every exercise (``--generate``);
:func:`~perceptron_gui.core.exercises.build_sheet` sets the exercises and solves them from run
records, and the export layer writes the files. Every mistake a user can make ends in one
sentence and exit status 2."""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.errors import UserError
from ..i18n import _, ngettext
from .common import UsageError, check_outputs, fail, joined, read_data, read_failed
from .exercises_args import GENERATED_ONLY

if TYPE_CHECKING:
    from ..core.dataset import Dataset
    from ..core.exercise_kinds import Generated

__all__ = ["cmd_exercises"]


def _source(ns: argparse.Namespace) -> tuple[Dataset | Generated, str]:
    """The data (a Dataset or a Generated) and what the sentences call them."""
    from ..core.exercise_kinds import Generated
    from ..core.presets import get_preset

    given = [o for o, v in (("DATA.csv", ns.data), ("--preset", ns.run_preset), ("--generate", ns.generate))
             if v is not None]
    if len(given) != 1:
        what = _("nothing") if not given else joined(given)
        raise UsageError(_("Give one source of data, DATA.csv, --preset NAME or --generate N, not {what}.").format(
            what=what))
    extra = [opt for dest, opt in GENERATED_ONLY.items() if getattr(ns, dest) is not None]
    if extra and ns.generate is None:
        raise UsageError(ngettext("{options} shapes generated points; use it with --generate N, or leave it out.",
                                  "{options} shape generated points; use it with --generate N, or leave it out.",
                                  len(extra)).format(options=joined(extra)))
    if ns.generate is not None:
        return Generated(ns.generate, margin=1.0 if ns.margin is None else ns.margin,
                         order=ns.order or "random"), _("The generated data")
    if ns.run_preset is not None:
        preset = get_preset(ns.run_preset)
        return preset.train_test()[0], _("The preset {name}").format(name=preset.name)
    return read_data(ns.data, "data"), Path(ns.data).name


def cmd_exercises(ns: argparse.Namespace) -> int:
    """Run ``perceptron-gui exercises``; returns the exit status (0, or 2 with one sentence)."""
    outputs = {"--tex": ns.tex, "--solutions": ns.solutions, "--moodle": ns.moodle}
    try:
        if not any(outputs.values()):
            raise UsageError(_("Say what to write: --tex OUT.tex, --solutions OUT-solutions.tex or --moodle OUT.xml."))
        check_outputs(outputs, {_("the data file"): ns.data})
        from ..core.exercises import build_sheet, parse_kinds
        from ..export.exercise_latex import write_sheet_tex
        from ..export.exercise_moodle import write_sheet_moodle

        source, name = _source(ns)
        sheet = build_sheet(source, count=ns.count, seed=ns.seed, algorithm=ns.algorithm,
                            kinds=parse_kinds(ns.kinds), name=name,
                            title=_("Perceptron exercises") if ns.title is None else ns.title)
        written = []
        if ns.tex:
            write_sheet_tex(ns.tex, sheet)
            written.append(_("the sheet to {path}").format(path=ns.tex))
        if ns.solutions:
            write_sheet_tex(ns.solutions, sheet, solutions=True)
            written.append(_("the solutions to {path}").format(path=ns.solutions))
        if ns.moodle:
            write_sheet_moodle(ns.moodle, sheet)
            written.append(_("the Moodle quiz to {path}").format(path=ns.moodle))
    except UsageError as exc:
        return fail(str(exc))
    except UserError as exc:
        return fail(str(exc))
    except OSError as exc:
        return fail(read_failed(exc))
    n = len(sheet.exercises)
    print(ngettext("Wrote {n} exercise (seed {seed}): {files}.", "Wrote {n} exercises (seed {seed}): {files}.",
                   n).format(n=n, seed=sheet.seed, files=", ".join(written)))
    return 0
