"""perceptron_gui — a desktop application for teaching the perceptron."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .gui.app.show import Shown

from .version import __version__

__all__ = ["__version__", "show"]


def show(X: Any, y: Any = None, algorithm: str = "offset", *, block: bool | None = None, **params: Any) -> Shown:
    """Open the window on ``X`` (n points × d features) and ``y`` (any two labels), trained by
    ``algorithm`` with ``params`` (the estimators' parameters: ``max_epochs=20``, ``seed=1``, …);
    or ``show(estimator)`` after ``estimator.fit(X, y)``, showing its data and its run.

    Returns a handle: ``.run`` is the run the window shows now (it follows edits made in the
    window), ``.window`` the main window, ``.classes`` the labels trained as −1 and +1,
    ``.close()`` closes it. In a script ``show`` returns when the window is closed; in
    IPython/Jupyter with ``%gui qt`` it returns at once and the window stays usable;
    ``block=True``/``False`` forces either. Bad input (NaN, 1-D X, three labels, an unknown
    algorithm or parameter) is a ValueError or TypeError raised before any window opens.
    """
    from .gui.app.show import show as _show  # Qt and the kernels load here, never on `import perceptron_gui`

    return _show(X, y, algorithm, block=block, **params)
