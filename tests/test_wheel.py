"""The wheel: ``python -m build`` makes an sdist and, from it, a wheel; the wheel
installed into a fresh venv gives a working ``perceptron-gui``.

No network: the build runs ``--no-isolation`` with the project venv's build tools (the ``test``
extra), the wheel installs ``--no-deps --no-index``, and the new venv finds its dependencies
through a ``.pth`` line naming the project venv's site-packages. Python does not run the ``.pth``
files of a folder added that way, so the project's editable install does not leak in: the test
checks that ``perceptron_gui`` is imported from the new venv. Everything is built from a copy of
the source in tmp_path (a build writes ``*.egg-info`` next to pyproject.toml)."""
from __future__ import annotations

import configparser
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest
from packaging.requirements import Requirement  # comes with build

import perceptron_gui

ROOT = Path(__file__).resolve().parents[1]
PNG = b"\x89PNG\r\n\x1a\n"
THREE = "x1,x2,y\n1,3,1\n2.5,1.5,1\n-1.5,1.5,-1\n"  # notes 003: offset converges after 2 updates
_IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", ".*")  # caches, editors' and writers' temp files


def _package_files() -> set[str]:
    """Every file of the package as the wheel should hold it (``perceptron_gui/...``)."""
    return {p.relative_to(ROOT).as_posix() for p in (ROOT / "perceptron_gui").rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and not p.name.startswith(".") and p.suffix != ".pyc"}


def _run(argv: list[str | Path], cwd: Path, timeout: float = 180, **env: str) -> subprocess.CompletedProcess[str]:
    environ = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1", **env)
    environ.pop("PYTHONPATH", None)  # nothing but the venv's own paths
    done = subprocess.run([str(a) for a in argv], capture_output=True, text=True, timeout=timeout, cwd=cwd, env=environ)
    assert done.returncode == 0, f"{argv} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(wheel, sdist), the wheel built from the sdist as ``python -m build`` does by default."""
    tmp = tmp_path_factory.mktemp("wheel-build")
    src = tmp / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    shutil.copytree(ROOT / "perceptron_gui", src / "perceptron_gui", ignore=_IGNORE)
    dist = tmp / "dist"
    _run([sys.executable, "-m", "build", "--no-isolation", "--outdir", dist, src], cwd=tmp)
    wheels, sdists = list(dist.glob("*.whl")), list(dist.glob("*.tar.gz"))
    assert len(wheels) == 1 and len(sdists) == 1, sorted(p.name for p in dist.iterdir())
    return wheels[0], sdists[0]


def test_the_wheel_holds_every_module_resource_and_the_entry_point(built):
    wheel, _ = built
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        info = f"perceptron_gui-{perceptron_gui.__version__}.dist-info"
        meta = Parser().parsestr(z.read(f"{info}/METADATA").decode())
        entry_points = configparser.ConfigParser()
        entry_points.read_string(z.read(f"{info}/entry_points.txt").decode())
    missing = _package_files() - names
    assert not missing, f"not in the wheel: {sorted(missing)}"
    assert any(n.startswith("perceptron_gui/resources/") for n in names)
    # The compiled catalogues travel with the package: the window speaks German from a wheel too.
    for lang in ("de", "fr", "es"):
        assert f"perceptron_gui/locale/{lang}/LC_MESSAGES/perceptron_gui.mo" in names
    # One version, one place: pyproject reads perceptron_gui.__version__ and holds no copy.
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert meta["Name"] == "perceptron-gui" and meta["Version"] == perceptron_gui.__version__
    assert entry_points["console_scripts"]["perceptron-gui"] == "perceptron_gui.cli:entry"
    declared = project["dependencies"]
    required = [r for r in meta.get_all("Requires-Dist") or [] if "extra ==" not in r]
    by_name = {Requirement(r).name: Requirement(r) for r in required}  # setuptools reorders the specifiers
    assert by_name == {Requirement(d).name: Requirement(d) for d in declared}


def test_the_sdist_holds_the_readme_pyproject_package_and_resources(built):
    _, sdist = built
    top = sdist.name.removesuffix(".tar.gz")
    with tarfile.open(sdist) as t:
        names = {n.removeprefix(top + "/") for n in t.getnames()}
    assert {"README.md", "pyproject.toml", "PKG-INFO"} <= names
    missing = _package_files() - names
    assert not missing, f"not in the sdist: {sorted(missing)}"


def test_the_wheel_installed_in_a_fresh_venv_runs(built, tmp_path):
    if importlib.util.find_spec("ensurepip") is None:
        pytest.skip("This Python has no ensurepip (Debian: apt-get install python3-venv), so no fresh venv can be made.")
    wheel, _ = built
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", venv], cwd=tmp_path)
    py, exe = venv / "bin" / "python", venv / "bin" / "perceptron-gui"
    _run([py, "-m", "pip", "install", "--no-deps", "--no-index", "--quiet", wheel], cwd=tmp_path)
    site = Path(_run([py, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], cwd=tmp_path).stdout.strip())
    ours = dict.fromkeys([sysconfig.get_path("purelib"), sysconfig.get_path("platlib")])
    (site / "project_dependencies.pth").write_text("".join(f"{p}\n" for p in ours))

    # Imported from the new venv, not the checkout's editable install, and light (no Qt).
    code = ("import sys, perceptron_gui, perceptron_gui.estimators; print(perceptron_gui.__file__); "
            "print(perceptron_gui.estimators.__file__); print('PySide6' in sys.modules)")
    package, estimators, qt = _run([py, "-c", code], cwd=tmp_path).stdout.split()
    assert Path(package).is_relative_to(venv) and Path(estimators).is_relative_to(venv)
    assert qt == "False"

    assert _run([exe, "--version"], cwd=tmp_path).stdout.split()[-1] == perceptron_gui.__version__
    (tmp_path / "three.csv").write_text(THREE)
    report = _run([exe, "run", "three.csv", "--algorithm", "offset"], cwd=tmp_path).stdout
    assert "Converged after 2 updates" in report
    # The bundled data set is read through importlib.resources from the installed package.
    assert "Verdict" in _run([exe, "run", "--preset", "digits_0_vs_1"], cwd=tmp_path).stdout
    shot = tmp_path / "x.png"
    _run([exe, "--screenshot", shot, "--preset", "and", "--size", "800x600"], cwd=tmp_path, QT_QPA_PLATFORM="offscreen")
    data = shot.read_bytes()
    assert data[:8] == PNG and len(data) > 10_000  # a drawn window, not an empty image
