"""Completion from the grammar (issue 29): inside an effect, `deckdsl lsp` offers exactly the words the parser
accepts next, one spelling per concept, and phrases as snippets.  The main test drives the real server over
stdio (pytest-lsp) at every position of every effect in the language guide (docs/language.md) and checks
that every item offered keeps the effect readable: the text before the word being typed, then the item,
reads (`deckdsl.lang.expect.reads`, the deck parser itself).  No assertion is about time."""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

import deckdsl
from deckdsl.editor.lsp_effects import completions
from deckdsl.lang.expect import EFFECT_FIELDS, after, reads
from deckdsl.lang.parse import deck_parser

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "language.md"
STANDARD = ROOT / "decks" / "janken-wars.deck"
WORDS = ROOT / "deckdsl" / "editor" / "effect_words.toml"
TIMEOUT = 120
_FIELDS = {"ação": "action", "acao": "action", "custo": "cost", "condição": "condition", "condicao": "condition"}
_PLACE = re.compile(r"\$\{\d+:([^}]*)\}")
_PARTIAL = re.compile(r"[\w'’-]*$")

def guide_effects() -> list[tuple[str, str]]:
    """(field, effect) of every effect line in the language guide's examples, comments left out."""
    found, inside = [], False
    for line in GUIDE.read_text(encoding="utf-8").splitlines():
        if line.strip().startswith("```"):
            inside = not inside
            continue
        match = re.match(r"^\s*(action|cost|condition|ação|acao|custo|condição|condicao):\s*(.*)$", line)
        if match and (inside or line.startswith("    ")):
            found.append((_FIELDS.get(match.group(1), match.group(1)), re.sub(r"\s+#.*$", "", match.group(2)).rstrip()))
    return found


def inserted(item: types.CompletionItem) -> str:
    """What accepting `item` writes (a snippet's places hold their text)."""
    written = item.text_edit.new_text if item.text_edit is not None else item.insert_text or item.label
    return _PLACE.sub(r"\1", written) if item.insert_text_format == types.InsertTextFormat.Snippet else written


def accepted(head: str, effect: str, prefix: str, item: types.CompletionItem) -> str:
    """The effect as far as accepting `item` writes it: a text edit (a card name inside quotes) made on the
    line, up to its end and a closing quote; else the item after `prefix` (the word being typed replaced)."""
    if item.text_edit is None:
        return prefix + inserted(item)
    line = head + effect
    columns = [len(line[:i].encode("utf-16-le")) // 2 for i in range(len(line) + 1)]
    start, end = columns.index(item.text_edit.range.start.character), columns.index(item.text_edit.range.end.character)
    written = line[:start] + item.text_edit.new_text + line[end:]
    stop = start + len(item.text_edit.new_text)
    return written[len(head): stop + (1 if written[stop: stop + 1] == '"' else 0)]


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(server_command=[sys.executable, "-m", "deckdsl", "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(capabilities=types.ClientCapabilities(),
                                                               root_uri=ROOT.as_uri()))
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio(loop_scope="module")
async def test_completion_from_the_grammar_keeps_every_effect_of_the_language_guide_readable(client):
    examples = guide_effects()
    assert len(examples) >= 40
    card = 'card "Exemplo" {\n  type: pedra\n  rarity: simples\n'
    base = STANDARD.read_text(encoding="utf-8").rstrip("\n") + "\n\n" + card
    line = base.count("\n")
    uri = (ROOT / "decks" / "completion-probe.deck").as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(
        uri=uri, language_id="deckdsl", version=1, text=base)))
    asked = offered = 0
    for version, (field, effect) in enumerate(examples, 2):
        head = f"  {field}: "
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            [types.TextDocumentContentChangeWholeDocument(text=base + head + effect + "\n}\n")]))
        for at in range(len(effect) + 1):
            before = effect[:at]
            partial = _PARTIAL.search(before).group()
            prefix = before[: len(before) - len(partial)]
            result = await client.text_document_completion_async(types.CompletionParams(
                types.TextDocumentIdentifier(uri=uri),
                types.Position(line=line, character=len((head + before).encode("utf-16-le")) // 2)))
            items = result.items if isinstance(result, types.CompletionList) else (result or [])
            asked += 1
            for item in items:
                offered += 1
                assert reads(field, accepted(head, effect, prefix, item)), (field, effect, at, item.label)
            if at == 0:
                assert items, (field, "nothing is offered at the start of an effect")
    assert asked > 2_000 and offered > 5_000, (asked, offered)
    client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri=uri)))


def _labels(field: str, prefix: str, partial: str = "") -> list[str]:
    result = deckdsl.load(STANDARD, check=False)
    names = [card.name for card in result.deck.cards]
    return [item.label for item in completions(field, prefix, partial, result.profile, result.text, {}, names)]


def test_completion_offers_one_spelling_per_concept_and_others_when_typed():
    zones = _labels("action", "discard a card from ")
    assert sorted(zones) == sorted(["the deck", "the table", "your domain", "opponent's domain", "your discard",
                                    "opponent's discard", "your stars", "opponent's stars"])
    assert _labels("action", "discard a card from the ", "m") == ["mesa"]  # another spelling, once typed
    starts = _labels("action", "")
    assert {"gain", "discard", "may", "if", "you", "opponent"} <= set(starts)
    assert "gain top 2 cards of the deck" in starts  # a phrase, as a snippet
    assert {"gains", "discards"} <= set(_labels("action", "opponent ")) and "gain" not in _labels("action", "opponent ")
    assert "whenever" in _labels("condition", "") and "when" not in _labels("condition", "")
    assert {"when", "whenever"} <= set(_labels("condition", "", "wh"))
    assert _labels("action", "discard a card of type ") == ["pedra", "papel", "tesoura"]  # as the deck spells them
    assert _labels("action", "gain two ") == ["cards", "other", "stars"]
    assert _labels("condition", "this card ") == ["gets", "whenever"]
    assert _labels("action", "gain a cadr from ") == []  # a prefix that does not read offers nothing


def test_every_word_and_phrase_of_the_catalog_is_the_grammars():
    words = tomllib.loads(WORDS.read_text(encoding="utf-8"))
    terminals = {terminal.name for terminal in deck_parser().terminals}
    for table in ("spelling", "symbols"):
        assert set(words[table]) <= terminals, table
    for terminal, spellings in words["spelling"].items():
        pattern = re.compile(deck_parser().get_terminal(terminal).pattern.to_regexp())
        assert all(pattern.fullmatch(word) for word in spellings), terminal
    for kind, fields in (("steps", ("cost", "action", "condition")), ("clauses", ("condition",))):
        for phrase in words["phrases"][kind]:
            for field in fields:
                start = "whenever you gain a card from the table: " if field == "condition" and kind == "steps" else ""
                assert reads(field, start + _PLACE.sub(r"\1", phrase)), (field, phrase)


def test_expect_reads_prefixes_and_refuses_what_does_not_read():
    assert after("action", "gain a card from ").terminals >= {"YOUR", "OPPONENTS", "THE", "NAME"}
    assert after("action", "gain a card frm ") is None and after("rarity", "") is None
    assert after("action", "x" * 5_000) is None and all(reads(f, "") for f in EFFECT_FIELDS)
