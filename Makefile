# The README's commands. Each one first makes sure .venv, node_modules and the system
# packages exist (a fresh machine of this kind needs nothing else).
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
export NO_MKDOCS_2_WARNING := 1
export SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || echo 1764374400)

.PHONY: setup build serve test test-fast check lint bench peers clean

setup: $(STAMP)

$(STAMP): pyproject.toml package.json .ci/bootstrap
	bash .ci/bootstrap
	touch $@

build: $(STAMP)
	$(VENV)/bin/rulebook build

serve: $(STAMP)
	$(VENV)/bin/mkdocs serve --dev-addr 127.0.0.1:8000

check: $(STAMP)
	$(VENV)/bin/rulebook check

test: $(STAMP)
	$(VENV)/bin/ruff check generator tests bench
	$(VENV)/bin/mypy
	$(VENV)/bin/rulebook check
	node --test tests/js/
	$(PY) -m pytest

test-fast: $(STAMP)
	$(PY) -m pytest -m "not browser and not slow"

lint: $(STAMP)
	$(VENV)/bin/ruff check generator tests bench
	$(VENV)/bin/mypy

bench: $(STAMP)
	$(PY) bench/run.py

# The peers of bench/peers.py (rlcard, open_spiel) in a venv of their own: `make bench` runs it
# when this venv exists.
peers:
	[ -x .venv-peers/bin/python ] || python3 -m venv .venv-peers
	.venv-peers/bin/pip install -q --disable-pip-version-check -e '.[peers]'

clean:
	rm -rf site .site-* build test-output
