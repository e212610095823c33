"""The canvas's PCA axes from the d × d scatter matrix (many more points than features) are the
SVD's: the same two directions (up to the sign fixed after), the same shares of the variance."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.render.projection import _principal_axes


def svd_axes(X):
    Xc = X - X.mean(axis=0)
    _, s, vt = np.linalg.svd(Xc, full_matrices=False)
    return vt[:2].T, (s ** 2)[:2] / (s ** 2).sum()


@pytest.mark.parametrize("n, d", [(500, 3), (2000, 64), (400, 150)])
def test_the_scatter_matrix_gives_the_svds_axes(n, d):
    rng = np.random.default_rng(d)
    X = rng.normal(size=(n, d)) * np.linspace(5.0, 1.0, d)  # distinct variances: well-defined axes
    A, share = _principal_axes(X, X.mean(axis=0))
    B, share_svd = svd_axes(X)
    assert np.allclose(np.abs(np.sum(A * B, axis=0)), 1.0, rtol=0, atol=1e-9)  # same directions
    assert np.allclose(share, share_svd, rtol=1e-9, atol=1e-15)
    for c in range(2):  # the sign rule: each axis's largest component is positive
        assert A[np.argmax(np.abs(A[:, c])), c] > 0


def test_points_all_alike_have_no_axes():
    X = np.ones((100, 5))
    assert _principal_axes(X, X.mean(axis=0)) is None


def _read_only(X):
    X = np.array(X, dtype=np.float64)
    X.setflags(write=False)
    return X


def test_axes_prepared_on_another_thread_are_the_pictures_without_working_them_out_again(monkeypatch):
    import threading

    from perceptron_gui.render import projection

    X = _read_only(np.random.default_rng(3).normal(size=(300, 20)) * np.linspace(4.0, 1.0, 20))
    expected = projection.make_projection(np.array(X), [], projection.PCA, False)  # a writable copy: no cache
    worker = threading.Thread(target=projection.prepare_projection, args=(X,))
    worker.start()
    worker.join()

    def never(*args):
        raise AssertionError("worked out again")

    monkeypatch.setattr(projection, "_principal_axes", never)
    shown = projection.make_projection(X, [], projection.PCA, False)
    assert np.array_equal(shown.A, expected.A) and np.array_equal(shown.origin, expected.origin)
    assert shown.x_label == expected.x_label
    shown.A[0, 0] = 99.0  # a picture's copy: the next one is not changed by it
    assert projection.make_projection(X, [], projection.PCA, False).A[0, 0] != 99.0


def test_a_writable_array_is_never_taken_from_the_cache(monkeypatch):
    from perceptron_gui.render import projection

    X = np.random.default_rng(4).normal(size=(200, 5)) * np.linspace(3.0, 1.0, 5)
    projection.prepare_projection(X)
    first = projection.make_projection(X, [], projection.PCA, False)
    X[:, :] = X[:, ::-1]  # changed in place: the axes must follow
    again = projection.make_projection(X, [], projection.PCA, False)
    assert not np.allclose(np.abs(first.A), np.abs(again.A), rtol=0, atol=1e-6)


def test_a_feature_view_of_wide_points_does_not_work_out_their_axes(monkeypatch):
    from perceptron_gui.render import projection

    X = _read_only(np.random.default_rng(5).normal(size=(100, 6)))
    monkeypatch.setattr(projection, "_principal_axes", lambda *a: (_ for _ in ()).throw(AssertionError("PCA")))
    view = projection.make_projection(X, [], (2, 4), False)
    assert view.kind == "features"
