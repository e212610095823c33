"""``perceptron-gui run``: train on a CSV, print the per-epoch table and the theory, and write
the run file (``--out``) and the update table (``--csv``)."""
from __future__ import annotations

import argparse
import sys
import threading
import time
from typing import Any

from ..core.errors import UserError
from ..i18n import N_, _
from .args import algorithm_params
from .common import UsageError, check_outputs, chosen_data, fail, read_data, read_failed, read_test_data
from .report import print_epoch_table, print_summary

__all__ = ["cmd_run", "THEORY_BUDGET_S"]

# Wall-clock budget of each max-margin solve (two with an offset): the CLI must answer
# promptly on 10⁶ points, and an unfinished solve still reports a certified gap.
THEORY_BUDGET_S = 1.0
# Variants whose cost grows with n × updates, not n × epochs.
SLOW_ON_BIG_DATA = {
    "pocket": N_("the pocket perceptron counts the points it gets right after every update"),
    "voted": N_("the voted perceptron's per-epoch errors let every stored vector vote on every point"),
}
SLOW_N = 20_000


def _theory(X: Any, y: Any, rec: Any) -> Any:
    from ..core.separability import run_separator
    from ..core.theory import dataset_theory

    # A converged run's weights vouch for separability, so the summary never contradicts it.
    return dataset_theory(X, y, offset=rec.offset, time_budget_s=THEORY_BUDGET_S,
                          separator=run_separator(rec))


def _warm_up_meanwhile(algorithm: str, params: dict[str, Any]) -> threading.Thread:
    """Load the algorithm's numba kernels on a thread while the data are read: importing numba
    and loading a kernel from its cache are partly outside the GIL (LLVM is called through
    ctypes), and the CSV parse gives the GIL back between its blocks. Only its own kernels:
    each costs ~25 ms to load. A mistake in the algorithm's name or parameters is said by the
    main thread, after the data's own mistakes, as before."""
    from ..core.algorithms import make_algorithm, warm_up

    def load() -> None:
        try:
            warm_up(make_algorithm(algorithm, **params).kernels)
        except Exception:  # noqa: BLE001 - the fit below meets (and says) the same error, or compiles
            pass

    thread = threading.Thread(target=load, name="perceptron-gui warm-up", daemon=True)
    thread.start()
    return thread


def _transcript(rec: Any, train: Any, full: bool) -> list[str]:
    """The narration of each update: the first 100,000 unless --full-run (as the run file's lists)."""
    from itertools import islice

    from ..core.runio import RUN_FILE_MAX_ROWS
    from ..render.narration import transcript_lines

    return list(islice(transcript_lines(rec, train.X, train.y), None if full else RUN_FILE_MAX_ROWS))


def _write_lines(path: str, lines: list[str]) -> None:
    from ..core.atomic import atomic_write_text

    atomic_write_text(path, "\n".join(lines) + "\n")


def _several_classes(ns: argparse.Namespace) -> bool:
    """Whether this run is the multiclass perceptron's: chosen, or the preset has K > 2 classes
    (then its algorithm, or a sentence when another was asked for)."""
    from ..core.algorithms.multiclass import MULTICLASS
    from ..core.class_presets import CLASS_PRESETS

    if ns.run_preset in CLASS_PRESETS:
        if ns.algorithm is not None and ns.algorithm not in MULTICLASS:
            raise UsageError(_("The preset {preset} has more than two classes; train it with "
                               "--algorithm {algorithm}.").format(preset=ns.run_preset,
                                                                  algorithm=next(iter(MULTICLASS))))
        ns.algorithm = ns.algorithm or next(iter(MULTICLASS))
    return ns.algorithm in MULTICLASS


def cmd_run(ns: argparse.Namespace) -> int:
    """Run ``perceptron-gui run``; returns the exit status (0, or 2 with one sentence)."""
    from ..core.algorithms import make_algorithm

    try:
        if _several_classes(ns):
            from .run_multiclass import cmd_run_multiclass
            return cmd_run_multiclass(ns, algorithm_params(ns))
        preset = chosen_data(ns)
        params = algorithm_params(ns)
        warming = _warm_up_meanwhile(ns.algorithm, params)
        check_outputs({"--out": ns.out, "--csv": ns.csv, "--transcript": ns.transcript},
                      {_("the data file"): ns.data, _("the --test file"): ns.test})
        if preset is not None:
            train, test = preset.train_test()  # its own test points stay test points
            if ns.test:
                test = read_test_data(ns.test, train)
        else:
            train = read_data(ns.data, "training")
            test = read_test_data(ns.test, train) if ns.test else None
        algo = make_algorithm(ns.algorithm, **params)
        algo.validate()
        if ns.algorithm in SLOW_ON_BIG_DATA and train.n > SLOW_N:
            print(_("Note: {why}, so on {n} points this may take long (Ctrl-C stops it at once).").format(
                why=_(SLOW_ON_BIG_DATA[ns.algorithm]), n=f"{train.n:,}"), flush=True)
        # The numba kernels are loaded (or compiled) before the fit, so the train time is the
        # training alone; the loading began beside the read of the data.
        warming.join()
        from .progress import fit_reporting

        progress, stop = fit_reporting(ns.algorithm, train.n, algo.max_epochs)
        t0 = time.perf_counter()
        # stop= runs epochs in ~20 ms chunks, so Ctrl-C is heard inside a long pocket epoch (and
        # the progress lines on stderr can say the time left inside a long epoch).
        rec = algo.fit(train, test, progress=progress, stop=stop)
        fit_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        theory = _theory(train.X, train.y, rec)
        theory_s = time.perf_counter() - t0
    except UserError as exc:
        return fail(str(exc))
    except OSError as exc:
        return fail(read_failed(exc))
    except MemoryError:
        return fail(_("The run needs more memory than there is; use fewer points or fewer epochs."))

    out = sys.stdout
    for note in train.notices:
        print(_("Note: {note}").format(note=note), file=out)
    print_epoch_table(rec, all_rows=ns.all_epochs, out=out)
    print_summary(rec, theory, fit_s, theory_s, out=out)
    if theory.theta_star is None:  # no Novikoff bound: the one that needs no separability
        from ..core.nonseparable import run_bound
        from ..render.mistake_bound_text import TITLE, bound_line

        mb = run_bound(rec, train.X, train.y, theory)
        if mb is not None:
            print(_("{title}, at the u the data recommend: {bound}").format(title=_(TITLE), bound=bound_line(mb)),
                  file=out)

    from ..core.runio import run_file_note, write_run_json, write_updates_csv
    full = ns.full_run
    lines = _transcript(rec, train, full) if ns.transcript else None
    for path, write in ((ns.out, lambda p: write_run_json(p, rec, theory, train, test, full=full, transcript=lines)),
                        (ns.csv, lambda p: write_updates_csv(p, rec, train, theory, full=full)),
                        (ns.transcript, lambda p: _write_lines(p, lines or []))):
        if not path:
            continue
        try:
            write(path)
        except UserError as exc:  # a WriteError from the atomic writer: its own sentence
            return fail(str(exc))
        except OSError as exc:
            return fail(_("{file} could not be written ({error}); check the folder and its permissions.").format(
                file=path, error=exc.strerror or exc))
        file_note = run_file_note(rec, full, csv=path == ns.csv) if path != ns.transcript else ""
        print(_("Wrote {path}.").format(path=path) + (f" {file_note}" if file_note else ""), file=out)
    return 0
