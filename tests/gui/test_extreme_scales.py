"""The window at extreme data scales: separable data stay separable in
every view and nothing prints a RuntimeWarning while the canvas draws the hyperplane."""
from __future__ import annotations

import warnings

import numpy as np
import pytest

from perceptron_gui.core.dataset import Dataset

X1 = np.array([[1.0, 2.0], [2.0, 3.0], [3.0, 1.0], [-1.0, -1.0], [-2.0, 0.5], [0.0, -2.0]]) / 4
Y1 = np.array([1.0, 1.0, 1.0, -1.0, -1.0, -1.0])
SCALES = {"1e-300": 1e-300, "1e-150": 1e-150, "1e150": 1e150,
          "mixed": np.array([1e150, 1e-150]), "subnormal": 1e-320}


@pytest.mark.parametrize("algorithm", ["standard", "offset", "lifted"])
def test_extreme_scales_draw_without_runtime_warnings(make_main_window, qtbot, algorithm):
    win = make_main_window(None)
    s = win.session
    s.set_algorithm(algorithm)
    for name, scale in SCALES.items():
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            s.load_dataset(Dataset.from_arrays(X1 * scale, Y1, ("x1", "x2")), title=name)
            qtbot.waitUntil(lambda: s.result is not None and not s.runner.busy)
            s.to_start()
            for _ in range(3):
                s.step("update", 1)
                win.repaint()
            s.to_end()
            win.repaint()
        runtime = [str(w.message) for w in caught if issubclass(w.category, RuntimeWarning)]
        assert runtime == [], (name, runtime)
        assert s.result.theory.separable is True, name
