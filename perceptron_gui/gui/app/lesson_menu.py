"""The Lessons menu: one entry per scene of :mod:`perceptron_gui.session.lessons`.

Choosing one opens it in one action: the session gets the data, algorithm, parameters and step
(:func:`~perceptron_gui.session.lessons.apply_lesson`, which also posts the explanation to the
message strip); this module only flips the View menu's switches through their actions, so the
menu's check marks stay true, opens the lesson's docks and closes the others a lesson may open
(none stays open from the lesson before), brings the dock that matters to the front and hands
presentation mode the lesson's panels. PageDown and PageUp in presentation mode page through
the lessons (:func:`step_lesson`).
"""
from __future__ import annotations

from typing import Any, Protocol, cast

from PySide6 import QtGui, QtWidgets

from ...core.errors import UserError
from ...i18n import _
from ...session.class_lessons import CLASS_LESSONS
from ...session.document import Document
from ...session.lessons import LESSONS, apply_lesson, get_lesson
from ...session.session import Session
from ..canvas.canvas import Canvas

__all__ = ["install_lesson_menu", "open_lesson", "raise_panel", "step_lesson"]


class LessonWindow(Protocol):
    """What opening a lesson uses of the window (MainWindow is one; a protocol, not the class,
    since the window imports this module)."""

    session: Session
    canvas: Canvas
    document: Document
    docks: dict[str, QtWidgets.QDockWidget]
    actions_by_name: dict[str, QtGui.QAction]

    def menuBar(self) -> QtWidgets.QMenuBar: ...  # noqa: N802 - Qt's name

    def setProperty(self, name: str, value: Any) -> bool: ...  # noqa: N802 - Qt's name

    def property(self, name: str) -> Any: ...


def install_lesson_menu(win: LessonWindow) -> QtWidgets.QMenu:
    """Put the Lessons menu before Help; its actions go into ``win.actions_by_name`` as
    ``lesson_<name>`` (tests trigger them)."""
    bar = win.menuBar()
    menu = QtWidgets.QMenu(_("&Lessons"), bar)
    menu.setObjectName("lessons_menu")
    menu.setToolTipsVisible(True)
    group = ""
    for name, lesson in LESSONS.items():
        number = lesson.number.rstrip("abcd")
        if group and number != group:  # a separator between the numbered examples
            menu.addSeparator()
        group = number
        text = _("{number}. {title} (notes {note})").format(number=lesson.number, title=lesson.title, note=lesson.note)
        a = QtGui.QAction(text, menu)
        a.setToolTip(lesson.explanation)
        a.setStatusTip(lesson.explanation)
        a.triggered.connect(lambda *_args, n=name: open_lesson(win, n))
        menu.addAction(a)
        win.actions_by_name[f"lesson_{name}"] = a
    menu.addSeparator()
    for name, les in CLASS_LESSONS.items():  # more than two classes: the multiclass view
        a = QtGui.QAction(f"{les.number}. {les.title} ({les.note})", menu)
        a.setToolTip(les.explanation)
        a.setStatusTip(les.explanation)
        a.triggered.connect(lambda *_args, n=name: open_lesson(win, n))
        menu.addAction(a)
        win.actions_by_name[f"lesson_{name}"] = a
    help_menu = next((a for a in bar.actions() if a.menu() is not None and a.menu().objectName() == "help_menu"), None)
    if help_menu is None:
        bar.addMenu(menu)
    else:
        bar.insertMenu(help_menu, menu)
    return menu


def open_lesson(win: LessonWindow, name: str) -> bool:
    """Open lesson ``name`` in the window; an unknown name is one sentence in the message strip."""
    if name in CLASS_LESSONS:
        return _open_class_lesson(win, name)
    try:
        lesson = get_lesson(name)
    except UserError as exc:
        win.session.message.emit("error", str(exc))
        return False
    win.document.forget_file()  # the lesson's data is not the file that was open
    view = apply_lesson(win.session, lesson)
    win.setProperty("lesson", name)  # where PageDown and PageUp page from
    for switch, on in view.switches.items():
        win.actions_by_name[switch].setChecked(on)  # toggled -> the canvas or table follows
    for dock_name, on in view.docks.items():
        if dock_name in win.docks:
            win.docks[dock_name].setVisible(on)
    presentation: Any = getattr(win, "presentation", None)
    if presentation is not None and view.presenting is not None:
        presentation.panels.choose(view.presenting, save=False)  # the lesson's, not a new choice
    elif presentation is not None:
        presentation.panels.use_chosen()
    if presentation is not None:
        presentation.refresh_panels()  # while presenting, the lesson's docks above yield to its panels
    raise_panel(win, view.panel)
    win.canvas.fit_view()
    _open_what_the_lesson_opens(win, view.opens)
    return True


STORYBOARD = "export_storyboard"


def _open_what_the_lesson_opens(win: LessonWindow, opens: str | None) -> None:
    """A mode the lesson names is switched on and any other lesson leaves it (predict-then-reveal);
    a dialog it names is opened (the exercise sheet)."""
    for action in win.actions_by_name.values():
        if action.isCheckable() and action.objectName() == "lesson_mode" and action.isChecked() and \
                win.actions_by_name.get(opens or "") is not action:
            action.setChecked(False)
    if opens is None:
        return
    if opens == STORYBOARD:  # the File menu's dialog is modal; beside the window it lets the lesson go on
        from ..dialogs.storyboard_dialog import show_storyboard_dialog

        show_storyboard_dialog(win)
        return
    action = win.actions_by_name[opens]
    if action.isCheckable():
        action.setChecked(True)
    else:
        action.trigger()


def _open_class_lesson(win: LessonWindow, name: str) -> bool:
    """A lesson of several classes: the multiclass view on its data, at its step, saying what to see."""
    from ..dialogs.multiclass_dialog import open_multiclass  # loaded when asked for

    les = CLASS_LESSONS[name]
    dialog = getattr(win, "multiclass_dialog", None)
    if dialog is None or not dialog.isVisible():
        dialog = open_multiclass(cast(QtWidgets.QWidget, win))
        setattr(win, "multiclass_dialog", dialog)  # noqa: B010 - not part of LessonWindow
    win.setProperty("lesson", name)
    dialog.open_lesson(les.preset, les.step, _("Lesson {number} ({title}). {explanation}").format(
        number=les.number, title=les.title, explanation=les.explanation))
    dialog.raise_()
    return True


def raise_panel(win: LessonWindow, panel: str | None) -> None:
    """Show the dock ``panel`` in front of its tab group. Raised before the window is first on
    screen (``--lesson`` at start), a tab falls behind again when the window lays its docks
    out: ``run_app`` calls this once more after showing the window."""
    if panel is not None and panel in win.docks:
        dock = win.docks[panel]
        dock.show()
        # raise_() is a no-op for a dock Qt already holds on top, even when its tab group shows
        # another tab (a dock that was hidden and shown again): lowered first, it is raised.
        dock.lower()
        dock.raise_()



def step_lesson(win: LessonWindow, steps: int) -> bool:
    """Open the lesson ``steps`` places after the one open (before it for a negative count; the
    first lesson when none is open); past either end nothing changes."""
    names = list(LESSONS)
    current = win.property("lesson")
    if current in names:
        index = names.index(current) + steps
    else:
        index = 0 if steps > 0 else len(names) - 1
    if not 0 <= index < len(names):
        return False
    return open_lesson(win, names[index])
