"""Menus, toolbar and keyboard shortcuts of the main window, and the small dialogs they open."""
from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, cast

from PySide6 import QtCore, QtGui, QtWidgets

from ...core.algorithms import REGISTRY
from ...core.errors import UserError
from ...core.presets import PRESETS, random_noisy, random_separable
from ...i18n import N_, _
from ...session.commands import DeletePoints
from ...session.document import Document
from ...session.session import Session
from ..canvas.canvas import Canvas
from ..dialogs.storyboard_dialog import add_storyboard_action
from ..kit.user_text import action_text, rich
from ..kit.view_wiring import connect_events
from ..panels.playback_bar import PlaybackBar
from ..table.data_table import PointTable
from .keyboard import PlaybackKeys

Qt = QtCore.Qt


class ActionWindow(Protocol):
    """What the actions use of the window they serve (a QMainWindow; MainWindow is one).

    A protocol rather than MainWindow: the window imports this module, so importing it back,
    even for type hints only, would make a cycle (the import contracts count those)."""

    session: Session
    canvas: Canvas
    table: PointTable
    playback: PlaybackBar
    docks: dict[str, QtWidgets.QDockWidget]
    document: Document

    @property
    def keys(self) -> PlaybackKeys: ...  # made after the actions, so read when a dialog closes


# Marked for translation (N_), translated where the list is shown; key names alone stay as they are.
SHORTCUTS: list[tuple[str, str]] = [
    ("Space", N_("Play / pause")),
    ("→ / ←", N_("Forward / back one update")),
    ("Ctrl+→ / Ctrl+←", N_("Forward / back one example visit")),
    ("Shift+→ / Shift+←", N_("Forward / back one epoch")),
    ("Home / End", N_("To the start / to the end of training")),
    (N_("Enter / Esc in a field"), N_("Apply / drop the typed value; the keys above go back to the playhead")),
    ("Esc", N_("Close the message above the plot (on the canvas: also clear the selection)")),
    ("Ctrl+Z / Ctrl+Shift+Z", N_("Undo / redo")),
    ("Delete", N_("Delete the selected points")),
    ("Ctrl+A", N_("Select all points")),
    ("Ctrl+O / Ctrl+S", N_("Open / save the data set (CSV), or the session when one is open")),
    ("Ctrl+Shift+O", N_("Open a session (.perceptron.json)")),
    ("Ctrl+E", N_("Export the figure (PNG, SVG, PDF, TikZ)")),
    ("1 / 2", N_("Clicks add class +1 / class −1")),
    ("F", N_("Fit the view to the data")),
    ("T", N_("Show / hide θ* and its margin band")),
    ("K", N_("Keyboard cursor on the canvas on / off (a crosshair; the line at the top lists its keys)")),
    (N_("← → ↑ ↓ (keyboard cursor)"), N_("Move the cursor by a twentieth of the view; Ctrl+ and Shift+arrows still "
                                 "step visits and epochs")),
    (N_("Enter / Shift+Enter (keyboard cursor)"), N_("Add a point of the active class / of the other class at the cursor")),
    (N_("Tab / Shift+Tab (keyboard cursor)"), N_("Select the next / previous point")),
    (N_("Alt+← → ↑ ↓ (keyboard cursor)"), N_("Move the selected points by the cursor's step (Ctrl+Z undoes)")),
    (N_("Esc (keyboard cursor)"), N_("Leave the keyboard cursor; Tab moves between the window's controls again")),
    ("F1", N_("This list")),
    ("F5", N_("Presentation mode: full screen, large text, keyboard stepping only (F5 or Esc returns)")),
    (N_("Left click"), N_("Add a point of the active class")),
    (N_("Right click or Shift+click"), N_("Add a point of the other class")),
    (N_("Drag a point"), N_("Move it (one undo step); it snaps to a grid of a tenth of the axes' tick spacing")),
    (N_("Drag the line / the arrow's tip"), N_("Set the run's start: move the line (b snaps to round steps) / "
                                        "turn and scale w (its components snap); the values show beside the mouse")),
    (N_("Alt or Shift while dragging"), N_("Move freely, without snapping")),
    (N_("Ctrl+click a point"), N_("Delete it")),
    (N_("Drag on empty space"), N_("Select the points in the rectangle")),
    (N_("Wheel / middle-drag"), N_("Zoom / pan")),
]


def build_actions(win: ActionWindow, file_actions: dict[str, QtGui.QAction]) -> dict[str, QtGui.QAction]:
    """Create every action but the File menu's (``file_actions``, built by
    :mod:`~perceptron_gui.gui.files.file_actions`), put them in menus and the toolbar, and return
    all of them by name (tests trigger them)."""
    s = win.session
    qwin = cast(QtWidgets.QMainWindow, win)  # the parent of the actions, menus and toolbar
    acts: dict[str, QtGui.QAction] = dict(file_actions)

    def act(name: str, text: str, slot: Callable,
            shortcut: str | QtGui.QKeySequence | QtGui.QKeySequence.StandardKey | Qt.Key | None = None,
            tip: str = "", checkable: bool = False, checked: bool = False) -> QtGui.QAction:
        a = QtGui.QAction(text, qwin)
        if shortcut is not None:
            a.setShortcut(QtGui.QKeySequence(shortcut))
            a.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        if tip:
            a.setToolTip(tip)
            a.setStatusTip(tip)
        if checkable:
            a.setCheckable(True)
            a.setChecked(checked)
            a.toggled.connect(slot)
        else:
            a.triggered.connect(lambda *_args: slot())
        qwin.addAction(a)
        acts[name] = a
        return a

    SK = QtGui.QKeySequence.StandardKey
    mb = qwin.menuBar()
    m = mb.addMenu(_("&Edit"))
    undo = act("undo", _("&Undo"), s.undo, SK.Undo)
    redo = act("redo", _("&Redo"), s.redo, QtGui.QKeySequence("Ctrl+Shift+Z"))
    qwin.addAction(act("redo_y", _("Redo"), s.redo, QtGui.QKeySequence("Ctrl+Y")))
    m.addAction(undo)
    m.addAction(redo)
    m.addSeparator()
    m.addAction(act("delete", _("&Delete selected points"),
                    lambda: s.selection.size and s.execute(DeletePoints(s.selection.copy())), SK.Delete))
    m.addAction(act("select_all", _("Select &all"), lambda: s.select(range(s.points.n)), SK.SelectAll))
    m.addAction(act("clear", _("&Clear all points"), s.clear, tip=_("Remove every point (undoable)")))
    m.addSeparator()
    cls_group = QtGui.QActionGroup(qwin)
    for key, c, text in (("1", 1, _("Add class +1 (blue +)")), ("2", -1, _("Add class −1 (vermillion −)"))):
        a = act(f"class_{'pos' if c > 0 else 'neg'}", text, lambda on, c=c: _set_class(win, c) if on else None, key,
                checkable=True, checked=(c == 1))
        cls_group.addAction(a)
        m.addAction(a)

    def refresh_undo() -> None:
        undo.setEnabled(s.history.can_undo())
        redo.setEnabled(s.history.can_redo())
        # An edit's name can hold a file's ("Open R&D.csv"): shown as written, not as a mnemonic.
        undo_edit, redo_edit = action_text(s.history.undo_text()), action_text(s.history.redo_text())
        undo.setText((_("&Undo {edit}").format(edit=undo_edit) if undo_edit.strip() else _("&Undo")).rstrip())
        redo.setText((_("&Redo {edit}").format(edit=redo_edit) if redo_edit.strip() else _("&Redo")).rstrip())

    connect_events(qwin, [(s.history_changed, refresh_undo)])
    refresh_undo()

    m = mb.addMenu(_("&View"))
    m.setObjectName("view_menu")  # found by this name (its text is translated)
    m.addAction(act("fit", _("&Fit view to data"), win.canvas.fit_view, "F"))
    m.addAction(act("theta_star", _("Show &θ* and its margin band"), win.canvas.set_show_theta_star, "T",
                    tip=_("The max-margin separator through the origin (of the points with offset) — the θ* of the proof"),
                    checkable=True, checked=False))
    m.addAction(act("regions", _("Shade decision &regions"), win.canvas.set_show_regions, checkable=True, checked=True))
    m.addAction(act("margins", _("Show &margin lines"), win.canvas.set_show_margins, checkable=True, checked=True))
    # The update explained (render/update_picture.py): the line before it on by default, since
    # stepping is about what changed; the vectors and the numbers when the lecturer asks.
    m.addAction(act("previous", _("Show the &previous hyperplane"), win.canvas.set_show_previous, checkable=True,
                    checked=True, tip=_("The hyperplane before the last update, solid, with the current one dashed "
                                        "(as notes 003 draw an update)")))
    m.addAction(act("update_vectors", _("Show the &update as vectors"), win.canvas.set_show_update, checkable=True,
                    tip=_("w before the last update, then y·x from its tip, then the new w, all from the origin")))
    m.addAction(act("margin_column", _("Margin column in the &table"), win.table.set_show_margin_column, checkable=True,
                    tip=_("Each point's signed margin y·(w·x + b)/‖w‖ at the step shown; highlighted: the data set's")))
    m.addAction(act("point_margins", _("Margins beside the poi&nts"), win.canvas.set_show_point_margins, checkable=True,
                    tip=_("y·(w·x + b)/‖w‖ beside each point (up to 50 points in view); bold: the data set's margin")))
    m.addAction(act("lifted_view", _("Offset trick view (1-D data at (x, 1))"), win.canvas.set_lifted_view, checkable=True,
                    tip=_("For 1-D data with offset: draw each point at (x, 1) and the separator through the origin")))
    m.addSeparator()
    for dock in win.docks.values():
        m.addAction(dock.toggleViewAction())

    m = mb.addMenu(_("&Presets"))
    for name, preset in PRESETS.items():
        a = act(f"preset_{name}", preset.shown_title, lambda n=name: _load_preset(win, n), tip=preset.explanation)
        m.addAction(a)
    m.addSeparator()
    m.addAction(act("random_separable", _("Random separable with margin…"), lambda: _random_dialog(win, "separable")))
    m.addAction(act("random_noisy", _("Random with label noise…"), lambda: _random_dialog(win, "noisy")))

    m = mb.addMenu(_("&Run"))
    m.addAction(act("play", _("&Play / pause"), win.playback.toggle_play, Qt.Key.Key_Space))
    m.addAction(act("next_update", _("Next update"), lambda: _next_update(win), Qt.Key.Key_Right))
    m.addAction(act("prev_update", _("Previous update"), lambda: s.step("update", -1), Qt.Key.Key_Left))
    m.addAction(act("next_visit", _("Next example visit"), lambda: s.step("visit", 1), "Ctrl+Right"))
    m.addAction(act("prev_visit", _("Previous example visit"), lambda: s.step("visit", -1), "Ctrl+Left"))
    m.addAction(act("next_epoch", _("Next epoch"), lambda: s.step("epoch", 1), "Shift+Right"))
    m.addAction(act("prev_epoch", _("Previous epoch"), lambda: s.step("epoch", -1), "Shift+Left"))
    m.addAction(act("to_start", _("To the start"), s.to_start, Qt.Key.Key_Home))
    m.addAction(act("to_end", _("To the end"), s.to_end, Qt.Key.Key_End))
    m.addAction(act("predict", _("Pre&dict, then reveal"), lambda on: _predict(win, on), "P", checkable=True,
                    tip=_("Before each update is shown, click the point that will cause it and type w and b after "
                          "it; → reveals the step beside your guess and keeps a score (Esc leaves)")))
    acts["predict"].setObjectName("lesson_mode")  # a mode a lesson switches on, and the next lesson off
    m.addSeparator()
    m.addAction(act("order_study", _("&Order study…"), lambda: _order_study(win),
                    tip=_("Train this algorithm in many shuffled orders and show how many updates each needed "
                          "(notes 004: the order of examples matters)")))
    m.addAction(act("winnow_study", _("&Winnow study…"), lambda: _winnow_study(win),
                    tip=_("Winnow against the perceptron as the number of features d grows: mistakes on random "
                          "disjunctions with both bounds, Littlestone's and (R/γ)²")))
    m.addAction(act("compare", _("&Compare…"), lambda: _compare(win),
                    tip=_("Race 2 to 4 runs (algorithms and/or shuffled orders) on these points, side by side")))
    m.addAction(act("multiclass", _("&Multiclass perceptron…"), lambda: _multiclass(win),
                    tip=_("Three or more classes, one weight vector each: step the updates W_y += x, W_ŷ −= x, "
                          "see the regions each class wins and the same run as Kesler's binary perceptron")))
    algo_menu = m.addMenu(_("Algorithm"))
    for name, cls in REGISTRY.items():
        algo_menu.addAction(act(f"algo_{name}", action_text(cls.title), lambda n=name: s.set_algorithm(n), tip=cls.description))

    m = mb.addMenu(_("&Help"))
    m.setObjectName("help_menu")  # found by this name (its text is translated)
    m.addAction(act("shortcuts", _("&Keyboard and mouse…"), lambda: show_shortcuts(qwin), "F1"))
    m.addAction(act("about_algorithms", _("&The algorithms…"), lambda: show_algorithms(qwin)))

    short = {"open": _("Open…"), "save": _("Save"), "undo": _("Undo"), "redo": _("Redo"), "class_pos": _("Add +1"),
             "class_neg": _("Add −1"), "fit": _("Fit view"), "theta_star": "θ*"}
    for name, text in short.items():
        acts[name].setIconText(text)  # fixed toolbar labels while menu texts change
    acts["class_pos"].setToolTip(_("Clicks add class +1 (blue +); right click adds −1 (key 1)"))
    acts["class_neg"].setToolTip(_("Clicks add class −1 (vermillion −); right click adds +1 (key 2)"))
    acts["undo"].setToolTip(_("Undo the last edit (Ctrl+Z)"))
    acts["redo"].setToolTip(_("Redo (Ctrl+Shift+Z)"))
    acts["theta_star"].setToolTip(_("Show θ*, the max-margin separator of the proof, with its margin band (T)"))
    tb = qwin.addToolBar(_("Main"))
    tb.setObjectName("main toolbar")
    tb.setMovable(False)
    tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    for name in ("open", "save", "undo", "redo"):
        tb.addAction(acts[name])
    tb.addSeparator()
    tb.addAction(acts["class_pos"])
    tb.addAction(acts["class_neg"])
    tb.addSeparator()
    tb.addAction(acts["fit"])
    tb.addAction(acts["theta_star"])
    acts["export_storyboard"] = add_storyboard_action(win)  # File → Export storyboard…, beside the Beamer slides
    return acts


def _set_class(win: ActionWindow, c: int) -> None:
    win.canvas.set_active_class(c)
    win.table.active_class = c


def _load_preset(win: ActionWindow, name: str) -> None:
    win.document.forget_file()
    win.session.load_preset(name)  # its message explains the example (and any switch)
    win.canvas.fit_view()


def _random_dialog(win: ActionWindow, kind: str) -> None:
    dlg = QtWidgets.QDialog(cast(QtWidgets.QWidget, win))
    dlg.setWindowTitle(_("Random separable data") if kind == "separable" else _("Random data with label noise"))
    form = QtWidgets.QFormLayout(dlg)
    n = QtWidgets.QSpinBox()
    n.setRange(1, 1_000_000)
    n.setValue(40 if kind == "separable" else 60)
    n.setToolTip(_("Number of points, uniform in the square [−1, 1]²."))
    amount = QtWidgets.QDoubleSpinBox()
    amount.setDecimals(3)
    amount.setRange(0.0, 0.9 if kind == "separable" else 1.0)
    amount.setSingleStep(0.05)
    amount.setValue(0.15 if kind == "separable" else 0.1)
    amount.setToolTip(_("Least distance of any point to the separating line.") if kind == "separable"
                      else _("Probability that a label is flipped."))
    seed = QtWidgets.QSpinBox()
    seed.setRange(0, 2**31 - 1)
    seed.setToolTip(_("The same seed gives the same points."))
    form.addRow(_("Points:"), n)
    form.addRow(_("Margin:") if kind == "separable" else _("Noise:"), amount)
    form.addRow(_("Seed:"), seed)
    buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Ok
                                         | QtWidgets.QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(dlg.accept)
    buttons.rejected.connect(dlg.reject)
    form.addRow(buttons)
    accepted = dlg.exec() == QtWidgets.QDialog.DialogCode.Accepted
    # The keys go back to the playhead, not to whichever widget had the focus before the
    # dialog (End in the algorithm combo box chose "Lifted").
    win.keys.go_home()
    if not accepted:
        return
    try:
        if kind == "separable":
            data = random_separable(n.value(), amount.value(), seed.value())
            title = f"Random separable (margin {amount.value():g})"  # the data set's name: English, as a preset's
        else:
            data = random_noisy(n.value(), amount.value(), seed.value())
            title = f"Random with {amount.value():.0%} label noise"
    except UserError as exc:
        QtWidgets.QMessageBox.warning(cast(QtWidgets.QWidget, win), _("Could not make the data"), str(exc))
        return
    win.document.forget_file()
    win.session.load_dataset(data, title, label=_("Load {title}").format(title=title))
    win.canvas.fit_view()


def _html_table(rows: list[tuple[str, str]]) -> str:
    body = "".join(f"<tr><td style='padding:2px 14px 2px 0'><b>{rich(k)}</b></td><td>{rich(v)}</td></tr>"
                   for k, v in rows)
    return f"<table>{body}</table>"


def show_shortcuts(win: QtWidgets.QWidget) -> QtWidgets.QMessageBox:
    box = QtWidgets.QMessageBox(win)
    box.setWindowTitle(_("Keyboard and mouse"))
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setText(_html_table([(_(keys), _(what)) for keys, what in SHORTCUTS]))
    box.setModal(False)
    box.show()
    return box


def show_algorithms(win: QtWidgets.QWidget) -> QtWidgets.QMessageBox:
    box = QtWidgets.QMessageBox(win)
    box.setWindowTitle(_("The {n} algorithms").format(n=len(REGISTRY)))
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setText(_html_table([(cls.title, cls.description) for cls in REGISTRY.values()])
                + "<p>" + rich(_("All share one convention: a mistake is y·(w·x + b) ≤ 0, w and b start at 0, "
                                 "an update adds y·x to w and y to b, and sign(0) = +1.")) + "</p>")
    box.setModal(False)
    box.show()
    return box


def _predict(win: ActionWindow, on: bool) -> None:
    mode = getattr(win, "predict", None)
    if on and mode is None:
        from ..panels.predict_panel import PredictMode  # made when first asked for, not at start
        mode = PredictMode(win)
        setattr(win, "predict", mode)  # noqa: B010 - not part of ActionWindow
    if mode is not None:
        mode.enter() if on else mode.leave()


def _next_update(win: ActionWindow) -> None:
    """→: the next update, or while predicting, the reveal of the guess."""
    mode = getattr(win, "predict", None)
    if mode is not None and mode.active:
        mode.reveal()
    else:
        win.session.step("update", 1)


def leave_predicting(win: ActionWindow) -> bool:
    """Escape: leave predict-then-reveal if it is on; True when it was."""
    mode = getattr(win, "predict", None)
    if mode is None or not mode.active:
        return False
    mode.leave()
    return True


def _multiclass(win: ActionWindow) -> None:
    from ..dialogs.multiclass_dialog import open_multiclass  # loaded when asked for, not at start
    setattr(win, "multiclass_dialog", open_multiclass(cast(QtWidgets.QWidget, win)))  # noqa: B010 - not part of ActionWindow


def _order_study(win: ActionWindow) -> None:
    from ..dialogs.order_study_dialog import start_order_study  # loaded when asked for, not at start
    # The window keeps the runner (and so its dialogs) alive until the next study.
    setattr(win, "order_study_runner", start_order_study(win))  # noqa: B010 - not part of ActionWindow


def _winnow_study(win: ActionWindow) -> None:
    from ..dialogs.winnow_study_dialog import start_winnow_study  # loaded when asked for, not at start
    # The window keeps the runner (and so its dialogs) alive until the next study.
    setattr(win, "winnow_study_runner", start_winnow_study(win))  # noqa: B010 - not part of ActionWindow


def _compare(win: ActionWindow) -> None:
    from ..dialogs.compare_dialog import start_compare  # loaded when asked for, not at start
    # The window keeps the runner (and so its Compare window) alive until the next comparison.
    setattr(win, "compare_runner", start_compare(win))  # noqa: B010 - not part of ActionWindow
