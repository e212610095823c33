"""Tab from the canvas reaches every control of the main window and comes back around: no
widget keeps Tab for itself."""
from __future__ import annotations

from focus_setups import make_active_window, press
from PySide6 import QtCore, QtWidgets

Key = QtCore.Qt.Key
Mod = QtCore.Qt.KeyboardModifier


def tab_stops(win) -> list[QtWidgets.QWidget]:
    """The visible, enabled widgets of ``win`` that Tab should reach (a spin box or combo box
    counts once, not its line edit)."""
    out = []
    for w in win.findChildren(QtWidgets.QWidget):
        if not (w.isVisible() and w.isEnabled() and w.focusPolicy() & QtCore.Qt.FocusPolicy.TabFocus):
            continue
        if w.focusProxy() is not None or isinstance(w.parentWidget(), (QtWidgets.QAbstractSpinBox, QtWidgets.QComboBox)):
            continue
        out.append(w)
    return out


def _focus() -> QtWidgets.QWidget | None:
    w = QtWidgets.QApplication.focusWidget()
    while w is not None and isinstance(w.parentWidget(), (QtWidgets.QAbstractSpinBox, QtWidgets.QComboBox)):
        w = w.parentWidget()
    return w


def _walk(win, key: Key, mods: Mod, limit: int) -> list[QtWidgets.QWidget]:
    seen = []
    for _ in range(limit):
        press(win, key, mods)
        w = _focus()
        assert w is not None and w.window() is win, f"Tab left the window for {w!r}"
        if w is win.canvas.plot:
            return seen
        seen.append(w)
    raise AssertionError(f"Tab never came back to the canvas; it went round {', '.join(type(w).__name__ for w in seen[-8:])}")


def _collapse(seen: list[QtWidgets.QWidget]) -> list[QtWidgets.QWidget]:
    """``seen`` without repeats in a row (a table's cells)."""
    return [w for i, w in enumerate(seen) if i == 0 or seen[i - 1] is not w]


def test_tab_reaches_every_control_and_comes_back_to_the_canvas(make_main_window, qtbot) -> None:
    win = make_active_window(make_main_window, qtbot)
    stops = tab_stops(win)
    assert win.canvas.plot in stops and len(stops) > 15
    seen = _walk(win, Key.Key_Tab, Mod.NoModifier, 3 * len(stops))
    missed = [w for w in stops if w is not win.canvas.plot and w not in seen]
    assert not missed, "Tab never reached: " + ", ".join(
        f"{type(w).__name__} {w.accessibleName() or w.toolTip()[:40]!r}" for w in missed)
    # Only a table takes Tab more than once, cell by cell along its current row.
    stops_once = _collapse(seen)
    assert len(stops_once) == len(set(stops_once)), "a widget took Tab again after others"
    assert all(isinstance(w, QtWidgets.QAbstractItemView) for w in set(seen) if seen.count(w) > 1)


def test_shift_tab_goes_round_the_other_way(make_main_window, qtbot) -> None:
    win = make_active_window(make_main_window, qtbot)
    forward = _walk(win, Key.Key_Tab, Mod.NoModifier, 3 * len(tab_stops(win)))
    backward = _walk(win, Key.Key_Backtab, Mod.ShiftModifier, 3 * len(tab_stops(win)))
    assert _collapse(backward) == _collapse(forward)[::-1]
