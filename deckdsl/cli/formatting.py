"""Formatting decks and profiles: `fmt` (the canonical layout, `deckdsl.lang.fmt`)."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import click

from ..escapes import unguarded, visible
from . import main
from .common import EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS


def _files(paths: tuple[str, ...]) -> list[Path]:
    """The files named, and every *.deck and *.game under the folders named — except under hidden
    folders (`.git`, `.venv`), which hold no one's decks but may hold many copies of them."""
    files: list[Path] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            files.extend(sorted(
                found for found in path.rglob("*")
                if found.suffix in (".deck", ".game") and found.is_file()
                and not any(part.startswith(".") for part in found.relative_to(path).parts)
            ))
        elif path.exists():
            files.append(path)
        else:
            raise click.UsageError(f"no such file or folder: {given}")
    return list(dict.fromkeys(files))


def _diff(before: str, after: str, name: str) -> str:
    import difflib

    def lines(text: str) -> list[str]:
        parts = [line + "\n" for line in text.split("\n")]
        parts[-1] = parts[-1][:-1]
        return [line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in parts if line]

    return "".join(difflib.unified_diff(lines(before), lines(after), name, name))


def _report(diagnostics, path: str, text: str) -> None:
    from ..check import report

    for diagnostic in diagnostics:
        click.echo(report.full(replace(diagnostic, path=path), text) + "\n", err=True)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


@main.command("fmt")
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--check", is_flag=True, help="Write nothing; list the files that would change (exit 1 if any).")
@click.option("--diff", is_flag=True, help="Write nothing; print what would change as unified diffs (exit 1 if any).")
@click.option("--stdin-filename", metavar="PATH", default=None,
              help="With `-`: the file the text comes from (its kind, *.deck or *.game, and its name in messages).")
def fmt(paths: tuple[str, ...], check: bool, diff: bool, stdin_filename: str | None) -> None:
    """Format deck files and game profiles in deckdsl's canonical layout, in place.

    PATH is a file or a folder (every *.deck and *.game under it; default: this folder).  `-` reads a
    text from stdin and writes it formatted to stdout (for editors).  A file that does not parse is not
    touched: its problems are printed as `deckdsl check` prints them, and the others are still formatted.
    The layout rules are described at the top of deckdsl/lang/fmt.py.

    \b
    Exit status: 0 formatted or nothing to do, 1 files would change (--check, --diff), 2 usage or I/O
    error, or a file that does not parse.

    \b
    Examples:
      deckdsl fmt                              format every deck and profile under this folder
      deckdsl fmt decks/ --check               in CI: which files are not formatted?
      deckdsl fmt my.deck --diff               what would change
      deckdsl fmt - --stdin-filename my.game < my.game
    """
    from ..files import decode, read_file, write_atomic
    from ..lang.fmt import FormatBug, FormatError, format_source, kind_for

    paths = paths or (".",)
    if "-" in paths:
        if len(paths) > 1:
            raise click.UsageError("`-` (stdin) cannot be combined with other paths")
        name = stdin_filename or "-"
        text, problem = decode(sys.stdin.buffer.read())
        if text is None:
            _report([problem], name, "")
            sys.exit(EXIT_ERROR)
        try:
            formatted = format_source(text, kind_for(name))
        except FormatBug as error:
            click.echo(f"deckdsl: internal error formatting {visible(name)}: {error}", err=True)
            sys.exit(EXIT_ERROR)
        except FormatError as error:
            _report(error.diagnostics, name, text)
            sys.exit(EXIT_ERROR)
        if diff:
            click.echo(_diff(text, formatted, visible(name)), nl=False)
        elif check:
            if formatted != text:
                click.echo(f"would reformat {visible(name)}")
        else:
            out = unguarded(sys.stdout)  # the file's own bytes (it has no raw control character: DK018)
            out.flush()
            out.buffer.write(formatted.encode("utf-8"))
            out.buffer.flush()
        sys.exit(EXIT_FINDINGS if (check or diff) and formatted != text else EXIT_CLEAN)

    files = _files(paths)
    if not files:
        click.echo("no *.deck or *.game files found: nothing to format", err=True)
        sys.exit(EXIT_CLEAN)
    changed, failed = [], []
    for file in files:
        text, problem = read_file(file)
        if text is None:
            _report([problem], str(file), "")
            failed.append(file)
            continue
        try:
            formatted = format_source(text, kind_for(file))
        except FormatBug as error:
            click.echo(f"deckdsl: internal error formatting {visible(str(file))}: {error} (the file is left as it was; "
                       "please report this, with the file)", err=True)
            failed.append(file)
            continue
        except FormatError as error:
            _report(error.diagnostics, str(file), text)
            failed.append(file)
            continue
        if formatted == text:
            continue
        if diff:
            click.echo(_diff(text, formatted, visible(str(file))), nl=False)
        elif check:
            click.echo(f"would reformat {visible(str(file))}")
        else:
            try:
                write_atomic(file, formatted.encode("utf-8"))  # through a link, keeping the file's mode
            except OSError as error:
                click.echo(f"deckdsl: cannot write {visible(str(file))}: {error.strerror or error}", err=True)
                failed.append(file)
                continue
            click.echo(f"reformatted {visible(str(file))}")
        changed.append(file)
    unchanged = len(files) - len(changed) - len(failed)
    verb = "would be reformatted" if check or diff else "reformatted"
    summary = [f"{_plural(len(changed), 'file')} {verb}", f"{unchanged} left unchanged"]
    if failed:
        summary.append(f"{len(failed)} could not be formatted")
    click.echo(", ".join(summary), err=True)
    if failed:
        sys.exit(EXIT_ERROR)
    sys.exit(EXIT_FINDINGS if (check or diff) and changed else EXIT_CLEAN)
