"""A damaged autosave journal: the restore keeps the edits up to the damage and says how many
came back, never silently the base alone."""
from __future__ import annotations

import json

import pytest

from perceptron_gui.session.autosave import Autosaver
from perceptron_gui.session.autosave_journal import read_journal
from perceptron_gui.session.autosave_store import read_recovered
from perceptron_gui.session.commands import AddPoints, MovePoints
from perceptron_gui.session.document import Document
from perceptron_gui.session.session import Session


@pytest.fixture
def crashed(tmp_path):
    """An autosave with edits in its journal (moves, and the step lines that follow them), as a
    kill leaves it."""
    s = Session()
    s.load_preset("xor")
    s.wait()
    a = Autosaver(s, tmp_path, background=False)
    s.execute(AddPoints([[0.5, 0.5]], [1.0]))  # a base (the first edit)
    a.flush()
    for i, xy in enumerate(([0.75, 0.5], [0.25, 0.25], [0.1, 0.9])):
        s.execute(MovePoints([i], [xy]))
        s.wait()
        a.flush()
    a.stop()
    assert len(a.slot.journal.read_text().splitlines()) >= 4  # the header and the moves at least
    return a.slot


def write_journal(slot, lines: list[str]) -> None:
    slot.journal.write_text("".join(line + "\n" for line in lines))


def test_an_intact_journal_comes_back_whole(crashed):
    n = len(crashed.journal.read_text().splitlines()) - 1
    got = read_recovered(crashed.base)
    assert (got.edits, got.damaged) == (n, False)
    assert got.session["data"]["X"][2].tolist() == [0.1, 0.9]


BAD_ROW = json.dumps({"op": "rows", "idx": [99], "X": [[1, 1]], "y": [1], "test": [False]})


@pytest.mark.parametrize("damage", ["garbage", "not an object", "cut short", "bad row"])
def test_a_damaged_line_keeps_the_edits_before_it_and_says_so(crashed, damage):
    header, *ops = crashed.journal.read_text().splitlines()
    at = 2  # two edits read, then the damage, then more lines that must not be applied
    write_journal(crashed, [header, *ops[:at]])
    before_damage = read_recovered(crashed.base).session
    bad = {"garbage": "\x00\x17 not json", "not an object": "[1, 2]", "cut short": ops[at][:-7],
           "bad row": BAD_ROW}[damage]
    write_journal(crashed, [header, *ops[:at], bad, *ops[at + 1:]])
    got = read_recovered(crashed.base)
    assert (got.edits, got.damaged) == (at, True)
    assert got.session["data"]["X"].tolist() == before_damage["data"]["X"].tolist()
    assert got.session["data"]["X"][2].tolist() != [0.1, 0.9]  # the last move is lost


def test_a_last_line_cut_short_by_a_kill_is_damage_too(crashed):
    n = len(crashed.journal.read_text().splitlines()) - 1
    crashed.journal.write_bytes(crashed.journal.read_bytes()[:-5])
    got = read_recovered(crashed.base)
    assert (got.edits, got.damaged) == (n - 1, True)


def test_an_empty_journal_is_damaged_and_a_missing_one_or_another_bases_is_not(crashed):
    lines = crashed.journal.read_text().splitlines()
    crashed.journal.write_text("")
    assert read_journal(crashed.journal, 1).damaged
    header = json.loads(lines[0])
    header["base"] += 1  # a kill between the new base and its journal: the base holds everything
    crashed.journal.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    assert (read_recovered(crashed.base).edits, read_recovered(crashed.base).damaged) == (0, False)
    crashed.journal.unlink()
    assert not read_recovered(crashed.base).damaged


def test_the_restore_sentence_says_how_many_edits_came_back(crashed):
    loaded = read_recovered(crashed.base).session
    doc = Document(Session())
    said = doc.recover(loaded, damaged_after=1)
    assert said.startswith("The work from your last session was restored with 1 edit from its autosave journal, "
                           "but the rest of the journal was damaged")
    assert said.endswith(".") and said.count(".") == 1 and "\n" not in said
    assert "with 4 edits from" in doc.recover(loaded, damaged_after=4)
    assert doc.recover(loaded) == "The work from your last session was restored; save it to keep it."
