"""Printing a deck: `render` (print-and-play PDF sheets)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from . import main
from .common import EXIT_FINDINGS, Finite, _load_or_exit, check_writable


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
@click.option("--lang", type=click.Choice(["pt-BR", "en"]), default=None, help="Language of the rules text.")
@click.option("--timeout", type=Finite(1, 86_400, " s"), default=300.0, show_default=True,
              help="Stop a render that takes longer, seconds (1–86400).")
@click.option("--art", "art_mode", type=click.Choice(["framed", "full"]), default="framed", show_default=True,
              help="Card pictures in a frame on the face, or filling the card to the edge of its bleed.")
def render(deck, output, paper, card_size, bleed, safe, gutter, flip, back_offset, lang, timeout, art_mode) -> None:
    """Print DECK as print-and-play PDF sheets: faces, then their backs mirrored for duplex.

    \b
    Examples:
      deckdsl render decks/janken-wars.deck                 writes out/janken-wars.pdf
      deckdsl render decks/janken-wars.deck --paper letter --flip short --back-offset 0.5,-1
    """
    from ..check import report
    from ..printing import layout
    from ..printing import render as renderer

    result = _load_or_exit(deck)
    if result.errors:
        sys.exit(EXIT_FINDINGS)
    try:
        dx, dy = (_offset(v) for v in back_offset.split(","))
        options = renderer.Options(
            paper=layout.paper_size(paper), card=layout.card_size(card_size), bleed=bleed, safe=safe,
            gutter=gutter, flip=flip, back_offset=(dx, dy), language=lang, timeout=timeout, art=art_mode,
        )
        layout.sheet(options.paper, options.card, bleed=bleed, gutter=gutter, flip=flip)
    except ValueError as error:
        raise click.UsageError(str(error) if "," in back_offset else f"--back-offset: use X,Y ({error})") from error
    target = Path(output) if output else Path("out") / f"{Path(deck).stem}.pdf"
    if output and (output.endswith(("/", "\\")) or target.is_dir()):
        target = target / f"{Path(deck).stem}.pdf"
    check_writable(target, "--output")
    problems = renderer.render(result.deck, Path(deck), target, options, result.profile)
    for problem in problems:
        click.echo(report.full(problem, result.text) + "\n", err=True)
    if any(problem.severity.value == "error" for problem in problems):
        sys.exit(EXIT_FINDINGS)
    click.echo(f"wrote {target}")


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
