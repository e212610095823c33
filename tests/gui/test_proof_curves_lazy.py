"""The window's curves against k are cut at the playhead only while they are on screen (each cut
re-sends O(K) points, 25 ms a step at 740,000 updates with the dock closed); reading
them or showing them catches up, and offscreen figures are always cut."""
from __future__ import annotations

import numpy as np

from perceptron_gui.gui.plots.proof_curves import KCurvePlot, ProofCurves
from perceptron_gui.session.session import Session


def _session() -> Session:
    s = Session(background_work=1e12)
    s.load_preset("random_separable")
    assert s.run.num_updates > 3
    return s


def _solid_x(plot: KCurvePlot, key: str) -> np.ndarray:
    c = plot.curves[key]
    return np.zeros(0) if c.xData is None else np.asarray(c.xData)


def test_hidden_curves_wait_for_the_show_and_then_show_the_playhead(qtbot, monkeypatch) -> None:
    s = _session()
    curves = ProofCurves(s)
    qtbot.addWidget(curves)
    plot = curves.plots["norm"]
    sent: list[int] = []
    real = plot.curves["norm_sq"].setData
    monkeypatch.setattr(plot.curves["norm_sq"], "setData", lambda *a, **k: sent.append(1) or real(*a, **k))
    for k in (1, 2, 3):
        s.jump_to_update(k)
    assert sent == []  # hidden: no O(K) cut per step
    assert plot.playhead_line.value() == 3  # the cheap marker follows at once
    curves.show()
    qtbot.waitExposed(curves)
    assert len(sent) == 1 and _solid_x(plot, "norm_sq").max() == 3  # one cut, at the playhead
    s.jump_to_update(2)
    assert len(sent) == 2 and _solid_x(plot, "norm_sq").max() == 2  # on screen: cut at every step


def test_reading_hidden_curves_catches_up_first(qtbot) -> None:
    s = _session()
    curves = ProofCurves(s)
    qtbot.addWidget(curves)
    s.jump_to_update(2)
    x, _ = curves.plots["dot"].shown("dot")
    assert x.max() == 2 and x.size == 3


def test_an_offscreen_figure_is_cut_without_being_shown(qtbot) -> None:
    s = _session()
    s.jump_to_update(2)
    plot = KCurvePlot(s, "dot")  # as figures/plots.py builds it, never shown
    qtbot.addWidget(plot)
    assert _solid_x(plot, "dot").max() == 2
