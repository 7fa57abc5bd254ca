"""What the commands share: exit statuses, finding the deck files, loading a deck or exiting, tables."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from ..escapes import visible

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def deck_files(paths: tuple[str, ...]) -> list[tuple[Path, Path]]:
    """The files named, and every `*.deck` and `*.game` under the folders named, each with the folder it
    must stay inside (`deckdsl.files.inside`): the folder named, or a named file's own folder.

    A folder is walked without following links to folders (one could lead anywhere, or loop) and without
    asking anything of a link's target: a `*.deck` link is listed as it is, and reading it says whether it
    stays inside (DK015 when it does not).  Hidden folders (`.git`, `.venv`) are skipped: they hold no
    one's decks but may hold many copies of them."""
    found: list[tuple[Path, Path]] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            found.extend((file, path) for file in sorted(_walk(path)))
        elif path.exists() or path.is_symlink():
            found.append((path, path.parent))
        else:
            raise click.UsageError(f"no such file or folder: {given}")
    return list(dict.fromkeys(found))


def _walk(folder: Path):
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if entry.name.startswith("."):
            continue
        if entry.is_dir(follow_symlinks=False):
            yield from _walk(Path(entry.path))
        elif entry.name.endswith((".deck", ".game")) and (entry.is_symlink() or entry.is_file(follow_symlinks=False)):
            yield Path(entry.path)


def _load_or_exit(deck: str, config=None, timeout: float | None = None):
    """The deck read and checked (its findings printed when it has errors; exit 2 when it cannot be read),
    within `timeout` seconds (DK013 and exit 2 past it)."""
    import deckdsl

    from ..check import report
    from ..limits import TimeUp, time_limit

    try:
        with time_limit(timeout):
            result = deckdsl.load(deck, config=config)
    except TimeUp:
        click.echo(f"error[DK013]: checking {visible(deck)} took longer than {timeout:g} s: stopped (--timeout)",
                   err=True)
        sys.exit(EXIT_ERROR)
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
    """Print `rows` as columns (the first row a header; the `numeric` columns right-aligned), every cell made
    `visible`: a card's name is a cell."""
    rows = [[visible(cell) for cell in row] for row in rows]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for index, row in enumerate(rows):
        click.echo("  ".join(
            cell.rjust(widths[i]) if i in numeric and index else cell.ljust(widths[i]) for i, cell in enumerate(row)
        ).rstrip())
        if index == 0 and rule_after_header:
            click.echo("  ".join("-" * w for w in widths))


class Finite(click.ParamType):
    """A number in [`low`, `high`], refused at parse time otherwise — NaN and the infinities included,
    which a plain float option lets through to fail deep inside a render."""

    name = "number"

    def __init__(self, low: float, high: float, unit: str = "") -> None:
        self.low, self.high, self.unit = low, high, unit

    def convert(self, value, param, ctx) -> float:
        import math

        try:
            number = float(value)
        except (TypeError, ValueError):
            self.fail(f"`{value}` is not a number", param, ctx)
        if not math.isfinite(number) or not self.low <= number <= self.high:
            self.fail(f"`{value}` is outside {self.low:g}–{self.high:g}{self.unit}", param, ctx)
        return number


def check_writable(target: Path, option: str) -> None:
    """Refuse, before a long run, an output file the run could not write at its end: a folder in its
    place, a parent that cannot be made (under a file, in /proc), a parent that is not writable."""
    import os

    folder = target.parent
    if target.is_dir():
        raise click.UsageError(f"{option}: `{target}` is a folder, not a file")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise click.UsageError(f"{option}: cannot create the folder `{folder}` ({error.strerror or error})") from error
    if not os.access(folder, os.W_OK):
        raise click.UsageError(f"{option}: the folder `{folder}` is not writable")


def progress_bar(length: int, label: str):
    """A progress bar of `length` steps on stderr when stderr is a terminal, else None.  It draws on the
    stream behind the output's guard (`deckdsl.escapes.Guard`): its own escapes hide and show the cursor."""
    from ..escapes import unguarded

    stream = unguarded(sys.stderr)
    if not stream.isatty():
        return None
    return click.progressbar(length=length, label=visible(label), file=stream)


def progress_label(words: str, deck: str) -> str:
    """A progress bar's label (`said`) in the language of the deck's findings when its command has no `--lang`:
    its configuration's `lang`, else the locale's (`deckdsl.text.speak.chosen`), else English."""
    from ..check import config as configuration
    from ..text import speak

    try:
        configured = configuration.discover(Path(deck)).lang
    except configuration.ConfigError:
        configured = None
    return speak.translator(speak.chosen(None, configured), "deckdsl.cli")(words)


def rules_languages() -> click.Choice:
    """`--lang`'s choices: the languages rules text has a catalog for (`deckdsl.text`, `locales/*.ftl`)."""
    from ..text.catalog import languages

    return click.Choice(languages())
