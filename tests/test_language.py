"""The language guide is true: every construct of docs/language.md parses and builds the AST it says.

Three groups of tests:

* every ```deck block of docs/language.md loads with no syntax diagnostic (DK0xx), and with no error at
  all except the ones the block announces with a `# expect: DKnnn` comment;
* one test per construct asserting the node kinds and fields the parser builds;
* the decks: the standard deck and every deck in decks/examples/ check with zero errors, keep the GDD's
  structure, and the standard deck's nine cards are exactly the GDD's.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import deckdsl
from deckdsl.lang import ast

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "language.md"
STANDARD = ROOT / "decks" / "janken-wars.deck"
EXAMPLES = sorted((ROOT / "decks" / "examples").glob("*.deck"))

HEADER = 'deck "Teste" {\n  game: janken-wars\n}\n'

# Diagnostics a snippet may carry because it is a fragment, not a whole deck: the structure rules
# (DK2xx: a snippet is not 36 cards), a missing header (DK117), and names of cards that are not in the
# snippet (DK111: an addendum or a `named "…"` filter that refers to the rest of the deck).
FRAGMENT_CODES = {"DK111", "DK117"}


# ------------------------------------------------------------------------------------ helpers ---


def load(text: str) -> deckdsl.Result:
    return deckdsl.loads(text)


def load_file(path: Path) -> deckdsl.Result:
    return deckdsl.load(path)


def codes(result: deckdsl.Result) -> list[str]:
    return [d.code for d in result.diagnostics]


def syntax_codes(result: deckdsl.Result) -> list[str]:
    return [d.code for d in result.diagnostics if d.code.startswith("DK0")]


def card(*fields: str, value: str = "1") -> ast.Card:
    """A one-card deck with `fields`; asserts it loads with no error, returns the card."""
    body = "\n".join(f"  {f}" for f in fields)
    text = HEADER + f'card "X" {{\n  type: pedra\n  rarity: simples\n  value: {value}\n{body}\n}}\n'
    result = load(text)
    errors = [(d.code, d.message) for d in result.errors if not d.code.startswith("DK2")]
    assert errors == [], errors
    (only,) = result.deck.cards
    return only


def action(text: str) -> tuple:
    """The steps of `action: text`."""
    return card(f"action: {text}").action.steps


def step(text: str):
    (only,) = action(text)
    return only


def clauses(text: str, value: str = "1") -> tuple:
    """The clauses of `condition: text`."""
    return card(f"condition: {text}", value=value).condition.clauses


def clause(text: str, value: str = "1"):
    (only,) = clauses(text, value)
    return only


def plain(node) -> object:
    """A node as plain data without positions, to compare two ASTs written differently."""
    spans = {"span", "name_span", "value_span", "title_span", "header_span", "field_spans"}

    def strip(value):
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in spans}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return strip(node.model_dump(mode="json"))


def walk(node: ast.Node):
    yield node
    for child in node.children():
        yield from walk(child)


def is_zone(node, name: str, owner: str | None) -> bool:
    return isinstance(node, ast.Zone) and node.name == name and node.owner == owner


def is_number(node, value: int) -> bool:
    return isinstance(node, ast.Number) and node.value == value


# ------------------------------------------------------------------ the guide's code blocks ---


def _doc_blocks() -> list[tuple[int, str]]:
    text = DOCS.read_text(encoding="utf-8")
    found = []
    for match in re.finditer(r"^```deck[ \t]*\n(.*?)^```[ \t]*$", text, re.S | re.M):
        line = text.count("\n", 0, match.start()) + 1
        found.append((line, match.group(1)))
    return found


DOC_BLOCKS = _doc_blocks()


def test_the_guide_has_deck_blocks():
    assert len(DOC_BLOCKS) >= 30


@pytest.mark.parametrize(("line", "block"), DOC_BLOCKS, ids=[f"line{line}" for line, _ in DOC_BLOCKS])
def test_guide_block_loads(line: int, block: str):
    result = load(block)
    assert syntax_codes(result) == [], [(d.code, d.message) for d in result.diagnostics]
    assert result.deck.cards or result.deck.addenda or result.deck.header_span is not None
    expected = set(re.findall(r"#\s*expect:\s*(DK\d{3})", block))
    errors = {d.code for d in result.errors if d.code.startswith("DK1")} - FRAGMENT_CODES
    assert errors == expected, [(d.code, d.message) for d in result.diagnostics]
    # Guideline rules (JW…) may well comment on a guide's example: the language's own warnings may not.
    warnings = {
        d.code for d in result.diagnostics if d.severity is deckdsl.Severity.WARNING and d.code.startswith("DK")
    }
    # A block that shows an error also says which checks that error kept from judging its card (DK131).
    assert warnings <= FRAGMENT_CODES | ({"DK131"} if expected else set())


def test_guide_blocks_in_a_header_load_the_same():
    """A card snippet under a minimal header gives the same cards as the snippet alone."""
    compared = 0
    for _, block in DOC_BLOCKS:
        if not block.lstrip().startswith(("card ", "carta ")):
            continue
        alone, wrapped = load(block), load(HEADER + block)
        compared += 1
        assert syntax_codes(wrapped) == []
        assert [plain(c) for c in alone.deck.cards] == [plain(c) for c in wrapped.deck.cards]
    assert compared >= 25


# ------------------------------------------------------------------------ file structure ---


def test_comments_blank_lines_and_closing_brace_on_the_last_field():
    result = load(
        '# comment\ndeck "D" {   # after the brace\n  game: janken-wars\n}\n\n'
        'card "A" {\n\n  type: pedra   # trailing\n  rarity: simples\n\n  value: 1 }\n'
    )
    assert syntax_codes(result) == []
    assert [c.name for c in result.deck.cards] == ["A"]


def test_string_escapes():
    result = load('card "Um \\"nome\\"" {\n type: papel\n rarity: simples\n value: 1\n flavor: "a\\nb \\\\ c" }')
    (only,) = result.deck.cards
    assert only.name == 'Um "nome"'
    assert only.flavor == "a\nb \\ c"


def test_fields_are_one_per_line():
    result = load('card "A" { type: pedra; rarity: simples; value: 1 }')
    assert "DK001" in syntax_codes(result)


def test_keywords_are_lowercase():
    assert "DK004" in syntax_codes(load('Card "A" {\n type: pedra\n rarity: simples\n value: 1\n}'))


# ----------------------------------------------------------------------------------- header ---


def test_header_fields():
    result = load(
        'deck "Janken Wars" {\n  game: janken-wars\n  version: "1.0"\n  authors: ["Ana", "Bruno"]\n'
        '  license: "CC-BY-SA-4.0"\n  language: pt-BR\n'
        '  rules {\n    star_cost: 6\n    table_size: 4\n    stars_to_win: 2\n  }\n}\n'
    )
    deck = result.deck
    assert syntax_codes(result) == []
    assert (deck.title, deck.game, deck.version, deck.license, deck.language) == (
        "Janken Wars", "janken-wars", "1.0", "CC-BY-SA-4.0", "pt-BR",
    )
    assert deck.authors == ("Ana", "Bruno")
    assert [(s.name, s.value) for s in deck.rules] == [("star_cost", 6), ("table_size", 4), ("stars_to_win", 2)]
    assert [d for d in result.diagnostics if d.code.startswith(("DK0", "DK1"))] == []


def test_header_single_author_and_numeric_version():
    deck = load('deck "D" {\n  game: janken-wars\n  version: 2\n  authors: "Ana"\n}').deck
    assert deck.version == "2"
    assert deck.authors == ("Ana",)


def test_rule_parameters_defaults_match_the_gdd():
    profile = load(HEADER).profile
    defaults = {name: p.default for name, p in profile.rules.items()}
    assert {name: defaults[name] for name in ("star_cost", "table_size", "stars_to_win", "star_supply")} == {
        "star_cost": 8, "table_size": 5, "stars_to_win": 3, "star_supply": 5,
    }
    assert all(p.quote or p.group == "limit" for p in profile.rules.values()), "every rule cites the GDD"


def test_rule_options_take_names_and_bad_ones_are_reported():
    result = load('deck "T" {\n  game: janken-wars\n  rules {\n    chooser: owner\n    deck_out: random\n  }\n}\n')
    assert [(s.name, s.value) for s in result.deck.rules][:2] == [("chooser", "owner"), ("deck_out", "random")]
    problems = [d for d in result.diagnostics if d.code == "DK115"]
    assert [d.message for d in problems] == ["`deck_out` must be one of `refill`, `empty`, not `random`"]
    assert result.profile.parameters(result.deck.rules)["chooser"] == "owner"


def test_rule_parameter_out_of_range_and_unknown():
    assert "DK115" in codes(load('deck "D" {\n game: janken-wars\n rules { star_cost: 0 }\n}'))
    assert "DK115" in codes(load('deck "D" {\n game: janken-wars\n rules { hand_size: 3 }\n}'))


def test_portuguese_header_keywords():
    deck = load('baralho "D" {\n  game: janken-wars\n  regras { star_cost: 6 }\n}').deck
    assert deck.title == "D"
    assert [(s.name, s.value) for s in deck.rules] == [("star_cost", 6)]


# ------------------------------------------------------------------------------------ cards ---


def test_card_fields():
    c = card('copies: 4', 'flavor: "Texto."', 'art: "art/x.png"', value="-2")
    assert (c.name, c.type, c.rarity, c.copies, c.value, c.flavor, c.art) == (
        "X", "rock", "simple", 4, -2, "Texto.", "art/x.png",
    )
    assert c.action is None and c.condition is None


def test_card_copies_default_to_one():
    assert card().copies == 1


def test_star_value_needs_a_definition():
    c = card("condition: value = count(your domain)", value="*")
    assert c.value == "*"
    assert "DK107" in codes(load('card "A" {\n type: pedra\n rarity: simples\n value: *\n}'))
    assert "DK108" in codes(load('card "A" {\n type: pedra\n rarity: simples\n value: 2\n condition: value = 3\n}'))


def test_portuguese_card_keywords_build_the_same_card():
    english = (
        'card "S" {\n  type: papel\n  rarity: avançada\n  copies: 4\n  value: *\n'
        '  condition: value = count(your domain)\n  flavor: "F"\n  art: "a.png"\n}\n'
    )
    portuguese = (
        'carta "S" {\n  tipo: papel\n  raridade: avançada\n  cópias: 4\n  valor: *\n'
        '  condição: value = count(your domain)\n  sabor: "F"\n  arte: "a.png"\n}\n'
    )
    unaccented = portuguese.replace("cópias", "copias").replace("condição", "condicao")
    english_card = load(HEADER + english).deck.cards[0]
    for text in (portuguese, unaccented):
        assert plain(load(HEADER + text).deck.cards[0]) == plain(english_card)
    assert english_card.type == "paper" and english_card.rarity == "advanced"
    assert load(HEADER + 'card "A" {\n type: rock\n rarity: special\n value: 1\n ação: discard this\n}').deck.cards[0].action


def test_duplicate_field_and_duplicate_card():
    assert "DK102" in codes(load(HEADER + 'card "A" {\n type: pedra\n rarity: simples\n value: 1\n value: 2\n}'))
    twice = 'card "A" {\n type: pedra\n rarity: simples\n value: 1\n}\n'
    assert "DK105" in codes(load(HEADER + twice + twice))


# ---------------------------------------------------------------------------------- actions ---


def test_gain_stars():
    s = step("gain 1 star")
    assert isinstance(s, ast.GainStars)
    assert s.player is None and s.actor == "you"
    assert is_number(s.amount, 1)


@pytest.mark.parametrize(("written", "amount"), [("a star", 1), ("one star", 1), ("2 stars", 2), ("two stars", 2)])
def test_gain_stars_amounts(written: str, amount: int):
    s = step(f"gain {written}")
    assert isinstance(s, ast.GainStars) and is_number(s.amount, amount)


def test_lose_stars():
    s = step("lose 1 star")
    assert isinstance(s, ast.LoseStars) and s.player is None and is_number(s.amount, 1)
    s = step("opponent loses a star")
    assert isinstance(s, ast.LoseStars) and s.player == "opponent" and is_number(s.amount, 1)


def test_star_amount_may_be_an_expression():
    s = step("gain floor(count(your domain) / 4) stars")
    assert isinstance(s, ast.GainStars)
    assert isinstance(s.amount, ast.Function) and s.amount.name == "floor"


def test_gain_top_of_deck():
    s = step("gain top 2 cards of the deck")
    assert isinstance(s, ast.Gain) and s.player is None
    assert isinstance(s.cards, ast.DeckTop) and s.cards.count == 2
    for written in ("gain top card of the deck", "gain top card of deck", "gain top 1 card of the deck"):
        s = step(written)
        assert isinstance(s.cards, ast.DeckTop) and s.cards.count == 1


def test_gain_from_a_zone():
    s = step("gain a card of type tesoura from opponent's domain chosen by opponent")
    assert isinstance(s, ast.Gain)
    sel = s.cards
    assert isinstance(sel, ast.Selection)
    assert (sel.count, sel.chooser) == (1, "opponent")
    assert is_zone(sel.zone, "domain", "opponent")
    assert [type(f) for f in sel.filters] == [ast.TypeFilter] and sel.filters[0].value == "scissors"


def test_discard_from_the_table():
    s = step("discard a card from the table")
    assert isinstance(s, ast.Discard) and s.player is None
    assert isinstance(s.cards, ast.Selection)
    assert s.cards.count == 1 and s.cards.chooser is None and is_zone(s.cards.zone, "table", None)


def test_estilete_afiado_opponent_discards_chosen_by_you():
    s = step("opponent discards a card from opponent's domain chosen by you")
    assert isinstance(s, ast.Discard)
    assert s.player == "opponent"
    sel = s.cards
    assert isinstance(sel, ast.Selection)
    assert (sel.count, sel.up_to, sel.other, sel.filters, sel.chooser) == (1, False, False, (), "you")
    assert is_zone(sel.zone, "domain", "opponent")


def test_rolo_compressor_discards_all():
    s = step("opponent discards all cards in opponent's domain")
    assert isinstance(s, ast.Discard) and s.player == "opponent"
    assert s.cards.count is None and not s.cards.is_choice
    assert is_zone(s.cards.zone, "domain", "opponent")


def test_discard_a_card_from_your_domain():
    s = step("discard a card from your domain")
    assert isinstance(s, ast.Discard) and is_zone(s.cards.zone, "domain", "you") and s.cards.count == 1


def test_swap():
    s = step("swap this with a card from opponent's domain")
    assert isinstance(s, ast.Swap)
    assert isinstance(s.first, ast.ThisCard)
    assert isinstance(s.second, ast.Selection) and is_zone(s.second.zone, "domain", "opponent")


def test_put_on_the_bottom_of_the_deck():
    s = step("put a card from the table on the bottom of the deck")
    assert isinstance(s, ast.PutOnBottom)
    assert isinstance(s.cards, ast.Selection) and is_zone(s.cards.zone, "table", None)
    s = step("put this on bottom of deck")
    assert isinstance(s, ast.PutOnBottom) and isinstance(s.cards, ast.ThisCard)
    s = step("put top 2 cards of the deck on the bottom of the deck")
    assert isinstance(s.cards, ast.DeckTop) and s.cards.count == 2


def test_cancel_the_action_of_cards():
    s = step("cancel the action of a card from the table")
    assert isinstance(s, ast.CancelAction)
    assert isinstance(s.cards, ast.Selection) and is_zone(s.cards.zone, "table", None)


def test_cancel_its_action_outside_a_trigger_is_an_error():
    result = load(HEADER + 'card "A" {\n type: pedra\n rarity: simples\n value: 1\n action: cancel its action\n}')
    assert syntax_codes(result) == [] and "DK112" in codes(result)


def test_optional_step():
    s = step("you may discard a card from your domain")
    assert isinstance(s, ast.Optional) and s.player == "you"
    assert isinstance(s.step, ast.Discard) and is_zone(s.step.cards.zone, "domain", "you")
    s = step("may put a card from the table on the bottom of the deck")
    assert isinstance(s, ast.Optional) and s.player is None and isinstance(s.step, ast.PutOnBottom)
    s = step("opponent may discard a card from opponent's domain")
    assert isinstance(s, ast.Optional) and s.player == "opponent"


def test_conditional_step():
    s = step("if count(your domain) <= 1: gain top card of the deck")
    assert isinstance(s, ast.Conditional)
    test = s.test
    assert isinstance(test, ast.Comparison) and test.comparator == "<="
    assert isinstance(test.left, ast.Function) and test.left.name == "count"
    assert is_zone(test.left.argument, "domain", "you")
    assert is_number(test.right, 1)
    assert isinstance(s.step, ast.Gain) and isinstance(s.step.cards, ast.DeckTop)


@pytest.mark.parametrize("comparator", [">=", "<=", ">", "<", "==", "!="])
def test_comparators(comparator: str):
    s = step(f"if total(your domain) {comparator} total(opponent's domain): discard a card from the table")
    assert isinstance(s, ast.Conditional) and s.test.comparator == comparator
    assert s.test.left.name == "total" and is_zone(s.test.right.argument, "domain", "opponent")


def test_may_and_if_combine():
    s = step("may if count(your domain) != 0: discard a card from your domain")
    assert isinstance(s, ast.Optional) and isinstance(s.step, ast.Conditional)
    assert isinstance(s.step.step, ast.Discard)


@pytest.mark.parametrize("separator", ["; ", " then ", ", then ", ", "])
def test_step_separators(separator: str):
    steps = action(f"discard a card from the table{separator}put a card from the table on the bottom of the deck")
    assert [type(s) for s in steps] == [ast.Discard, ast.PutOnBottom]


def test_martelo_pesado_steps():
    steps = action("lose 1 star, then opponent discards up to 2 cards from opponent's domain chosen by you")
    assert [type(s) for s in steps] == [ast.LoseStars, ast.Discard]
    sel = steps[1].cards
    assert (sel.count, sel.up_to, sel.chooser) == (2, True, "you")


# ------------------------------------------------------------------------------- card sets ---


def test_this_and_this_card():
    assert isinstance(step("discard this").cards, ast.ThisCard)
    assert isinstance(step("discard this card").cards, ast.ThisCard)


def test_it_outside_a_trigger_is_an_error():
    result = load(HEADER + 'card "A" {\n type: pedra\n rarity: simples\n value: 1\n action: discard it\n}')
    assert syntax_codes(result) == [] and "DK112" in codes(result)


@pytest.mark.parametrize(
    ("written", "name", "owner"),
    [
        ("the table", "table", None),
        ("table", "table", None),
        ("the mesa", "mesa", None),
        ("the deck", "deck", None),
        ("your domain", "domain", "you"),
        ("your domínio", "domínio", "you"),
        ("opponent's domain", "domain", "opponent"),
        ("opponent’s domain", "domain", "opponent"),
        ("your discard pile", "discard pile", "you"),
        ("opponent's descarte", "descarte", "opponent"),
        ("your stars", "stars", "you"),
    ],
)
def test_zones_and_owners(written: str, name: str, owner: str | None):
    s = step(f"discard a card from {written}")
    assert is_zone(s.cards.zone, name, owner)


def test_zone_owner_errors():
    def check(effect: str) -> list[str]:
        return codes(load(HEADER + f'card "A" {{\n type: pedra\n rarity: simples\n value: 1\n action: {effect}\n}}'))

    assert "DK120" in check("discard a card from your table")
    assert "DK120" in check("discard a card from domain")
    assert "DK110" in check("discard a card from your domian")


@pytest.mark.parametrize(
    ("quantity", "count", "up_to"),
    [
        ("a card", 1, False),
        ("an card", 1, False),
        ("one card", 1, False),
        ("2 cards", 2, False),
        ("three cards", 3, False),
        ("up to 2 cards", 2, True),
        ("up to two cards", 2, True),
        ("all cards", None, False),
        ("every card", None, False),
        ("each card", None, False),
        ("cards", None, False),
    ],
)
def test_selection_quantity(quantity: str, count: int | None, up_to: bool):
    sel = step(f"discard {quantity} from the table").cards
    assert isinstance(sel, ast.Selection)
    assert (sel.count, sel.up_to) == (count, up_to)
    assert sel.is_choice == (count is not None)


def test_selection_other():
    sel = step("discard all other cards in your domain").cards
    assert sel.other is True and sel.count is None and is_zone(sel.zone, "domain", "you")


@pytest.mark.parametrize("preposition", ["from", "in", "of"])
def test_selection_prepositions(preposition: str):
    sel = step(f"discard a card {preposition} the table").cards
    assert is_zone(sel.zone, "table", None)


def test_filters():
    sel = step("discard a card of type pedra with value >= 3 from the table").cards
    type_filter, value_filter = sel.filters
    assert isinstance(type_filter, ast.TypeFilter) and type_filter.value == "rock"  # canonical: written `pedra`
    assert isinstance(value_filter, ast.ValueFilter) and value_filter.comparator == ">="
    assert is_number(value_filter.amount, 3)
    named = card('action: discard cards named "X" from the table').action.steps[0].cards
    assert isinstance(named.filters[0], ast.NameFilter) and named.filters[0].name == "X"
    expr = step("discard all cards with value > count(your domain) from your domain").cards.filters[0].amount
    assert isinstance(expr, ast.Function) and expr.name == "count"


def test_filter_errors():
    def check(effect: str) -> list[str]:
        return codes(load(HEADER + f'card "A" {{\n type: pedra\n rarity: simples\n value: 1\n action: {effect}\n}}'))

    assert "DK103" in check("discard a card of type lapis from the table")
    assert "DK111" in check('discard a card named "Ninguém" from the table')


@pytest.mark.parametrize(("written", "chooser"), [("chosen by you", "you"), ("chosen by opponent", "opponent"), ("at random", "random")])
def test_choosers(written: str, chooser: str):
    sel = step(f"opponent discards a card from opponent's domain {written}").cards
    assert sel.chooser == chooser


# ---------------------------------------------------------------------- value expressions ---


def test_estatua_de_sucata_ceil_count_over_two():
    definition = clause("value = ceil(count(your discard pile) / 2)", value="*")
    assert isinstance(definition, ast.ValueDefinition)
    ceil = definition.expr
    assert isinstance(ceil, ast.Function) and ceil.name == "ceil"
    division = ceil.argument
    assert isinstance(division, ast.BinaryOp) and division.op == "/"
    assert isinstance(division.left, ast.Function) and division.left.name == "count"
    assert is_zone(division.left.argument, "discard pile", "you")
    assert is_number(division.right, 2)


def test_total_and_floor():
    definition = clause("value = floor(total(other cards in your domain) / 3)", value="*")
    floor = definition.expr
    assert isinstance(floor, ast.Function) and floor.name == "floor"
    total = floor.argument.left
    assert isinstance(total, ast.Function) and total.name == "total"
    assert isinstance(total.argument, ast.Selection) and total.argument.other


def test_arithmetic_precedence():
    expr = clause("value = 2 + 3 * 4 - 1", value="*").expr
    # (2 + (3 * 4)) - 1
    assert isinstance(expr, ast.BinaryOp) and expr.op == "-" and is_number(expr.right, 1)
    plus = expr.left
    assert plus.op == "+" and is_number(plus.left, 2)
    assert plus.right.op == "*" and is_number(plus.right.left, 3) and is_number(plus.right.right, 4)


def test_parentheses_and_negation():
    expr = clause("value = (count(your domain) - 1) * 2 + -count(opponent's domain)", value="*").expr
    assert expr.op == "+"
    assert expr.left.op == "*" and expr.left.left.op == "-"
    assert isinstance(expr.right, ast.Negate) and expr.right.operand.name == "count"
    assert is_number(clause("value = -3", value="*").expr, -3)


def test_bare_division_is_an_error():
    result = load(HEADER + 'card "A" {\n type: pedra\n rarity: especial\n value: *\n'
                  ' condition: value = count(your discard pile) / 2\n}')
    assert syntax_codes(result) == []
    assert "DK113" in codes(result)


def test_numbers_and_card_sets_are_typed():
    def check(field: str, value: str = "1") -> list[str]:
        return codes(load(HEADER + f'card "A" {{\n type: pedra\n rarity: simples\n value: {value}\n {field}\n}}'))

    assert "DK109" in check("condition: value = count(3)", "*")
    assert "DK109" in check("action: gain 2")
    assert "DK109" in check("condition: value = your domain", "*")


# ------------------------------------------------------------------------------ conditions ---


def test_silver_tape_value_definition():
    definition = clause("value = count(your domain)", value="*")
    assert isinstance(definition, ast.ValueDefinition)
    assert definition.expr.name == "count" and is_zone(definition.expr.argument, "domain", "you")


@pytest.mark.parametrize(
    ("written", "op", "amount"),
    [
        ("+1", "add", 1),
        ("-1", "subtract", 1),
        ("x2", "multiply", 2),
        ("x 2", "multiply", 2),
        ("×2", "multiply", 2),
        ("*2", "multiply", 2),
        ("= 0", "set", 0),
        ("=3", "set", 3),
    ],
)
def test_value_modifiers(written: str, op: str, amount: int):
    modifier = clause(f"other cards in your domain get {written}")
    assert isinstance(modifier, ast.ValueModifier)
    assert modifier.op == op and is_number(modifier.amount, amount)
    assert isinstance(modifier.cards, ast.Selection) and modifier.cards.other
    assert is_zone(modifier.cards.zone, "domain", "you")


def test_old_rolo_compressor_modifier():
    modifier = clause("cards in opponent's domain get -1")
    assert modifier.op == "subtract" and is_number(modifier.amount, 1)
    assert not modifier.cards.other and is_zone(modifier.cards.zone, "domain", "opponent")


def test_modifier_amount_expression():
    modifier = clause("other cards in your domain get × count(your domain)")
    assert modifier.op == "multiply" and modifier.amount.name == "count"


def test_modifier_cannot_pick():
    result = load(HEADER + 'card "A" {\n type: pedra\n rarity: simples\n value: 1\n'
                  ' condition: a card in your domain get +1\n}')
    assert syntax_codes(result) == [] and "DK119" in codes(result)


@pytest.mark.parametrize(
    ("written", "order"),
    [("discarded first", "first"), ("must be discarded first", "first"),
     ("discarded last", "last"), ("must be discarded last", "last")],
)
def test_discard_priority(written: str, order: str):
    priority = clause(written)
    assert isinstance(priority, ast.DiscardPriority) and priority.order == order


def test_trigger_old_joia_cobicada():
    trigger = clause("whenever opponent gains a card from the table: swap this with it, then cancel its action")
    assert isinstance(trigger, ast.Trigger)
    event = trigger.event
    assert isinstance(event, ast.GainEvent) and event.player == "opponent"
    assert isinstance(event.cards, ast.Selection) and event.cards.count == 1
    assert is_zone(event.cards.zone, "table", None)
    swap, cancel = trigger.steps
    assert isinstance(swap, ast.Swap)
    assert isinstance(swap.first, ast.ThisCard) and isinstance(swap.second, ast.EventCard)
    assert isinstance(cancel, ast.CancelAction) and cancel.cards is None


def test_trigger_on_discard():
    trigger = clause("whenever you discard a card of type papel from your domain: put it on the bottom of the deck")
    assert isinstance(trigger.event, ast.DiscardEvent) and trigger.event.player == "you"
    assert trigger.event.cards.filters[0].value == "paper"
    (put,) = trigger.steps
    assert isinstance(put, ast.PutOnBottom) and isinstance(put.cards, ast.EventCard)


def test_trigger_when_and_comma_steps():
    trigger = clause("when opponent discards this: gain top card of the deck, discard a card from the table")
    assert isinstance(trigger.event, ast.DiscardEvent) and isinstance(trigger.event.cards, ast.ThisCard)
    assert [type(s) for s in trigger.steps] == [ast.Gain, ast.Discard]


def test_trigger_may_step_and_cancel_its_action():
    trigger = clause("whenever opponent gains a card of type tesoura from the table: cancel its action")
    assert isinstance(trigger.steps[0], ast.CancelAction)
    trigger = clause("whenever opponent discards a card from opponent's domain: you may gain top card of the deck")
    assert isinstance(trigger.steps[0], ast.Optional)


def test_several_clauses():
    found = clauses(
        "value = count(other cards of type pedra in your domain); "
        "other cards of type pedra in your domain get +1; discarded last",
        value="*",
    )
    assert [type(c) for c in found] == [ast.ValueDefinition, ast.ValueModifier, ast.DiscardPriority]


# --------------------------------------------------------------------------------- addenda ---


def test_addendum_orders():
    result = load(
        HEADER
        + 'card "A" {\n type: papel\n rarity: avançada\n value: 1\n condition: other cards in your domain get +1\n}\n'
        + 'card "B" {\n type: papel\n rarity: especial\n value: 0\n condition: other cards in your domain get x2\n}\n'
        + 'addendum "Ordem" {\n  text: "Some antes de dobrar."\n  order: "A" then "B"\n}\n'
    )
    assert [d for d in result.diagnostics if d.code.startswith(("DK0", "DK1"))] == []
    (addendum,) = result.deck.addenda
    assert isinstance(addendum, ast.Addendum)
    assert (addendum.title, addendum.text) == ("Ordem", "Some antes de dobrar.")
    (order,) = addendum.orders
    assert isinstance(order, ast.ModifierOrder)
    assert [ref.name for ref in order.cards] == ["A", "B"]
    assert all(isinstance(ref, ast.CardRef) for ref in order.cards)


def test_addendum_portuguese_and_several_orders():
    result = load('adendo "O" {\n  texto: "t"\n  ordem: "A" then "B" then "C"\n  ordem: "D" then "E"\n}')
    assert syntax_codes(result) == []
    (addendum,) = result.deck.addenda
    assert [[r.name for r in o.cards] for o in addendum.orders] == [["A", "B", "C"], ["D", "E"]]


def test_addendum_names_unknown_card_and_repeats():
    result = load(HEADER + 'card "A" {\n type: papel\n rarity: simples\n value: 1\n}\n'
                  'addendum "O" {\n  order: "A" then "Z" then "A"\n}')
    assert "DK111" in codes(result) and "DK121" in codes(result)


def test_order_needs_two_cards():
    assert "DK001" in syntax_codes(load('addendum "O" {\n  order: "A"\n}'))


# ----------------------------------------------------------------------------------- decks ---

DECK_FILES = [STANDARD, *EXAMPLES]


def test_the_examples_exist():
    names = {path.name for path in EXAMPLES}
    assert {"old-joia-cobicada.deck", "old-rolo-compressor.deck", "origami-5.deck", "stars-6.deck", "new-deck-examples.deck"} <= names


@pytest.mark.parametrize("path", DECK_FILES, ids=[p.name for p in DECK_FILES])
def test_deck_checks_with_zero_errors(path: Path):
    result = load_file(path)
    assert result.errors == [], [(d.code, d.message, d.span.line) for d in result.errors]
    language = [d for d in result.diagnostics if d.code.startswith("DK")]
    assert language == [], [(d.code, d.message) for d in language]


@pytest.mark.parametrize("path", DECK_FILES, ids=[p.name for p in DECK_FILES])
def test_deck_structure(path: Path):
    deck = load_file(path).deck
    assert sum(c.copies for c in deck.cards) == 36
    for kind in ("rock", "paper", "scissors"):
        of_type = [c for c in deck.cards if c.type == kind]
        assert sum(c.copies for c in of_type) == 12
        for rarity, copies in (("simple", 6), ("advanced", 4), ("special", 2)):
            assert sum(c.copies for c in of_type if c.rarity == rarity) == copies, (kind, rarity)


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_header_cites_the_gdd(path: Path):
    head = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        head.append(line)
    assert any("GDD" in line for line in head), "the header comment must say which GDD passage it illustrates"


def test_cli_checks_every_deck():
    run = subprocess.run(
        [sys.executable, "-m", "deckdsl", "check", str(STANDARD), str(ROOT / "decks" / "examples")],
        capture_output=True, text=True, cwd=ROOT,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 errors" in run.stdout + run.stderr


# ------------------------------------------------------------------------- the standard deck ---

GDD_CARDS = [
    # name, type, rarity, copies, value
    ("Muro Alto", "rock", "simple", 6, 2),
    ("Joia Cobiçada", "rock", "advanced", 4, 3),
    ("Estátua de Sucata", "rock", "special", 2, "*"),
    ("Origami Sublime", "paper", "simple", 6, 4),
    ("Silver Tape", "paper", "advanced", 4, "*"),
    ("Presente Embrulhado", "paper", "special", 2, 1),
    ("Estilete Afiado", "scissors", "simple", 6, 1),
    ("Kit de Ferramentas", "scissors", "advanced", 4, 2),
    ("Rolo Compressor", "scissors", "special", 2, -2),
]


def test_standard_deck_has_the_gdd_cards():
    deck = load_file(STANDARD).deck
    assert [(c.name, c.type, c.rarity, c.copies, c.value) for c in deck.cards] == GDD_CARDS
    assert deck.card("Silver Tape").flavor == "Se não funcionou, é porque você não usou fita o suficiente."
    assert [c.name for c in deck.cards if c.flavor] == ["Silver Tape"]
    assert {(s.name, s.value) for s in deck.rules} == {("star_cost", 8), ("table_size", 5), ("stars_to_win", 3)}


def test_standard_deck_effects():
    deck = load_file(STANDARD).deck
    effects = {
        c.name: (type(c.action).__name__ if c.action else None, type(c.condition).__name__ if c.condition else None)
        for c in deck.cards
    }
    # Actions: Joia, Presente, Estilete, Kit, Rolo.  Conditions: Muro, Estátua, Silver Tape.  Origami: none.
    assert effects == {
        "Muro Alto": (None, "Condition"),
        "Joia Cobiçada": ("Action", None),
        "Estátua de Sucata": (None, "Condition"),
        "Origami Sublime": (None, None),
        "Silver Tape": (None, "Condition"),
        "Presente Embrulhado": ("Action", None),
        "Estilete Afiado": ("Action", None),
        "Kit de Ferramentas": ("Action", None),
        "Rolo Compressor": ("Action", None),
    }
    assert deck.card("Muro Alto").condition.clauses[0].order == "first"
    assert isinstance(deck.card("Presente Embrulhado").action.steps[0].cards, ast.DeckTop)


def test_guide_shows_the_standard_cards_as_in_the_deck():
    """Section 10 of the guide prints each standard card exactly as decks/janken-wars.deck has it."""
    standard = {c.name: plain(c) for c in load_file(STANDARD).deck.cards}
    section = DOCS.read_text(encoding="utf-8").split("## 10.", 1)[1].split("\n## ", 1)[0]
    shown = {}
    for block in re.findall(r"^```deck\n(.*?)^```", section, re.S | re.M):
        for c in load(HEADER + block).deck.cards:
            shown[c.name] = plain(c)
    assert shown == standard


# ---------------------------------------------------------------------------------- examples ---


def _example(name: str) -> ast.Deck:
    return load_file(ROOT / "decks" / "examples" / name).deck


def test_old_joia_cobicada():
    deck = _example("old-joia-cobicada.deck")
    joia = deck.card("Joia Cobiçada")
    assert joia.action is None
    (trigger,) = joia.condition.clauses
    assert isinstance(trigger, ast.Trigger) and isinstance(trigger.event, ast.GainEvent)
    assert [type(s) for s in trigger.steps] == [ast.Swap, ast.CancelAction]
    standard = {c.name: plain(c) for c in load_file(STANDARD).deck.cards}
    changed = [c.name for c in deck.cards if plain(c) != standard[c.name]]
    assert changed == ["Joia Cobiçada"]


def test_old_rolo_compressor():
    deck = _example("old-rolo-compressor.deck")
    rolo = deck.card("Rolo Compressor")
    assert rolo.action is None
    (modifier,) = rolo.condition.clauses
    assert isinstance(modifier, ast.ValueModifier) and modifier.op == "subtract"
    assert is_zone(modifier.cards.zone, "domain", "opponent")


def test_origami_5():
    deck = _example("origami-5.deck")
    assert deck.card("Origami Sublime").value == 5
    assert {(s.name, s.value) for s in deck.rules} >= {("star_cost", 8)}


def test_stars_6_differs_from_the_standard_deck_only_in_star_cost():
    deck, standard = _example("stars-6.deck"), deckdsl.load(ROOT / "decks" / "janken-wars.deck").deck
    assert {(s.name, s.value) for s in deck.rules} >= {("star_cost", 6)}
    from deckdsl.cli import _without_spans

    assert [_without_spans(c.model_dump(mode="json")) for c in deck.cards] == [
        _without_spans(c.model_dump(mode="json")) for c in standard.cards
    ]


def test_new_deck_uses_every_construct():
    deck = _example("new-deck-examples.deck")
    nodes = [n for c in deck.cards for n in walk(c)]
    kinds = {type(n).__name__ for n in nodes}
    assert {
        "GainStars", "LoseStars", "Discard", "PutOnBottom", "Optional", "Conditional", "Gain", "DeckTop",
        "ValueModifier", "DiscardPriority", "Trigger", "DiscardEvent", "EventCard", "TypeFilter", "ValueFilter",
    } <= kinds
    functions = {n.name for n in nodes if isinstance(n, ast.Function)}
    assert {"total", "floor", "count"} <= functions
    selections = [n for n in nodes if isinstance(n, ast.Selection)]
    assert {"opponent", "random", "you"} <= {s.chooser for s in selections}
    assert any(s.up_to and s.count == 2 for s in selections)
    assert any(s.other for s in selections)
    assert {m.op for m in nodes if isinstance(m, ast.ValueModifier)} >= {"add", "multiply"}
    assert any(p.order == "last" for p in nodes if isinstance(p, ast.DiscardPriority))
    assert any(c.flavor for c in deck.cards) and any(c.art for c in deck.cards)
    # "Ganhe uma estrela"
    (gain,) = deck.card("Bilhete Premiado").action.steps
    assert isinstance(gain, ast.GainStars) and gain.player is None and is_number(gain.amount, 1)
    lose, _ = deck.card("Martelo Pesado").action.steps
    assert isinstance(lose, ast.LoseStars) and is_number(lose.amount, 1)
    # a card worth more than 4 whose price is discarding a card from your domain
    big = [c for c in deck.cards if isinstance(c.value, int) and c.value > 4]
    assert big and all(
        c.cost and any(isinstance(s, ast.Discard) and is_zone(s.cards.zone, "domain", "you") for s in c.cost.steps)
        for c in big
    )
    # card "A" (+1), card "B" (x2), and the addendum ordering them
    plus = [c.name for c in deck.cards if c.condition and any(
        isinstance(k, ast.ValueModifier) and k.op == "add" and is_number(k.amount, 1) for k in c.condition.clauses)]
    double = [c.name for c in deck.cards if c.condition and any(
        isinstance(k, ast.ValueModifier) and k.op == "multiply" and is_number(k.amount, 2) for k in c.condition.clauses)]
    assert plus and double
    orders = [[r.name for r in o.cards] for a in deck.addenda for o in a.orders]
    assert [plus[0], double[0]] in orders
    assert all(a.text for a in deck.addenda)


def test_dispute_event():
    text = (
        'card "Luva" {\n  type: pedra\n  rarity: simples\n  value: 1\n'
        "  condition: whenever opponent wins a dispute with papel: gain a star\n}\n"
    )
    (clause,) = deckdsl.loads(text).deck.cards[0].condition.clauses
    assert clause.event.kind == "DisputeEvent"
    assert (clause.event.player, clause.event.outcome, clause.event.throw) == ("opponent", "win", "paper")
    text = text.replace("opponent wins a dispute with papel", "you lose a dispute")
    (clause,) = deckdsl.loads(text).deck.cards[0].condition.clauses
    assert (clause.event.player, clause.event.outcome, clause.event.throw) == ("you", "lose", None)


def test_cost_is_a_separate_sequence_of_steps():
    text = (
        'card "Quadro" {\n  type: papel\n  rarity: avançada\n  value: 6\n'
        "  custo: discard a card from your domain\n  action: gain 1 star\n}\n"
    )
    card = deckdsl.loads(text).deck.cards[0]
    assert [s.kind for s in card.cost.steps] == ["Discard"]
    assert card.cost.steps[0].cards.zone.owner == "you"
    assert [s.kind for s in card.action.steps] == ["GainStars"]
    assert "cost" in card.field_spans


def test_cost_steps_are_type_checked():
    text = 'card "Q" {\n  type: papel\n  rarity: simples\n  value: 6\n  cost: discard 3\n}\n'
    codes = [d.code for d in deckdsl.loads(text).diagnostics]
    assert "DK109" in codes
