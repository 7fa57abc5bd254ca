"""A deck as a spreadsheet and back: `deckdsl export csv` and `deckdsl import csv`.

Designers keep card lists in spreadsheets; the deck file stays the single source of truth, and a sheet is
one view of it.  One row per card; the columns are `name`, `copies`, the game's attributes (in the
profile's order, by their canonical names), then `value`, `cost`, `action`, `condition`, `flavor`, `art`
and `text`.  Every cell holds the field as the deck writes it — an effect in the deck language
(`discard a card of your choice from your domain`), a value as `3` or `*`, an attribute's value as
spelled — and strings (names, flavour, art, text) without their quotes.  An empty cell is a field the
card does not have.  Rows are written in deck order, as UTF-8 with a header row and `\\r\\n` line ends
(what spreadsheet programs read and write).  A cell a spreadsheet would run as a formula (`=…`, `+…`,
`@…`, but not a number like `-2`) gets a `'` before it, which spreadsheets read as text; import takes
it off.

Import reads such a sheet — the header names its columns, in any order, in any spelling the deck language
accepts (`valor`, `condição`) — and writes the deck file: a `deck` header from the options, then a card
per row.  The text is checked as it is written: each problem is reported at its cell, as
`sheet.csv:ROW:COLUMN` (the row and column numbers a spreadsheet shows), with the cell's line and a
caret; nothing is written when one is an error.  `export csv` then `import csv` gives back the same deck.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from dataclasses import dataclass

from ..diagnostics import Diagnostic
from ..lang import ast
from ..lang.spelling import quoted
from ..profiles.fields import CARD_FIELDS, META_FIELDS
from ..profiles.profile import Profile
from ..span import Span

EFFECTS = ("cost", "action", "condition")
"""Columns written in the deck language, as they stand in the deck."""

STRINGS = ("flavor", "art", "text")
"""Columns that are strings in the deck (quoted there, plain in the sheet)."""


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
        writer.writerow([_guarded(row.get(name, "")) for name in names])
    return buffer.getvalue().encode("utf-8")


_FORMULA = re.compile(r"[=+\-@\t\r]")
_NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)?\Z")


def _guarded(cell: str) -> str:
    """A cell a spreadsheet program would run as a formula — a card called `=HYPERLINK(…)`: decks arrive
    in pull requests — with a `'` before it, which spreadsheets read as "this is text"; a number (`-2`)
    stays a number.  `read` takes the `'` off again."""
    return "'" + cell if _FORMULA.match(cell) and not _NUMBER.match(cell) else cell


def _unguarded(cell: str) -> str:
    return cell[1:] if cell[:1] == "'" and _FORMULA.match(cell[1:]) and not _NUMBER.match(cell[1:]) else cell


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


@dataclass(frozen=True)
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
    return Frame("".join(lines))


def frame_of(deck: ast.Deck, profile: Profile | None, text: str) -> Frame:
    """The frame of the existing deck `deck` (its file's `text`) when a sheet replaces its cards:
    everything before its first card (the header, addenda written first), the blocks after it that are
    not cards (its addenda), each with the comments above it, then the end of the file; and its cards as
    they are written, each with the comments above it.  An unchanged sheet gives back the file as it was
    (but for addenda written between cards, which come after them)."""
    if not deck.cards:
        return Frame(text.rstrip("\n") + "\n")
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
    `deckdsl.loads`, as the file it will be); each is moved to the cell it comes from."""
    try:
        rows, cells = _rows(sheet)
    except csv.Error as error:
        nowhere = Cell(1, 1, Span(1, 1, 1, 1, 0, 0), "")
        return Imported(None, [(Diagnostic("DK009", f"the sheet cannot be read as CSV: {error}", nowhere.span,
                                           help="save it from the spreadsheet as CSV (UTF-8)"), nowhere)])
    if not rows:
        nowhere = Cell(1, 1, Span(1, 1, 1, 1, 0, 0), "")
        return Imported(None, [(Diagnostic("DK009", "the sheet is empty: it needs a header row (name, copies, …)",
                                           nowhere.span), nowhere)])
    known, problems = _header(rows[0], cells[0], profile)
    if problems:
        return Imported(None, problems)
    parts = [around.before]
    origins: list[tuple[int, int, Cell]] = []
    offset = len(around.before)
    order = [*(profile.attributes if profile is not None else ()), "copies", "value", *EFFECTS, *STRINGS]
    beyond: list[tuple[Diagnostic, Cell]] = []
    for values, located in zip(rows[1:], cells[1:], strict=True):
        values = [_unguarded(value) for value in values]
        if not any(value.strip() for value in values):
            continue
        beyond.extend((Diagnostic(
            "DK101", f"a cell beyond the last column (`{value.strip()[:40]}`) is not read", cell.span,
            help="give the column a name in the first row, or empty the cell"), cell)
            for value, cell in zip(values[len(rows[0]):], located[len(rows[0]):], strict=False) if value.strip())
        by_name = {known[i]: (value, cell) for i, (value, cell) in enumerate(zip(values, located, strict=False))
                   if i in known}
        name, name_cell = by_name.get("name", ("", located[0]))
        written_row = {field: value for field, (value, _) in by_name.items() if value.strip()}
        kept = (around.kept or {}).get(name.strip())
        if kept is not None and kept[0] == {**written_row, "name": name}:
            block = kept[1] + kept[2]
            origins.append((offset, offset + len(block), name_cell))
            parts.append(block)
            offset += len(block)
            continue
        leading = kept[1] if kept is not None else "\n\n" if offset else ""
        block = f"{leading}card {quoted(name.strip())} {{\n"
        origins.append((offset + len(leading) + len("card "), offset + len(block), name_cell))
        for field in order:
            value, cell = by_name.get(field, ("", None))
            if not value.strip() or cell is None:
                continue
            written = quoted(value) if field in STRINGS else " ".join(value.split())
            line = f"  {field}: "
            start = offset + len(block) + len(line)
            block += line + written + "\n"
            origins.append((start, start + len(written), cell))
        block += "}"
        parts.append(block)
        offset += len(block)
    text = "".join(parts) + around.after
    text = text.rstrip("\n") + "\n"
    return Imported(text, beyond + [_located(problem, origins) for problem in check(text)])


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
                "DK101", f"the column `{written.strip()}` is not a field of a `{profile.name}` card", cell.span,
                help=did_you_mean(word, choices) or f"the columns are {', '.join(choices)}"), cell))
        elif field in known.values():
            problems.append((Diagnostic("DK101", f"the column `{written.strip()}` repeats `{field}`", cell.span,
                                        help="keep one column per field"), cell))
        else:
            known[index] = field
    if "name" not in known.values() and not problems:
        problems.append((Diagnostic("DK101", "the sheet has no `name` column", cells[0].span,
                                    help="add a column `name` with each card's name"), cells[0]))
    return known, problems


def _located(problem: Diagnostic, origins: list[tuple[int, int, Cell]]) -> tuple[Diagnostic, Cell]:
    """`problem`, found in the written deck, at the cell it comes from: the cell whose text holds it, else
    the last one before it (a field a card lacks is reported at its name); a finding about the whole
    deck (its size, its header) at the first card's name, without naming a column.  Its labels point
    into the written deck, so they are left out; its notes and help stay."""
    cell = origins[0][2] if origins else Cell(1, 1, Span(1, 1, 1, 1, 0, 0), "")
    about_a_cell = bool(origins) and problem.span.start >= origins[0][0]
    for start, end, candidate in origins:
        if start > problem.span.start:
            break
        cell = candidate
        if problem.span.start <= end:
            break
    named = cell.column_name and about_a_cell
    message = problem.message + (f" (column `{cell.column_name}`)" if named else "")
    return Diagnostic(problem.code, message, cell.span, help=problem.help, notes=problem.notes,
                      severity=problem.severity, cards=problem.cards), cell


def _rows(sheet: str) -> tuple[list[list[str]], list[list[Cell]]]:
    """The sheet's rows (the csv module's reading) and each cell's place in the text (a scan by the same
    rules: `,` between cells, `"` around a cell that holds them, `""` for a quote)."""
    limit = csv.field_size_limit(max(len(sheet) + 1, csv.field_size_limit()))
    try:
        rows = list(csv.reader(io.StringIO(sheet, newline="")))
    finally:
        csv.field_size_limit(limit)
    places: list[list[Cell]] = []
    header = rows[0] if rows else []
    line, column, offset = 1, 1, 0
    for number, row in enumerate(rows, 1):
        located = []
        for index in range(len(row)):
            start = (line, column, offset)
            in_quotes = offset < len(sheet) and sheet[offset] == '"'
            while offset < len(sheet):
                char = sheet[offset]
                if in_quotes:
                    if char == '"' and offset > start[2]:
                        if sheet[offset + 1 : offset + 2] == '"':
                            offset, column = offset + 2, column + 2
                            continue
                        in_quotes = False
                elif char in ",\r\n":
                    break
                if char == "\n":
                    line, column = line + 1, 1
                else:
                    column += 1
                offset += 1
            span = Span(start[0], start[1], line, column, start[2], offset)
            located.append(Cell(number, index + 1, span, header[index].strip() if number > 1 and index < len(header)
                                else ""))
            if offset < len(sheet) and sheet[offset] == ",":
                offset, column = offset + 1, column + 1
        if sheet[offset : offset + 2] == "\r\n":
            offset += 2
        elif offset < len(sheet) and sheet[offset] in "\r\n":
            offset += 1
        line, column = line + 1, 1
        places.append(located)
    return rows, places
