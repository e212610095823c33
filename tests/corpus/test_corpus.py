"""Every file of the corpus through the command line's two doors, ``run`` and ``export``
(the window's door is in test_corpus_window.py).

README.md in this folder is the specification: its tables say, for each file, accept (with
what data) or refuse (with which words).
"""
from __future__ import annotations

import json

import pytest
from corpus_table import GENERATED, HERE, NAMES, RUN_REFUSES_JSON, TABLE, Expected, assert_one_sentence, is_json

from perceptron_gui import cli

# A warning would be a second line on stderr in the real program.
pytestmark = pytest.mark.filterwarnings("error")

def test_the_corpus_has_at_least_60_files_and_the_readme_lists_every_one():
    assert len(TABLE) >= 60
    on_disk = {f"{folder}/{p.name}" for folder in ("data", "sessions") for p in (HERE / folder).iterdir()}
    listed = {name for name in TABLE if not name.startswith("generated/")}
    assert on_disk == listed
    assert {name.removeprefix("generated/") for name in TABLE if name.startswith("generated/")} == set(GENERATED)


@pytest.mark.parametrize("corpus_path", NAMES, indirect=True, ids=NAMES)
def test_run_door(corpus_path, request, capsys, tmp_path):
    name = request.node.callspec.params["corpus_path"]
    expected = TABLE[name]
    status = cli.main(["run", str(corpus_path), "--algorithm", "offset"])
    out, err = capsys.readouterr()
    if is_json(name):
        assert status == 2
        assert_one_sentence(err, Expected(False, (RUN_REFUSES_JSON,)))
    elif expected.accept:
        assert status == 0 and err == "", err
    else:
        assert status == 2, out
        assert_one_sentence(err, expected)


@pytest.mark.parametrize("corpus_path", NAMES, indirect=True, ids=NAMES)
def test_export_door(corpus_path, request, capsys, tmp_path):
    name = request.node.callspec.params["corpus_path"]
    expected = TABLE[name]
    out_json = tmp_path / "out" / "run.json"
    out_json.parent.mkdir()
    argv = ["export", str(corpus_path), "--json", str(out_json)]
    if not is_json(name):
        argv += ["--algorithm", "offset"]
    status = cli.main(argv)
    out, err = capsys.readouterr()
    if expected.accept:
        assert status == 0 and err == "", err
        doc = json.loads(out_json.read_text())
        assert doc["n"] == int(expected.field("n")) and doc["d"] == int(expected.field("d"))
    else:
        assert status == 2, out
        assert_one_sentence(err, expected)
        assert not out_json.exists()
