"""The suite's own guards (tests/conftest.py) catch what they promise to catch.

A copy of tests/conftest.py runs an inner pytest (in a subprocess: the conftest sets process
environment variables at import) on tests that misbehave on purpose, inside a fresh git
repository standing in for the checkout.
"""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

CONFTEST = Path(__file__).with_name("conftest.py")

MISBEHAVING = '''
import os
from pathlib import Path

def test_forgets_an_environment_variable():
    os.environ["LEFT_BEHIND"] = "1"

def test_forgets_to_change_back():
    os.chdir("/")

def test_writes_into_the_checkout():
    (Path(__file__).resolve().parent.parent / "stray.txt").write_text("x")

def test_clean():
    assert os.environ["PERCEPTRON_GUI_FROZEN_CLOCK"] == "1"
    assert "perceptron-gui-tests-" in os.environ["HOME"]  # a scratch HOME, never the user's
'''


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git for the checkout check")
def test_the_guards_report_leaks_and_writes(pytester: pytest.Pytester):
    root = pytester.path
    (root / "tests").mkdir()
    shutil.copy(CONFTEST, root / "tests" / "conftest.py")
    (root / "tests" / "test_misbehaving.py").write_text(MISBEHAVING)
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    subprocess.run(["git", "init", "-q", str(root)], check=True, env=env)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "tests")
    out = result.stdout.str()
    result.assert_outcomes(passed=4, errors=2)
    assert "environment: changed LEFT_BEHIND" in out
    assert "working directory: " in out
    assert "files written into the checkout" in out and "stray.txt" in out
    assert result.ret == pytest.ExitCode.TESTS_FAILED
