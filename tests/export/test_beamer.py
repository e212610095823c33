"""The run as Beamer slides: structure, the numbers of each overlay, the range, and (with
pdflatex) one page per overlay."""
from __future__ import annotations

import re
import shutil
import subprocess

import numpy as np
import pytest
from test_tikz import NOTES_X, NOTES_Y, run_of  # the small trained runs of the TikZ tests

from perceptron_gui.export.beamer import MAX_OVERLAYS, beamer_steps, run_to_beamer, write_beamer
from perceptron_gui.export.source import ExportError
from perceptron_gui.export.steps import epoch_steps

ONLY = re.compile(r"^\\only<(\d+)>\{%$", re.M)
TEXT = re.compile(r"\$k = (\d+)\$, epoch (\d+), example (\d+) \((update|no update)\)")


def noisy_run(algorithm: str = "offset", **params):
    X = np.random.default_rng(3).uniform(-1, 1, size=(12, 2))
    y = np.where(X[:, 0] - 0.4 * X[:, 1] > 0, 1.0, -1.0)
    return run_of(X, y, algorithm, **params)


def points_drawn(tex: str) -> int:
    return tex.split("\\begin{scope} % points", 1)[1].split("\\end{scope}", 1)[0].count("\\pic at")


def overlays(tex: str) -> list[str]:
    """The body of each \\only<k>{...}, in order."""
    parts = tex.split("\n\\only<")[1:]
    return [p.split("\n}\n", 1)[0] for p in parts]


def test_one_frame_with_the_start_and_one_overlay_per_update():
    result = noisy_run()
    K = result.record.num_updates
    tex = run_to_beamer(result)
    assert tex.count("\\documentclass[aspectratio=169]{beamer}") == 1
    assert tex.count("\\begin{frame}") == 1 and tex.count("\\begin{tikzpicture}") == 1
    assert [int(k) for k in ONLY.findall(tex)] == list(range(1, K + 2))
    # The static part once, before the first overlay; inside the overlays only what changes.
    head = tex.split("\\only<1>", 1)[0]
    assert points_drawn(head) == result.train.n and "% axes" in head
    for body in overlays(tex):
        assert "\\pic at" not in body and "% axes" not in body
    assert sum("% the hyperplane" in body for body in overlays(tex)) == K  # from k = 1 on


def test_each_text_line_is_the_runs_k_epoch_and_example():
    result = noisy_run()
    run = result.record
    tex = run_to_beamer(result)
    bodies = overlays(tex)
    assert "$k = 0$, before the first visit" in bodies[0]
    for k, body in enumerate(bodies[1:], start=1):
        (m,) = TEXT.findall(body)
        v = run.visit(run.step_of_update(k))
        assert (int(m[0]), int(m[1]), int(m[2]), m[3]) == (k, v.epoch, v.index + 1, "update")


def test_visit_and_epoch_frames():
    result = noisy_run()
    run = result.record
    visits = overlays(run_to_beamer(result, "visit"))
    assert len(visits) == run.num_steps + 1
    for t, body in enumerate(visits[1:]):
        (m,) = TEXT.findall(body)
        v = run.visit(t)
        assert (int(m[0]), int(m[1]), int(m[2])) == (v.k, v.epoch, v.index + 1)
    epochs = overlays(run_to_beamer(result, "epoch"))
    assert len(epochs) == run.epochs_run + 1
    for e, body in enumerate(epochs[1:]):
        (m,) = TEXT.findall(body)
        assert (int(m[0]), int(m[1])) == (run.epoch_end_k(e), e)


def test_from_to_limits_the_updates():
    result = noisy_run()
    K = result.record.num_updates
    assert K >= 4
    bodies = overlays(run_to_beamer(result, k_from=2, k_to=4))
    assert [int(TEXT.findall(b)[0][0]) for b in bodies] == [2, 3, 4]
    steps = epoch_steps(result.record, 2, 4)
    ks = [result.record.k_after_step(int(t)) for t in steps]
    assert ks[0] == 2 and all(2 <= k <= 4 for k in ks)


@pytest.mark.parametrize("args", [("update", 3, 2), ("update", 0, 10**6), ("monthly", 0, None)])
def test_bad_choices_are_sentences(args):
    frames, a, b = args
    with pytest.raises(ExportError) as info:
        beamer_steps(noisy_run(), frames, a, b)
    assert str(info.value).endswith(".")


def test_the_overlay_cap_is_one_sentence():
    X = np.random.default_rng(0).uniform(-1, 1, size=(60, 2))
    y = np.where(X[:, 0] > 0, 1.0, -1.0)
    y[:6] *= -1  # not separable: every epoch visits 60 examples
    result = run_of(X, y, "offset", max_epochs=10)
    assert result.record.num_steps > MAX_OVERLAYS
    with pytest.raises(ExportError, match=r"more than 500 overlays; .*--frames epoch\)\.$"):
        run_to_beamer(result, "visit")


def test_animate_variant_is_one_animateinline_with_the_static_part_once():
    result = noisy_run()
    K = result.record.num_updates
    tex = run_to_beamer(result, animate=True)
    assert "\\usepackage{animate}" in tex and "ONE page" in tex
    assert tex.count("\\begin{animateinline}") == 1 and tex.count("\\newframe") == K
    # The points (and the legend) once, in the \\percstatic macro.
    assert tex.count("\\begin{scope} % points") == 1 and points_drawn(tex) == result.train.n
    assert tex.count("% legend") == 1
    assert tex.count("\\percstatic\n") == K + 1
    # Every page is scaled to the 16:9 frame's room, as the overlays are.
    assert tex.count("\\documentclass[aspectratio=169]{beamer}") == 1
    assert tex.count("\\scalebox{\\percfitscale}") == K + 1


def test_one_legend_outside_the_overlays_naming_what_they_draw():
    for algorithm, line in (("offset", r"$w\cdot x + b = 0$"), ("standard", r"$w\cdot x = 0$")):
        tex = run_to_beamer(noisy_run(algorithm))
        head = tex.split("\\only<1>", 1)[0]
        legend = head.split("% legend", 1)[1]
        assert line in legend and "class $+1$" in legend and "normal vector $w$" in legend
        assert "margin" not in legend and "theta" not in legend  # not drawn on the slides
        assert all("% legend" not in body for body in overlays(tex))
    assert "+ b" not in run_to_beamer(noisy_run("standard")).split("% legend", 1)[1].split("\\only<1>")[0]


def test_the_algorithms_title_is_escaped():
    tex = run_to_beamer(noisy_run("voted", max_epochs=2))
    assert "Voted (Freund \\& Schapire) perceptron" in tex and "Freund &" not in tex


def test_one_d_data(tmp_path):
    result = run_of([[1.0], [2.0], [3.0], [4.0]], [1, 1, -1, -1])
    path = tmp_path / "slides.tex"
    write_beamer(path, result)
    assert len(ONLY.findall(path.read_text(encoding="utf-8"))) == result.record.num_updates + 1


# ---- compiling -----------------------------------------------------------------------------------
def _pages(tmp_path, name: str, tex: str, runs: int = 1) -> int:
    (tmp_path / f"{name}.tex").write_text(tex, encoding="utf-8")
    for _ in range(runs):
        proc = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", f"{name}.tex"],
                              cwd=tmp_path, capture_output=True, text=True, timeout=300)
    log = (tmp_path / f"{name}.log").read_text(errors="replace")
    assert proc.returncode == 0, "\n".join(ln for ln in log.splitlines() if ln.startswith(("!", "l.")))[:3000]
    (pages,) = re.findall(r"Output written on .*?\((\d+) pages?", log.replace("\n", ""))
    return int(pages)


@pytest.fixture
def beamer_class():
    if shutil.which("pdflatex") is None:
        pytest.skip("pdflatex not installed (apt-get install texlive-latex-base texlive-pictures "
                    "texlive-latex-recommended); the structure tests above still ran")
    if not subprocess.run(["kpsewhich", "beamer.cls"], capture_output=True, text=True).stdout.strip():
        pytest.skip("the LaTeX class beamer.cls is not installed (Debian: texlive-latex-recommended)")


def test_compiles_into_one_page_per_update_plus_the_start(beamer_class, tmp_path):
    for name, result in (("notes003", run_of(NOTES_X, NOTES_Y)), ("noisy", noisy_run()),
                         ("voted", noisy_run("voted", max_epochs=2)),
                         ("one_d", run_of([[1.0], [2.0], [3.0], [4.0]], [1, 1, -1, -1]))):
        assert _pages(tmp_path, name, run_to_beamer(result)) == result.record.num_updates + 1
    result = noisy_run()
    assert _pages(tmp_path, "epochs", run_to_beamer(result, "epoch")) == result.record.epochs_run + 1


def test_animate_variant_compiles_into_one_page(beamer_class, tmp_path):
    if not subprocess.run(["kpsewhich", "animate.sty"], capture_output=True, text=True).stdout.strip():
        pytest.skip("the LaTeX package animate.sty is not installed (Debian: texlive-latex-extra)")
    # animate adds a temporary page on the first run and removes it on the second, as LaTeX says.
    assert _pages(tmp_path, "animated", run_to_beamer(noisy_run(), animate=True), runs=2) == 1


def test_the_overlays_and_the_animation_fit_a_16_9_frame(beamer_class, tmp_path):
    """No page of a run's slides overflows its 16:9 frame, with the update's vectors and the
    margins drawn (the widest legend), nor does the animated variant's page."""
    result = noisy_run()
    variants = {"overlays": run_to_beamer(result, show_update=True, show_point_margins=True)}
    if subprocess.run(["kpsewhich", "animate.sty"], capture_output=True, text=True).stdout.strip():
        variants["animated"] = run_to_beamer(result, animate=True, show_update=True)
    for name, tex in variants.items():
        _pages(tmp_path, name, tex, runs=2 if name == "animated" else 1)
        log = (tmp_path / f"{name}.log").read_text(errors="replace")
        assert "Overfull \\hbox" not in log and "Overfull \\vbox" not in log, name
