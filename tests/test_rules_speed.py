"""The rules share their work: each card's facts are worked out once per check, and the shortcuts give what
the plain definitions give.  Work is counted here, never timed (bench/bench_rules.py has the figures)."""

import sys
from collections import Counter
from pathlib import Path

import pytest

from deckdsl.check import parts
from deckdsl.games.janken_wars import worth as polarity
from deckdsl.check.registry import RULES
from deckdsl.check.rule import Context
from deckdsl.lang import ast
from deckdsl.lang.parse import parse_deck

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from bench_check import generate_deck  # noqa: E402

DECKS = sorted((ROOT / "decks").rglob("*.deck"))


def _parsed(text: str, near: Path | None = None):
    deck, _, profile, _ = parse_deck(text, near)
    assert profile is not None
    return deck, profile


def _check(deck, profile) -> list:
    context = Context(deck=deck, profile=profile)
    return [d for rule in RULES if rule.applies_to(profile) for d in rule.check(context)]


def test_each_card_is_judged_once_per_check(monkeypatch):
    deck, profile = _parsed(generate_deck(300))
    asked: Counter[str] = Counter()
    real = parts.effect_nodes

    def counted(card):
        asked[card.name] += 1
        return real(card)

    monkeypatch.setattr(parts, "effect_nodes", counted)
    monkeypatch.setattr(polarity, "effect_nodes", counted)
    _check(deck, profile)
    # once for what the effects are worth (`worth`), once for their parts (`effect_parts`)
    assert set(asked.values()) == {2}
    asked.clear()
    _check(deck, profile)
    assert set(asked.values()) == {2}, "a new check works the facts out afresh"


def test_of_card_keeps_one_fact_per_card_and_check():
    deck, profile = _parsed(generate_deck(20))
    calls: Counter[str] = Counter()

    def fact(card):
        calls[card.name] += 1
        return card.name.upper()

    context = Context(deck=deck, profile=profile)
    for _ in range(3):
        assert [context.of_card(fact, card) for card in deck.cards] == [c.name.upper() for c in deck.cards]
    assert set(calls.values()) == {1}
    Context(deck=deck, profile=profile).of_card(fact, deck.cards[0])
    assert calls[deck.cards[0].name] == 2


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.name)
def test_the_shared_facts_are_the_plain_definitions(path):
    deck, profile = _parsed(path.read_text(encoding="utf-8"), path.parent)
    for card in deck.cards:
        judged = polarity.worth(card)
        assert judged.total == polarity.card_polarity(card)
        assert judged.drawback == polarity.has_drawback(card)
        assert judged.benefit == polarity.has_benefit(card)
        assert judged.effects == tuple(polarity.polarity(node) for node in parts.effect_nodes(card))
        found = parts.effect_parts(card)
        walked = [part for node in parts.effect_nodes(card) for part in node.walk()]
        assert [id(part) for part in found] == [id(part) for part in walked]
        assert parts.card_size(card) == sum(parts.size(node) for node in parts.effect_nodes(card))


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.name)
def test_children_are_every_node_a_field_holds(path):
    deck, _ = _parsed(path.read_text(encoding="utf-8"), path.parent)
    for node in deck.walk():
        held = []
        for name in type(node).model_fields:
            value = getattr(node, name)
            if isinstance(value, ast.Node):
                held.append(value)
            elif isinstance(value, tuple):
                held.extend(item for item in value if isinstance(item, ast.Node))
        assert [id(child) for child in node.children()] == [id(child) for child in held]
