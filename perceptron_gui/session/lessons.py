"""The Lessons menu's scenes: one per worked example, figure and table of the lecture notes.

A lesson names its data (a preset), the algorithm with its parameters (a hand-set start
included), the step to show and the View switches and the plot that matter. :func:`apply_lesson`
puts a lesson into a :class:`~.session.Session` (data, algorithm, parameters, step, its
explanation as a message) and returns what the window should switch on; the window's Lessons
menu (gui/app/lesson_menu.py), ``perceptron-gui lessons`` and ``--lesson NAME`` read this one table.
No Qt here: the scenes are data, the window only flips the switches named.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ..core.algorithms import REGISTRY
from ..core.dataset import DatasetError
from ..core.presets import get_preset
from ..i18n import N_, _
from .class_lessons import CLASS_LESSONS, ClassLesson

__all__ = ["check_lesson", "Lesson", "LessonView", "LESSONS", "VIEW_SWITCHES", "PANELS", "DOCKS_SHOWN", "PRESENTATION_PANELS",
           "PRESENTED_BY_DEFAULT", "get_lesson", "lesson_lines", "apply_lesson", "lesson_params", "lesson_switches",
           "lesson_docks"]

# The View menu's switches a lesson may set (gui/app/actions.py names its actions the same), with
# the window's defaults: a lesson sets every one, so a scene never inherits the last lesson's.
VIEW_SWITCHES: Mapping[str, bool] = MappingProxyType({
    "theta_star": False, "regions": True, "margins": True, "previous": True, "update_vectors": False,
    "margin_column": False, "point_margins": False, "lifted_view": False,
})
# The docks a lesson may bring to the front (their window titles).
PANELS = ("Angle to θ*", "Per epoch", "Proof as curves", "Weight space")
# Whether each of those docks is open in a fresh window: a lesson opens its own and puts the
# others back to this, so a scene never inherits the last lesson's dock.
DOCKS_SHOWN: Mapping[str, bool] = MappingProxyType({
    "Angle to θ*": True, "Per epoch": True, "Proof as curves": False, "Weight space": False,
})
# The panels presentation mode (F5) can keep beside the canvas, by their docks' titles; the
# window maps each to its dock. The weights' image shows only for image-shaped data.
PRESENTATION_PANELS = ("Algorithm and live panel", "Angle to θ*", "Per epoch", "Proof as curves",
                       "Weights as an image", "Weight space")
PRESENTED_BY_DEFAULT = ("Algorithm and live panel", "Angle to θ*")


@dataclass(frozen=True)
class Lesson:
    """One scene of the notes.

    Parameters
    ----------
    name : the command line's name (``--lesson NAME``).
    number : its place in the menu ("1a"): the issue's numbering, a letter per scene.
    title_en : the menu's text, in English (marked with ``N_``); :attr:`title` is it translated.
    note : the notes it comes from ("003", "003/004").
    explanation_en : what to look at, in our words, shown in the message strip when opened; in
        English (marked with ``N_``), :attr:`explanation` is it translated.
    preset : the data (a name of :data:`~perceptron_gui.core.presets.PRESETS`).
    algorithm, params : the run; parameters not given take their defaults.
    step : the update k to show, or "end".
    views : View switches that differ from :data:`VIEW_SWITCHES`' defaults.
    panel : the dock that matters (one of :data:`PANELS`), brought to the front; None: none.
    presenting : the panels presentation mode shows for this scene (of :data:`PRESENTATION_PANELS`);
        None: the lecturer's own choice stays.
    fill : values for the ``{fields}`` of the title and the explanation (a gate's weights, a
        seed), filled in after translating; each value is itself translated (numbers and names
        have no translation and stay as they are).
    """

    name: str
    number: str
    title_en: str
    note: str
    explanation_en: str
    preset: str
    algorithm: str
    params: Mapping[str, Any] = field(default_factory=dict)
    step: int | str = "end"
    views: Mapping[str, bool] = field(default_factory=dict)
    panel: str | None = None
    presenting: tuple[str, ...] | None = None
    # A window action the lesson switches on or opens: "predict" (predict-then-reveal: the student
    # says each step first), "exercise_sheet" (File → Exercise sheet… on the lesson's points),
    # "export_storyboard" (File → Export storyboard…, beside the window).
    opens: str | None = None
    fill: Mapping[str, str] = field(default_factory=dict)

    def _shown(self, text: str) -> str:
        if not self.fill:
            return _(text)
        return _(text).format(**{key: _(value) if value else value for key, value in self.fill.items()})

    @property
    def title(self) -> str:
        """The menu's text in the language in force."""
        return self._shown(self.title_en)

    @property
    def explanation(self) -> str:
        """What to look at, in the language in force."""
        return self._shown(self.explanation_en)


@dataclass(frozen=True)
class LessonView:
    """What the window switches for a lesson: every View switch, every lesson dock open or
    closed, the dock to raise and the panels presentation mode shows (None: keep the choice)."""

    switches: dict[str, bool]
    panel: str | None
    explanation: str
    docks: dict[str, bool] = field(default_factory=dict)
    presenting: tuple[str, ...] | None = None
    opens: str | None = None


def _gate(name: str, preset: str, w: tuple[float, ...], b: float, rule: str) -> Lesson:
    def num(v: float) -> str:
        return f"{v:g}".replace("-", "−")  # the minus sign, as the rest of the window writes it

    ws, bs = ", ".join(num(v) for v in w), num(b)
    fill = {"gate": name.upper(), "w": ws, "b": bs, **({"rule": rule} if rule else {})}
    return Lesson(
        name=f"{name}_gate", number={"and": "7a", "or": "7b", "not": "7c"}[name],
        title_en=N_("{gate} as a threshold unit"), note="002",
        explanation_en=(N_("Notes 002, {gate}: the unit with w = ({w}), b = {b} fires exactly when {rule}. "
                           "Given as the start it already classifies all four inputs, so training makes no update; "
                           "the numbers beside the points are their signed distances to that line.")
                        if name != "not" else
                        N_("Notes 002, NOT: one input, w = {w}, b = {b}: the unit fires for 0 and not for 1. "
                           "Given as the start it makes no mistake, so the run has no update; the canvas shows the "
                           "1-D points with the threshold between them.")),
        preset=preset, algorithm="offset", params={"init": "custom", "start_w": list(w), "start_b": b},
        views={"point_margins": True}, fill=fill)


_LIVE = "Algorithm and live panel"
_NOTES003_START = {"init": "custom", "start_w": [1.0, -1.0], "start_b": 1.0}
_ORDER = N_("Notes 004: the points of lesson 4, visited in a fresh random order every epoch (seed {seed}; "
             "lesson {other} uses seed {other_seed}). Compare k and the line with that lesson: the perceptron "
             "stops at the first separator it meets, so the order decides which one and how soon.")

LESSONS: dict[str, Lesson] = {lesson.name: lesson for lesson in [
    Lesson("notes003_margins", "1a", N_("Margins of three points"), "003",
           N_("Notes 003's example: the start is typed in as θ = [1, −1], θ₀ = 1. Beside each point and in the "
              "table's last column: its signed distance y·(θ·x + θ₀)/‖θ‖. (1, 3)+ sits on the wrong side at "
              "−√2/2; the two others are √2 away. Press → for the update it causes."),
           "notes003_margin", "offset", _NOTES003_START, step=0,
           views={"point_margins": True, "margin_column": True}),
    Lesson("notes003_update", "1b", N_("One update: θ = [2, 2], θ₀ = 2"), "003",
           N_("Notes 003's update: the mistake on (1, 3)+ adds y·x = (1, 3) to θ and y = +1 to θ₀, so "
              "[1, −1], 1 becomes [2, 2], 2. The old line is solid, the new one dashed, and the arrows add "
              "θ⁽⁰⁾ and y·x into θ⁽¹⁾. (−1.5, 1.5)− is now wrong, so → brings the next update."),
           "notes003_margin", "offset", _NOTES003_START, step=1,
           views={"update_vectors": True, "point_margins": True}),
    Lesson("origin_1d", "2a", N_("1-D data through the origin: no separator"), "003",
           N_("Notes 003's 1-D data: 1, 2, 3, 4 labelled +, +, −, −. Without an offset the boundary is x = 0, "
              "and all four points lie on the same side of it, so the perceptron through the origin errs in "
              "every epoch until it gives up (see the per-epoch table)."),
           "offset_1d", "standard", {"max_epochs": 20}, panel="Per epoch",
           presenting=(_LIVE, "Per epoch")),
    Lesson("offset_trick_1d", "2b", N_("1-D data with an offset: the (x, 1) view"), "003",
           N_("Notes 003, the same 1-D data with an offset θ₀: a threshold between 2 and 3 now separates them. At "
              "(x, 1), θ₀ is the weight of a constant coordinate, and the separator becomes a line through "
              "the origin of that plane with normal (θ, θ₀)."),
           "offset_1d", "offset", views={"lifted_view": True, "point_margins": True}),
    Lesson("convergence_proof", "3", N_("The convergence proof, step by step"), "003/004",
           N_("Notes 003 and 004: every update raises w_k·θ* by at least γ while ‖w_k‖² grows by at most R², "
              "so the angle to θ* must shrink and k cannot pass (R/γ)². Below: the angle under its bound; the "
              "'Proof as curves' tab draws both inequalities; the live panel compares k with the bound."),
           "random_separable", "offset", views={"theta_star": True}, panel="Proof as curves",
           presenting=(_LIVE, "Angle to θ*", "Proof as curves")),
    Lesson("figure1_000", "4", N_("Figure 1: uniform points, x₂ > x₁"), "000",
           N_("Notes 000, Figure 1: points uniform in the square [−1, 1]², positive where x₂ > x₁. The "
              "perceptron through the origin, started at W₁ = y₁x₁ as those notes start it, ends with a W "
              "(the arrow) normal to a line close to the diagonal that separates the two classes."),
           "uniform_diagonal", "standard", {"init": "first"}),
    Lesson("pocket_000", "5", N_("The pocket perceptron with a margin γ"), "000",
           N_("Notes 000: on noisy labels the perceptron never settles. The pocket variant keeps aside the "
              "weights that put the most points at y·(w·x + b) ≥ γ (γ = 0.1 here) and answers with those, "
              "while the current weights keep moving; the live panel gives the pocket's count."),
           "random_noisy", "pocket", {"gamma": 0.1}),
    Lesson("lifted_000", "6", N_("The lifted perceptron and its margin γ′"), "000",
           N_("Notes 000: each point gets a coordinate of its own, x̃ = [a·x ; √(1−a²)·eᵢ] (a = 0.5), which "
              "makes any labelled set separable, so the run on these noisy points stops. γ′, lower in the live "
              "panel, is the lifted margin the lemma guarantees from a, γ and the slacks lᵢ."),
           "random_noisy", "lifted", {"lift_a": 0.5}),
    _gate("and", "and", (1.0, 1.0), -1.5, N_("both inputs are 1")),
    _gate("or", "or", (1.0, 1.0), -0.5, N_("at least one input is 1")),
    _gate("not", "not", (-1.0,), 0.5, ""),
    Lesson("digits_002", "8", N_("Digits 0 vs 1: the run table"), "002",
           N_("Notes 002's experiment on real digits: 8×8 images of 0 (−1) and 1 (+1), 270 to train and 90 to "
              "test. The per-epoch table is the notes' run table, updates, train and test error per epoch, "
              "until an epoch changes nothing; the dock on the right shows w as an image."),
           "digits_0_vs_1", "standard", panel="Per epoch",
           presenting=(_LIVE, "Per epoch", "Weights as an image")),
    Lesson("losses_001", "9", N_("Perceptron loss against hinge loss"), "001/002",
           N_("Notes 001 and 002: the perceptron loss Σ max(0, −y·(w·x + b)) counts only points on the wrong side "
              "(its gradient step is the perceptron update); the hinge loss Σ max(0, 1 − y·(w·x + b)) also charges "
              "points right but close. Training stops when the first reaches 0; the second stays above."),
           "uniform_diagonal", "offset", panel="Proof as curves", presenting=(_LIVE, "Proof as curves")),
    Lesson("voted_004", "10a", N_("The voted perceptron"), "004",
           N_("Notes 004: the voted perceptron keeps every weight vector it passes through with the number of "
              "visits it survived, c⁽ᵏ⁾, and lets them all vote; the shaded regions are that vote, which need "
              "not be a half-plane. Compare with lesson 10b on the same noisy points."),
           "random_noisy", "voted", {"max_epochs": 10}),
    Lesson("averaged_004", "10b", N_("The averaged perceptron"), "004",
           N_("Notes 004: the averaged perceptron replaces the vote by one line, the survival-weighted mean of "
              "the same weight vectors: almost the vote's answer for the cost of a single perceptron. Compare "
              "with lesson 10a on the same noisy points."),
           "random_noisy", "averaged", {"max_epochs": 10}),
    Lesson("order_seed1_004", "10c", N_("The order matters: seed 1"), "004",
           _ORDER, "uniform_diagonal", "offset", {"shuffle": True, "seed": 1},
           fill={"seed": "1", "other": "10d", "other_seed": "2"}),
    Lesson("order_seed2_004", "10d", N_("The order matters: seed 2"), "004",
           _ORDER, "uniform_diagonal", "offset", {"shuffle": True, "seed": 2},
           fill={"seed": "2", "other": "10c", "other_seed": "1"}),
    Lesson("margin_perceptron", "11", N_("The margin perceptron against θ*"), "003",
           N_("Notes 003's perceptron with a margin: it updates also on points it gets right but too closely, whenever "
              "y·(w·x + b) ≤ β (β = 5 here). It stops with every point beyond β, so its line (solid) ends near θ* "
              "(dashed), much nearer than the plain perceptron's of lesson 3. The live panel gives the margin it "
              "reached, the margin convergence guarantees, β·γ/(R² + 2β), and the bound on updates (R² + 2β)/γ²."),
           "random_separable", "margin", {"margin": 5.0, "max_epochs": 1000}, views={"theta_star": True}),
    Lesson("passive_aggressive", "12", N_("Passive-aggressive: a step size of its own"), "001/002",
           N_("Notes 001's hinge loss, learned online by passive-aggressive steps (Crammer et al. 2006, PA-I, "
              "C = 0.3): where ℓ = 1 − y·(w·x + b) is positive, w moves by τ·y·x with τ = min(C, ℓ/‖x̃‖²), "
              "just far enough to put that point at y·(w·x + b) = 1, but never more than C. The arrows draw "
              "update 3, whose τ was capped at C = 0.3 (update 2's, 0.278, was not); the live panel gives τ. "
              "Step with ← and → to see τ change."),
           "random_separable", "pa", {"pa_variant": "PA-I", "C": 0.3}, step=3, views={"update_vectors": True}),
    Lesson("kernel_xor", "13", N_("XOR with a kernel: a curve, not a line"), "000",
           N_("Notes 000 made XOR separable by giving each point a dimension of its own (lesson 6). The kernel "
              "perceptron keeps a count αᵢ of the mistakes on each point and predicts sign f(x), f(x) = Σ αⱼ·yⱼ·K(xⱼ, x) "
              "+ b; with K = (x·z + 1)² that is the perceptron on (x₁², x₂², √2·x₁x₂, √2·x₁, √2·x₂, 1), where XOR "
              "is separable. There f = 0 is a plane; here it is the curve drawn, a hyperbola. Rings grow with αᵢ, "
              "listed in the table's last column; step back with ← to watch the curve form."),
           "xor", "kernel", {"kernel": "poly", "degree": 2, "coef0": 1.0, "kernel_gamma": 1.0},
           views={"margin_column": True}),
    Lesson("weight_space_000", "14", N_("Weight space: the perceptron seen from w"), "000",
           N_("Notes 000's Figure 1 data, drawn twice. On the canvas each point is a point and w a line; in the "
              "dock on the right (the dual picture of Hinton's and Bishop's lectures) w is a point and each training point "
              "the line w·xᵢ = 0, its allowed side lightly shaded. Where every side holds (strong shade) lies the "
              "version space, with θ*'s direction inside it; the path w₀ → w₁ → … enters it and stops. Hover a "
              "line to ring its point on the canvas; step with ← and →."),
           "uniform_diagonal", "standard", panel="Weight space", presenting=(_LIVE, "Weight space")),
    Lesson("adaline_far_cluster", "15", N_("ADALINE: least squares need not separate"), "001",
           N_("Notes 001 measure a line by a loss. ADALINE (Widrow & Hoff) steps at every visit by the squared "
              "error, w ← w + η·(y − (w·x + b))·x, where the perceptron steps only at mistakes. These points are "
              "separable (switch to the offset perceptron: 4 updates and no mistake left), yet the line of least "
              "squared error, pulled by the far cluster, leaves (1.4, 1.4) on the wrong side: a training error of "
              "10 % that no epoch removes. The per-epoch plot shows the squared error settling, not the mistakes."),
           "far_cluster", "adaline", {"eta": 0.02, "max_epochs": 300}),
    Lesson("mistake_bound_noisy", "16", N_("A mistake bound without separability"), "000",
           N_("Notes 000 bound the mistakes by a hinge loss when no θ* exists. With noisy labels the perceptron "
              "never stops, yet for any comparison vector u its mistakes obey M ≤ L + R‖u‖√L + R²‖u‖², L the hinge "
              "loss of u summed over the mistakes. The Angle to θ* dock plots the mistakes k against that bound "
              "after every mistake (it stays above); its slider changes ‖u‖ (γ = 1/‖u‖, the margin asked of u): too "
              "short and every hinge term nears 1, too long and R²‖u‖² grows. On separable data θ*/γ makes L = 0 "
              "and the bound is (R/γ)²."),
           "random_noisy", "offset", {"max_epochs": 20}, panel="Angle to θ*"),
    Lesson("predict_notes003", "17", N_("Your turn: predict each update"), "003",
           N_("Notes 003's three points from θ = [1, −1], θ₀ = 1, in predict-then-reveal: before each update, "
              "click the point that will cause it and type θ and θ₀ after it, then press →. The step is shown "
              "beside your guess, and the panel keeps your score. Esc leaves."),
           "notes003_margin", "offset", _NOTES003_START, step=0, views={"point_margins": True}, opens="predict"),
    Lesson("exercise_sheet_003", "18", N_("An exercise sheet from these points"), "003",
           N_("Notes 003's hand simulation, set as homework: File → Exercise sheet… opens on these three points. "
              "Choose the kinds (simulate an epoch, list the mistakes, check a separator, the bound, the order), "
              "a count and a seed, and write the LaTeX sheet, its solutions and a Moodle quiz; every answer is read "
              "off a run like the one on the canvas, and the same seed writes the same sheet."),
           "notes003_margin", "offset", opens="exercise_sheet"),
    Lesson("storyboard_000", "19", N_("Six updates side by side: a storyboard"), "000",
           N_("Notes 000's Figure 1 with the perceptron through the origin, from its first update: the storyboard "
              "dialog (File → Export storyboard…) is open on the next six updates. Each panel shows one update: "
              "the visited point ringed, the line before it solid and after it dashed, so a handout shows how "
              "each mistake turns the separator. Export it as PNG, SVG, PDF or TikZ."),
           "uniform_diagonal", "standard", step=0, opens="export_storyboard"),
]}


def get_lesson(name: str) -> Lesson:
    """The lesson called ``name``; another name is one sentence (a DatasetError, a UserError)."""
    try:
        return LESSONS[name]
    except KeyError:
        raise DatasetError(_("There is no lesson '{name}'; choose one of {names} (or see 'perceptron-gui lessons').")
                           .format(name=name, names=", ".join([*LESSONS, *CLASS_LESSONS]))) from None


def check_lesson(name: str) -> None:
    """Nothing for a lesson's name (of either table); a sentence (a DatasetError) for another."""
    if name not in CLASS_LESSONS:
        get_lesson(name)


def lesson_lines() -> list[str]:
    """One line per lesson: name, notes, number and title (``perceptron-gui lessons``)."""
    width = max(len(name) for name in (*LESSONS, *CLASS_LESSONS))
    rows: list[tuple[Lesson | ClassLesson, str]] = [(les, _("notes {note}").format(note=les.note))
                                                    for les in LESSONS.values()]
    rows += [(les, _("notes {note}").format(note="—")) for les in CLASS_LESSONS.values()]
    notes = max(len(text) for _les, text in rows)
    return [f"{les.name:<{width}}  {text:<{notes}}  {les.number + '.':<4} {les.title}" for les, text in rows]


def lesson_params(lesson: Lesson) -> dict[str, Any]:
    """The algorithm's parameters for the lesson: its defaults with the lesson's on top."""
    specs = REGISTRY[lesson.algorithm].param_specs()
    params = {p.name: p.default for p in specs}
    byname = {p.name: p for p in specs}
    params.update({k: byname[k].coerce(v) for k, v in lesson.params.items()})
    return params


def apply_lesson(session: Any, lesson: Lesson | str) -> LessonView:
    """Open a lesson in ``session`` (a :class:`~.session.Session`): its algorithm with the lesson's
    parameters (the others at their defaults), its data as one undoable step, the playhead at its
    step (once the run is there, for a run trained in the background) and its explanation as an
    ``info`` message. Returns the View switches and the dock for the window to apply."""
    les = get_lesson(lesson) if isinstance(lesson, str) else lesson
    preset = get_preset(les.preset)
    session.set_playing(False)
    # As opening a session file does: the parameters first, so the data trains once, with them.
    session.configure(les.algorithm, {les.algorithm: lesson_params(les)}, retrain=False)
    data, test = preset.data_and_roles()
    if session.load_dataset(data, preset.title, test=test, label=_("Open lesson {number}").format(number=les.number)):
        _place_playhead(session, les.step)
        session.message.emit("info", _("Lesson {number} ({title}). {explanation}").format(
            number=les.number, title=les.title, explanation=les.explanation))
    return LessonView(switches=lesson_switches(les), panel=les.panel, explanation=les.explanation,
                      docks=lesson_docks(les), presenting=les.presenting, opens=les.opens)


def lesson_switches(lesson: Lesson) -> dict[str, bool]:
    """Every View switch for ``lesson``: the defaults, the previous hyperplane only for a lesson
    about one update (at a run's end it is an old line that says nothing), then its own."""
    return {**VIEW_SWITCHES, "previous": lesson.step != "end", **lesson.views}


def lesson_docks(lesson: Lesson) -> dict[str, bool]:
    """Every lesson dock open or closed for ``lesson``: a fresh window's, with its own open."""
    return {**DOCKS_SHOWN, **({lesson.panel: True} if lesson.panel is not None else {})}


def _place_playhead(session: Any, step: int | str) -> None:
    """Show update ``step`` (new data opens at its run's end, which is right for "end")."""
    if step == "end":
        return

    def place(*_args: object) -> None:
        session.run_changed.disconnect(place)
        session.jump_to_update(int(step))

    if session.busy:  # trained on the worker: place it when its run arrives (the next run_changed)
        session.run_changed.connect(place)
    else:
        session.jump_to_update(int(step))

