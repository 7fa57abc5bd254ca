"""The bots' look-ahead copies of a game (`Game.clone`) skip pricing exchanges their players never make
(`Player.never_exchanges`); yomi's zero-sum games are solved once per matrix (`bots._solved`): a fast
path that must play the very games the reference path (every offer priced, every matrix solved afresh)
played.  A look-ahead copy draws from its own generator, seeded from the game's: what it draws is not
what the game will draw."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import deckdsl
from deckdsl import build
from deckdsl.games.janken_wars import engine as janken
from deckdsl.games.janken_wars import bots
from deckdsl.games.janken_wars.bots import make_player
from deckdsl.games.janken_wars.engine import game as engine
from deckdsl.stats import game_rng

ROOT = Path(__file__).resolve().parent.parent


def test_a_look_ahead_copy_does_not_draw_what_the_game_will_draw():
    result = deckdsl.load(ROOT / "decks" / "janken-wars.deck")
    compiled = janken.compile_deck(result.deck, result.profile, janken.rules_for(result.deck, result.profile, {}))
    game = engine.Game(compiled, [None, None], random.Random(3))
    copy = game.clone([None, None])
    ahead = [copy.rng.random() for _ in range(5)]
    assert ahead != [game.rng.random() for _ in range(5)]


def played(compiled, players, seeds) -> list:
    games = []
    for index in seeds:
        rng = game_rng(7, index)
        seats = [make_player(players[0], random.Random(rng.getrandbits(64))),
                 make_player(players[1], random.Random(rng.getrandbits(64)))]
        stats = janken.GameStats(len(compiled.defs), frozenset())
        outcome = engine.Game(compiled, seats, rng, stats=stats).play()
        games.append((outcome.winner, outcome.rounds, outcome.reason, stats.taken, stats.exchanges))
    return games


@pytest.mark.skipif(build.compiled(), reason="it patches the engine's own names, which compiled code does not look "
                    "up: the pure-Python run of the suite (DECKDSL_PURE=1) plays it")
@pytest.mark.parametrize(("deck", "settings"), [
    ("janken-wars.deck", {}), ("janken-wars.deck", {"chooser": "random"}),
    ("examples/old-rolo-compressor.deck", {"chooser": "random"})])
def test_greedy_and_yomi_play_the_same_games_on_the_fast_path(monkeypatch, deck, settings):
    result = deckdsl.load(ROOT / "decks" / deck)
    compiled = janken.compile_deck(result.deck, result.profile, janken.rules_for(result.deck, result.profile, settings))
    for players, seeds in ((("greedy", "yomi"), range(12)), (("greedy:hoard", "random"), range(20, 40))):
        fast = played(compiled, players, seeds)
        monkeypatch.setattr(bots._LookAhead, "never_exchanges", False)
        monkeypatch.setattr(bots, "_solved", lambda matrix: (tuple(bots._solve(matrix)[0]), bots._solve(matrix)[1]))
        reference = played(compiled, players, seeds)
        monkeypatch.undo()
        assert fast == reference
