"""Real handwritten digits shipped with the application: the 0s and 1s of the UCI "Optical
Recognition of Handwritten Digits" data (E. Alpaydin, C. Kaynak, 1998; UCI Machine Learning
Repository, doi:10.24432/C50P49; licence CC BY 4.0).

The file ``perceptron_gui/resources/digits_0_vs_1.csv`` holds the 360 images of the digits 0
and 1 in the copy scikit-learn bundles (``sklearn.datasets.load_digits``, the repository's
1,797-image test part), in that order: 64 columns ``r1c1`` ... ``r8c8`` (an 8×8 image read row by
row, each pixel a count 0–16) and the label y, −1 for a 0 and +1 for a 1 (notes 002 make the
0s the negative class). It is a plain data CSV, so the window can open it like any other file.

The train/test split is fixed: :data:`TEST_FRACTION` of the images, chosen by
:func:`~perceptron_gui.core.dataset.split_mask` with seed :data:`SPLIT_SEED` (90 test, 270
training images).
"""
from __future__ import annotations

from importlib import resources

import numpy as np

from .dataset import Dataset, split_mask
from .io import read_csv

__all__ = ["DIGITS_FILE", "TEST_FRACTION", "SPLIT_SEED", "IMAGE_SHAPE", "digits_0_vs_1", "digits_split"]

DIGITS_FILE = "digits_0_vs_1.csv"
TEST_FRACTION = 0.25
SPLIT_SEED = 0
IMAGE_SHAPE = (8, 8)


def digits_0_vs_1() -> Dataset:
    """The 360 images of 0s (y = −1) and 1s (y = +1), in the file's order."""
    path = resources.files("perceptron_gui") / "resources" / DIGITS_FILE
    with resources.as_file(path) as p:  # a real path even when the package is zipped
        return read_csv(p)


def digits_split() -> tuple[Dataset, np.ndarray]:
    """The data and its fixed test mask (True for the test images)."""
    data = digits_0_vs_1()
    return data, split_mask(data.n, TEST_FRACTION, SPLIT_SEED)
