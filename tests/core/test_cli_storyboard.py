"""``perceptron-gui export --figure storyboard`` (--steps, --columns) and ``--beamer --beamer-handout``."""
from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from perceptron_gui.cli import main
from perceptron_gui.core.io import write_csv
from perceptron_gui.core.presets import random_separable
from perceptron_gui.export.beamer_handout import run_to_handout
from perceptron_gui.session.session import Session

MAGIC = {"png": b"\x89PNG\r\n\x1a\n", "svg": b"<?xml", "pdf": b"%PDF-", "tikz": b"% A storyboard"}


@pytest.fixture
def data(tmp_path: Path) -> Path:
    p = tmp_path / "sep.csv"
    write_csv(random_separable(40, 0.15, seed=7), p)
    return p


def run_cli(capsys, *args: object) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    cap = capsys.readouterr()
    return code, cap.out, cap.err


def updates_of(path: Path) -> int:
    from perceptron_gui.core.io import read_csv

    s = Session()
    s.load_dataset(read_csv(path), path.name)
    s.set_algorithm("offset")
    s.wait()
    return s.run.num_updates


def test_every_format_is_written(capsys, data, tmp_path):
    out = {fmt: tmp_path / f"board.{'tex' if fmt == 'tikz' else fmt}" for fmt in MAGIC}
    code, stdout, err = run_cli(capsys, "export", data, "--algorithm", "offset", "--figure", "storyboard",
                                "--steps", "1,2,3,4", *[a for fmt, p in out.items() for a in (f"--{fmt}", p)])
    assert code == 0, err
    for fmt, path in out.items():
        assert path.read_bytes()[:len(MAGIC[fmt])] == MAGIC[fmt]
        assert f"Wrote {path}." in stdout
    assert out["tikz"].read_text().count("\\begin{scope}[shift=") == 4
    with Image.open(out["png"]) as im:
        assert im.width == 1600  # the plots' default width


def test_a_range_the_default_and_the_columns(capsys, data, tmp_path):
    tex = tmp_path / "range.tex"
    assert run_cli(capsys, "export", data, "--algorithm", "offset", "--figure", "storyboard", "--steps", "3-5",
                   "--tikz", tex)[0] == 0
    assert "$k = 3$" in tex.read_text() and "$k = 5$" in tex.read_text() and "$k = 6$" not in tex.read_text()
    default = tmp_path / "default.tex"
    assert run_cli(capsys, "export", data, "--algorithm", "offset", "--figure", "storyboard", "--tikz", default)[0] == 0
    m = updates_of(data)
    assert default.read_text().count("\\begin{scope}[shift=") == min(6, m)
    png = tmp_path / "row.png"
    assert run_cli(capsys, "export", data, "--algorithm", "offset", "--figure", "storyboard", "--steps", "1-4",
                   "--columns", "4", "--png", png, "--width", "1920")[0] == 0
    with Image.open(png) as im:
        assert im.width == 1920 and im.width > 2 * im.height  # one row of four


@pytest.mark.parametrize("args,sentence", [
    (["--figure", "storyboard", "--steps", "1,99", "--png", "{out}"], "Update 99 is not a step of this run: it made "),
    (["--figure", "storyboard", "--steps", "one", "--png", "{out}"], "The steps must be update numbers"),
    (["--figure", "storyboard", "--columns", "0", "--png", "{out}"], "--columns must be between 1 and 16"),
    (["--steps", "1", "--png", "{out}"], "--steps goes with --figure storyboard"),
    (["--figure", "storyboard", "--gif", "{out}"], "--figure storyboard is a still figure"),
    (["--beamer-handout", "--png", "{out}"], "--beamer-handout goes with --beamer"),
    (["--beamer", "{out}", "--beamer-handout", "--frames", "epoch"], "--beamer-handout draws each update"),
])
def test_mistakes_are_one_sentence_and_write_nothing(capsys, data, tmp_path, args, sentence):
    out = tmp_path / "out.png"
    code, stdout, err = run_cli(capsys, "export", data, "--algorithm", "offset",
                                *[a.replace("{out}", str(out)) for a in args])
    assert code == 2 and err.startswith(sentence) and err.count("\n") == 1, err
    assert not out.exists() and "Wrote" not in stdout


def test_the_handout_is_the_writers(capsys, data, tmp_path):
    path = tmp_path / "handout.tex"
    code, stdout, err = run_cli(capsys, "export", data, "--algorithm", "offset", "--beamer", path,
                                "--beamer-handout", "--from", "2", "--to", "7", "--beamer-update")
    assert code == 0, err
    s = Session()
    from perceptron_gui.core.io import read_csv

    s.load_dataset(read_csv(data), data.name)
    s.set_algorithm("offset")
    s.wait()
    tex = path.read_text(encoding="utf-8")
    assert tex == run_to_handout(s.result, 2, 7, show_update=True)
    assert tex.count("\\begin{frame}") == 2 and "\\only" not in tex
