# Tabletop Chronicle: `make run` to start the API, `make test` to test it; `make install` alone
# makes the virtual environment, with the command line in .venv/bin/chronicle.
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
CHRONICLE_DATA ?= var
export PORT CHRONICLE_DATA
# Some machines set PYTHONDONTWRITEBYTECODE: then every process the tests start (servers, workers,
# the command line) compiles the whole program again. Compiled once, each starts about 0.3 s sooner.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: install run worker sweep lint test test-fast test-browser docs bench screenshot clean

# The Python client (clients/python) too: its tests, and examples/bot.py, run on it.
$(VENV)/.installed: pyproject.toml clients/python/pyproject.toml
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -e ".[dev]" -e clients/python
	touch $@

install: $(VENV)/.installed

run: install
	$(PY) -m cli.launch

worker: install
	$(PY) -m workers.cli run

sweep: install
	$(PY) -m workers.cli sweep

# Names that are never used or never defined (pyflakes' checks): cheap, and caught before the tests run.
lint: install
	$(VENV)/bin/ruff check --quiet --select F domain services projections web cli workers tests bench clients examples

# Test files are shared out among as many processes as the machine has cores (each file whole, so
# that a module's server or browser is started once); the slowest 25 are named at the end.
test: install lint
	$(PY) -m compileall -q domain services projections web workers cli bench tests clients examples
	$(PY) -m pytest -q -n auto --dist loadfile --durations=25

test-fast: install
	$(PY) -m pytest -q -m "not e2e"

test-browser: install
	$(PY) -m pytest -q tests/browser

# docs/ as a site in site/ (mkdocs.yml); strict, as `make test` builds it (tests/integration/test_docs.py)
docs: install
	$(VENV)/bin/mkdocs build --strict

$(VENV)/.bench-installed: $(VENV)/.installed
	$(VENV)/bin/pip install --quiet -e ".[dev,bench]"
	touch $@

bench: install $(VENV)/.bench-installed
	$(PY) -m bench
	$(PY) -m bench.instructions
	$(PY) -m bench.search_instructions
	$(PY) -m bench.move_instructions

# docs/screenshots/, the pictures of the viewer in the README and docs/viewer.md (needs chromium)
screenshot: install
	$(PY) -m tests.browser.screenshot

clean:
	rm -rf $(VENV) var site .pytest_cache .hypothesis
