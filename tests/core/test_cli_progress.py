"""A long run on the command line says where it is on stderr, as the window's progress bar does;
a quick one prints nothing new, and stdout is what it was."""
from __future__ import annotations

import io
from pathlib import Path

import pytest

from perceptron_gui.cli import main
from perceptron_gui.cli import progress as cli_progress
from perceptron_gui.session import runner as runner_module
from perceptron_gui.session.estimate import CostEstimate


def _lines(err: str) -> list[str]:
    return [ln for ln in err.splitlines() if ln.startswith("Training: epoch ")]


@pytest.fixture
def every_report(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every report printed: the intervals that keep a long run's lines a few seconds apart, 0."""
    monkeypatch.setattr(cli_progress, "PRINT_EVERY_S", 0.0)
    monkeypatch.setattr(runner_module, "PROGRESS_INTERVAL_S", 0.0)


def test_export_prints_progress_lines_while_it_trains(capsys, tmp_path: Path, every_report):
    out_json = tmp_path / "run.json"
    code = main(["export", "--preset", "xor", "--algorithm", "kernel", "--kernel", "linear",
                 "--max-epochs", "6", "--json", str(out_json)])
    cap = capsys.readouterr()
    assert code == 0 and out_json.exists()
    lines = _lines(cap.err)
    assert lines and lines[-1] == "Training: epoch 6 of 6."  # no line-ending run converges: all 6 epochs
    assert {ln.split(" of ")[0] for ln in lines} >= {f"Training: epoch {k}" for k in range(2, 7)}
    assert "Training:" not in cap.out  # stdout, which scripts read, is unchanged


def test_run_prints_progress_lines_too(capsys, every_report):
    code = main(["run", "--preset", "xor", "--algorithm", "kernel", "--kernel", "linear", "--max-epochs", "4"])
    cap = capsys.readouterr()
    assert code == 0
    assert _lines(cap.err)[-1] == "Training: epoch 4 of 4."
    assert "Training:" not in cap.out


def test_a_line_at_most_every_few_seconds_and_none_for_a_quick_run():
    now = [100.0]
    out = io.StringIO()
    lines = cli_progress.ProgressLines(out, clock=lambda: now[0])
    for epoch in range(1, 50):  # 49 epochs in under the interval: nothing
        now[0] = 100.0 + epoch * (cli_progress.PRINT_EVERY_S - 0.5) / 49
        lines(epoch, 100)
    assert out.getvalue() == ""
    now[0] = 100.0 + cli_progress.PRINT_EVERY_S
    lines(50, 100, CostEstimate(seconds_left=600.0, upper_bound=True))
    lines(51, 100)  # at once after it: not printed
    now[0] += cli_progress.PRINT_EVERY_S
    lines(52, 100, CostEstimate(seconds_left=30.0, upper_bound=False))
    assert out.getvalue().splitlines() == [
        "Training: epoch 51 of 100, at most about 10 min left.",
        "Training: epoch 53 of 100, less than a minute left.",
    ]


def test_the_window_runner_still_reports_nothing_for_a_quick_run():
    from perceptron_gui.core.presets import get_preset
    from perceptron_gui.session.session import Session

    session = Session()
    heard: list[tuple[int, int]] = []
    session.progress_changed.connect(lambda e, t: heard.append((e, t)))
    session.load_dataset(get_preset("xor").train_test()[0], "xor")
    assert session.result is not None and heard == []
