"""What every ``perceptron-gui`` command shares: the program name, the usage error, how an
error ends (one sentence on stderr), and the checks made before any work starts."""
from __future__ import annotations

import sys
from pathlib import Path

from ..core.dataset import Dataset, DatasetError
from ..core.io import unwritable_reason

__all__ = ["PROG", "UsageError", "fail", "check_writable", "read_data"]

PROG = "perceptron-gui"


class UsageError(Exception):
    """A bad command line; ``str(err)`` is one sentence."""


def fail(sentence: str, status: int = 2) -> int:
    """Print the sentence on stderr and return the exit status (2: the user's mistake)."""
    print(sentence, file=sys.stderr)
    return status


def check_writable(path: str) -> None:
    """Fail before training, not after it, when an output file cannot be written."""
    reason = unwritable_reason(path)
    if reason is not None:
        raise UsageError(reason)


def read_data(path: str, what: str) -> Dataset:
    """A data CSV with at least one point (``what``: "training" or "test", for the sentence)."""
    from ..core.csv_text import clip_text
    from ..core.io import read_csv

    if path.lower().endswith(".json"):
        raise DatasetError(f"{clip_text(Path(path).name, 60)} is a JSON file, but 'perceptron-gui run' trains on a "
                           "data CSV; open a session in the window or export it with 'perceptron-gui export'.")
    data = read_csv(path)
    if data.n == 0:
        raise DatasetError(f"The {what} file {path} has no points; add some rows.")
    return data
