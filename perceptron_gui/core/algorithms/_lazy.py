"""A module that is imported at the first use of one of its names, not when it is named.

The compiled kernels (``_kernels`` and its siblings) import numba, 0.2–0.3 s: the algorithms
name them at import time and use them at the first fit, so ``import perceptron_gui.estimators``
(or the CLI's ``--help``) does not pay for the compiler.

Why not ``importlib.util.LazyLoader``: on Python 3.11 it is not thread-safe (a thread reading
the module while another is loading it can find its names missing: CPython gh-114763, fixed only
in later versions), and the window warms the kernels on a worker thread while the UI thread may
fit. ``import_module`` takes the import system's per-module lock, so the second thread simply
waits for the first.
"""
from __future__ import annotations

import importlib
from typing import Any

__all__ = ["LazyModule"]


class LazyModule:
    """Stands for the module ``name`` (relative to ``package``); imports it at the first
    attribute read. Each read looks the attribute up on the real module, so a test that
    monkeypatches the module is seen here too."""

    def __init__(self, name: str, package: str | None) -> None:
        self._name = name
        self._package = package
        self._module: Any = None

    def __getattr__(self, attr: str) -> Any:
        module = self._module
        if module is None:
            # import_module returns once the module is whole (another thread may be loading
            # it: this one waits on the import lock), so keeping it is safe; a fit reads its
            # kernels every epoch, and each import_module call took ~8 µs.
            module = self._module = importlib.import_module(self._name, self._package)
        return getattr(module, attr)

    def __repr__(self) -> str:
        return f"<lazy module {self._name!r} of {self._package!r}>"
