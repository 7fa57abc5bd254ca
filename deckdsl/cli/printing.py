"""Printing a deck: `render` (print-and-play PDF sheets)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..escapes import visible
from ..files import folder_of
from . import main
from .common import EXIT_ERROR, EXIT_FINDINGS, Finite, _load_or_exit, check_writable, rules_languages


@main.command()
@click.argument("deck", type=click.Path(exists=True, dir_okay=False))
@click.option("-o", "--output", type=click.Path(), help="The PDF to write (default: out/NAME.pdf); a folder (`out/`) "
              "gets NAME.pdf inside it.")
@click.option("--paper", default="a4", show_default=True, help="a4 or letter.")
@click.option("--card-size", default="poker", show_default=True, help="poker, bridge, mini, tarot or WxH in mm.")
@click.option("--bleed", type=Finite(0, 20, " mm"), default=3.0, show_default=True,
              help="Background beyond the cut, mm (0–20).")
@click.option("--safe", type=Finite(0, 30, " mm"), default=3.0, show_default=True,
              help="Margin inside the cut that text keeps off, mm (0–30).")
@click.option("--gutter", type=Finite(0, 50, " mm"), default=0.0, show_default=True,
              help="Space between cards, mm (2 × bleed: full bleed; 0–50).")
@click.option("--flip", type=click.Choice(["long", "short"]), default="long", show_default=True,
              help="The edge your printer flips the sheet on for duplex.")
@click.option("--back-offset", default="0,0", show_default=True, metavar="X,Y",
              help="Move the backs by X,Y mm to correct a misaligned duplex printer.")
@click.option("--lang", type=rules_languages(), default=None, help="Language of the rules text.")
@click.option("--timeout", type=Finite(1, 86_400, " s"), default=300.0, show_default=True,
              help="Stop a render that takes longer, seconds (1–86400).")
@click.option("--art", "art_mode", type=click.Choice(["framed", "full"]), default="framed", show_default=True,
              help="Card pictures in a frame on the face, or filling the card to the edge of its bleed.")
@click.option("--theme", type=click.Path(exists=True, file_okay=False), default=None, metavar="DIR",
              help="A folder with a theme.html.j2 (default: the deck's folder, when it has one; docs/print.md).")
def render(deck, output, paper, card_size, bleed, safe, gutter, flip, back_offset, lang, timeout, art_mode,
           theme) -> None:
    """Print DECK as print-and-play PDF sheets: faces, then their backs mirrored for duplex.

    \b
    Examples:
      deckdsl render decks/janken-wars.deck                 writes out/janken-wars.pdf
      deckdsl render decks/janken-wars.deck --paper letter --flip short --back-offset 0.5,-1
    """
    from ..printing import layout, themes
    from ..printing import render as renderer

    result = _load_or_exit(deck, timeout=timeout)
    if result.errors:
        sys.exit(EXIT_FINDINGS)
    try:
        dx, dy = (_offset(v) for v in back_offset.split(","))
        options = renderer.Options(
            paper=layout.paper_size(paper), card=layout.card_size(card_size), bleed=bleed, safe=safe,
            gutter=gutter, flip=flip, back_offset=(dx, dy), language=lang, timeout=timeout, art=art_mode,
            theme=themes.find(folder_of(deck), Path(theme) if theme else None),
        )
        layout.sheet(options.paper, options.card, bleed=bleed, gutter=gutter, flip=flip)
    except ValueError as error:
        raise click.UsageError(str(error) if "," in back_offset else f"--back-offset: use X,Y ({error})") from error
    target = Path(output) if output else Path("out") / f"{Path(deck).stem}.pdf"
    if output and (output.endswith(("/", "\\")) or target.is_dir()):
        target = target / f"{Path(deck).stem}.pdf"
    check_writable(target, "--output")
    problems = renderer.render(result.deck, Path(deck), target, options, result.profile)
    _report(problems, result.text)
    if any(problem.severity.value == "error" for problem in problems):
        sys.exit(EXIT_FINDINGS)
    click.echo(f"wrote {visible(str(target))}")


def _report(problems, text: str) -> None:
    """Print a render's diagnostics, each with its file's line (a theme's problem is in `theme.html.j2`).
    A theme past the sandbox's bounds (DK309) then ends the command with status 2: the run was stopped."""
    from ..check import report
    from ..printing.themes import source_of

    for problem in problems:
        source = source_of(problem)
        click.echo(report.full(problem, text if source is None else source) + "\n", err=True)
    if any(problem.code == "DK309" for problem in problems):
        sys.exit(EXIT_ERROR)


def _offset(text: str) -> float:
    """One coordinate of `--back-offset`: a finite number of mm within ±20 (a printer's misalignment)."""
    import math

    try:
        number = float(text)
    except ValueError:
        raise ValueError(f"--back-offset: `{text.strip()}` is not a number (use X,Y in mm)") from None
    if not math.isfinite(number) or abs(number) > 20:
        raise ValueError(f"--back-offset: `{text.strip()}` is outside −20–20 mm")
    return number


@main.command()
@click.argument("format", type=click.Choice(["png", "tts", "csv"]))
@click.argument("deck", type=click.Path(exists=True, dir_okay=False))
@click.option("-o", "--output", type=click.Path(), help="Where to write: a folder for png and tts (default: "
              "out/NAME-png/, out/NAME-tts/), a file for csv (default: out/NAME.csv).")
@click.option("--dpi", type=Finite(30, 1200, " dpi"), default=300.0, show_default=True,
              help="Pixels per inch of the images (30–1200; an image may have 16.8 million pixels); tts "
              "lowers it to fit a full sheet in 4096 px.")
@click.option("--bleed/--no-bleed", "with_bleed", default=True, show_default=True,
              help="png: keep the bleed around each card, or cut the images to the trim.")
@click.option("--base-url", default=None, metavar="URL", help="tts: the address the images will be at "
              "(where you upload them); default: file:// URLs of the output folder.")
@click.option("--card-size", default="poker", show_default=True, help="poker, bridge, mini, tarot or WxH in mm.")
@click.option("--bleed-mm", "bleed", type=Finite(0, 20, " mm"), default=3.0, show_default=True,
              help="Background beyond the cut, mm (0–20).")
@click.option("--lang", type=rules_languages(), default=None, help="Language of the rules text.")
@click.option("--timeout", type=Finite(1, 86_400, " s"), default=300.0, show_default=True,
              help="Stop a render that takes longer, seconds (1–86400).")
@click.option("--theme", type=click.Path(exists=True, file_okay=False), default=None, metavar="DIR",
              help="A folder with a theme.html.j2 (default: the deck's folder, when it has one).")
def export(format, deck, output, dpi, with_bleed, base_url, card_size, bleed, lang, timeout, theme) -> None:
    """Export DECK's cards: png (an image per card), tts (Tabletop Simulator) or csv (a spreadsheet).

    png and tts write a new folder and swap it in for the old one whole; files in it that an export does
    not write (a README) are kept.

    \b
    Examples:
      deckdsl export png decks/janken-wars.deck --dpi 300      out/janken-wars-png/01-muro-alto.png …
      deckdsl export tts decks/janken-wars.deck --base-url https://example.org/jw/
      deckdsl export csv decks/janken-wars.deck -o cards.csv
    """
    from ..files import write_atomic

    result = _load_or_exit(deck, timeout=timeout)
    if result.errors:
        sys.exit(EXIT_FINDINGS)
    stem = Path(deck).stem
    if format == "csv":
        from ..printing import spreadsheet

        target = Path(output) if output else Path("out") / f"{stem}.csv"
        check_writable(target, "--output")
        write_atomic(target, spreadsheet.export(result.deck, result.profile, result.text))
        click.echo(f"wrote {visible(str(target))} ({len(result.deck.cards)} cards)")
        return
    from ..folders import check_replaceable
    from ..printing import export as exporter
    from ..printing import layout, themes
    from ..printing import render as renderer

    try:
        options = renderer.Options(card=layout.card_size(card_size), bleed=bleed, language=lang, timeout=timeout,
                                   theme=themes.find(folder_of(deck), Path(theme) if theme else None))
    except ValueError as error:
        raise click.UsageError(str(error)) from error
    folder = Path(output) if output else Path("out") / f"{stem}-{format}"
    try:
        check_replaceable(folder)
    except ValueError as error:
        raise click.UsageError(f"--output: {error}") from error
    try:
        if format == "png":
            made = exporter.png(result.deck, Path(deck), options, result.profile, dpi, with_bleed)
        else:
            made = exporter.tts(result.deck, Path(deck), options, result.profile, dpi, base_url, folder)
    except exporter.TooLarge as error:
        raise click.UsageError(str(error)) from error
    _report(made.problems, result.text)
    if made.made is None or any(problem.severity.value == "error" for problem in made.problems):
        sys.exit(EXIT_FINDINGS)
    from ..folders import Conflict

    try:
        replaced = made.write(folder)
    except Conflict as error:
        click.echo(f"deckdsl: --output: {visible(str(error))}", err=True)
        sys.exit(EXIT_ERROR)
    kept = f" (kept {', '.join(replaced.kept[:3])}{' …' if len(replaced.kept) > 3 else ''}: not the export's)"
    click.echo(visible(f"wrote {len(replaced.written)} files to {folder}" + (kept if replaced.kept else "")))


@main.command("import")
@click.argument("format", type=click.Choice(["csv"]))
@click.argument("sheet", type=click.Path(exists=True, dir_okay=False))
@click.option("--into", type=click.Path(exists=True, dir_okay=False), default=None,
              help="A deck whose cards the sheet replaces: its header, rules and addenda are kept (and it is "
              "the file written, unless -o says otherwise).")
@click.option("--game", "game_id", default=None, help="The game the cards are for (janken-wars, …); "
              "required without --into.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="The deck file to write (default: the "
              "--into deck, else the sheet's name with .deck, next to it).")
@click.option("--title", default=None, help="A new deck's title (default: the sheet's name).")
@click.option("--language", default=None, help="A new deck's language (pt-BR, en, ru …).")
@click.option("--version", "deck_version", default=None, help="A new deck's version.")
@click.option("--force", is_flag=True, help="Replace the output file if it exists (the --into deck needs no --force).")
def import_command(format, sheet, into, game_id, output, title, language, deck_version, force) -> None:
    """Write a deck file from a spreadsheet (CSV): a card per row, a field per column.

    The columns are those `deckdsl export csv` writes (name, copies, the game's attributes, value, cost,
    action, condition, flavor, art, text), in any order.  The deck is checked as it is written: each
    problem is reported at its cell, as SHEET:ROW:COLUMN; nothing is written when one is an error.

    \b
    Examples:
      deckdsl import csv cards.csv --game janken-wars -o my-deck.deck --title "Escritório"
      deckdsl import csv cards.csv --into decks/my-deck.deck     the deck's cards, from the sheet
    """
    from ..check import report
    from ..diagnostics import did_you_mean
    from ..files import read_file, write_atomic
    from ..lang.spelling import quoted
    from ..printing import spreadsheet
    from ..profiles import profile as profiles

    if into is not None:
        base = _load_or_exit(into)
        if any(problem.code.startswith("DK0") for problem in base.errors):
            raise click.UsageError(f"--into: `{into}` does not read completely (above); fix it first: the sheet "
                                   "would replace its cards, and what could not be read would be lost")
        if base.profile is None:
            raise click.UsageError(f"--into: `{into}` has no game profile deckdsl can read")
        profile, around = base.profile, spreadsheet.frame_of(base.deck, base.profile, base.text)
        target = Path(output) if output else Path(into)
    else:
        if game_id is None:
            raise click.UsageError("--game: say which game the cards are for (or give a deck with --into)")
        target = Path(output) if output else Path(sheet).with_suffix(".deck")
        profile = profiles.load(game_id, target.parent) if profiles.find(game_id, target.parent) else None
        if profile is None:
            names = profiles.available()
            raise click.UsageError(f"there is no game profile called `{game_id}` "
                                   f"({did_you_mean(game_id, names) or 'the games are ' + ', '.join(names)})")
        fields = {"game": game_id}
        if deck_version:
            fields["version"] = quoted(deck_version)
        if language:
            fields["language"] = language
        around = spreadsheet.frame(title or Path(sheet).stem, fields)
    if target.exists() and not force and not (into is not None and target.resolve() == Path(into).resolve()):
        raise click.UsageError(f"--output: `{target}` exists (use --force to replace it)")
    check_writable(target, "--output")
    text, problem = read_file(sheet)
    if text is None:
        click.echo(report.full(problem.at(sheet), ""), err=True)
        sys.exit(EXIT_ERROR)
    import deckdsl

    imported = spreadsheet.read(text, profile, around,
                                lambda deck_text: deckdsl.loads(deck_text, str(target)).diagnostics)
    for diagnostic, cell in imported.problems:
        diagnostic = diagnostic.at(sheet)
        click.echo(report.full(diagnostic, text, where=f"{sheet}:{cell.row}:{cell.column}") + "\n", err=True)
    if imported.text is None or imported.errors:
        click.echo(f"nothing written: {len(imported.errors) or 'the sheet has'} error(s)", err=True)
        sys.exit(EXIT_FINDINGS)
    write_atomic(target, imported.text.encode("utf-8"))
    click.echo(f"wrote {visible(str(target))} ({imported.text.count(chr(10) + 'card ')} cards)")
