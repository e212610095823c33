"""The screen themes keep every line and mark readable: WCAG contrast computed from the theme values."""
from __future__ import annotations

import pytest

from perceptron_gui.core.errors import UserError
from perceptron_gui.render import theme


def test_contrast_ratio_matches_wcag_reference_values() -> None:
    assert theme.contrast_ratio("#000000", "#FFFFFF") == pytest.approx(21.0)
    assert theme.contrast_ratio("#FFFFFF", "#FFFFFF") == pytest.approx(1.0)
    assert theme.contrast_ratio("#777777", "#FFFFFF") == pytest.approx(4.48, abs=0.01)  # WebAIM's value


@pytest.mark.parametrize("name", sorted(theme.THEMES))
def test_every_line_and_mark_stands_out_by_three_to_one(name: str) -> None:
    th = theme.THEMES[name]
    low = {c: round(theme.contrast_ratio(th.colour(c), th.background), 2) for c in theme.LINE_COLOURS
           if theme.contrast_ratio(th.colour(c), th.background) < 3.0}
    assert low == {}


@pytest.mark.parametrize("name", sorted(theme.THEMES))
def test_text_stands_out_by_four_and_a_half_to_one(name: str) -> None:
    th = theme.THEMES[name]
    assert theme.contrast_ratio(th.foreground, th.background) >= 4.5


def test_class_colours_are_the_same_in_every_theme() -> None:
    for th in theme.THEMES.values():
        assert th.colour(theme.POSITIVE) == theme.POSITIVE
        assert th.colour(theme.NEGATIVE) == theme.NEGATIVE


def test_the_base_palette_fails_on_black_so_the_dark_theme_must_swap() -> None:
    # Without its swaps the dark theme would draw the black hyperplane on near-black.
    assert theme.contrast_ratio(theme.HYPERPLANE, theme.DARK.background) < 3.0
    assert theme.DARK.dark and not theme.LIGHT.dark


def test_an_unknown_theme_is_one_sentence() -> None:
    with pytest.raises(UserError, match="choose light or dark"):
        theme.theme_named("sepia")
