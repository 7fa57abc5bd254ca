"""A deck as a spreadsheet and back: `deckdsl export csv` and `deckdsl import csv`.

Designers keep card lists in spreadsheets; the deck file stays the single source of truth, and a sheet is
one view of it.  One row per card; the columns are `name`, `copies`, the game's attributes (in the
profile's order, by their canonical names), then `value`, `cost`, `action`, `condition`, `flavor`, `art`
and `text`.  Every cell holds the field as the deck writes it — an effect in the deck language
(`discard a card of your choice from your domain`), a value as `3` or `*`, an attribute's value as
spelled — and strings (names, flavour, art, text) without their quotes, exactly, spaces and line breaks
included.  An empty cell is a field the card does not have.  Rows are written in deck order, as UTF-8
with a header row and `\\r\\n` line ends (what spreadsheet programs read and write).

The formula guard, which `import` undoes exactly: a cell a spreadsheet would run as a formula — one that
starts with `=`, `+`, `-`, `@`, a tab or a carriage return, unless it is a number like `-2` — is written
with a `'` before it, which spreadsheets read as "this is text"; so is a cell that already starts with a
`'` (`'-Tis the Season` is written `''-Tis the Season`).  Import takes one `'` off a cell that starts with
`'` followed by one of those characters or by another `'`, and leaves every other cell as it is.

Import reads such a sheet — the header names its columns, in any order, in any spelling the deck language
accepts (`valor`, `condição`) — and writes the deck file: a `deck` header from the options, then a card
per row.  The text is checked as it is written: each problem is reported at its cell, as
`sheet.csv:ROW:COLUMN` (the row and column numbers a spreadsheet shows), with the cell's line and a
caret; nothing is written when one is an error.  `export csv` then `import csv` gives back the same deck.
The work and memory are linear in the sheet: its records are read one at a time, a blank row costs one
look, and a cell's line and column are worked out only for a cell a problem is reported at.  A sheet
whose deck would pass the deck file limit (`deckdsl.files.MAX_FILE_BYTES`: small cells grow into named
fields) is refused at the row where it would, as is a first row of more than `MAX_COLUMNS` columns.
"""

from __future__ import annotations

import csv
import io
import re
from array import array
from bisect import bisect_right
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import islice

from ..diagnostics import Diagnostic
from ..files import MAX_FILE_BYTES
from ..lang import ast
from ..lang.spelling import quoted
from ..profiles.fields import CARD_FIELDS, META_FIELDS
from ..profiles.profile import Profile
from ..said import said
from ..span import Span
from . import sheetwords as words

EFFECTS = ("cost", "action", "condition")
"""Columns written in the deck language, as they stand in the deck."""

STRINGS = ("flavor", "art", "text")
"""Columns that are strings in the deck (quoted there, plain in the sheet)."""

MAX_COLUMNS = 1_000
"""A sheet whose first row names more columns is refused at once: a card has a few dozen fields at most,
and each unknown column would be its own error with a did-you-mean."""


def columns(profile: Profile | None) -> list[str]:
    """The sheet's columns for a deck of the game `profile`."""
    attributes = list(profile.attributes) if profile is not None else []
    return ["name", "copies", *attributes, "value", *EFFECTS, *STRINGS]


def export(deck: ast.Deck, profile: Profile | None, text: str) -> bytes:
    """The deck's cards as CSV (see the module docstring); `text` is the deck file's, for the effects
    and values as written."""
    names = columns(profile)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(names)
    for card in deck.cards:
        row = _row(card, profile, text)
        writer.writerow([guard(row.get(name, "")) for name in names])
    return buffer.getvalue().encode("utf-8")


_FORMULA = re.compile(r"[=+\-@\t\r]")
_NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)?\Z")


def guard(cell: str) -> str:
    """The cell as the sheet holds it: with a `'` before it when a spreadsheet program would run it as a
    formula — a card called `=HYPERLINK(…)`: decks arrive in pull requests — and when it starts with a
    `'` itself, so that `unguard` can tell the two apart; a number (`-2`) stays a number."""
    if cell[:1] == "'" or (_FORMULA.match(cell) and not _NUMBER.match(cell)):
        return "'" + cell
    return cell


def unguard(cell: str) -> str:
    """The cell `guard` wrote `cell` from: one `'` off a cell that starts with `'` then a formula's first
    character or another `'`; any other cell as it is (a `'` a designer typed before a word stays)."""
    if cell[:1] == "'" and (cell[1:2] == "'" or _FORMULA.match(cell, 1)):
        return cell[1:]
    return cell


def _row(card: ast.Card, profile: Profile | None, text: str) -> dict[str, str]:
    """The card's cells by column, the empty ones left out."""
    row = {"name": card.name, "copies": str(card.copies)}
    for attribute in card.attributes:
        row[attribute.name] = text[attribute.value_span.start:attribute.value_span.end]
    for name in ("value", *EFFECTS):
        span = card.field_spans.get(name)
        if span is not None:
            row[name] = _written_value(text[span.start:span.end])
    for name in STRINGS:
        value = getattr(card, name)
        if value is not None:
            row[name] = value
    return {name: value for name, value in row.items() if value != ""}


def _written_value(field_text: str) -> str:
    """`condition: discarded first` → `discarded first` (what follows the field's name and colon)."""
    _, _, value = field_text.partition(":")
    return value.strip()


# ------------------------------------------------------------------------------------ import ---


@dataclass(frozen=True, slots=True)
class Cell:
    """Where a cell is in the sheet: its 1-based `row` and `column` (as a spreadsheet numbers them), its
    `span` in the sheet's text, and the `column_name` of its header."""

    row: int
    column: int
    span: Span
    column_name: str


@dataclass
class Imported:
    """An imported sheet: the deck's `text` (None when the sheet could not be read at all) and the
    `problems`, each with the cell it is about (its span is the cell's place in the sheet's text)."""

    text: str | None
    problems: list[tuple[Diagnostic, Cell]]

    @property
    def errors(self) -> list[Diagnostic]:
        return [problem for problem, _ in self.problems if problem.severity.value == "error"]


_SPELLINGS = {spelling: name for name, others in CARD_FIELDS.items() for spelling in (name, *others)}
_SPELLINGS.update({"nome": "name", "name": "name"})


@dataclass(frozen=True)
class Frame:
    """What goes around the cards a sheet gives: `before` them (the `deck` block …), `after` them (the
    addenda), and the `kept` cards of the deck the sheet updates — by name, the row `export` writes for
    the card, the text above it (blank lines, comments) and its text as it stands in the file: a card
    whose row the sheet gives unchanged is written as it was, one whose row changed is written anew
    under the comments it had."""

    before: str
    after: str = ""
    kept: dict[str, tuple[dict[str, str], str, str]] | None = None


def frame(title: str, fields: dict[str, str]) -> Frame:
    """The frame of a new deck: its `deck` block with `title` and `fields` (`game`, `version`, `language`
    …, written as given, in the order `deckdsl fmt` gives them)."""
    ordered = sorted(fields.items(), key=lambda item: META_FIELDS.index(item[0]) if item[0] in META_FIELDS else 99)
    lines = [f"deck {quoted(title)} {{\n", *(f"  {name}: {value}\n" for name, value in ordered), "}"]
    return Frame("".join(lines), "\n")


def frame_of(deck: ast.Deck, profile: Profile | None, text: str) -> Frame:
    """The frame of the existing deck `deck` (its file's `text`) when a sheet replaces its cards:
    everything before its first card (the header, addenda written first), the blocks after it that are
    not cards (its addenda), each with the comments above it, then the end of the file; and its cards as
    they are written, each with the comments above it.  An unchanged sheet gives back the file as it was,
    byte for byte (but for addenda written between cards, which come after them)."""
    if not deck.cards:
        kept = text.rstrip("\n")
        return Frame(kept, text[len(kept):])
    others = [block.span for block in deck.addenda] + ([deck.header_span] if deck.header_span else [])
    blocks = sorted([card.span for card in deck.cards] + others, key=lambda span: span.start)
    first = deck.cards[0].span.start
    starts = {card.span.start: card for card in deck.cards}
    before, after, kept, end = "", "", {}, 0
    for span in blocks:
        leading = text[end:span.start]
        if span.start < first:
            before += leading + text[span.start:span.end]
        elif span.start in starts:
            card = starts[span.start]
            kept[card.name] = (_row(card, profile, text), leading, text[span.start:span.end])
        else:
            after += leading + text[span.start:span.end]
        end = span.end
    return Frame(before, after + text[end:], kept)


def read(sheet: str, profile: Profile, around: Frame,
         check: Callable[[str], list[Diagnostic]] = lambda text: []) -> Imported:
    """The deck file written from the CSV text `sheet` for the game `profile`, its cards in the frame
    `around` (`frame`, `frame_of`).  `check(text)`: the diagnostics of the deck's text (the caller's
    `deckdsl.loads`, as the file it will be); each is moved to the cell it comes from.

    Any text gives an `Imported`, never an exception: a sheet that cannot be made a deck (no header row,
    more than `MAX_COLUMNS` columns, a deck that would pass the deck file limit) gives `text` None and the
    problem saying why, at the row where it was found."""
    lines = _Lines(sheet)
    with _field_size_limit(len(sheet)):
        records = csv.reader(lines)
        header = next(records, [])
        known, refused = _columns_of(header, _bounds(sheet, 0, lines.end), sheet, profile)
        if refused:
            return Imported(None, refused)
        deck = _Deck(sheet, profile, around, header, known)
        start = lines.end
        for row, values in enumerate(records, 2):
            problem = deck.add(row, values, _bounds(sheet, start, lines.end))
            if problem is not None:
                return Imported(None, [problem])
            start = lines.end
    text = deck.text()
    return Imported(text, deck.beyond + deck.locate(check(text)))


class _Lines:
    """The lines of `sheet`, each with its line break, sliced one at a time as `csv.reader` asks for them
    (no copy of the sheet, no list of its rows); `end` is where the last one given ends, so a record lies
    between where the one before it ended and `end`.  The reader sees a line break only at a line's end
    and has no field size limit to pass (`_field_size_limit`), so it has nothing to refuse: not being
    strict, it reads any text."""

    def __init__(self, sheet: str) -> None:
        self.sheet, self.end = sheet, 0

    def __iter__(self) -> _Lines:
        return self

    def __next__(self) -> str:
        start = self.end
        if start >= len(self.sheet):
            raise StopIteration
        found = _LINE_BREAK.search(self.sheet, start)
        self.end = found.end() if found else len(self.sheet)
        return self.sheet[start:self.end]


_LINE_BREAK = re.compile(r"\r\n?|\n")
_CELL = re.compile(r'"(?:[^"]+|"")*"?[^,\r\n]*|[^,\r\n]*')
"""A cell by the csv module's rules: `"` around one that holds `,` or line breaks, `""` for a quote inside,
and what follows its closing quote up to the next `,` kept; else everything up to the next `,`."""


def _bounds(sheet: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """Where each cell of the record `sheet[start:end]` begins and ends, in order, worked out as far as
    they are asked for; past its last cell, the place where its text ends (a cell the reader found that
    this scan did not is shown there rather than nowhere)."""
    position = start
    while True:
        cell = _CELL.match(sheet, position, end)
        yield cell.start(), cell.end()
        position = cell.end()
        if position >= end or sheet[position] != ",":
            break
        position += 1
    while True:
        yield position, position


@contextmanager
def _field_size_limit(size: int) -> Iterator[None]:
    """The csv module's limit on a cell's length (131,072 characters) raised to the sheet's own, for the
    time of the reading: a long flavour text is a cell, not an error."""
    previous = csv.field_size_limit(max(size + 1, csv.field_size_limit()))
    try:
        yield
    finally:
        csv.field_size_limit(previous)


def _refusal(sheet: str, row: int, offset: int, code: str, message: str, help: str) -> tuple[Diagnostic, Cell]:
    """A problem that stops the reading, at the first cell of `row`, which starts at `offset`."""
    span = _Places(sheet).span(offset, offset)
    return Diagnostic(code, message, span, help=help), Cell(row, 1, span, "")


def _columns_of(header: list[str], bounds: Iterator[tuple[int, int]], sheet: str, profile: Profile
                ) -> tuple[dict[int, str], list[tuple[Diagnostic, Cell]]]:
    """Which field each column holds (by column index) by the sheet's first row, `header`, or why it does
    not name the columns: it is empty, has too many, or names one no field has (each reported)."""
    if not any(name.strip() for name in header):
        return {}, [_refusal(sheet, 1, 0, "DK009", words.no_header(), words.columns_are(columns(profile)))]
    if len(header) > MAX_COLUMNS:
        start, _ = next(islice(bounds, MAX_COLUMNS, None))
        cell = Cell(1, MAX_COLUMNS + 1, _Places(sheet).span(start, start), "")
        return {}, [(Diagnostic("DK101", words.too_many_columns(len(header), profile.name, len(columns(profile))),
                                cell.span, help=words.columns_are(columns(profile))), cell)]
    places = _Places(sheet)
    cells = [Cell(1, index, places.span(start, end), "")
             for index, (start, end) in enumerate(islice(bounds, len(header)), 1)]
    return _header(header, cells, profile)


def _header(names: list[str], cells: list[Cell], profile: Profile
            ) -> tuple[dict[int, str], list[tuple[Diagnostic, Cell]]]:
    """Which field each column holds (by column index), and a diagnostic for each column no field has."""
    from ..diagnostics import did_you_mean

    known: dict[int, str] = {}
    problems = []
    choices = columns(profile)
    for index, (written, cell) in enumerate(zip(names, cells, strict=True)):
        word = written.strip().casefold()
        spec = profile.attribute(word)
        field = spec.name if spec is not None else _SPELLINGS.get(word)
        if field is None or field not in choices:
            problems.append((Diagnostic(
                "DK101", words.unknown_column(written.strip(), profile.name), cell.span,
                help=did_you_mean(word, choices) or words.columns_are(choices)), cell))
        elif field in known.values():
            problems.append((Diagnostic("DK101", words.repeated_column(written.strip(), field), cell.span,
                                        help=said("print-one-column", "keep one column per field")), cell))
        else:
            known[index] = field
    if "name" not in known.values() and not problems:
        problems.append((Diagnostic("DK101", said("print-no-name", "the sheet has no `name` column"), cells[0].span,
                                    help=said("print-add-name", "add a column `name` with each card's name")),
                         cells[0]))
    return known, problems


class _Deck:
    """The deck file being written from a sheet's rows, and where each of its pieces comes from: a card's
    name from the cell of its name, each field from its cell (`_Origins`)."""

    def __init__(self, sheet: str, profile: Profile, around: Frame, header: list[str], known: dict[int, str]) -> None:
        self.sheet, self.around, self.header, self.known = sheet, around, header, known
        self.order = [*(profile.attributes if profile is not None else ()), "copies", "value", *EFFECTS, *STRINGS]
        self.parts = [around.before]
        self.offset = len(around.before)
        self.size = _size(around.before) + _size(around.after)
        self.origins = _Origins()
        self.places = _Places(sheet)
        self.beyond: list[tuple[Diagnostic, Cell]] = []

    def add(self, row: int, values: list[str], bounds: Iterator[tuple[int, int]]) -> tuple[Diagnostic, Cell] | None:
        """Write the card of the sheet's `row`, whose cells are `values` (as read) at `bounds`; a blank row
        is skipped.  Returns the problem that stops the reading: the deck would pass the deck file limit."""
        if not "".join(values).strip():
            return None
        values = [unguard(value) for value in values]
        width = len(self.header)
        places = list(islice(bounds, width))
        self._beyond(row, values, bounds, width)
        cells = {self.known[index]: (value, index) for index, value in enumerate(values[:width])}
        name, name_index = cells.get("name", ("", 0))
        written = {field: value for field, (value, _) in cells.items() if _present(field, value)}
        kept = (self.around.kept or {}).get(name)
        if kept is not None and kept[0] == written:
            block = kept[1] + kept[2]
            self.origins.add(self.offset, self.offset + len(block), row, name_index, places[name_index])
        else:
            leading = kept[1] if kept is not None else "\n\n" if self.offset else ""
            block = f"{leading}card {quoted(_with_newlines(name))} {{\n"
            self.origins.add(self.offset + len(leading) + len("card "), self.offset + len(block), row, name_index,
                             places[name_index])
            for field in self.order:
                value, index = cells.get(field, ("", -1))
                if index < 0 or not _present(field, value):
                    continue
                text = quoted(_with_newlines(value)) if field in STRINGS else _one_line(value)
                line = f"  {field}: {text}"
                start = self.offset + len(block)  # a finding at the field's name is the cell's too
                block += line + "\n"
                self.origins.add(start, start + len(line), row, index, places[index])
            block += "}"
        self.size += _size(block)
        if self.size > MAX_FILE_BYTES:
            return _refusal(self.sheet, row, places[0][0], "DK006", words.too_big(MAX_FILE_BYTES),
                            said("print-split-sheet", "split the cards into several sheets, a deck for each"))
        self.parts.append(block)
        self.offset += len(block)
        return None

    def _beyond(self, row: int, values: list[str], bounds: Iterator[tuple[int, int]], width: int) -> None:
        """A problem for the first filled cell of `row` past the header's last column, counting the others."""
        first = next((index for index in range(width, len(values)) if values[index].strip()), None)
        if first is None:
            return
        more = sum(1 for value in islice(values, first + 1, None) if value.strip())
        start, end = next(islice(bounds, first - width, None))
        cell = Cell(row, first + 1, self.places.span(start, end), "")
        self.beyond.append((Diagnostic(
            "DK101", words.beyond(values[first].strip()[:40], more), cell.span,
            help=said("print-name-column", "give the column a name in the first row, or empty the cell")), cell))

    def text(self) -> str:
        """The deck file's text: the frame's start, the cards, the frame's end."""
        return "".join(self.parts) + self.around.after

    def locate(self, problems: list[Diagnostic]) -> list[tuple[Diagnostic, Cell]]:
        """The `problems` found in the written deck, each at the cell it comes from: the cell whose text
        holds it, else the last one before it (a field a card lacks is reported at its name); a finding
        about the whole deck (its size, its header) at the first card's name, without naming a column.
        Its labels point into the written deck, so they are left out; its notes and help stay."""
        found = [self.origins.find(problem.span.start) for problem in problems]
        cells = {index: self._cell(index) for index in sorted(set(found), key=self.origins.sheet_start)}
        moved = []
        for problem, index in zip(problems, found, strict=True):
            cell = cells[index]
            named = cell.column_name and index >= 0 and problem.span.start >= self.origins.starts[index]
            message = words.in_column(problem.message, cell.column_name) if named else problem.message
            moved.append((Diagnostic(problem.code, message, cell.span, help=problem.help, notes=problem.notes,
                                     severity=problem.severity, cards=problem.cards), cell))
        return moved

    def _cell(self, index: int) -> Cell:
        if index < 0:
            return Cell(1, 1, Span(1, 1, 1, 1, 0, 0), "")
        row, column, start, end = self.origins.where(index)
        return Cell(row, column, self.places.span(start, end), self.header[column - 1].strip())


class _Origins:
    """Where each piece of the written deck comes from, as numbers in arrays (48 bytes a cell, not the
    objects of a `Cell` and its `Span`): the piece's `starts` and ends in the deck, and its cell's row,
    column and place in the sheet.  The pieces are added in the deck's order, so a position in the deck
    is found by bisection."""

    def __init__(self) -> None:
        self.starts = array("q")
        self._rest = array("q")

    def add(self, start: int, end: int, row: int, index: int, place: tuple[int, int]) -> None:
        self.starts.append(start)
        self._rest.extend((end, row, index + 1, *place))

    def find(self, offset: int) -> int:
        """The piece holding `offset`, else the last one before it; the first when `offset` comes before
        them all; -1 when there are none."""
        return max(bisect_right(self.starts, offset) - 1, 0) if self.starts else -1

    def where(self, index: int) -> tuple[int, int, int, int]:
        """The row, column, start and end in the sheet of the piece `index`'s cell."""
        _, row, column, start, end = self._rest[5 * index:5 * index + 5]
        return row, column, start, end

    def sheet_start(self, index: int) -> int:
        return self._rest[5 * index + 3] if index >= 0 else -1


class _Places:
    """Spans in the sheet, each counted on from the place asked for before it (cells are asked for in the
    sheet's order), rather than from an index of every line: a sheet of 600,000 blank lines needs none."""

    def __init__(self, sheet: str) -> None:
        self.sheet = sheet
        self.offset, self.line, self.line_start = 0, 1, 0

    def span(self, start: int, end: int) -> Span:
        line, column = self._point(start)
        end_line, end_column = self._point(end)
        return Span(line, column, end_line, end_column, start, end)

    def _point(self, offset: int) -> tuple[int, int]:
        if offset < self.offset:
            self.offset, self.line, self.line_start = 0, 1, 0
        breaks = self.sheet.count("\n", self.offset, offset)
        if breaks:
            self.line += breaks
            self.line_start = self.sheet.rfind("\n", self.offset, offset) + 1
        self.offset = offset
        return self.line, offset - self.line_start + 1


def _present(field: str, value: str) -> bool:
    """Whether a cell gives its field: a name or a string when not empty (spaces are text), any other
    field when not blank."""
    return value != "" if field == "name" or field in STRINGS else bool(value.strip())


def _with_newlines(value: str) -> str:
    """A string cell's line breaks as the deck holds them: a spreadsheet may save `\\r\\n` inside a cell."""
    return value.replace("\r\n", "\n").replace("\r", "\n")


def _one_line(value: str) -> str:
    """A cell in the deck language (an effect, a value, an attribute's value) as one line: a field ends at
    a line break.  Without one, the cell as written, but for the spaces around it."""
    return " ".join(value.split()) if "\n" in value or "\r" in value else value.strip()


def _size(text: str) -> int:
    """`text`'s length in UTF-8 bytes, what the deck file limit counts."""
    return len(text) if text.isascii() else len(text.encode("utf-8"))
