"""The Session is the only writer of its state: views, the CLI and session
files call its methods; none assigns into it."""
from __future__ import annotations

import ast
from pathlib import Path

from perceptron_gui.core.presets import random_separable
from perceptron_gui.session.session import Session
from perceptron_gui.session.session_file import apply_session, load_session, save_session

PKG = Path(__file__).resolve().parents[2] / "perceptron_gui"
STATE = {"params", "algorithm", "playhead", "view_range", "play_speed", "play_unit", "result", "error",
         "playing", "dragging", "selection", "points", "history", "runner", "_pending_generation"}


def _writes_into_a_session(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
        for t in targets:
            chain = []
            while isinstance(t, ast.Attribute):
                chain.append(t.attr)
                t = t.value
            if isinstance(t, ast.Name):
                chain.append(t.id)
            chain.reverse()  # e.g. ["self", "session", "playhead", "t"]
            if "session" in chain[:-1]:
                after = chain[chain.index("session") + 1:]
                if after and after[0] in STATE:
                    found.append(".".join(chain))
    return found


def test_no_module_outside_the_session_writes_its_state():
    bad = []
    for path in PKG.rglob("*.py"):
        rel = path.relative_to(PKG).as_posix()
        if rel == "session/session.py":
            continue
        for w in _writes_into_a_session(ast.parse(path.read_text(encoding="utf-8"))):
            bad.append(f"{rel}: {w}")
    assert bad == []


def test_the_walk_finds_such_a_write():
    code = "def f(win):\n    win.session.view_range = None\n    session.playhead.t = 3\n    self.session = 1\n"
    assert _writes_into_a_session(ast.parse(code)) == ["win.session.view_range", "session.playhead.t"]


def test_restore_places_the_saved_step_for_a_background_run(tmp_path):
    s = Session(background_work=0.0)  # every run on the worker thread
    s.load_dataset(random_separable(40, 0.1, seed=4), "data")
    s.wait()
    s.set_algorithm("averaged")
    s.wait()
    s.jump_to_update(3)
    t = s.playhead.t
    path = tmp_path / "x.perceptron.json"
    save_session(s, path)
    s2 = Session(background_work=0.0)
    apply_session(s2, load_session(path))
    s2.wait()
    assert s2.algorithm == "averaged" and s2.playhead.t == t and s2.k == 3


def test_playback_settings_are_checked():
    s = Session()
    messages = []
    s.message.connect(lambda level, text: messages.append(level))
    assert s.set_play_speed(12.5) and s.play_speed == 12.5
    assert not s.set_play_speed(float("nan")) and s.play_speed == 12.5
    assert not s.set_play_unit("century") and s.play_unit == "update"
    assert s.set_play_unit("epoch") and s.play_unit == "epoch"
    assert messages == ["error", "error"]


def test_configure_sets_algorithm_and_params_once():
    s = Session()
    s.load_dataset(random_separable(20, 0.1, seed=1), "d")
    seen = []
    s.algorithm_changed.connect(lambda: seen.append(s.algorithm))
    s.configure("pocket", {"pocket": {"max_epochs": 7}})
    assert seen == ["pocket"] and s.current_params()["max_epochs"] == 7
    assert s.result.record.algorithm == "pocket"


def _emits_of_session_events(tree: ast.AST) -> list[str]:
    """``….session.<event>.emit(…)`` calls, except ``message`` (the sentence channel views post to)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "emit":
            ev = node.func.value
            if isinstance(ev, ast.Attribute) and ev.attr != "message":
                owner = ev.value
                name = owner.attr if isinstance(owner, ast.Attribute) else owner.id if isinstance(owner, ast.Name) else ""
                if name == "session":
                    found.append(f"session.{ev.attr}.emit")
    return found


def test_only_the_session_announces_its_changes():
    """app.py emitted history_changed on the window's session after clearing its history by hand
    (found with the document object); Session.forget_history does both now."""
    bad = []
    for path in PKG.rglob("*.py"):
        rel = path.relative_to(PKG).as_posix()
        if rel.startswith("session/"):
            continue
        bad += [f"{rel}: {e}" for e in _emits_of_session_events(ast.parse(path.read_text(encoding="utf-8")))]
    assert bad == []
