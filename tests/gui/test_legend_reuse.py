"""The canvas legend puts back entries it showed before instead of making them anew (rebuilding
pyqtgraph's labels and samples took 80–160 ms of every playback step at 10⁶ points)."""
from __future__ import annotations

from perceptron_gui.gui.canvas.items import Legend, LegendSwatch


def test_entries_that_come_back_are_the_same_widgets_in_the_new_order(qtbot) -> None:
    legend = Legend()
    made: list[str] = []

    def make(key) -> LegendSwatch:
        made.append(key)
        return LegendSwatch()

    legend.show_entries([("a", "first"), ("b", "second")], make)
    first = list(legend.items)
    legend.show_entries([("a", "first"), ("c", "third")], make)
    assert [label.text for _, label in legend.items] == ["first", "third"]
    assert not first[1][1].isVisible()  # "second" hidden, kept
    legend.show_entries([("b", "second"), ("a", "first")], make)
    assert made == ["a", "b", "c"]  # each swatch made once
    assert [label.text for _, label in legend.items] == ["second", "first"]
    assert legend.items[0] is first[1] and legend.items[1] is first[0]
    assert all(item.isVisible() for pair in legend.items for item in pair)
    legend.show_entries([], make)
    assert not legend.isVisible()


def test_a_new_text_colour_forgets_the_hidden_entries(qtbot) -> None:
    legend = Legend()
    made: list[str] = []
    legend.show_entries([("a", "first"), ("b", "second")], lambda k: made.append(k) or LegendSwatch())
    legend.show_entries([("a", "first")], lambda k: made.append(k) or LegendSwatch())
    legend.setLabelTextColor("#ff0000")
    legend.show_entries([("a", "first"), ("b", "second")], lambda k: made.append(k) or LegendSwatch())
    assert made == ["a", "b", "b"]  # "b" was hidden: made again in the new colour


def test_set_entries_after_show_entries_starts_afresh(qtbot) -> None:
    legend = Legend()
    made: list[str] = []
    legend.show_entries([("a", "first")], lambda k: made.append(k) or LegendSwatch())
    legend.set_entries([(LegendSwatch(), "other")])
    legend.show_entries([("a", "first")], lambda k: made.append(k) or LegendSwatch())
    assert made == ["a", "a"]  # the one set_entries deleted is not put back
    assert [label.text for _, label in legend.items] == ["first"]
