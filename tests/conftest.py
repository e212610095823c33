"""Settings shared by every test: no display, no writes outside temp folders, no clocks.

Everything here runs when pytest loads this file, before any test module imports Qt,
hypothesis' storage or the app, and before subprocesses inherit the environment.
"""
from __future__ import annotations

import atexit
import gc
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

# One throwaway root for everything the suite may write outside tmp_path: Qt's runtime
# folder, the app's state (autosave, recent files), hypothesis' storage, a HOME and XDG folders.
_scratch = tempfile.mkdtemp(prefix="perceptron-gui-tests-")
atexit.register(shutil.rmtree, _scratch, ignore_errors=True)


def _scratch_dir(name: str, mode: int = 0o700) -> str:
    path = os.path.join(_scratch, name)
    os.makedirs(path, mode=mode, exist_ok=True)
    os.chmod(path, mode)  # makedirs' mode is filtered by the umask; Qt insists on 0700
    return path


# Set before anything imports Qt: the GUI tests run offscreen, and Qt wants a private
# runtime directory (0700) or it prints warnings into every test's output.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The suite reads the application's English: a developer's German locale must not change what
# the tests see (tests/test_translations.py switches language on purpose, and back).
os.environ["PERCEPTRON_GUI_LANGUAGE"] = "en"
os.environ["XDG_RUNTIME_DIR"] = _scratch_dir("xdg-runtime")
# Autosaves and the recent-files list go to a throwaway folder, never the user's own; so do
# Qt's and fontconfig's caches and settings, which follow HOME and the XDG variables.
os.environ["PERCEPTRON_GUI_STATE_DIR"] = _scratch_dir("state")
os.environ["HOME"] = _scratch_dir("home")
for _var, _name in (("XDG_CONFIG_HOME", "config"), ("XDG_CACHE_HOME", "cache"),
                    ("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "xdg-state")):
    os.environ[_var] = _scratch_dir(_name)
# The max-margin solver's time budgets read a clock that stands still: no verdict in a test
# depends on how fast or how busy the machine is (a budget of 0 still stops at once).
# The pocket kernels' module sets this on its first import (passive OpenMP waiting; see
# core/algorithms/_pocket_kernels.py): set here first, so that import, in whichever test it
# happens, changes no environment the isolation check watches.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
# The application's process runs BLAS on one thread and says so in its environment
# (gui/app.single_thread_blas): the same here, so a test that starts it in-process changes none.
for _var in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "BLIS_NUM_THREADS"):
    os.environ[_var] = "1"
os.environ.setdefault("KMP_DUPLICATE_LIB_OK", "True")  # threadpoolctl's import sets it (as scikit-learn's does)
os.environ["PERCEPTRON_GUI_FROZEN_CLOCK"] = "1"
# A run record's memory budget defaults to a quarter of the machine's RAM (at most 1 GB): pin
# it, so no run in a test stops early on a small machine only. Tests of the cap inject theirs.
os.environ["PERCEPTRON_GUI_MEMORY_BUDGET_MB"] = "1000"
# Hypothesis caches constants it finds in the source under ./.hypothesis even with
# database=None; point its storage at the scratch folder (subprocesses inherit it).
os.environ["HYPOTHESIS_STORAGE_DIRECTORY"] = _scratch_dir("hypothesis")

from hypothesis import HealthCheck, settings  # noqa: E402

from perceptron_gui.core import collector  # noqa: E402

# Cycles are collected on this (the window's) thread only, between tests and from the window's
# own timer, never on whichever worker allocates (core/collector.py: a Qt object freed on a
# worker aborts the process, and only the whole suite under load gathers enough of both).
collector.collect_on_this_thread()
from hypothesis.configuration import set_hypothesis_home_dir  # noqa: E402

# The hypothesis plugin may have read its storage folder before this file ran.
set_hypothesis_home_dir(os.environ["HYPOTHESIS_STORAGE_DIRECTORY"])

# deadline=None: the first call of a numba kernel loads it from the cache, which would
# trip hypothesis' per-example deadline (a wall-clock budget); ~60 examples keep the whole
# core suite quick. derandomize: every run, on every machine, tries the same examples, so
# `make test` passes or fails the same way each time. HYPOTHESIS_PROFILE=explore searches
# afresh with random seeds and more examples (run it now and then; failures print their example).
_COMMON = dict(deadline=None, database=None,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("perceptron", max_examples=60, derandomize=True, **_COMMON)
settings.register_profile("explore", max_examples=500, derandomize=False, **_COMMON)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "perceptron"))


# ---- no test leaks state into the next --------------------------------------------------------
def _global_state() -> dict[str, object]:
    """Process-wide settings a test could change and forget: they must be as it found them."""
    import numpy as np

    env = {k: v for k, v in os.environ.items() if k != "PYTEST_CURRENT_TEST"}  # pytest's own
    state: dict[str, object] = {"environment": env, "working directory": os.getcwd(),
                                "numpy error handling": np.geterr(),
                                "recursion limit": sys.getrecursionlimit()}
    pg = sys.modules.get("pyqtgraph")
    if pg is not None:
        state["pyqtgraph options"] = dict(pg.CONFIG_OPTIONS)
    return state


def _open_windows() -> list[str]:
    """Visible top-level Qt widgets (none without Qt: core tests never import it)."""
    widgets = sys.modules.get("PySide6.QtWidgets")
    app = widgets.QApplication.instance() if widgets is not None else None
    if app is None:
        return []
    # The automatic collection is off for the whole suite (see collect_on_this_thread above), so
    # no orphaned widget is freed while Qt's list of raw widget pointers is walked.
    gc.disable()  # off already, unless a blocking show() handed collection back to its caller
    return [f"{type(w).__name__} {w.windowTitle()!r}" for w in app.topLevelWidgets() if w.isVisible()]


@pytest.fixture(autouse=True)
def _isolated(tmp_path_factory: pytest.TempPathFactory):
    """Each test gets its own state folder (autosave, recent files) and must leave the
    environment, the working directory, numpy's and pyqtgraph's settings and the set of open
    windows as it found them (use monkeypatch, qtbot.addWidget); what it leaves is undone."""
    # Not the test's own `monkeypatch`: that one (and qtbot's widgets) must be undone by the
    # time this checks, and fixtures a test asks for are torn down before autouse ones.
    own = pytest.MonkeyPatch()
    own.setenv("PERCEPTRON_GUI_STATE_DIR", str(tmp_path_factory.mktemp("state")))
    before, windows = _global_state(), set(_open_windows())
    yield
    try:
        _check_nothing_leaked(before, windows)
        _check_collections()
    finally:
        own.undo()
        _release_modifiers()


def _release_modifiers() -> None:
    """Let go of the keys a test held: QTest's keyClick(w, key, Shift) sends the key with Shift in
    its modifiers and never a release of Shift, so Qt goes on reporting Shift held, and the next
    test's QTableView.selectRow extends a selection instead of choosing a row."""
    gui = sys.modules.get("PySide6.QtGui")
    if gui is None or gui.QGuiApplication.instance() is None:
        return
    from PySide6 import QtCore, QtTest, QtWidgets

    none = QtCore.Qt.KeyboardModifier.NoModifier
    if gui.QGuiApplication.keyboardModifiers() != none:
        bystander = QtWidgets.QWidget()  # never shown: it only carries the release to the application
        QtTest.QTest.keyRelease(bystander, QtCore.Qt.Key.Key_Shift, none)
        bystander.deleteLater()


def _check_collections() -> None:
    """Collect what is due here, on the window's thread, and fail a test during which a
    collection ran on another thread (it could have freed a Qt object there)."""
    if gc.isenabled():  # show()'s blocking path hands collection back to the calling script
        collector.collect_on_this_thread()
    core = sys.modules.get("PySide6.QtCore")
    if core is not None and core.QCoreApplication.instance() is not None:
        # The windows pytest-qt closed wait for their deferred delete, which only a later
        # test's wait would run: delete them now, in Qt's own order, before the collector.
        core.QCoreApplication.sendPostedEvents(None, core.QEvent.Type.DeferredDelete)
    # With a window's thread set up (gui/kit/ui_thread.py), Qt objects left in cycles are deleted
    # by Qt before Python clears them, as in the application.
    collector.collect_due()
    elsewhere = collector.collections_elsewhere(clear=True)
    if elsewhere:
        pytest.fail(f"A garbage collection ran off the window's thread, on {', '.join(sorted(set(elsewhere)))}: "
                    "it may free Qt objects there.", pytrace=False)


def _check_nothing_leaked(before: dict[str, object], windows: set[str]) -> None:
    after, left_open = _global_state(), [w for w in _open_windows() if w not in windows]
    changed = [k for k in before if k in after and before[k] != after[k]]
    if changed or left_open:
        _undo(before, after)
        problems = [f"{k}: {_what_changed(before[k], after[k])}" for k in changed]
        problems += [f"windows left open: {', '.join(left_open)}"] if left_open else []
        pytest.fail("The test leaked state into the next one: " + "; ".join(problems), pytrace=False)


def _what_changed(old: object, new: object) -> str:
    if isinstance(old, dict) and isinstance(new, dict):
        keys = sorted(k for k in old.keys() | new.keys() if old.get(k) != new.get(k))
        return "changed " + ", ".join(map(str, keys))
    return f"{old!r} -> {new!r}"


def _undo(before: dict[str, object], after: dict[str, object]) -> None:
    import numpy as np

    for key in set(after["environment"]) - set(before["environment"]):  # type: ignore[arg-type]
        del os.environ[key]
    os.environ.update(before["environment"])  # type: ignore[arg-type]
    os.chdir(before["working directory"])  # type: ignore[arg-type]
    np.seterr(**before["numpy error handling"])  # type: ignore[arg-type]
    sys.setrecursionlimit(before["recursion limit"])  # type: ignore[arg-type]
    pg = sys.modules.get("pyqtgraph")
    if pg is not None and "pyqtgraph options" in before:
        pg.CONFIG_OPTIONS.clear()
        pg.CONFIG_OPTIONS.update(before["pyqtgraph options"])  # type: ignore[arg-type]
    widgets = sys.modules.get("PySide6.QtWidgets")
    if widgets is not None and widgets.QApplication.instance() is not None:
        for w in widgets.QApplication.topLevelWidgets():
            if w.isVisible():
                w.close()


# ---- the suite writes nothing into the checkout ----------------------------------------------
# Paths a run may create: the venv, the editable install's metadata, and bytecode (numba's
# on-disk kernel cache lives in __pycache__ too).
_MAY_WRITE = (".venv/", ".egg-info/", "__pycache__/", ".pytest_cache/")
_ROOT = Path(__file__).resolve().parent.parent
_before: set[str] | None = None


def _checkout_paths() -> set[str] | None:
    """Untracked and ignored files of the checkout, one by one; None outside a git checkout."""
    try:
        proc = subprocess.run(["git", "status", "--porcelain", "--ignored", "-uall", "-z"],
                              cwd=_ROOT, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    if proc.returncode != 0:
        return None
    entries = (e for e in proc.stdout.split("\0") if e)
    return {e[3:] for e in entries
            if e[:2] in ("??", "!!") and not any(m in "/" + e[3:] for m in _MAY_WRITE)}


def pytest_sessionstart(session: pytest.Session) -> None:
    global _before
    _before = _checkout_paths()


def pytest_sessionfinish(session: pytest.Session) -> None:
    if _before is None:
        return
    after = _checkout_paths()
    new = sorted((after or set()) - _before)
    if new:
        session.config.stash[_NEW_FILES] = new
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    new = config.stash.get(_NEW_FILES, [])
    if new:
        terminalreporter.section("files written into the checkout", red=True)
        terminalreporter.write_line(
            f"The run created {len(new)} file(s) in {_ROOT}; tests must write under tmp_path "
            "(or someone edited the checkout during the run):")
        for path in new[:30]:
            terminalreporter.write_line(f"  {path}")


_NEW_FILES = pytest.StashKey[list]()


@pytest.fixture
def warnings_shown(monkeypatch):
    """Every QMessageBox.warning as (title, text), answered OK without showing a dialog (for
    the window tests and the corpus's window door)."""
    from PySide6 import QtWidgets

    shown: list[tuple[str, str]] = []

    def fake_warning(parent, title, text, *args, **kwargs):
        shown.append((title, text))
        return QtWidgets.QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QtWidgets.QMessageBox, "warning", fake_warning)
    return shown


@pytest.fixture
def session_on():
    """``session_on(preset, algorithm)``: a session on an example data set (its own test rows
    kept as test rows) trained with ``algorithm``, its run finished."""
    from perceptron_gui.core.presets import get_preset
    from perceptron_gui.session.session import Session

    def make(preset: str = "notes003_margin", algorithm: str = "offset") -> Session:
        s = Session()
        s.set_algorithm(algorithm)
        data, test = get_preset(preset).data_and_roles()
        s.load_dataset(data, preset, test=test)
        s.wait()
        return s

    return make
