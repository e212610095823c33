"""What every perceptron variant shares: parameters, the epoch loop and the run record.

Conventions (notes 001–004 and scikit-learn): a mistake is y·(w·x + b) <= 0; w and b start
at 0 (or at w = y₁·x₁ with ``init="first"``, as notes 000 do, or at a hand-set w₀, b₀ with
``init="custom"``, as notes 003's worked example does); an update adds y·x to w and y
to b; epochs visit examples in file order or in a fresh seeded shuffle per epoch; the offset
is a constant 1 appended to x so b is the last weight; prediction is sign(w·x + b), sign(0) = +1.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import numpy as np

from ...i18n import N_, _, ngettext
from .. import pages
from ..dataset import Dataset, DatasetError
from ..run import EpochRow, RunRecord, epoch_order, split_augmented
from ..run_memory import bytes_per_update, fit_bytes, memory_budget, record_bytes, require_memory
from . import chunks, error_count, wide
from ._lazy import LazyModule
from .chunks import TrainingStopped
from .own_steps import RowWeights
from .params import START_B, START_W, ParamSpec
from .scores import augment, predict_scores, row_dots
from .shown_text import translate_class_text
from .start_scale import start_scale_problem
from .step import StepOutput
from .update_log import UpdateLog
from .weight_log import WeightLog

K = LazyModule("._kernels", __package__)  # numba loads at the first fit (see _lazy)

__all__ = ["Perceptron", "ParamSpec", "StepOutput", "TrainingStopped", "augment", "predict_scores", "row_dots"]

MAX_EPOCHS_LIMIT = 1_000_000
_OWN_LOOP_HOOKS = ("_epoch", "_start", "start_weights", "_finish", "_predictor_after_epoch", "_epoch_rows")


class Perceptron:
    """The classic perceptron, and the base class of every variant.

    Parameters
    ----------
    max_epochs : int, default 100
        Upper limit on passes over the data (voted and averaged run exactly this many).
    shuffle : bool, default False
        Visit examples in a fresh seeded random order every epoch instead of file order.
    seed : int, default 0
        Seed of the shuffles.
    init : {"zero", "first", "custom"}, default "zero"
        Start at w = 0, b = 0, at w = y₁·x₁ (b = y₁ with offset) as in notes 000, or at
        w = ``start_w``, b = ``start_b`` (notes 003's example starts at θ = [1, −1], θ₀ = 1).
    start_w : sequence of float, default ()
        With ``init="custom"``: the start's feature weights, one per feature; empty means 0.
        Kept as a list of floats (JSON's type: what session and run files read back).
        (Lifted: the start of its predictor on the original features, with every slack 0.)
    start_b : float, default 0.0
        With ``init="custom"``: the start's bias; must stay 0 without an offset.
    offset : bool
        Learn a bias b through a constant input 1 (notes 003's trick).
    """

    name: ClassVar[str] = "standard"
    # The reader's text (title, description, final_weights_name, heading_name, step_text) is
    # English marked with N_() in each class and read translated (see shown_text.ShownText).
    title: ClassVar[str] = N_("Perceptron")
    description: ClassVar[str] = ""
    default_offset: ClassVar[bool] = True
    offset_fixed: ClassVar[bool] = False
    fixed_epochs: ClassVar[bool] = False
    # Bytes the variant keeps per update beyond the record's own (see run.bytes_per_update).
    extra_bytes_per_update: ClassVar[int] = 0
    # The numba kernels a fit uses (``_kernels.warm_up(cls.kernels)`` loads just these).
    kernels: ClassVar[tuple[str, ...]] = ("perceptron_epoch", "replay_rows", "count_errors_rows", "count_errors",
                                          "perceptron_epoch_x", "count_errors_rows_x")

    # ---- traits: what the views, exporters and estimates ask of a learner, never its name ----
    #: Predicts with something other than the last w (a pocket, an average, a vote): the
    #: output's rows and line are shown, and a frame's output error costs a second pass.
    output_differs: ClassVar[bool] = False
    #: Keeps the weights that got the most points right (Gallant's pocket).
    keeps_pocket: ClassVar[bool] = False
    #: Every w_k votes with its survival count (the run file lists the vectors and counts).
    votes: ClassVar[bool] = False
    #: Predicts with the average of the weights over every step.
    averages: ClassVar[bool] = False
    #: Trains on lifted points (each with a dimension of its own): its θ* and proof are the
    #: lifted set's, and Novikoff's bound for the data does not limit its updates.
    lifts: ClassVar[bool] = False
    #: Updates inside a margin β too: Novikoff's argument holds with R² + 2β in place of R².
    margin_rule: ClassVar[bool] = False
    #: Steps of their own size τ (not y·x): the size of each update is shown.
    steps_own_size: ClassVar[bool] = False
    #: Why Novikoff's proof does not describe its steps (a clause: "steps of their own size"),
    #: or None when it does.
    no_proof: ClassVar[str | None] = None
    #: The dual form (α per point, a kernel): no hand-set start, support vectors instead of w.
    dual: ClassVar[bool] = False
    #: What its final weights are called in a summary ("pocket weights", "averaged weights").
    final_weights_name: ClassVar[str] = N_("weights")
    #: Learns from Boolean features only, every value 0 or 1 (Winnow); other data are refused.
    boolean_features: ClassVar[bool] = False
    #: How its step is named in the update picture, (screen, TeX), when it is not c·y·x (Winnow's
    #: multiplies the weights); None: c·y·x.
    step_text: ClassVar[tuple[str, str] | None] = None
    #: Its name in a figure's header ("ADALINE"); None: the title's first words and "perceptron".
    heading_name: ClassVar[str | None] = None
    #: All that training carries from one visit to the next is w (and b): more epochs can start
    #: from a run's final weights (an estimator's ``partial_fit``). Not so for a pocket, a vote,
    #: an average, the lifted slack or the kernel's α.
    state_is_weights: ClassVar[bool] = True
    #: The loss its record keeps after each epoch, as (key in ``extras``, its name), or None:
    #: a learner whose every visit updates (ADALINE) has no update count worth plotting.
    epoch_loss: ClassVar[tuple[str, str] | None] = None
    #: Trains on wide data straight from X (:mod:`.wide`): its ``_epoch_on_x`` runs its loop on X
    #: (no offset column) and its hooks take X where they would take the augmented points. The
    #: perceptron's own loop and hooks do without saying so; a variant that replaces one of them
    #: sets this when it has its loop on X too, else it gets the augmented points it expects.
    reads_x: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        translate_class_text(cls)

    def __init__(
        self,
        *,
        max_epochs: int = 100,
        shuffle: bool = False,
        seed: int = 0,
        init: str = "zero",
        offset: bool | None = None,
        start_w: Sequence[float] = (),
        start_b: float = 0.0,
    ) -> None:
        self.max_epochs = max_epochs
        self.shuffle = shuffle
        self.seed = seed
        self.init = init
        self.offset = self.default_offset if offset is None else offset
        self.start_w = START_W.coerce(start_w)
        self.start_b = start_b

    @classmethod
    def takes_row_weights(cls) -> bool:
        """Whether ``fit`` takes a weight per point (``row_weight``): the learners whose visit is
        the perceptron's (the standard, offset, averaged and voted perceptrons) or the margin
        perceptron's, whose weighted update is w += (y·s_i)·x, replayed by the step-size log."""
        return cls._epoch is Perceptron._epoch or cls.margin_rule

    @classmethod
    def heading(cls) -> str:
        """Its name in a figure's header: "Offset perceptron", "Margin perceptron", "ADALINE"."""
        if cls.heading_name is not None:
            return cls.heading_name
        english = next((c.__dict__["title"] for c in cls.__mro__ if "title" in c.__dict__), "Perceptron")
        english = getattr(english, "english", english)
        return _("{name} perceptron").format(name=english.split(" (")[0])

    # ---- parameters -------------------------------------------------------------------
    @classmethod
    def work_scale(cls, n: int) -> float:
        """How many plain visits' work one of its visits costs, for the estimate of a run's time."""
        return 1.0

    @classmethod
    def param_specs(cls) -> list[ParamSpec]:
        specs = [
            ParamSpec("max_epochs", int, 100, N_("Max epochs"),
                      N_("Passes over the training data at most (this variant runs exactly this many).")
                      if cls.fixed_epochs else
                      N_("Passes over the training data at most; training stops earlier after an epoch without updates."),
                      1, MAX_EPOCHS_LIMIT),
            ParamSpec("shuffle", bool, False, N_("Shuffle each epoch"),
                      N_("Visit the examples in a fresh random order every epoch (order matters; random is often better).")),
            ParamSpec("seed", int, 0, N_("Seed"), N_("Seed of the random orders, so a run can be repeated exactly."),
                      0, 2**31 - 1),
            ParamSpec("init", str, "zero", N_("Start at"),
                      N_("zero: w = 0, b = 0 (notes 001–004); first: w = y₁·x₁ (notes 000); "
                         "custom: a hand-set w₀, b₀ (notes 003's example)."), choices=("zero", "first", "custom")),
            START_W,
        ]
        if cls.default_offset or not cls.offset_fixed:  # standard never has a b
            specs.append(START_B)
        if not cls.offset_fixed:
            specs.append(ParamSpec("offset", bool, cls.default_offset, N_("Offset b"),
                                   N_("Learn a bias b as the weight of a constant input 1; "
                                      "off: the hyperplane passes through the origin.")))
        return specs

    def get_params(self) -> dict[str, Any]:
        return {p.name: getattr(self, p.name) for p in self.param_specs()}

    def validate(self) -> None:
        """Raise DatasetError (a sentence) for a parameter out of range (see ParamSpec.problem)."""
        for spec in self.param_specs():
            problem = spec.problem(getattr(self, spec.name))
            if problem is not None:
                raise DatasetError(_("{label} {problem}.").format(label=spec.label, problem=problem))
        if self.init == "custom" and float(self.start_b) != 0.0 and not self.offset:
            raise DatasetError(_("The start b is {b}, but without the offset the hyperplane passes "
                                 "through the origin; leave b at 0 or train with the offset.").format(b=repr(self.start_b)))

    def check_start(self, X: np.ndarray) -> None:
        """With ``init="custom"``, raise DatasetError (a sentence) when the hand-set start does
        not fit the points X (n, d): a wrong count of numbers, or a start out of scale with
        them (:mod:`.start_scale`). Every door asks this: a fit, the window's edits, ``show``."""
        if self.init != "custom":
            return
        d = X.shape[1]
        start = START_W.coerce(self.start_w)
        if len(start) not in (0, d):
            has = ngettext("The start w has {n} number", "The start w has {n} numbers", len(start)).format(n=len(start))
            raise DatasetError(ngettext("{start}, but the data have {d} feature; give one number per feature.",
                                        "{start}, but the data have {d} features; give one number per feature.",
                                        d).format(start=has, d=d))
        problem = start_scale_problem(start, float(self.start_b), X, self.offset)
        if problem is not None:
            raise DatasetError(problem)

    def start_weights(self, Xa: np.ndarray, y: np.ndarray, d: int) -> np.ndarray:
        """The augmented start w₀ (b last with the offset) for ``init``; a start that does not
        fit the data is a DatasetError (:meth:`check_start`)."""
        return self._start_from(Xa[:, :d], y, Xa.shape[1])

    def _start_from(self, X: np.ndarray, y: np.ndarray, D: int) -> np.ndarray:
        """:meth:`start_weights` from the points' features X (n, d) alone, D = d + 1 with the
        offset (the augmented column is 1.0: w₀ = y₁·[x₁, 1] with ``init="first"``)."""
        d = X.shape[1]
        w = np.zeros(D)
        if self.init == "first" and X.shape[0]:
            w[:d] = y[0] * X[0]
            if D > d:
                w[d] = y[0] * 1.0
        elif self.init == "custom":
            self.check_start(X)
            start = START_W.coerce(self.start_w)
            # Assigned into zeros, so an all-zero start is the "zero" start to the bit.
            w[:len(start)] = start
            if self.offset:
                w[d] = float(self.start_b) + 0.0
        return w

    # ---- training ---------------------------------------------------------------------
    def fit(self, train: Dataset, test: Dataset | None = None,
            progress: Callable[[int, int], bool] | None = None,
            memory_budget_bytes: int | None = None, view_bytes_per_update: int = 0,
            stop: Callable[[], bool] | None = None, row_weight: np.ndarray | None = None) -> RunRecord:
        """Train on ``train`` and return the full :class:`RunRecord`.

        ``progress(epoch, max_epochs)`` is called after each epoch; returning False cancels
        (the record then ends at that epoch with stop_reason "cancelled").

        ``stop()`` is asked every ~20 ms of training, inside epochs too (they run in chunks:
        an epoch of the pocket on 10⁶ points takes minutes); when it says True the fit raises
        :class:`TrainingStopped` at once, leaving no record (a cancelled window run is thrown
        away anyway). Without it an epoch is one kernel call.

        The record's size is known before each epoch (an epoch makes at most n updates, each
        costing :func:`~perceptron_gui.core.run_memory.bytes_per_update`), so training stops with
        stop_reason "memory_cap" before an epoch that could take it past
        ``memory_budget_bytes`` (default :func:`~perceptron_gui.core.run_memory.memory_budget`), and
        a data set whose first epoch alone could is refused with a sentence (DatasetError).
        ``view_bytes_per_update`` counts what the caller will keep per update besides the
        record (the window's proof curves) against the same budget. A fit that needs more than
        the machine has free before its first update is refused with a sentence too
        (:class:`~perceptron_gui.core.run_memory.NotEnoughMemoryError`), before it allocates.

        ``row_weight`` (n,) scales each point's update, w += (y_i·s_i)·x_i (a point of weight 0
        is never updated on); the record keeps s_i as the step size τ of each update
        (``extras["tau"]``), so every w_k replays to the bit. Only learners whose update is the
        perceptron's or the margin perceptron's take it (:meth:`takes_row_weights`); all ones
        is the unweighted run, through its own kernel.
        """
        self.validate()
        weighting = RowWeights.of(self, row_weight, train.n)
        if test is not None and test.n and test.d != train.d:
            raise DatasetError(_("The test set has {test_d} features but the training set has {train_d}; "
                                 "use matching files.").format(test_d=test.d, train_d=train.d))
        require_memory(fit_bytes(train.n, train.d + int(self.offset), test.n if test is not None else 0,
                                 self.extra_bytes_per_update + int(view_bytes_per_update)),
                       _("Training on {n:,} points of {d:,} features").format(n=train.n, d=train.d),
                       _("use fewer points or features, or close other programs"))
        on_x = self._trains_on_x(train.d + int(self.offset), weighting)
        # Wide data with a loop on X (see wide.py): the data set's array itself, not a copy.
        Xa = wide.readonly_contiguous(train.X) if on_x else augment(train.X, self.offset)
        y = pages.empty(train.n)  # writable (see augment()), in small pages as augment's copy
        y[:] = train.y
        n, D = Xa.shape
        Xt: np.ndarray | None = None
        yt: np.ndarray | None = None
        if test is not None and test.n:
            Xt, yt = augment(test.X, self.offset), np.array(test.y, dtype=np.float64)

        budget = memory_budget() if memory_budget_bytes is None else int(memory_budget_bytes)
        extra = self.extra_bytes_per_update + int(view_bytes_per_update)
        if n and record_bytes(n, 1, D, extra) > budget:
            raise DatasetError(self._too_big_sentence(n, D, budget, extra))
        w = self._start_from(Xa, y, train.d + int(self.offset)) if on_x else self.start_weights(Xa, y, train.d)
        state = self._start(Xa, y, w)
        epoch_fn = self._epoch if weighting is None else weighting.epoch_fn(self)
        if on_x:  # each epoch may also count the last one's training errors (see wide.begin)
            epoch_fn = self._epoch_on_x
            wide.begin(state, n, self._counts_epoch_ends())
        log = UpdateLog(state["w"], n, capacity=min(n * self.max_epochs, budget // bytes_per_update(D, extra)))
        cap: dict[str, int] = {}
        epoch_updates: list[int] = []
        end_weights: list[np.ndarray] = []
        converged = False
        stop_reason = "no_data" if n == 0 else ("fixed_epochs" if self.fixed_epochs else "max_epochs")
        t0 = time.perf_counter()
        elapsed = 0.0
        file_order = pages.made_in_small_pages(lambda: np.arange(n, dtype=np.int64))  # as augment's copy
        if n:
            for epoch in range(self.max_epochs):
                if record_bytes(log.K + n, epoch + 1, D, extra) > budget:
                    stop_reason, cap = "memory_cap", {"budget": budget}
                    break
                # File order is the same array every epoch: build it once.
                order = epoch_order(n, epoch, True, self.seed) if self.shuffle else file_order
                pos_buf, idx_buf, ck, k0, C = log.room(n)
                if stop is None:
                    cnt = epoch_fn(state, Xa, y, order, pos_buf, idx_buf, ck, k0, C)
                else:
                    cnt = chunks.run_epoch(epoch_fn, stop, state, Xa, y, order, pos_buf, idx_buf, ck, k0, C)
                log.commit(cnt, epoch * n)
                epoch_updates.append(cnt)
                end_weights.append(state["w"].copy())
                if on_x:
                    wide.end_epoch(state, epoch, end_weights[-1])
                if cnt == 0:
                    converged = True
                    if not self.fixed_epochs:
                        stop_reason = "converged"
                        break
                if not converged and self._vectors_capped(log.K):
                    stop_reason, cap = "vote_cap", {"vectors": log.K + 1}
                    break
                if progress is not None:
                    elapsed += time.perf_counter() - t0
                    keep_going = progress(epoch + 1, self.max_epochs)
                    t0 = time.perf_counter()
                    if keep_going is False:
                        stop_reason = "cancelled"
                        break
        elapsed += time.perf_counter() - t0
        checkpoints, update_step, update_index = log.arrays()
        weights = (self._weight_log(checkpoints, update_index, train, state, log.C) if weighting is None
                   else weighting.weight_log(checkpoints, update_index, train, self.offset, log.C))
        rec = RunRecord(
            algorithm=self.name, params=self.get_params(), n=n, d=train.d, offset=self.offset,
            shuffle=self.shuffle, seed=self.seed, weights=weights, update_step=update_step,
            update_index=update_index, epochs=[], final_w=np.zeros(train.d), final_b=0.0,
            converged=converged, stop_reason=stop_reason, train_seconds=elapsed,
            n_epochs=len(epoch_updates),
        )
        if cap:
            rec.extras["cap"] = cap
        if weighting is not None:
            rec.extras["tau"] = weighting.steps(weights)
        self._finish(rec, state, Xa, y)
        rec.epochs = self._epoch_rows(rec, epoch_updates, end_weights, state, Xa, y, Xt, yt)
        return rec

    @staticmethod
    def _too_big_sentence(n: int, D: int, budget: int, extra: int) -> str:
        need = record_bytes(n, 1, D, extra)
        return _("One epoch over these {n:,} points could make {n:,} updates of "
                 "{each:,} bytes each ({need:,.0f} MB), "
                 "more than the {budget:,.0f} MB a run may take; use fewer points or features.").format(
                     n=n, each=bytes_per_update(D, extra), need=need / 1e6, budget=budget / 1e6)

    # Hooks a variant overrides -----------------------------------------------------------
    def _vectors_capped(self, updates: int) -> bool:
        """True when training must stop after this epoch because the record has as many
        vectors as the variant can use (voted: its vote)."""
        return False

    def _start(self, Xa: np.ndarray, y: np.ndarray, w: np.ndarray) -> dict[str, Any]:
        return {"w": w}

    def _epoch(self, state: dict[str, Any], Xa: np.ndarray, y: np.ndarray, order: np.ndarray,
               pos_buf: np.ndarray, idx_buf: np.ndarray, ck: np.ndarray, k0: int, C: int) -> int:
        # In file order fit's order (an epoch, or a chunk of one) is a run of rows: its first says it all.
        first = int(order[0]) if not self.shuffle and order.shape[0] else -1
        return int(K.perceptron_epoch(Xa, y, order, state["w"], pos_buf, idx_buf, ck, k0, C, first))

    def _trains_on_x(self, D: int, weighting: RowWeights | None) -> bool:
        """Whether this fit runs ``_epoch_on_x`` on the data set's own X (no augmented copy; the
        same updates to the bit, see :mod:`.wide`): D weights or more, no row weights, and a
        loop on X (the perceptron's own loop and hooks, or :attr:`reads_x`)."""
        cls = type(self)
        return (weighting is None and D >= wide.WIDE_FROM_D
                and (cls.reads_x or all(getattr(cls, h) is getattr(Perceptron, h) for h in _OWN_LOOP_HOOKS)))

    def _counts_epoch_ends(self) -> bool:
        """Whether its per-epoch predictor is the weights at the epoch's end, so an epoch on X
        counts the last one's errors as it goes (:func:`.wide.begin`)."""
        cls = type(self)
        return cls._predictor_after_epoch is Perceptron._predictor_after_epoch and \
            cls._epoch_rows is Perceptron._epoch_rows

    def _epoch_on_x(self, state: dict[str, Any], X: np.ndarray, y: np.ndarray, order: np.ndarray,
                    pos_buf: np.ndarray, idx_buf: np.ndarray, ck: np.ndarray, k0: int, C: int) -> int:
        return wide.perceptron_epoch(state, X, y, order, pos_buf, idx_buf, ck, k0, C, self.offset, 0.0)

    def _weight_log(self, checkpoints: np.ndarray, index: np.ndarray, train: Dataset, state: dict[str, Any],
                    C: int) -> WeightLog:
        """The record's weights: checkpoints and a replay of this variant's updates."""
        return WeightLog(checkpoints, index, train.X, train.y, self._update_scale(state), C, self.offset)

    def _update_scale(self, state: dict[str, Any]) -> float | np.ndarray:
        """What multiplies y_i in this variant's update w += y_i·x_i (the weight log replays it):
        one number, or one step size per update (passive-aggressive's τ)."""
        return 1.0

    def _finish(self, rec: RunRecord, state: dict[str, Any], Xa: np.ndarray, y: np.ndarray) -> None:
        self._set_final(rec, rec.weights[-1])

    def _set_final(self, rec: RunRecord, wa: np.ndarray) -> None:
        w, rec.final_b = split_augmented(wa, rec.offset)
        rec.final_w = w.copy()

    # ---- the state at step t (what the window and the exports show) ---------------------
    @classmethod
    def output_at(cls, rec: RunRecord, t: int) -> StepOutput | None:
        """What the algorithm outputs once visit t is done (t = -1: the start), when it is
        not the perceptron's current weights ``rec.weights_at(t)``; None when it is.

        Answered from the record alone, with the arithmetic training used, so what a view
        shows at step t is what training computed (the view never re-derives it)."""
        return None

    def _predictor_after_epoch(self, rec: RunRecord, epoch: int, end_w: np.ndarray,
                               state: dict[str, Any]) -> np.ndarray | Callable[[np.ndarray], np.ndarray]:
        """Augmented weights (or a scoring function) the algorithm would output if stopped
        after ``epoch``; the per-epoch errors are measured with it."""
        return end_w

    def _epoch_rows(self, rec: RunRecord, epoch_updates: list[int], end_weights: list[np.ndarray],
                    state: dict[str, Any], Xa: np.ndarray, y: np.ndarray,
                    Xt: np.ndarray | None, yt: np.ndarray | None) -> list[EpochRow]:
        preds = [self._predictor_after_epoch(rec, e, wend, state) for e, wend in enumerate(end_weights)]
        if preds and not any(callable(p) for p in preds):
            # One kernel call for all epochs: a million epochs cost seconds of call overhead.
            P = np.ascontiguousarray(np.array(preds, dtype=np.float64).reshape(len(preds), -1))
            tr_all = (wide.errors_on_x(Xa, y, P, self.offset, state["errors_of"], state["x_norm"]) if state.get("on_x")
                      else _errors(Xa, y, P))
            te_all = _errors(Xt, yt, P) if Xt is not None and yt is not None else None
            return [EpochRow(epoch=e, updates=int(cnt), train_error=float(tr_all[e]),
                             test_error=None if te_all is None else float(te_all[e]))
                    for e, cnt in enumerate(epoch_updates)]
        if state.get("on_x"):  # a scoring function reads augmented points
            Xa = augment(Xa, self.offset)
        rows = []
        for e, (cnt, pred) in enumerate(zip(epoch_updates, preds)):
            tr = _error(Xa, y, pred)
            te = _error(Xt, yt, pred) if Xt is not None and yt is not None else None
            rows.append(EpochRow(epoch=e, updates=int(cnt), train_error=tr, test_error=te))
        return rows


def _errors(Xa: np.ndarray, y: np.ndarray, P: np.ndarray) -> np.ndarray:
    """The error fraction of every row of P as weights (the kernels' arithmetic)."""
    if Xa.shape[0] == 0:
        return np.zeros(P.shape[0])
    return np.asarray(error_count.count_errors_rows(Xa, y, P) / Xa.shape[0])


def _error(Xa: np.ndarray, y: np.ndarray, pred: np.ndarray | Callable[[np.ndarray], np.ndarray]) -> float:
    if Xa.shape[0] == 0:
        return 0.0
    if callable(pred):
        scores = pred(Xa)
        return float(np.mean(np.where(scores >= 0.0, 1.0, -1.0) != y))
    return float(float(K.count_errors(Xa, y, np.ascontiguousarray(pred, dtype=np.float64))) / Xa.shape[0])


# The base class's own text (its title, "weights") reads translated as its subclasses' does.
translate_class_text(Perceptron)
