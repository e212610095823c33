"""Small sessions, huge runs: memory bounded by a budget known before
training, the voted vote capped, run files capped unless asked. Budgets are injected small,
so nothing here depends on the machine's memory or speed."""
from __future__ import annotations

import json

import numpy as np
import pytest

from perceptron_gui.cli import main
from perceptron_gui.core import run_memory as run_mod
from perceptron_gui.core import runio
from perceptron_gui.core.algorithms import REGISTRY, make_algorithm
from perceptron_gui.core.algorithms import _kernels as K
from perceptron_gui.core.algorithms import voted as voted_mod
from perceptron_gui.core.dataset import Dataset, DatasetError
from perceptron_gui.core.io import write_csv
from perceptron_gui.core.run import stop_sentence
from perceptron_gui.core.run_memory import bytes_per_update, memory_budget, record_bytes
from perceptron_gui.session.session import Session
from perceptron_gui.session.session_file import save_session

ALGORITHMS = list(REGISTRY)


def noisy(n: int = 60, seed: int = 1) -> Dataset:
    """Never separable (every tenth label flipped), so every epoch makes updates."""
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, (n, 2))
    y = np.where(X[:, 0] + X[:, 1] > 0, 1.0, -1.0)
    y[::10] *= -1
    return Dataset.from_arrays(X, y, ("x1", "x2"))


def kept_bytes(rec) -> int:
    """What the record's per-update arrays really hold."""
    extras = sum(v.nbytes for v in rec.extras.values()
                 if isinstance(v, np.ndarray) and v.shape[:1] in ((rec.num_updates,), (rec.num_updates + 1,)))
    return rec.weights.nbytes + rec.update_step.nbytes + rec.update_index.nbytes + extras


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_bytes_per_update_covers_what_each_record_keeps(algorithm):
    algo = make_algorithm(algorithm, max_epochs=30)
    data = noisy()
    if REGISTRY[algorithm].boolean_features:  # Winnow: the same points as 0/1, labels kept
        data = Dataset.from_arrays((data.X > 0.0).astype(float), data.y, data.feature_names)
    rec = algo.fit(data)
    D = rec.D
    assert kept_bytes(rec) <= record_bytes(rec.num_updates, 0, D, algo.extra_bytes_per_update)


@pytest.mark.parametrize("algorithm", ["standard", "offset", "pocket", "averaged", "voted"])
def test_a_small_budget_stops_the_run_with_memory_cap(algorithm):
    data = noisy()
    algo = make_algorithm(algorithm, max_epochs=1_000_000)
    budget = 200_000
    rec = algo.fit(data, memory_budget_bytes=budget)
    assert rec.stop_reason == "memory_cap" and rec.extras["cap"] == {"budget": budget}
    E, extra = rec.epochs_run, algo.extra_bytes_per_update
    assert len(rec.epochs) == E and 0 < E < 1_000_000
    assert record_bytes(rec.num_updates, E, rec.D, extra) <= budget
    # it stopped because one more epoch (up to n updates) could have passed the budget
    assert record_bytes(rec.num_updates + data.n, E + 1, rec.D, extra) > budget
    assert kept_bytes(rec) <= budget
    sentence = stop_sentence(rec)
    assert "200 kB memory budget" in sentence and sentence.endswith(".") and sentence.count(". ") == 0


def test_under_its_budget_a_run_is_the_same_as_without_one():
    data = noisy()
    free = make_algorithm("offset", max_epochs=50).fit(data)
    capped = make_algorithm("offset", max_epochs=50).fit(data, memory_budget_bytes=10**9)
    assert capped.stop_reason == free.stop_reason == "max_epochs"
    np.testing.assert_array_equal(capped.weights, free.weights)
    np.testing.assert_array_equal(capped.update_step, free.update_step)
    assert stop_sentence(capped) is None


def test_a_first_epoch_beyond_the_budget_is_refused_with_a_sentence():
    with pytest.raises(DatasetError) as err:
        make_algorithm("offset").fit(noisy(n=1000), memory_budget_bytes=10_000)
    msg = str(err.value)
    assert msg.startswith("One epoch over these 1,000 points") and msg.endswith("use fewer points or features.")


def test_memory_budget_from_the_environment(monkeypatch):
    monkeypatch.setenv(run_mod.MEMORY_BUDGET_ENV, "2.5")
    assert memory_budget() == 2_500_000
    monkeypatch.setenv(run_mod.MEMORY_BUDGET_ENV, "lots")   # unreadable: the default
    assert 0 < memory_budget() <= run_mod.DEFAULT_MEMORY_BUDGET
    monkeypatch.delenv(run_mod.MEMORY_BUDGET_ENV)
    assert 0 < memory_budget() <= run_mod.DEFAULT_MEMORY_BUDGET


# ---- voted ---------------------------------------------------------------------------------------
def test_voted_stops_at_its_largest_vote(monkeypatch):
    monkeypatch.setattr(voted_mod, "VOTE_MAX_VECTORS", 500)
    rec = make_algorithm("voted", max_epochs=1_000_000).fit(noisy())
    assert rec.stop_reason == "vote_cap"
    assert 500 <= rec.num_updates + 1 < 500 + 60  # the epoch that reached it is kept whole
    assert "vote already has" in stop_sentence(rec)


def test_voted_per_epoch_errors_in_one_pass_equal_the_vote_of_each_epoch():
    data = noisy()
    algo = make_algorithm("voted", max_epochs=25)
    rec = algo.fit(data)
    Xa = np.hstack([data.X, np.ones((data.n, 1))])
    for e, row in enumerate(rec.epochs):
        scores = algo._predictor_after_epoch(rec, e, None, {})(Xa)  # the vote, epoch by epoch
        assert row.train_error == float(np.mean(np.where(scores >= 0, 1.0, -1.0) != data.y))


def test_vote_errors_kernel_counts_the_vote_of_every_epoch():
    rng = np.random.default_rng(3)
    X, y = rng.normal(size=(40, 3)), np.where(rng.random(40) < 0.5, 1.0, -1.0)
    W = rng.normal(size=(30, 3))
    steps = np.sort(rng.choice(np.arange(1, 200), 29, replace=False)).astype(np.float64)
    starts = np.concatenate(([0.0], steps))
    t_ends = np.array([50.0, 120.0, 200.0])
    k_ends = np.searchsorted(steps, t_ends - 1, side="right").astype(np.int64)
    got = K.vote_errors_by_epoch(X, y, W, starts, k_ends, t_ends)
    for e, (k, t) in enumerate(zip(k_ends, t_ends)):
        c = np.diff(np.concatenate((starts[: k + 1], [t])))
        scores = K.vote_scores(X, np.ascontiguousarray(W[: k + 1]), c)
        assert got[e] == np.count_nonzero(np.where(scores >= 0, 1.0, -1.0) != y)


def test_vote_kernels_in_blocks_of_points_equal_a_plain_loop():
    # The kernels take the points 256 at a time (vectorised); 600 points make two full blocks
    # and a partial one, with zero counts among the vectors. A plain loop, point by point:
    rng = np.random.default_rng(5)
    X, y = rng.normal(size=(600, 3)), np.where(rng.random(600) < 0.5, 1.0, -1.0)
    W = rng.normal(size=(40, 3))
    c = rng.integers(0, 3, 40).astype(np.float64)

    def vote(x: np.ndarray, k: int, counts: np.ndarray) -> float:
        tot = 0.0
        for j in range(k):
            if counts[j] != 0:
                s = 0.0
                for d in range(3):
                    s += W[j, d] * x[d]
                tot += counts[j] if s >= 0.0 else -counts[j]
        return tot

    assert K.vote_scores(X, W, c).tolist() == [vote(x, 40, c) for x in X]
    starts = np.concatenate(([0.0], np.cumsum(c[:-1])))  # c_k = starts[k+1] − starts[k]
    t_ends = np.array([starts[10] + 1.0, starts[25], starts[39] + 2.0])
    k_ends = np.array([10, 25, 39], dtype=np.int64)
    got = K.vote_errors_by_epoch(X, y, W, starts, k_ends, t_ends)
    for e, (k, t) in enumerate(zip(k_ends, t_ends)):
        counts = np.diff(np.concatenate((starts[: k + 1], [t])))
        wrong = sum((1.0 if vote(x, k + 1, counts) >= 0.0 else -1.0) != yi for x, yi in zip(X, y))
        assert got[e] == wrong


# ---- run files ---------------------------------------------------------------------------------
@pytest.fixture
def small_files(monkeypatch):
    monkeypatch.setattr(runio, "RUN_FILE_MAX_ROWS", 7)


@pytest.mark.parametrize("algorithm", ["offset", "voted"])
def test_run_file_lists_are_capped_unless_full(small_files, tmp_path, algorithm):
    data = noisy(n=20)
    rec = make_algorithm(algorithm, max_epochs=12).fit(data)
    capped = runio.run_to_json_dict(rec, None, data)
    assert len(capped["updates"]) == 7 and len(capped["epochs"]) == 7
    assert capped["truncated"]["updates"] == {"kept": 7, "of": rec.num_updates}
    assert capped["truncated"]["epochs"] == {"kept": 7, "of": 12}
    assert capped["num_updates"] == rec.num_updates and capped["epochs_run"] == 12
    if algorithm == "voted":
        assert len(capped["final"]["voted"]) == 7
        assert capped["truncated"]["voted"] == {"kept": 7, "of": rec.num_updates + 1}
    full = runio.run_to_json_dict(rec, None, data, full=True)
    assert full["truncated"] is None and len(full["updates"]) == rec.num_updates
    for kw, ref in (({}, capped), ({"full": True}, full)):   # the streamed file says the same
        path = tmp_path / "run.json"
        runio.write_run_json(path, rec, None, data, **kw)
        doc = json.loads(path.read_text())
        doc.pop("timing"), ref.pop("timing", None)
        assert doc == json.loads(json.dumps(ref))
    assert "the first 7 of" in runio.run_file_note(rec) and runio.run_file_note(rec, full=True) is None
    csv = runio.updates_csv_text(rec, data, None)
    assert len(csv.splitlines()) == 1 + 7
    assert len(runio.updates_csv_text(rec, data, None, full=True).splitlines()) == 1 + rec.num_updates


def test_cli_run_says_the_file_was_capped_and_full_run_writes_all(small_files, tmp_path, capsys):
    data_path = tmp_path / "d.csv"
    write_csv(noisy(n=20), data_path)
    out, csv = tmp_path / "r.json", tmp_path / "u.csv"
    assert main(["run", str(data_path), "--algorithm", "offset", "--max-epochs", "10",
                 "--out", str(out), "--csv", str(csv)]) == 0
    printed = capsys.readouterr().out
    assert "lists the first 7 of" in printed and "--full-run" in printed
    assert len(json.loads(out.read_text())["updates"]) == 7
    assert main(["run", str(data_path), "--algorithm", "offset", "--max-epochs", "10",
                 "--out", str(out), "--csv", str(csv), "--full-run"]) == 0
    assert "lists the first" not in capsys.readouterr().out
    doc = json.loads(out.read_text())
    assert doc["truncated"] is None and len(doc["updates"]) == doc["num_updates"] > 7


@pytest.mark.parametrize("algorithm,budget_mb,reason", [("offset", "4", "memory_cap"),
                                                         ("voted", "50", "vote_cap")])
def test_the_small_session_with_a_million_epochs_exports_quickly(tmp_path, capsys, monkeypatch,
                                                                 algorithm, budget_mb, reason):
    """The issue's 3.5 KB session (60 points, max_epochs = 1,000,000) through `export`: the
    run stops at its (injected) memory budget, or voted at its largest vote, and the files
    stay small."""
    monkeypatch.setenv(run_mod.MEMORY_BUDGET_ENV, budget_mb)
    s = Session()
    s.load_dataset(noisy(), "noisy 60")
    s.set_algorithm(algorithm)
    s.set_param("max_epochs", 9)        # saved as 1,000,000 below; trains quickly here
    s.wait()
    path = tmp_path / "small.perceptron.json"
    save_session(s, path)
    doc = json.loads(path.read_text())
    doc["params"][algorithm]["max_epochs"] = 1_000_000
    path.write_text(json.dumps(doc))
    assert path.stat().st_size < 8_000
    js, csv, png = tmp_path / "r.json", tmp_path / "u.csv", tmp_path / "c.png"
    code = main(["export", str(path), "--json", str(js), "--csv", str(csv), "--png", str(png)])
    out, err = capsys.readouterr()
    assert code == 0, err
    run = json.loads(js.read_text())
    assert run["params"]["max_epochs"] == 1_000_000 and run["stop_reason"] == reason
    assert 0 < run["epochs_run"] < 1_000_000
    assert js.stat().st_size < 5_000_000 and csv.stat().st_size < 10_000_000 and png.stat().st_size > 0


def test_a_long_run_keeps_at_most_16_bytes_per_update():
    """Issue 9: the record kept every weight vector (8·D + 16 = 40 bytes per update in 2-D with
    the offset); now the step, the example's index and a checkpoint every C updates."""
    assert bytes_per_update(3) <= 16 and bytes_per_update(785) <= 16
    rng = np.random.default_rng(4)
    X = rng.uniform(-1, 1, (2_000, 2))
    y = np.where(X[:, 0] - 0.5 * X[:, 1] > 0, 1.0, -1.0)
    y[::20] *= -1  # 5 % label noise: updates every epoch
    rec = make_algorithm("offset", max_epochs=20).fit(Dataset.from_arrays(X, y, ("x1", "x2")))
    assert rec.num_updates > 2_000
    assert kept_bytes(rec) / rec.num_updates <= 16
