"""Characters that do not show (issue 45, item 2): the escapes of the deck and profile languages, DK018 for a raw
control character or bidirectional override in a text, a comment or between the words (with its safe fix), and
DK125 for two card names that print the same.  Flagged cases beside their `# OK` near-misses; the escapes and
their round trips property-tested (Hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import deckdsl
from deckdsl import escapes, hidden
from deckdsl.check import fixes
from deckdsl.check import report
from deckdsl.profiles import gamefile

HEADER = 'deck "Exemplo" {\n  game: janken-wars\n}\n\n'


def card(name: str, extra: str = "", value: int = 1) -> str:
    """A card block, its name written as given (between the quotes, escapes and all)."""
    return f'card "{name}" {{\n  type: pedra\n  rarity: simples\n  copies: 1\n  value: {value}\n{extra}}}\n'


def codes(text: str, code: str) -> list:
    return [d for d in deckdsl.loads(text, "x.deck").diagnostics if d.code == code]


# --------------------------------------------------------------------------------- escapes ---


@pytest.mark.parametrize("written, value", [
    (r"a\nb", "a\nb"), (r"\t", "\t"), (r"\r", "\r"), (r"\"", '"'), (r"\\", "\\"),
    (r"\x1b[2J", "\x1b[2J"), (r"\u00e9", "é"), (r"\u202E", "\u202e"), (r"\U0001F600", "😀"),
    (r"\ud83d\ude00", "😀"),  # a surrogate pair, as JSON writes it
    (r"\ud800", r"\ud800"), (r"\udc00\ud800", r"\udc00\ud800"), (r"\U00110000", r"\U00110000"),  # no character
    (r"\q", "q"), (r"\xg1", "xg1"), (r"\u12", "u12"),  # not an escape: the character itself, as before
])
def test_the_escapes_of_a_quoted_text(written, value):
    assert escapes.decoded(written) == value


def test_a_deck_and_a_profile_read_the_same_escapes(tmp_path):
    text = HEADER.replace('"Exemplo"', r'"Ex\u00e9mplo\n"') + card(r"Mur\x6f Alto")
    deck = deckdsl.loads(text).deck
    assert deck.title == "Exémplo\n" and deck.cards[0].name == "Muro Alto"
    profile = (tmp_path / "g.game")
    profile.write_text('game "Jog\\u00f3 \\"x\\"" {\n  id: g\n  players: 2\n}\n', encoding="utf-8")
    loaded = deckdsl.load_game(profile)
    assert loaded.profile is not None and loaded.profile.name == 'Jogó "x"', loaded.diagnostics
    file, problems = gamefile.read('game "G" {\n  id: g\n  note: """uma\n    linha\\u00e9 \\n"""\n}\n')
    assert file.game.fields["note"] == "uma linhaé \n" and problems == []


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_what_deckdsl_quotes_reads_back_as_it_was(text):
    """`quoted` writes every text so that the deck language reads it back, and a card of that name reads."""
    written = escapes.quoted(text)
    assert escapes.decoded(written[1:-1]) == text
    assert escapes.HIDDEN.search(written) is None and "\n" not in written
    assert deckdsl.loads(HEADER + f"card {written} {{\n  type: pedra\n}}\n", check=False).deck.cards[0].name == text


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_visible_text_holds_no_hidden_character_and_stays_as_it_is(text):
    shown = escapes.visible(text)
    assert escapes.HIDDEN.search(shown) is None
    assert escapes.visible(shown) == shown
    if escapes.HIDDEN.search(text) is None:
        assert shown == text


def test_json_text_is_the_same_json_with_nothing_raw():
    import json

    value = {"name": "a\x1b\x9b\u202e\u2028\x7fé"}
    text = escapes.json_text(value)
    assert json.loads(text) == value and escapes.HIDDEN.search(text) is None and "é" in text


# ------------------------------------------------------------------------------------ DK018 ---


@pytest.mark.parametrize("kind, source", [
    ("text", card("Estilete \x1b]0;pwned\x07")),
    ("text", card("Muro Alto", '  flavor: "a\u202eb"\n')),
    ("text", card("C1 \x9b31m")),
    ("text", card("Separador\u2028linha")),
    ("comment", card("Muro Alto", "  # revisado \u2067por\u2069 Ana\n")),
    ("comment", "# \x1b[2J cabeçalho\n" + card("Muro Alto")),
    ("code", card("Muro Alto").replace("value: 1", "value:\u202e 1")),
    ("code", card("Muro Alto").replace("copies: 1", "copies: 1\x08")),
])
def test_a_raw_control_or_bidirectional_character_is_flagged_where_it_is(kind, source):
    text = HEADER + source
    [found] = codes(text, "DK018")
    raw = hidden.RAW.search(text, len(HEADER))
    assert (found.span.start, found.severity.value) == (raw.start(), "error")
    assert found.message.key == f"hidden-in-{kind}" and found.fix is not None and found.fix.safe
    shown = report.full(found, text)
    assert hidden.RAW.search(shown) is None and "^" in shown
    assert all(code[:3] != "DK0" or code == "DK018" for code in (d.code for d in deckdsl.loads(text).diagnostics))


@pytest.mark.parametrize("source", [
    card("Muro Alto", '  flavor: "uma\\nlinha\\ttab \\x1b \\u202e"\n'),  # OK: written as escapes
    card("Muro\tAlto"),  # OK: a tab
    card("Muro Alto").replace("\n", "\r\n"),  # OK: Windows line ends
    card("Muro Alto") + "\x0c\n",  # OK: a form feed between blocks, white space to the grammar
    card("Muro Alto", '  flavor: "שלום\u200f עולם"\n'),  # OK: a right-to-left mark is not an override
    card("👩\u200d💻 Dev"),  # OK: a zero-width joiner in an emoji
])
def test_near_misses_are_not_flagged(source):
    assert codes(HEADER + source, "DK018") == []


def test_the_fix_writes_escapes_in_a_text_and_a_comment_and_spaces_between_the_words():
    text = HEADER + card("Estilete \x1b]0;pwned\x07", "  # nota \u202e\n").replace("value: 1", "value:\x0b 1")
    result = deckdsl.loads(text, "x.deck")
    fixed = fixes.fix_text(text, lambda t: deckdsl.loads(t, "x.deck").diagnostics, diagnostics=result.diagnostics)
    assert 'card "Estilete \\x1b]0;pwned\\x07"' in fixed.text and "# nota \\u202e" in fixed.text
    assert "value:  1" in fixed.text and escapes.HIDDEN.search(fixed.text.replace("\n", "")) is None
    again = deckdsl.loads(fixed.text, "x.deck")
    assert codes(fixed.text, "DK018") == [] and again.deck.cards[0].name == "Estilete \x1b]0;pwned\x07"


def test_a_profile_is_flagged_too(tmp_path):
    profile = tmp_path / "g.game"
    profile.write_text('game "Jogo \u202e" {\n  id: g\n  players: 2   # \x1b[31m\n}\n', encoding="utf-8")
    found = [d for d in deckdsl.load_game(profile).diagnostics if d.code == "DK018"]
    assert [d.message.key for d in found] == ["hidden-in-text", "hidden-in-comment"]


def test_many_characters_are_one_finding_that_counts_them():
    [found] = codes(HEADER + card("a\x1b\x1b\x07\x1b"), "DK018")
    assert "U+001B ESC ×3, U+0007 BEL" in found.message


# ------------------------------------------------------------------------------------ DK125 ---


@pytest.mark.parametrize("second, differs", [
    ("Muro Alto\\u200b", "U+200B ZERO WIDTH SPACE"),
    ("Muro\\u00a0Alto", "U+00A0 NO-BREAK SPACE"),
    ("Muro  Alto", "U+0020 SPACE"),
    ("Mu\\u00adro Alto", "U+00AD SOFT HYPHEN"),
    ("Muro Alto\\u200e", "U+200E LEFT-TO-RIGHT MARK"),
])
def test_names_that_print_the_same_are_flagged(second, differs):
    text = HEADER + card("Muro Alto") + card(second)
    [found] = codes(text, "DK125")
    assert differs in found.message and found.labels and found.span.line > found.labels[0].span.line
    assert codes(text, "DK105") == []


def test_an_accent_written_apart_from_its_letter_is_the_same_name():
    [found] = codes(HEADER + card("Estátua") + card("Esta\\u0301tua"), "DK125")
    assert "U+0301 COMBINING ACUTE ACCENT" in found.message


@pytest.mark.parametrize("second", [
    "Muro alto",  # OK: a capital is seen
    "MuroAlto",  # OK: no space is seen
    "Muro Alta",
])
def test_names_that_look_different_are_not(second):
    assert codes(HEADER + card("Muro Alto") + card(second), "DK125") == []


def test_an_unknown_card_shows_what_its_name_hides():
    text = HEADER + card("Muro Alto") + card("Ladra", '  action: gain a card named "Muro Alto\\u200b" from the table\n')
    [found] = codes(text, "DK111")
    assert "`Muro Alto\\u200b`" in found.message
