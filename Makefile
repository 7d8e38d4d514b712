# Two commands for a fresh clone (see README.md):
#   make play   - the emulator on the default board (ARGS="--headless ..." to pass options)
#   make test   - installs every pinned dependency, then runs every test suite
#   make web    - builds the web page into build/web and serves it on localhost (ARGS="--port N")
# Both create .venv/ and node_modules/ on first use and refresh them when the pins change.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

BROWSER_STAMP := $(VENV)/.chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo -n)

.PHONY: play test web

$(STAMP): requirements.txt package.json package-lock.json
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed")'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	npm ci --silent --no-audit --no-fund
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m emulator $(ARGS)

# Debian's chromium and its driver, for the web page's tests (Selenium drives them)
$(BROWSER_STAMP): $(STAMP)
	@command -v chromium >/dev/null && command -v chromedriver >/dev/null || \
		{ $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq --no-install-recommends chromium chromium-driver; }
	touch $(BROWSER_STAMP)

web: $(STAMP)
	$(PY) -m tools.build_web --serve $(ARGS)

test: $(STAMP) $(BROWSER_STAMP)
	$(PY) -m pytest -n 2 --dist loadgroup -q $(ARGS)
