"""An editor's re-check (`deckdsl.loads(…, memory=…)`, `deckdsl.lang.reuse`, `deckdsl.check.memo`) gives
exactly what a check from scratch gives, and does only the work the edit calls for (counted, not timed)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import deckdsl
from deckdsl import Memory
from deckdsl.check.registry import RULES
from deckdsl.check.rule import Context
from deckdsl.lang import ast
from deckdsl.lang.parse import parse_deck

ROOT = Path(__file__).resolve().parent.parent
DECKS = sorted({*ROOT.glob("decks/**/*.deck"), *ROOT.glob("tests/**/*.deck")})
STANDARD = ROOT / "decks" / "janken-wars.deck"
LOCAL = [rule for rule in RULES if rule.local]

sys.path.insert(0, str(ROOT / "bench"))
from bench_check import generate_deck  # noqa: E402


def same(edited: str, path: Path, memory: Memory) -> deckdsl.Result:
    """Check `edited` with the memory and from scratch; they must agree in every finding and the AST."""
    remembered = deckdsl.loads(edited, str(path), memory=memory)
    fresh = deckdsl.loads(edited, str(path))
    assert remembered.diagnostics == fresh.diagnostics
    assert remembered.deck == fresh.deck
    return remembered


# ------------------------------------------------------------------------ random edits ---

PIECES = st.sampled_from([
    "", "\n", "  ", "}", "{", '"', "#", "x", "7", "12", "value: 3\n", "value: *\n", "copies: 2\n",
    'card "Nova Carta" {\n  type: rock\n  rarity: simple\n  value: 2\n}\n', "action: gain 1 star\n",
    "condition: your cards of type rock +1\n", 'order: "Muro Alto" then "Joia Cobiçada"\n', "tipo: pedra\n",
    "deck", 'named "Muro Alto"', "  # a comment\n",
])


@st.composite
def edits(draw):
    """A deck file and a few edits, each (where, how much to cut, what to write)."""
    path = draw(st.sampled_from(DECKS))
    steps = draw(st.lists(st.tuples(st.floats(0, 1), st.integers(0, 30), PIECES), min_size=1, max_size=4))
    return path, steps


@settings(max_examples=120, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(edits())
def test_a_remembered_check_is_a_check_from_scratch(case):
    path, steps = case
    text = path.read_text(encoding="utf-8", errors="replace")
    memory = Memory()
    same(text, path, memory)
    for where, cut, written in steps:
        at = int(where * len(text))
        text = text[:at] + written + text[at + cut:]
        same(text, path, memory)


def test_undoing_an_edit_and_renaming_and_reordering_cards():
    text = STANDARD.read_text(encoding="utf-8")
    memory = Memory()
    same(text, STANDARD, memory)
    first, second = text.index("\ncard "), text.index("\ncard ", text.index("\ncard ") + 1)
    third = text.index("\ncard ", second + 1)
    swapped = text[:first] + text[second:third] + text[first:second] + text[third:]
    for edited in (swapped, text, text.replace("Muro Alto", "Muro Baixo"), text, text + text[first:second]):
        same(edited, STANDARD, memory)


# ------------------------------------------------------------------ the work it saves ---


def test_an_edit_to_one_card_parses_and_judges_that_card_only():
    text = generate_deck(300)
    path = ROOT / "decks" / "big.deck"  # never written: only where its profile is looked for
    memory = Memory()
    same(text, path, memory)
    assert memory.parsed == 301 and memory.reused == 0
    at = text.index("value: ", len(text) // 2)
    edited = text[:at] + "value: 12\n  # tried 12\n" + text[text.index("\n", at) + 1:]
    same(edited, path, memory)
    assert (memory.parsed, memory.reused) == (1, 300)
    assert memory.judged["semantics"] == 1
    assert {rule.code.code: memory.judged.get(rule.code.code) for rule in LOCAL} == {
        rule.code.code: 1 for rule in LOCAL}


def test_a_block_the_edit_moved_is_the_same_objects_at_its_new_place():
    """Taking a kept block moves its anchor, not its nodes: the cards below an edit are the very objects
    of the last reading (so nothing is copied), and they read the new positions."""
    text = generate_deck(50)
    path = ROOT / "decks" / "big.deck"
    memory = Memory()
    before = same(text, path, memory).deck.cards
    last = before[-1]
    old_line, old_start = last.span.line, last.name_span.start
    at = text.index("value: ", len(text) // 2)
    edited = text[:at] + "value: 7\n  # a new line\n" + text[text.index("\n", at) + 1:]
    after = same(edited, path, memory).deck.cards
    assert after[-1] is last and after[0] is before[0]
    assert last.span.line == old_line + 1
    assert last.name_span.start == old_start + len(edited) - len(text)
    assert edited[last.name_span.start:last.name_span.end] == f'"{last.name}"'


def test_a_rule_that_compares_cards_reports_again_only_what_the_edit_changed():
    """JW107 (a dominated card) runs over the whole deck every time, but a finding about cards the edit did
    not change is the last check's very finding (`Context.report`), not one written again."""
    text = generate_deck(300)
    path = ROOT / "decks" / "big.deck"
    memory = Memory()
    before = [d for d in same(text, path, memory).diagnostics if d.code == "JW107"]
    at = text.index("value: ", len(text) // 2)
    edited = text[:at] + "value: 7\n  # a new line\n" + text[text.index("\n", at) + 1:]
    after = [d for d in same(edited, path, memory).diagnostics if d.code == "JW107"]
    kept = {id(d) for d in before}
    assert len(after) > 50 and sum(id(d) in kept for d in after) >= 0.9 * len(after)


def test_two_blocks_with_the_same_text_are_two_cards():
    """A block written twice cannot be one kept object in two places: the second is parsed again."""
    text = STANDARD.read_text(encoding="utf-8")
    first = text.index("\ncard ")
    block = text[first:text.index("\ncard ", first + 1)]
    memory = Memory()
    same(text + block + block, STANDARD, memory)
    cards = same("\n" + text + block + block, STANDARD, memory).deck.cards
    assert cards[-1] is not cards[-2] and cards[-1].span.start > cards[-2].span.end


def test_a_new_header_judges_every_card_again():
    text = STANDARD.read_text(encoding="utf-8")
    memory = Memory()
    same(text, STANDARD, memory)
    cards = len(memory.card_keys)
    same(text.replace("star_cost: 8", "star_cost: 9"), STANDARD, memory)
    assert memory.judged["semantics"] == cards


def test_a_card_that_names_another_is_judged_again_every_time():
    """Whether `named "X"` names a card depends on the rest of the deck: its findings are never kept."""
    text = (ROOT / "tests" / "bad" / "19-unknown-card-name.deck").read_text(encoding="utf-8")
    memory = Memory()
    same(text, ROOT / "tests" / "bad" / "19-unknown-card-name.deck", memory)
    same(text + "\n", ROOT / "tests" / "bad" / "19-unknown-card-name.deck", memory)
    assert memory.judged["semantics"] >= 1


# ----------------------------------------------------------------- what LOCAL promises ---


def judged_alone(rule, deck: ast.Deck, profile) -> list:
    found = []
    for card in deck.cards:
        alone = ast.construct(type(deck), **{**deck.__dict__, "cards": (card,)})
        found.extend(rule.check(Context(deck=alone, profile=profile)))
    return found


@pytest.mark.parametrize("rule", LOCAL, ids=lambda rule: rule.code.code)
def test_a_local_rule_judges_a_deck_as_it_judges_its_cards_one_by_one(rule):
    seen = 0
    for path in DECKS:
        deck, _, profile, _ = parse_deck(path.read_text(encoding="utf-8", errors="replace"), path.parent)
        if profile is None or not rule.applies_to(profile):
            continue
        whole = list(rule.check(Context(deck=deck, profile=profile)))
        assert whole == judged_alone(rule, deck, profile), path.name
        seen += len(whole)
    assert seen, f"no deck of the corpus has a {rule.code.code} finding: the test proves nothing"


def test_the_locality_test_catches_a_rule_that_compares_cards():
    """JW107 (a card another card dominates) is not local: judged one card at a time it finds nothing."""
    rule = next(rule for rule in RULES if rule.code.code == "JW107")
    assert not rule.local
    path = ROOT / "decks" / "examples" / "origami-5.deck"
    text = path.read_text(encoding="utf-8") + (
        '\ncard "Pedra Fraca" {\n  type: rock\n  rarity: simple\n  value: 1\n}\n'
        'card "Pedra Forte" {\n  type: rock\n  rarity: simple\n  value: 3\n}\n')
    deck, _, profile, _ = parse_deck(text, path.parent)
    whole = list(rule.check(Context(deck=deck, profile=profile)))
    assert whole and whole != judged_alone(rule, deck, profile)


@settings(max_examples=400, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(DECKS), st.lists(st.tuples(st.floats(0, 1), st.integers(0, 40), PIECES | st.text(
    alphabet='{}"#\n \\ab', max_size=6)), min_size=1, max_size=3))
def test_the_scanner_cuts_an_edited_text_as_it_cuts_it_from_scratch(path, steps):
    from deckdsl.lang.parse import _chunks, _chunks_after_edit

    text = path.read_text(encoding="utf-8", errors="replace")
    chunks = _chunks(text)
    for where, cut, written in steps:
        at = int(where * len(text))
        edited = text[:at] + written + text[at + cut:]
        chunks = _chunks_after_edit(edited, text, chunks)
        assert chunks == _chunks(edited)
        text = edited
