"""Previewing a deck: `preview` (every card as it will print, live in the browser)."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import click

from ..escapes import visible
from . import main
from .common import EXIT_ERROR


@main.command()
@click.argument("deck", type=click.Path(exists=True, dir_okay=False))
@click.option("--port", default=0, show_default=True, type=click.IntRange(0, 65535),
              help="The port on 127.0.0.1 to listen on (0: any free port).")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the default browser.")
@click.option("--theme", type=click.Path(exists=True, file_okay=False), default=None, metavar="DIR",
              help="A folder with a theme.html.j2 (default: the deck's folder, when it has one; docs/print.md).")
def preview(deck: str, port: int, open_browser: bool, theme: str | None) -> None:
    """Show DECK's cards as they will print, with their diagnostics, in the browser; the page follows
    every save of the deck, its game profile, its art and its theme.  Local only (127.0.0.1); Ctrl-C stops.

    \b
    Examples:
      deckdsl preview decks/janken-wars.deck --open
      deckdsl preview my.deck --port 8750
      deckdsl preview decks/janken-wars.deck --theme decks/themes/noir
    """
    from ..editor.preview import PreviewServer

    try:
        server = PreviewServer(Path(deck), port, Path(theme) if theme else None)
    except OSError as error:
        click.echo(f"deckdsl preview: cannot listen on 127.0.0.1:{port}: {error.strerror or error}", err=True)
        sys.exit(EXIT_ERROR)
    click.echo(f"previewing {visible(deck)} at {server.url}  (Ctrl-C to stop)")
    if open_browser:
        import webbrowser

        # In a thread: a text-mode browser may hold webbrowser.open until it exits.
        threading.Thread(target=webbrowser.open, args=(server.url,), daemon=True).start()
    try:
        server.run()
    except KeyboardInterrupt:
        click.echo("stopped")
    finally:
        server.close()
