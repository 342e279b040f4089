# `make test` and `make play` set everything up on a fresh machine.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# The browser game: npm ci when the lockfile changes, a build when its sources change.
WEB_SOURCES := $(shell find web/src web/index.html web/package.json web/package-lock.json \
	web/vite.config.ts web/tsconfig.json -type f 2>/dev/null)
WEB_BUILT := src/threethirteen/web/dist/index.html
NODE_STAMP := web/node_modules/.installed

ARGS ?=

.PHONY: test play terminal lint typecheck unit bench clean web webtest chromium

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,server]'
	touch $(STAMP)

test: lint typecheck webtest unit

$(NODE_STAMP): web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $(NODE_STAMP)

$(WEB_BUILT): $(NODE_STAMP) $(WEB_SOURCES)
	cd web && npm run build

web: $(WEB_BUILT)

webtest: $(NODE_STAMP)
	cd web && npm test

# The browser tests drive Debian's Chromium (Playwright cannot download browsers here).
chromium:
	@command -v chromium >/dev/null || (apt-get update && apt-get install -y chromium) \
		|| echo "chromium could not be installed: the browser tests will skip (and fail under CI=true)"

lint: $(STAMP)
	$(BIN)/ruff check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy src/threethirteen

unit: $(STAMP) web chromium
	$(BIN)/pytest

# The browser game against three computers (ARGS go to `serve`, e.g. ARGS="--port 9000");
# `make terminal` plays in the terminal (ARGS go to `play`, e.g. ARGS="--plain").
play: $(STAMP) web
	$(BIN)/three-thirteen serve --open '/play?opponents=3&level=medium' $(ARGS)

terminal: $(STAMP)
	$(BIN)/three-thirteen play $(ARGS)

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python bench/solver.py
	$(BIN)/python bench/games.py --bot greedy
	@echo "strength table (about 20 minutes on 2 cores): $(BIN)/python bench/bots.py"

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis web/node_modules src/threethirteen/web/dist
