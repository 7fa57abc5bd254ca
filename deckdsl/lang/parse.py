"""Read a deck file into a typed AST (`deckdsl.lang.ast`) and syntax diagnostics.

How: a fast scanner cuts the file into top-level blocks (`deck`, `card`, `addendum`), then Lark's LALR
parser reads each block with an inline builder that creates the AST nodes as rules are reduced (no parse
tree, no recursion: 10,000 nested parentheses are an error, not a crash).  Each block is parsed on its
own, so one broken card never hides the errors of the others; inside a block, a broken line is reported,
blanked and the block read again, so one bad field does not hide the others of its card either.  A block
left open is closed for the parser and reported once, pointing at its `{`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from lark import Lark
from lark.exceptions import UnexpectedInput

from .. import hidden
from ..diagnostics import Diagnostic, Label
from ..files import MAX_FILE_BYTES, decode, grammar_cache, lark_parser, read_file  # noqa: F401 — re-exported
from ..games.registry import load_error
from ..profiles.profile import DEFAULT_PROFILE, Profile, available, find
from ..profiles.profile import load as load_profile
from ..said import said
from ..span import Span
from . import ast
from .build import BUILDER, MAX_DEPTH, Header, TooDeep
from .reuse import BlockKey, Memory
from .spelling import replace, suggest

# ------------------------------------------------------------------------------ the parser ---


def _grammar_text() -> str:
    return (Path(__file__).parent.parent / "grammars" / "deck.lark").read_text(encoding="utf-8")


_PARSER: Lark | None = None

_OPTIONS = dict(parser="lalr", strict=True, keep_all_tokens=True, maybe_placeholders=True, start=["start", "item"])
"""Lark's options for the deck parser (its transformer is `BUILDER`)."""


def deck_parser() -> Lark:
    """The deck parser, building the AST as it reads (`deckdsl.lang.build`): unpickled when a pickle of it is
    current (`deckdsl.files.lark_parser`), else built (half a second without Lark's cache)."""
    global _PARSER
    if _PARSER is None:
        _PARSER = lark_parser(_grammar_text(), "deck", transformer=BUILDER, code=_builder_code(), **_OPTIONS)
    return _PARSER


def _builder_code() -> str:
    """The source of `deckdsl.lang.build`, whose methods the parser calls: a pickled parser built with other
    methods is not used."""
    from . import build

    return Path(build.__file__).read_text(encoding="utf-8")


def prebuild() -> list[Path]:
    """Write the parsers that ship with deckdsl (`grammars/deck.parser` and `grammars/game.parser`, see
    `deckdsl.files.lark_parser`) for the installed Lark and Python; returns their paths.  Run it after
    changing a grammar or `deckdsl.lang.build` (`tests/test_startup.py` says when):

        python -c "from deckdsl.lang.parse import prebuild; prebuild()"
    """
    from ..files import PREBUILT, parser_key, pickle_parser, write_atomic
    from ..profiles import gamefile

    written = []
    for name, grammar, transformer, code, options in (
        ("deck", _grammar_text(), BUILDER, _builder_code(), _OPTIONS),
        ("game", gamefile.GRAMMAR.read_text(encoding="utf-8"), None, "", gamefile.OPTIONS),
    ):
        parser = Lark(grammar, transformer=transformer, **options)
        data = pickle_parser(parser, parser_key(grammar, code, options), transformer)
        if data is None:
            raise RuntimeError(f"the {name} parser cannot be pickled with this version of Lark")
        path = PREBUILT / f"{name}.parser"
        write_atomic(path, data)
        written.append(path)
    return written


def grammar() -> Lark:
    """The deck grammar as a plain Lark parser that builds parse trees (for tools and tests)."""
    return Lark(_grammar_text(), parser="lalr", strict=True, propagate_positions=True)


# ----------------------------------------------------------------------------- the scanner ---

_BLOCK_KEYWORDS = ("card", "carta", "deck", "baralho", "addendum", "adendo")
_SCAN = re.compile(
    r'(?P<string>"(?:[^"\\\n\r]|\\.)*+"?)|#[^\n\r]*|(?P<brace>[{}])'
    r'|(?P<head>^[ \t]*(?:' + "|".join(_BLOCK_KEYWORDS) + r')(?=[ \t]+"))',
    re.M,
)
_SKIP = re.compile(r"(?:\s++|#[^\n\r]*+)*+")
_LITERALS = re.compile(r'(?P<string>"(?:[^"\\\n\r]|\\.)*+"?)|#[^\n\r]*')
"""A deck's texts (to the end of the line when one is left open) and comments (`deckdsl.hidden.scan`)."""


@dataclass(frozen=True, slots=True)
class _Chunk:
    start: int
    end: int
    open_brace: int | None = None  # set when the block was never closed
    depth: int = 0  # the braces left open, when it was never closed


MAX_BLOCKS = 100_000
"""The most top-level blocks a file is cut into (as many as `MAX_CARDS`); past them, the rest of the file is
one block, which does not read.  A file of stray `}` was once 4 million blocks."""

MAX_LOST_BLOCKS = 1_000
"""Blocks with syntax errors (lost whole, read in part, or left open) after which the rest of the file is not
read (DK014): like a compiler's limit on errors, it bounds the work a file of garbage makes (200 KB of `}`
took 58 s, fuzz parse_98; 44,000 lines of `card "X" {` held 300 times the file's size in memory)."""


def _chunks(text: str) -> list[_Chunk]:
    """Cut `text` into top-level blocks by brace depth, ignoring strings and comments."""
    return _scan(text)[0]


def blocks(text: str) -> list[tuple[int, int]]:
    """Where the top-level blocks of a deck's text start and end (offsets), as the parser cuts it."""
    return [(chunk.start, chunk.end) for chunk in _chunks(text)]


def _scan(text: str, begin_at: int = 0, stops: Mapping[int, int] | None = None) -> tuple[list[_Chunk], int | None]:
    """`_chunks` from offset `begin_at` (where a block was just closed, or 0); with `stops`, the scan ends
    as soon as a block is closed at one of those offsets, which is returned too (None: scanned to the end)."""
    chunks: list[_Chunk] = []
    depth, start, previous_end, open_brace = 0, None, begin_at, None

    def begin(at: int) -> int:
        return min(_SKIP.match(text, previous_end).end(), at)

    for match in _SCAN.finditer(text, begin_at):
        if len(chunks) >= MAX_BLOCKS and stops is None and start is None:
            chunks.append(_Chunk(begin(match.start()), len(text.rstrip())))  # the rest, read as one block
            return chunks, None
        if match.group("head") is not None:
            at = match.start() + len(match.group("head")) - len(match.group("head").lstrip())
            if start is not None and depth > 0:
                chunks.append(_Chunk(start, match.start(), open_brace, depth))
                previous_end = match.start()
            elif start is not None:
                chunks.append(_Chunk(start, match.start()))
                previous_end = match.start()
            start, depth, open_brace = begin(at), 0, None
            continue
        brace = match.group("brace")
        if brace is None:
            if start is None and match.group("string") is not None:
                start = begin(match.start())
            continue
        if start is None:
            start = begin(match.start())
        if brace == "{":
            if depth == 0:
                open_brace = match.start()
            depth += 1
        else:
            depth -= 1
            if depth <= 0:
                chunks.append(_Chunk(start, match.end()))
                start, depth, open_brace, previous_end = None, 0, None, match.end()
                if stops is not None and match.end() in stops:
                    return chunks, match.end()
    if start is not None:
        end = len(text.rstrip())
        chunks.append(_Chunk(start, max(end, start), open_brace if depth > 0 else None, max(depth, 0)))
    else:
        tail = _SKIP.match(text, previous_end).end()
        if tail < len(text):
            chunks.append(_Chunk(tail, len(text.rstrip())))
    return chunks, None


def _chunks_after_edit(text: str, before: str, chunks: list[_Chunk]) -> list[_Chunk]:
    """`_chunks(text)`, knowing that `before` was cut into `chunks`: the blocks before the first change and
    after the last one are taken as they were (moved), and only the text between is scanned.  A scan
    restarts and stops only where a block was closed by its `}`: there the scanner holds no state."""
    shorter = min(len(text), len(before))
    same = _common(lambda k: text.startswith(before[:k]), shorter)
    tail = _common(lambda k: k == 0 or text.endswith(before[len(before) - k:]), shorter - same)
    delta = len(text) - len(before)

    def closed(chunk: _Chunk) -> bool:
        return chunk.open_brace is None and before[chunk.end - 1] == "}"

    kept, begin_at = 0, 0
    for index, chunk in enumerate(chunks):
        if chunk.end > same:
            break
        if closed(chunk):
            kept, begin_at = index + 1, chunk.end
    unchanged = len(before) - tail
    stops = {chunk.end + delta: index for index, chunk in enumerate(chunks)
             if chunk.end >= unchanged and chunk.end + delta > begin_at and closed(chunk)}
    middle, stopped = _scan(text, begin_at, stops)
    if stopped is None:
        return [*chunks[:kept], *middle]
    moved = [_Chunk(c.start + delta, c.end + delta, None if c.open_brace is None else c.open_brace + delta, c.depth)
             for c in chunks[stops[stopped] + 1:]]
    return [*chunks[:kept], *middle, *moved]


def _common(holds, most: int) -> int:
    """The largest k ≤ `most` for which `holds(k)` (which holds for 0, and for every k below one it holds
    for), found by bisection: each test compares text in C, so two 1.6 MB texts take milliseconds."""
    low, high = 0, most
    while low < high:
        middle = (low + high + 1) // 2
        if holds(middle):
            low = middle
        else:
            high = middle - 1
    return low


# ------------------------------------------------------------------------------ public API ---


@dataclass(frozen=True)
class Lost:
    """A block the parser could not read at all (its error was reported).

    `kind`: `card`, `addendum` or `deck` (None when not even its first word could be read).  `name`: the
    quoted name after the keyword, when it could be read.  `span`: the block's first line up to its `{`.
    `end_line`: the block's last line.
    """

    kind: str | None
    name: str | None
    span: Span
    end_line: int


@dataclass(frozen=True)
class Gaps:
    """What a deck's reading left out, for the checker to say what it could not check.

    `skipped`: for cards read with broken lines skipped, the field names written on those lines, by the
    offset of the card's name.  `lost`: the blocks that could not be read at all.
    """

    skipped: dict[int, frozenset[str]]
    lost: tuple[Lost, ...] = ()


_KINDS = {"card": "card", "carta": "card", "deck": "deck", "baralho": "deck",
          "addendum": "addendum", "adendo": "addendum"}
_HEAD = re.compile(r'[ \t]*(?P<keyword>[^\W\d]\w*)(?:[ \t]+"(?P<name>(?:[^"\\\n]|\\.)*+)")?[^\n{]*')


def _given_up(text: str, rest: list[_Chunk], lost: list[Lost]) -> Diagnostic:
    """DK014 where reading stopped, the rest of the file noted as one lost block."""
    start = min(chunk.start for chunk in rest)
    line_end = text.find("\n", start)
    span = Span.of_range(text, start, min(start + 80, len(text) if line_end < 0 else line_end))
    lost.append(Lost(None, None, span, Span.point(text, len(text)).line))
    return Diagnostic(
        "DK014", said("read-given-up", "{count:,} blocks have syntax errors: the rest of the file ({rest:,} blocks) "
                      "is not read", count=MAX_LOST_BLOCKS, rest=len(rest)),
        span, help=said("read-given-up-help", "fix the first errors and check again; is this a deck file?"))


def _lost(text: str, chunk: _Chunk) -> Lost:
    head = _HEAD.match(text, chunk.start, chunk.end)
    if head is None:
        line_end = text.find("\n", chunk.start, chunk.end)
        return Lost(None, None, Span.of_range(text, chunk.start, chunk.end if line_end < 0 else line_end),
                    Span.point(text, chunk.end).line)
    kind = _KINDS.get(head.group("keyword").casefold())
    end = head.start() + len(head.group().rstrip())
    span = Span.of_range(text, chunk.start, end)
    return Lost(kind, head.group("name") if kind else None, span, Span.point(text, chunk.end).line)


@dataclass(frozen=True)
class Parsed:
    """What the parser read: the blocks that parsed, and the syntax diagnostics of the others."""

    header: Header | None
    headers: tuple[Header, ...]
    cards: tuple[ast.Card, ...]
    addenda: tuple[ast.Addendum, ...]
    diagnostics: tuple[Diagnostic, ...]
    blocks: int
    gaps: Gaps
    """What was left out: fields on broken lines, blocks lost whole (see `Gaps`)."""


_HEADER_START = re.compile(r"(deck|baralho)\b")


def parse_text(text: str, near: Path | None = None, memory: Memory | None = None) -> tuple[Parsed, Profile | None]:
    """Parse the text of a deck file (see the module docstring).

    The `deck` header is read first: its `game` names the profile whose attribute spellings the cards
    are read with (`tipo: pedra` becomes `type: rock`), found near the folder `near` (see
    `deckdsl.profiles.profile.find`).  Returns what was parsed and that profile (None when the game has no profile,
    or a broken one).  With a `memory` (`deckdsl.lang.reuse`), the blocks the last reading parsed cleanly
    are taken from it instead of parsed again, and this reading's are kept in it.
    """
    parser = deck_parser()
    builder = BUILDER
    text, hidden_characters = hidden.scan(text, _LITERALS)
    diagnostics: list[Diagnostic] = list(hidden_characters)
    headers: list[Header] = []
    cards: list[ast.Card] = []
    addenda: list[ast.Addendum] = []
    skipped: dict[int, frozenset[str]] = {}
    lost: list[Lost] = []
    card_keys: list[BlockKey | None] = []
    if memory is not None:
        memory.begin()
    if memory is not None and memory.chunks is not None:
        chunks = _chunks_after_edit(text, memory.text, memory.chunks)
    else:
        chunks = _chunks(text)
    if memory is not None:
        memory.text, memory.chunks = text, chunks
    first_header = next((c for c in chunks if _HEADER_START.match(text, c.start)), None)
    ordered = chunks if first_header is None else [first_header] + [c for c in chunks if c is not first_header]
    builder.profile = None
    profile_known = False
    line_offset = counted_to = line_begins = 0
    broken = 0
    for index, chunk in enumerate(ordered):
        if broken >= MAX_LOST_BLOCKS:
            diagnostics.append(_given_up(text, ordered[index:], lost))
            break
        if not profile_known and (chunk is not first_header):
            game = _game(headers[0]) if headers else DEFAULT_PROFILE
            builder.profile = load_profile(game, near)
            profile_known = True
        if chunk.start < counted_to:
            line_offset = counted_to = line_begins = 0
        source = text[chunk.start : chunk.end]
        if chunk.open_brace is not None:
            from .syntax import unclosed  # the diagnostics of syntax errors: imported when there is one

            diagnostics.append(unclosed(text, chunk))
            source += "\n}"
        line_offset += text.count("\n", counted_to, chunk.start)
        newline = text.rfind("\n", counted_to, chunk.start)  # not back to the line's start: blocks can share a line
        line_begins = newline + 1 if newline >= 0 else line_begins
        counted_to = chunk.start
        column_offset = chunk.start - line_begins
        builder.diagnostics = diagnostics
        key: BlockKey | None = (source, column_offset)
        item = None
        if memory is not None and chunk.open_brace is None:
            if memory.holds(key):
                key = None
            else:
                item = memory.take(key, builder.profile, chunk.start, line_offset)
        if item is not None:
            dropped: list[str] = []
        else:
            found = len(diagnostics)
            item, dropped = _parse_block(
                parser, builder, text, source, chunk, (line_offset, column_offset, chunk.start), diagnostics
            )
            clean = item is not None and not dropped and len(diagnostics) == found and chunk.open_brace is None
            if memory is not None and clean and key is not None:
                memory.keep(key, builder.profile, builder.anchor, item)
            elif not clean:
                key = None
            broken += not clean
        if item is None:
            lost.append(_lost(text, chunk))
        elif isinstance(item, Header):
            headers.append(item)
        elif isinstance(item, ast.Card):
            cards.append(item)
            card_keys.append(key)
            if dropped:
                skipped[item.name_span.start] = frozenset(dropped)
        elif isinstance(item, ast.Addendum):
            addenda.append(item)
    if not profile_known:
        builder.profile = load_profile(_game(headers[0]) if headers else DEFAULT_PROFILE, near)
    diagnostics.extend(_too_many_cards(cards))
    if memory is not None:
        memory.end(tuple(card_keys))
    diagnostics.sort(key=lambda d: d.span.start)
    parsed = Parsed(
        header=headers[0] if headers else None, headers=tuple(headers), cards=tuple(cards),
        addenda=tuple(addenda), diagnostics=tuple(diagnostics), blocks=len(chunks),
        gaps=Gaps(skipped, tuple(sorted(lost, key=lambda block: block.span.start))),
    )
    return parsed, builder.profile


MAX_CARDS = 100_000
"""The most cards a deck's copies may add up to: a hundred times a big printed deck, and what the engines
and the renderer can hold in memory (docs/language.md, "Numbers")."""


def _too_many_cards(cards: list[ast.Card]) -> list[Diagnostic]:
    """DK011 at the `copies:` of the card whose copies take the total past MAX_CARDS."""
    total = 0
    for card in cards:
        total += max(card.copies, 0)
        if total > MAX_CARDS:
            span = card.field_spans.get("copies", card.name_span)
            return [Diagnostic(
                "DK011", said("read-too-many-cards", "the deck's copies add up to more than {count:,} cards by "
                              "`{card}`", count=MAX_CARDS, card=card.name), span,
                help=said("read-too-many-cards-help", "a deck this size cannot be printed or played; lower `copies:`"))]
    return []


MAX_SKIPPED_LINES = 8
"""Broken lines skipped in one block before the block is given up (each is reported)."""

_FIELD_NAME = re.compile(r"[ \t]*([^\W\d][\w-]*)")


def _parse_block(parser, builder, text, source, chunk, offsets, diagnostics) -> tuple[object | None, list[str]]:
    """Parse one block; on a syntax error inside it, report it, blank the broken line (same length, so
    positions hold) and parse again — so one bad field does not hide the others of its card, and the
    card still counts.  Returns the item (None when the block could not be read) and the names of the
    fields on the lines skipped."""
    dropped: list[str] = []
    for _ in range(MAX_SKIPPED_LINES + 1):
        builder.reset(*offsets)
        try:
            return parser.parse(source, start="item"), dropped
        except TooDeep as error:
            diagnostics.append(Diagnostic(
                "DK007", said("read-too-deep", "effects may nest at most {count} levels deep", count=MAX_DEPTH),
                error.span, help=said("read-too-deep-help", "split the effect into simpler steps"),
            ))
            return None, dropped
        except UnexpectedInput as error:
            from .syntax import syntax_error  # imported when there is a syntax error

            diagnostics.append(syntax_error(text, source, chunk, error, parser, builder))
            lines = source.split("\n")
            number = getattr(error, "line", -1)
            if not 1 < number < len(lines) or any(brace in lines[number - 1] for brace in "{}"):
                return None, dropped
            broken = lines[number - 1]
            field = _FIELD_NAME.match(broken)
            dropped.append(field.group(1) if field else "")
            lines[number - 1] = " " * len(broken)
            source = "\n".join(lines)
    return None, dropped


def _game(header: Header) -> str:
    meta = next((m for m in header.meta if m.name == "game"), None)
    return DEFAULT_PROFILE if meta is None else str(meta.value)


# ---------------------------------------------------------------------------- whole decks ---


def parse_deck(
    text: str, near: Path | None = None, memory: Memory | None = None
) -> tuple[ast.Deck, tuple[Diagnostic, ...], Profile | None, Gaps]:
    """Parse a deck file and resolve it against its game profile.

    Returns the deck (attribute values canonical where the profile knows them: `pedra` -> `rock`), the
    syntax diagnostics, the profile (None when the deck names a game with no profile), and what the
    reading left out (`Gaps`).  The profile is looked for near the folder `near` first.  `memory`: see
    `parse_text`.
    """
    parsed, profile = parse_text(text, near, memory)
    header = parsed.header
    metas = {m.name: m for m in header.meta} if header else {}
    game = _game(header) if header else DEFAULT_PROFILE
    cards = parsed.cards

    def text_of(name: str) -> str | None:
        meta = metas.get(name)
        return None if meta is None or isinstance(meta.value, tuple) else str(meta.value)

    authors = metas.get("authors")
    author_list: tuple[str, ...] = ()
    if authors is not None:
        value = authors.value
        author_list = tuple(str(a) for a in value) if isinstance(value, tuple) else (str(value),)
    deck = ast.construct(
        ast.Deck,
        span=Span.of_range(text, 0, len(text)),
        title=header.title if header else None,
        game=game,
        version=text_of("version"),
        authors=author_list,
        license=text_of("license"),
        language=text_of("language"),
        rules=header.rules if header else (),
        printing=header.printing if header else (),
        meta=header.meta if header else (),
        cards=cards,
        addenda=parsed.addenda,
        header_span=header.span if header else None,
        title_span=header.title_span if header else None,
    )
    diagnostics = list(parsed.diagnostics)
    for extra in parsed.headers[1:]:
        diagnostics.append(Diagnostic(
            "DK118", said("read-second-header", "a deck file has one `deck` header; this is a second one"),
            extra.title_span,
            labels=(Label(parsed.headers[0].title_span, said("read-first-header", "the first header")),),
            help=said("read-second-header-help", "merge the two headers, or split the file into two decks"),
        ))
    game_meta = metas.get("game")
    if profile is None and game_meta is not None:
        diagnostics.append(_missing_profile(game, game_meta.span, near, text))
    if parsed.blocks == 0:
        diagnostics.append(Diagnostic(
            "DK008", said("read-no-deck", "the file holds no deck: no `deck` header and no cards"), Span.point(text, 0),
            help=said("read-no-deck-help", 'start with `deck "Title" {{ game: janken-wars }}` and add `card "Name" '
                      '{{ … }}` blocks'),
        ))
    return deck, tuple(diagnostics), profile, parsed.gaps


def _missing_profile(game: str, span: Span, near: Path | None, text: str) -> Diagnostic:
    """DK507 when the deck's profile file exists but has errors, else DK114 (no such game).

    DK114's fix writes the closest game's name, and is never safe: the designer may be about to write the
    profile of a new game, and another game reads the whole deck another way."""
    path = find(game, near)
    broken = load_error(game)
    if path is None and broken is not None:
        return Diagnostic("DK017", said("read-game-broken", "the game `{game}` is installed, but {reason}", game=game,
                                        reason=broken.removeprefix("the ")), span,
                          help=said("read-game-broken-help", "reinstall the game's package, or uninstall it "
                                    "(`pip uninstall`)"))
    if path is not None:
        return Diagnostic(
            "DK507", said("read-broken-profile", "the game profile `{game}` has errors, so the deck cannot be checked "
                          "against it", game=game), span,
            help=said("read-broken-profile-help", "run `deckdsl check {path}` to see them", path=str(path)),
        )
    local = sorted(p.stem for folder in ((near, *near.parents) if near else ()) for p in folder.glob("*.game"))
    names = sorted({*available(), *local})
    suggestion = suggest(game, names)
    fix = None
    written = text[span.start : span.end]
    colon = written.find(":")
    if suggestion is not None and colon >= 0:
        value = span.start + colon + 1 + (len(written[colon + 1 :]) - len(written[colon + 1 :].lstrip()))
        fix = replace(game, Span.of_range(text, value, span.end), suggestion.word, safe=False)
    return Diagnostic(
        "DK114", said("unknown-game", "there is no game profile called `{key}`", key=game), span,
        help=suggestion.help if suggestion else said("games-are", "the games are: {keys}; or write `{key}.game` next "
                                                     "to the deck (docs/profiles.md)", keys=", ".join(names), key=game),
        fix=fix,
    )
