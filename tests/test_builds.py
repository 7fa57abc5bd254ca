"""The compiled build and the pure-Python one (setup.py, deckdsl/build.py) are the same game: the same seed gives
byte-identical figures, whichever runs.  `make test` runs the suite on the build installed (compiled where a C
compiler works) and the game tests again with DECKDSL_PURE=1."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from deckdsl import build

ROOT = Path(__file__).resolve().parent.parent

RUNS = [
    ("janken-wars.deck", "--games", "200", "--seed", "1"),
    ("janken-wars.deck", "--games", "40", "--seed", "2", "--players", "greedy:hoard,yomi"),
    ("janken-wars.deck", "--games", "3", "--seed", "3", "--players", "ismcts:20,greedy"),
    ("queens-vs-kings.deck", "--games", "200", "--seed", "1"),
    ("queens-vs-kings.deck", "--games", "4", "--seed", "2", "--players", "ismcts:20,random"),
    ("embate-dos-guardioes.deck", "--games", "200", "--seed", "1"),
    ("embate-dos-guardioes.deck", "--games", "4", "--seed", "2", "--players", "ismcts:20,rollout:2"),
    ("cooperativo.deck", "--games", "100", "--seed", "1"),
    ("cooperativo.deck", "--games", "2", "--seed", "2", "--players", "ismcts:20"),
]


def simulate(deck: str, *options: str, pure: bool) -> str:
    env = {**os.environ, "DECKDSL_PURE": "1" if pure else ""}
    done = subprocess.run([sys.executable, "-m", "deckdsl", "simulate", f"decks/{deck}", *options, "--format", "json"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_build_that_runs_is_the_one_asked_for():
    env = {**os.environ, "DECKDSL_PURE": "1"}
    done = subprocess.run([sys.executable, "-m", "deckdsl", "--version"], env=env, capture_output=True, text=True)
    assert "pure Python" in done.stdout
    if build.manifest().get("modules") and not os.environ.get("DECKDSL_PURE"):
        assert build.compiled(), build.describe()  # compiled, and no source changed since


@pytest.mark.skipif(not build.manifest().get("modules"), reason="a pure-Python install: one build only")
@pytest.mark.parametrize("run", RUNS, ids=[" ".join(run) for run in RUNS])
def test_the_compiled_build_plays_the_same_games_as_the_pure_one(run):
    assert simulate(*run, pure=False) == simulate(*run, pure=True)
