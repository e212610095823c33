"""Example data sets of three or more classes, for the multiclass perceptron.

``three_classes`` and ``four_classes`` are small sets of points such as a lecturer draws by hand
(integer coordinates, separable, a few steps per class); ``digits_0_1_2`` is the 537 images of
0s, 1s and 2s from the UCI "Optical Recognition of Handwritten Digits" data (E. Alpaydin,
C. Kaynak, 1998; doi:10.24432/C50P49; CC BY 4.0) in the copy scikit-learn bundles, in its order:
64 pixel counts (an 8×8 image read row by row) and the digit.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources

import numpy as np

from ..i18n import N_, _
from .class_data import ClassData, class_data, read_class_csv
from .dataset import DatasetError

__all__ = ["ClassPreset", "CLASS_PRESETS", "get_class_preset", "DIGITS_012_FILE"]

DIGITS_012_FILE = "digits_0_1_2.csv"


@dataclass(frozen=True)
class ClassPreset:
    """An example of several classes; ``title_en`` and ``description_en`` are English (marked
    with N_()), :attr:`title` and :attr:`description` read them in the current language."""

    name: str
    title_en: str
    description_en: str
    make: Callable[[], ClassData]

    @property
    def title(self) -> str:
        return _(self.title_en)

    @property
    def description(self) -> str:
        return _(self.description_en)


def _three() -> ClassData:
    X = np.array([[1, 4], [2, 5], [1, 6], [3, 6], [2, 3],          # A: up left
                  [6, 5], [7, 6], [8, 4], [7, 3], [6, 4],          # B: up right
                  [3, -2], [4, -1], [5, -2], [4, -3], [3, 0]], dtype=float)  # C: below
    return class_data(X, ["A"] * 5 + ["B"] * 5 + ["C"] * 5, ("x1", "x2"), "three_classes")


def _four() -> ClassData:
    X = np.array([[-3, 3], [-4, 2], [-2, 4], [-3, 1],
                  [3, 3], [4, 2], [2, 4], [3, 1],
                  [-3, -3], [-4, -2], [-2, -4], [-3, -1],
                  [3, -3], [4, -2], [2, -4], [3, -1]], dtype=float)
    return class_data(X, [1] * 4 + [2] * 4 + [3] * 4 + [4] * 4, ("x1", "x2"), "four_classes")


def _digits() -> ClassData:
    path = resources.files("perceptron_gui") / "resources" / DIGITS_012_FILE
    with resources.as_file(path) as p:
        return read_class_csv(p)


CLASS_PRESETS: dict[str, ClassPreset] = {p.name: p for p in (
    ClassPreset("three_classes", N_("Three classes by hand"), N_("15 points of classes A, B and C, drawn by hand"),
                _three),
    ClassPreset("four_classes", N_("Four quadrants"), N_("16 points, one class per quadrant (labels 1–4)"), _four),
    ClassPreset("digits_0_1_2", N_("Digits 0, 1 and 2"), N_("537 handwritten 8×8 digits (UCI optdigits, CC BY 4.0)"),
                _digits),
)}


def get_class_preset(name: str) -> ClassPreset:
    try:
        return CLASS_PRESETS[name]
    except KeyError:
        raise DatasetError(_("There is no example of several classes named '{name}'; choose one of "
                             "{names}.").format(name=name, names=", ".join(CLASS_PRESETS))) from None
