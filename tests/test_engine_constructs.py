"""Any deck that passes `check` is playable: every card effect written in the language guide
(docs/language.md) and in the rule fixtures (tests/rules/*.deck) is put on a card of the standard deck,
and each variant that checks without errors is played with random and greedy bots.  Nothing may raise
except a reported effect loop (EngineError), and every game must end."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import deckdsl
from deckdsl.check.config import Config
from deckdsl.games.janken_wars import bots
from deckdsl.games.janken_wars import engine as janken

ROOT = Path(__file__).resolve().parent.parent
STANDARD = (ROOT / "decks" / "janken-wars.deck").read_text(encoding="utf-8")
EFFECT = re.compile(r"^\s*(action|ação|acao|condition|condição|condicao|cost|custo):.*$", re.M)


def _effects() -> list[str]:
    """Every distinct effect line of the guide's ```deck blocks and the rule fixtures."""
    texts = re.findall(r"^```deck[ \t]*\n(.*?)^```", (ROOT / "docs" / "language.md").read_text(encoding="utf-8"),
                       re.S | re.M)
    texts += [p.read_text(encoding="utf-8") for p in sorted((ROOT / "tests" / "rules").glob("*.deck"))]
    lines = {" ".join(m.group(0).split("#")[0].split()) for text in texts for m in EFFECT.finditer(text)}
    # A fixture's `named "X"` is about its own cards: here it names a card of the standard deck.
    known = set(re.findall(r'^card "([^"]+)"', STANDARD, re.M))
    lines = {re.sub(r'named "([^"]+)"', lambda m: m.group(0) if m.group(1) in known else 'named "Muro Alto"', line)
             for line in lines}
    return sorted(line for line in lines if line)


EFFECTS = _effects()
HAZARDS = ("JW113", "JW117", "JW118", "JW119")


def _variant(effect: str) -> str:
    """The standard deck with Origami Sublime (4 points, no effect) given `effect` (and the value `*` when
    the effect defines its value)."""
    text = STANDARD.replace('card "Origami Sublime" {\n', 'card "Origami Sublime" {\n  ' + effect + "\n", 1)
    if re.search(r"\bvalue\s*=", effect):
        text = text.replace("  copies: 6\n  value: 4\n", "  copies: 6\n  value: *\n", 1)
    return text


def test_there_are_many_constructs_to_play():
    assert len(EFFECTS) >= 40, EFFECTS


@pytest.mark.parametrize("effect", EFFECTS)
def test_every_checked_effect_plays(effect):
    # An unresolved ordering hazard is played in the engine's default order (docs/language.md, section 9).
    result = deckdsl.loads(_variant(effect), "variant.deck", config=Config(ignore=HAZARDS))
    if result.errors:
        pytest.skip(f"does not check: {result.errors[0].code} {result.errors[0].message}")
    rules = janken.rules_for(result.deck, result.profile, {"round_limit": "300"})
    compiled = janken.compile_deck(result.deck, result.profile, rules)
    for seed, players in ((1, ("random", "random")), (2, ("greedy", "random")), (3, ("random", "greedy"))):
        for game in range(4):
            rng = random.Random(seed * 100 + game)
            seats = [bots.make_player(name, random.Random(rng.getrandbits(32))) for name in players]
            try:
                outcome = janken.Game(compiled, seats, rng).play()
            except janken.EngineError as error:
                assert error.cards, "an effect loop names its cards"
                return
            assert outcome.rounds <= 300
            assert outcome.winner in (0, 1, None)


def _option_values() -> list[dict[str, str]]:
    from deckdsl.profiles import profile

    game = profile.load("janken-wars")
    found = [{name: choice} for name, parameter in game.rules.items() for choice in parameter.choices]
    found += [{name: str(value)} for name, parameter in game.rules.items() if not parameter.choices
              for value in (parameter.min, parameter.max) if name not in ("step_limit", "round_limit")]
    return found


@pytest.mark.parametrize("override", _option_values(), ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
@pytest.mark.parametrize("deck", ["decks/janken-wars.deck", "decks/examples/new-deck-examples.deck"])
def test_every_rule_option_value_plays(deck, override):
    """Each value of each rule parameter and option (its extremes for numbers) plays to an end."""
    result = deckdsl.load(ROOT / deck)
    rules = janken.rules_for(result.deck, result.profile, {**override, "round_limit": "150"})
    compiled = janken.compile_deck(result.deck, result.profile, rules)
    for game, players in enumerate((("random", "random"), ("greedy", "random"))):
        rng = random.Random(game)
        seats = [bots.make_player(name, random.Random(rng.getrandbits(32))) for name in players]
        outcome = janken.Game(compiled, seats, rng).play()
        assert outcome.rounds <= 150 and outcome.winner in (0, 1, None)
