# Two commands for a fresh clone (see README.md):
#   make play   - the emulator on the default board (ARGS="--headless ..." to pass options)
#   make test   - installs every pinned dependency, then runs every test suite
# Both create .venv/ and node_modules/ on first use and refresh them when the pins change.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test

$(STAMP): requirements.txt package.json package-lock.json
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed")'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	npm ci --silent --no-audit --no-fund
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m emulator $(ARGS)

test: $(STAMP)
	$(PY) -m pytest -n 2 -q $(ARGS)
