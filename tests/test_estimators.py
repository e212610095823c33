"""perceptron_gui.estimators: the same run as ``perceptron-gui run``, any two
labels, the algorithm's own predictions, the protocol by hand without scikit-learn, no Qt, and
the README's Pipeline example run as written."""
from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

# Imported while collecting, not inside a test: importing scikit-learn sets KMP_* variables in
# os.environ, which the conftest's leak check would blame on whichever test imported it first
# (the estimators themselves no longer import it).
import sklearn  # noqa: F401

from perceptron_gui.cli import main
from perceptron_gui.core.algorithms import REGISTRY, make_algorithm, predict_scores, voted_scores
from perceptron_gui.core.algorithms.kernel import kernel_scorer
from perceptron_gui.core.io import read_csv, write_csv
from perceptron_gui.core.presets import random_noisy
from perceptron_gui.core.runio import read_run_json
from perceptron_gui.estimators import ESTIMATORS, KernelPerceptron, OffsetPerceptron, VotedPerceptron

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def noisy(tmp_path: Path) -> Path:
    path = tmp_path / "noisy.csv"
    write_csv(random_noisy(60, 0.1, seed=5), path)
    return path


# Winnow takes Boolean points only: the same checks on its data are in tests/core/test_winnow.py.
REAL_DATA = [name for name, cls in REGISTRY.items() if not cls.boolean_features]


@pytest.mark.parametrize("algorithm", REAL_DATA)
def test_coef_is_the_command_lines_final_weights(capsys, tmp_path, noisy, algorithm):
    out = tmp_path / "run.json"
    assert main(["run", str(noisy), "--algorithm", algorithm, "--max-epochs", "7", "--out", str(out)]) == 0
    capsys.readouterr()
    d = read_run_json(out)
    train = read_csv(noisy)
    est = ESTIMATORS[algorithm](max_epochs=7).fit(train.X, train.y)
    assert est.coef_.shape == (1, 2) and est.intercept_.shape == (1,)
    if algorithm == "kernel":  # poly: no w, but the same α
        assert est.run_.extras["alpha"].tolist() == d["final"]["alpha"]
    else:
        assert est.coef_[0].tolist() == d["final"]["w"]
    assert est.intercept_[0] == d["final"]["b"]
    assert (est.n_iter_, est.t_) == (d["epochs_run"], len(d["updates"]))
    assert est.run_.params == d["params"]
    assert est.classes_.tolist() == [-1.0, 1.0]


@pytest.mark.parametrize("algorithm", REAL_DATA)
def test_any_two_labels_train_the_same_run(algorithm):
    data = random_noisy(40, 0.1, seed=2)
    names = np.where(data.y > 0, "yes", "no")  # "no" < "yes": classes_[0] is −1
    a = ESTIMATORS[algorithm](max_epochs=5).fit(data.X, data.y)
    b = ESTIMATORS[algorithm](max_epochs=5).fit(data.X, names)
    assert b.classes_.tolist() == ["no", "yes"]
    np.testing.assert_array_equal(a.coef_, b.coef_)
    np.testing.assert_array_equal(a.run_.update_index, b.run_.update_index)
    assert (b.predict(data.X) == np.where(a.predict(data.X) > 0, "yes", "no")).all()


def test_predictions_are_the_algorithms_own_output():
    data = random_noisy(50, 0.15, seed=4)
    voted = VotedPerceptron(max_epochs=6).fit(data.X, data.y)
    np.testing.assert_array_equal(voted.decision_function(data.X), voted_scores(voted.run_, data.X))
    # The vote is not the last vector's sign on this noisy set: the estimator must not use coef_.
    last = np.where(predict_scores(data.X, voted.coef_[0], voted.intercept_[0]) >= 0, 1.0, -1.0)
    assert (voted.predict(data.X) != last).any()
    kern = KernelPerceptron(kernel="rbf", max_epochs=4).fit(data.X, data.y)
    np.testing.assert_array_equal(kern.decision_function(data.X), kernel_scorer(kern.run_, kern.run_.num_updates)(data.X))
    rec = make_algorithm("averaged", max_epochs=6).fit(data)
    avg = ESTIMATORS["averaged"](max_epochs=6).fit(data.X, data.y)
    np.testing.assert_array_equal(avg.decision_function(data.X), predict_scores(data.X, rec.final_w, rec.final_b))


def test_a_score_of_zero_is_the_second_class():
    # Through the origin, w·0 = 0 for any w: sign(0) = +1 is classes_[1], as in the notes.
    X = np.array([[1.0, 0.0], [-1.0, 0.0]])
    est = ESTIMATORS["standard"]().fit(X, np.array(["a", "b"]))
    assert est.decision_function(np.zeros((1, 2)))[0] == 0.0
    assert est.predict(np.zeros((1, 2))).tolist() == ["b"]


@pytest.mark.parametrize("y, words", [([3, 3, 3], "only one class")])
def test_one_label_is_one_sentence(y, words):
    with pytest.raises(ValueError, match=words) as err:
        OffsetPerceptron().fit(np.eye(3), y)
    assert str(err.value).count(". ") == 0 and str(err.value).endswith(".")


def test_parameters_are_keyword_only_and_checked_by_the_algorithm():
    with pytest.raises(TypeError):
        OffsetPerceptron(10)  # type: ignore[misc]
    with pytest.raises(TypeError, match="no parameter max_epoch"):
        OffsetPerceptron(max_epoch=10)
    est = OffsetPerceptron().set_params(max_epochs=0)
    with pytest.raises(ValueError, match="Max epochs must be between 1"):
        est.fit(np.eye(2), [0, 1])
    assert VotedPerceptron(max_epochs=3).get_params()["max_epochs"] == 3
    assert "offset" not in ESTIMATORS["standard"]().get_params()  # the standard one has no b


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)


BLOCK = """
    import importlib.abc, sys
    BLOCKED = {blocked!r}
    class Block(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in BLOCKED:
                raise ImportError(name + " is blocked")
            return None
    sys.meta_path.insert(0, Block())
"""


def test_without_sklearn_every_estimator_works():
    # The protocol is written by hand (estimators._protocol): with scikit-learn unimportable every
    # estimator fits, predicts, scores, clones through get_params and says its repr.
    proc = _run(BLOCK.format(blocked=("sklearn", "scipy")) + """
    import numpy as np
    from perceptron_gui.core.algorithms import REGISTRY
    from perceptron_gui.estimators import ESTIMATORS, VotedPerceptron, _protocol as proto
    real = np.array([[0.0, 1.0], [1.0, 2.0], [3.0, 0.5], [4.0, 1.0]]); y = ["b", "b", "a", "a"]
    boolean = np.array([[0.0, 1.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])  # Winnow's kind
    for cls in ESTIMATORS.values():
        X = boolean if REGISTRY[cls._algorithm].boolean_features else real
        est = cls(max_epochs=3)
        try:
            est.predict(X)
        except proto.NotFittedError as err:
            assert isinstance(err, ValueError) and isinstance(err, AttributeError) and "fit(X, y)" in str(err)
        else:
            raise AssertionError("predict before fit")
        assert est.fit(X, y) is est and est.predict(X).shape == (4,) and 0.0 <= est.score(X, y) <= 1.0
        assert est.n_features_in_ == 2 and est.classes_.tolist() == ["a", "b"]
        assert est.decision_function(X).shape == (4,) and est.__sklearn_is_fitted__()
        assert repr(est) == f"{cls.__name__}(max_epochs=3)"
        twin = cls(**est.get_params()).set_params(max_epochs=5)
        assert twin.get_params()["max_epochs"] == 5 and est.max_epochs == 3
    X = real
    est = VotedPerceptron(max_epochs=3).fit(X, y)
    assert est.score(X, y) == 1.0 and est.predict(X).tolist() == y
    for bad, words in ((X[:, :1], "expecting 2 features"), (X[0], "Reshape your data"), ([[np.nan, 1.0]], "NaN")):
        try:
            est.predict(bad)
        except ValueError as err:
            assert words in str(err), str(err)
        else:
            raise AssertionError(words)
    for y_bad, words in ((["a"] * 4, "only one class"), (None, "requires y")):
        try:
            VotedPerceptron().fit(X, y_bad)
        except ValueError as err:
            assert words in str(err), str(err)
        else:
            raise AssertionError(words)
    leaked = sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED)
    assert not leaked, leaked
    print("ok")
    """)
    assert proc.returncode == 0 and proc.stdout.strip() == "ok", proc.stderr


def test_with_sklearn_they_are_sklearn_estimators():
    from sklearn.base import clone, is_classifier
    from sklearn.exceptions import NotFittedError
    from sklearn.model_selection import GridSearchCV
    from sklearn.pipeline import Pipeline
    from sklearn.preprocessing import StandardScaler
    from sklearn.utils.validation import check_is_fitted

    data = random_noisy(60, 0.1, seed=3)
    est = VotedPerceptron(max_epochs=4)
    assert is_classifier(est) and clone(est).get_params() == est.get_params()
    with pytest.raises(NotFittedError, match="fit"):  # scikit-learn's class, as it is loaded
        est.predict(data.X)
    with pytest.raises(NotFittedError):
        check_is_fitted(est)
    model = Pipeline([("scale", StandardScaler()), ("voted", est)]).fit(data.X, data.y)
    check_is_fitted(model["voted"])
    assert model.score(data.X, data.y) >= 0.8
    search = GridSearchCV(OffsetPerceptron(), {"max_epochs": [1, 5], "shuffle": [False, True]}, cv=3)
    search.fit(data.X, data.y)
    assert search.best_params_["max_epochs"] in (1, 5) and len(search.cv_results_["params"]) == 4
    assert search.best_estimator_ is not search.estimator and search.predict(data.X).shape == (60,)


def test_importing_and_fitting_loads_no_qt():
    qt = ("PySide6", "shiboken6", "pyqtgraph", "PyQt5", "PyQt6", "PySide2")
    proc = _run(BLOCK.format(blocked=qt) + """
    import numpy as np
    from perceptron_gui.core.algorithms import REGISTRY
    from perceptron_gui.estimators import ESTIMATORS
    real = np.array([[0.0, 1.0], [1.0, 2.0], [3.0, 0.5], [4.0, 1.0]])
    boolean = np.array([[0.0, 1.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
    for cls in ESTIMATORS.values():
        X = boolean if REGISTRY[cls._algorithm].boolean_features else real
        cls(max_epochs=3).fit(X, [0, 0, 1, 1]).predict(X)
    leaked = sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED)
    assert not leaked, leaked
    print("ok")
    """)
    assert proc.returncode == 0 and proc.stdout.strip() == "ok", proc.stderr


def _readme_example() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## From Python: scikit-learn estimators", 1)[1].split("\n## ", 1)[0]
    match = re.search(r"```python\n(.*?)```", section, re.S)
    assert match is not None
    return match.group(1)


def test_the_readme_pipeline_example_runs_as_written(capsys):
    code = _readme_example()
    assert len([line for line in code.splitlines() if line.strip()]) <= 10
    assert "Pipeline" in code and "StandardScaler" in code and "VotedPerceptron" in code
    namespace: dict[str, object] = {}
    exec(compile(code, "README.md", "exec"), namespace)  # noqa: S102 - the README's own example
    score, updates, word = capsys.readouterr().out.split()
    assert float(score) >= 0.95 and int(updates) > 0 and word == "updates"
    model = namespace["model"]
    assert model["voted"].classes_.tolist() == ["no", "yes"]  # type: ignore[index]


def test_a_run_cut_short_by_its_memory_budget_warns_with_the_sentence(monkeypatch):
    monkeypatch.setenv("PERCEPTRON_GUI_MEMORY_BUDGET_MB", "0.005")
    data = random_noisy(60, 0.2, seed=1)
    with pytest.warns(RuntimeWarning, match="memory budget"):
        est = VotedPerceptron(max_epochs=50).fit(data.X, data.y)
    assert est.run_.stop_reason == "memory_cap" and 0 < est.n_iter_ < 50
