"""What the curves against the update count k show, decided once for every painter (no Qt).

Four figures (notes 001–004): ``dot`` (w_k·θ* and the proof's lower bound
w₀·θ* + kγ), ``norm`` (‖w_k‖² and the upper bound ‖w₀‖² + kR²), ``cos`` (cos∠(w_k, θ*) and the
proof's conclusion √k·γ/R, from the two before) and ``losses`` (the perceptron
loss and the hinge loss of w_k on the training points). The window's plots
(gui/plots/proof_curves.py), the slide figures and the TikZ writer (export/tikz_curves.py) all take
their curves, names, colours and the playhead's cut from here. The numbers themselves come from
the run: ``RunResult.proof`` (core.theory.proof_quantities) and ``RunResult.losses``
(core.loss_curves).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..i18n import N_, ShownTexts, _
from ..session.run_result import no_proof_reason
from . import theme
from .formatting import fmt_int
from .tex import tex_format

__all__ = ["CurveSpec", "SPECS", "LEFT_LABEL", "LEFT_LABEL_TEX", "PROOF_KINDS", "cos_series", "curve_series",
           "playhead_cut", "ordinal",
           "sampling_note"]


@dataclass(frozen=True)
class CurveSpec:
    key: str  # the series' name in curve_series()
    formula: str  # what it draws (Unicode)
    formula_tex: str  # the same in LaTeX
    color: str
    measured: bool  # a quantity of w_k (cut at the playhead), else a bound (drawn whole)
    dashed: bool = False
    words: str = "{formula}"  # the legend entry around the formula, English, marked with N_

    @property
    def name(self) -> str:
        """The legend entry (Unicode) in the language in force."""
        return self.formula if self.words == "{formula}" else _(self.words).format(formula=self.formula)

    @property
    def tex(self) -> str:
        """The legend entry in LaTeX, in the language in force."""
        return self.formula_tex if self.words == "{formula}" else tex_format(_(self.words), formula=self.formula_tex)


# TRANSLATORS: a curve's legend entry; {formula} is the bound's formula, "w₀·θ* + kγ".
_BOUND = N_("bound {formula}")
SPECS: dict[str, tuple[CurveSpec, ...]] = {
    "dot": (CurveSpec("dot", "w_k·θ*", r"$w_k\cdot\theta^*$", theme.NORMAL, True),
            CurveSpec("dot_lower", "w₀·θ* + kγ", r"$w_0\cdot\theta^* + k\gamma$", theme.THETA_STAR,
                      False, dashed=True, words=_BOUND)),
    "norm": (CurveSpec("norm_sq", "‖w_k‖²", r"$\|w_k\|^2$", theme.NORMAL, True),
             CurveSpec("norm_sq_upper", "‖w₀‖² + kR²", r"$\|w_0\|^2 + kR^2$", theme.THETA_STAR,
                       False, dashed=True, words=_BOUND)),
    # The proof's conclusion in the notes' own form: cos∠(w_k, θ*) ≥ √k·γ/R (from w₀ = 0; from
    # another start the same ratio of the two bounds above).
    "cos": (CurveSpec("cos", "cos∠(w_k, θ*)", r"$\cos\angle(w_k,\theta^*)$", theme.NORMAL, True),
            CurveSpec("cos_lower", "√k·γ/R", r"$\sqrt{k}\,\gamma/R$", theme.THETA_STAR,
                      False, dashed=True, words=_BOUND)),
    "losses": (CurveSpec("perceptron", "", "", theme.POSITIVE, True, words=N_("perceptron loss")),
               CurveSpec("hinge", "", "", theme.NEGATIVE, True, dashed=True, words=N_("hinge loss"))),
}


# TRANSLATORS: the axis label of the losses plot.
_LOSS = N_("loss")
LEFT_LABEL: Mapping[str, str] = ShownTexts({"dot": "w_k·θ*", "norm": "‖w_k‖²", "cos": "cos∠(w_k, θ*)", "losses": _LOSS})
LEFT_LABEL_TEX: Mapping[str, str] = ShownTexts({"dot": r"$w_k\cdot\theta^*$", "norm": r"$\|w_k\|^2$",
                                             "cos": r"$\cos\angle(w_k,\theta^*)$", "losses": _LOSS})
PROOF_KINDS = ("dot", "norm", "cos")  # the proof's three curves, one slide's figure together


def curve_series(kind: str, result: Any) -> dict[str, tuple[np.ndarray, np.ndarray]] | str:
    """The curves of ``kind`` for ``result`` as (k, value) arrays by key (non-finite values as
    nan: an overflowed value breaks the line), or why there are none (one sentence)."""
    if kind not in SPECS:
        raise ValueError(f"no curve figure {kind!r}; choose one of {', '.join(SPECS)}")
    if result is None:
        return (_("No run yet: the losses are drawn when the first run is done.") if kind == "losses"
                else no_proof_reason(None))
    if kind == "losses":
        lc = result.losses
        raw = {"perceptron": (lc.k, lc.perceptron), "hinge": (lc.k, lc.hinge)}
    else:
        proof = result.proof
        if proof is None:
            return no_proof_reason(result)  # the one sentence the live panel and the angle plot give
        raw = ({"dot": (proof.k, proof.dot), "dot_lower": (proof.k, proof.dot_lower)} if kind == "dot" else
               {"norm_sq": (proof.k, proof.norm_sq), "norm_sq_upper": (proof.k, proof.norm_sq_upper)}
               if kind == "norm" else cos_series(proof))
    out = {}
    for key, (k, y) in raw.items():
        y = np.asarray(y, dtype=np.float64)
        out[key] = (np.asarray(k, dtype=np.float64), np.where(np.isfinite(y), y, np.nan))
    return out


def cos_series(proof: Any) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """cos∠(w_k, θ*) = w_k·θ* / ‖w_k‖ and its bound (lower of w·θ*) / √(upper of ‖w‖²), from the
    very numbers the dot and norm curves draw, so the three figures agree on a slide. The bound
    holds only while its numerator is not negative (a start against θ*): nan there, a gap."""
    k = np.asarray(proof.k, dtype=np.float64)
    dot, norm_sq = np.asarray(proof.dot, dtype=np.float64), np.asarray(proof.norm_sq, dtype=np.float64)
    lower, upper = np.asarray(proof.dot_lower, dtype=np.float64), np.asarray(proof.norm_sq_upper, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        cos = np.where(norm_sq > 0, dot / np.sqrt(np.where(norm_sq > 0, norm_sq, 1.0)), np.nan)
        bound = np.where((lower >= 0) & (upper > 0), lower / np.sqrt(np.where(upper > 0, upper, 1.0)), np.nan)
    return {"cos": (k, cos), "cos_lower": (k, bound)}


def playhead_cut(k: np.ndarray, k_playhead: int) -> int:
    """How many leading entries of the ascending ``k`` are at or before the playhead's k."""
    return int(np.searchsorted(k, k_playhead, side="right"))


def ordinal(m: int) -> str:
    """'2nd', '11th', '1 000th' (thousands grouped as fmt_int groups them)."""
    # TRANSLATORS: an ordinal number, as in "every 2nd update": write it as your language does
    # ("{n}." in German); English picks one of four by the last digit.
    word = N_("{n}th") if 10 <= m % 100 <= 20 else {1: N_("{n}st"), 2: N_("{n}nd"), 3: N_("{n}rd")}.get(m % 10, N_("{n}th"))
    return _(word).format(n=fmt_int(m))


def sampling_note(kind: str, result: Any) -> str:
    """'' or what a figure's title says when the losses were evaluated at every m-th update."""
    if kind != "losses" or result is None or result.losses.every <= 1:
        return ""
    # TRANSLATORS: {ordinal} is "2nd", "10th" (translated apart): the losses were computed at every such update.
    return _("every {ordinal} update (n·K too large for all)").format(ordinal=ordinal(int(result.losses.every)))
