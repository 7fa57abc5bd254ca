"""Embate dos Guardiões (seed 001): the rules engine `deckdsl.games.embate_dos_guardioes` on the game
interface.  Random play ends, is reproducible and zero-sum; scripted scenarios
(`tests/conformance_embate.toml`) quote every rule sentence of the seed and check what the engine does;
`determinize` keeps what a seat sees and redraws what it does not; clones are independent.
"""

from __future__ import annotations

import random
import re
import tomllib
from functools import lru_cache
from pathlib import Path

import pytest

import deckdsl
from deckdsl.games.embate_dos_guardioes import bluffs
from deckdsl.games.embate_dos_guardioes import engine as embate
from deckdsl.games.interface import TERMINAL, engine_for, parameters, play_out

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS_FILE = Path(__file__).resolve().parent / "conformance_embate.toml"
SEED_FILE = Path("/work/shared/seeds/001_0cb00199c0e4c17a.txt")


@lru_cache(maxsize=1)
def _loaded():
    result = deckdsl.load(ROOT / "decks" / "embate-dos-guardioes.deck", check=False)
    return result.deck, result.profile


def engine(**settings):
    deck, profile = _loaded()
    return engine_for(deck, profile, {name: str(value) for name, value in settings.items()})


# -- (a) random play ----------------------------------------------------------------------------------


@pytest.mark.parametrize("settings", [{}, {"bluffs": "forbidden"}, {"negotiation": "sequential", "duel_cards": "four"},
                                      {"bluff_check": "end", "both_bluffed": "play-on", "defense_tie": "attacker",
                                       "full_defense": "defender-wins"}])
def test_random_games_end_zero_sum(settings):
    game = engine(**settings)
    games = 2000 if not settings else 300
    for seed in range(games):
        state = game.new_state(random.Random(seed))
        rng = random.Random(seed + 10**6)
        for _ in range(200):
            if state.is_terminal():
                break
            actions = state.legal_actions()
            assert actions, f"seed {seed}: no legal action before the end ({state.phase})"
            state.apply(actions[rng.randrange(len(actions))])
        assert state.current_player() == TERMINAL, f"seed {seed} did not end"
        assert sum(state.returns()) == 0
        assert state.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
        assert state.figures()["phases"] >= 3  # a bluff is found out at the clash at the earliest


def test_same_seed_same_game():
    game = engine()
    for seed in range(20):
        a = play_out(game.new_state(random.Random(seed)), random.Random(seed + 1))
        b = play_out(game.new_state(random.Random(seed)), random.Random(seed + 1))
        assert a.information(0) == b.information(0) and a.returns() == b.returns()


def test_without_bluffs_the_guardians_decide():
    game = engine(bluffs="forbidden")
    reasons = {play_out(game.new_state(random.Random(seed)), random.Random(seed)).reason for seed in range(200)}
    assert reasons == {"ataque"}


def test_settings_are_read_from_the_profile():
    deck, profile = _loaded()
    assert parameters(deck, profile)["duel_cards"] == "remaining"
    with pytest.raises(ValueError):
        engine_for(deck, profile, {"duel_cards": "five"})


# -- (b) conformance: scripted scenarios ----------------------------------------------------------------


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


DATA = tomllib.loads(SCENARIOS_FILE.read_text(encoding="utf-8"))
SCENARIOS = DATA["scenario"]


def seed_sentences() -> list[str]:
    """The sentences of the seed's rules (from "Duração" on), one per line or sentence end."""
    text = DATA["seed"]["rules"]
    sentences = []
    for line in text.splitlines():
        sentences += [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z(ÁÉ])", _norm(line)) if s]
    return sentences


def test_the_stored_seed_is_the_seed():
    if not SEED_FILE.exists():
        pytest.skip("the seed is not on this machine")
    assert _norm(DATA["seed"]["rules"]) in _norm(SEED_FILE.read_text(encoding="utf-8"))


def test_every_rule_sentence_is_quoted():
    sentences = seed_sentences()
    not_rules = DATA["seed"]["not_rules"]
    for entry in not_rules:
        assert _norm(entry["sentence"]) in sentences and entry["reason"]
    quoted = " ".join(_norm(q) for scenario in SCENARIOS for q in scenario["quote"])
    skipped = {_norm(entry["sentence"]) for entry in not_rules}
    missing = [s for s in sentences if s not in skipped and s not in quoted]
    assert not missing, "rule sentences no scenario quotes:\n" + "\n".join(missing)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s["name"] for s in SCENARIOS])
def test_scenario(scenario):
    rules = _norm(DATA["seed"]["rules"])
    for quote in scenario["quote"]:
        assert _norm(quote) in rules, f"not a sentence of the seed: {quote}"
    game = engine(**scenario.get("rules", {}))
    names = game.names
    deal = scenario["deal"]
    first = deal.get("first", 0)
    layout = deal.get("layout")
    if layout is None:  # the draft takes the lowest free place each time: first, other, first …
        hands = [deal["hand0"], deal["hand1"]]
        layout = [card for pair in zip(hands[first], hands[1 - first], strict=True) for card in pair]
        layout += [deal[f"guardian{first}"], deal[f"guardian{1 - first}"], deal["center"]]
    state = embate.EmbateState(game, random.Random(scenario.get("seed", 0)), [names.index(n) for n in layout], first,
                               shuffle_hands=False)
    if "layout" not in deal:
        while state.phase in (embate.DRAFT, embate.GUARDIAN1):
            state.apply(state.legal_actions()[0])
    expects = {entry["after"]: entry for entry in scenario.get("expect", [])}
    for step, wanted in enumerate(scenario["actions"], 1):
        assert not state.is_terminal(), f"step {step}: the game ended early ({state.reason})"
        if "legal" in expects.get(step - 1, {}):
            described = sorted(state.describe(a) for a in state.legal_actions())
            assert described == sorted(expects[step - 1]["legal"]), described
        matches = [a for a in state.legal_actions() if wanted.casefold() in state.describe(a).casefold()]
        exact = [a for a in matches if state.describe(a).casefold() == wanted.casefold()]
        assert len(exact or matches) == 1, (step, wanted, [state.describe(a) for a in state.legal_actions()])
        state.apply((exact or matches)[0])
        _expect(state, expects.get(step), step)
    _expect(state, expects.get(-1), "final")


def _snapshot(state) -> dict:
    """The state by card names, for the scenarios."""
    def names(cards):
        return sorted(state.name(card) for card in cards)

    found = {"phase": state.phase, "winner": state.winner, "reason": state.reason, "center": state.name(state.center),
             "attacks": state.counts["attacks"], "phases": state.reached, "log": state.told()}
    for s in range(2):
        found |= {f"hand{s}": names(state.hands[s]), f"won{s}": names(state.won[s]),
                  f"g1_{s}": state.name(state.g1[s]), f"g2_{s}": state.name(state.g2[s]),
                  f"open{s}": sorted(state.open_guardians[s]), f"sum{s}": state.strength(s)[0],
                  f"clash{s}": state.name(state.clash[s]), f"took{s}": state.name(state.took[s])}
    return found


def _expect(state, expected, where):
    if not expected:
        return
    found = _snapshot(state)
    for key, value in expected.items():
        if key in ("after", "legal"):
            continue
        if key.startswith("info"):  # info0_has / info1_lacks: text `information(seat)` must (not) show
            seat, kind = int(key[4]), key[6:]
            text = state.information(seat)
            for piece in value:
                assert (piece in text) == (kind == "has"), f"{where}: {key} {piece!r}\n{text}"
            continue
        if key == "turn":
            assert state.current_player() == value, where
            continue
        if key == "logged":
            for piece in value:
                assert any(piece in line for line in found["log"]), f"{where}: no log line with {piece!r}"
            continue
        got = found[key]
        if isinstance(value, list) and isinstance(got, list):
            value, got = sorted(value), sorted(got)
        assert got == value, f"{where}: {key} is {got!r}, expected {value!r}"


# -- (c) determinize ------------------------------------------------------------------------------------


def _states(game, count=300):
    """States at every decision of random games."""
    for seed in range(count):
        state = game.new_state(random.Random(seed))
        rng = random.Random(-seed)
        while not state.is_terminal():
            yield state
            actions = state.legal_actions()
            state = state.clone()
            state.apply(actions[rng.randrange(len(actions))])


@pytest.mark.parametrize("settings", [{}, {"bluffs": "forbidden"}, {"negotiation": "sequential"}])
def test_determinize_keeps_what_the_seat_sees(settings):
    game = engine(**settings)
    changed = 0
    rng = random.Random(5)
    for state in _states(game, 150):
        for seat in range(2):
            before = state.information(seat)
            other = state.determinize(seat, rng)
            assert other.information(seat) == before
            if sorted(other.hands[1 - seat]) != sorted(state.hands[1 - seat]) or other.g1 != state.g1:
                changed += 1
            if settings.get("bluffs") == "forbidden":
                assert other.consistent(1 - seat)
            cards = [c for c in other.table if c is not None] + other.hands[0] + other.hands[1] + \
                [c for c in other.g1 + other.g2 + [other.center] if c is not None] + \
                [c for c in other.pending if c is not None and other.phase == embate.CLASH] + \
                other.piles[0] + other.piles[1]
            assert len(set(cards)) == len(cards)
            assert other.legal_actions() or other.is_terminal()
            if other.current_player() == seat:
                assert other.legal_actions() == state.legal_actions()
    assert changed > 100


def test_determinized_states_play_on():
    game = engine()
    rng = random.Random(9)
    for state in list(_states(game, 40))[::7]:
        for seat in range(2):
            end = play_out(state.determinize(seat, rng), rng)
            assert sum(end.returns()) == 0


# -- (d) clones ------------------------------------------------------------------------------------------


def test_clone_is_independent():
    game = engine()
    for seed in range(50):
        state = game.new_state(random.Random(seed))
        for _ in range(seed % 20):
            if state.is_terminal():
                break
            state.apply(state.legal_actions()[0])
        before = [state.information(0), state.information(1), state.returns(), state.rng.state]
        copy = state.clone()
        play_out(copy, random.Random(seed))
        assert [state.information(0), state.information(1), state.returns(), state.rng.state] == before
        again = state.clone()
        play_out(again, random.Random(seed))
        assert again.information(0) == copy.information(0)


# -- (e) the bluff rules -------------------------------------------------------------------------------


def _bluffed_as_written(values, centre, owned, g1, g2, card):
    """The seed's sentences read directly: the second guardian below the first or the lowest card held; the
    clash card above the centre or the highest card held (the cards held: all but the guardians)."""
    rest = [values[c] for c in owned if c not in (g1, g2)]
    if g1 is not None and g2 is not None and not (values[g2] < values[g1] or values[g2] <= min(rest, default=99)):
        return True
    return card is not None and not (values[card] > centre or values[card] >= max(rest))


def test_bluffed_in_is_the_rule_as_written():
    """`bluffs.bluffed_in` reads the seat's cards sorted once (a search asks it for every way hidden cards
    could lie); on random hands it agrees with the rule read card by card."""
    rng = random.Random(3)
    checked = 0
    for _ in range(3000):
        values = [rng.randrange(1, 14) for _ in range(13)]
        owned = rng.sample(range(13), rng.randrange(3, 9))
        g1, g2 = owned[0], owned[1] if rng.random() < 0.8 else None
        card = rng.choice(owned[2:]) if rng.random() < 0.7 else None
        centre = rng.randrange(1, 14)
        ranked = sorted((values[c], c) for c in owned)
        expected = _bluffed_as_written(values, centre, owned, g1, g2, card)
        assert bluffs.bluffed_in(values, centre, ranked, g1, g2, card) == expected
        checked += expected
    assert 300 < checked < 2700  # both answers are met often


def test_proven_only_when_every_hidden_world_bluffs():
    """A bluff is proven when no way the hidden cards could lie is proper: checked against the worlds listed
    one by one."""
    rng = random.Random(4)
    outcomes = set()
    for _ in range(400):
        values = [rng.randrange(1, 14) for _ in range(13)]
        owned = rng.sample(range(13), 7)
        g1, g2, card = owned[0], owned[1], owned[2]
        free = (rng.random() < 0.5, rng.random() < 0.5)
        hidden = set(owned[3:]) | {g for g, f in zip((g1, g2), free, strict=True) if f}
        centre = rng.randrange(1, 14)
        ranked = sorted((values[c], c) for c in owned)
        worlds = [(a if free[0] else g1, b if free[1] else g2) for a in (hidden if free[0] else [g1])
                  for b in (hidden if free[1] else [g2]) if a != b]
        expected = all(_bluffed_as_written(values, centre, owned, a, b, card) for a, b in worlds)
        assert bluffs.proven(values, centre, ranked, sorted(hidden), (g1, g2), free, card, None) == expected
        outcomes.add(expected)
    assert outcomes == {True, False}
