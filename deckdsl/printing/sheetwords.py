"""The words of a sheet's findings (`deckdsl import csv`: `deckdsl.printing.spreadsheet`), `said` in the
designer's language (`deckdsl.said`): its columns, a cell past them, a deck too big for one file."""

from __future__ import annotations

from ..said import Said, said


def no_header() -> Said:
    return said("print-no-header", "the sheet has no header row: its first row must name the columns")


def columns_are(names: list[str]) -> Said:
    return said("print-columns-are", "the columns are {columns}", columns=", ".join(names))


def too_many_columns(count: int, game: str, fields: int) -> Said:
    return said("print-too-many-columns", "the sheet has {count:,} columns; a `{game}` card has {fields} fields",
                count=count, game=game, fields=fields)


def unknown_column(column: str, game: str) -> Said:
    return said("print-unknown-column", "the column `{column}` is not a field of a `{game}` card", column=column,
                game=game)


def repeated_column(column: str, field: str) -> Said:
    return said("print-column-repeats", "the column `{column}` repeats `{key}`", column=column, key=field)


def beyond(cell: str, more: int) -> Said:
    """A filled cell past the header's last column, and `more` filled after it."""
    if more:
        return said("print-beyond-more", "a cell beyond the last column (`{cell}`) is not read, nor the {count:,} "
                    "filled after it", cell=cell, count=more)
    return said("print-beyond", "a cell beyond the last column (`{cell}`) is not read", cell=cell)


def too_big(limit: int) -> Said:
    return said("print-sheet-too-big", "the deck would be more than {limit:,} bytes from this row on, the limit of a "
                "deck file", limit=limit)


def in_column(message: str, column: str) -> Said:
    """A finding of the written deck, at the cell of the column `column`."""
    return said("print-in-column", "{finding} (column `{column}`)", finding=message, column=column)
