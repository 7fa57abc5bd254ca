"""`deckdsl lsp` end to end: a real LSP client (pytest-lsp) drives `python -m deckdsl lsp` over stdio.

Nothing here calls a handler: every answer crosses the protocol.  Expected values are worked out from the
fixture texts independently of the server (UTF-16 columns by encoding the line, rules text with
`deckdsl.text`).  No assertion is about time; waits have a generous timeout only so a broken server fails
instead of hanging.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.lsp.client import LanguageClient as BaseLanguageClient
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

import deckdsl
from deckdsl.text import card_text

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent / "lsp"
STANDARD = ROOT / "decks" / "janken-wars.deck"
STANDARD_TEXT = STANDARD.read_text(encoding="utf-8")
REFERENCES = HERE / "references.deck"
TIMEOUT = 120  # seconds: only so that a broken server fails the test instead of hanging it

pytestmark = pytest.mark.asyncio(loop_scope="module")


# ------------------------------------------------------------------------------ the client ---


class Client(LanguageClient):
    """pytest-lsp's client, keeping every `publishDiagnostics` (not just the last per document) and the
    server's stderr."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.published: list[types.PublishDiagnosticsParams] = []
        self.arrived = asyncio.Event()
        self.stderr: list[str] = []
        self.logged = asyncio.Event()
        self.shut = False
        self._reader: asyncio.Task | None = None

    async def start_io(self, cmd: str, *args, **kwargs):
        await BaseLanguageClient.start_io(self, cmd, *args, **kwargs)
        self._reader = asyncio.create_task(self._read_stderr())

    async def _read_stderr(self):
        while line := await self._server.stderr.readline():
            self.stderr.append(line.decode("utf-8", "replace"))
            self.logged.set()

    async def log_line(self, text: str, start: int = 0) -> int:
        """The index of the first line of the server's stderr from `start` on that contains `text` (waiting
        for it)."""

        async def wait():
            while not (found := [i for i, line in enumerate(self.stderr[start:], start) if text in line]):
                self.logged.clear()
                await self.logged.wait()
            return found[0]

        return await asyncio.wait_for(wait(), TIMEOUT)

    async def shutdown_session(self) -> None:
        """`shutdown` and `exit`, once (a test may have done it already)."""
        if not self.shut:
            self.shut = True
            await asyncio.wait_for(super().shutdown_session(), TIMEOUT)

    async def stop(self):
        if self._reader is not None and not self._reader.done():
            self._reader.cancel()
        if self._server is not None and self._server.returncode is None:
            self._server.stdin.close()  # a server left running by a failed test exits at end of input
        return await super().stop()


def _record(ls: Client, params: types.PublishDiagnosticsParams):
    ls.diagnostics[params.uri] = params.diagnostics
    ls.published.append(params)
    ls.arrived.set()


def _make_client() -> Client:
    client = Client(converter_factory=default_converter)
    register_lsp_features(client, {**DEFAULT_CLIENT_FEATURES, types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: _record})
    return client


def _capabilities(*encodings: str) -> types.ClientCapabilities:
    general = types.GeneralClientCapabilities(position_encodings=list(encodings)) if encodings else None
    return types.ClientCapabilities(
        general=general,
        text_document=types.TextDocumentClientCapabilities(
            synchronization=types.TextDocumentSyncClientCapabilities(did_save=True),
            hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
            rename=types.RenameClientCapabilities(prepare_support=True),
            publish_diagnostics=types.PublishDiagnosticsClientCapabilities(
                related_information=True, version_support=True, code_description_support=True),
            code_action=types.CodeActionClientCapabilities(
                code_action_literal_support=types.ClientCodeActionLiteralOptions(
                    code_action_kind=types.ClientCodeActionKindOptions(value_set=[types.CodeActionKind.QuickFix])),
                is_preferred_support=True),
            document_symbol=types.DocumentSymbolClientCapabilities(hierarchical_document_symbol_support=True),
        ),
    )


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(
    server_command=[sys.executable, "-m", "deckdsl", "lsp"], client_factory=_make_client))
async def client(lsp_client: Client):
    lsp_client.initialize_result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=_capabilities(), root_uri=ROOT.as_uri()))
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(
    server_command=[sys.executable, "-X", "importtime", "-m", "deckdsl", "lsp", "--log-level", "debug"],
    client_factory=_make_client))
async def probe(lsp_client: Client):
    """A second server, started with `-X importtime` (every import on its stderr), logging at debug level,
    and asked for UTF-32 positions."""
    lsp_client.initialize_result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=_capabilities("utf-32", "utf-16"), root_uri=ROOT.as_uri()))
    yield
    await lsp_client.shutdown_session()


# ------------------------------------------------------------------------------- helpers ---


def utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def position_of(text: str, needle: str, after: str = "", encode=utf16, offset: int = 0) -> types.Position:
    """The LSP position of `needle` (the first after `after`), `offset` characters into it."""
    at = text.index(needle, text.index(after) if after else 0) + offset
    line = text.count("\n", 0, at)
    start = text.rfind("\n", 0, at) + 1
    return types.Position(line=line, character=encode(text[start:at]))


def range_of(text: str, needle: str, after: str = "", encode=utf16) -> types.Range:
    return types.Range(start=position_of(text, needle, after, encode),
                       end=position_of(text, needle, after, encode, len(needle)))


def span_range(text: str, span, encode=utf16) -> types.Range:
    """The LSP range of a deckdsl span, from its character offsets."""

    def position(at: int) -> types.Position:
        start = text.rfind("\n", 0, at) + 1
        return types.Position(line=text.count("\n", 0, at), character=encode(text[start:at]))

    return types.Range(start=position(span.start), end=position(span.end))


def open_document(client: Client, path: Path, text: str | None = None, version: int = 1) -> str:
    uri = path.as_uri()
    text = path.read_text(encoding="utf-8") if text is None else text
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(
        uri=uri, language_id="deckdsl-game" if path.suffix == ".game" else "deckdsl", version=version, text=text)))
    return uri


def change(client: Client, uri: str, version: int, *changes) -> None:
    """Send `changes`: a text (the whole document) or (range, text) pairs, applied in order."""
    events = [types.TextDocumentContentChangeWholeDocument(text=c) if isinstance(c, str)
              else types.TextDocumentContentChangePartial(range=c[0], text=c[1]) for c in changes]
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version), content_changes=events))


async def published(client: Client, uri: str, version: int) -> types.PublishDiagnosticsParams:
    """The diagnostics published for `version` of `uri` (waiting for them)."""

    async def wait():
        while True:
            for params in client.published:
                if params.uri == uri and params.version == version:
                    return params
            client.arrived.clear()
            await client.arrived.wait()

    return await asyncio.wait_for(wait(), TIMEOUT)


async def published_after(client: Client, uri: str, before: int) -> types.PublishDiagnosticsParams:
    """The first diagnostics published for `uri` after the first `before` publications (waiting for them)."""

    async def wait():
        while not (found := [p for p in client.published[before:] if p.uri == uri]):
            client.arrived.clear()
            await client.arrived.wait()
        return found[0]

    return await asyncio.wait_for(wait(), TIMEOUT)


async def ask(request):
    """A request's answer (waiting at most `TIMEOUT`, so a request left unanswered fails the test)."""
    return await asyncio.wait_for(request, TIMEOUT)


def apply(text: str, edits: list[types.TextEdit]) -> str:
    """`edits` (UTF-16 ranges, not overlapping) applied to `text`."""
    lines = text.split("\n")

    def offset(position: types.Position) -> int:
        line = lines[position.line]
        units = 0
        for index, character in enumerate(line):
            if units >= position.character:
                return sum(len(lines[i]) + 1 for i in range(position.line)) + index
            units += utf16(character)
        return sum(len(lines[i]) + 1 for i in range(position.line)) + len(line)

    spans = sorted(((offset(e.range.start), offset(e.range.end), e.new_text) for e in edits), reverse=True)
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


def doc(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)


# A misspelt field after non-ASCII text on its line: the first field of `Muro Alto`, written on its header
# line after a name with an emoji (🧱: one character, two UTF-16 units).
TYPO_TEXT = STANDARD_TEXT.replace('card "Muro Alto" {\n', 'card "Muro Alto 🧱" { coipes: 6\n', 1).replace(
    "  copies: 6\n", "", 1)


def typo_span():
    """Where deckdsl itself puts the DK101 of `TYPO_TEXT` (character offsets)."""
    found = deckdsl.loads(TYPO_TEXT, str(ROOT / "decks" / "x.deck")).diagnostics
    return next(d for d in found if d.code == "DK101").span


# --------------------------------------------------------------------------------- tests ---


async def test_initialize_advertises_the_features(client: Client):
    capabilities = client.initialize_result.capabilities
    assert capabilities.position_encoding == types.PositionEncodingKind.Utf16
    assert capabilities.hover_provider and capabilities.definition_provider and capabilities.references_provider
    assert set(capabilities.completion_provider.trigger_characters) >= {":", '"'}
    assert capabilities.rename_provider.prepare_provider is True
    assert capabilities.document_formatting_provider and capabilities.document_symbol_provider
    assert list(capabilities.code_action_provider.code_action_kinds) == [types.CodeActionKind.QuickFix]
    assert capabilities.text_document_sync.save is not None
    assert client.initialize_result.server_info.name == "deckdsl"


async def test_standard_deck_has_no_errors(client: Client):
    uri = open_document(client, STANDARD)
    shown = (await published(client, uri, 1)).diagnostics
    expected = deckdsl.load(STANDARD).diagnostics
    assert [d.code for d in shown] == [d.code for d in expected] and expected
    assert not [d for d in shown if d.severity == types.DiagnosticSeverity.Error]
    warning = next(d for d in shown if d.code == "JW105")
    assert warning.severity == types.DiagnosticSeverity.Warning and warning.source == "deckdsl"
    assert warning.range == range_of(STANDARD_TEXT, "discarded first")
    assert "\nhelp: give `Muro Alto` an effect" in warning.message
    assert warning.code_description.href.endswith("docs/rules/JW105.md")
    related = warning.related_information[0]
    assert related.location.uri == uri and related.message.startswith("the only discard of a chosen card")
    assert related.location.range.start.line == STANDARD_TEXT.splitlines().index(
        "  action: opponent discards a card from opponent's domain chosen by you")


async def test_the_nearest_deckdsl_toml_chooses_the_findings(client: Client):
    """`tests/lsp/configured/deckdsl.toml` ignores JW105, the standard deck's only finding."""
    uri = open_document(client, HERE / "configured" / "standard.deck", STANDARD_TEXT)
    assert list((await published(client, uri, 1)).diagnostics) == []


async def test_misspelt_field_is_reported_at_its_utf16_range_and_cleared_when_fixed(client: Client):
    uri = open_document(client, ROOT / "decks" / "lsp-typo.deck", STANDARD_TEXT)
    first = (await published(client, uri, 1)).diagnostics
    # Incremental edits, as an editor sends them: drop the `copies:` line, then write it misspelt on the
    # header line, then put an emoji in the name before it.
    lines = STANDARD_TEXT.split("\n")
    header = lines.index('card "Muro Alto" {')
    copies = lines.index("  copies: 6", header)
    change(client, uri, 2,
           (types.Range(start=types.Position(line=copies, character=0),
                        end=types.Position(line=copies + 1, character=0)), ""),
           (types.Range(start=types.Position(line=header, character=18), end=types.Position(line=header, character=18)),
            " coipes: 6"),
           (types.Range(start=types.Position(line=header, character=15), end=types.Position(line=header, character=15)),
            " 🧱"))
    shown = (await published(client, uri, 2)).diagnostics
    typo = next(d for d in shown if d.code == "DK101")
    assert TYPO_TEXT[typo_span().start:typo_span().end].startswith("coipes")
    assert typo.range == span_range(TYPO_TEXT, typo_span())
    assert typo.range.start.character == len('card "Muro Alto 🧱" { ') + 1  # the emoji is 2 UTF-16 units
    assert typo.severity == types.DiagnosticSeverity.Error
    assert typo.message.startswith("cards have no field `coipes`") and "help: did you mean `copies`?" in typo.message
    assert typo.code_description.href.endswith("deckdsl/codes/DK101.md")

    change(client, uri, 3, (range_of(TYPO_TEXT, "coipes"), "copies"))
    fixed = (await published(client, uri, 3)).diagnostics
    assert not [d for d in fixed if d.severity == types.DiagnosticSeverity.Error or d.code in ("DK101", "DK131")]
    change(client, uri, 4, STANDARD_TEXT)
    assert (await published(client, uri, 4)).diagnostics == first


async def test_hover_on_a_card_name_shows_its_rules_text_in_both_languages_and_its_figures(client: Client):
    uri = open_document(client, ROOT / "decks" / "lsp-hover.deck", STANDARD_TEXT)
    card = deckdsl.load(STANDARD).deck.card("Muro Alto")
    result = await ask(client.text_document_hover_async(types.HoverParams(
        doc(uri), position_of(STANDARD_TEXT, "Muro Alto", offset=3))))
    text = result.contents.value
    assert card_text(card, "pt-BR").lines[0] in text and card_text(card, "en").lines[0] in text
    assert "Condição: precisa ser descartada antes das outras cartas do jogador." in text
    assert "pedra · simples · ×6 · value 2" in text
    assert "power" in text and "2.5" in text  # value 2 + discarded first 0.5, as `deckdsl explain` says
    assert result.range == range_of(STANDARD_TEXT, "Muro Alto")


async def test_hover_shows_the_profiles_properties(client: Client):
    """A Queens vs Kings card has no value or effects; its figures are the profile's power and mana."""
    path = ROOT / "decks" / "queens-vs-kings.deck"
    text, result = path.read_text(encoding="utf-8"), deckdsl.load(path)
    card = result.deck.cards[-1]
    uri = open_document(client, path)
    shown = (await ask(client.text_document_hover_async(types.HoverParams(
        doc(uri), position_of(text, f'"{card.name}"', offset=2))))).contents.value
    assert len(result.profile.properties) == 2  # power and mana
    for name, spec in result.profile.properties.items():
        assert f"{spec.label or name} {result.profile.property_of(card, name)}" in shown


async def test_hover_on_a_reference_an_effect_a_field_and_a_rule_parameter(client: Client):
    text = REFERENCES.read_text(encoding="utf-8")
    uri = open_document(client, REFERENCES)

    async def hover(needle: str, after: str = "", offset: int = 1) -> str:
        result = await ask(client.text_document_hover_async(types.HoverParams(
            doc(uri), position_of(text, needle, after, offset=offset))))
        return result.contents.value

    lupa = card_text(deckdsl.load(REFERENCES).deck.card("Lupa Dobradora"), "en").lines[0]
    assert lupa in await hover("Lupa Dobradora", after="  order:")
    assert lupa in await hover("Lupa Dobradora", after='named "')
    effect = await hover("swap", after='card "Joia Cobiçada"')
    assert "Ação: deve ser trocada com uma carta do oponente." in effect
    assert "Action: must be swapped with a card of the opponent." in effect
    assert "trade places" in effect  # the meaning of `swap` itself
    assert "how many copies" in await hover("copies")
    assert "points of domain value exchanged for one star" in await hover("star_cost")
    assert "rock" in await hover("pedra", after="  type: ") and "**type**" in await hover("type: pedra")


async def test_completion_offers_the_profiles_values_after_type(client: Client):
    text = STANDARD_TEXT.replace("  type: tesoura\n  rarity: especial", "  type: \n  rarity: especial")
    uri = open_document(client, ROOT / "decks" / "lsp-complete.deck", text)
    result = await ask(client.text_document_completion_async(types.CompletionParams(
        doc(uri), position_of(text, "type: \n", offset=6))))
    labels = {item.label for item in result.items}
    assert {"pedra", "papel", "tesoura", "rock", "paper", "scissors"} <= labels
    assert "rocha" not in labels and "simples" not in labels


async def test_completion_reads_the_profile_next_to_the_deck(client: Client):
    """`tests/lsp/local.deck` says `game: my-game`; `tests/lsp/my-game.game` gives rock the alias `rocha`."""
    path = HERE / "local.deck"
    text = path.read_text(encoding="utf-8").replace("type: rocha", "type: ", 1)
    uri = open_document(client, path, text)
    result = await ask(client.text_document_completion_async(types.CompletionParams(
        doc(uri), position_of(text, "type: \n", offset=6))))
    assert {"rocha", "pedra", "rock"} <= {item.label for item in result.items}
    assert not [d for d in (await published(client, uri, 1)).diagnostics if d.code in ("DK114", "DK103")]


async def test_saving_a_profile_rechecks_the_open_decks_that_use_it(client: Client, tmp_path: Path):
    """Decks find their profile as `deckdsl check` does (next to them on disk); saving the `.game` re-checks
    them — after the edit itself did (the buffer is what they are checked against: the next test)."""
    profile = tmp_path / "my-game.game"
    profile.write_text((HERE / "my-game.game").read_text(encoding="utf-8"), encoding="utf-8")
    deck = open_document(client, tmp_path / "local.deck", (HERE / "local.deck").read_text(encoding="utf-8"))
    assert "DK103" not in {d.code for d in (await published(client, deck, 1)).diagnostics}
    game = open_document(client, profile)
    await published(client, game, 1)
    edited = profile.read_text(encoding="utf-8").replace("[pedra, rocha]", "[pedra]")
    change(client, game, 2, edited)
    await published(client, game, 2)
    before = len(client.published)
    profile.write_text(edited, encoding="utf-8")
    client.text_document_did_save(types.DidSaveTextDocumentParams(doc(game)))

    again = await published_after(client, deck, before)
    assert again.version == 1
    assert "`rocha` is not a type" in next(d for d in again.diagnostics if d.code == "DK103").message


async def test_completion_of_fields_zones_and_card_names(client: Client):
    text = STANDARD_TEXT.replace("  value: 4\n}", '  value: 4\n  \n  action: gain a card named "Mu" from \n}', 1)
    uri = open_document(client, ROOT / "decks" / "lsp-complete-more.deck", text)

    async def labels(needle: str, offset: int) -> list[types.CompletionItem]:
        result = await ask(client.text_document_completion_async(types.CompletionParams(
            doc(uri), position_of(text, needle, 'card "Origami Sublime"', offset=offset))))
        return result.items

    fields = {item.label for item in await labels("  \n  action", 2)}
    assert {"flavor", "art", "cost", "condition"} <= fields
    assert not fields & {"sabor", "arte", "custo"}  # one spelling per field: the deck writes `value:`, not `valor:`
    assert not fields & {"type", "rarity", "copies", "value", "action"}  # already written in this card
    names = await labels('Mu"', 2)
    muro = next(item for item in names if item.label == "Muro Alto")
    assert muro.text_edit.new_text == "Muro Alto" and muro.text_edit.range == range_of(text, "Mu", 'named "')
    assert "Origami Sublime" not in {item.label for item in names}  # filtered by what is typed
    zones = {item.label for item in await labels("from \n", 5)}  # one spelling per zone, with its owners
    assert {"the table", "your domain", "opponent's domain", "your discard"} <= zones
    assert not zones & {"the mesa", "the baralho", "your domínio", "the domain", "your table"}


async def test_completion_offers_field_names_as_the_deck_spells_them(client: Client):
    """A deck that writes `valor:` and `cópias:` is offered `sabor`, `arte`, `custo` (one spelling per
    field, the deck's); once a word is being typed, every spelling of the fields it may be becoming."""
    text = STANDARD_TEXT
    for name, alias in (("copies", "cópias"), ("value", "valor"), ("condition", "condição"), ("action", "ação")):
        text = text.replace(f"\n  {name}:", f"\n  {alias}:")
    text = text.replace("  valor: 4\n}", "  valor: 4\n  \n}", 1)
    uri = open_document(client, ROOT / "decks" / "lsp-complete-pt.deck", text)
    at = position_of(text, "  \n}", "  valor: 4\n", offset=2)
    result = await ask(client.text_document_completion_async(types.CompletionParams(doc(uri), at)))
    fields = {item.label for item in result.items}
    assert {"sabor", "arte", "custo"} <= fields and not fields & {"flavor", "art", "cost"}
    typed = text.replace("  valor: 4\n  \n}", "  valor: 4\n  f\n}", 1)
    change(client, uri, 2, typed)
    at = position_of(typed, "  f\n}", "  valor: 4\n", offset=3)
    result = await ask(client.text_document_completion_async(types.CompletionParams(doc(uri), at)))
    assert {"flavor", "sabor"} <= {item.label for item in result.items}


async def test_definition_references_and_rename_of_a_card_named_in_an_effect_and_an_addendum(client: Client):
    text = REFERENCES.read_text(encoding="utf-8")
    uri = REFERENCES.as_uri() + "#rename"
    client.text_document_did_open(types.DidOpenTextDocumentParams(types.TextDocumentItem(
        uri=uri, language_id="deckdsl", version=1, text=text)))
    in_order = position_of(text, "Lupa Dobradora", after="  order:", offset=2)
    header = range_of(text, "Lupa Dobradora", after='card "Lupa')
    effect = range_of(text, "Lupa Dobradora", after='named "')
    addendum = range_of(text, "Lupa Dobradora", after="  order:")
    assert addendum.start.character == utf16('  order: "Moldura 🖼 Dourada" then "')  # after the emoji

    location = await ask(client.text_document_definition_async(types.DefinitionParams(doc(uri), in_order)))
    assert location.uri == uri and location.range == header
    found = await ask(client.text_document_references_async(types.ReferenceParams(
        text_document=doc(uri), position=in_order, context=types.ReferenceContext(include_declaration=True))))
    assert [loc.range for loc in found] == [header, effect, addendum]
    found = await ask(client.text_document_references_async(types.ReferenceParams(
        text_document=doc(uri), position=position_of(text, "Lupa Dobradora", after='named "'),
        context=types.ReferenceContext(include_declaration=False))))
    assert [loc.range for loc in found] == [effect, addendum]

    prepared = await ask(client.text_document_prepare_rename_async(types.PrepareRenameParams(doc(uri), in_order)))
    assert prepared.range == addendum and prepared.placeholder == "Lupa Dobradora"
    assert await ask(client.text_document_prepare_rename_async(types.PrepareRenameParams(
        doc(uri), position_of(text, "copies")))) is None
    edit = await ask(client.text_document_rename_async(types.RenameParams(doc(uri), in_order, 'Lupa "Dupla" 🔍')))
    renamed = apply(text, edit.changes[uri])
    assert renamed.count('"Lupa \\"Dupla\\" 🔍"') == 3 and "Lupa Dobradora\"" not in renamed
    result = deckdsl.loads(renamed, str(REFERENCES))
    assert result.deck.card('Lupa "Dupla" 🔍') is not None and "DK111" not in {d.code for d in result.diagnostics}

    with pytest.raises(Exception, match="already has a card called"):
        await ask(client.text_document_rename_async(types.RenameParams(doc(uri), in_order, "Muro Alto")))


async def test_formatting_returns_the_formatters_text(client: Client):
    fmt = pytest.importorskip("deckdsl.lang.fmt")
    messy = STANDARD_TEXT.replace("  type: pedra", "      type:    pedra").replace("value: 4", "value:4")
    uri = open_document(client, ROOT / "decks" / "lsp-format.deck", messy)
    edits = await ask(client.text_document_formatting_async(types.DocumentFormattingParams(
        doc(uri), types.FormattingOptions(tab_size=2, insert_spaces=True))))
    expected = fmt.format_source(messy, "deck")
    assert expected != messy and apply(messy, edits) == expected
    broken = STANDARD_TEXT.replace('card "Origami Sublime" {', 'card "Origami Sublime" {{ ((')
    change(client, uri, 2, broken)
    assert not await ask(client.text_document_formatting_async(types.DocumentFormattingParams(
        doc(uri), types.FormattingOptions(tab_size=2, insert_spaces=True))))


async def test_code_action_applies_a_diagnostics_fix(client: Client):
    fixable = [d for d in deckdsl.loads(TYPO_TEXT, str(ROOT / "decks" / "x.deck")).diagnostics if d.fix is not None]
    assert fixable, "DK101 offers its did-you-mean as a fix (`coipes` → `copies`)"
    uri = open_document(client, ROOT / "decks" / "lsp-fix.deck", TYPO_TEXT)
    shown = (await published(client, uri, 1)).diagnostics
    target = next(d for d in shown if d.code == fixable[0].code)
    actions = await ask(client.text_document_code_action_async(types.CodeActionParams(
        doc(uri), target.range, types.CodeActionContext(diagnostics=[target]))))
    action = next(a for a in actions if a.title == fixable[0].fix.message)
    assert action.kind == types.CodeActionKind.QuickFix and action.is_preferred == fixable[0].fix.safe
    assert action.diagnostics[0].code == target.code
    fixed = apply(TYPO_TEXT, action.edit.changes[uri])
    assert fixable[0].code not in {d.code for d in deckdsl.loads(fixed, str(ROOT / "decks" / "x.deck")).diagnostics}


async def test_document_symbols_are_the_header_the_cards_and_the_addenda(client: Client):
    uri = open_document(client, ROOT / "decks" / "lsp-symbols.deck", STANDARD_TEXT)
    found = await ask(client.text_document_document_symbol_async(types.DocumentSymbolParams(doc(uri))))
    cards = [s for s in found if s.kind == types.SymbolKind.Class]
    assert len(cards) == len(deckdsl.load(STANDARD).deck.cards) == 9
    assert found[0].name == "Janken Wars" and found[0].detail == "game: janken-wars"
    assert cards[0].name == "Muro Alto" and cards[0].detail == "pedra · simples · ×6"
    uri = open_document(client, REFERENCES)
    found = await ask(client.text_document_document_symbol_async(types.DocumentSymbolParams(doc(uri))))
    assert [s.name for s in found if s.kind == types.SymbolKind.Interface] == ["Somar antes de dobrar"]


async def test_game_files_get_diagnostics_and_symbols(client: Client):
    broken = open_document(client, HERE / "broken.game")
    shown = (await published(client, broken, 1)).diagnostics
    assert [d.code for d in shown] == ["DK501"] and shown[0].range.start.line == 4
    good = open_document(client, HERE / "my-game.game")
    assert list((await published(client, good, 1)).diagnostics) == []
    found = await ask(client.text_document_document_symbol_async(types.DocumentSymbolParams(doc(good))))
    assert found[0].name == "Janken Wars (variante local)"
    blocks = {s.name for s in found[0].children}
    assert {"attribute type", "attribute rarity", "zone domain", "rule star_cost"} <= blocks


async def test_closing_a_document_clears_its_diagnostics(client: Client):
    uri = open_document(client, ROOT / "decks" / "lsp-close.deck", TYPO_TEXT)
    assert (await published(client, uri, 1)).diagnostics
    before = len(client.published)
    client.text_document_did_close(types.DidCloseTextDocumentParams(doc(uri)))
    assert list((await published_after(client, uri, before)).diagnostics) == []


async def test_a_burst_of_changes_publishes_the_final_version_and_never_a_stale_one(client: Client):
    """20 versions sent at once, each with a misspelt field named after its version.  What is published
    must be coalesced, in version order, each set about the text of the version it carries, and end with
    the last version."""
    uri = open_document(client, ROOT / "decks" / "lsp-burst.deck", STANDARD_TEXT)
    await published(client, uri, 1)
    before = len(client.published)
    for version in range(2, 22):
        change(client, uri, version, STANDARD_TEXT.replace("  copies: 6\n", f"  campo{version}: 1\n  copies: 6\n", 1))
    await published(client, uri, 21)
    burst = [p for p in client.published[before:] if p.uri == uri]
    versions = [p.version for p in burst]
    assert versions == sorted(set(versions)) and versions[-1] == 21
    assert len(burst) < 20  # coalesced: not one analysis per change
    for params in burst:
        typo = next(d for d in params.diagnostics if d.code == "DK101")
        assert f"`campo{params.version}`" in typo.message


async def test_an_analysis_overtaken_by_an_edit_is_never_published(probe: Client):
    """The server logs (at debug level) each change it receives, each analysis it starts, and each set it
    publishes.  An edit sent while the analysis of the version before it is running must drop that
    analysis: its version is never published, and no set is published after a newer version arrived."""
    cards = STANDARD_TEXT[STANDARD_TEXT.index('card "Muro Alto"'):]
    big = STANDARD_TEXT + "".join(cards.replace('card "', f'card "{n} ') for n in range(60))  # ~550 cards

    def edited(version: int) -> str:
        return big.replace("  copies: 6\n", f"  campo{version}: 1\n  copies: 6\n", 1)

    uri = open_document(probe, ROOT / "decks" / "lsp-overtaken.deck", big)
    await published(probe, uri, 1)
    for version in range(2, 12, 2):  # until an analysis is caught in flight (at once, unless it is very fast)
        mark = len(probe.stderr)
        change(probe, uri, version, edited(version))
        await probe.log_line(f"analysing {uri} version {version}", mark)
        change(probe, uri, version + 1, edited(version + 1))
        await published(probe, uri, version + 1)
        dropped = f"dropped the analysis of {uri} version {version}:"
        if any(dropped in line for line in probe.stderr[mark:]):
            break
    else:
        pytest.fail("no analysis was still running when the next edit arrived")
    assert version not in {p.version for p in probe.published if p.uri == uri}
    newest, received = 0, ("DEBUG: opened", "DEBUG: changed")
    for line in probe.stderr:
        if f" {uri} version " in line and line.startswith(("DEBUG: published", *received), len("deckdsl lsp: ")):
            number = int(line.split(" version ")[1].split()[0].rstrip(":"))
            if any(word in line for word in received):
                newest = max(newest, number)
            else:
                assert number == newest, f"published version {number} after version {newest} came"


async def test_utf32_positions_when_the_client_asks_for_them(probe: Client):
    assert probe.initialize_result.capabilities.position_encoding == types.PositionEncodingKind.Utf32
    uri = open_document(probe, ROOT / "decks" / "lsp-utf32.deck", TYPO_TEXT)
    typo = next(d for d in (await published(probe, uri, 1)).diagnostics if d.code == "DK101")
    assert typo.range == span_range(TYPO_TEXT, typo_span(), encode=len)
    assert typo.range.start.character == len('card "Muro Alto 🧱" { ')  # code points: the emoji is one


async def test_the_server_never_imports_weasyprint(probe: Client):
    uri = open_document(probe, STANDARD)
    await published(probe, uri, 1)
    await ask(probe.text_document_hover_async(types.HoverParams(doc(uri), position_of(STANDARD_TEXT, "Muro Alto"))))
    await ask(probe.text_document_formatting_async(types.DocumentFormattingParams(
        doc(uri), types.FormattingOptions(tab_size=2, insert_spaces=True))))
    await probe.shutdown_session()
    await asyncio.wait_for(probe._reader, TIMEOUT)  # the server has exited: its stderr is complete
    assert any(line.startswith("deckdsl lsp: DEBUG: published " + uri) for line in probe.stderr)  # logs: stderr
    imported = {line.rsplit("|", 1)[-1].strip() for line in probe.stderr if line.startswith("import time:")}
    assert "deckdsl.editor.lsp" in imported and "deckdsl.check.explain" in imported
    assert not {name for name in imported if name.split(".")[0] in ("weasyprint", "jinja2")}


async def test_a_deck_with_more_findings_than_the_editor_gets_publishes_errors_first_and_counts_the_rest(
        client: Client):
    """`MAX_PUBLISHED` per document: every error, then the others in file order, and a notice with the
    count of the rest — after edits too, which the server reads with the document's memory."""
    from deckdsl.editor.lsp import MAX_PUBLISHED

    sys.path.insert(0, str(ROOT / "bench"))
    from bench_check import generate_deck

    text = generate_deck(600)
    broken = text.index("value: ", len(text) * 3 // 4)
    text = text[:broken] + "value: pedra" + text[text.index("\n", broken):]  # an error late in the file
    path = ROOT / "decks" / "lsp-many-findings.deck"
    uri = open_document(client, path, text)
    for version, edited in enumerate((text, text.replace("copies: 1", "copies: 2", 1), text), start=1):
        if version > 1:
            change(client, uri, version, edited)
        shown = (await published(client, uri, version)).diagnostics
        expected = deckdsl.loads(edited, str(path)).diagnostics
        assert len(expected) > MAX_PUBLISHED + 100
        assert len(shown) == MAX_PUBLISHED + 1
        notice = shown[-1]
        assert notice.severity == types.DiagnosticSeverity.Information and notice.range.start.line == 0
        assert notice.message.startswith(f"{len(expected) - MAX_PUBLISHED:,} more findings are not shown")
        errors = [d for d in expected if d.severity.value == "error"]
        assert errors and [d.code for d in shown if d.severity == types.DiagnosticSeverity.Error] == [
            d.code for d in errors]
        assert [d.code for d in shown[:-1] if d.severity != types.DiagnosticSeverity.Error][:50] == [
            d.code for d in expected if d.severity.value != "error"][:50]


async def test_decks_are_checked_against_the_profile_as_it_is_being_written(client: Client, tmp_path: Path):
    """A `.game` open in the editor is read from its buffer, saved or not — even one never saved at all —
    and the decks are re-checked as it changes; closing it goes back to the file."""
    deck = open_document(client, tmp_path / "local.deck", (HERE / "local.deck").read_text(encoding="utf-8"))
    assert "DK114" in {d.code for d in (await published(client, deck, 1)).diagnostics}  # no my-game.game yet

    written = (HERE / "my-game.game").read_text(encoding="utf-8")
    before = len(client.published)
    game = open_document(client, tmp_path / "my-game.game", written)
    again = await published_after(client, deck, before)
    assert not {"DK114", "DK103"} & {d.code for d in again.diagnostics}

    before = len(client.published)
    change(client, game, 2, written.replace("[pedra, rocha]", "[pedra]"))
    again = await published_after(client, deck, before)
    assert "`rocha` is not a type" in next(d for d in again.diagnostics if d.code == "DK103").message

    before = len(client.published)
    client.text_document_did_close(types.DidCloseTextDocumentParams(doc(game)))
    again = await published_after(client, deck, before)
    assert "DK114" in {d.code for d in again.diagnostics}


async def test_completion_in_the_print_block(client: Client):
    text = STANDARD_TEXT.replace("  language: pt-BR\n", "  language: pt-BR\n  print {\n    \n    frame: \n  }\n", 1)
    uri = open_document(client, ROOT / "decks" / "lsp-complete-print.deck", text)

    async def labels(needle: str, offset: int) -> set[str]:
        result = await ask(client.text_document_completion_async(types.CompletionParams(
            doc(uri), position_of(text, needle, "print {", offset=offset))))
        return {item.label for item in result.items}

    assert {"colours", "rarity_marks", "font", "back_image", "back_pattern"} <= await labels("    \n    frame", 4)
    assert "frame" not in await labels("    \n    frame", 4)  # already written
    assert await labels("frame: \n", 7) == {"rounded", "square", "none"}


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(
    server_command=[sys.executable, "-m", "deckdsl", "lsp"], client_factory=_make_client))
async def lusophone(lsp_client: Client):
    """A client whose user interface speaks Brazilian Portuguese (`initialize`'s `locale`)."""
    lsp_client.initialize_result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=_capabilities(), root_uri=ROOT.as_uri(), locale="pt-BR"))
    yield
    await lsp_client.shutdown_session()


async def test_findings_are_said_in_the_clients_locale(lusophone: Client):
    """Issue 29: the editor says findings — and their fixes — in the client's language, with the codes and
    places of English."""
    english = [d for d in deckdsl.loads(TYPO_TEXT, str(ROOT / "decks" / "x.deck")).diagnostics]
    uri = open_document(lusophone, ROOT / "decks" / "lsp-locale.deck", TYPO_TEXT)
    shown = (await published(lusophone, uri, 1)).diagnostics
    assert [d.code for d in shown] == [d.code for d in english]
    typo = next(d for d in shown if d.code == "DK101")
    assert typo.message.startswith("as cartas não têm o campo `coipes`"), typo.message
    actions = await ask(lusophone.text_document_code_action_async(types.CodeActionParams(
        doc(uri), typo.range, types.CodeActionContext(diagnostics=[typo]))))
    assert any(action.title.startswith("substitua `coipes`") for action in actions), [a.title for a in actions]
