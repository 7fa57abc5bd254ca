"""The simulator of games on the one interface (deckdsl.lab.arena), with toy engines; the real games'
decks are played in their own tests."""

from __future__ import annotations

import random

import pytest

import deckdsl
from deckdsl.games.interface import Engine
from deckdsl.lab import arena
from test_search import Guess, Nim  # noqa: E402 — tests/test_search.py

DECK = deckdsl.loads('deck "T" { game: janken-wars }\n', check=False)


class NimEngine(Engine):
    name, seats = "Nim", 2

    def new_state(self, rng: random.Random) -> Nim:
        return Nim(rng.randrange(5, 15))


class TeamEngine(Engine):
    """A cooperative toy: the table succeeds when the hidden card was guessed low and is 0."""

    name, seats, cooperative = "Team", 2, True

    def new_state(self, rng: random.Random):
        class Team(Guess):
            def returns(self):
                return [1.0, 1.0] if self.call is not None and self.card == self.bet else [0.0, 0.0]

        return Team(rng.randrange(2))


@pytest.fixture
def engine(monkeypatch):
    def use(made):
        monkeypatch.setattr(arena, "engine_for", lambda deck, profile, settings: made)
    return use


def test_win_rates_of_a_competitive_game(engine):
    engine(NimEngine())
    found = arena.simulate(DECK.deck, DECK.profile, {}, games=300, seed=3, players=("ismcts:60", "random"))
    assert found["games"] == 300 and sum(found["wins"]) + found["draws"] == 300
    assert found["win_rate"][0]["ci95"][0] > 0.6  # the searching bot beats random
    assert found["actions"]["min"] >= 2


def test_success_rate_of_a_cooperative_game(engine):
    engine(TeamEngine())
    found = arena.simulate(DECK.deck, DECK.profile, {}, games=200, seed=1, players=("random", "random"))
    assert "success_rate" in found and "win_rate" not in found
    assert 0.1 < found["success_rate"]["rate"] < 0.9
    assert "success rate" in arena.text_report(found)


def test_the_same_seed_gives_the_same_figures_whatever_the_jobs(engine):
    engine(NimEngine())
    one = arena.simulate(DECK.deck, DECK.profile, {}, games=450, seed=9, players=("random", "random"), jobs=1)
    two = arena.simulate(DECK.deck, DECK.profile, {}, games=450, seed=9, players=("random", "random"), jobs=2)
    assert one == two
    assert one != arena.simulate(DECK.deck, DECK.profile, {}, games=450, seed=10, players=("random", "random"))


def test_players_per_seat():
    assert arena.seat_players("random", 4) == ("random",) * 4
    assert arena.seat_players("ismcts:20,random", 2) == ("ismcts:20", "random")
    with pytest.raises(ValueError, match="3 seats"):
        arena.seat_players("random,random", 3)
    with pytest.raises(ValueError):
        arena.seat_players("greedy", 2)
