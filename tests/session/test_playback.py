"""Playback: by update, by example visit (visits without an update included), by epoch; to the
start and end; jump to an update; play/pause with the timer's tick."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core.presets import random_noisy
from perceptron_gui.core.run import epoch_order
from perceptron_gui.session.frame import frame_at
from perceptron_gui.session.session import Session


def _separable() -> Session:
    s = Session()
    s.load_preset("random_separable")  # converges: the last epoch has no update
    return s


def _noisy_shuffled() -> Session:
    s = Session()
    s.set_param("max_epochs", 6)
    s.set_param("shuffle", True)
    s.set_param("seed", 3)
    s.load_dataset(random_noisy(25, 0.15, seed=4))
    return s


def _xor_voted() -> Session:
    s = Session()
    s.load_preset("xor")
    s.set_algorithm("voted")
    s.set_param("max_epochs", 5)
    return s


@pytest.fixture(params=[_separable, _noisy_shuffled, _xor_voted], ids=["separable", "noisy-shuffled", "xor-voted"])
def session(request) -> Session:
    s = request.param()
    assert s.run.num_updates > 0 and s.run.num_steps > 0
    s.to_start()
    return s


def test_next_update_visits_every_update_in_order(session):
    s, run = session, session.run
    K = run.num_updates
    assert s.k == 0 and s.playhead.t == -1
    ks, ts = [], []
    while s.step("update", 1):
        ks.append(s.k)
        ts.append(s.playhead.t)
    assert ks[:K] == list(range(1, K + 1))
    assert ts[:K] == [run.step_of_update(k) for k in range(1, K + 1)]
    # after the last update, one more step runs out the remaining visits
    assert ks[K:] == ([K] if run.step_of_update(K) < run.num_steps - 1 else [])
    assert s.playhead.at_end(run) and s.playhead.t == run.num_steps - 1


def test_prev_update_goes_back_to_the_start(session):
    s, run = session, session.run
    K = run.num_updates
    s.to_end()
    ks = []
    while s.step("update", -1):
        ks.append(s.k)
        assert s.playhead.t == run.step_of_update(s.k)
    first = K if run.step_of_update(K) < run.num_steps - 1 else K - 1
    assert ks == list(range(first, -1, -1))
    assert s.playhead.t == -1 and s.playhead.at_start()


def test_prev_update_from_between_updates_lands_on_the_last_update(session):
    s, run = session, session.run
    between = [t for t in range(run.num_steps) if not run.visit(t).updated and run.k_after_step(t) > 0]
    if not between:
        pytest.skip("every visit of this run is an update")
    t = between[len(between) // 2]
    s.playhead.t = t
    k = s.k
    assert s.step("update", -1)
    assert s.k == k and s.playhead.t == run.step_of_update(k)


def test_next_visit_covers_every_visit_and_marks_the_updates(session):
    s, res, run = session, session.result, session.run
    t_seen, updated = [], []
    k_before = s.k
    while s.step("visit", 1):
        fr = frame_at(res, s.playhead.t)
        v = s.playhead.visit(run)
        t_seen.append(s.playhead.t)
        assert fr.k == s.k and v.k == s.k
        assert fr.visit_updated == (s.k != k_before) == v.updated
        assert s.k - k_before in (0, 1)
        # the example visited is the one the epoch's order puts there, as a global row
        order = epoch_order(run.n, v.epoch, run.shuffle, run.seed)
        assert v.index == order[v.position]
        assert fr.visit_index == res.train_index[v.index]
        updated.append(fr.visit_updated)
        k_before = s.k
    assert t_seen == list(range(run.n * run.epochs_run))
    assert sum(updated) == run.num_updates
    assert updated.count(False) == run.num_steps - run.num_updates  # visits without updates shown too
    # and all the way back
    back = 0
    while s.step("visit", -1):
        back += 1
    assert back == run.num_steps and s.playhead.t == -1


def test_epoch_steps_land_on_epoch_ends(session):
    s, run = session, session.run
    n, E = run.n, run.epochs_run
    ends = []
    while s.step("epoch", 1):
        ends.append(s.playhead.t)
        e = s.playhead.epoch(run)
        assert s.k == run.epoch_end_k(e)
    assert ends == [(e + 1) * n - 1 for e in range(E)]
    back = []
    while s.step("epoch", -1):
        back.append(s.playhead.t)
    assert back == [(e + 1) * n - 1 for e in range(E - 2, -1, -1)] + [-1]


def test_epoch_steps_from_the_middle_of_an_epoch(session):
    s, run = session, session.run
    n = run.n
    assert run.epochs_run >= 3 and n >= 3
    s.playhead.t = n + 1  # inside epoch 1
    s.step("epoch", 1)
    assert s.playhead.t == 2 * n - 1
    s.playhead.t = n + n // 2
    s.step("epoch", -1)
    assert s.playhead.t == n - 1


def test_to_start_to_end_and_jump(session):
    s, run = session, session.run
    s.to_end()
    assert s.playhead.t == run.num_steps - 1 and s.k == run.num_updates
    s.to_start()
    assert s.playhead.t == -1 and s.k == 0
    for k in range(run.num_updates + 1):
        s.jump_to_update(k)
        assert s.k == k and s.playhead.t == run.step_of_update(k)
    s.jump_to_update(run.num_updates + 100)
    assert s.k == run.num_updates
    s.jump_to_update(-5)
    assert s.k == 0 and s.playhead.t == -1


def test_no_step_past_either_end(session):
    s = session
    assert not s.step("update", -1) and not s.step("visit", -1) and not s.step("epoch", -1)
    s.to_end()
    assert not s.step("update", 1) and not s.step("visit", 1) and not s.step("epoch", 1)


def test_playhead_changed_fires_on_moves_only(session):
    s = session
    fired = []
    s.playhead_changed.connect(lambda: fired.append(s.playhead.t))
    s.step("visit", 1)
    s.step("visit", -1)
    s.step("visit", -1)  # already at the start: no move, no event
    assert fired == [0, -1]


@pytest.mark.parametrize("unit", ["update", "visit", "epoch"])
def test_play_ticks_to_the_end_and_stops(session, unit):
    s, run = session, session.run
    playing = []
    s.playing_changed.connect(playing.append)
    s.play_unit = unit
    s.set_playing(True)
    assert s.playing and s.playhead.t == -1
    ticks = 0
    while s.tick():
        ticks += 1
        assert ticks <= run.num_steps
    assert not s.playing and playing == [True, False]
    assert s.playhead.at_end(run) and s.k == run.num_updates
    expected = {"visit": run.num_steps, "epoch": run.epochs_run,
                "update": run.num_updates + (run.step_of_update(run.num_updates) < run.num_steps - 1)}[unit]
    assert ticks == expected  # the tick that reaches the end moves, then playback stops
    assert not s.tick()  # paused: the timer's tick does nothing


def test_pause_keeps_the_position(session):
    s = session
    s.set_playing(True)
    s.tick()
    s.tick()
    t = s.playhead.t
    s.set_playing(False)
    assert not s.tick() and s.playhead.t == t
    s.set_playing(True)  # resume where it was
    assert s.playhead.t == t and s.tick() and s.playhead.t > t


def test_play_from_the_end_restarts_at_the_start(session):
    s = session
    s.to_end()
    s.set_playing(True)
    assert s.playing and s.playhead.t == -1 and s.k == 0
    assert s.tick() and s.k == 1


def test_playback_without_a_run_or_without_points_does_nothing():
    s = Session()
    for unit in ("update", "visit", "epoch"):
        assert not s.step(unit, 1) and not s.step(unit, -1)
    s.to_end()
    s.jump_to_update(3)
    s.set_playing(True)
    assert not s.tick() and not s.playing
    s.recompute()  # an empty run
    assert s.result.record.num_steps == 0
    for unit in ("update", "visit", "epoch"):
        assert not s.step(unit, 1) and not s.step(unit, -1)
    assert s.playhead.t == -1 and s.k == 0
    assert frame_at(s.result, 5).t == -1


def test_steps_on_a_single_point():
    s = Session()
    s.load_dataset(random_noisy(1, 0.0, seed=0))  # one point: one update, then converged
    run = s.run
    assert run.n == 1 and run.num_updates == 1 and run.epochs_run == 2
    s.to_start()
    assert s.step("epoch", 1) and s.playhead.t == 0 and s.k == 1
    assert s.step("epoch", 1) and s.playhead.t == 1
    assert s.step("epoch", -1) and s.playhead.t == 0
    assert s.step("epoch", -1) and s.playhead.t == -1
    assert np.array_equal(frame_at(s.result, 0).w, run.w_b(1)[0])
