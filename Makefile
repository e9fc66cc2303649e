# Every target bootstraps .venv from pyproject.toml when it is missing or stale.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# The browser tests drive Debian's Chromium; the database tests start a throwaway
# PostgreSQL cluster. Both are Debian packages, installed here when missing.
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: play play-terminal test test-pure lint typecheck unit system browser-checks bench bench-server messages clean

# The message catalogs (tools/messages.py) and the engine's modules that mypyc compiles
# (tavola/compiled.py): both built when tavola is installed, again when one changes.
PO_FILES := $(wildcard src/tavola/locale/*/LC_MESSAGES/*.po)
COMPILED_SOURCES := $(shell $(PYTHON) src/tavola/compiled.py)
BUILT    := $(VENV)/.built

# The example game plugin (examples/dudo) is installed beside tavola: the tests play it.
# The engine is compiled once, by $(BUILT) below (TAVOLA_PURE=1 here skips it).
# Its catalogs are compiled when it is installed (examples/dudo/setup.py): again when one changes.
$(STAMP): pyproject.toml examples/dudo/pyproject.toml $(wildcard examples/dudo/src/*/locale/*/LC_MESSAGES/*.po)
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "tavola needs Python 3.11+"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	TAVOLA_PURE=1 $(BIN)/python -m pip install --quiet -e '.[dev,server,report,cluster,rl,openspiel]' \
		-e examples/dudo
	@touch $@

# setup.py compiles the catalogs, and, where a C compiler is, the engine (about 2.5 CPU-minutes,
# on every core), in place; TAVOLA_PURE=1 leaves the engine interpreted.
$(BUILT): $(STAMP) setup.py src/tavola/compiled.py $(PO_FILES) $(COMPILED_SOURCES)
	$(BIN)/python -m pip install --quiet --no-deps -e .
	@touch $@

messages: $(STAMP)  ## extract the texts to translate and update every catalog with them
	$(BIN)/python tools/messages.py

play: $(BUILT)  ## the game server: open the printed address in a browser
	$(BIN)/tavola serve --open

play-terminal: $(BUILT)  ## a game of Campanile in the terminal, you against three bots
	$(BIN)/tavola play campanile --seats human,random,random,random

test: lint typecheck unit test-pure  ## everything that checks the project: compiled, then pure

# pytest on every core and one worker more (pytest-xdist; at most 4 workers, each starts its
# own servers, database cluster and browser): the browser and server tests wait on sockets
# for a third of their time, which the extra worker fills. Each file's tests on one worker,
# browser tests last on each (conftest.py). JOBS=1 runs in one process, as plain pytest does.
JOBS   ?= $(shell n=$$(nproc 2>/dev/null || echo 1); echo $$(( n + 1 > 4 ? 4 : n + 1 )))
PARALLEL := $(if $(filter-out 1,$(JOBS)),-n $(JOBS) --dist loadfile)

# The engine's and the games' rules tests again on the interpreted modules (the ones
# tavola/compiled.py lists), with their doctests; pictures, texts and lessons are interpreted
# in both runs, tested once.
PURE_TESTS  := tests/core tests/games tests/plugins tests/test_engine_forms.py examples $(COMPILED_SOURCES)
PURE_IGNORE := $(addprefix --ignore-glob=,'*/test_svg.py' '*/test_render.py' '*/test_figures.py' \
	'*/test_texts.py' '*/test_picture_words.py' '*/test_refusal_texts.py' '*/test_lessons.py')
# The two forms' step-by-step comparison runs once, in the compiled suite (it starts the
# other form itself), as do the conformance kit's picture and lesson checks.
PURE_DESELECT := --deselect tests/test_engine_forms.py::test_compiled_and_interpreted_games_are_identical_step_by_step \
	-k 'not test_pictures_play_exactly_the_legal_actions and not test_lessons_play'
# The same source as the compiled run, which has drawn CI's examples: "dev" draws half as many.
PURE_PROFILE ?= dev
test-pure: $(BUILT)  ## the engine's and games' rules tests, interpreted (TAVOLA_PURE=1)
	TAVOLA_PURE=1 HYPOTHESIS_PROFILE=$(PURE_PROFILE) $(BIN)/pytest $(PARALLEL) $(PURE_IGNORE) \
		$(PURE_TESTS) $(PURE_DESELECT)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

system:  ## Debian's chromium and postgresql, for the browser and database tests
	@missing=""; \
	[ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	if [ -n "$$missing" ]; then \
		echo "installing Debian packages:$$missing"; \
		$(SUDO) apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi

# What the browser tests inject into the pages (axe-core), pinned in tests/apps/web/package-lock.json:
# installed again only when the lock changes; npm itself is a Debian package.
NPM_STAMP := tests/apps/web/node_modules/.installed
$(NPM_STAMP): tests/apps/web/package.json tests/apps/web/package-lock.json
	@command -v npm >/dev/null || { \
		echo "installing Debian packages: npm nodejs"; \
		$(SUDO) apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm nodejs >/dev/null; }
	cd tests/apps/web && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

browser-checks: $(NPM_STAMP)  ## axe-core for the browser tests (npm ci in tests/apps/web)

# The slowest tests are listed at the end: the whole of `make test` must stay under 30 minutes.
unit: $(BUILT) system $(NPM_STAMP)
	$(BIN)/pytest $(PARALLEL) --durations=25

bench: $(BUILT)  ## engine throughput, one core
	$(BIN)/python benchmarks/engine.py

bench-server: $(STAMP) system  ## server moves/s and latency, SQLite then PostgreSQL
	$(BIN)/python benchmarks/server.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis
