"""The integer codes the compiled kernels and their Python callers share, kept in a module
without numba so that importing an algorithm does not load the compiler (numba
loads at the first fit; see ``_lazy``).

numba freezes these values into the kernels it caches on disk, and its cache is keyed on the
kernel's own source file: after changing a value here, delete the ``__pycache__/*.nbi``/``*.nbc``
files (or touch ``_pocket_kernels.py`` and ``_step_kernels.py``) so the kernels compile anew.
"""
from __future__ import annotations

# pa_epoch's ``variant``: τ = ℓ/‖x‖² (PA), min(C, ℓ/‖x‖²) (PA-I), ℓ/(‖x‖² + 1/(2C)) (PA-II).
PA, PA_I, PA_II = 0, 1, 2

# Slots of the pocket ratchet's state vector, kept between chunks and epochs (see pocket_epoch).
RUN_W, RUN_POCKET, COUNT_POCKET, COUNT_W, IN_POCKET, N_CHECKS = 0, 1, 2, 3, 4, 5
RATCHET_SLOTS = 6
