# The two commands of the quick start: `make demo` and `make test`.
SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test bench docs clean fuzz

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	mkdir -p out
	$(BIN)/deckdsl check decks/janken-wars.deck decks/examples
	$(BIN)/deckdsl show decks/janken-wars.deck > out/janken-wars.txt.tmp && mv out/janken-wars.txt.tmp out/janken-wars.txt
	cat out/janken-wars.txt
	$(BIN)/deckdsl ast decks/janken-wars.deck > out/janken-wars.ast.json.tmp && mv out/janken-wars.ast.json.tmp out/janken-wars.ast.json
	$(BIN)/deckdsl render decks/janken-wars.deck -o out/janken-wars.pdf
	@echo "wrote out/janken-wars.txt, out/janken-wars.ast.json and out/janken-wars.pdf"

test: $(STAMP)
	$(BIN)/python -m pytest

docs: $(STAMP)
	$(BIN)/python -m deckdsl.check.docs .

bench: $(STAMP)
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
	rm -rf $(VENV) out
