"""The language server's features as pure functions over one analysed text (`Snapshot`): positions, the
snapshot itself (`analyse` reads a text into one), its diagnostics in LSP's JSON, where card names are
written (definition, references, rename) and the outline.  What helps while writing — completion and
hover — is in `lsp_assist`.

`deckdsl.editor.lsp` owns the protocol and the timing; everything here takes a snapshot and an offset and
returns plain values or lsprotocol types, so each answer depends on the text alone.

Positions.  deckdsl's `Span` counts characters (code points): 1-based lines and columns, and 0-based
character offsets.  LSP counts 0-based lines and, per line, code units of the negotiated encoding (UTF-16
unless the client offers another).  All conversion goes through the offsets and `LineIndex` — never
`Span.line/column` — so on a line with `Ímã 🧲` before a field the editor gets the columns it expects
(🧲 is one character, two UTF-16 units, four UTF-8 bytes).  `Span.point` is not used: its line cache is
module state shared with the parser, which may be reading another text.
"""

from __future__ import annotations

import bisect
import logging
import re
from dataclasses import dataclass, field
from pathlib import Path

from lsprotocol import types

from .. import escapes
from ..lang import ast
from ..lang.reuse import Memory
from ..profiles.profile import Profile

log = logging.getLogger("deckdsl.lsp")

UTF8, UTF16, UTF32 = "utf-8", "utf-16", "utf-32"
Kind = types.CompletionItemKind


# ------------------------------------------------------------------------------- positions ---


def units(text: str, encoding: str = UTF16) -> int:
    """How many code units `text` is in `encoding` (`utf-8`, `utf-16` or `utf-32`).  A lone surrogate (JSON
    carries one, `"\\udc8a"`, and an editor's UTF-16 text may hold one) counts as the editor counts it:
    one UTF-16 unit, three UTF-8 bytes — what `surrogatepass` encodes, and what pygls counts when it
    applies the editor's changes."""
    if text.isascii() or encoding == UTF32:
        return len(text)
    if encoding == UTF8:
        return len(text.encode("utf-8", "surrogatepass"))
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


class LineIndex:
    """Offsets ↔ LSP positions for one text.  Lines end at `\\n` (a `\\r` before it stays on its line,
    after every column a deck names)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0] + [match.end() for match in re.finditer("\n", text)]
        self.ranges: dict[tuple[int, int, str], types.Range] = {}
        self.json_ranges: dict[tuple[int, int, str], dict] = {}

    def position(self, offset: int, encoding: str = UTF16) -> types.Position:
        offset = max(0, min(offset, len(self.text)))
        line = bisect.bisect_right(self.starts, offset) - 1
        return types.Position(line=line, character=units(self.text[self.starts[line]:offset], encoding))

    def range(self, start: int, end: int, encoding: str = UTF16) -> types.Range:
        """The range from offset `start` to `end`, kept: a big deck's diagnostics point at the same spans
        again and again (a finding's labels name the cards it compares)."""
        key = (start, end, encoding)
        found = self.ranges.get(key)
        if found is None:
            found = self.ranges[key] = types.Range(start=self.position(start, encoding),
                                                   end=self.position(end, encoding))
        return found

    def json_range(self, start: int, end: int, encoding: str = UTF16) -> dict:
        """`range` as the JSON the protocol sends (for publishing many diagnostics without building and
        converting an object for each)."""
        key = (start, end, encoding)
        found = self.json_ranges.get(key)
        if found is None:
            first, last = self.position(start, encoding), self.position(end, encoding)
            found = self.json_ranges[key] = {"start": {"line": first.line, "character": first.character},
                                             "end": {"line": last.line, "character": last.character}}
        return found

    def offset(self, position: types.Position, encoding: str = UTF16) -> int:
        """The offset of an LSP position (clamped to its line; inside a surrogate pair: after it)."""
        if position.line >= len(self.starts):
            return len(self.text)
        start = self.starts[position.line]
        end = self.starts[position.line + 1] - 1 if position.line + 1 < len(self.starts) else len(self.text)
        line = self.text[start:end]
        if line.isascii() or encoding == UTF32:
            return start + min(position.character, len(line))
        counted = 0
        for index, character in enumerate(line):
            if counted >= position.character:
                return start + index
            counted += units(character, encoding)
        return end


# -------------------------------------------------------------------------------- snapshots ---


@dataclass
class Snapshot:
    """One version of a document as deckdsl reads it.  `kind`: `deck` or `game`; `path`: the file (None
    for an unsaved buffer).  `deck`, `profile`: the AST and its game profile (for a `.game` file, the
    profile it defines, None when it has errors); `game`: a `.game` file's syntax (`gamefile.GameFile`);
    `diagnostics`: deckdsl's (none when only parsed, `checked` False); `published`: what was published
    (LSP's JSON)."""

    uri: str
    version: int | None
    text: str
    kind: str
    path: str | None = None
    deck: ast.Deck | None = None
    profile: Profile | None = None
    game: object | None = None
    diagnostics: list = field(default_factory=list)
    checked: bool = False
    published: list = field(default_factory=list)
    timings: tuple[float, float] = (0.0, 0.0)
    """Seconds spent reading and checking, then mapping the diagnostics (for the server's debug log)."""
    index: LineIndex = field(init=False)
    names: list | None = field(default=None, init=False)
    """The card names written in the deck (`occurrences`), worked out on first use."""

    def __post_init__(self) -> None:
        self.index = LineIndex(self.text)


def kind_of(uri: str, language_id: str | None = None) -> str:
    """`game` for a game profile (`*.game`, or a document the editor calls `deckdsl-game`), else `deck`."""
    return "game" if uri.endswith(".game") or (language_id or "").endswith("game") else "deck"


def analyse(uri: str, version: int | None, text: str, path: str | None, kind: str, check: bool,
            memory: Memory | None = None) -> Snapshot:
    """Read `text` (the editor's, not the file on disk) as `deckdsl check` reads the file: a deck with
    `deckdsl.loads` — its profile found next to `path` as `deckdsl.load` would (`game: my-game` →
    `my-game.game` in its folder or one above), its findings chosen by the nearest `deckdsl.toml` — or a
    profile with `profile.loads`.  `check` False only parses (for positions).  `memory`: the document's
    (see `deckdsl.loads`)."""
    if kind == "game":
        from ..profiles import gamefile
        from ..profiles.profile import loads as load_profile

        profile, found = load_profile(text, path or "<profile>") if check else (None, [])
        return Snapshot(uri, version, text, kind, path, profile=profile, game=gamefile.read(text)[0],
                        diagnostics=list(found), checked=check)
    from .. import loads

    config = _config(path) if check else None
    result = loads(text, path or "<editor>", check=check, config=config, memory=memory, verify_fixes=False)
    return Snapshot(uri, version, text, kind, path, deck=result.deck, profile=result.profile,
                    diagnostics=result.diagnostics if check else [], checked=check)


def translator(path: str | None, locale: str | None):
    """What says findings in the editor's language — the deck's configured `lang` (as `deckdsl check`), else
    the client's `locale`, else English — or None for English (nothing to say again)."""
    from ..text import speak

    config = _config(path) if path else None
    language = speak.chosen(None, getattr(config, "lang", None), {"LANG": locale or ""})
    return None if language == "en" else speak.translator(language)


def _config(path: str | None):
    """The configuration `deckdsl check` would use for the file at `path` (None: every rule)."""
    from ..check import config as configuration

    if path is None:
        return None
    try:
        return configuration.discover(Path(path))
    except configuration.ConfigError as error:
        log.warning("%s; checking with every rule", error)
        return None


def verified(snapshot: Snapshot, found: list) -> list:
    """`found` (findings of `snapshot`) with each safe fix tried on the text, as `deckdsl check` tries them
    (`deckdsl.check.fixes.offered`): the analysis at each keystroke does not, so a code action does."""
    from .. import loads
    from ..check.fixes import offered
    from ..lang.parse import blocks

    if snapshot.kind != "deck" or not any(d.fix is not None and d.fix.safe for d in found):
        return found
    config, path = _config(snapshot.path), snapshot.path or "<editor>"

    def recheck(text: str) -> list:
        return loads(text, path, config=config, verify_fixes=False).diagnostics

    return offered(snapshot.text, found, recheck, blocks=blocks(snapshot.text))


# ------------------------------------------------------------------------------ diagnostics ---

_SEVERITY = {"error": types.DiagnosticSeverity.Error.value, "warning": types.DiagnosticSeverity.Warning.value,
             "info": types.DiagnosticSeverity.Information.value}
_PACKAGE = Path(__file__).resolve().parent.parent


def code_page(code: str) -> str | None:
    """The page that documents `code`: `deckdsl/codes/CODE.md` for the language's own codes, else a
    rule's page in the checkout's `docs/rules/` when there is one; None otherwise."""
    for page in (_PACKAGE / "codes" / f"{code}.md", _PACKAGE.parent / "docs" / "rules" / f"{code}.md"):
        if page.is_file():
            return page.as_uri()
    return None


def lsp_diagnostic(found, snapshot: Snapshot, encoding: str, pages: dict) -> dict:
    """A deckdsl `Diagnostic` as LSP's, in the JSON the protocol sends: its labels become related
    information (same document), its notes and help follow the message (editors show only the message),
    its code links to its page (`pages` caches them), an unused suppression (DK130) is marked unnecessary."""
    index = snapshot.index
    if found.code not in pages:
        pages[found.code] = code_page(found.code)
    shown = {"range": index.json_range(found.span.start, found.span.end, encoding),
             "severity": _SEVERITY[found.severity.value], "code": found.code, "source": "deckdsl",
             "message": found.message + found.details}
    if pages[found.code]:
        shown["codeDescription"] = {"href": pages[found.code]}
    if found.labels:
        shown["relatedInformation"] = [
            {"location": {"uri": snapshot.uri, "range": index.json_range(label.span.start, label.span.end, encoding)},
             "message": label.message} for label in found.labels]
    if found.code == "DK130":
        shown["tags"] = [types.DiagnosticTag.Unnecessary.value]
    return shown


# ---------------------------------------------------------------------- names of the cards ---

_STRING_AT_END = re.compile(r'"((?:[^"\\\n]|\\.)*+)"\s*$')


@dataclass(frozen=True)
class Occurrence:
    """A card name written in the deck: `start`, `end` (offsets of the text between the quotes), `role`
    (`definition`: the `card "…"` header; `effect`: `named "…"`; `addendum`: an `order:` line)."""

    name: str
    start: int
    end: int
    role: str


def occurrences(snapshot: Snapshot) -> list[Occurrence]:
    """Every card name of the deck, definitions and references, in file order (kept on the snapshot: a
    hover walks no 10,000 cards twice)."""
    if snapshot.names is None:
        snapshot.names = _occurrences(snapshot)
    return snapshot.names


def _occurrences(snapshot: Snapshot, cards=None, addenda=None) -> list[Occurrence]:
    """The names written in `cards` and `addenda` (default: the whole deck's)."""
    deck, text, found = snapshot.deck, snapshot.text, []
    for card in (deck.cards if deck else ()) if cards is None else cards:
        found.append(Occurrence(card.name, card.name_span.start + 1, card.name_span.end - 1, "definition"))
        for node in card.walk():
            if isinstance(node, ast.NameFilter) and (match := _STRING_AT_END.search(text, node.span.start,
                                                                                      node.span.end)):
                found.append(Occurrence(node.name, match.start(1), match.end(1), "effect"))
    for addendum in (deck.addenda if deck else ()) if addenda is None else addenda:
        found.extend(Occurrence(ref.name, ref.span.start + 1, ref.span.end - 1, "addendum")
                     for order in addendum.orders for ref in order.cards)
    return sorted(found, key=lambda o: o.start)


def occurrence_at(snapshot: Snapshot, offset: int) -> Occurrence | None:
    """The card name at `offset` (its quotes included), looking only in the block there: a hover on a
    10,000-card deck reads one card, not all of them."""
    if snapshot.deck is None:
        return None
    blocks = [block for block in (*snapshot.deck.cards, *snapshot.deck.addenda)
              if block.span.start <= offset <= block.span.end] if snapshot.names is None else None
    candidates = snapshot.names if blocks is None else _occurrences(
        snapshot, [b for b in blocks if isinstance(b, ast.Card)], [b for b in blocks if isinstance(b, ast.Addendum)])
    return next((o for o in candidates if o.start - 1 <= offset <= o.end + 1), None)


def same_card(snapshot: Snapshot, offset: int) -> tuple[Occurrence, list[Occurrence]] | None:
    """The card name at `offset` and every place that name is written (its definition first when the
    header comes first in the file, as it usually does)."""
    named = occurrence_at(snapshot, offset)
    return None if named is None else (named, [o for o in occurrences(snapshot) if o.name == named.name])


def quoted(name: str) -> str:
    """`name` as written between quotes (the escapes of docs/language.md, section 1)."""
    return escapes.quoted(name)[1:-1]


# --------------------------------------------------------------------------------- symbols ---

_GAME_KINDS = {"attribute": types.SymbolKind.Field, "property": types.SymbolKind.Property,
               "zone": types.SymbolKind.Namespace, "rule": types.SymbolKind.Constant,
               "structure": types.SymbolKind.Struct, "relation": types.SymbolKind.Enum,
               "dispute": types.SymbolKind.Event}


def symbols(snapshot: Snapshot, encoding: str = UTF16) -> list[types.DocumentSymbol]:
    """The outline: the deck header (its game as detail), each card (its attributes as written, and
    copies), each addendum; for a `.game` file the `game` block with one child per block."""
    index, text = snapshot.index, snapshot.text

    def symbol(name, kind, detail, whole, selected, children=None):
        return types.DocumentSymbol(name=name, kind=kind, detail=detail, range=index.range(*whole, encoding),
                                    selection_range=index.range(*selected, encoding), children=children)

    if snapshot.kind == "game":
        game = snapshot.game
        if game is None:
            return []
        head = (game.game.span.start, game.game.span.end)
        children = [symbol(f"{b.kind} {b.name}".strip(), _GAME_KINDS.get(b.kind, types.SymbolKind.Object), None,
                           (b.span.start, b.span.end), (b.span.start, b.span.end)) for b in game.blocks]
        return [symbol(game.title, types.SymbolKind.Module, "game", (head[0], len(text)), head, children)]
    deck, found = snapshot.deck, []
    if deck is None:
        return []
    if deck.header_span is not None and deck.title_span is not None:
        found.append(symbol(deck.title or "deck", types.SymbolKind.Module, f"game: {deck.game}",
                            (deck.header_span.start, deck.header_span.end),
                            (deck.title_span.start, deck.title_span.end)))
    for card in deck.cards:
        written = [text[a.value_span.start:a.value_span.end] for a in card.attributes]
        found.append(symbol(card.name, types.SymbolKind.Class, " · ".join([*written, f"×{card.copies}"]),
                            (card.span.start, card.span.end), (card.name_span.start, card.name_span.end)))
    found.extend(symbol(a.title, types.SymbolKind.Interface, "addendum", (a.span.start, a.span.end),
                        (a.title_span.start, a.title_span.end)) for a in deck.addenda)
    return sorted(found, key=lambda s: (s.range.start.line, s.range.start.character))
