"""Animations: which frames, the GIF read back (frame count, size, timing, colours), MP4 when
the optional ffmpeg is there, and cancelling."""
from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.presets import random_separable
from perceptron_gui.gui.figures import animation
from perceptron_gui.gui.figures.animation import AnimationJob, AnimationSettings, frame_steps, gif_palette
from perceptron_gui.gui.figures.plots import ExportError, ExportSession
from perceptron_gui.session.session import Session


def trained(data: Dataset, algorithm: str = "offset") -> Session:
    s = Session()
    s.load_dataset(data, "test data")
    s.set_algorithm(algorithm)
    s.wait()
    assert s.result is not None
    return s


@pytest.fixture
def session(qapp) -> Session:
    return trained(random_separable(20, 0.1, seed=4))


# ---- which frames ----------------------------------------------------------------------------------
def test_frames_per_update(session):
    run = session.run
    K = run.num_updates
    assert K >= 3
    steps = frame_steps(run, "update")
    assert steps.tolist() == [run.step_of_update(k) for k in range(K + 1)]
    assert steps[0] == -1  # k = 0: the start
    part = frame_steps(run, "update", 1, 2)
    assert part.tolist() == [run.step_of_update(1), run.step_of_update(2)]


def test_frames_per_visit(session):
    run = session.run
    steps = frame_steps(run, "visit")
    assert steps.tolist() == list(range(-1, run.num_steps))  # on through the epoch without mistakes
    part = frame_steps(run, "visit", 1, 2)
    assert part.tolist() == list(range(run.step_of_update(1), run.step_of_update(2) + 1))


def test_frame_cap_thins_evenly_and_keeps_both_ends(session):
    run = session.run
    steps = frame_steps(run, "visit", max_frames=7)
    assert steps.size == 7
    assert steps[0] == -1 and steps[-1] == run.num_steps - 1
    assert np.all(np.diff(steps) > 0)


@pytest.mark.parametrize("args", [("update", 3, 2), ("update", 0, 10**6), ("update", -1, None), ("weekly", 0, None)])
def test_bad_ranges_are_sentences(session, args):
    unit, a, b = args
    with pytest.raises(ExportError) as info:
        frame_steps(session.run, unit, a, b)
    assert str(info.value).endswith(".")


@pytest.mark.parametrize("settings", [AnimationSettings(fps=0), AnimationSettings(fps=1000),
                                      AnimationSettings(max_frames=0), AnimationSettings(width=20),
                                      AnimationSettings(unit="epoch")])
def test_bad_settings_are_sentences(session, tmp_path, settings):
    with pytest.raises(ExportError):
        AnimationJob(ExportSession.from_session(session), tmp_path / "a.gif", settings=settings)


def test_a_gif_too_big_for_memory_is_refused(session, tmp_path, monkeypatch):
    monkeypatch.setattr(animation, "GIF_MAX_PIXELS", 10 * 400 * 266)
    with pytest.raises(ExportError, match="GB of memory.*fewer frames or a smaller width, or write MP4"):
        AnimationJob(ExportSession.from_session(session), tmp_path / "a.gif",
                     settings=AnimationSettings(unit="visit", width=400))


# ---- GIF ------------------------------------------------------------------------------------------
def test_gif_frame_count_size_and_timing(session, tmp_path):
    path = tmp_path / "run.gif"
    settings = AnimationSettings(unit="update", fps=5, width=400, hold_last_s=2.0)
    job = AnimationJob(ExportSession.from_session(session), path, settings=settings)
    expected = session.run.num_updates + 1
    assert job.total == expected
    assert job.run() == path
    with Image.open(path) as im:
        assert im.n_frames == expected
        assert im.size == job.frame_size and im.size[0] == 400
        durations, frames = [], []
        for i in range(im.n_frames):
            im.seek(i)
            durations.append(im.info["duration"])
            frames.append(np.asarray(im.convert("RGB")))
    assert durations[:-1] == [200] * (expected - 1) and durations[-1] == 2000
    assert frames[0][2, 2].tolist() == [255, 255, 255]  # pure white background after quantizing
    assert all(not np.array_equal(a, b) for a, b in zip(frames, frames[1:]))  # every frame shows a step
    assert len({p.name for p in tmp_path.iterdir()}) == 1  # no temporary file left


def test_gif_visit_frames_capped(session, tmp_path):
    path = tmp_path / "visits.gif"
    job = AnimationJob(ExportSession.from_session(session), path,
                       settings=AnimationSettings(unit="visit", max_frames=12, width=300))
    job.run()
    with Image.open(path) as im:
        assert im.n_frames == 12


def test_gif_of_a_proof_plot(session, tmp_path):
    path = tmp_path / "angle.gif"
    AnimationJob(ExportSession.from_session(session), path, figure="angle",
                 settings=AnimationSettings(width=320, max_frames=4)).run()
    with Image.open(path) as im:
        assert im.n_frames == 4


def test_palette_keeps_the_figure_colours_exact():
    rgb = np.full((40, 60, 3), 255, np.uint8)
    rgb[:10] = (252, 252, 252)  # near-white antialiasing
    rgb[20:, :30] = (0, 114, 178)  # class +1 blue
    q = Image.fromarray(rgb).quantize(palette=gif_palette([rgb]), dither=Image.Dither.NONE).convert("RGB")
    assert q.getpixel((59, 15)) == (255, 255, 255)
    assert q.getpixel((5, 30)) == (0, 114, 178)
    # a colour absent from the samples (the orange visit ring) still has its own entry
    ring = np.full((4, 4, 3), (230, 159, 0), np.uint8)
    assert Image.fromarray(ring).quantize(palette=gif_palette([rgb]), dither=Image.Dither.NONE
                                          ).convert("RGB").getpixel((0, 0)) == (230, 159, 0)


def test_cancel_leaves_no_file(session, tmp_path):
    path = tmp_path / "run.gif"
    path.write_bytes(b"an older file")
    job = AnimationJob(ExportSession.from_session(session), path, settings=AnimationSettings(unit="visit", width=300))
    job.start()
    job.step(3)
    job.cancel()
    assert path.read_bytes() == b"an older file"  # kept: nothing replaced it
    assert [p.name for p in tmp_path.iterdir()] == ["run.gif"]


def test_window_playhead_is_not_moved(session, tmp_path):
    session.jump_to_update(1)
    t = session.playhead.t
    AnimationJob(ExportSession.from_session(session), tmp_path / "a.gif",
                 settings=AnimationSettings(width=200, max_frames=3)).run()
    assert session.playhead.t == t


# ---- MP4 ------------------------------------------------------------------------------------------
def test_mp4_when_the_extra_is_installed(session, tmp_path):
    pytest.importorskip("imageio_ffmpeg")
    import imageio_ffmpeg

    path = tmp_path / "run.mp4"
    settings = AnimationSettings(unit="visit", fps=10, width=321, max_frames=30, hold_last_s=1.0)
    job = AnimationJob(ExportSession.from_session(session), path, settings=settings)
    job.run()
    assert path.read_bytes()[4:8] == b"ftyp"
    n, _secs = imageio_ffmpeg.count_frames_and_secs(str(path))
    assert n == 30 + 9  # the last frame repeated to hold it for 1 s
    assert job.frame_size[0] == 320  # even, for H.264


def test_mp4_without_the_extra_says_how_to_get_it(session, tmp_path, monkeypatch):
    monkeypatch.setattr(animation, "mp4_available", lambda: False)
    with pytest.raises(ExportError, match=r"pip install 'perceptron-gui\[mp4\]'"):
        AnimationJob(ExportSession.from_session(session), tmp_path / "run.mp4")
