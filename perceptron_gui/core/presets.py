"""The example data sets of the lecture notes, and two random generators.

Each preset has a name, a title for the menu, a one-sentence explanation, the data, and —
when the example is about particular algorithms — the algorithms it is meant for. A preset
with a fixed train/test split (the digits) also gives its test mask. Loading a
preset keeps the user's algorithm unless the preset names others (the session's rule, see
:meth:`perceptron_gui.session.session.Session.load_preset`).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..i18n import N_, _
from .dataset import Dataset, DatasetError
from .digits import SPLIT_SEED, TEST_FRACTION, digits_0_vs_1, digits_split

__all__ = ["Preset", "PRESETS", "get_preset", "random_separable", "random_noisy", "DEFAULT_PRESET",
           "preset_lines"]


@dataclass(frozen=True)
class Preset:
    """An example data set. ``title`` is English (marked with N_(): a session file keeps it as the
    data set's name); :attr:`shown_title` is it in the current language, for menus and lists.
    ``explanation_en`` is English, its named fields filled from ``explanation_args``;
    :attr:`explanation` reads it in the current language."""

    name: str
    title: str
    explanation_en: str
    build: Callable[[], Dataset]
    # The algorithms this example is about (the first is switched to when the user's is not
    # among them); empty: any algorithm shows it.
    algorithms: tuple[str, ...] = ()
    # The data with its fixed test mask (True: a test point); None: every point trains.
    split: Callable[[], tuple[Dataset, np.ndarray]] | None = None
    # The values of the named fields ("{fraction}") of the explanation; empty: it has none.
    explanation_args: tuple[tuple[str, object], ...] = ()

    @property
    def shown_title(self) -> str:
        """The title in the current language (menus, lists; ``title`` stays English)."""
        return _(self.title)

    @property
    def explanation(self) -> str:
        """The one-sentence explanation in the current language."""
        text = _(self.explanation_en)
        return text.format(**dict(self.explanation_args)) if self.explanation_args else text

    def data(self) -> Dataset:
        return self.split()[0] if self.split is not None else self.build()

    def data_and_roles(self) -> tuple[Dataset, np.ndarray | None]:
        """The data and its test mask (None when the preset has no test points)."""
        if self.split is not None:
            return self.split()
        return self.build(), None

    def train_test(self) -> tuple[Dataset, Dataset | None]:
        """The training and test sets (test None without a split), as ``run --preset`` trains."""
        data, test = self.data_and_roles()
        if test is None:
            return data, None
        return data.subset(~test), data.subset(test)


def _gate(outputs: list[int]) -> Dataset:
    X = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
    return Dataset.from_arrays(X, np.array(outputs, dtype=float))


def random_separable(n: int = 40, margin: float = 0.2, seed: int = 0, d: int = 2) -> Dataset:
    """n points uniform in [-1, 1]^d labelled by a random line with offset; points closer than
    ``margin`` to the line are redrawn, so the data set's margin is at least ``margin``."""
    if n < 0 or not np.isfinite(margin) or margin < 0 or margin >= 1:
        raise DatasetError(_("Choose n ≥ 0 points and a margin between 0 and 1."))
    rng = np.random.default_rng(seed)
    u = rng.normal(size=d)
    u /= np.linalg.norm(u)
    b = rng.uniform(-0.3, 0.3)
    pts: list[np.ndarray] = []
    while sum(len(p) for p in pts) < n:
        cand = rng.uniform(-1, 1, size=(max(n, 16), d))
        keep = np.abs(cand @ u + b) >= margin
        pts.append(cand[keep])
    X = np.concatenate(pts)[:n] if pts else np.zeros((0, d))
    y = np.where(X @ u + b >= 0, 1.0, -1.0)
    return Dataset.from_arrays(X, y)


def random_noisy(n: int = 60, noise: float = 0.1, seed: int = 0, d: int = 2) -> Dataset:
    """n points uniform in [-1, 1]^d labelled by a random line, each label flipped with
    probability ``noise`` (so the data is usually not separable)."""
    if n < 0 or not 0 <= noise <= 1:
        raise DatasetError(_("Choose n ≥ 0 points and a noise level between 0 and 1."))
    rng = np.random.default_rng(seed)
    u = rng.normal(size=d)
    u /= np.linalg.norm(u)
    b = rng.uniform(-0.3, 0.3)
    X = rng.uniform(-1, 1, size=(n, d))
    y = np.where(X @ u + b >= 0, 1.0, -1.0)
    flip = rng.random(n) < noise
    y[flip] *= -1
    return Dataset.from_arrays(X, y)


def _uniform_diagonal(n: int = 60, seed: int = 3) -> Dataset:
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, size=(n, 2))
    return Dataset.from_arrays(X, np.where(X[:, 1] > X[:, 0], 1.0, -1.0))


PRESETS: dict[str, Preset] = {p.name: p for p in [
    Preset("and", N_("AND gate"),
           N_("AND of two inputs: only (1, 1) is +1; separable with an offset (w = (1, 1), b = −1.5 works)."),
           lambda: _gate([-1, -1, -1, 1])),
    Preset("or", N_("OR gate"),
           N_("OR of two inputs: only (0, 0) is −1; separable with an offset (w = (1, 1), b = −0.5 works)."),
           lambda: _gate([-1, 1, 1, 1])),
    Preset("not", N_("NOT gate (1-D)"),
           N_("NOT of one input: 0 → +1, 1 → −1; one feature, separable with an offset (w = −1, b = 0.5)."),
           lambda: Dataset.from_arrays(np.array([[0.0], [1.0]]), np.array([1.0, -1.0]))),
    Preset("xor", N_("XOR (not separable)"),
           N_("XOR is not linearly separable: no line puts (0,1) and (1,0) on one side and (0,0), (1,1) on the other, "
              "so the perceptron never converges. Try the lifted perceptron or the kernel perceptron."),
           lambda: _gate([-1, 1, 1, -1])),
    Preset("notes003_margin", N_("Three points (notes 003)"),
           N_("The margin example: (1,3)+, (2.5,1.5)+, (−1.5,1.5)−. "
              "With θ = (1, −1), θ₀ = 1 their margins are −√2/2, √2, √2."),
           lambda: Dataset.from_arrays(np.array([[1.0, 3.0], [2.5, 1.5], [-1.5, 1.5]]), np.array([1.0, 1.0, -1.0]))),
    Preset("offset_1d", N_("1-D offset example (notes 003)"),
           N_("X = 1, 2, 3, 4 with labels +, +, −, −: separable with θ = −1, θ₀ = 2.5, "
              "but not through the origin. Appending a constant 1 makes it separable through the origin in 2-D."),
           lambda: Dataset.from_arrays(np.array([[1.0], [2.0], [3.0], [4.0]]), np.array([1.0, 1.0, -1.0, -1.0]))),
    Preset("uniform_diagonal", N_("Uniform square, x2 > x1 (notes 000)"),
           N_("60 points uniform in [−1, 1]², +1 where x2 > x1: "
              "separable through the origin (by the diagonal)."), _uniform_diagonal),
    Preset("far_cluster", N_("Separable, not by least squares"),
           N_("Four −1 points near the origin, a +1 point at (1.4, 1.4) beside them and five +1 points far off at "
              "(6, 6)–(7, 7): a line separates them (the perceptron finds one), but the line of least squared error, "
              "pulled by the far cluster, leaves (1.4, 1.4) on the −1 side. Try ADALINE."),
           lambda: Dataset.from_arrays(
               np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [0.5, 0.5], [1.4, 1.4],
                         [6.0, 6.0], [6.5, 6.0], [6.0, 6.5], [7.0, 7.0], [6.5, 7.0]]),
               np.array([-1.0, -1.0, -1.0, -1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0])),
           algorithms=("adaline",)),
    Preset("random_separable", N_("Random separable (margin 0.15)"),
           N_("40 random points separated by a line with margin at least 0.15."),
           lambda: random_separable(40, 0.15, seed=7)),
    Preset("random_noisy", N_("Random with 10 % label noise"),
           N_("60 random points whose labels were flipped with probability 0.1: "
              "usually not separable, so try pocket, voted or averaged."),
           lambda: random_noisy(60, 0.1, seed=5), algorithms=("pocket", "voted", "averaged")),
    Preset("digits_0_vs_1", N_("Digits 0 vs 1 (notes 002)"),
           N_("360 handwritten 8×8 digits (UCI optdigits, CC BY 4.0): 0 is −1, 1 is +1; "
              "{fraction} are test images (split seed {seed}). The per-epoch table below the canvas is "
              "the notes' run table: updates, train and test error per epoch of the perceptron through the origin."),
           digits_0_vs_1, algorithms=("standard",), split=digits_split,
           explanation_args=(("fraction", f"{TEST_FRACTION:.0%}"), ("seed", SPLIT_SEED))),
]}

DEFAULT_PRESET = "random_separable"


def preset_lines() -> list[str]:
    """One line per preset: its name and title (``perceptron-gui presets``)."""
    from .class_presets import CLASS_PRESETS

    width = max(len(name) for name in (*PRESETS, *CLASS_PRESETS))
    return ([f"{p.name:<{width}}  {p.shown_title}" for p in PRESETS.values()]
            + ["", _("Several classes (run --algorithm multiclass):")]
            + [f"{p.name:<{width}}  {p.title}" for p in CLASS_PRESETS.values()])


def get_preset(name: str) -> Preset:
    try:
        return PRESETS[name]
    except KeyError:
        raise DatasetError(_("There is no preset '{name}'; choose one of {names}.").format(
            name=name, names=", ".join(PRESETS))) from None
