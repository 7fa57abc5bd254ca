"""Serving editors: `lsp` (the language server for *.deck and *.game files, over stdio)."""

from __future__ import annotations

import click

from . import main


@main.command()
@click.option("--stdio", is_flag=True, help="Talk over stdin/stdout (the default and only transport; editors "
              "that pass the flag are welcome).")
@click.option("--log-level", type=click.Choice(["debug", "info", "warning", "error"]), default="warning",
              show_default=True, help="How much the server logs, on stderr.")
def lsp(stdio: bool, log_level: str) -> None:
    """Run the deckdsl language server over stdio, for editors: diagnostics while typing, hover (a card's
    rules text in pt-BR and en, its figures), completion, go to definition, references, rename, formatting,
    quick fixes and the outline, for *.deck and *.game files.

    stdout carries the protocol alone; logs go to stderr.

    \b
    Examples:
      deckdsl lsp                      what an editor runs (VS Code, Neovim, Helix …)
      deckdsl lsp --log-level debug    also log each analysis, dropped when the text changed meanwhile
    """
    from ..editor.lsp import serve

    serve(log_level)
