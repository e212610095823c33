"""Every control and every value of the main window has a name for assistive technology, and
the values that follow the playhead say their current value in their description."""
from __future__ import annotations

import pyqtgraph as pg
from PySide6 import QtCore, QtWidgets

from perceptron_gui.core.algorithms import REGISTRY
from perceptron_gui.gui.kit.accessible import accessible_name

W = QtWidgets
# Widgets whose own text is no name (a combo box's is its choice, a spin box's its value): they
# must carry an accessible name of their own.
NEEDS_OWN_NAME = (W.QAbstractSpinBox, W.QComboBox, W.QLineEdit, W.QAbstractItemView, W.QSlider,
                  W.QAbstractScrollArea, pg.GraphicsView, W.QProgressBar)
INFORMATIVE = (W.QAbstractButton, W.QLabel, *NEEDS_OWN_NAME)


def _is_part(w: W.QWidget) -> bool:
    """A piece of another widget that assistive technology reaches through its owner: a spin
    box's or combo box's line edit, a scroll area's viewport."""
    parent = w.parentWidget()
    if isinstance(parent, (W.QAbstractSpinBox, W.QComboBox)):
        return True
    return isinstance(parent, W.QAbstractScrollArea) and w is parent.viewport()


def shown_widgets(win) -> list[W.QWidget]:
    """The visible widgets of ``win`` that take the keyboard focus or show something."""
    out = []
    for w in win.findChildren(W.QWidget):
        if not w.isVisible() or _is_part(w):
            continue
        if isinstance(w, INFORMATIVE) or w.focusPolicy() & QtCore.Qt.FocusPolicy.TabFocus:
            out.append(w)
    return out


def _label(w: W.QWidget) -> str:
    return f"{type(w).__name__} in {type(w.parentWidget()).__name__} (tool tip {w.toolTip()[:60]!r})"


def test_every_shown_control_and_value_has_an_accessible_name(make_main_window) -> None:
    win = make_main_window("random_separable")
    widgets = shown_widgets(win)
    assert len(widgets) > 40
    unnamed = [_label(w) for w in widgets
               if not (w.accessibleName() if isinstance(w, NEEDS_OWN_NAME) else accessible_name(w)).strip()]
    assert not unnamed, "without an accessible name:\n" + "\n".join(unnamed)


def test_every_picker_editor_is_named_by_its_spec(make_main_window) -> None:
    win = make_main_window("random_separable")
    for name in REGISTRY:
        win.session.set_algorithm(name)
        specs = {s.name: s for s in REGISTRY[name].param_specs() if s.in_picker}
        for key, editor in win.picker.editors.items():
            assert editor.accessibleName() == specs[key].label
            assert editor.accessibleDescription() == specs[key].help


def test_live_values_are_named_by_their_quantity_and_describe_their_value(make_main_window, qtbot) -> None:
    win = make_main_window("random_separable")
    s, panel = win.session, win.live_panel
    margin = panel.value_label("margin")
    assert margin.accessibleName() == "margin of data"
    s.to_start()
    s.step("update", 1)
    s.step("update", 1)
    for key in ("k", "w", "margin", "train_error"):
        lab = panel.value_label(key)
        qtbot.waitUntil(lambda lab=lab: lab.accessibleDescription() == lab.text())
    before = panel.value_label("k").accessibleDescription()
    s.step("update", 1)
    qtbot.waitUntil(lambda: panel.value_label("k").accessibleDescription() != before)
    assert panel.value_label("k").accessibleDescription() == panel.text("k")


def test_plots_and_canvas_describe_the_point_at_the_playhead(make_main_window, qtbot) -> None:
    win = make_main_window("random_separable")
    s = win.session
    s.to_start()
    s.step("update", 1)
    watched = {"canvas": win.canvas.plot, "angle": win.angle_plot.plot, "epochs": win.epoch_plot.view,
               "dot": win.proof_curves.plots["dot"].plot}
    qtbot.waitUntil(lambda: "k = 1:" in win.angle_plot.plot.accessibleDescription())
    before = {name: w.accessibleDescription() for name, w in watched.items()}
    assert "after update 1 of" in before["canvas"] and "points" in before["canvas"]
    s.to_end()
    k = s.k
    qtbot.waitUntil(lambda: f"k = {k}:" in win.angle_plot.plot.accessibleDescription())
    assert f"after update {k} of {k}" in win.canvas.plot.accessibleDescription()
    assert f"At update k = {k}:" in win.proof_curves.plots["dot"].plot.accessibleDescription()
    assert win.epoch_plot.view.accessibleDescription() != before["epochs"]
    assert win.playback.position.accessibleDescription() == win.playback.position.text()


def test_the_message_strip_says_its_message(make_main_window) -> None:
    win = make_main_window("random_separable")
    win.banner.show_message("error", "Something went wrong.")
    assert win.banner.label.accessibleName() == "Error"
    assert win.banner.label.accessibleDescription() == "Something went wrong."
    assert win.banner.close_button.accessibleName()


def test_the_canvas_draws_the_classes_in_two_shapes(make_main_window) -> None:
    from perceptron_gui.gui.canvas.overlay import point_styles
    from perceptron_gui.gui.canvas.scatter import MINUS, PLUS

    assert PLUS != MINUS
    table = point_styles()
    assert table[0][0] is PLUS and table[1][0] is MINUS  # index (label −1): +1 first, then −1
