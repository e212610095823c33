"""``perceptron-gui export DATA.csv --beamer OUT.tex``: the slides of the run the command trains,
with no Qt, and one sentence with exit 2 for every bad choice."""
from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from perceptron_gui.cli import main
from perceptron_gui.core.io import write_csv
from perceptron_gui.core.presets import random_separable

ONLY = re.compile(r"^\\only<(\d+)>", re.M)


@pytest.fixture
def data(tmp_path: Path) -> Path:
    p = tmp_path / "sep.csv"
    write_csv(random_separable(30, 0.15, seed=7), p)
    return p


def run_cli(capsys, *args: object) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    cap = capsys.readouterr()
    return code, cap.out, cap.err


def updates(capsys, data: Path) -> int:
    code, out, _ = run_cli(capsys, "run", data, "--algorithm", "offset")
    assert code == 0
    return int(re.search(r"(\d+) updates", out).group(1))


def test_beamer_has_one_overlay_per_update_plus_the_start(capsys, data, tmp_path):
    K = updates(capsys, data)
    out = tmp_path / "slides.tex"
    code, stdout, err = run_cli(capsys, "export", data, "--algorithm", "offset", "--beamer", out)
    assert code == 0, err
    assert f"Wrote {out}." in stdout
    tex = out.read_text(encoding="utf-8")
    assert tex.count("\\begin{frame}") == 1
    assert [int(k) for k in ONLY.findall(tex)] == list(range(1, K + 2))


def test_frames_from_to_and_animate(capsys, data, tmp_path):
    out = tmp_path / "part.tex"
    assert run_cli(capsys, "export", data, "--algorithm", "offset", "--beamer", out, "--from", "1", "--to", "3")[0] == 0
    assert len(ONLY.findall(out.read_text(encoding="utf-8"))) == 3
    assert run_cli(capsys, "export", data, "--algorithm", "offset", "--beamer", out, "--frames", "epoch")[0] == 0
    assert "one overlay per epoch's end" in out.read_text(encoding="utf-8")
    assert run_cli(capsys, "export", data, "--algorithm", "offset", "--beamer", out, "--animate")[0] == 0
    assert "\\begin{animateinline}" in out.read_text(encoding="utf-8")


@pytest.mark.parametrize("extra,says", [
    (["--beamer", "{out}", "--from", "5", "--to", "2"], "--from and --to"),
    (["--beamer", "{out}", "--to", "100000"], "range of updates"),
    (["--beamer", "{out}", "--frames", "weekly"], "--frames cannot be 'weekly'"),
    (["--gif", "{out}.gif", "--frames", "epoch"], "--frames epoch is for --beamer"),
    (["--png", "{out}.png", "--animate"], "--animate goes with --beamer"),
])
def test_bad_choices_are_one_sentence(capsys, data, tmp_path, extra, says):
    out = tmp_path / "bad.tex"
    code, _, err = run_cli(capsys, "export", data, "--algorithm", "offset",
                           *[a.format(out=out) for a in extra])
    assert code == 2
    assert says in err and err.strip().endswith(".") and "Traceback" not in err
    assert not out.exists()


def test_beamer_export_starts_no_qt(data, tmp_path):
    code = textwrap.dedent(f"""
        import sys
        from perceptron_gui.cli import main
        assert main(["export", {str(data)!r}, "--algorithm", "offset", "--beamer", {str(tmp_path / 's.tex')!r}]) == 0
        assert not any(m.split('.')[0] in ('PySide6', 'pyqtgraph') for m in sys.modules), 'Qt was imported'
    """)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
