"""The core, the session, the picture layer (render) and the file writers (export) never need
Qt (STYLE.md, "the one-way street").

Two checks: every module under those four packages imports in a fresh interpreter where
PySide6 and pyqtgraph cannot be imported, and no source file there names them in an import
statement (which would also catch an import inside a function).
"""
from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from pathlib import Path

import perceptron_gui

QT_PACKAGES = ("PySide6", "shiboken6", "pyqtgraph", "PyQt5", "PyQt6", "PySide2")
PACKAGE_ROOT = Path(perceptron_gui.__file__).parent
QT_FREE = ("core", "session", "render", "export")

IMPORT_EVERYTHING = textwrap.dedent(
    """
    import importlib, importlib.abc, pkgutil, sys

    BLOCKED = {blocked!r}

    class NoQt(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in BLOCKED:
                raise ImportError(f"{{name}} is blocked: this module must not need Qt")
            return None

    for mod in list(sys.modules):
        if mod.split(".")[0] in BLOCKED:
            del sys.modules[mod]
    sys.meta_path.insert(0, NoQt())

    imported = []
    for pkg_name in {packages!r}:
        pkg = importlib.import_module(pkg_name)
        imported.append(pkg_name)
        for info in pkgutil.walk_packages(pkg.__path__, prefix=pkg_name + "."):
            importlib.import_module(info.name)
            imported.append(info.name)
    leaked = sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED)
    assert not leaked, leaked
    print("\\n".join(imported))
    """
)


def test_core_and_session_import_with_qt_unimportable():
    code = IMPORT_EVERYTHING.format(blocked=QT_PACKAGES, packages=[f"perceptron_gui.{p}" for p in QT_FREE])
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    imported = set(proc.stdout.split())
    expected = {
        "perceptron_gui." + ".".join(p.relative_to(PACKAGE_ROOT).with_suffix("").parts).removesuffix(".__init__")
        for sub in QT_FREE for p in (PACKAGE_ROOT / sub).rglob("*.py")
    }
    assert expected <= imported, f"not imported: {sorted(expected - imported)}"


def test_the_blocker_really_blocks():
    code = IMPORT_EVERYTHING.format(blocked=("json",), packages=[]) + "\nimport json\n"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0 and "blocked" in proc.stderr


def _qt_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            fname = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if fname in ("import_module", "__import__") and isinstance(node.args[0].value, str):
                names = [node.args[0].value]
        found += [f"{path.name}:{node.lineno} {n}" for n in names if n.split(".")[0] in QT_PACKAGES]
    return found


def test_no_qt_import_statements_in_core_or_session():
    files = [p for sub in QT_FREE for p in sorted((PACKAGE_ROOT / sub).rglob("*.py"))]
    assert any(p.name == "dataset.py" for p in files)
    offenders = [hit for p in files for hit in _qt_imports(p)]
    assert offenders == []


def test_the_import_scan_finds_hidden_imports(tmp_path):
    src = tmp_path / "sneaky.py"
    src.write_text(
        "import numpy\n"
        "def f():\n"
        "    from PySide6.QtCore import Qt\n"
        "    import pyqtgraph as pg\n"
        "    return importlib.import_module('PySide6.QtGui')\n"
        "'''a docstring may mention PySide6 freely'''\n"
    )
    assert sorted(hit.split()[1] for hit in _qt_imports(src)) == ["PySide6.QtCore", "PySide6.QtGui", "pyqtgraph"]
