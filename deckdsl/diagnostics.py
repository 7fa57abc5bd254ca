"""Diagnostics as data: a code, a severity, a message, a primary span, labels and a help line.

Formats (`deckdsl.check.report`) are views of this data; nothing here prints.  Every code used anywhere is in
`CODES`, the one registry table (codes are never reused; a retired code stays listed).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum

from .escapes import HIDDEN, visible
from .said import Said, said
from .span import Span


class Severity(str, Enum):
    """How bad a finding is.  `error` fails `deckdsl check` (exit 1); `warning` and `info` do not."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return {"error": 2, "warning": 1, "info": 0}[self.value]


@dataclass(frozen=True)
class Code:
    """A diagnostic code: `code` (stable), kebab-case `name`, default `severity`, one-line `summary`."""

    code: str
    name: str
    severity: Severity
    summary: str


E, W = Severity.ERROR, Severity.WARNING

CODES: dict[str, Code] = {
    c.code: c
    for c in [
        # DK0xx: reading and syntax
        Code("DK001", "syntax-error", E, "the text does not follow the deck language's grammar"),
        Code("DK002", "unclosed-block", E, "a `{` block is not closed before the next block or the end"),
        Code("DK003", "unterminated-string", E, "a string has no closing quote on its line"),
        Code("DK004", "unknown-keyword", E, "a word where the grammar expects a keyword (usually a typo)"),
        Code("DK005", "unreadable-file", E, "the file is not UTF-8 text, or is binary"),
        Code("DK006", "file-too-large", E, "the file is larger than the limit for deck files"),
        Code("DK007", "nesting-too-deep", E, "an effect nests deeper than the language allows"),
        Code("DK008", "empty-deck", E, "the file holds no deck"),
        Code("DK009", "io-error", E, "the file cannot be opened or read (exit status 2)"),
        Code("DK010", "number-too-long", E, "a number with more digits than any deck needs (over 9)"),
        Code("DK011", "too-many-cards", E, "the deck's copies add up to more cards than can be printed or played"),
        Code("DK012", "internal-error", E, "deckdsl failed on the file: a bug to report (exit status 2)"),
        Code("DK013", "timed-out", E, "checking the file took longer than --timeout (exit status 2)"),
        Code("DK014", "too-many-errors", E, "so many blocks have syntax errors that the rest of the file is not read"),
        Code("DK015", "link-out-of-folder", E, "a deck or profile file is a link to a file outside its folder (not read)"),
        Code("DK016", "findings-not-listed", W, "a file has more findings of one code than are listed; the rest are counted"),
        Code("DK017", "game-package-broken", E, "the deck's game is installed as a package that cannot be loaded (exit status 2)"),
        Code("DK018", "hidden-character", E, "a text, comment or line holds a raw control character or bidirectional "
             "override (write it as an escape: `\\x1b`, `\\u202e`)"),
        # DK1xx: meaning
        Code("DK101", "unknown-field", E, "a card or header field that the language and profile do not define"),
        Code("DK102", "duplicate-field", E, "a field written twice in one block"),
        Code("DK103", "unknown-attribute-value", E, "an attribute value the game profile does not allow"),
        Code("DK104", "missing-attribute", E, "a card lacks a field the game profile requires"),
        Code("DK105", "duplicate-card-name", E, "two cards with the same name"),
        Code("DK106", "invalid-copies", E, "a card has fewer than one copy"),
        Code("DK107", "undefined-star-value", E, "a card worth `*` whose condition does not define its value"),
        Code("DK108", "value-definition-without-star", E, "a value definition on a card whose value is not `*`"),
        Code("DK109", "type-mismatch", E, "a number where a set of cards is needed, or the reverse"),
        Code("DK110", "unknown-zone", E, "a zone the game profile does not have"),
        Code("DK111", "unknown-card", E, "an effect or addendum names a card that is not in the deck"),
        Code("DK112", "it-outside-trigger", E, "`it` used where no event defines it"),
        Code("DK113", "fractional-value", E, "a division whose result is not rounded with ceil or floor"),
        Code("DK114", "unknown-game", E, "the deck's game has no profile"),
        Code("DK115", "unknown-rule-parameter", E, "a rule parameter the profile does not define, or out of range"),
        Code("DK116", "unknown-metadata", W, "a header field deckdsl does not know"),
        Code("DK117", "missing-header", W, "the file has no `deck` header block"),
        Code("DK118", "duplicate-header", E, "more than one `deck` header block"),
        Code("DK119", "choice-in-continuous-effect", E, "a value modifier that picks cards instead of describing them"),
        Code("DK120", "zone-owner", E, "a shared zone given an owner, or a player zone without one"),
        Code("DK121", "duplicate-modifier-order", E, "an addendum order names a card twice or only one card"),
        Code("DK122", "choice-not-possible", E, "a selection asks for more or fewer cards than makes sense"),
        Code("DK123", "contradictory-order", E, "addenda order the same cards both ways (a cycle of `order:` lines)"),
        Code("DK124", "effect-not-played", E, "a card field or effect that the deck's game does not play"),
        Code("DK125", "invisible-difference", E, "two card names differ only by characters that do not show"),
        Code("DK130", "unused-suppression", W, "a `# deckdsl: allow` comment that suppresses nothing"),
        Code("DK131", "incomplete-check", W, "some checks were skipped or limited because part of the deck could not be read"),
        # DK3xx: printing
        Code("DK301", "file-outside-deck", E, "rendering refused a file outside the deck's folder, or a URL"),
        Code("DK302", "missing-image", W, "a card's art file does not exist (the card is printed without it)"),
        Code("DK303", "text-overflow", E, "a card's text does not fit on the card even at the smallest size"),
        Code("DK304", "render-timeout", E, "rendering took longer than its time limit and was stopped"),
        Code("DK305", "outside-safe-zone", W, "a card's text comes into the safe zone, towards the cut"),
        Code("DK306", "art-short-of-bleed", W, "a full-bleed picture is smaller than the card with its bleed"),
        Code("DK307", "theme-error", E, "the deck's theme (theme.html.j2) does not work, or does what themes may not"),
        Code("DK308", "print-setting", E, "a setting of the `print` block deckdsl does not know, or cannot print"),
        Code("DK309", "theme-over-budget", E, "a theme made more text, output or loop steps than themes may (exit status 2)"),
        Code("DK310", "art-too-large", E, "a card's picture has more pixels than any printed card needs (not read)"),
        Code("DK311", "overlapping-parts", E, "a part of a printed card lies over another, or spills out of its frame"),
        Code("DK312", "art-squeezed", W, "a card's art frame is squeezed below a third of the card by its text"),
        Code("DK313", "low-contrast", E, "a printed text or icon has less contrast than WCAG AA asks (4.5:1, titles 3:1)"),
        # DK5xx: game profiles (*.game files)
        Code("DK501", "profile-syntax", E, "a game profile is not written in the profile language"),
        Code("DK502", "unknown-profile-field", E, "a game profile has a block or field the language does not know"),
        Code("DK503", "bad-profile-value", E, "a profile field holds the wrong kind of value"),
        Code("DK504", "missing-profile-field", E, "a profile block lacks a field it needs"),
        Code("DK505", "unknown-profile-name", E, "a profile names an attribute or value it does not define"),
        Code("DK506", "duplicate-profile-block", E, "a profile defines a block twice"),
        Code("DK507", "broken-profile", E, "the deck's game profile has errors (check the .game file)"),
        # DK4xx: playing
        Code("DK401", "effect-loop", E, "a game passed the step limit: card effects keep triggering each other"),
        Code("DK402", "endless-dispute", E, "the players tied a thousand disputes in a row (they throw the same)"),
    ]
}
"""The language's own codes.  Rule codes (DK2xx structure, JWxxx Janken Wars guidelines …) are declared
in their rule modules and added by `register` when `deckdsl.check.registry` loads."""


def register(code: Code) -> Code:
    """Add a rule's code to `CODES` (idempotent; a clash between two meanings of one code is a bug)."""
    known = CODES.get(code.code)
    if known is not None and known != code:
        raise ValueError(f"code {code.code} is registered twice with different meanings")
    CODES[code.code] = code
    return code


@dataclass(frozen=True)
class Label:
    """A secondary span with a short message (`second modifier is here`)."""

    span: Span
    message: str


@dataclass(frozen=True)
class Edit:
    """Replace the text of `span` (its `start`/`end` offsets count; an empty span inserts) by `text`."""

    span: Span
    text: str


@dataclass(frozen=True)
class Fix:
    """A change that resolves a diagnostic: what it does in words (replace `conditon` by
    `condition`), its edits (never overlapping), and whether it is safe — it keeps the designer's
    meaning for certain, so `check --fix` applies it; an unsafe fix (a guess among several readings, an
    addendum skeleton to fill in) waits for `--unsafe-fixes` or the editor's code action."""

    message: str
    edits: tuple[Edit, ...]
    safe: bool = True


@dataclass(frozen=True)
class Diagnostic:
    """One finding.

    `code`: a key of `CODES`.  `message`: stands on its own, sentence case, no trailing period,
    identifiers in backticks.  `span`: the smallest region at fault.  `labels`: other regions involved.
    `notes`: facts that back the finding up (a concrete situation where two orders differ …), one
    sentence each.  `help`: what to do, when there is something useful to say.  `path`: the file (set
    by the loader).  `severity`: defaults to the code's.  `cards`: the names of the cards a balance
    finding compares, the one at fault first (what `check --evidence` plays).  `fix`: the change
    that resolves it, when one can be said as edits (`check --fix`, the editor's code actions).
    """

    code: str
    message: str
    span: Span
    labels: tuple[Label, ...] = ()
    help: str | None = None
    path: str | None = None
    severity: Severity = field(default=None)  # type: ignore[assignment]
    notes: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    fix: Fix | None = None

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise KeyError(f"diagnostic code {self.code} is not in the CODES registry")
        if self.severity is None:
            object.__setattr__(self, "severity", CODES[self.code].severity)
        for name in ("message", "help"):
            text = getattr(self, name)
            if text is not None and _unfit(text):
                object.__setattr__(self, name, _printable(text))
        if any(_unfit(note) for note in self.notes):
            object.__setattr__(self, "notes", tuple(_printable(note) if _unfit(note) else note for note in self.notes))
        if any(_unfit(label.message) for label in self.labels):
            object.__setattr__(self, "labels", tuple(
                Label(label.span, _printable(label.message)) if _unfit(label.message) else label
                for label in self.labels))
        if self.fix is not None and _unfit(self.fix.message):
            object.__setattr__(self, "fix", Fix(_printable(self.fix.message), self.fix.edits, self.fix.safe))

    @property
    def name(self) -> str:
        return CODES[self.code].name

    def at(self, path: str) -> Diagnostic:
        """The same finding in the file `path` (like `dataclasses.replace(self, path=path)`, without
        running `__init__` again: a big deck's check stamps tens of thousands)."""
        stamped = object.__new__(Diagnostic)
        object.__setattr__(stamped, "__dict__", {**self.__dict__, "path": path})
        return stamped

    @property
    def details(self) -> str:
        """The notes and the help as lines of text, for views that have only a message field."""
        return "".join(f"\nnote: {note}" for note in self.notes) + (f"\nhelp: {self.help}" if self.help else "")

    def sort_key(self) -> tuple:
        """By file, then position — except that a finding about the check itself (DK131: what could not
        be checked) follows the findings that caused it."""
        return (self.path or "", self.code in AFTERWORDS, self.span.start, self.code, self.message)


def _unfit(text: str) -> bool:
    """Whether a finding's words must be shortened or escaped before they are kept (`_printable`)."""
    return len(text) > MAX_QUOTED or HIDDEN.search(text) is not None


def _printable(text: str) -> str:
    """`text` with any quoted piece over `MAX_QUOTED` shortened and every character that could act on a
    terminal or break its line written as an escape (`deckdsl.escapes.visible`); a `Said` keeps its key, its
    facts shortened and escaped the same way."""
    if isinstance(text, Said):
        return text.map(_printable, _printable_fact)
    if len(text) > MAX_QUOTED:
        text = _QUOTE.sub(_shortened, text)
    return visible(text)


def _printable_fact(fact: str) -> str:
    """A fact of a message as `_printable` leaves it quoted: its first 100 characters when it is longer than
    `MAX_QUOTED`, its hidden characters escaped."""
    if len(fact) > MAX_QUOTED:
        fact = f"{fact[:100]}… ({len(fact):,} characters)"
    return visible(fact)


MAX_QUOTED = 500
"""The longest text a message or help quotes whole (between backticks): a 600 KB word once made a 600 KB
message, printed, published to the editor and written to SARIF.  A longer one is shown by its first 100
characters; a file's path or a command, however deep the folder, stays whole."""
_QUOTE = re.compile(r"`([^`]*)`")


def _shortened(quote: re.Match) -> str:
    text = quote.group(1)
    return quote.group() if len(text) <= MAX_QUOTED else f"`{text[:100]}…` ({len(text):,} characters)"


AFTERWORDS = frozenset({"DK016", "DK131"})
"""Codes that sum up a check rather than point at a fault: listed after the file's other findings."""


def did_you_mean(word: str, candidates: list[str] | tuple[str, ...]) -> str | None:
    """A `help:` text suggesting the closest of `candidates` to `word`, or None when none is close."""
    import difflib

    lowered = {c.casefold(): c for c in candidates}
    close = difflib.get_close_matches(word.casefold(), list(lowered), n=1, cutoff=0.6)
    return said("did-you-mean", "did you mean `{word}`?", word=lowered[close[0]]) if close else None


MAX_LISTED = 1_000
"""Findings of one code kept for one file.  A deck of 40,000 empty cards has 120,000 DK104s; nobody reads
past the first few hundred (the report shows 500 a file), and each costs half a kilobyte: kept whole, they
made a check take 300 times the file's size in memory."""


class Findings(list):
    """A file's findings as they are made, at most `MAX_LISTED` of each code: the others are counted, and
    `unlisted` says how many there were, as one DK016 per code, at the first one left out."""

    def __init__(self, found: Iterable[Diagnostic] = ()) -> None:
        super().__init__()
        self._counts: Counter[str] = Counter()
        self._first_unlisted: dict[str, Diagnostic] = {}
        self.extend(found)

    def append(self, diagnostic: Diagnostic) -> None:
        self._counts[diagnostic.code] += 1
        if self._counts[diagnostic.code] <= MAX_LISTED:
            super().append(diagnostic)
        else:
            self._first_unlisted.setdefault(diagnostic.code, diagnostic)

    def extend(self, found: Iterable[Diagnostic]) -> None:
        for diagnostic in found:
            self.append(diagnostic)
        if isinstance(found, Findings):
            for code, first in found._first_unlisted.items():
                self._first_unlisted.setdefault(code, first)
                self._counts[code] += found._counts[code] - MAX_LISTED

    def unlisted(self, enabled: Callable[[str], bool] = lambda code: True) -> list[Diagnostic]:
        """One DK016 for each enabled code that had more findings than `MAX_LISTED`."""
        return [
            Diagnostic("DK016", said("read-not-listed", "{count:,} more `{code}` findings in this file are not listed "
                                     "(the first {listed:,} are)", count=self._counts[code] - MAX_LISTED, code=code,
                                     listed=MAX_LISTED), first.span,
                       help=said("read-not-listed-help", "fix the {code} findings listed and check again", code=code),
                       path=first.path)
            for code, first in sorted(self._first_unlisted.items()) if enabled(code) and enabled("DK016")
        ]
