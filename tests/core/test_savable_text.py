"""Text no file can hold (a lone surrogate, half of a UTF-16 pair) is refused by every reader,
with one sentence naming the field: what opens can always be saved again."""
from __future__ import annotations

import json

import numpy as np
import pytest

from perceptron_gui.cli import main
from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.core.csv_text import parse_csv_text
from perceptron_gui.core.dataset import Dataset, DatasetError
from perceptron_gui.core.io import read_csv, read_json_file
from perceptron_gui.core.runio import RunFileError, read_run_json, write_run_json
from perceptron_gui.session.session import Session
from perceptron_gui.session.session_file import SessionFileError, load_session, session_to_json, take_snapshot
from perceptron_gui.session.start_file import read_start_file

BAD = "\ud800bad"


def _one_sentence(text: str) -> None:
    assert text.endswith(".") and "\n" not in text and "Traceback" not in text


def _session_json(title: str = "XOR", names: tuple[str, str] = ("a", "b")) -> str:
    s = Session()
    s.load_dataset(Dataset.from_arrays([[0.0, 1.0], [1.0, 0.0], [2.0, 2.0]], [1, -1, 1], names), title)
    s.wait()
    return session_to_json(take_snapshot(s))


def _with_escape(text: str, plain: str) -> str:
    """``text`` with the JSON string ``plain`` replaced by the escaped lone surrogate."""
    assert json.dumps(plain) in text
    return text.replace(json.dumps(plain), '"\\ud800bad"', 1)


@pytest.mark.parametrize("plain, field", [("XOR", '"title"'), ("b", '"data.feature_names[1]"')])
def test_a_session_with_a_lone_surrogate_is_refused_naming_the_field(tmp_path, plain, field):
    p = tmp_path / "s.perceptron.json"
    p.write_text(_with_escape(_session_json(), plain), encoding="utf-8")
    with pytest.raises(SessionFileError) as err:
        load_session(p)
    text = str(err.value)
    _one_sentence(text)
    assert field in text and "lone surrogate \\ud800" in text and "correct or remove" in text
    start = read_start_file(p)  # the window's door (perceptron-gui FILE, File → Open)
    assert start.loaded is None and start.error == text


def test_export_refuses_it_with_the_sentence_not_a_traceback(tmp_path, capsys):
    p = tmp_path / "s.perceptron.json"
    p.write_text(_with_escape(_session_json(), "XOR"), encoding="utf-8")
    code = main(["export", str(p), "--json", str(tmp_path / "run.json")])
    err = capsys.readouterr().err
    assert code == 2
    assert '"title" holds half of a character' in err and "Traceback" not in err
    assert not (tmp_path / "run.json").exists()


def test_a_valid_pair_escaped_is_one_character_and_read(tmp_path):
    p = tmp_path / "s.perceptron.json"
    p.write_text(_session_json().replace('"XOR"', '"\\ud83d\\ude00 XOR"', 1), encoding="utf-8")
    assert load_session(p)["title"] == "\U0001F600 XOR"


def test_a_run_file_with_a_lone_surrogate_is_refused(tmp_path):
    data = Dataset.from_arrays([[0.0, 1.0], [1.0, 0.0]], [1, -1], ("a", "b"))
    p = tmp_path / "run.json"
    write_run_json(p, make_algorithm("offset").fit(data), None, data)
    p.write_text(_with_escape(p.read_text(encoding="utf-8"), "b"), encoding="utf-8")
    with pytest.raises(RunFileError) as err:
        read_run_json(p)
    _one_sentence(str(err.value))
    assert "feature_names[1]" in str(err.value)


def test_a_lone_surrogate_deep_in_a_list_or_in_a_key_is_found(tmp_path):
    p = tmp_path / "x.json"
    p.write_text('{"a": [[1, 2], [3, "\\udc00"]]}')
    with pytest.raises(DatasetError, match=r'"a\[1\]\[1\]" holds half of a character'):
        read_json_file(p, "file", "a file")
    p.write_text('{"\\udc00": 1}')
    with pytest.raises(DatasetError, match="a key holds half of a character"):
        read_json_file(p, "file", "a file")


@pytest.mark.parametrize("raw", [
    b"a\xed\xa0\x80b,x2,y\n1,2,1\n3,4,-1\n",  # the surrogate spelt in UTF-8
    "\ufeffa".encode("utf-16-le") + b"\x00\xd8" + ",x2,y\n1,2,1\n3,4,-1\n".encode("utf-16-le"),
])
def test_a_csv_header_with_a_lone_surrogate_is_refused(tmp_path, raw):
    p = tmp_path / "d.csv"
    p.write_bytes(raw)
    with pytest.raises(DatasetError) as err:
        read_csv(p)
    _one_sentence(str(err.value))
    assert str(err.value).startswith("Line 1 of d.csv holds half of a character")


def test_names_given_as_text_are_checked_where_every_data_set_is_built():
    with pytest.raises(DatasetError, match="The name of column 1 holds half of a character"):
        parse_csv_text(f"{BAD},x2,y\n1,2,1\n")
    with pytest.raises(DatasetError, match="The name of column 2 holds half"):
        Dataset.from_arrays(np.zeros((1, 2)), [1], ("a", BAD))


def test_a_file_whose_name_is_not_utf8_opens_with_a_title_that_saves(tmp_path):
    # Linux gives the bytes of such a name as lone surrogates; the data in it are fine.
    s = Session()
    s.load_dataset(Dataset.from_arrays([[0.0, 1.0], [1.0, 0.0]], [1, -1]), "caf\udce9.csv")
    assert s.data_title == "caf\ufffd.csv"
    session_to_json(take_snapshot(s)).encode("utf-8")
