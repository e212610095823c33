"""The import contracts of pyproject.toml hold, and each of them would catch its violation.

The contracts (layers cli → gui → export → render → session and estimators → core; the
estimators on core alone; core, session, render, export and the estimators free of Qt; gui's
wings one-way; no cycles inside any package) are checked by import-linter; each proof below copies the
package into a temporary folder, adds one bad import and expects exactly that contract to
break there, so a contract that was silently weakened (or mistyped) fails here too.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "perceptron_gui"

try:
    from importlinter.cli import lint_imports
except ImportError:  # pragma: no cover - the test extra installs it
    lint_imports = None

# One violation per contract: (contract id, module to edit, the lines appended to it).
VIOLATIONS: dict[str, tuple[str, str]] = {
    # A seam that once leaked: an exporter reaching up into the window's styling.
    "layers": ("export/tikz.py", "from ..gui.figures import slide_style\n"),
    "core-imports-no-app": ("core/presets.py", "from ..session import points\n"),
    "session-imports-no-view": ("session/points.py", "from ..export import latex\n"),
    "qt-free": ("session/points.py", "import pyqtgraph\n"),
    "cli-layers": ("cli/common.py", "from . import args\n"),
    "estimators-on-core": ("estimators/_validation.py", "from ..session import points\n"),
    # Two wings of gui that must not know each other: the canvas reaching into the plots.
    "gui-wings": ("gui/canvas/look.py", "from ..plots import proof_plots\n"),
    # The cycle this issue removed, back under TYPE_CHECKING: such imports count.
    "acyclic": ("gui/canvas/tools.py", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                       "    from .canvas import Canvas\n"),
}


def _contract_ids() -> set[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return {c["id"] for c in config["tool"]["importlinter"]["contracts"]}


def _require_import_linter() -> None:
    if lint_imports is None:
        pytest.fail("import-linter is not installed; run pip install -e '.[test]' (the test extra has it).")


def test_the_contracts_hold(capsys):
    _require_import_linter()
    status = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True)
    out = capsys.readouterr().out
    assert status == 0, out
    assert "0 broken" in out


def test_every_contract_has_a_proof():
    assert _contract_ids() == set(VIOLATIONS)


def _lint_copy(tmp_path: Path, contract: str) -> subprocess.CompletedProcess[str]:
    """lint-imports, limited to one contract, over the copy of the package in tmp_path."""
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    code = ("import sys; from importlinter.cli import lint_imports; "
            f"sys.exit(lint_imports(config_filename='pyproject.toml', limit_to_contracts=({contract!r},), "
            "no_cache=True, no_logo=True))")
    return subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=300)


@pytest.mark.parametrize("contract", sorted(VIOLATIONS))
def test_each_contract_catches_its_violation(tmp_path, contract):
    _require_import_linter()
    shutil.copytree(PACKAGE, tmp_path / "perceptron_gui", ignore=shutil.ignore_patterns("__pycache__", "resources"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    module, bad = VIOLATIONS[contract]
    # The copy, untouched, keeps the contract: the copy (not the installed package) is linted.
    clean = _lint_copy(tmp_path, contract)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    target = tmp_path / "perceptron_gui" / module
    target.write_text(target.read_text(encoding="utf-8") + "\n" + bad, encoding="utf-8")
    broken = _lint_copy(tmp_path, contract)
    assert broken.returncode != 0, broken.stdout + broken.stderr
    assert "1 broken" in broken.stdout, broken.stdout + broken.stderr
    assert Path(module).stem in broken.stdout  # it names the module that broke it


def _top(module: str) -> str:
    """The package a module belongs to for this rule: perceptron_gui.<core|session|gui|...>."""
    return ".".join(module.split(".")[:2])


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _private_imports_across_packages(package_dir: Path = PACKAGE) -> list[str]:
    """Every ``from X import _name`` or import of a ``_module`` whose X lies in another package
    (inside one package, say core/algorithms and its ``_kernels``, private names are fine)."""
    import ast

    found = []
    for path in sorted(package_dir.rglob("*.py")):
        rel = path.relative_to(package_dir.parent).with_suffix("")
        parts = list(rel.parts[:-1]) if rel.name == "__init__" else list(rel.parts)
        module = ".".join(parts)
        package = parts if rel.name == "__init__" else parts[:-1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = package[:len(package) - node.level + 1] if node.level else []
                source = ".".join([*base, *(node.module.split(".") if node.module else [])])
                targets = [(source, a.name) for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [(a.name, "") for a in node.names]
            else:
                continue
            for source, name in targets:
                if not source.startswith("perceptron_gui") or _top(source) == _top(module):
                    continue
                if source == "perceptron_gui.i18n" and name == "_":  # gettext's public name for "translate"
                    continue
                if _is_private(name) or any(_is_private(p) for p in source.split(".")):
                    found.append(f"{module}:{node.lineno} imports {name or source} from {source}")
    return found


def test_no_module_reads_another_packages_private_names():
    assert _private_imports_across_packages() == []


def test_the_private_names_check_sees_them(tmp_path):
    shutil.copytree(PACKAGE, tmp_path / "perceptron_gui", ignore=shutil.ignore_patterns("__pycache__", "resources"))
    run = tmp_path / "perceptron_gui" / "cli" / "run.py"
    # What cli.py and cli_export.py did before cli/ became a package (and a private module).
    run.write_text(run.read_text(encoding="utf-8") + "\nfrom ..gui.app import _nothing\n"
                   "from ..core.algorithms._kernels import warm_up\n", encoding="utf-8")
    found = _private_imports_across_packages(tmp_path / "perceptron_gui")
    assert len(found) == 2 and all(f.startswith("perceptron_gui.cli.run:") for f in found), found
