"""Every pair of colours a reader must tell apart stays apart with protanopia, deuteranopia and
tritanopia (Machado et al. 2009 at severity 1.0), by CIEDE2000, in both screen themes; the
classes are also told apart by shape."""
from __future__ import annotations

import pytest

from perceptron_gui.render import colour_vision as cv
from perceptron_gui.render import theme as th


def test_ciede2000_matches_sharma_wu_dalal(monkeypatch) -> None:
    # Pairs 1, 7 and 34 of the paper's table of test data (given in CIELAB).
    labs = {"1a": (50.0, 2.6772, -79.7751), "1b": (50.0, 0.0, -82.7485),
            "7a": (50.0, 0.0, 0.0), "7b": (50.0, -1.0, 2.0),
            "34a": (2.0776, 0.0795, -1.1350), "34b": (0.9033, -0.0636, -0.5514)}
    monkeypatch.setattr(cv, "_lab", labs.__getitem__)
    assert cv.delta_e_2000("1a", "1b") == pytest.approx(2.0425, abs=1e-4)
    assert cv.delta_e_2000("7a", "7b") == pytest.approx(2.3669, abs=1e-4)
    assert cv.delta_e_2000("34a", "34b") == pytest.approx(0.9082, abs=1e-4)


def test_the_simulations_keep_grey_and_fold_the_confused_axis() -> None:
    for vision in cv.VISIONS:  # each matrix's rows sum to 1: a grey stays that grey
        assert cv.simulate("#808080", vision) == "#808080"
        assert cv.simulate("#FFFFFF", vision) == "#FFFFFF"
    # Red and green fall together for the red-green deficiencies, not for tritanopia.
    red, green = "#D00000", "#00A000"
    normal = cv.delta_e_2000(red, green)
    for vision in ("protanopia", "deuteranopia"):
        assert cv.delta_e_2000(cv.simulate(red, vision), cv.simulate(green, vision)) < normal / 2
    assert cv.delta_e_2000(cv.simulate(red, "tritanopia"), cv.simulate(green, "tritanopia")) > normal / 2


@pytest.mark.parametrize("theme", [th.LIGHT, th.DARK], ids=lambda t: t.name)
def test_every_required_pair_stays_apart_with_every_deficiency(theme) -> None:
    too_close = [f"{pair.a}/{pair.b} ({pair.where}) with {vision}: ΔE00 {d:.1f} < {pair.least:g}"
                 for pair, measured in cv.pair_table(theme) for vision, d in measured.items() if d < pair.least]
    assert not too_close, "\n".join(too_close)


def test_the_looser_threshold_is_only_for_pairs_told_apart_by_shape_too() -> None:
    shaped = {(p.a, p.b) for p in cv.PAIRS if p.least < cv.LINE_DELTA_E}
    assert shaped == {("+1", "−1"), ("POSITIVE", "NEGATIVE")}


def test_the_multiclass_classes_differ_by_shape() -> None:
    # The two-class canvas's + and − are checked in tests/gui/test_accessible_names.py (Qt paths).
    assert len(set(th.CLASS_SYMBOLS)) == len(th.CLASS_SYMBOLS) >= len(th.CLASS_COLOURS)


def test_the_multiclass_colours_stay_apart_and_each_class_has_its_own_shape() -> None:
    worst = cv.class_colour_table()
    for vision, (d, pair) in worst.items():
        assert d >= cv.SHAPED_DELTA_E, f"classes {pair} with {vision}: ΔE00 {d:.1f}"
