"""Anchor benchmark: OpenSpiel (PyPI `open-spiel`) on goofspiel, so that deckdsl's speed figures can be printed as
ratios against a fixed outside workload measured on the same machine at the same time.

    bash bench/anchor.sh [--quick]                            # makes bench/.venv-anchor when missing, then runs this
    bench/.venv-anchor/bin/python bench/anchor.py [--quick]   # the same, the venv already made

Why: the machines here are shared and noisy; an absolute figure (games/s, iterations/s) moves between runs by more
than most changes to deckdsl do.  Dividing deckdsl's figure by the anchor's, both measured in one bench run, cancels
much of that drift, and says how deckdsl stands against a well-known engine.  open-spiel is never a dependency of
deckdsl: it lives only in the bench's own venv, bench/.venv-anchor, which bench/anchor.sh makes; when it cannot be
installed, anchor.sh prints {"unavailable": "<reason>"} instead.

Figures, each in CPU time of this process (time.process_time()), median of 3 repeats of the same seeded games after
an untimed warm-up:

- random_games_per_s: complete random games driven from a Python loop (legal_actions, a random choice,
  apply_action; chance nodes drawn from chance_outcomes): the cost of an engine's Python API.
- mcts_iterations_per_s, mcts_games_per_s: OpenSpiel's C++ MCTS (pyspiel.MCTSBot, pyspiel.RandomRolloutEvaluator
  with one rollout, 200 simulations a decision, no solver) in every seat.  It runs in C++ and searches the true
  state, hidden cards included.
- python_ismcts_iterations_per_s, python_ismcts_games_per_s: OpenSpiel's Python IS-MCTS (ismcts.ISMCTSBot, 200
  simulations a decision, open_spiel.python.algorithms.mcts.RandomRolloutEvaluator with one rollout) in every seat:
  a search and rollouts written in Python, as deckdsl's are.  pyspiel.RandomRolloutEvaluator cannot serve here: its
  Python binding exposes neither evaluate nor prior.

An iteration is one simulation.  Goofspiel plays the last card itself, so each of a game's 24 decisions searches,
4,800 iterations a game (the JSON gives the count; a decision with one legal action would cost MCTS one simulation
and IS-MCTS none).

The game: goofspiel with 13 cards a hand, imp_info=True (a seat learns who won each round, not the card played) and
point cards in random order (a chance node each round): 12 rounds of two decisions among up to 13 cards, hidden
information and chance, about the size of a small card game.  Goofspiel is simultaneous-move and both searches need
turns, so every figure is on pyspiel.convert_to_turn_based(goofspiel): player 0 bids, then player 1 without seeing
that bid.  Goofspiel does not implement resample_from_infostate, which IS-MCTS calls once a simulation, so Resampler
below stands in (about a tenth of IS-MCTS's time).

Output: one JSON object on stdout.  --quick plays fewer games, for a smoke run (about 10 s); the default takes one to
one and a half minutes on this 2-core machine.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from importlib import metadata

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

GOOFSPIEL = {"num_cards": 13, "imp_info": True, "points_order": "random"}
SIMULATIONS = 200
UCT_C = 2.0
MAX_MEMORY_MB = 1000
REPEATS = 3
SEED = 1
GAMES = {"random": 5000, "mcts": 50, "python_ismcts": 6}
QUICK_GAMES = {"random": 500, "mcts": 4, "python_ismcts": 1}


def main() -> None:
    parser = argparse.ArgumentParser(description="OpenSpiel anchor figures on goofspiel, as one JSON object.")
    parser.add_argument("--quick", action="store_true", help="fewer games: a smoke run, noisier figures")
    games = QUICK_GAMES if parser.parse_args().quick else GAMES
    game = pyspiel.convert_to_turn_based(pyspiel.load_game("goofspiel", GOOFSPIEL))
    report = {
        "anchor": "open_spiel",
        "open_spiel": metadata.version("open_spiel"),
        "python": platform.python_version(),
        "game": str(game),
        "goofspiel": GOOFSPIEL,
        "turn_based": "pyspiel.convert_to_turn_based",
        "clock": "time.process_time",
        "repeats": REPEATS,
        "simulations": SIMULATIONS,
        "uct_c": UCT_C,
        "games": games,
    }
    report |= measure("random", play_random, game, games["random"])
    report |= measure("mcts", play_mcts, game, games["mcts"])
    report |= measure("python_ismcts", play_ismcts, game, games["python_ismcts"])
    print(json.dumps(report, indent=2))


def measure(name: str, play, game: pyspiel.Game, games: int) -> dict:
    """Median over REPEATS of the same seeded games, after an untimed warm-up; `play` returns the iterations it ran."""
    play(game, max(games // 10, 1), SEED + 1)
    samples = []
    for _ in range(REPEATS):
        started = time.process_time()
        iterations = play(game, games, SEED)
        samples.append((time.process_time() - started, iterations))
    figures = {f"{name}_games_per_s": round(statistics.median(games / seconds for seconds, _ in samples), 2)}
    if name != "random":
        figures[f"{name}_iterations_per_s"] = round(statistics.median(n / seconds for seconds, n in samples))
        figures[f"{name}_iterations_per_game"] = round(samples[0][1] / games, 1)
    figures[f"{name}_cpu_s"] = [round(seconds, 3) for seconds, _ in samples]
    return figures


def play_random(game: pyspiel.Game, games: int, seed: int) -> int:
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    return 0


def play_mcts(game: pyspiel.Game, games: int, seed: int) -> int:
    bots = [
        pyspiel.MCTSBot(
            game,
            pyspiel.RandomRolloutEvaluator(1, seed + seat),
            uct_c=UCT_C,
            max_simulations=SIMULATIONS,
            max_memory_mb=MAX_MEMORY_MB,
            solve=False,
            seed=seed + seat,
            verbose=False,
        )
        for seat in range(game.num_players())
    ]
    return play_bots(game, bots, games, random.Random(seed), forced=1)


def play_ismcts(game: pyspiel.Game, games: int, seed: int) -> int:
    bots = []
    for seat in range(game.num_players()):
        bot = ismcts.ISMCTSBot(
            game,
            mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed + seat)),
            uct_c=UCT_C,
            max_simulations=SIMULATIONS,
            random_state=np.random.RandomState(seed + seat),
        )
        bot.set_resampler(Resampler(game, seed + seat))
        bots.append(bot)
    return play_bots(game, bots, games, random.Random(seed), forced=0)


def play_bots(game: pyspiel.Game, bots: list, games: int, rng: random.Random, forced: int) -> int:
    """Plays `games` games, one bot a seat; returns the simulations run (`forced` when one action is legal)."""
    iterations = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(chance(state, rng))
            else:
                iterations += SIMULATIONS if len(state.legal_actions()) > 1 else forced
                state.apply_action(bots[state.current_player()].step(state))
    return iterations


def chance(state: pyspiel.State, rng: random.Random) -> int:
    outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
    return rng.choices(outcomes, probabilities)[0]


class Resampler:
    """resample_from_infostate for turn-based goofspiel with imp_info: a state the seat cannot tell from the true one.

    The seat knows its own bids, the point cards and who won each round; the opponent's bids are drawn, consistent
    with those outcomes, round by round from the most constrained, each uniform among the cards still free, starting
    again on a dead end (the true bids show that an attempt can succeed); this is not uniform over the consistent
    worlds.  The opponent's bid of the current round, when already made, is any card left in its hand.
    """

    def __init__(self, game: pyspiel.Game, seed: int) -> None:
        self._game = game
        self._rng = random.Random(seed)
        self._cards = range(game.get_parameters()["game"]["num_cards"])
        self._seen: tuple = ()
        self._candidates: list[list[int]] = []

    def __call__(self, state: pyspiel.State, player: int) -> pyspiel.State:
        history = state.history()
        opponent = 1 - player
        if (history, player) != self._seen:
            self._seen = (history, player)
            self._candidates = self._consistent(history, player)
        bids = self._bids()
        if len(history) % 3 == 2 and opponent == 0:
            bids.append(self._rng.choice([card for card in self._cards if card not in bids]))
        world = self._game.new_initial_state()
        for index, action in enumerate(history):
            world.apply_action(bids[index // 3] if index % 3 == 1 + opponent else action)
        return world

    def _consistent(self, history: list[int], player: int) -> list[list[int]]:
        """Per past round, the opponent's bids that give the outcome the seat saw."""
        candidates = []
        for start in range(0, len(history) - 2, 3):
            own, theirs = history[start + 1 + player], history[start + 2 - player]
            candidates.append([card for card in self._cards if _sign(card - own) == _sign(theirs - own)])
        return candidates

    def _bids(self) -> list[int]:
        order = sorted(range(len(self._candidates)), key=lambda k: len(self._candidates[k]))
        bids = [0] * len(order)
        while True:
            used: set[int] = set()
            for k in order:
                free = [card for card in self._candidates[k] if card not in used]
                if not free:
                    break
                bids[k] = free[int(self._rng.random() * len(free))]
                used.add(bids[k])
            else:
                return bids


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


if __name__ == "__main__":
    main()
