"""Janken Wars on the one game interface (deckdsl.games.janken_wars): the rounds of its own engine
behind `State`, for the bots that play any game."""

from __future__ import annotations

import random
from pathlib import Path

import deckdsl
from deckdsl.games.interface import engine_for, play_out
from deckdsl.games.search import make_bot
from deckdsl.games.janken_wars.engine.zones import DECK

ROOT = Path(__file__).resolve().parent.parent
RESULT = deckdsl.load(ROOT / "decks" / "janken-wars.deck")
ENGINE = engine_for(RESULT.deck, RESULT.profile, {})


def test_the_engine_is_found_through_the_registry():
    assert type(ENGINE).__module__ == "deckdsl.games.janken_wars.state" and ENGINE.seats == 2


def test_random_games_end_with_a_winner_or_a_draw():
    for seed in range(60):
        state = play_out(ENGINE.new_state(random.Random(seed)), random.Random(seed + 1000))
        assert sum(state.returns()) == 0 and state.figures()["rounds"] >= 1


def test_the_same_seed_plays_the_same_game():
    def game(seed):
        state, rng, throws = ENGINE.new_state(random.Random(seed)), random.Random(seed), []
        while not state.is_terminal():
            throws.append(rng.choice(state.legal_actions()))
            state.apply(throws[-1])
        return throws, state.returns()

    assert game(3) == game(3)


def test_the_second_seat_does_not_see_the_first_throw():
    state = ENGINE.new_state(random.Random(1))
    before = state.information(1)
    state.apply(0)
    assert state.current_player() == 1
    assert state.information(1) == before and "your throw" in state.information(0)
    seen = {state.determinize(1, random.Random(seed)).pending for seed in range(30)}
    assert len(seen) == 3  # seat 2's worlds draw seat 1's throw again
    assert state.determinize(0, random.Random(1)).pending == 0


def test_determinize_keeps_what_a_seat_sees_and_shuffles_the_deck():
    state = ENGINE.new_state(random.Random(2))
    world = state.determinize(0, random.Random(5))
    assert world.information(0) == state.information(0)
    assert sorted(world.game.zones[DECK]) == sorted(state.game.zones[DECK])
    assert world.game.zones[DECK] != state.game.zones[DECK]
    world.apply(1)
    assert state.current_player() == 0  # the copy is independent


def test_janken_bots_play_through_the_interface():
    state = ENGINE.new_state(random.Random(4))
    greedy = make_bot("greedy", random.Random(1), ENGINE.bots)
    assert greedy.act(state) in state.legal_actions()
    assert make_bot("yomi:hoard", random.Random(1), ENGINE.bots).act(state) in (0, 1, 2)


def test_a_clone_leaves_the_original_exactly_as_it_was():
    """A search clones the real game thousands of times: doing so must not change how it goes on."""

    def finish(state):
        rng = random.Random(9)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        return state.returns(), state.figures(), list(state.game.zones[DECK])

    untouched, searched = ENGINE.new_state(random.Random(4)), ENGINE.new_state(random.Random(4))
    for _ in range(50):
        copy = searched.clone()
        play_out(copy, random.Random(1))
    assert finish(searched) == finish(untouched)
    a, b = untouched.clone(), untouched.clone()
    assert a.game.rng.getstate() == b.game.rng.getstate() == untouched.game.rng.getstate()
