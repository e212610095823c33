"""``perceptron-gui export``: the same files as the window, from a CSV or a saved session,
with no display; one sentence and exit 2 for every bad input."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from perceptron_gui.cli import export as cli_export
from perceptron_gui.cli import main
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.io import write_csv
from perceptron_gui.core.presets import random_noisy, random_separable
from perceptron_gui.session.session import Session
from perceptron_gui.session.session_file import save_session

THREE = "x1,x2,y\n1,3,1\n2.5,1.5,1\n-1.5,1.5,-1\n"  # notes 003
ONE_D = "x,y\n1,1\n2,1\n3,-1\n4,-1\n"
THREE_D = "a,b,c,y\n1,0,0,1\n0,1,0,-1\n0,0,1,1\n1,1,1,-1\n"


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    out = {}
    for name, text in {"three": THREE, "oned": ONE_D, "threed": THREE_D}.items():
        p = tmp_path / f"{name}.csv"
        p.write_text(text)
        out[name] = p
    for name, data in {"sep": random_separable(40, 0.15, seed=7), "noisy": random_noisy(60, 0.1, seed=5),
                       "noisy_test": random_noisy(30, 0.1, seed=6)}.items():
        out[name] = tmp_path / f"{name}.csv"
        write_csv(data, out[name])
    return out


def run_cli(capsys, *args: object) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    cap = capsys.readouterr()
    return code, cap.out, cap.err


def without_timing(path: Path) -> dict:
    doc = json.loads(path.read_text())
    doc.pop("timing")
    return doc


# ---- the run file and the update table: the same as `run` writes ----------------------------------------
@pytest.mark.parametrize("name,algorithm,extra", [
    ("three", "offset", []),
    ("sep", "standard", []),
    ("noisy", "pocket", ["--max-epochs", "7", "--test", "{noisy_test}"]),
    ("noisy", "voted", ["--max-epochs", "5"]),
    ("noisy", "averaged", ["--shuffle", "--seed", "3", "--max-epochs", "4"]),
    ("sep", "lifted", []),
    ("oned", "offset", []),
])
def test_json_and_csv_match_the_run_command(capsys, files, tmp_path, name, algorithm, extra):
    extra = [a.format(**{k: str(v) for k, v in files.items()}) for a in extra]
    run_json, run_csv = tmp_path / "run.json", tmp_path / "run.csv"
    exp_json, exp_csv = tmp_path / "export.json", tmp_path / "export.csv"
    code, _, err = run_cli(capsys, "run", files[name], "--algorithm", algorithm, *extra, "--out", run_json,
                           "--csv", run_csv)
    assert code == 0, err
    code, out, err = run_cli(capsys, "export", files[name], "--algorithm", algorithm, *extra, "--json", exp_json,
                             "--csv", exp_csv)
    assert code == 0, err
    assert out.splitlines() == [f"Wrote {exp_json}.", f"Wrote {exp_csv}."]
    assert without_timing(exp_json) == without_timing(run_json)
    assert exp_csv.read_text() == run_csv.read_text()


def test_json_and_csv_alone_need_no_qt(files, tmp_path):
    """Only the run file and the table: Qt is never imported (fast, and works without Qt's libraries)."""
    code = textwrap.dedent(f"""
        import importlib.abc, sys
        class NoQt(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in ("PySide6", "shiboken6", "pyqtgraph"):
                    raise ImportError(name + " is blocked")
        sys.meta_path.insert(0, NoQt())
        from perceptron_gui.cli import main
        sys.exit(main(["export", {str(files['three'])!r}, "--algorithm", "offset",
                       "--json", {str(tmp_path / 'a.json')!r}, "--csv", {str(tmp_path / 'a.csv')!r}]))
    """)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "a.json").exists() and (tmp_path / "a.csv").exists()


# ---- figures and animations -----------------------------------------------------------------------
def test_every_format_from_a_csv(qapp, capsys, files, tmp_path):
    out = {ext: tmp_path / f"fig.{ext}" for ext in ("png", "svg", "pdf", "tex", "gif")}
    code, stdout, err = run_cli(capsys, "export", files["three"], "--algorithm", "offset", "--step", "end",
                                "--png", out["png"], "--width", 800, "--svg", out["svg"], "--pdf", out["pdf"],
                                "--tikz", out["tex"], "--gif", out["gif"], "--fps", 2, "--frame-width", 300)
    assert code == 0, err
    assert err == ""
    assert [ln for ln in stdout.splitlines()] == [f"Wrote {out[e]}." for e in ("png", "svg", "pdf", "tex", "gif")]
    img = np.asarray(Image.open(out["png"]).convert("RGB"))
    assert img.shape[1] == 800 and np.mean(np.any(img < 245, axis=-1)) > 0.05
    svg = out["svg"].read_text()
    ET.fromstring(svg)
    assert "Offset perceptron · k = 2 · epoch 1" in svg
    assert out["pdf"].read_bytes().startswith(b"%PDF") and b"/Type /Page" in out["pdf"].read_bytes()
    assert "update k = 2" in out["tex"].read_text()
    with Image.open(out["gif"]) as gif:
        assert gif.n_frames == 3 and gif.size[0] == 300  # k = 0, 1, 2
        assert gif.info["duration"] == 500


def test_step_and_figure_options(qapp, capsys, files, tmp_path):
    tex = tmp_path / "k1.tex"
    assert run_cli(capsys, "export", files["three"], "--algorithm", "offset", "--step", "1", "--tikz", tex)[0] == 0
    assert "update k = 1" in tex.read_text()
    for figure in ("angle", "epochs"):
        png = tmp_path / f"{figure}.png"
        code, _, err = run_cli(capsys, "export", files["sep"], "--algorithm", "offset", "--figure", figure,
                               "--png", png, "--width", 600, "--transparent")
        assert code == 0, err
        rgba = np.asarray(Image.open(png).convert("RGBA"))
        assert rgba.shape[1] == 600 and rgba[0, 0, 3] == 0 and np.mean(rgba[..., 3] > 0) > 0.02
    gif = tmp_path / "visits.gif"
    code, _, err = run_cli(capsys, "export", files["sep"], "--algorithm", "offset", "--gif", gif, "--frames", "visit",
                           "--from", 1, "--to", 2, "--max-frames", 5, "--frame-width", 200)
    assert code == 0, err
    with Image.open(gif) as im:
        assert im.n_frames <= 5


def test_a_session_file_restores_data_algorithm_params_step_and_view(qapp, capsys, tmp_path):
    s = Session()
    s.load_dataset(Dataset.from_arrays(np.array([[1.0, 3.0], [2.5, 1.5], [-1.5, 1.5]]),
                                       np.array([1.0, 1.0, -1.0]), ["x1", "x2"]), "three")
    s.set_algorithm("pocket")
    assert s.set_param("max_epochs", 9)
    s.wait()
    s.jump_to_update(1)
    s.view_range = ((-4.0, 4.0), (-1.0, 5.0))
    path = tmp_path / "three.perceptron.json"
    save_session(s, path)
    tex, js, svg = tmp_path / "s.tex", tmp_path / "s.json", tmp_path / "s.svg"
    code, _, err = run_cli(capsys, "export", path, "--tikz", tex, "--json", js, "--svg", svg)
    assert code == 0, err
    tikz = tex.read_text()
    assert "pocket perceptron, update k = 1" in tikz
    assert "(-4,0) -- (4,0)" in tikz and "(0,-1) -- (0,5)" in tikz  # the saved view range
    doc = json.loads(js.read_text())
    assert doc["algorithm"] == "pocket" and doc["params"]["max_epochs"] == 9
    assert "Pocket perceptron · k = 1 · epoch 0" in svg.read_text()
    # --step and --algorithm replace what the file says
    code, _, err = run_cli(capsys, "export", path, "--algorithm", "offset", "--step", "end", "--tikz", tex)
    assert code == 0, err
    assert "offset perceptron, update k = 2" in tex.read_text()


def test_headless_with_no_display_in_a_fresh_process(files, tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    png = tmp_path / "fig.png"
    proc = subprocess.run([sys.executable, "-m", "perceptron_gui", "export", str(files["three"]), "--algorithm",
                           "offset", "--png", str(png), "--width", "640"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert Image.open(png).size[0] == 640


# ---- bad input: one sentence, exit 2 -----------------------------------------------------------------
BAD = {
    "nothing to write": ["export", "{three}", "--algorithm", "offset"],
    "csv without algorithm": ["export", "{three}", "--png", "{out}/a.png"],
    "step beyond the run": ["export", "{three}", "--algorithm", "offset", "--step", "50", "--png", "{out}/a.png"],
    "missing input": ["export", "{out}/nope.csv", "--algorithm", "offset", "--png", "{out}/a.png"],
    "missing session": ["export", "{out}/nope.perceptron.json", "--png", "{out}/a.png"],
    "run file as session": ["export", "{runfile}", "--png", "{out}/a.png"],
    "unwritable folder": ["export", "{three}", "--algorithm", "offset", "--png", "{out}/no/such/a.png"],
    "tikz of the angle plot": ["export", "{three}", "--algorithm", "offset", "--figure", "angle", "--tikz", "{out}/a.tex"],
    "angle plot without theta*": ["export", "{noisy}", "--algorithm", "pocket", "--figure", "angle", "--png", "{out}/a.png"],
    "tikz of 3-d data": ["export", "{threed}", "--algorithm", "offset", "--tikz", "{out}/a.tex"],
    "tiny width": ["export", "{three}", "--algorithm", "offset", "--png", "{out}/a.png", "--width", "5"],
    "zero fps": ["export", "{three}", "--algorithm", "offset", "--gif", "{out}/a.gif", "--fps", "0"],
    "backwards range": ["export", "{three}", "--algorithm", "offset", "--gif", "{out}/a.gif", "--from", "2", "--to", "1"],
    "range beyond the run": ["export", "{three}", "--algorithm", "offset", "--gif", "{out}/a.gif", "--to", "99"],
    "option of another algorithm": ["export", "{three}", "--algorithm", "offset", "--gamma", "1", "--json", "{out}/a.json"],
    "test with a session": ["export", "{session}", "--test", "{three}", "--json", "{out}/a.json"],
    "same file twice": ["export", "{three}", "--algorithm", "offset", "--json", "{out}/a.x", "--csv", "{out}/a.x"],
    "unknown option": ["export", "{three}", "--algorithm", "offset", "--png", "{out}/a.png", "--dpi", "300"],
    "bad figure": ["export", "{three}", "--algorithm", "offset", "--figure", "table", "--png", "{out}/a.png"],
}


@pytest.mark.parametrize("case", list(BAD))
def test_bad_input_is_one_sentence_and_exit_2(qapp, capsys, files, tmp_path, case):
    runfile = tmp_path / "run.json"
    assert main(["run", str(files["three"]), "--algorithm", "offset", "--out", str(runfile)]) == 0
    session = tmp_path / "s.perceptron.json"
    s = Session()
    s.load_dataset(Dataset.from_arrays(np.array([[1.0, 0.0], [-1.0, 0.0]]), np.array([1.0, -1.0])), "two")
    save_session(s, session)
    capsys.readouterr()
    paths = {**{k: str(v) for k, v in files.items()}, "out": str(tmp_path), "runfile": str(runfile),
             "session": str(session)}
    args = [a.format(**paths) for a in BAD[case]]
    before = set(tmp_path.iterdir())
    code, out, err = run_cli(capsys, *args)
    assert code == 2, (out, err)
    assert out == "" and "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    first = lines[0].split()[0]
    assert first[:1].isupper() or first.startswith(("-", "'")) or "." in first, lines[0]  # or a file name
    assert lines[0].endswith(".")
    assert set(tmp_path.iterdir()) == before  # nothing (half-)written


def test_mp4_without_the_extra(capsys, files, tmp_path, monkeypatch):
    monkeypatch.setattr(cli_export, "mp4_available", lambda: False)
    code, _, err = run_cli(capsys, "export", files["three"], "--algorithm", "offset", "--mp4", tmp_path / "a.mp4")
    assert code == 2 and "pip install 'perceptron-gui[mp4]'" in err


def test_mp4_with_the_extra(qapp, capsys, files, tmp_path):
    pytest.importorskip("imageio_ffmpeg")
    mp4 = tmp_path / "a.mp4"
    code, _, err = run_cli(capsys, "export", files["sep"], "--algorithm", "offset", "--mp4", mp4, "--frame-width", 320)
    assert code == 0, err
    assert mp4.read_bytes()[4:8] == b"ftyp"


def test_help_lists_the_export_options(capsys):
    code, out, _ = run_cli(capsys, "export", "--help")
    assert code == 0
    for opt in ("--png", "--width", "--svg", "--pdf", "--tikz", "--gif", "--fps", "--json", "--csv", "--step",
                "--algorithm", "--max-frames", "--frames", "--mp4"):
        assert opt in out


# ---- view ranges --------------------------------------------------------------------------
def _session_with_view(tmp_path: Path, view: object) -> Path:
    s = Session(background_work=float("inf"))
    s.load_preset("and")
    s.wait()
    path = tmp_path / "view.perceptron.json"
    save_session(s, path)
    doc = json.loads(path.read_text())
    doc["view_range"] = view
    path.write_text(json.dumps(doc, allow_nan=True))
    return path


@pytest.mark.parametrize("view", [
    [[-1e308, 1e308], [-1e308, 1e308]],
    [[float("nan"), 1.0], [0.0, 1.0]],
    [[1.0, 1.0], [0.0, 1.0]],
    [[1.0, 1.0 + 1e-12], [0.0, 1.0]],
    [[0.0, float("inf")], [0.0, 1.0]],
], ids=["1e308", "nan", "zero-width", "too-narrow", "inf"])
def test_an_unusable_view_range_is_one_sentence_before_any_file_is_written(qapp, capsys, tmp_path, view):
    session = _session_with_view(tmp_path, view)
    outs = {ext: tmp_path / f"fig.{ext}" for ext in ("png", "svg", "pdf", "tex")}
    code, out, err = run_cli(capsys, "export", session, "--png", outs["png"], "--svg", outs["svg"],
                             "--pdf", outs["pdf"], "--tikz", outs["tex"])
    assert code == 2 and "view_range" in err and err.count("\n") == 1 and "Traceback" not in err, err
    assert not any(p.exists() for p in outs.values())


def test_the_widest_allowed_view_range_exports_every_format(qapp, capsys, tmp_path):
    session = _session_with_view(tmp_path, [[-1e151, 1e151], [-1e151, 1e151]])
    outs = {ext: tmp_path / f"fig.{ext}" for ext in ("png", "svg", "pdf", "tex")}
    code, out, err = run_cli(capsys, "export", session, "--png", outs["png"], "--svg", outs["svg"],
                             "--pdf", outs["pdf"], "--tikz", outs["tex"])
    assert code == 0 and err == "", err
    assert all(p.stat().st_size > 1000 for p in outs.values())
    assert "nan" not in outs["tex"].read_text().lower()
