"""Properties of the parser, checked with Hypothesis.

(a) Texts generated from the grammar itself (`hypothesis.extra.lark.from_lark`): `deckdsl.loads` never
    raises, every diagnostic has a registered code and a 1-based position inside the text, and a text
    the plain grammar accepts gets no syntax diagnostic from deckdsl's block-by-block parser.
(b) Random mutations of the standard deck (characters and lines deleted, inserted, duplicated, swapped,
    random Unicode): `deckdsl.loads` never raises and finishes quickly.
(c) Round trip: the parser builds nodes without validation (`ast.construct`); validating their dump
    gives the same deck, so what it builds is valid.
"""

from __future__ import annotations

import re
import warnings
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark.exceptions import LarkError
from pydantic import ValidationError

from budget import per_character, within  # noqa: E402 — tests/budget.py
import deckdsl
import deckdsl.lang.parse
from deckdsl.diagnostics import CODES
from deckdsl.lang.ast import Deck
from deckdsl.span import Span

ROOT = Path(__file__).resolve().parent.parent
STANDARD = ROOT / "decks" / "janken-wars.deck"
STANDARD_TEXT = STANDARD.read_text(encoding="utf-8")
SYNTAX = {"DK001", "DK002", "DK003", "DK004"}

SETTINGS = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)


# ------------------------------------------------------------------------------- invariants ---


def assert_sound(result: deckdsl.Result, text: str) -> None:
    """Every diagnostic is registered, 1-based, inside `text`, and its line:column is its offset's."""
    for d in result.diagnostics:
        assert d.code in CODES, d
        span = d.span
        assert span.line >= 1 and span.column >= 1 and span.end_line >= 1 and span.end_column >= 1, d
        assert 0 <= span.start <= span.end <= len(text), d
        point = Span.point(text, span.start)
        assert (point.line, point.column) == (span.line, span.column), (d, point)


def assert_round_trip(deck: Deck) -> None:
    assert Deck.model_validate(deck.model_dump(exclude_computed_fields=True)) == deck
    assert Deck.model_validate_json(deck.model_dump_json(exclude_computed_fields=True)) == deck


# ------------------------------------------------------------------- (a) grammar generation ---

# Keyword terminals are regexes with `\b` that from_lark cannot generate well: list their spellings.
KEYWORDS = {
    "DECK": ["deck", "baralho"],
    "CARD": ["card", "carta"],
    "ADDENDUM": ["addendum", "adendo"],
    "RULES": ["rules", "regras"],
    "COPIES": ["copies", "cópias", "copias"],
    "VALUE": ["value", "valor"],
    "ACTION": ["action", "ação", "acao"],
    "CONDITION": ["condition", "condição", "condicao"],
    "FLAVOR": ["flavor", "sabor"],
    "ART": ["art", "arte"],
    "TEXT": ["text", "texto"],
    "ORDER": ["order", "ordem"],
    "WHEN": ["whenever", "when"],
    "GAIN": ["gain", "gains"],
    "LOSE": ["lose", "loses"],
    "DISCARD": ["discard", "discards"],
    "SWAP": ["swap", "swaps"],
    "PUT": ["put", "puts"],
    "STARS_WORD": ["star", "stars"],
    "CARD_WORD": ["card", "cards"],
    "ALL": ["all", "every", "each"],
    "NUMBER_WORD": ["an", "a", "one", "two", "three", "four", "five"],
    "FUNCTION": ["count", "total", "ceil", "floor"],
    "FIRST_OR_LAST": ["first", "last"],
    "OPPONENTS": ["opponent's", "opponent’s"],
}


@cache
def reference_grammar():
    return deckdsl.lang.parse.grammar()


@cache
def explicit_strategies() -> dict[str, st.SearchStrategy[str]]:
    """A strategy for every awkward terminal.  Words get a trailing space, so that two generated words
    never run together into one (`may` + `gain` -> `maygain`, a NAME)."""
    grammar = reference_grammar()
    terminals = {t.name: t for t in grammar.terminals}
    missing = set(KEYWORDS) - set(terminals)
    assert not missing, f"keyword terminals renamed? {missing}"
    explicit = {name: st.sampled_from([w + " " for w in words]) for name, words in KEYWORDS.items()}
    reserved = {w for words in KEYWORDS.values() for w in words}
    for terminal in grammar.terminals:
        if terminal.pattern.type == "str" and re.fullmatch(r"\w+", terminal.pattern.value):
            explicit[terminal.name] = st.just(terminal.pattern.value + " ")  # then, may, with, the …
            reserved.add(terminal.pattern.value)
    names = st.one_of(
        st.sampled_from(["rock", "pedra", "simples", "domain", "table", "discard", "game", "janken-wars",
                         "pt-BR", "Ás", "star_cost", "tipo"]),
        st.from_regex(r"[a-z][a-z0-9_]{0,7}", fullmatch=True).filter(lambda w: w not in reserved),
    )
    explicit.update(
        NAME=names.map(lambda w: w + " "),
        STRING=st.one_of(
            st.sampled_from(['"Muro Alto"', '"Silver Tape"', '""', '"Á \\" ok"', '"# not a comment { }"']),
            st.from_regex(r'"[A-Za-z0-9 ]{0,10}"', fullmatch=True),
        ),
        INT=st.integers(0, 120).map(lambda i: f"{i} "),
        COMPARATOR=st.sampled_from([">=", "<=", "==", "!=", ">", "<"]),
        MODIFIER_OP=st.sampled_from(["+", "-", "=", "×", "*"]),
        _NL=st.sampled_from(["\n", "\n\n", "\n  ", "\r\n", "\n  # note } {\n"]),
        COMMENT=st.just(" "),  # comments are generated inside _NL, where they cannot swallow a token
        WS_INLINE=st.sampled_from([" ", "  ", "\t", "\u00a0"]),
    )
    # signed_int is an anonymous regex terminal (`/-?\d+/`); find it by pattern, not by name.
    for terminal in grammar.terminals:
        if terminal.pattern.type == "re" and terminal.pattern.value == r"-?\d+":
            explicit[terminal.name] = st.integers(-99, 99).map(lambda i: f"{i} ")
    return explicit


def lark_strategy(start: str) -> st.SearchStrategy[str]:
    grammar = reference_grammar()
    terminals, _, ignored = grammar.grammar.compile([start], ())
    used = {t.name for t in terminals} | set(ignored)
    explicit = {k: v for k, v in explicit_strategies().items() if k in used}
    return from_lark(grammar, start=start, explicit=explicit)


def grammar_accepts(text: str) -> bool:
    try:
        reference_grammar().parse(text)
    except LarkError:
        return False
    return True


def check_generated(text: str) -> deckdsl.Result:
    with within(per_character(len(text))):
        result = deckdsl.loads(text)  # must not raise
    assert_sound(result, text)
    if grammar_accepts(text):
        syntax = [(d.code, d.span.line, d.span.column, d.message) for d in result.diagnostics if d.code in SYNTAX]
        assert syntax == [], "the grammar accepts this text, deckdsl reports a syntax error"
    if result.deck is not None:
        assert_round_trip(result.deck)
    return result


@SETTINGS
@given(from_lark(reference_grammar(), start="start", explicit=explicit_strategies()))
def test_generated_files_never_crash(text):
    check_generated(text)


CARD_AROUND_EFFECT = (
    'deck "Gerado" {{\n  game: janken-wars\n}}\n\n'
    'card "Muro Alto" {{\n  type: rock\n  rarity: simple\n  copies: 6\n  value: *\n  {effect}\n}}\n'
)


@settings(SETTINGS, max_examples=60)
@given(st.one_of(lark_strategy("action"), lark_strategy("condition")))
def test_generated_effects_never_crash(effect):
    """Whole files rarely reach the effect language; generate actions and conditions on their own."""
    assert "\n" not in effect.strip(), "an effect is one line"
    check_generated(CARD_AROUND_EFFECT.format(effect=effect.strip()))


# ------------------------------------------------------------------------ (b) mutations ---

_unicode = st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=8)
_tricky = st.sampled_from([
    "{", "}", '"', "\n", "\r", "\r\n", "#", ":", "(", ")", ";", ",", "*", "-", "\\", "\t", "\u00a0", "\ufeff",
    "\u2028", "\x0c", "\x0b", "\x85", "é", "🂡", " then ", " may ", ' card "X" {', "\ncard \"Muro Alto\" {\n",
    "\ndeck \"Outro\" {\n", "(((", ")))",
])
_where = st.floats(0, 1)
MUTATION = st.one_of(
    st.tuples(st.just("delete"), _where, st.integers(1, 30)),
    st.tuples(st.just("insert"), _where, st.one_of(_unicode, _tricky)),
    st.tuples(st.just("duplicate"), _where, st.integers(1, 60)),
    st.tuples(st.just("swap"), _where, _where),
    st.tuples(st.just("delete_lines"), _where, st.integers(1, 4)),
    st.tuples(st.just("duplicate_lines"), _where, st.integers(1, 8)),
    st.tuples(st.just("swap_lines"), _where, _where),
)


def mutate(text: str, mutation: tuple) -> str:
    kind, where, argument = mutation
    if kind.endswith("lines"):
        lines = text.splitlines(keepends=True) or [""]
        i = min(int(where * len(lines)), len(lines) - 1)
        if kind == "delete_lines":
            del lines[i : i + argument]
        elif kind == "duplicate_lines":
            lines[i:i] = lines[i : i + argument]
        else:
            j = min(int(argument * len(lines)), len(lines) - 1)
            lines[i], lines[j] = lines[j], lines[i]
        return "".join(lines)
    i = min(int(where * len(text)), len(text))
    if kind == "delete":
        return text[:i] + text[i + argument :]
    if kind == "insert":
        return text[:i] + argument + text[i:]
    if kind == "duplicate":
        return text[:i] + text[i : i + argument] + text[i:]
    if not text:
        return text
    a, b = min(i, len(text) - 1), min(int(argument * len(text)), len(text) - 1)
    chars = list(text)
    chars[a], chars[b] = chars[b], chars[a]
    return "".join(chars)


def test_mutate_is_what_it_says():
    assert mutate("abcdef", ("delete", 0.5, 2)) == "abcf"
    assert mutate("abcdef", ("insert", 0.0, "X")) == "Xabcdef"
    assert mutate("abcdef", ("duplicate", 0.5, 2)) == "abcdedef"
    assert mutate("abcdef", ("swap", 0.0, 0.99)) == "fbcdea"
    assert mutate("a\nb\nc\n", ("delete_lines", 0.4, 1)) == "a\nc\n"
    assert mutate("a\nb\nc\n", ("duplicate_lines", 0.0, 2)) == "a\nb\na\nb\nc\n"
    assert mutate("a\nb\nc\n", ("swap_lines", 0.0, 0.9)) == "c\nb\na\n"


@settings(SETTINGS, max_examples=300)
@given(st.lists(MUTATION, min_size=1, max_size=8))
def test_mutated_standard_deck_never_crashes(mutations):
    text = STANDARD_TEXT
    for mutation in mutations:
        text = mutate(text, mutation)
    with within(per_character(len(text))):
        result = deckdsl.loads(text)  # must not raise
    assert_sound(result, text)
    assert result.deck is not None
    result.deck.model_dump(mode="json")  # and the partial deck serializes


@settings(SETTINGS, max_examples=100)
@given(st.binary(max_size=300), st.integers(0, len(STANDARD_TEXT.encode())))
def test_random_bytes_in_the_standard_deck_never_crash(tmp_path_factory, junk, at):
    data = STANDARD_TEXT.encode()
    path = tmp_path_factory.mktemp("bytes") / "mutated.deck"
    path.write_bytes(data[:at] + junk + data[at:])
    result = deckdsl.load(path)  # must not raise
    for d in result.diagnostics:
        assert d.code in CODES and d.span.line >= 1 and d.span.column >= 1, d


# ----------------------------------------------------------------------- (c) round trip ---


def test_standard_deck_round_trips():
    result = deckdsl.load(STANDARD)
    assert result.errors == []
    deck = result.deck
    assert Deck.model_validate(deck.model_dump(exclude_computed_fields=True)) == deck
    assert_round_trip(deck)
    assert [c.type for c in deck.cards] == [c["type"] for c in deck.model_dump()["cards"]]


@pytest.mark.parametrize(
    "path", sorted((ROOT / "decks").rglob("*.deck")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_every_shipped_deck_round_trips(path):
    result = deckdsl.load(path)
    assert result.deck is not None
    assert_round_trip(result.deck)


def test_round_trip_detects_an_invalid_node():
    """The round trip is a real check: a node built with a wrong field type does not survive it."""
    from deckdsl.lang import ast

    deck = deckdsl.load(STANDARD).deck
    broken_card = ast.construct(ast.Card, span=deck.span, name="X", name_span=deck.span, copies="six")
    broken = deck.model_copy(update={"cards": (*deck.cards, broken_card)})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pydantic warns while dumping the bad value; validation must fail
        with pytest.raises(ValidationError):
            assert_round_trip(broken)
