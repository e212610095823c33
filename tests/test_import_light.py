"""``import perceptron_gui`` loads no Qt and no numba: a notebook or script that imports the
package pays for the window and the compiled kernels only when it uses them (issue 13 §4).

Checked in a fresh interpreter: this test process has long imported all of them."""
from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ("PySide6", "pyqtgraph", "numba", "llvmlite")


def test_import_perceptron_gui_loads_no_qt_and_no_numba():
    code = ("import sys, json; import perceptron_gui; "
            f"print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r})))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


def test_the_package_still_says_its_version_without_them():
    code = "import sys, perceptron_gui; print(perceptron_gui.__version__, 'PySide6' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    version, qt = done.stdout.split()
    assert version.count(".") >= 1 and qt == "False"
