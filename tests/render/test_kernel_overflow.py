"""A kernel whose values overflow float64 is said in a sentence, never drawn: the run is refused
when training meets it (core/algorithms/kernel.py), and a picture whose view reaches it draws no
regions or boundary and says why in its note (render/kernel_picture.py)."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.cli import main
from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.core.dataset import Dataset, DatasetError
from perceptron_gui.core.io import write_csv
from perceptron_gui.render.kernel_picture import KERNEL_OVERFLOW_NOTE
from perceptron_gui.render.picture import describe
from perceptron_gui.render.projection import make_projection
from perceptron_gui.session.session import Session

XOR = np.array([[1.0, 1.0], [-1.0, 1.0], [1.0, -1.0], [-1.0, -1.0]])
XOR_Y = [1, -1, -1, 1]


@pytest.mark.parametrize("n", [4, 5_001])  # the Gram matrix kept, and each row computed as needed
def test_a_poly_kernel_on_huge_data_refuses_the_run(n):
    X = np.resize(XOR, (n, 2)) * 1e149
    data = Dataset.from_arrays(X, np.resize(XOR_Y, n))
    with pytest.raises(DatasetError) as err:
        make_algorithm("kernel", kernel="poly", degree=2, max_epochs=2).fit(data)
    text = str(err.value)
    assert text.startswith("The poly kernel's values overflow on these data") and text.endswith(".")
    assert "rescale the data, or lower the degree p or γₖ" in text and "\n" not in text


def test_run_says_it_and_exits_2(capsys, tmp_path):
    p = tmp_path / "huge.csv"
    write_csv(Dataset.from_arrays(XOR * 1e150, XOR_Y), p)  # the largest data a file may hold
    assert main(["run", str(p), "--algorithm", "kernel"]) == 2
    err = capsys.readouterr().err
    assert "The poly kernel's values overflow" in err and "Traceback" not in err


def _picture(rect: tuple[float, float, float, float]):
    s = Session()
    s.set_algorithm("kernel")
    s.load_dataset(Dataset.from_arrays(XOR * 1e75, XOR_Y), "xor, far out")  # K ≈ 4e300: finite
    s.wait()
    assert s.error is None and s.run is not None and s.run.num_updates > 0
    s.to_end()
    X = s.points.X
    proj = make_projection(X, ["x1", "x2"], "pca", False)
    return describe(s.frame(), proj, proj.points(X), s.points.y, s.points.test, rect)


def test_a_view_where_f_is_finite_is_shaded_as_usual():
    pic = _picture((-2e75, -2e75, 2e75, 2e75))
    assert "kernel_regions" in pic.roles() and pic.note != KERNEL_OVERFLOW_NOTE


def test_a_view_where_f_overflows_is_not_shaded_and_the_note_says_why():
    pic = _picture((-1e80, -1e80, 1e80, 1e80))  # x·z ≈ 1e155 at the corners: K = inf
    assert "kernel_regions" not in pic.roles() and "kernel_boundary" not in pic.roles()
    assert pic.note == KERNEL_OVERFLOW_NOTE and "points" in pic.roles()
