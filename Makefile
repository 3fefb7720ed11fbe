# Two commands do all the set-up on a fresh machine:
#   make run    installs what the app needs, then serves it on port 8000 (phones on the Wi-Fi can reach it)
#   make test   installs what the tests need (Chromium included), then runs every test
VENV   ?= .venv
# the system's own python3 where it is 3.11 or newer, else the first on the PATH: Debian builds its Python with
# profile-guided and link-time optimisation: the app draws a page 15-25 % faster on it than on a python3 built
# without them (pyenv's, say), and the tests take 10 % less CPU. `make PYTHON=...` picks another; a .venv made
# before stays as it is (rm -rf .venv to make it again)
SYSTEM_PYTHON = $(shell /usr/bin/python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null && echo /usr/bin/python3)
PYTHON ?= $(or $(SYSTEM_PYTHON),python3)
HOST   ?= 0.0.0.0
PORT   ?= 8000
APT     = DEBIAN_FRONTEND=noninteractive apt-get

.PHONY: run test bench mutation setup setup-test clean

run: setup
	$(VENV)/bin/scorekeeper serve --host $(HOST) --port $(PORT)

# the tests' databases and files on a RAM disk where the machine has one (each test's database is closed
# with an fsync, 4-8 ms on a disk), and their compiled modules kept for the next run (an environment that
# sets PYTHONDONTWRITEBYTECODE made every test process compile every module and test file again)
TEST_TMP := $(shell test -d /dev/shm -a -w /dev/shm && echo /dev/shm || echo /tmp)

# lint, format and types first (seconds), then every test in parallel
test: setup-test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	PYTHONDONTWRITEBYTECODE= $(VENV)/bin/python -m compileall -q -j 0 scorekeeper bench tests
	PYTHONDONTWRITEBYTECODE= TMPDIR=$(TEST_TMP) $(VENV)/bin/pytest $(ARGS)

bench: setup
	$(VENV)/bin/python -m bench $(ARGS)

# mutation testing of every game's rules and the club night's leaderboard (not part of `make test`: about
# 25 minutes on one busy core); each module's score, and the survivors tests/rules/mutation_equivalent.txt does
# not explain. ARGS: module names (`tout_ou_rien leaderboard`), --children N, --report (CONTRIBUTING.md)
mutation: setup-test $(VENV)/.mutation-installed
	nice -n 19 $(VENV)/bin/python -m tests.rules.mutation $(ARGS)

$(VENV)/.mutation-installed: $(VENV)/.test-installed
	$(VENV)/bin/pip install --quiet -c constraints.txt -e '.[mutation]'
	touch $@

setup: $(VENV)/.app-installed static/vendor/htmx.min.js .system-fonts

setup-test: setup $(VENV)/.test-installed .system-test node_modules/axe-core/axe.min.js

# stock Debian ships Python without venv: python3-venv brings it
$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV) || (rm -rf $(VENV) && $(APT) update -qq && $(APT) install -y -qq python3-venv && $(PYTHON) -m venv $(VENV))
	$(VENV)/bin/python -m pip install --quiet pip==26.3

# constraints.txt pins every Python package, the ones pyproject.toml names and all they pull in; the games
# are found through the entry points pip writes from pyproject.toml, so a newer pyproject.toml installs again
$(VENV)/.app-installed: $(VENV)/bin/python pyproject.toml constraints.txt
	$(VENV)/bin/pip install --quiet -c constraints.txt -e .
	touch $@

$(VENV)/.test-installed: $(VENV)/.app-installed
	$(VENV)/bin/pip install --quiet -c constraints.txt -e '.[test]'
	touch $@

# htmx comes from the npm registry, pinned by package-lock.json; it is never committed
static/vendor/htmx.min.js: package.json package-lock.json
	command -v npm >/dev/null || ($(APT) update -qq && $(APT) install -y -qq npm)
	npm ci --no-audit --no-fund --silent
	mkdir -p static/vendor
	cp node_modules/htmx.org/dist/htmx.min.js $@

# axe-core, the accessibility checker the browser tests inject into every page (a dev dependency, pinned
# by package-lock.json like htmx; npm ci above installs both)
node_modules/axe-core/axe.min.js: package.json package-lock.json
	command -v npm >/dev/null || ($(APT) update -qq && $(APT) install -y -qq npm)
	npm ci --no-audit --no-fund --silent
	touch $@

# fonts that print every Latin name on the score sheets (Łukasz, Őrs...), the browser the tests drive
# (Chromium's headless shell: the same engine without the browser's own windows, at half the CPU a page),
# and PostgreSQL, which the tests start a throwaway server of (tests/postgresql.py)
.PHONY: .system-fonts .system-test
.system-fonts:
	@test -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf || ($(APT) update -qq && $(APT) install -y -qq fonts-dejavu-core)

.system-test:
	@(command -v chromium >/dev/null && command -v chromium-headless-shell >/dev/null && command -v pdftoppm >/dev/null && ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1) || ($(APT) update -qq && $(APT) install -y -qq chromium chromium-headless-shell poppler-utils postgresql)

clean:
	rm -rf $(VENV) node_modules static/vendor
