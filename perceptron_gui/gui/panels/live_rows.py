"""What the live panel says, without Qt: its rows (key, caption, tooltip), the space the proof
lives in, and the sentences it builds from a run (separable or not, why no proof rows, the
lifting lemma's margin)."""
from __future__ import annotations

from typing import Any

from ...core.algorithms import REGISTRY
from ...core.algorithms.kernel import in_feature_space
from ...i18n import N_, _
from ...render.formatting import NA
from ...render.mistake_bound_text import prefix_sentence
from ...session.lifting_lemma import lemma_margin
from ...session.run_result import no_proof_reason

__all__ = ["ROWS", "SPACES", "separable_text", "no_theta_sentence", "lemma_margin_of"]

# (key, caption, tooltip); "#" keys are section headers. {x} names the space the proof uses.
ROWS: list[tuple[str, str, str]] = [
    ("#now", N_("Now"), ""),
    ("k", N_("k (updates)"), N_("k: updates made so far (visits with y·(w·x + b) ≤ 0, which add y·x to w "
     "and y to b), of K made in the whole run.")),
    ("epoch", N_("epoch"), N_("The pass over the training set the playhead is in, counted from 0 as in "
     "notes 002; after the range, the epochs this run made.")),
    ("visit", N_("visited"), N_("The training point the last step looked at, as its row in the point "
     "table (counted from 1), and whether it was a mistake, y·(w·x + b) ≤ 0, that caused an update.")),
    ("start", N_("start w₀; b₀"), N_("Where the run starts. Type w₀ (and b₀ after a ';' with an offset), e.g. "
     "1, -1; 1, and press Enter to train again from there; or drag the hyperplane or the tip of its "
     "arrow on the canvas. Undo puts the old start back.")),
    ("w", "w", N_("The weight vector w after k updates: w = w₀ + Σ yᵢ·xᵢ over the mistakes so far.")),
    ("b", "b", N_("The offset b after k updates: b = b₀ + Σ yᵢ over the mistakes (0 without offset).")),
    ("norm_w", "‖w‖", N_("The Euclidean length ‖w‖ = √(w·w) of the feature weights (b not included).")),
    ("equation", N_("hyperplane"), N_("The decision boundary w·x + b = 0; points with w·x + b ≥ 0 are "
     "predicted +1.")),
    ("margin", N_("margin of data"), N_("The data set's signed margin (notes 003): min over training "
     "points of yᵢ(w·xᵢ + b)/‖w‖. Negative when some point is on the wrong side.")),
    ("train_error", N_("training error"), N_("Fraction of training points with sign(w·x + b) ≠ y "
     "(sign(0) = +1), for the current w, b.")),
    ("test_error", N_("test error"), N_("The same fraction on the test points (– without a test set).")),
    ("output", N_("output"), N_("The predictor this algorithm returns if stopped now: pocket = the best "
     "w so far; averaged = mean of w over all steps; voted = Σ cₖ·sign(wₖ·x + bₖ).")),
    ("output_error", N_("output's error"), N_("Training error of the output predictor (not of the "
     "current w).")),
    ("slack", N_("own dimension"), N_("Lifted perceptron: training points that caused an update, and so "
     "now use their private coordinate eᵢ of x̃ = [a·x ; √(1−a²)·eᵢ].")),
    ("tau", N_("step τ"), N_("Passive-aggressive: the step size τ of the update shown (ℓ = 1 − y·(w·x + b); "
     "PA τ = ℓ/‖x̃‖², PA-I min(C, ℓ/‖x̃‖²), PA-II ℓ/(‖x̃‖² + 1/(2C)), x̃ = (x, 1) with the offset), "
     "and the length τ‖x̃‖ of the move w ← w + τ·y·x it made.")),
    ("support", "α > 0", N_("Kernel perceptron: the points with αᵢ > 0 (each a mistake made on it) and Σ αᵢ = k; "
     "f(x) = Σ αⱼ·yⱼ·K(xⱼ, x) + b sums over these only. Rings on the canvas grow with αᵢ; the table lists them.")),
    ("margin_reached", N_("margin reached"), N_("Margin perceptron: the data's margin minᵢ yᵢ(w·xᵢ + b)/‖w‖ "
     "now, and the margin a converged run is guaranteed, β·γ/(R² + 2β) (every point then has "
     "y·(w·x + b) > β while ‖w‖ ≤ (R² + 2β)/γ; Krauth & Mézard 1987).")),
    ("#data", N_("Data set"), ""),
    ("points", N_("points"), N_("Training points n (the proof is about these) and test points.")),
    ("separable", N_("separable"), N_("Whether some hyperplane puts every training point strictly on its "
     "side (decided with a max-margin solver).")),
    ("R", "R", N_("R = max‖{x}‖ over the training points, {space}.")),
    ("gamma", "γ", N_("γ = max over unit θ of minᵢ yᵢ θ·{x}: the largest margin any hyperplane "
     "through the origin has in the space of {x} ({space}).")),
    ("theta", "θ*", N_("θ*: the unit vector attaining γ (max-margin direction), {space}.")),
    ("bound", "(R/γ)²", N_("Novikoff's bound: starting from w = 0 the perceptron makes at most "
     "(R/γ)² updates on this data, whatever the order of the points.")),
    ("gamma_lemma", N_("γ′ (lemma)"), N_("Lifting lemma (notes 000): for a unit w* and a target γ, with "
     "lᵢ = max(0, γ − yᵢ w*·xᵢ), the lifted set has margin ≥ γ′ = aγ / √(1 + a²/(1−a²)·Σ lᵢ²).")),
    ("#proof", N_("Convergence proof (Novikoff)"), ""),
    ("meter", N_("k vs bound"), N_("How much of Novikoff's budget the run has used: k / (R/γ)².")),
    ("dot", "w·θ* ≥ kγ", N_("Each update adds yᵢ θ*·{x} ≥ γ to w·θ*, so after k updates "
     "w·θ* ≥ w₀·θ* + kγ (= kγ from w₀ = 0). Here w means the vector (w, b) in the space of {x}.")),
    ("norm_sq", "‖w‖² ≤ kR²", N_("An update on a mistake adds 2y w·{x} + ‖{x}‖² ≤ R² to ‖w‖², so "
     "‖w‖² ≤ ‖w₀‖² + kR² (= kR² from w₀ = 0).")),
    ("cos", "cos∠(w, θ*)", N_("cos∠(w, θ*) = w·θ*/‖w‖ ≥ kγ/(√k·R) = √k·γ/R (capped at 1). A cosine is "
     "at most 1, so √k·γ/R ≤ 1, i.e. k ≤ (R/γ)².")),
    ("angle", N_("angle to θ*"), N_("The angle arccos(cos∠(w, θ*)) in degrees, and the largest angle the "
     "proof allows, arccos(min(1, √k·γ/R)): it shrinks as k grows.")),
    ("#loss", N_("Losses"), ""),
    ("perceptron_loss", N_("perceptron loss"), N_("Σᵢ max(0, −yᵢ(w·xᵢ + b)) over training points: 0 "
     "exactly when no point is strictly misclassified. Its SGD step is the perceptron update.")),
    ("hinge_loss", N_("hinge loss"), N_("Σᵢ max(0, 1 − yᵢ(w·xᵢ + b)): also counts points inside the "
     "margin band; the SVM's loss.")),
    ("pocket", N_("pocket count I"), N_("I = #{{i : yᵢ(w·xᵢ + b) ≥ γ}} (with γ = 0: > 0, i.e. correct) for "
     "the weights in the pocket; a strictly larger I replaces them (notes 000).")),
]

SPACES = {
    "plain": ("xᵢ", N_("the raw points (no offset)")),
    "offset": ("x̃ᵢ", N_("x̃ = (x, 1): the point with a constant 1 appended for the offset b")),
    "lifted": ("x̃ᵢ", N_("x̃ = [a·(x, 1) ; √(1−a²)·eᵢ]: the lifted points, each with its own "
               "coordinate (the lifted run's proof lives here)")),
}


def separable_text(result: Any) -> str:
    if result is None or result.train.n == 0:
        return _(NA)
    tho = result.theory
    if tho.separable is None:
        return _("undecided (time budget)")
    if not tho.separable:
        if REGISTRY[result.record.algorithm].lifts:
            return _("no (its lifting is)")
        # Without an offset the question is "through the origin": say so, as the status bar does.
        if in_feature_space(result.record):
            return _("no") if tho.offset else _("no, not through the origin")
        return _("no (in the input space)") if tho.offset else _("no, not through the origin (in the input space)")
    if not tho.offset:
        return _("yes, through the origin")
    return {True: _("yes (also through the origin)"), False: _("yes, with offset only"),
            None: _("yes")}[tho.separable_through_origin]


def no_theta_sentence(result: Any) -> str:
    """Why the proof rows are missing, and what the panel still shows."""
    learner = REGISTRY[result.record.algorithm]
    still = " " + (_("The losses and the pocket count still apply.") if learner.keeps_pocket
                   else _("The losses still apply."))
    reason = no_proof_reason(result)
    if result.train.n == 0 or learner.lifts or learner.no_proof or not in_feature_space(result.record):
        return reason + still
    return _("{reason} Novikoff's bound needs a separating θ* with margin γ > 0, so nothing stops "
             "k from growing.").format(reason=reason) + still


def lemma_margin_of(result: Any) -> tuple[float, float] | None:
    """γ′ of the lifting lemma and the γ it was evaluated at (None when it cannot be): the w* and
    γ the lecturer chose (the lifted perceptron's parameters) or the best (session/lifting_lemma.py)."""
    try:
        lem = lemma_margin(result)
    except ValueError:
        return None
    return None if lem is None else (lem.gamma_prime, lem.gamma)


def mistake_bound_note(result: Any, k: int) -> str:
    """The bound that needs no separability, after the playhead's k mistakes ('' where it does not
    speak of the run)."""
    mb = None if result is None else result.mistake_bound
    if mb is None:
        return ""
    curve = result.mistake_bound_curve  # kept on the result: a step reads entry k, no pass over the points
    return "\n\n" + prefix_sentence(mb, k, curve)
