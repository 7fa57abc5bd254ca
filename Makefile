# The two commands of the quick start: `make demo` and `make test`.
SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test bench docs clean fuzz engines

# The install compiles the game engines with mypyc where a C compiler works (setup.py; DECKDSL_PURE=1 skips it).
$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# A compiled engine whose source changed since it was compiled would run as pure Python (deckdsl/build.py):
# compile it again.
engines: $(STAMP)
	@$(BIN)/python -c "import sys; from deckdsl import build; sys.exit(bool(build.out_of_date()))" \
		|| $(BIN)/python -m pip install --quiet --no-deps -e .
	@$(BIN)/deckdsl --version

# The tests that play games, again on the pure-Python build of the same source (the rest does not differ).
PURE_TESTS := tests/test_conformance.py tests/test_engine_constructs.py tests/test_janken_interface.py \
	tests/test_lookahead.py tests/test_search.py tests/test_queens_vs_kings.py tests/test_embate.py \
	tests/test_cooperativo.py tests/test_builds.py

demo: engines
	mkdir -p out
	$(BIN)/deckdsl check decks/janken-wars.deck decks/examples
	$(BIN)/deckdsl show decks/janken-wars.deck > out/janken-wars.txt.tmp && mv out/janken-wars.txt.tmp out/janken-wars.txt
	cat out/janken-wars.txt
	$(BIN)/deckdsl ast decks/janken-wars.deck > out/janken-wars.ast.json.tmp && mv out/janken-wars.ast.json.tmp out/janken-wars.ast.json
	$(BIN)/deckdsl render decks/janken-wars.deck -o out/janken-wars.pdf
	@echo "wrote out/janken-wars.txt, out/janken-wars.ast.json and out/janken-wars.pdf"

# The suite runs on every core (pytest-xdist), each test module on one worker: a module's shared fixtures
# (one parse of a shipped deck, one render) are made once.
test: engines
	$(BIN)/python -m pytest -n auto --dist loadscope
	DECKDSL_PURE=1 $(BIN)/python -m pytest -n auto --dist loadscope $(PURE_TESTS)

docs: $(STAMP)
	$(BIN)/python -m deckdsl.check.docs .
	$(BIN)/python docs/gallery.py

bench: engines
	$(BIN)/python bench/bench_speed.py
	$(BIN)/python bench/bench_startup.py
	$(BIN)/python bench/bench_check.py
	$(BIN)/python bench/bench_hazards.py
	$(BIN)/python bench/bench_render.py
	$(BIN)/python bench/bench_sim.py
	$(BIN)/python bench/bench_one_path.py
	$(BIN)/python bench/evidence_examples.py
	$(BIN)/python bench/calibrate_polarity.py
	$(BIN)/python bench/bench_games.py
	$(BIN)/python bench/bench_rules.py
	$(BIN)/python bench/bench_lsp.py

# The mutation fuzzer (fuzz/fuzz.py): findings and slow inputs go to fuzz/findings/, exit 1 if there are any.
# FUZZ_INPUTS=N (default 200,000), FUZZ_SEED=N (1), FUZZ_JOBS=N worker processes (1), FUZZ_TARGETS=a,b (every
# target, in the shares of fuzz.WEIGHTS: deck, game, config, render, simulate, play, theme, csv, results, lsp,
# fmt, fix).
fuzz: $(STAMP)
	$(BIN)/python fuzz/fuzz.py --inputs $(or $(FUZZ_INPUTS),200000) --seed $(or $(FUZZ_SEED),1) --jobs $(or $(FUZZ_JOBS),1) $(if $(FUZZ_TARGETS),--targets $(FUZZ_TARGETS))

clean:
	rm -rf $(VENV) out build
	find deckdsl -name '*.so' -delete
	rm -f deckdsl/_compiled.txt
