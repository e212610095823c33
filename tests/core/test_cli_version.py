"""``perceptron-gui --version``: the package's version, exit 0, from the command and the console script."""
from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version

import perceptron_gui
from perceptron_gui.cli import main


def test_version_prints_the_version_and_exits_0(capsys):
    assert main(["--version"]) == 0
    out = capsys.readouterr().out
    assert out.strip() == f"perceptron-gui {perceptron_gui.__version__}"


def test_version_matches_the_installed_metadata():
    # __version__ and pyproject.toml's version are two copies: this catches one moving alone.
    assert perceptron_gui.__version__ == version("perceptron-gui")


def test_version_as_a_process_opens_no_window():
    done = subprocess.run([sys.executable, "-m", "perceptron_gui", "--version"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.strip() == f"perceptron-gui {perceptron_gui.__version__}"
