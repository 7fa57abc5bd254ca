"""What a search relies on, for every game on the interface: `key` is `information` as a key, a
determinization keeps what the seat sees, a clone draws what the original will draw, and a seeded game is
the same game every time."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import deckdsl
from deckdsl.games import chance
from deckdsl.games.chance import Stream
from deckdsl.games.interface import engine_for

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["janken-wars", "embate-dos-guardioes", "cooperativo", "queens-vs-kings"]


def _engine(name: str):
    loaded = deckdsl.load(ROOT / "decks" / f"{name}.deck")
    return engine_for(loaded.deck, loaded.profile, {})


def _states(engine, games: int, seed: int = 1):
    """States met along random games (every one of their decisions)."""
    rng = random.Random(seed)
    for number in range(games):
        state = engine.new_state(random.Random(number))
        for _ in range(400):
            if state.is_terminal():
                break
            yield state
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        yield state


@pytest.mark.parametrize("name", GAMES)
def test_key_tells_states_apart_exactly_as_information_does(name):
    engine = _engine(name)
    by_key: dict = {}
    count = 0
    for state in _states(engine, 6):
        for seat in range(state.seats):
            key, text = (seat, state.key(seat)), (seat, state.information(seat))
            hash(key)
            assert by_key.setdefault(key, text) == text, f"one key for two views of seat {seat}"
            count += 1
    texts = set(by_key.values())
    assert len(texts) == len(by_key), "two keys for one view"
    assert count > 100


@pytest.mark.parametrize("name", GAMES)
def test_a_determinization_keeps_what_the_seat_sees(name):
    engine = _engine(name)
    rng = random.Random(3)
    checked = 0
    for state in _states(engine, 4):
        if state.is_terminal():
            continue
        seat = state.current_player()
        world = state.determinize(seat, rng)
        assert world.key(seat) == state.key(seat)
        assert world.information(seat) == state.information(seat)
        assert world.legal_actions() == state.legal_actions()
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("name", GAMES)
def test_a_seeded_game_is_the_same_game(name):
    engine = _engine(name)

    def transcript(seed: int) -> list:
        state, rng, seen = engine.new_state(random.Random(seed)), random.Random(seed), []
        while not state.is_terminal():
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
            seen.append((state.current_player(), action))
            state.apply(action)
        return [*seen, state.returns()]

    assert transcript(5) == transcript(5)
    assert transcript(5) != transcript(6)


def test_a_stream_copy_draws_what_the_original_draws():
    stream = Stream(7)
    stream.random()
    copy = stream.copy()
    assert [copy.randrange(10) for _ in range(20)] == [stream.randrange(10) for _ in range(20)]
    items = list(range(30))
    copy.shuffle(items)
    assert sorted(items) == list(range(30)) and items != list(range(30))
    assert sorted(stream.sample(list(range(30)), 30)) == list(range(30))
    with pytest.raises(ValueError):
        stream.randrange(0)


def test_chance_shuffle_sample_and_below_draw_what_random_draws():
    """`chance.shuffle`, `sample` and `below` stand in for `random.Random.shuffle`, `sample` and `randrange`
    in the engines' deals, the searches' determinizations and Janken Wars' random player: the same generator
    must give the same numbers (every seeded game depends on it), whichever build runs and whatever Python's
    `random.py` does."""
    for seed in range(200):
        ours, theirs = random.Random(seed), random.Random(seed)
        for size in (0, 1, 2, 3, 7, 31, 36, 54, 65):
            mine, stdlib = list(range(size)), list(range(size))
            chance.shuffle(ours, mine)
            theirs.shuffle(stdlib)
            assert mine == stdlib
        assert [chance.below(ours, n) for n in range(1, 80)] == [theirs.randrange(n) for n in range(1, 80)]
        for size, k in ((1, 1), (3, 2), (5, 5), (9, 3), (21, 4), (22, 1), (40, 6), (40, 2), (300, 9), (8, 0)):
            population = [f"card {i}" for i in range(size)]
            assert chance.sample(ours, population, k) == theirs.sample(population, k)
        assert ours.getstate() == theirs.getstate()
    with pytest.raises(ValueError):
        chance.below(random.Random(0), 0)
    with pytest.raises(ValueError):
        chance.sample(random.Random(0), [1, 2], 3)


def test_stream_halves_compute_splitmix64_on_whole_numbers():
    """`Stream` works its 64-bit state in 32-bit halves (so the compiled build never makes a Python long);
    its draws are SplitMix64's written on whole numbers, for seeds of every size and any `n`."""
    mask = (1 << 64) - 1

    def reference(state):
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return state, z ^ (z >> 31)

    rng = random.Random(7)
    for trial in range(400):
        seed = rng.getrandbits(64) if trial % 3 else rng.getrandbits(rng.randrange(1, 64))
        stream, state = Stream(seed), seed & mask
        for _ in range(12):
            n = rng.randrange(1, 1 << rng.randrange(1, 40))
            copy = stream.copy()
            state, draw = reference(state)
            assert stream.next64() == draw and stream.state == state
            assert copy.scaled(n) == (draw * n) >> 64
            assert copy.state == state
        assert stream.split().state == reference(state)[1]
    assert Stream(0).random() == (0xE220A8397B1DCDAF >> 11) / (1 << 53)


def test_stream_draws_are_fixed_numbers():
    """The draws are integer arithmetic: these numbers hold in the pure and the compiled build, on any
    machine (SplitMix64's reference output for seed 0 begins 0xE220A8397B1DCDAF)."""
    assert Stream(0).next64() == 0xE220A8397B1DCDAF
    stream = Stream(42)
    assert [stream.randrange(6) for _ in range(8)] == [4, 0, 1, 2, 0, 5, 1, 4]
    items = list(range(10))
    Stream(42).shuffle(items)
    assert items == [8, 3, 6, 5, 4, 0, 9, 2, 1, 7]
    stream = Stream(42)
    assert stream.sample(list(range(10)), 4) == [7, 2, 4, 5]
    assert stream.getrandbits(16) == 2492
    assert round(stream.random(), 12) == 0.868228076547
