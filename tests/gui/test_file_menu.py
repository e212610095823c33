"""One File-menu module builds every File-menu action once, over the Document; the window title
follows the document, with no rewiring and no title tricks."""
from __future__ import annotations

import ast
from pathlib import Path

from PySide6 import QtWidgets

from perceptron_gui.session.commands import AddPoints
from perceptron_gui.session.session_file import load_session

GUI = Path(__file__).resolve().parents[2] / "perceptron_gui" / "gui"


def file_menu(win) -> QtWidgets.QMenu:
    return next(a.menu() for a in win.menuBar().actions() if a.text().replace("&", "") == "File")


def test_every_file_menu_entry_is_built_by_the_file_menu_module(make_main_window, state_dir):
    win = make_main_window("xor")
    fa = win.file_actions
    fa.ask_close = lambda: "discard"
    entries = [a for a in file_menu(win).actions() if not a.isSeparator() and a.menu() is None]
    # The figure and animation exports are export_dialog's (being rewritten with the render layer).
    figure_exports = set(win.export_actions.actions.values())
    assert set(entries) - figure_exports == set(fa.actions.values())
    for name in ("open", "save", "save_as", "open_session", "save_session", "quit"):
        assert win.actions_by_name[name] is fa.actions[name]
    assert fa.actions["quit"] is entries[-1]


def test_the_save_action_is_connected_once_and_saves_by_the_documents_kind(make_main_window, state_dir, tmp_path):
    win = make_main_window("xor")
    fa, s = win.file_actions, win.session
    fa.ask_close = lambda: "discard"
    save = win.actions_by_name["save"]
    assert save is fa.actions["save"]  # built there, with its one slot; never rewired
    session_path = tmp_path / "s.perceptron.json"
    assert fa.save_session(session_path)
    s.execute(AddPoints([[0.0, -1.0]], [-1.0]))
    save.trigger()
    assert load_session(session_path)["data"]["X"].shape[0] == s.points.n
    csv = tmp_path / "d.csv"
    assert win.save_csv(str(csv))
    s.execute(AddPoints([[0.5, -1.0]], [-1.0]))
    save.trigger()
    assert len(csv.read_text().splitlines()) == s.points.n + 1
    assert win.windowTitle() == win.document.title() and "*" not in win.windowTitle()
    s.undo()  # back past the save point: unsaved again, and the title says so by itself
    assert win.windowTitle().startswith("d.csv *")


def _gui_sources() -> list[tuple[str, ast.AST]]:
    return [(p.name, ast.parse(p.read_text(encoding="utf-8"))) for p in sorted(GUI.glob("*.py"))]


def test_no_gui_module_updates_the_title_by_hand_or_rewires_an_action():
    found = []
    for name, tree in _gui_sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in ("_update_title", "windowTitleChanged"):
                found.append(f"{name}:{node.lineno} {node.attr}")
            if (isinstance(node, ast.Attribute) and node.attr == "disconnect"
                    and isinstance(node.value, ast.Attribute) and node.value.attr == "triggered"):
                found.append(f"{name}:{node.lineno} triggered.disconnect")
    assert found == []


def test_the_dirty_rule_is_the_documents():
    """No gui module asks or moves the history's save point: the Document does."""
    found = [f"{name}:{node.lineno} {node.attr}" for name, tree in _gui_sources() for node in ast.walk(tree)
             if isinstance(node, ast.Attribute) and node.attr in ("is_clean", "mark_clean")
             and isinstance(node.value, ast.Attribute) and node.value.attr == "history"]
    assert found == []
