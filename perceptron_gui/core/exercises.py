"""Exercise sheets with their solutions, read off run records and the theory (no Qt).

Five kinds, as lecturers set them for the standard and the offset perceptron:

* ``epoch`` — simulate one epoch from a given start (w₀, b₀): each visit's y·(w·x + b), whether
  it is a mistake, the weights after it;
* ``mistakes`` — run from w = 0 to convergence: which points cause the updates, in order, and
  the final (w, b);
* ``separator`` — is a given line (a w_k of the run) a separator, and every point's signed margin
  y·(w·x + b)/‖w‖;
* ``bound`` — Novikoff's bound (R/γ)² with R and γ, and the run's number of updates;
* ``order`` — the run in file order against the run in a seeded permutation of the points.

Every number of a solution is a run record's (:meth:`RunRecord.weights_at`, ``update_index``,
``epochs``) or the theory's (:func:`~.theory.dataset_theory`, :func:`~.theory.signed_margins`,
:func:`~.theory.dataset_margin`, :func:`~.novikoff.max_updates`); the exporters only format
them. A sheet is a function of its arguments: the same seed gives the same sheet.
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..i18n import _, ngettext
from . import novikoff, theory
from .algorithms import REGISTRY, make_algorithm
from .algorithms.scores import row_dots
from .dataset import Dataset, DatasetError
from .exercise_data import exact_quotient, exact_root, integer_separable, is_integral
from .exercise_kinds import (
    ALGORITHMS,
    CONVERGING_KINDS,
    KIND_TITLES,
    KINDS,
    MAX_COUNT,
    BoundExercise,
    EpochExercise,
    Exercise,
    Generated,
    MistakesExercise,
    OrderExercise,
    PointMargin,
    RunAnswer,
    SeparatorExercise,
    Sheet,
    Step,
)
from .run import RunRecord
from .separability import run_separator

__all__ = ["KINDS", "KIND_TITLES", "ALGORITHMS", "CONVERGING_KINDS", "MAX_POINTS", "MAX_FEATURES", "MAX_COUNT",
           "Generated", "Sheet", "Exercise", "build_sheet", "parse_kinds"]

MAX_POINTS, MAX_FEATURES = 40, 4
CONVERGE_EPOCHS = 1000
WANTED_UPDATES = 3  # a generated data set's run from w = 0 makes at least this many updates, if it can


def parse_kinds(text: str | Sequence[str]) -> tuple[str, ...]:
    """Kinds from "epoch,bound" (or a sequence), each once, in the order given."""
    names = [k.strip() for k in (text.split(",") if isinstance(text, str) else text) if k.strip()]
    bad = [k for k in names if k not in KINDS]
    if bad or not names:
        raise DatasetError(_("Choose exercise kinds among {kinds}, not '{given}'.").format(
            kinds=", ".join(KINDS), given=",".join(bad) or text))
    return tuple(dict.fromkeys(names))


def _fit(data: Dataset, algorithm: str, **params: object) -> RunRecord:
    return make_algorithm(algorithm, **params).fit(data)


def _wb(rec: RunRecord, t: int) -> tuple[tuple[float, ...], float]:
    w, b = rec.weights_at(t)
    return tuple(float(v) for v in w), float(b)


def _answer(rec: RunRecord, order: np.ndarray) -> RunAnswer:
    """What a converged (or capped) run from w = 0 answers; ``order`` maps the run's rows to the
    sheet's point numbers."""
    w, b = _wb(rec, rec.num_steps - 1)
    after = tuple(_wb(rec, rec.step_of_update(k)) for k in range(1, rec.num_updates + 1))
    return RunAnswer(tuple(int(i) for i in order), tuple(int(order[i]) for i in rec.update_index),
                     tuple(int(e) for e in rec.update_epoch()), w, b, rec.epochs_run, rec.converged, after)


def _epoch(data: Dataset, algorithm: str, offset: bool, number: int, data_id: int,
           rng: np.random.Generator) -> EpochExercise:
    """One epoch from a seeded small integer start: the first of a few that makes two mistakes, or
    the one making the most."""
    rec: RunRecord | None = None
    for _attempt in range(20):
        w0 = [float(v) for v in rng.integers(-3, 4, size=data.d)]
        b0 = float(rng.integers(-3, 4)) if offset else 0.0
        params: dict[str, object] = {"init": "custom", "start_w": w0, "max_epochs": 1}
        if offset:
            params["start_b"] = b0
        tried = _fit(data, algorithm, **params)
        if rec is None or tried.num_updates > rec.num_updates:
            rec = tried
        if rec.num_updates >= min(2, data.n):
            break
    assert rec is not None
    steps = []
    for t in range(rec.n):
        visit = rec.visit(t)
        w, b = rec.weights_at(t - 1)
        x = data.X[visit.index:visit.index + 1]
        score = float(data.y[visit.index] * (row_dots(x, w)[0] + b))
        w_after, b_after = _wb(rec, t)
        steps.append(Step(visit.index, score, visit.updated, w_after, b_after))
    start_w, start_b = _wb(rec, -1)
    return EpochExercise(number, data_id, start_w, start_b, tuple(steps))


def _separator(data: Dataset, rec: RunRecord, integral: bool, number: int, data_id: int,
               rng: np.random.Generator) -> SeparatorExercise:
    """A line of the run: its final weights (when it converged) or an earlier w_k ≠ 0."""
    ks = [k for k in range(1, rec.num_updates + 1) if np.any(rec.w_b(k)[0])]
    if not ks:
        raise DatasetError(_("The run never had a line (w stayed 0), so there is no line to ask about."))
    k = ks[-1] if rec.converged and rng.random() < 0.5 else int(rng.choice(ks[:-1] or ks))
    wv, bv = rec.w_b(k)
    w, b = np.array(wv, dtype=np.float64), float(bv)
    margins = theory.signed_margins(data.X, data.y, w, b)
    scores = data.y * (row_dots(data.X, w) + b)
    exact_ok = integral and is_integral(np.append(w, b))
    norm_sq = int(round(float(np.dot(w, w)))) if exact_ok else 0
    rows = tuple(PointMargin(i, float(scores[i]), float(margins[i]),
                             exact_quotient(int(scores[i]), norm_sq) if exact_ok else None)
                 for i in range(data.n))
    low = theory.dataset_margin(data.X, data.y, w, b)
    return SeparatorExercise(number, data_id, tuple(float(v) for v in w), b, rows, low, bool(low > 0))


def _bound(data: Dataset, rec: RunRecord, integral: bool, offset: bool, number: int,
           data_id: int) -> BoundExercise:
    th = theory.dataset_theory(data.X, data.y, offset=offset, separator=run_separator(rec))
    if th.gamma is None or th.bound is None or th.theta_star is None:
        raise DatasetError(_("The data have no margin γ > 0, so Novikoff's bound does not apply."))
    R_exact = None
    if integral:
        r = exact_root(int(round(th.R * th.R)))
        R_exact = r if abs(r.value - th.R) <= 1e-9 * max(th.R, 1.0) else None
    top = novikoff.max_updates(th.bound)
    return BoundExercise(number, data_id, float(th.R), R_exact, float(th.gamma),
                         tuple(float(v) for v in th.theta_star), float(th.bound), -1 if top is None else top,
                         rec.num_updates)


def _order(data: Dataset, algorithm: str, rec: RunRecord, number: int, data_id: int,
           rng: np.random.Generator) -> OrderExercise:
    perm = rng.permutation(data.n)
    if data.n > 1 and np.all(perm == np.arange(data.n)):
        perm = np.roll(perm, 1)
    other = _fit(data.subset(perm), algorithm, max_epochs=CONVERGE_EPOCHS)
    return OrderExercise(number, data_id, _answer(rec, np.arange(data.n)), _answer(other, perm))


def _generated(source: Generated, algorithm: str, offset: bool, seed: int, i: int) -> tuple[Dataset, RunRecord]:
    """Exercise i's data: the first of a few seeded draws whose run from w = 0 makes at least
    :data:`WANTED_UPDATES` updates (a run of one update teaches little), with that run."""
    best: tuple[Dataset, RunRecord] | None = None
    for attempt in range(12):
        sub = int(np.random.SeedSequence([int(seed), i, attempt]).generate_state(1)[0])
        data = integer_separable(source.n, margin=source.margin, seed=sub, order=source.order,
                                 through_origin=not offset, span=source.span)
        rec = _fit(data, algorithm, max_epochs=CONVERGE_EPOCHS)
        if best is None or rec.num_updates > best[1].num_updates:
            best = (data, rec)
        if rec.num_updates >= WANTED_UPDATES:
            break
    assert best is not None
    return best


def _check_data(data: Dataset, name: str) -> None:
    if data.n == 0:
        raise DatasetError(_("{name} has no points; an exercise needs some.").format(name=name))
    if data.n > MAX_POINTS or data.d > MAX_FEATURES:
        raise DatasetError(_("{name} has {n} points of {d} features; an exercise to do by hand takes at "
                             "most {max_n} points of at most {max_d} features.").format(
                                 name=name, n=data.n, d=data.d, max_n=MAX_POINTS, max_d=MAX_FEATURES))


def _never_converges(name: str, offset: bool, kinds: Sequence[str]) -> DatasetError:
    need = [k for k in kinds if k in CONVERGING_KINDS]
    need_text = need[0] if len(need) == 1 else _("{items} and {last}").format(items=", ".join(need[:-1]), last=need[-1])
    text = (_("{name} is not linearly separable even with an offset, so the perceptron never converges and there is "
              "no answer to the {kinds} exercises; choose only the epoch and separator kinds.") if offset else
            _("{name} is not linearly separable through the origin, so the perceptron never converges and there is "
              "no answer to the {kinds} exercises; choose only the epoch and separator kinds."))
    return DatasetError(text.format(name=name, kinds=need_text))


def build_sheet(source: Dataset | Generated, *, count: int, seed: int, algorithm: str = "offset",
                kinds: Sequence[str] = KINDS, name: str | None = None, title: str | None = None) -> Sheet:
    """``count`` exercises over ``source`` (one data set, or fresh data per exercise), the kinds
    taken in turn; exercise i draws its start, line and order from ``default_rng([seed, i])``.
    ``name`` is what the sentences call the data ("The preset xor", "data.csv"; default "The data
    set"), ``title`` the sheet's (default "Perceptron exercises"), both in the current language.
    Raises DatasetError."""
    name = _("The data set") if name is None else name
    title = _("Perceptron exercises") if title is None else title
    if not 1 <= count <= MAX_COUNT:
        raise DatasetError(_("Choose between 1 and {max} exercises, not {count}.").format(max=MAX_COUNT, count=count))
    if seed < 0:
        raise DatasetError(_("The seed must be a whole number ≥ 0, not {seed}.").format(seed=seed))
    if algorithm not in ALGORITHMS:
        raise DatasetError(_("Exercises are for the {algorithms} perceptron, not '{algorithm}'.").format(
            algorithms=_(" and the ").join(ALGORITHMS), algorithm=algorithm))
    kinds = parse_kinds(kinds)
    offset = REGISTRY[algorithm].default_offset
    datasets: list[Dataset] = []
    exercises: list[Exercise] = []
    fixed = source if isinstance(source, Dataset) else None
    if fixed is not None:
        _check_data(fixed, name)
        datasets.append(fixed)
    converged_run: RunRecord | None = None
    for i in range(count):
        kind, number = kinds[i % len(kinds)], i + 1
        rng = np.random.default_rng([int(seed), i])
        if fixed is None:
            assert isinstance(source, Generated)
            data, converged_run = _generated(source, algorithm, offset, seed, i)
            datasets.append(data)
        data_id = len(datasets) - 1
        data = datasets[data_id]
        integral = is_integral(data.X)
        if kind == "epoch":
            exercises.append(_epoch(data, algorithm, offset, number, data_id, rng))
            continue
        if converged_run is None:
            converged_run = _fit(data, algorithm, max_epochs=CONVERGE_EPOCHS)
        rec = converged_run
        if not rec.converged and kind in CONVERGING_KINDS:
            raise _never_converges(name, offset, kinds)
        if kind == "mistakes":
            exercises.append(MistakesExercise(number, data_id, _answer(rec, np.arange(data.n))))
        elif kind == "separator":
            exercises.append(_separator(data, rec, integral, number, data_id, rng))
        elif kind == "bound":
            exercises.append(_bound(data, rec, integral, offset, number, data_id))
        else:
            exercises.append(_order(data, algorithm, rec, number, data_id, rng))
    source_text = (ngettext("{count} generated data sets of {n} integer points",
                            "{count} generated data sets of {n} integer points", count).format(count=count, n=source.n)
                   if isinstance(source, Generated) else name)
    return Sheet(title, source_text, int(seed), algorithm, offset, tuple(datasets),
                 tuple(is_integral(d.X) for d in datasets), tuple(exercises))
