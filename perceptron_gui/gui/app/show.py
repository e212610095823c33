"""``perceptron_gui.show``: the main window on data from a script or a notebook.

    >>> shown = perceptron_gui.show(X, y, algorithm="voted", max_epochs=20)   # any two labels
    >>> shown.run.num_updates       # the window's current run: it follows every edit in the window
    >>> perceptron_gui.show(OffsetPerceptron().fit(X, y))                     # a fitted estimator

The window is the one ``perceptron-gui FILE`` opens (:func:`.app.make_window`'s steps): the
algorithm and its parameters are set first, then the data are loaded as File → Open loads a
CSV, so they train once, as the window trains them. Everything a caller can get wrong (NaN,
1-D X, three labels, an unknown algorithm or parameter, a bad value) is a ValueError or a
TypeError of one sentence raised before Qt is even imported.

In a script ``show`` runs Qt's event loop until the window is closed; in IPython or Jupyter
with ``%gui qt`` (or inside a running Qt event loop) it returns at once and the window stays
usable while the notebook runs; ``block=`` forces either.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ...core.algorithms import REGISTRY, make_algorithm
from ...core.dataset import Dataset
from ...i18n import _

if TYPE_CHECKING:
    from ...core.run import RunRecord
    from .main_window import MainWindow

__all__ = ["Shown", "show", "prepare_show", "notebook_runs_qt"]

# IPython's names for a Qt input hook (``%gui qt``, ``%gui qt5``, ``%gui qt6``).
IPYTHON_QT_LOOPS = ("qt", "qt5", "qt6")
# What keeps the Qt objects a caller cannot hold alive: the application (a collected
# QApplication takes every window with it) and non-blocking windows whose handle was dropped
# (a notebook cell `show(X, y)` whose result is not assigned must not close the window).
_KEEP: dict[str, Any] = {"app": None, "windows": []}


@dataclass(frozen=True)
class ShowPlan:
    """What the window will show, checked: the data (labels as ±1), the two original labels
    (``classes[0]`` is −1, ``classes[1]`` is +1), the algorithm and all its parameters."""

    data: Dataset
    classes: np.ndarray
    algorithm: str
    params: dict[str, Any]
    title: str


class Shown:
    """The window ``show`` opened. ``run`` is read from the window each time, so it is the run
    the window shows now: after an edit of the points or the parameters, the retrained one
    (None while a big run is still training)."""

    def __init__(self, window: MainWindow, classes: np.ndarray) -> None:
        self.window = window
        self.classes = classes  # the labels the window's −1 and +1 stand for

    @property
    def run(self) -> RunRecord | None:
        return self.window.session.run

    def close(self) -> None:
        """Close the window (as its close button does)."""
        self.window.close()

    def __repr__(self) -> str:
        run = self.run
        said = "training" if run is None else f"{run.algorithm}, {run.num_updates} updates"
        return f"<perceptron_gui window: {self.window.session.points.n} points, {said}>"


def _check_algorithm(algorithm: Any) -> None:
    if not isinstance(algorithm, str) or algorithm not in REGISTRY:
        raise ValueError(f"There is no algorithm {algorithm!r}; choose one of {', '.join(REGISTRY)}.")


def _checked_params(algorithm: Any, params: dict[str, Any], X: np.ndarray) -> dict[str, Any]:
    """All parameters of ``algorithm`` (defaults for those not given), checked as the window's
    picker checks them (:meth:`Session.set_params`); an unknown name or a bad value is the
    algorithm's own sentence."""
    _check_algorithm(algorithm)
    specs = {p.name: p for p in REGISTRY[algorithm].param_specs()}
    unknown = sorted(set(params) - set(specs))
    if unknown:
        raise TypeError(f"The {algorithm} perceptron has no parameter {', '.join(unknown)}; "
                        f"it takes {', '.join(sorted(specs))}.")
    full = {name: spec.default for name, spec in specs.items()}
    for name, value in params.items():
        full[name] = specs[name].coerce(value)
        problem = specs[name].problem(full[name])
        if problem is not None:  # said with the keyword's name, as the command line says its option
            raise ValueError(f"{name} {problem}.")
    algo = make_algorithm(algorithm, **full)
    algo.validate()  # a DatasetError: a ValueError of one sentence
    algo.check_start(X)  # a start w of the wrong length, or out of scale with the data
    return full


def _feature_names(X: Any, d: int) -> list[str] | None:
    names = getattr(X, "columns", None)  # a pandas DataFrame: its column names on the axes
    return [str(c) for c in names] if names is not None and len(names) == d else None


def prepare_show(X: Any, y: Any = None, algorithm: str = "offset", **params: Any) -> ShowPlan:
    """Check what ``show`` was given and say what the window will show; no Qt is involved.

    ``X`` may be a fitted estimator of :mod:`perceptron_gui.estimators` (then ``y``,
    ``algorithm`` and ``params`` come from it: its run's own)."""
    if hasattr(X, "get_params") and hasattr(X, "fit"):  # an estimator, fitted or not
        return _estimator_plan(X, y, params)
    if y is None:
        raise TypeError("show needs X and y (or a fitted estimator); give the labels as the second argument.")
    if isinstance(X, (str, bytes)) or isinstance(y, (str, bytes)):
        raise TypeError("show needs X as an array of numbers (n points × d features) and y as an array of labels, "
                        "not a text.")
    _check_algorithm(algorithm)
    # X and y checked, and any two labels mapped to ±1, exactly as the estimators do it.
    from ...estimators import ESTIMATORS, class_targets, validate_fit

    Xa, ya = validate_fit(ESTIMATORS[algorithm](), X, y)
    classes, targets = class_targets(ya)
    if len(targets) > 1:
        raise ValueError(f"The window draws two classes, and y has {len(classes)} classes; keep two labels "
                         "(or fit an estimator, which trains each class against the rest).")
    y_pm = targets[0]
    full = _checked_params(algorithm, params, Xa)
    data = Dataset.from_arrays(Xa, y_pm, _feature_names(X, Xa.shape[1]))
    return ShowPlan(data, classes, algorithm, full, "data from Python")


def _estimator_plan(est: Any, y: Any, params: dict[str, Any]) -> ShowPlan:
    name = type(est).__name__
    if y is not None or params:
        raise TypeError(f"show({name}) takes the fitted estimator alone; its data and parameters are the fit's.")
    from ...estimators import PerceptronEstimator

    if not isinstance(est, PerceptronEstimator):
        raise TypeError(f"show takes X and y, or a fitted estimator of perceptron_gui.estimators, not a {name}.")
    if not hasattr(est, "runs_"):
        raise ValueError(f"This {name} is not fitted yet; call fit(X, y) first, then show it.")
    if len(est.runs_) > 1:
        raise ValueError(f"This {name} was fitted on {len(est.classes_)} classes, each against the rest, and the "
                         "window draws two; fit it on two labels to show it.")
    if not hasattr(est, "run_") or not hasattr(est, "train_data_"):
        raise ValueError(f"This {name} was pickled without its run and training points; set "
                         "estimator.pickle_run = True after fit, before pickling, to show it later.")
    run = est.run_
    data: Dataset = est.train_data_
    names = getattr(est, "feature_names_in_", None)
    if names is not None:
        data = Dataset.from_arrays(data.X, data.y, [str(c) for c in names])
    # The run's own parameters (set_params after fit changes the estimator, not its run).
    return ShowPlan(data, np.asarray(est.classes_), run.algorithm, dict(run.params), f"{name}'s training data")


def notebook_runs_qt(shell: Any) -> bool:
    """True when ``shell`` (IPython's ``get_ipython()``, None outside IPython) runs Qt's
    event loop between cells (``%gui qt``): a window then stays usable without blocking."""
    return getattr(shell, "active_eventloop", None) in IPYTHON_QT_LOOPS


def _ipython_shell() -> Any:
    ipython = sys.modules.get("IPython")  # never imported here: outside IPython it is not loaded
    get = getattr(ipython, "get_ipython", None)
    return get() if callable(get) else None


def _application() -> Any:
    """The running QApplication, or a new one (kept, with the window's names) when none exists."""
    from PySide6 import QtCore, QtWidgets

    from .application import prepare_environment

    app = QtWidgets.QApplication.instance()
    if app is None:
        prepare_environment(offscreen=False)  # offscreen only when there is no display at all
        QtCore.QCoreApplication.setApplicationName("perceptron-gui")
        QtCore.QCoreApplication.setOrganizationName("perceptron-gui")
        app = QtWidgets.QApplication([sys.argv[0] if sys.argv and sys.argv[0] else "perceptron-gui"])
        app.setApplicationDisplayName("Perceptron GUI")
    _KEEP["app"] = app
    return app


def _open_window(plan: ShowPlan) -> MainWindow:
    """The main window with ``plan`` loaded, shown: the steps of :func:`.app.make_window`."""
    from .main_window import MainWindow

    app = _application()
    win = MainWindow()
    # Set before the load, so the data train once, with these (as opening a session file does).
    win.session.configure(plan.algorithm, {plan.algorithm: plan.params}, retrain=False)
    win.session.load_dataset(plan.data, plan.title, label=_("Show data from Python"))
    win.session.forget_history()  # the data from Python are where the work starts
    win.document.mark_clean()  # and nothing is lost when the window closes unsaved
    lo, hi = (str(c) for c in plan.classes)
    # The window knows ±1 only: say which label is which (the handle's .classes holds them too).
    win.banner.show_message("info", _("{n} points from Python: the label '{negative}' is −1 and '{positive}' is +1.").format(
        n=plan.data.n, negative=lo, positive=hi))
    win.fit_to(app.primaryScreen().availableGeometry())
    win.show()
    win.show_view(None)
    if app.platformName() != "offscreen":  # in front of the notebook or terminal that asked for it
        win.raise_()
        win.activateWindow()
    return win


def _wait_until_closed(win: MainWindow) -> None:
    """Run Qt's event loop until ``win`` is closed (a close refused by the unsaved-work
    question keeps it open, and the loop running)."""
    from PySide6 import QtCore

    loop = QtCore.QEventLoop()

    class _CloseWatch(QtCore.QObject):
        def eventFilter(self, obj: QtCore.QObject, ev: QtCore.QEvent) -> bool:  # noqa: N802
            # The window's hiding, not its Close event: a Close is answered by the unsaved-work
            # question, whose own event loop runs before the window knows whether it closes.
            if ev.type() == QtCore.QEvent.Type.Hide and not win.isVisible():
                loop.quit()
            return False

    watch = _CloseWatch()
    win.installEventFilter(watch)
    try:
        if win.isVisible():
            loop.exec()
    finally:
        win.removeEventFilter(watch)


def _open(win: Any) -> bool:
    """Whether a kept window is still shown (Qt may have deleted one that was closed)."""
    import shiboken6

    return bool(shiboken6.isValid(win) and win.isVisible())


def show(X: Any, y: Any = None, algorithm: str = "offset", *, block: bool | None = None, **params: Any) -> Shown:
    """Open the window on ``X`` (n × d) and ``y`` (any two labels), or on a fitted estimator;
    see :func:`perceptron_gui.show`."""
    plan = prepare_show(X, y, algorithm, **params)  # every mistake said before a window opens
    from PySide6 import QtCore

    if block is None:
        in_loop = QtCore.QThread.currentThread().loopLevel() > 0  # called from inside a Qt app
        block = not (in_loop or notebook_runs_qt(_ipython_shell()))
    _KEEP["windows"] = [w for w in _KEEP["windows"] if _open(w)]
    win = _open_window(plan)
    shown = Shown(win, plan.classes)
    if block:
        _wait_until_closed(win)
        if not any(_open(w) for w in _KEEP["windows"]):
            from ...core.collector import hand_back
            hand_back()  # no window left: the caller's script collects cycles as before
    else:
        _KEEP["windows"].append(win)
    return shown
