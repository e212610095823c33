"""Issue 9's table, as a user meets it: every measurement in a fresh Python process.

Data: n = 10⁶ points uniform in [-1, 1]², labels sign(0.6·x1 − 0.8·x2 + 0.1) with 5 % flipped
(seed 0), written once to a temporary CSV (and, for the C loop, a raw binary file). Rows:

1. offset perceptron, 10 epochs: ``timing.train_s`` of ``perceptron-gui run --out`` against
   scikit-learn's ``Perceptron.fit`` (the settings PLATFORM.md gives for the same updates), target ≤ 0.5×;
2. standard perceptron: ``timing.train_s`` against a plain C loop (``cc -O2``), target ≤ 3×;
3. one process, the same offset fit four times in a row: the four ``train_seconds``;
4. bytes per update of that run record (every numpy array reachable from it, counted once, but for the
   data set's own X and y, which it refers to without a copy), ≤ 16;
5. ``read_csv`` of the file against ``np.loadtxt``, target ≤ 0.5 s;
6. the whole ``perceptron-gui run`` (no ``--out``) against a 5-line ``np.loadtxt`` + scikit-learn
   script: wall time (target ≤ 0.8×) and peak RSS (target ≤ 250 MB).

Then where the first fit's time goes: minor page faults per fit, np.empty + first write of as
many bytes as fit() allocates at its peak against a second write, and the four fits again with
each record dropped before the next one; and the whole run of row 6 split into its stages.

Medians of 5 processes (``--quick``: 1 process each and n = 10⁵, a smoke test of ~30 s). Final
weights are checked against scikit-learn and the C loop bit for bit. Nothing is written into
the checkout. Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python tests/benchmarks/bench_first_run.py``.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
from first_run_children import C_LOOP, FIRST_TOUCH, FOUR_FITS, READ, READ_TAIL, SKLEARN, STAGES, WHOLE_RUN

EPOCHS = 10
NOISE = 0.05
PY = [sys.executable, "-W", "ignore"]  # scikit-learn warns at tol=None; the warning is not the figure


def make_data(n: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1.0, 1.0, size=(n, 2))
    y = np.where(X @ np.array([0.6, -0.8]) + 0.1 >= 0.0, 1.0, -1.0)
    y[rng.random(n) < NOISE] *= -1.0
    return X, y


def cli() -> list[str]:
    script = Path(sys.executable).with_name("perceptron-gui")
    return [str(script)] if script.exists() else [sys.executable, "-m", "perceptron_gui"]


def timed_process(cmd: list[str], tmp: Path) -> tuple[float, float, str]:
    """(wall seconds, peak RSS in MB, stdout) of one fresh process."""
    if Path("/usr/bin/time").exists():
        tfile = tmp / "time.txt"
        t0 = time.perf_counter()
        r = subprocess.run(["/usr/bin/time", "-v", "-o", str(tfile), *cmd], capture_output=True, text=True, check=True)
        wall = time.perf_counter() - t0
        kb = next(int(line.split(":")[1]) for line in tfile.read_text().splitlines() if "Maximum resident" in line)
        return wall, kb / 1024, r.stdout
    # No GNU time: a wrapper process whose only child is cmd, so RUSAGE_CHILDREN is that child's peak.
    wrap = ("import resource, subprocess, sys, time; t = time.perf_counter(); "
            "r = subprocess.run(sys.argv[1:], capture_output=True, text=True, check=True); "
            "print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss); print(r.stdout, end='')")
    out = subprocess.run([sys.executable, "-c", wrap, *cmd], capture_output=True, text=True, check=True).stdout
    head, _, rest = out.partition("\n")
    wall, kb = head.split()
    return float(wall), int(kb) / 1024, rest


def run_py(code: str, *args: object) -> str:
    return subprocess.run([*PY, "-c", code, *map(str, args)], capture_output=True, text=True, check=True).stdout


def ours(csv: Path, algorithm: str, tmp: Path) -> dict[str, Any]:
    out = tmp / "run.json"
    subprocess.run([*cli(), "run", str(csv), "--algorithm", algorithm, "--max-epochs", str(EPOCHS), "--out", str(out)],
                   capture_output=True, text=True, check=True)
    doc = json.loads(out.read_text())
    w = doc["final"]["w"] + ([doc["final"]["b"]] if doc["offset"] else [])
    return {"train_s": doc["timing"]["train_s"], "w": w, "K": doc["num_updates"], "E": doc["epochs_run"]}


def bitwise(a: list[float], b: list[float]) -> str:
    x, z = np.array(a, dtype=np.float64), np.array(b, dtype=np.float64)
    if x.shape == z.shape and np.array_equal(x.view(np.int64), z.view(np.int64)):
        return "weights equal bit for bit"
    return f"WEIGHTS DIFFER: {x.tolist()} vs {z.tolist()}"


def code_state() -> str:
    """Which code was measured: HEAD, and whether the package had uncommitted edits."""
    root = Path(__file__).resolve().parents[2]
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "perceptron_gui"], cwd=root, capture_output=True,
                               text=True).stdout.strip()
    except OSError:
        return "code: not a git checkout"
    return f"code: {head or '?'}" + (" with uncommitted edits in perceptron_gui/" if dirty else "")


def med(v: list[float]) -> float:
    return statistics.median(v)


def ms(s: float) -> str:
    return f"{s * 1e3:.0f} ms"


class Table:
    def __init__(self) -> None:
        self.rows: list[tuple[str, str, str, str, str]] = []

    def add(self, what: str, now: str, ref: str, ratio: str, target: str, note: str = "") -> None:
        self.rows.append((what, now, ref, ratio, target))
        print(f"  {what}: {now} | reference {ref} | {ratio} | target {target}" + (f"  ({note})" if note else ""), flush=True)

    def skip(self, what: str, sentence: str) -> None:
        self.rows.append((what, "skipped", "-", "-", sentence))
        print(f"  {what}: skipped. {sentence}", flush=True)

    def markdown(self) -> str:
        lines = ["| what | now | reference | ratio | target |", "|---|---|---|---|---|"]
        return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in self.rows])


def verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def row_sklearn_and_whole(csv: Path, tmp: Path, reps: int, table: Table, has_sklearn: bool) -> None:
    """Rows 1 and 6; ours and scikit-learn's processes alternate, so a busy machine slows both alike."""
    train, wall, rss, sk_fit, sk_wall, sk_rss, checks = [], [], [], [], [], [], set()
    for _ in range(reps):
        o = ours(csv, "offset", tmp)
        train.append(o["train_s"])
        w, r, _ = timed_process([*cli(), "run", str(csv), "--algorithm", "offset", "--max-epochs", str(EPOCHS)], tmp)
        wall.append(w)
        rss.append(r)
        if has_sklearn:
            w, r, out = timed_process([*PY, "-c", SKLEARN, str(csv), "1", str(o["E"])], tmp)
            sk = json.loads(out)
            sk_fit.append(sk["fit_s"])
            sk_wall.append(w)
            sk_rss.append(r)
            checks.add(bitwise(o["w"], sk["w"]))
    what1 = f"1. offset, {EPOCHS} epochs ({o['K']:,} updates): train_s vs scikit-learn fit"
    what6 = "6. whole `perceptron-gui run` vs np.loadtxt + scikit-learn script"
    if not has_sklearn:
        table.skip(what1, "scikit-learn is not installed (.venv/bin/pip install scikit-learn).")
        table.add(what6, f"{med(wall):.2f} s, peak {med(rss):.0f} MB", "-", "-", "≤ 0.8×, peak ≤ 250 MB")
        return
    r1 = med(train) / med(sk_fit)
    table.add(what1, ms(med(train)), ms(med(sk_fit)), f"**{r1:.2f}×** ({verdict(r1 <= 0.5)})", "≤ 0.5×", "; ".join(checks))
    r6 = med(wall) / med(sk_wall)
    table.add(what6, f"{med(wall):.2f} s, peak {med(rss):.0f} MB", f"{med(sk_wall):.2f} s, peak {med(sk_rss):.0f} MB",
              f"**{r6:.2f}×** ({verdict(r6 <= 0.8)}); peak {verdict(med(rss) <= 250)}", "≤ 0.8×, peak ≤ 250 MB")


def row_c_loop(csv: Path, X: np.ndarray, y: np.ndarray, tmp: Path, reps: int, table: Table) -> None:
    what = f"2. standard, {EPOCHS} epochs: train_s vs a C loop (cc -O2)"
    cc = shutil.which("cc")
    if cc is None:
        table.skip(what, "There is no C compiler (cc) on this machine, so the C loop is not measured.")
        return
    (tmp / "loop.c").write_text(C_LOOP)
    # -ffp-contract=off: no fused multiply-add, so the C loop rounds exactly as ours does.
    subprocess.run([cc, "-O2", "-ffp-contract=off", "-o", str(tmp / "loop"), str(tmp / "loop.c")], check=True)
    raw = tmp / "data.bin"
    with raw.open("wb") as fh:
        fh.write(np.ascontiguousarray(X, dtype=np.float64).tobytes())
        fh.write(np.ascontiguousarray(y, dtype=np.float64).tobytes())
    train, c_s, checks = [], [], set()
    for _ in range(reps):
        o = ours(csv, "standard", tmp)
        train.append(o["train_s"])
        out = subprocess.run([str(tmp / "loop"), str(raw), str(X.shape[0]), str(X.shape[1]), str(EPOCHS)],
                             capture_output=True, text=True, check=True).stdout.split()
        c_s.append(float(out[0]))
        checks.add(bitwise(o["w"], [float.fromhex(v) for v in out[3:]]))
        if int(out[1]) != o["K"]:
            checks.add(f"UPDATES DIFFER: {o['K']} vs {out[1]}")
    r = med(train) / med(c_s)
    table.add(what, ms(med(train)), ms(med(c_s)), f"**{r:.2f}×** ({verdict(r <= 3)})", "≤ 3×", "; ".join(checks))


def rows_four_fits(csv: Path, reps: int, table: Table) -> dict[str, Any]:
    runs = [json.loads(run_py(FOUR_FITS, csv, EPOCHS)) for _ in range(reps)]
    fits = [med([r["train"][i] for r in runs]) for i in range(4)]
    whole = [med([r["fit"][i] for r in runs]) for i in range(4)]
    table.add("3. one process, the same offset fit four times: train_s", ", ".join(ms(t) for t in fits),
              "the fourth", f"first/fourth **{fits[0] / fits[3]:.2f}×**", "first as fast as the fourth",
              "whole fit(): " + ", ".join(ms(t) for t in whole) + "; minor page faults: "
              + ", ".join(f"{med([r['faults'][i] for r in runs]):.0f}" for i in range(4)))
    r0 = runs[0]
    K = max(r0["K"], 1)
    by_root: dict[int, list[dict[str, Any]]] = {}
    for a in r0["arrays"]:
        by_root.setdefault(a["root"], []).append(a)
    # Views of one buffer count once (at most the buffer); "held" is the whole buffers they keep alive.
    used = {r: min(sum(a["nbytes"] for a in v), v[0]["root_nbytes"]) for r, v in by_root.items()}
    held = sum(v[0]["root_nbytes"] for v in by_root.values())
    # The data set's own X and y, reached through the record (w_k is rebuilt from x_i) but not
    # copied by it: the bytes the record adds per update are the rest.
    given = sum(b for r, b in used.items() if r in r0["given"])
    own = (sum(used.values()) - given) / K
    table.add("4. run record bytes per update (its own arrays; the data set's X and y it refers to apart)",
              f"{own:.1f} B ({(sum(used.values()) - given) / 1e6:.1f} MB)", "16 B",
              f"**{own / 16:.2f}×** ({verdict(own <= 16)})", "≤ 16 B/update, O(1) w_k",
              f"{sum(used.values()) / K:.1f} B counting the data set's X and y too ({given / 1e6:.1f} MB, not copied); "
              f"{held / K:.1f} B counting the whole buffers its views keep alive (their untouched tails take no memory)")
    for a in r0["arrays"]:
        print(f"      {a['path']}: {a['dtype']} {tuple(a['shape'])} {a['nbytes'] / 1e6:.2f} MB"
              + (f" (a view of a {a['root_nbytes'] / 1e6:.2f} MB buffer)" if a["root_nbytes"] != a["nbytes"] else ""))
    return {"first": fits[0], "fourth": fits[3], "peak": med([r["peak"] for r in runs])}


def row_read(csv: Path, reps: int, table: Table) -> None:
    times: dict[str, list[float]] = {k: [] for k in READ}
    for _ in range(reps):
        for name, code in READ.items():
            times[name].append(float(run_py(code + READ_TAIL, csv)))
    ours_s, np_s = med(times["read_csv"]), med(times["np.loadtxt"])
    size = csv.stat().st_size / 1e6
    table.add(f"5. reading the CSV ({size:.0f} MB): read_csv vs np.loadtxt", f"{ours_s:.2f} s", f"{np_s:.2f} s",
              f"{ours_s / np_s:.2f}× ({verdict(ours_s <= 0.5)})", "≤ 0.5 s")


def first_touch(csv: Path, fits: dict[str, Any], reps: int) -> None:
    """Say how much of the first fit fresh memory can explain: np.empty + first write of as many
    bytes as fit() allocates at its peak (tracemalloc), against a second write of the same pages."""
    runs = [json.loads(run_py(FIRST_TOUCH, int(fits["peak"]))) for _ in range(reps)]
    drop = [json.loads(run_py(FOUR_FITS, csv, EPOCHS, "drop")) for _ in range(reps)]
    dropped = ", ".join(ms(med([r["train"][i] for r in drop])) for i in range(4))
    dflt = ", ".join(f"{med([r['faults'][i] for r in drop]):.0f}" for i in range(4))
    e, f, s, flt = (med([r[k] for r in runs]) for k in ("empty", "first", "second", "faults"))
    print(f"\nWhere the first fit's time goes: fit() allocates {fits['peak'] / 1e6:.0f} MB at its peak (tracemalloc). "
          f"In a fresh process, np.empty of that many bytes takes {ms(e)}, the first write {ms(f)} ({flt:.0f} page faults), "
          f"a second write {ms(s)}. First fit's train_s {ms(fits['first'])} against the fourth's {ms(fits['fourth'])}: "
          f"a difference of {ms(fits['first'] - fits['fourth'])}. "
          f"With each record dropped before the next fit (rec = None), the four train_s are {dropped} "
          f"({dflt} minor page faults).", flush=True)


def whole_run(csv: Path, tmp: Path, reps: int) -> None:
    """Split the whole `perceptron-gui run` of row 6 into interpreter start, imports and its stages."""
    runs = []
    for _ in range(reps):
        code = f"STAGES = {STAGES!r}" + WHOLE_RUN
        t0 = time.time()
        wall, _, out = timed_process([*PY, "-c", code, str(csv), str(EPOCHS)], tmp)
        r = json.loads(out)
        runs.append({**r, "wall": wall, "start": r["born"] - t0, "exit": time.time() - r["done"]})
    m = {k: med([r[k] for r in runs]) for k in runs[0]}
    # warm_up runs on a thread of its own beside read_csv: its time overlaps, and what the main
    # thread waits for it at the end is in "the rest".
    rest = m["main"] - sum(m[k] for _, k in STAGES if k != "warm_up")
    parts = [f"interpreter start {ms(m['start'])}", f"imports {ms(m['imports'])}"]
    parts += [f"{k} {ms(m[k])}" + (" (on a thread, beside read_csv)" if k == "warm_up" else "") for _, k in STAGES]
    parts += [f"the rest of main() {ms(rest)}",
                                                        f"interpreter exit after main() {ms(m['exit'])}"]
    print(f"\nWhere the whole run of row 6 goes ({ms(m['wall'])} with the stages timed): " + ", ".join(parts) + ".", flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="1 process per measurement and n = 10^5 (a smoke test)")
    ns = ap.parse_args(argv)
    n, reps = (10**5, 1) if ns.quick else (10**6, 5)
    try:
        import sklearn  # noqa: F401 - only asked whether it is there; it runs in its own processes
        has_sklearn = True
    except ImportError:
        has_sklearn = False
    t_start = time.perf_counter()
    print(f"bench_first_run: n = {n:,}, 2-D, {NOISE:.0%} label noise, {EPOCHS} epochs in file order; every figure from "
          f"fresh processes, median of {reps}; {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}; "
          f"{code_state()}", flush=True)
    tmp = Path(tempfile.mkdtemp(prefix="bench-first-run-"))
    try:
        X, y = make_data(n)
        csv = tmp / "data.csv"
        header = "x1,x2,y"
        # %.17g reads back as the same doubles, so the C loop's binary copy holds the numbers ours reads.
        np.savetxt(csv, np.column_stack([X, y]), fmt=["%.17g", "%.17g", "%d"], delimiter=",", header=header, comments="")
        if not np.array_equal(np.loadtxt(csv, delimiter=",", skiprows=1), np.column_stack([X, y])):
            print("The CSV does not read back as the numbers written; the bit-for-bit checks would mean nothing.")
            return 1
        table = Table()
        row_sklearn_and_whole(csv, tmp, reps, table, has_sklearn)
        row_c_loop(csv, X, y, tmp, reps, table)
        fits = rows_four_fits(csv, reps, table)
        row_read(csv, reps, table)
        first_touch(csv, fits, reps)
        whole_run(csv, tmp, reps)
        table.rows.sort(key=lambda r: r[0])
        print(f"\nMarkdown (n = {n:,}, median of {reps} fresh processes; load average now {os.getloadavg()[0]:.1f}):\n")
        print(table.markdown())
    except subprocess.CalledProcessError as exc:
        print(f"A measured process failed (exit {exc.returncode}): {' '.join(map(str, exc.cmd))[:200]}\n{exc.stderr}")
        return 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"\nbench_first_run took {time.perf_counter() - t_start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
