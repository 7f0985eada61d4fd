# satpuzzles: `make run` and `make test` set everything up on a fresh machine by themselves.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test bench bench-sets readme solver-binaries clean

install: $(STAMP)

# editable_mode=compat: a path entry in a .pth file, no import-hook finder to load at each start-up. Its notice
# that the mode is transitional (a boxed warning of 13 lines, once per package) is no error, and is silenced.
$(STAMP): pyproject.toml examples/masyu/pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	PYTHONWARNINGS="ignore:Compat editable installs" $(BIN)/pip install --quiet --config-settings editable_mode=compat -e '.[test,bench,dask]' -e examples/masyu
	$(BIN)/python -m compileall -q satpuzzles examples/masyu >/dev/null
	touch $(STAMP)

run: install
	$(BIN)/satpuzzles numberlink -i instances/numberlink/seed/instance_1.txt

# External DIMACS solvers from Debian for the external-backend tests (skipped when absent and not root).
# Debian's cadical, minisat and cryptominisat executables for the external-solver tests, and sgt-puzzles (Tatham's
# Loopy and Pearl, without a display) for the tests that hand them the game ids we write.
solver-binaries:
	@if ! command -v cadical >/dev/null || ! command -v minisat >/dev/null || ! command -v cryptominisat5 >/dev/null \
	    || ! PATH="$$PATH:/usr/games" command -v sgt-loopy >/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
	      cadical minisat cryptominisat sgt-puzzles) >/dev/null 2>&1 \
	      || echo "note: apt-get could not install them all; the tests that need one missing are skipped"; \
	  else echo "note: cadical/minisat/cryptominisat/sgt-puzzles not all installed; the tests that need them are skipped"; fi; \
	fi

test: install solver-binaries
	$(BIN)/python -m pytest

# The README's table of puzzles, from the registry (tests/test_readme.py checks it is current).
readme: install
	$(BIN)/python -m tests.test_readme --write

# The performance table of docs/performance.md (every row, wall and CPU seconds, in-process split); BASELINE=DIR adds a before column.
bench: install
	$(BIN)/python bench/perf.py $(if $(BASELINE),--baseline $(BASELINE))

# Per-instance figures for every bundled set, and the Minesweeper scale figures.
bench-sets: install
	$(BIN)/python bench/run.py
	$(BIN)/python bench/bench_minesweeper.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
