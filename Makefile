# The README's commands. Each one first makes sure .venv, node_modules and the system
# packages exist (a fresh machine of this kind needs nothing else).
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
export NO_MKDOCS_2_WARNING := 1
export SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || echo 1764374400)

.PHONY: setup build serve test test-fast check lint bench peers clean proofs

setup: $(STAMP)

$(STAMP): pyproject.toml package.json .ci/bootstrap
	bash .ci/bootstrap
	touch $@

build: $(STAMP)
	$(VENV)/bin/rulebook build

# Live reload: a save to rules-data/ shows on the open page; a game's PDFs are made again in the
# background (kept in .cache/pdf/). SERVE_ADDR=127.0.0.1:8026 to serve elsewhere.
SERVE_ADDR ?= 127.0.0.1:8000
serve: $(STAMP)
	$(VENV)/bin/mkdocs serve --dev-addr $(SERVE_ADDR)

check: $(STAMP)
	$(VENV)/bin/rulebook check

# Every test, in TEST_WORKERS processes (pytest-xdist): each worker builds and serves its own site
# on its own ports (tests/conftest.py), and a file's tests stay on one worker, so a module's fixture
# is made once; the longest files are handed out first (tests/conftest.py orders them; xdist keeps
# that order with --no-loadscope-reorder). One more worker than cores, as the browser tests wait on
# Chromium and node part of the time; two more spent about 10% more CPU in no less time (README).
# Ends with the 15 slowest tests.
TEST_WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))
test: $(STAMP)
	$(VENV)/bin/ruff check generator tests bench
	$(VENV)/bin/mypy
	$(VENV)/bin/rulebook check
	node --test tests/js/
	$(PY) -m pytest -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder --durations=15

# Engine, content and command-line tests: no browser, no site build, no PDF, no node port (a test
# using the built site is marked slow, a differential test port, by tests/conftest.py).
test-fast: $(STAMP)
	$(PY) -m pytest -q -n auto -m "not browser and not slow and not port"

lint: $(STAMP)
	$(VENV)/bin/ruff check generator tests bench
	$(VENV)/bin/mypy

bench: $(STAMP)
	$(PY) bench/run.py

# Every page of every PDF of the built site as a PNG at real size, for a reviewer's eyes:
# build/proofs/<file>/page-NNN.png. Builds the site first when site/pdf is missing or older than
# the sources (PROOFS_BUILD=no: never). SITE, PROOFS and PROOF_DPI can be set too:
# `make proofs SITE=/tmp/s PROOF_DPI=100`.
SITE ?= site
PROOFS ?= build/proofs
PROOF_DPI ?= 150
PROOFS_BUILD ?= auto
proofs: $(STAMP)
	@if [ "$(PROOFS_BUILD)" != no ] && { [ ! -d "$(SITE)/pdf" ] || [ -n "$$(find rules-data generator docs pyproject.toml -type f -newer "$(SITE)/pdf" -print -quit)" ]; }; then \
	  echo "building the site into $(SITE) first"; $(VENV)/bin/rulebook build --site-dir "$(SITE)"; fi
	rm -rf "$(PROOFS)"
	@set -e; for pdf in "$(SITE)"/pdf/*.pdf; do \
	  name=$$(basename "$$pdf" .pdf); out="$(PROOFS)/$$name"; mkdir -p "$$out"; \
	  pdftoppm -r $(PROOF_DPI) -png "$$pdf" "$$out/p"; \
	  for png in "$$out"/p-*.png; do n=$${png##*-}; n=$${n%.png}; mv "$$png" "$$out/page-$$(printf %03d $$((10#$$n))).png"; done; \
	done; \
	echo "proofs: $$(find "$(PROOFS)" -name 'page-*.png' | wc -l) pages of $$(ls "$(SITE)"/pdf/*.pdf | wc -l) PDFs in $(PROOFS)/ at $(PROOF_DPI) dpi"

# The peers of bench/peers.py (rlcard, open_spiel) in a venv of their own: `make bench` runs it
# when this venv exists.
peers:
	[ -x .venv-peers/bin/python ] || python3 -m venv .venv-peers
	.venv-peers/bin/pip install -q --disable-pip-version-check -e '.[peers]'

# .cache/ holds the PDFs (.cache/pdf/, generator/print/pdfcache.py) and the compiled templates
# (.cache/jinja/, generator/site/hooks.py): the next build makes them again.
clean:
	rm -rf site .site-* build test-output .cache
