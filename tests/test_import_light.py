"""``import perceptron_gui`` loads no Qt and no numba: a notebook or script that imports the
package pays for the window and the compiled kernels only when it uses them.

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


def _fresh(code: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_the_estimators_load_no_sklearn_no_numba_and_no_qt_until_a_fit():
    # A notebook that only wants an estimator starts fast; numba loads at the first fit.
    heavy = (*HEAVY, "sklearn", "scipy")
    code = ("import sys, numpy as np; import perceptron_gui.estimators as e\n"
            f"def loaded(): return ','.join(sorted({{m.split('.')[0] for m in sys.modules}} & set({heavy!r}))) or '-'\n"
            "print(loaded())\n"
            "X = np.array([[0.0, 1.0], [1.0, 2.0], [3.0, 0.5], [4.0, 1.0]])\n"
            "print(e.OffsetPerceptron().fit(X, ['a', 'a', 'b', 'b']).predict(X).tolist() == ['a', 'a', 'b', 'b'])\n"
            "print(loaded())")
    before, fitted, after = _fresh(code)
    assert before == "-" and fitted == "True"
    # The fit loaded the compiler (numba itself imports scipy's light top level), no sklearn, no Qt.
    assert set(after.split(",")) - {"scipy"} == {"llvmlite", "numba"}


def test_the_algorithms_import_without_numba_and_say_their_kernels_are_not_loaded():
    code = ("import sys; from perceptron_gui.core.algorithms import REGISTRY, kernels_loaded, warm_up\n"
            "names = REGISTRY['offset'].kernels\n"
            "print(kernels_loaded(names), 'numba' in sys.modules)\n"  # asking must not import it
            "warm_up(names)\n"
            "print(kernels_loaded(names), 'numba' in sys.modules, kernels_loaded(()))")
    assert _fresh(code) == ["False", "False", "True", "True", "True"]


def test_two_threads_fitting_first_both_load_the_kernels_once():
    # The window warms the kernels on a worker while the UI thread may fit: a thread must never
    # see the kernels' module half loaded (importlib.util.LazyLoader could on 3.11; see _lazy).
    code = ("import threading, numpy as np\n"
            "from perceptron_gui.core.algorithms import make_algorithm\n"
            "from perceptron_gui.core.dataset import Dataset\n"
            "data = Dataset.from_arrays(np.array([[0.0, 1.0], [1.0, 2.0], [3.0, 0.5]]), np.array([1.0, 1.0, -1.0]))\n"
            "go, out = threading.Barrier(4), []\n"
            "def fit(name):\n"
            "    go.wait(); out.append(make_algorithm(name, max_epochs=5).fit(data).num_updates > 0)\n"
            "ts = [threading.Thread(target=fit, args=(n,)) for n in ('offset', 'pocket', 'pa', 'kernel')]\n"
            "[t.start() for t in ts]; [t.join() for t in ts]\n"
            "print(len(out), all(out))")
    assert _fresh(code) == ["4", "True"]


def test_the_command_line_loads_no_numba_until_it_trains():
    # `perceptron-gui --help` and the window's start do not wait for the compiler (the cold
    # start): the loss curves' kernel, like the training kernels, compiles at its first call.
    code = ("import sys, json; import perceptron_gui.cli, perceptron_gui.session.runner; "
            f"print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r})))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []
    helped = subprocess.run([sys.executable, "-m", "perceptron_gui", "--help"], capture_output=True, text=True,
                            timeout=120)
    assert helped.returncode == 0 and "perceptron-gui" in helped.stdout


def test_the_command_lines_grammar_loads_no_exporter_and_no_session():
    # `perceptron-gui run` reads the export's names (figures, frame units) from export/names.py:
    # importing the exporters with their session, frame and psygnal cost every run 40-50 ms.
    code = ("import sys, json; import perceptron_gui.cli, perceptron_gui.cli.run; "
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith(('perceptron_gui.session', "
            "'perceptron_gui.export.source', 'perceptron_gui.render', 'psygnal')))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []
