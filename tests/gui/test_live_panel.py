"""The live panel shows exactly the core's numbers for the playhead's frame and the proof."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # in case no conftest set it

import time

import numpy as np
import pytest
from PySide6 import QtCore

from perceptron_gui.core.presets import random_separable
from perceptron_gui.gui.panels.live_panel import LivePanel
from perceptron_gui.gui.panels.live_rows import ROWS
from perceptron_gui.render.formatting import DASH, MINUS, NA, fmt, fmt_count_pct, fmt_equation, fmt_int, fmt_pct, fmt_vec
from perceptron_gui.session.frame import frame_at
from perceptron_gui.session.session import Session

Qt = QtCore.Qt


def make_session(preset: str = "random_separable", algorithm: str | None = None) -> Session:
    s = Session(background_work=1e12)  # train synchronously: callbacks stay on this thread
    s.load_preset(preset)
    if algorithm:
        s.set_algorithm(algorithm)
    return s


@pytest.fixture
def panel(qtbot):
    s = make_session()
    p = LivePanel(s)
    qtbot.addWidget(p)
    p.show()
    return p


def expect_now(p: LivePanel) -> None:
    """k, w, b, ‖w‖, equation, margin, error and the proof rows equal the core's numbers."""
    s = p.session
    res, fr = s.result, frame_at(s.result, s.playhead.t)
    k, K = fr.k, res.record.num_updates
    assert k == s.k
    assert p.text("k") == f"{fmt_int(k)} of {fmt_int(K)}"
    assert p.text("w") == fmt_vec(fr.w)
    assert p.text("b") == fmt(fr.b)
    assert p.text("norm_w") == fmt(float(np.linalg.norm(fr.w)))
    assert p.text("equation") == fmt_equation(fr.w, fr.b, fr.offset)
    assert p.text("train_error") == fmt_count_pct(fr.train_error, res.train.n)
    assert p.text("perceptron_loss") == fmt(fr.perceptron_loss)
    assert p.text("hinge_loss") == fmt(fr.hinge_loss)
    pr = res.proof
    assert p.text("dot").startswith(f"{fmt(pr.dot[k])} ≥ {fmt(pr.dot_lower[k])} ✓")
    assert p.text("norm_sq") == f"{fmt(pr.norm_sq[k])} ≤ {fmt(pr.norm_sq_upper[k])} ✓"
    assert p.text("cos").startswith(f"{fmt(pr.cos[k])} ≥ {fmt(pr.cos_lower[k])}")
    if k > 0:
        assert p.text("cos").endswith("✓")
        assert p.text("margin") == fmt(fr.dataset_margin)
    gamma, R = res.theory.gamma, res.theory.R
    assert pr.cos_lower[k] == pytest.approx(min(1.0, np.sqrt(k) * gamma / R))  # notes 003
    assert p.text("meter") == f"k = {fmt_int(k)} of at most {fmt_int(int(np.floor(res.theory.bound)))}"


def test_panel_follows_stepping(panel):
    s = panel.session
    assert s.result.proof is not None and s.run.num_updates >= 5
    expect_now(panel)  # at the end
    s.to_start()
    expect_now(panel)
    assert panel.text("k") == f"0 of {fmt_int(s.run.num_updates)}"
    assert panel.text("cos").startswith(f"{NA} ≥ 0")  # w = 0: no angle yet
    assert panel.text("visit") == "none yet (start)"
    assert panel.text("epoch").startswith("start")
    seen = []
    for _ in range(3):
        s.step("update")
        expect_now(panel)
        seen.append(panel.text("w"))
        assert panel.text("visit").endswith("→ update")
    assert len(set(seen)) == 3
    fr = frame_at(s.result, s.playhead.t)
    assert panel.text("visit") == f"row {fr.visit_index + 1} → update"  # as the table counts rows
    s.jump_to_update(4)
    expect_now(panel)
    assert panel.text("k").startswith("4 of")
    s.step("visit")  # a visit after an update changes no weights (or makes the next update)
    expect_now(panel)


def test_formatting_examples():
    assert fmt(1.23449) == "1.234"
    assert fmt(-0.70710678) == f"{MINUS}0.7071"
    assert fmt(120000.0) == "1.2e+05"
    assert fmt(None) == NA and fmt(float("nan")) == NA and fmt(-0.0) == "0"
    assert fmt_pct(None) == DASH and fmt_pct(0.025) == "2.5 %"
    assert fmt_equation(np.array([0.82, -1.3]), 0.5) == f"0.82·x₁ {MINUS} 1.3·x₂ + 0.5 = 0"
    assert fmt_vec(np.arange(10.0)).endswith("∈ ℝ¹⁰")


def test_not_separable_says_so_and_keeps_losses(qtbot):
    s = make_session("xor")
    p = LivePanel(s)
    qtbot.addWidget(p)
    p.show()
    assert s.result.proof is None
    assert p.note.isVisible()
    assert p.text("note").startswith("No θ*: the data is not linearly separable")
    assert s.result.theory.verdict in p.text("note")
    for key in ("dot", "norm_sq", "cos", "angle"):
        assert not p.value_label(key).isVisible()
    assert not p.meter.isVisible()
    fr = frame_at(s.result, s.playhead.t)
    assert p.text("perceptron_loss") == fmt(fr.perceptron_loss)
    assert p.text("hinge_loss") == fmt(fr.hinge_loss) == "4"  # w = 0 after 4 updates per epoch
    assert p.text("gamma") == NA and p.text("separable") == "no"


def test_separable_hides_the_note(panel):
    assert not panel.note.isVisible()
    assert panel.meter.isVisible() and panel.value_label("cos").isVisible()


def test_every_value_has_a_tooltip_and_is_selectable(panel):
    keys = [key for key, _c, _t in ROWS if not key.startswith("#") and key not in ("meter", "start")]
    assert len(panel.start_edit.toolTip()) > 20  # an editable field, not a label
    for key in keys:
        lab = panel.value_label(key)
        assert len(lab.toolTip()) > 20, key
        assert "{x}" not in lab.toolTip() and "{space}" not in lab.toolTip(), key  # filled in
        assert lab.textInteractionFlags() & Qt.TextInteractionFlag.TextSelectableByMouse
    assert panel.meter.toolTip()
    assert "x̃ = (x, 1)" in panel.value_label("R").toolTip()


def test_pocket_shows_output_and_count(qtbot):
    s = make_session("random_noisy", "pocket")
    p = LivePanel(s)
    qtbot.addWidget(p)
    p.show()
    fr = frame_at(s.result, s.playhead.t)
    assert p.value_label("pocket").isVisible() and p.value_label("output").isVisible()
    assert p.text("pocket").startswith(f"{fmt_int(fr.pocket_count)} of {s.run.n}")
    assert p.text("output") == fr.output_label
    assert p.text("output_error") == fmt_count_pct(fr.output_train_error, s.run.n)
    assert "pocket count" in p.text("note")


def test_lifted_uses_lifted_theory_and_lemma(qtbot):
    s = make_session("xor", "lifted")
    p = LivePanel(s)
    qtbot.addWidget(p)
    p.show()
    lt = s.result.lifted_theory
    assert lt is not None and s.result.proof is not None
    assert p.text("R") == fmt(lt.R) and p.text("gamma") == fmt(lt.gamma)
    assert p._captions["R"].text() == "R̃"
    assert p.value_label("gamma_lemma").isVisible()
    lemma = float(p.text("gamma_lemma").split()[0])
    assert 0 < lemma <= lt.gamma + 1e-9  # the lemma's γ′ never beats the exact lifted margin
    expect_lifted = s.result.proof.cos[s.k]
    assert p.text("cos").startswith(fmt(expect_lifted))


def test_narrow_enough_to_sit_beside_the_canvas(qtbot):
    for preset, algo in (("random_separable", None), ("xor", "lifted"), ("random_noisy", "pocket")):
        p = LivePanel(make_session(preset, algo))
        qtbot.addWidget(p)
        assert p.minimumSizeHint().width() <= 380
        assert p.sizeHint().width() <= 380


def test_update_is_cheap_for_1000_points(qtbot):
    s = Session(background_work=1e12)
    s.load_dataset(random_separable(1000, 0.02, seed=1))
    p = LivePanel(s)
    qtbot.addWidget(p)
    K = s.run.num_updates
    times = []
    for k in range(0, min(K, 40)):
        s.playhead.to_update(s.run, k)
        t0 = time.perf_counter()
        p._refresh()
        times.append(time.perf_counter() - t0)
    # Speed is a benchmark's business (tests/benchmarks), not a unit test's: this only
    # checks that refreshing along a long run works.
    assert len(times) == min(K, 40)
