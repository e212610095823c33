"""The kernel perceptron's run file: final.alpha, final.b, final.kernel, and
final.w only for the linear kernel."""
from __future__ import annotations

import json

import numpy as np

from perceptron_gui.core.algorithms.kernel import KernelPerceptron
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.runio import read_run_json, run_to_json_dict, write_run_json

XOR = Dataset.from_arrays(np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]), np.array([-1.0, 1.0, 1.0, -1.0]))


def test_poly_run_file_has_alpha_b_and_the_kernel_but_no_w(tmp_path):
    rec = KernelPerceptron(kernel="poly", degree=2, coef0=1.0, kernel_gamma=1.0).fit(XOR)
    path = tmp_path / "run.json"
    write_run_json(path, rec, None, XOR)
    final = read_run_json(path)["final"]
    assert final["alpha"] == rec.extras["alpha"].tolist() and len(final["alpha"]) == 4
    assert sum(final["alpha"]) == rec.num_updates
    assert final["b"] == float(np.dot(final["alpha"], XOR.y))
    assert final["kernel"] == {"name": "poly", "degree": 2, "coef0": 1.0, "gamma": 1.0}
    assert "w" not in final
    assert json.loads(path.read_text())["params"]["kernel"] == "poly"


def test_linear_run_file_keeps_w():
    rec = KernelPerceptron(kernel="linear", max_epochs=5).fit(XOR)
    final = run_to_json_dict(rec, None, XOR)["final"]
    alpha = np.array(final["alpha"])
    assert final["w"] == ((alpha * XOR.y) @ XOR.X).tolist()
    assert final["kernel"]["name"] == "linear"
