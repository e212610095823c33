"""A file name in a menu entry, a window title or an action's text shows the characters it is
made of: an '&' is not a mnemonic, a '[*]' not Qt's modified mark, and a bidi control (a name
'\\u202egnp.csv' that read as 'vsc.png') or a newline is written out, never obeyed."""
from __future__ import annotations

import pytest

from perceptron_gui.gui.files.file_actions import install_file_actions
from perceptron_gui.gui.kit.user_text import BIDI_CONTROLS, action_text, shown_name, window_title

SPOOF = "\u202egnp.csv"  # shows as "vsc.png" when the override is obeyed
CSV = "x1,x2,y\n1,3,1\n2.5,1.5,1\n-1.5,1.5,-1\n"


@pytest.mark.parametrize("control", sorted(BIDI_CONTROLS))
def test_every_bidi_control_is_written_out(control):
    shown = shown_name(f"a{control}b.csv")
    assert shown == f"a\\u{ord(control):04x}b.csv"
    assert not set(shown) & BIDI_CONTROLS


def test_names_are_shown_as_written():
    assert shown_name("plain name.csv") == "plain name.csv"
    assert shown_name(SPOOF) == "\\u202egnp.csv"
    assert shown_name("two\nlines.csv") == "two\\x0alines.csv"
    assert shown_name("latin1-\udce9.csv") == "latin1-\\xe9.csv"  # a byte that is not UTF-8
    assert action_text("R&D.csv") == "R&&D.csv"
    assert action_text(SPOOF + "&") == "\\u202egnp.csv&&"
    assert window_title("draft[*].csv — app") == "draft[*][*].csv — app"


@pytest.fixture
def opened(make_main_window, state_dir, tmp_path, qtbot):
    win = make_main_window()
    fa = install_file_actions(win)
    qtbot.waitUntil(lambda: fa.autosaver is not None)
    fa.ask_close = lambda: "discard"
    path = tmp_path / f"R&D [*] {SPOOF}"
    path.write_text(CSV)
    assert fa.open_csv(path)
    return win, fa


def test_the_window_title_shows_the_name_literally(opened, qtbot):
    win, _ = opened
    assert not set(win.windowTitle()) & BIDI_CONTROLS
    # What the window system is given: Qt has turned "[*][*]" back into "[*]".
    qtbot.waitUntil(lambda: win.windowHandle().title().startswith("R&D [*] \\u202egnp.csv"))


def test_the_recent_files_menu_shows_the_name_literally(opened):
    win, fa = opened
    fa._fill_recent_menu()
    first = fa.recent_menu.actions()[0]
    assert first.text() == "&1 R&&D [*] \\u202egnp.csv"
    for text in (first.toolTip(), first.statusTip()):
        assert text.endswith("R&D [*] \\u202egnp.csv") and not set(text) & BIDI_CONTROLS


def test_the_undo_entry_shows_the_opened_name_literally(opened):
    win, _ = opened
    assert win.actions_by_name["undo"].text() == "&Undo Open R&&D [*] \\u202egnp.csv"
