"""The nearest point to a click among many, by a grid (a scan of 10⁶ points at every
click and hover): the same answer as a scan of all points, every time."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.render.hit_grid import GRID_MIN_N, HitFinder, HitGrid, nearest_within


def _points(n: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    P = rng.normal(size=(n, 2)) * [3.0, 0.5]
    P[n // 2: n // 2 + 50] = P[7]  # ties: the lowest row wins
    return P


@pytest.mark.parametrize("pixel", [(0.01, 0.01), (0.002, 0.05), (1.0, 1.0), (1e-6, 1e-6)])
def test_the_grid_finds_what_a_scan_finds(pixel) -> None:
    P = _points(5_000)
    grid = HitGrid(P)
    rng = np.random.default_rng(1)
    queries = np.vstack([P[rng.integers(0, P.shape[0], 200)] + rng.normal(scale=0.02, size=(200, 2)),
                         rng.uniform(-15, 15, size=(50, 2)), P[[7, 0, 4_999]]])
    pw, ph = pixel
    for x, y in queries:
        assert grid.nearest(P, x, y, pw, ph, 8.0) == nearest_within(P, None, x, y, pw, ph, 8.0)
    assert grid.nearest(P, *P[7], pw, ph, 8.0) == 7


def test_moved_points_are_found_where_they_are_now() -> None:
    P = _points(5_000)
    grid = HitGrid(P)
    P[[10, 20]] = [[40.0, 40.0], [-40.0, 2.0]]  # far outside the grid's box
    grid.moved(np.array([10, 20]))
    P[30] = P[31] + 1e-9
    grid.moved(np.array([30]))
    for x, y in ([40.0, 40.0], [-40.0, 2.0], P[31], P[30]):
        assert grid.nearest(P, x, y, 0.01, 0.01, 8.0) == nearest_within(P, None, x, y, 0.01, 0.01, 8.0)
    assert grid.nearest(P, 40.0, 40.0, 0.01, 0.01, 8.0) == 10


def test_all_points_in_one_place_and_none() -> None:
    same = np.zeros((100, 2))
    assert HitGrid(same).nearest(same, 0.0, 0.0, 0.1, 0.1, 8.0) == 0
    assert HitGrid(same).nearest(same, 5.0, 0.0, 0.1, 0.1, 8.0) is None
    empty = np.zeros((0, 2))
    assert HitGrid(empty).nearest(empty, 0.0, 0.0, 0.1, 0.1, 8.0) is None


def test_the_finder_uses_a_grid_for_many_points_and_follows_moves() -> None:
    P = _points(GRID_MIN_N + 1)
    finder = HitFinder(background=False)
    assert finder.nearest(P, *P[3], 0.01, 0.01, 8.0) == 3
    assert finder._grid is not None  # noqa: SLF001 - the grid is what this test is about
    P[3] = [50.0, 50.0]
    finder.moved(np.array([3]))
    assert finder.nearest(P, 50.0, 50.0, 0.01, 0.01, 8.0) == 3
    Q = P.copy()  # a new array (new data): a new grid
    Q[3] = [-50.0, -50.0]
    assert finder.nearest(Q, -50.0, -50.0, 0.01, 0.01, 8.0) == 3
    assert finder._grid is not None and finder._of is Q  # noqa: SLF001
