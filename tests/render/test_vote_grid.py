"""The vote's raster gets coarser as the vote grows, so a frame stays cheap (render/picture.py)."""
from __future__ import annotations

import numpy as np

from perceptron_gui.core.presets import random_noisy
from perceptron_gui.render import picture
from perceptron_gui.render.projection import Projection
from perceptron_gui.session.session import Session


def test_grid_size_follows_the_work_budget() -> None:
    assert picture.vote_grid_size(1) == picture.VOTE_GRID
    assert picture.vote_grid_size(1000) == picture.VOTE_GRID  # 14,400 · 1,000 is within budget
    g = picture.vote_grid_size(20_000)
    assert g * g * 20_000 <= picture.VOTE_GRID_WORK and (g + 1) ** 2 * 20_000 > picture.VOTE_GRID_WORK
    assert picture.vote_grid_size(10**9) == picture.VOTE_GRID_MIN


def test_a_big_vote_is_drawn_on_the_coarser_grid(monkeypatch) -> None:
    s = Session()
    s.load_dataset(random_noisy(200, 0.2, seed=1), "noisy")
    s.set_algorithm("voted")
    monkeypatch.setattr(picture, "VOTE_GRID_WORK", 50 * (s.result.record.num_updates + 1))
    plane = Projection(np.eye(2), np.zeros(2), "plane", "x1", "x2")
    raster = picture._vote_grid(s.frame(), plane, (-1.5, -1.5, 1.5, 1.5))
    assert raster.shape == (picture.VOTE_GRID_MIN, picture.VOTE_GRID_MIN)
