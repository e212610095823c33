"""The code ``bench_first_run.py`` runs in its fresh processes (Python as text for ``python -c``,
and the C loop), kept apart so the benchmark itself reads as what it measures."""
from __future__ import annotations

# scikit-learn's fit in its own process; also the "5-line script" of row 6 (its wall time is the process's).
SKLEARN = """
import json, sys, time, numpy as np
from sklearn.linear_model import Perceptron
data = np.loadtxt(sys.argv[1], delimiter=",", skiprows=1)
t0 = time.perf_counter()
clf = Perceptron(penalty=None, alpha=0, fit_intercept=sys.argv[2] == "1", max_iter=int(sys.argv[3]), tol=None,
                 shuffle=False, eta0=1.0).fit(data[:, :-1], data[:, -1])
print(json.dumps({"fit_s": time.perf_counter() - t0, "w": clf.coef_.ravel().tolist() + [float(clf.intercept_[0])]}))
"""
# Row 3 and 4: four fits in one process, then the record's arrays, found without knowing its layout.
FOUR_FITS = """
import json, resource, sys, time, tracemalloc, numpy as np
from perceptron_gui.core.algorithms import make_algorithm, warm_up
from perceptron_gui.core.io import read_csv

def arrays(obj, path, seen, depth=0):
    # Every ndarray reachable through attributes, dicts, lists and tuples, each once, with its path.
    if depth > 4 or id(obj) in seen:
        return
    seen.add(id(obj))
    if isinstance(obj, np.ndarray):
        root = obj
        while isinstance(root.base, np.ndarray):
            root = root.base
        yield {"path": path, "shape": list(obj.shape), "dtype": str(obj.dtype), "nbytes": obj.nbytes,
               "root": id(root), "root_nbytes": root.nbytes, "root_rows": root.shape[0] if root.ndim else 0}
        return
    kids = list(obj.items()) if isinstance(obj, dict) else list(enumerate(obj)) if isinstance(obj, (list, tuple)) else []
    kids += list(getattr(obj, "__dict__", {}).items())
    kids += [(s, getattr(obj, s)) for s in getattr(type(obj), "__slots__", ()) if hasattr(obj, s)]
    for name, kid in kids:
        yield from arrays(kid, f"{path}.{name}", seen, depth + 1)

data = read_csv(sys.argv[1])
warm_up()
train, fit, faults, found, K, n = [], [], [], [], 0, 0
rec = None
for i in range(4):
    if sys.argv[3:] == ["drop"]:  # let the previous record go before the next fit
        rec = None
    f0 = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    t0 = time.perf_counter()
    rec = make_algorithm("offset", max_epochs=int(sys.argv[2])).fit(data)
    fit.append(time.perf_counter() - t0)
    faults.append(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - f0)
    train.append(rec.train_seconds)
    if i == 0:
        found, K, n = list(arrays(rec, "rec", set())), rec.num_updates, rec.n
tracemalloc.start()
make_algorithm("offset", max_epochs=int(sys.argv[2])).fit(data)
peak = tracemalloc.get_traced_memory()[1]
def root_id(a):
    while isinstance(a.base, np.ndarray):
        a = a.base
    return id(a)
# The data set's own arrays, which the record refers to (it needs x_i to rebuild w_k) without a copy.
given = [root_id(data.X), root_id(data.y)]
print(json.dumps({"train": train, "fit": fit, "faults": faults, "arrays": found, "K": K, "n": n, "peak": peak,
                  "given": given}))
"""
# Where the first fit's time goes: fresh pages cost a fault on their first write, not on np.empty.
FIRST_TOUCH = """
import json, resource, sys, time, numpy as np
flt = lambda: resource.getrusage(resource.RUSAGE_SELF).ru_minflt
t0 = time.perf_counter(); a = np.empty(int(sys.argv[1]), dtype=np.uint8); t1 = time.perf_counter()
f1 = flt(); a.fill(1); t2 = time.perf_counter(); f2 = flt(); a.fill(2); t3 = time.perf_counter()
print(json.dumps({"empty": t1 - t0, "first": t2 - t1, "second": t3 - t2, "faults": f2 - f1}))
"""
# Where the whole `run` goes: its stages timed by wrappers put where `run` looks them up (an absent one reads 0).
WHOLE_RUN = """
import time
born = time.time()
import contextlib, importlib, io, json, sys
t0 = time.perf_counter()
from perceptron_gui.cli import main
from perceptron_gui.core.algorithms import Perceptron
t_import = time.perf_counter() - t0
spent = {}
def timed(name, fn):
    def wrapper(*a, **k):
        t = time.perf_counter()
        try:
            return fn(*a, **k)
        finally:
            spent[name] = spent.get(name, 0.0) + time.perf_counter() - t
    return wrapper
for owner, attr in STAGES:
    obj = Perceptron if owner == "Perceptron" else importlib.import_module(owner)
    if hasattr(obj, attr):
        setattr(obj, attr, timed(attr, getattr(obj, attr)))
with contextlib.redirect_stdout(io.StringIO()):
    t1 = time.perf_counter()
    main(["run", sys.argv[1], "--algorithm", "offset", "--max-epochs", sys.argv[2]])
    t_main = time.perf_counter() - t1
print(json.dumps({"born": born, "imports": t_import, "main": t_main, **{a: spent.get(a, 0.0) for _, a in STAGES},
                  "done": time.time()}))
"""
STAGES = (("perceptron_gui.core.io", "read_csv"), ("perceptron_gui.core.algorithms", "warm_up"), ("Perceptron", "fit"),
          ("perceptron_gui.cli.run", "_theory"), ("perceptron_gui.cli.run", "print_epoch_table"),
          ("perceptron_gui.cli.run", "print_summary"))
READ = {"read_csv": "from perceptron_gui.core.io import read_csv as read",
        "np.loadtxt": "import numpy as np\ndef read(p): return np.loadtxt(p, delimiter=',', skiprows=1)"}
READ_TAIL = "\nimport sys, time\nt0 = time.perf_counter(); read(sys.argv[1]); print(time.perf_counter() - t0)\n"
C_LOOP = r"""
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
int main(int argc, char **argv) {
    long n = atol(argv[2]), d = atol(argv[3]), E = atol(argv[4]);
    double *X = malloc(sizeof(double) * n * d), *y = malloc(sizeof(double) * n), *w = calloc(d, sizeof(double));
    FILE *f = fopen(argv[1], "rb");
    if (!f || fread(X, sizeof(double), n * d, f) != (size_t)(n * d) || fread(y, sizeof(double), n, f) != (size_t)n) return 1;
    struct timespec t0, t1;
    long K = 0, e;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (e = 0; e < E; e++) {
        long k0 = K;
        for (long i = 0; i < n; i++) {
            const double *x = X + i * d;
            double s = 0.0;
            for (long j = 0; j < d; j++) s += w[j] * x[j];
            if (y[i] * s <= 0.0) { for (long j = 0; j < d; j++) w[j] += y[i] * x[j]; K++; }
        }
        if (K == k0) { e++; break; }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("%.9f %ld %ld", (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec), K, e);
    for (long j = 0; j < d; j++) printf(" %a", w[j]);
    printf("\n");
    return 0;
}
"""
