"""The kernel perceptron in the window: the picker offers its options; the canvas
draws f(x) = 0 as a curve with the regions shaded and α as rings; the table lists α."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import numpy as np
from PySide6 import QtCore

from perceptron_gui.render.kernel_picture import alpha_ring_scale

Qt = QtCore.Qt


def test_xor_with_a_poly_kernel_draws_a_curve_rings_and_alpha(make_main_window, qtbot):
    win = make_main_window("xor", "kernel")
    s = win.session
    for name in ("kernel", "degree", "coef0", "kernel_gamma"):
        assert name in win.picker.editors
    qtbot.waitUntil(lambda: s.result is not None and s.result.record.algorithm == "kernel", timeout=20_000)
    rec = s.result.record
    assert rec.converged
    s.to_end()
    qtbot.waitUntil(lambda: s.frame() is not None and s.frame().k == rec.num_updates, timeout=10_000)
    fr = s.frame()
    assert fr.train_error == 0.0 and fr.misclassified.size == 0
    assert not fr.has_hyperplane  # a curved boundary: no line of w is drawn
    pic = win.canvas.overlay.picture
    roles = pic.roles()
    assert "kernel_boundary" in roles and "kernel_regions" in roles and "alpha" in roles
    assert "hyperplane" not in roles and "previous" not in roles
    # The curve lies on f = 0 (its points score 0 up to the interpolation of a fine grid cell).
    seg = pic.get("kernel_boundary").segments.reshape(-1, 2)
    f = fr.kernel_scores(seg)
    assert np.max(np.abs(f)) < 0.05 * np.max(np.abs(fr.kernel_scores(np.array([[0.0, 0.0], [1.0, 1.0]]))))
    layer = win.canvas.overlay.kernel
    assert layer.boundary.isVisible() and layer.regions.isVisible() and layer.rings.isVisible()
    alpha = rec.extras["alpha"]
    rings = pic.get("alpha")
    assert sorted(rings.index.tolist()) == np.flatnonzero(alpha).tolist()
    assert np.array_equal(rings.alpha, alpha[rings.index])
    sizes = layer.rings.data["size"]
    assert np.allclose(sorted(sizes), sorted(22.0 * alpha_ring_scale(alpha[rings.index])))
    # The table's last column lists α at the playhead.
    model = win.table.model
    c = model.margin_column
    assert model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole) == "α"
    assert [model.data(model.index(r, c)) for r in range(4)] == [str(a) for a in alpha]
    # Back at the start: α = 0, no curve yet, and the note says why.
    s.to_start()
    qtbot.waitUntil(lambda: s.frame() is not None and s.frame().k == 0, timeout=10_000)
    pic = win.canvas.overlay.picture
    assert "kernel_boundary" not in pic.roles() and not layer.boundary.isVisible()
    assert "α = 0" in pic.note
    assert [model.data(model.index(r, c)) for r in range(4)] == ["0"] * 4


def test_the_linear_kernel_draws_its_line_and_the_table_still_lists_alpha(make_main_window, qtbot):
    win = make_main_window("and", "kernel")
    s = win.session
    s.set_params({"kernel": "linear"})
    qtbot.waitUntil(lambda: s.result is not None and s.result.record.params.get("kernel") == "linear",
                    timeout=20_000)
    rec = s.result.record
    s.to_end()
    qtbot.waitUntil(lambda: s.frame() is not None and s.frame().k == rec.num_updates, timeout=10_000)
    pic = win.canvas.overlay.picture
    assert "hyperplane" in pic.roles() and "kernel_boundary" not in pic.roles()
    model = win.table.model
    assert model.headerData(model.margin_column, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole) == "α"


def test_the_live_panel_speaks_of_f_and_alpha_not_of_w(make_main_window, qtbot):
    win = make_main_window("xor", "kernel")
    s = win.session
    qtbot.waitUntil(lambda: s.result is not None and s.result.record.algorithm == "kernel", timeout=20_000)
    s.to_end()
    qtbot.waitUntil(lambda: s.frame() is not None and s.frame().k == s.result.record.num_updates, timeout=10_000)
    panel = win.live_panel
    assert "f(x) = 0, poly K = (1·x·z + 1)²" in panel.text("equation")
    assert panel.text("support") == f"4 of 4 points (Σ α = {s.result.record.num_updates})"
    assert "feature space" in panel.text("note")
    assert s.result.proof is None


def test_the_table_lists_alpha_for_a_kernel_run_without_the_margin_switch(make_main_window, qtbot):
    """Issue 12 §1: each point's α is listed in the table — shown for a kernel run whatever the
    margin column's switch says, hidden again for a linear learner."""
    win = make_main_window("xor", "offset")
    view, model = win.table.view, win.table.model
    last = model.margin_column
    assert view.isColumnHidden(last)
    win.session.configure("kernel", {"kernel": {"kernel": "poly", "degree": 2, "coef0": 1.0, "kernel_gamma": 1.0}})
    win.session.wait()
    qtbot.waitUntil(lambda: model.dual_shown(), timeout=10_000)
    assert not view.isColumnHidden(last)
    assert model.headerData(last, QtCore.Qt.Orientation.Horizontal) == "α"
    alphas = [model.alpha(r) for r in range(win.session.points.n)]
    assert sum(alphas) == win.session.result.record.num_updates
    win.session.set_algorithm("offset")
    win.session.wait()
    qtbot.waitUntil(lambda: not model.dual_shown(), timeout=10_000)
    assert view.isColumnHidden(last)


def test_the_picker_greys_out_what_the_kernel_does_not_use(make_main_window, qtbot):
    """The degree and c matter for poly only, γₖ for poly and rbf: the picker says so."""
    win = make_main_window("xor", "offset")
    win.session.configure("kernel", {"kernel": {"kernel": "rbf"}})
    win.session.wait()
    ed = win.picker.editors
    assert not ed["degree"].isEnabled() and not ed["coef0"].isEnabled() and ed["kernel_gamma"].isEnabled()
    win.session.set_params({"kernel": "linear"}, "kernel")
    win.session.wait()
    assert not ed["kernel_gamma"].isEnabled()
    win.session.set_params({"kernel": "poly"}, "kernel")
    win.session.wait()
    assert all(ed[n].isEnabled() for n in ("degree", "coef0", "kernel_gamma"))
