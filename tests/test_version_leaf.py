"""One source for the version, in a leaf module; the licence as an SPDX expression; the base
estimator refuses to be made."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import perceptron_gui
from perceptron_gui import version as _version

ROOT = Path(perceptron_gui.__file__).parent


def test_the_version_module_imports_nothing_and_the_root_gives_the_same() -> None:
    tree = ast.parse((ROOT / "version.py").read_text(encoding="utf-8"))
    assert not [n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom)]
    assert perceptron_gui.__version__ == _version.__version__


def test_no_module_imports_the_root_package_for_anything() -> None:
    """An import of the root from inside the package makes every layer a cycle through it."""
    offenders = []
    for path in ROOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level > 0 and node.module is None:
                depth = len(path.relative_to(ROOT).parts) - 1
                if node.level > depth:
                    offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_the_licence_is_an_spdx_expression_with_its_file() -> None:
    import tomllib
    project = tomllib.loads((ROOT.parent / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert "MIT License" in (ROOT.parent / "LICENSE").read_text(encoding="utf-8")


def test_the_base_estimator_says_to_use_a_learner() -> None:
    from perceptron_gui.estimators import OffsetPerceptron, PerceptronEstimator

    with pytest.raises(TypeError, match="OffsetPerceptron"):
        PerceptronEstimator()
    assert repr(OffsetPerceptron(max_epochs=3)) == "OffsetPerceptron(max_epochs=3)"
