"""The hazard analysis and the engine agree: every witness the analysis reports plays out in the engine
exactly as the analysis says, in both orders; and for pairs of effects the analysis finds no hazard in,
the engine ends the same way in both orders on randomly generated situations (the property the issue
asks for).  The engine is given the order by an addendum, with only the pair's effects in force."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import deckdsl
from deckdsl.check.hazards.analysis import Analysis
from deckdsl.check.hazards.pairs import Situation
from deckdsl.check.hazards.board import Ctx, Order, Piece
from deckdsl.check.hazards.world import World
from hazard_harness import compile_with_order, engine_outcomes, only_the_pair

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = sorted((ROOT / "tests" / "rules").glob("JW11[3-9].deck")) + [ROOT / "tests" / "hazards" / "mixed.deck"]


def _witnesses():
    cases = []
    for path in FIXTURES:
        result = deckdsl.load(path, check=False)
        for finding in Analysis(result.deck, result.profile).report():
            cases.append(pytest.param(path, finding.partner.card.name, finding.partner.clause,
                                      finding.effect.card.name, finding.effect.clause,
                                      id=f"{path.stem}:{finding.partner.card.name}+{finding.effect.card.name}"))
    return cases


@pytest.mark.parametrize(("path", "first", "first_clause", "second", "second_clause"), _witnesses())
def test_every_witness_plays_out_in_the_engine(path, first, first_clause, second, second_clause):
    text = path.read_text(encoding="utf-8")
    result = deckdsl.loads(text, str(path), check=False)
    analysis = Analysis(result.deck, result.profile)
    one = next(e for e in analysis.effects if e.card.name == first and e.clause == first_clause)
    two = next(e for e in analysis.effects if e.card.name == second and e.clause == second_clause)
    witness = analysis.witness(one, two)
    assert witness is not None
    names = {witness.roles[0]: first, witness.roles[1]: second}
    for (a, b), expected in zip(((first, second), (second, first)), witness.outcomes, strict=True):
        compiled = only_the_pair(compile_with_order(text, a, b), [(first, first_clause), (second, second_clause)])
        got = engine_outcomes(compiled, witness.situation, names, values=witness.situation.happening is None)
        assert got == expected, f"`{a}` first: the analysis says {sorted(expected, key=repr)}, the engine {got}"
    assert witness.outcomes[0] != witness.outcomes[1]


# -------------------------------------------------------------------- the property: no hazard, no difference ---

STANDARD = (ROOT / "decks" / "janken-wars.deck").read_text(encoding="utf-8")
STANDARD_NAMES = re.findall(r'^card "([^"]+)"', STANDARD, re.M)
CLAUSE = re.compile(r"^\s*(condition|condição|condicao):\s*(.*)$", re.M)
ZONES = [("deck", None), ("table", None), ("domain", 0), ("domain", 1), ("discard", 0), ("discard", 1)]


def _clauses() -> list[str]:
    """Every condition clause of the language guide and the rule fixtures that can be ordered (a modifier, a
    value that reads values, a trigger, a discard priority), its `named` cards renamed to standard ones."""
    texts = re.findall(r"^```deck[ \t]*\n(.*?)^```", (ROOT / "docs" / "language.md").read_text(encoding="utf-8"),
                       re.S | re.M)
    texts += [p.read_text(encoding="utf-8") for p in sorted((ROOT / "tests" / "rules").glob("*.deck"))]
    found = set()
    for text in texts:
        for match in CLAUSE.finditer(text):
            for clause in match.group(2).split("#")[0].split(";"):
                clause = " ".join(clause.split())
                clause = re.sub(r'named "([^"]+)"', lambda m: m.group(0) if m.group(1) in STANDARD_NAMES
                                else 'named "Origami Sublime"', clause)
                if clause and ("get" in clause or "whenever" in clause or "discarded" in clause
                               or ("value =" in clause and ("total(" in clause or "with value" in clause))):
                    found.add(clause)
    return sorted(found)


CLAUSES = _clauses()
FAMILIES = [[c for c in CLAUSES if word in c] for word in (" get ", "whenever", "value =", "discarded")]


@st.composite
def _pairs(draw) -> tuple[str, str]:
    """Two clauses, most often of one family (where hazards are), sometimes any two."""
    if draw(st.integers(0, 4)):
        family = draw(st.sampled_from([f for f in FAMILIES if f]))
        return draw(st.sampled_from(family)), draw(st.sampled_from(family))
    return draw(st.sampled_from(CLAUSES)), draw(st.sampled_from(CLAUSES))


def _deck(one: str, two: str) -> str:
    def card(name: str, kind: str, clause: str) -> str:
        value = "*" if clause.startswith("value =") else "2"
        return (f'\ncard "{name}" {{\n  type: {kind}\n  rarity: especial\n  copies: 2\n  value: {value}\n'
                f"  condition: {clause}\n}}\n")

    return STANDARD + card("Carta Um", "papel", one) + card("Carta Dois", "tesoura", two)


def _situation(rng: random.Random, analysis: Analysis, one, two) -> Situation:
    """A random situation for the pair: its two cards (in domains, mostly), some of the deck's cards and
    Brindes anywhere, stars, and an event of the kind the pair answers."""
    cards = {card.name: card for card in analysis.deck.cards}
    pieces = [(one.card, "Carta Um", ("domain", 0) if rng.random() < 0.9 else rng.choice(ZONES)),
              (two.card, "Carta Dois", ("domain", rng.randint(0, 1)) if rng.random() < 0.9 else rng.choice(ZONES))]
    copies = [name for name in STANDARD_NAMES for _ in range(cards[name].copies - 1)]  # one left for an event
    for _ in range(rng.randint(0, 7)):
        name = rng.choice(copies + ["Brinde"] * 6)
        if name != "Brinde":
            copies.remove(name)
        pieces.append((cards.get(name), name, rng.choice(ZONES if rng.random() < 0.5 else ZONES[2:4])))
    pieces += [(None, "Estrela", ("supply", None))] * rng.randint(0, 3)
    pieces += [(None, "Estrela", ("stars", seat)) for seat in (0, 1) for _ in range(rng.randint(0, 1))]
    chosen = []
    world = World(analysis.profile, analysis.rules, (), Order({}))
    placed = [world.put(Piece(card, name) if card is not None else Piece(None, star=name == "Estrela"), zone)
              for card, name, zone in pieces]
    for index, effect in enumerate((one, two)):
        if getattr(effect.node, "chosen_on_entry", False) and world.seat_of(placed[index]) is not None:
            legal = world.cards(effect.node.cards, Ctx(world.seat_of(placed[index]), placed[index]), take=True)
            if legal:  # a choice the rules allow (the selection's zone and filters)
                chosen.append((index, placed.index(rng.choice(legal))))
    happening = None
    node = one.node
    if node.kind == "Trigger" and node.event.kind == "DisputeEvent":
        throw, beaten = rng.choice([("rock", "scissors"), ("paper", "rock"), ("scissors", "paper")])
        happening = ("dispute", rng.randint(0, 1), throw, beaten)
    elif node.kind == "Trigger":
        seat, name = rng.randint(0, 1), rng.choice(sorted(set(copies)) + ["Brinde"])
        origin = ("supply", None) if name == "Brinde" else rng.choice([("table", None), ("deck", None),
                                                                      ("domain", 1 - seat), ("discard", seat)])
        if node.event.kind == "GainEvent":
            lands = ("hand", seat) if origin in (("table", None), ("supply", None)) else ("domain", seat)
        else:
            lands = ("discard", seat)
        pieces.append((cards.get(name), name, lands))
        happening = (node.event.kind, seat, len(pieces) - 1, origin)
    elif node.kind == "DiscardPriority":
        estilete = cards["Estilete Afiado"]
        pieces.append((estilete, "Estilete Afiado", ("table", None)))
        happening = ("step", len(pieces) - 1, rng.randint(0, 1), estilete.action.steps[0])
    return Situation(pieces, happening, chosen)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_pairs(), st.randoms(use_true_random=False))
def test_no_hazard_reported_means_both_orders_end_the_same(pair, rng):
    one, two = pair
    text = _deck(one, two)
    result = deckdsl.loads(text, "pair.deck", check=False)
    analysis = Analysis(result.deck, result.profile)
    first = next((e for e in analysis.effects if e.card.name == "Carta Um"), None)
    second = next((e for e in analysis.effects if e.card.name == "Carta Dois"), None)
    if first is None or second is None:
        return  # a clause that does not check on these cards
    if analysis.witness(first, second) is not None:
        return  # a hazard: its witness is played in the engine by the test above, for the fixtures
    pair = [("Carta Um", first.clause), ("Carta Dois", second.clause)]
    compiled = [only_the_pair(compile_with_order(text, a, b), pair)
                for a, b in (("Carta Um", "Carta Dois"), ("Carta Dois", "Carta Um"))]
    for _ in range(16):
        situation = _situation(rng, analysis, first, second)
        values = situation.happening is None
        ends = [engine_outcomes(c, situation, {}, values=values, limit=64) for c in compiled]
        if None in ends:
            continue
        assert ends[0] == ends[1], (
            f"no hazard reported for\n  {one}\n  {two}\nbut the two orders end differently in {situation}:\n"
            f"  Carta Um first: {sorted(ends[0], key=repr)}\n  Carta Dois first: {sorted(ends[1], key=repr)}")


def test_there_are_many_clauses_to_pair():
    assert len(CLAUSES) >= 40, CLAUSES


def _every_witness():
    """(witness, first name, second name) for every pair of effects of the fixtures with a hazard."""
    for path in FIXTURES:
        result = deckdsl.load(path, check=False)
        analysis = Analysis(result.deck, result.profile)
        names = sorted({effect.card.name for effect in analysis.effects})
        for a in names:
            for b in names:
                for _, _, witness in analysis.pairs_of(a, b):
                    if witness is not None:
                        yield witness, a, b


def test_a_remembered_sentence_is_the_one_its_witness_would_be_told():
    """`describe.tell` remembers sentences by what they are made of (`_told_key`): every witness of the
    fixtures, told afresh, reads as the sentence remembered under its key — whichever witness put it there."""
    from deckdsl.check.hazards import describe

    remembered: dict[tuple, str] = {}
    told = 0
    for witness, a, b in _every_witness():
        fresh = describe._tell(witness, a, b)
        assert remembered.setdefault(describe._told_key(witness, a, b), fresh) == fresh
        assert describe.tell(witness, a, b) == fresh
        told += 1
    assert told > 40 and len(remembered) < told, (told, len(remembered))  # many witnesses, some keys shared


def test_a_sentence_is_made_only_of_what_it_is_remembered_by():
    """`describe._tell` must read nothing of a witness that `_told_key` leaves out: the pieces' cards (only
    whether a piece is a card), a discard step (only who discards), the cards a modifier chose.  Told with
    those replaced by stand-ins that hold nothing else, every witness of the fixtures reads the same."""
    from dataclasses import replace

    from deckdsl.check.hazards import describe

    class Step:
        def __init__(self, player):
            self.player = player

    told = 0
    for witness, a, b in _every_witness():
        situation = witness.situation
        happening = situation.happening
        if happening is not None and happening[0] == "step":
            happening = (*happening[:3], Step(happening[3].player))
        pieces = [(None if card is None else object(), name, zone) for card, name, zone in situation.pieces]
        stand_in = replace(witness, situation=replace(situation, pieces=pieces, happening=happening, chosen=[(-1, -1)]))
        assert describe._told_key(stand_in, a, b) == describe._told_key(witness, a, b)
        assert describe._tell(stand_in, a, b) == describe._tell(witness, a, b)
        told += 1
    assert told > 40
