"""Settings shared by every test: Qt without a display, and a modest hypothesis budget."""
from __future__ import annotations

import atexit
import os
import shutil
import tempfile

# Set before anything imports Qt: the GUI tests run offscreen, and Qt wants a private
# runtime directory (0700) or it prints warnings into every test's output.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_runtime_dir = tempfile.mkdtemp(prefix="perceptron-gui-xdg-")
os.chmod(_runtime_dir, 0o700)
os.environ["XDG_RUNTIME_DIR"] = _runtime_dir
atexit.register(shutil.rmtree, _runtime_dir, ignore_errors=True)
# Autosaves and the recent-files list go to a throwaway folder, never the user's own.
_state_dir = tempfile.mkdtemp(prefix="perceptron-gui-state-")
os.environ["PERCEPTRON_GUI_STATE_DIR"] = _state_dir
atexit.register(shutil.rmtree, _state_dir, ignore_errors=True)

from hypothesis import HealthCheck, settings  # noqa: E402

# deadline=None: the first call of a numba kernel loads it from the cache, which would
# trip hypothesis' per-example deadline; ~60 examples keep the whole core suite quick.
settings.register_profile(
    "perceptron",
    deadline=None,
    max_examples=60,
    database=None,  # no .hypothesis/ folder in the work tree; failures print their example
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "perceptron"))
