"""The Lessons menu: one entry per scene of :mod:`perceptron_gui.session.lessons`.

Choosing one opens it in one action: the session gets the data, algorithm, parameters and step
(:func:`~perceptron_gui.session.lessons.apply_lesson`, which also posts the explanation to the
message strip); this module only flips the View menu's switches through their actions, so the
menu's check marks stay true, and brings the dock that matters to the front.
"""
from __future__ import annotations

from typing import Protocol

from PySide6 import QtGui, QtWidgets

from ..core.errors import UserError
from ..session.document import Document
from ..session.lessons import LESSONS, apply_lesson, get_lesson
from ..session.session import Session
from .canvas import Canvas

__all__ = ["install_lesson_menu", "open_lesson", "raise_panel"]


class LessonWindow(Protocol):
    """What opening a lesson uses of the window (MainWindow is one; a protocol, not the class,
    since the window imports this module)."""

    session: Session
    canvas: Canvas
    document: Document
    docks: dict[str, QtWidgets.QDockWidget]
    actions_by_name: dict[str, QtGui.QAction]

    def menuBar(self) -> QtWidgets.QMenuBar: ...  # noqa: N802 - Qt's name


def install_lesson_menu(win: LessonWindow) -> QtWidgets.QMenu:
    """Put the Lessons menu before Help; its actions go into ``win.actions_by_name`` as
    ``lesson_<name>`` (tests trigger them)."""
    bar = win.menuBar()
    menu = QtWidgets.QMenu("&Lessons", bar)
    menu.setToolTipsVisible(True)
    group = ""
    for name, lesson in LESSONS.items():
        number = lesson.number.rstrip("abcd")
        if group and number != group:  # a separator between the numbered examples
            menu.addSeparator()
        group = number
        a = QtGui.QAction(f"{lesson.number}. {lesson.title} (notes {lesson.note})", menu)
        a.setToolTip(lesson.explanation)
        a.setStatusTip(lesson.explanation)
        a.triggered.connect(lambda *_, n=name: open_lesson(win, n))
        menu.addAction(a)
        win.actions_by_name[f"lesson_{name}"] = a
    help_menu = next((a for a in bar.actions() if a.text().replace("&", "") == "Help"), None)
    if help_menu is None:
        bar.addMenu(menu)
    else:
        bar.insertMenu(help_menu, menu)
    return menu


def open_lesson(win: LessonWindow, name: str) -> bool:
    """Open lesson ``name`` in the window; an unknown name is one sentence in the message strip."""
    try:
        lesson = get_lesson(name)
    except UserError as exc:
        win.session.message.emit("error", str(exc))
        return False
    win.document.forget_file()  # the lesson's data is not the file that was open
    view = apply_lesson(win.session, lesson)
    for switch, on in view.switches.items():
        win.actions_by_name[switch].setChecked(on)  # toggled -> the canvas or table follows
    raise_panel(win, view.panel)
    win.canvas.fit_view()
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

