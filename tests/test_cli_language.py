"""The command line speaks the environment's language: PERCEPTRON_GUI_LANGUAGE=de gives German
help, argparse's own words ("usage:", "options") included. Needs the compiled catalogues
(``make translations``)."""
from __future__ import annotations

import pytest

from perceptron_gui import i18n
from perceptron_gui.cli import main


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(i18n.ENV_VAR, "de")
    try:
        yield
    finally:
        monkeypatch.delenv(i18n.ENV_VAR, raising=False)
        i18n.set_language("en")


def test_run_help_in_german(german: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--help"]) == 0
    out = capsys.readouterr().out
    assert "Aufruf:" in out and "usage:" not in out
    assert "Optionen" in out
    assert "Trainiert ein Perzeptron auf DATA.csv" in out
    assert "diese Hilfe anzeigen und beenden" in out


def test_error_in_german(german: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--algorithm", "nonsense"]) == 2
    err = capsys.readouterr().err
    assert "--algorithm kann nicht 'nonsense' sein" in err


def test_english_again_after(capsys: pytest.CaptureFixture[str]) -> None:
    i18n.set_language("en")
    assert main(["run", "--help"]) == 0
    assert "usage:" in capsys.readouterr().out
