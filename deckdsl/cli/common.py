"""What the commands share: exit statuses, finding the deck files, loading a deck or exiting, tables."""

from __future__ import annotations

import sys
from pathlib import Path

import click

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def _deck_files(paths: tuple[str, ...]) -> list[Path]:
    files: list[Path] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*") if p.suffix in (".deck", ".game") and p.is_file()))
        elif path.exists():
            files.append(path)
        else:
            raise click.UsageError(f"no such file or folder: {given}")
    return files


def _load_or_exit(deck: str, config=None):
    import deckdsl

    from ..check import report

    result = deckdsl.load(deck, config=config)
    if result.deck is None or result.errors:
        for diagnostic in result.diagnostics:
            click.echo(report.full(diagnostic, result.text) + "\n", err=True)
        if result.deck is None:
            sys.exit(EXIT_ERROR)
    return result


def _exit_for(result) -> None:
    """Exit 1 after printing when the deck has errors (the output then covers only what parsed)."""
    if result.errors:
        sys.exit(EXIT_FINDINGS)


def _table(rows: list[list[str]], numeric: set[int], rule_after_header: bool = False) -> None:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for index, row in enumerate(rows):
        click.echo("  ".join(
            cell.rjust(widths[i]) if i in numeric and index else cell.ljust(widths[i]) for i, cell in enumerate(row)
        ).rstrip())
        if index == 0 and rule_after_header:
            click.echo("  ".join("-" * w for w in widths))
