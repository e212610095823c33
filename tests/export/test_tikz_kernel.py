"""TikZ of a kernel perceptron's frame: the curve f(x) = 0 as paths on f = 0, an α
ring per support point, the shading of sign f and a caption about f, not w."""
from __future__ import annotations

import re

import numpy as np

from perceptron_gui.core.dataset import Dataset
from perceptron_gui.export.tikz import frame_to_tikz
from perceptron_gui.session.frame import frame_at
from perceptron_gui.session.session import Session

XOR_X = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
XOR_Y = np.array([-1.0, 1.0, 1.0, -1.0])


def kernel_run(**params):
    s = Session()
    s.load_dataset(Dataset.from_arrays(XOR_X, XOR_Y), "xor")
    s.set_algorithm("kernel")
    for k, v in params.items():
        assert s.set_param(k, v)
    s.wait()
    assert s.result is not None and s.result.record.algorithm == "kernel"
    return s.result


def test_the_curve_rings_shading_and_caption():
    res = kernel_run(kernel="poly", degree=2)
    t = res.record.num_steps - 1
    tex = frame_to_tikz(res, t)
    fr = frame_at(res, t)
    paths = [ln for ln in tex.splitlines() if ln.startswith(r"\draw[ultra thick, line join=round]")]
    assert len(paths) == 2  # the two branches of the hyperbola
    pts = np.array([[float(a), float(b)] for p in paths for a, b in re.findall(r"\(([-\d.e]+),([-\d.e]+)\)", p)])
    scale = np.max(np.abs(fr.kernel_scores(XOR_X)))
    assert np.max(np.abs(fr.kernel_scores(pts))) < 0.02 * scale  # on f = 0, to the 4 digits written
    rings = re.findall(r"circle\[radius=[\d.]+pt\]; % alpha = (\d+)", tex)
    assert sorted(int(a) for a in rings) == sorted(res.record.extras["alpha"].tolist())
    assert "the sign of the kernel's f(x)" in tex
    assert r"$f(x) = \sum_j \alpha_j y_j K(x_j, x) + b$" in tex and "no hyperplane" not in tex


def test_before_the_first_update_there_is_no_curve_yet():
    tex = frame_to_tikz(kernel_run(kernel="rbf", kernel_gamma=2.0), -1)
    assert "kernel boundary" not in tex.split("caption and legend")[0]
    assert r"$\alpha = 0$, so $f = 0$ and there is no boundary yet" in tex
