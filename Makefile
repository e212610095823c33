# Two commands: `make run` opens the window, `make test` runs the lint gate and the test suite.
# Each does its own set-up on a fresh clone: system libraries (apt, when root), a .venv.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

# Libraries Qt needs beneath the pip wheels (offscreen), then those for a real window.
APT_OFFSCREEN := libgl1 libegl1 libxkbcommon0 libfontconfig1 libfreetype6 libglib2.0-0 libdbus-1-3 libx11-6
APT_WINDOW := libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-render-util0 libxcb-render0 libxcb-shape0 libxcb-util1 libxcb-xkb1 libxkbcommon-x11-0 xvfb xauth

.PHONY: run test lint bench venv syslibs syslibs-window clean translations

run: syslibs syslibs-window $(STAMP)
	$(VPY) -m perceptron_gui

test: syslibs lint
	QT_QPA_PLATFORM=offscreen $(VPY) -m pytest -q -p no:cacheprovider tests

# Lint and types first: they fail in seconds where the suite takes minutes (config: pyproject.toml).
lint: $(STAMP)
	$(VPY) -m ruff check perceptron_gui tests
	$(VPY) -m mypy

# The catalogues: the template from the source, every language's .po updated, checked, compiled.
translations: $(STAMP)
	$(VPY) scripts/translations.py update
	$(VPY) scripts/translations.py compile
	$(VPY) scripts/translations.py check

bench: syslibs $(STAMP)
	$(VPY) -m pip install -q "scikit-learn>=1.4"
	QT_QPA_PLATFORM=offscreen $(VPY) tests/benchmarks/run_all.py

venv: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(VPY) || $(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install -q --upgrade pip
	$(VPY) -m pip install -q -e ".[test]"
	@touch $(STAMP)

syslibs:
	@bash scripts/ensure_syslibs.sh $(APT_OFFSCREEN)

syslibs-window:
	@bash scripts/ensure_syslibs.sh $(APT_WINDOW)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
