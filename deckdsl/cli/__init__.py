"""The `deckdsl` command line.  Exit codes: 0 clean, 1 findings at error level, 2 usage, I/O or internal error.

Heavy modules (pydantic's JSON machinery, the renderer) are imported inside the commands that need
them, so `deckdsl check` starts fast.

The commands live in modules by capability: `checking` (check, explain, rule, rules), `reading` (show,
text, ast, schema, new), `printing` (render), `playing` (simulate, play), `formatting` (fmt), `serving`
(lsp), `previewing` (preview); `common` holds what they share.
"""

from __future__ import annotations

import os
import sys

import click

from .. import __version__
from ..files import describe_os_error
from ..games.registry import GameError
from .common import EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS, _exit_for, deck_files, _load_or_exit, _table


class _Group(click.Group):
    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit):
            raise
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            ctx.exit(130)
        except BrokenPipeError:
            # The reader went away (`deckdsl show … | head`): stop quietly, as the Python docs advise.
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            sys.exit(1)
        except GameError as error:
            # An installed game package that cannot be loaded: the environment's problem, said as such.
            click.echo(f"deckdsl: {error}", err=True)
            ctx.exit(EXIT_ERROR)
        except OSError as error:
            # The machine refused: a full disk, a folder that vanished, no permission.  Not a bug: exit 2
            # with the system's reason and the file it concerns; write_atomic left the old file in place.
            click.echo(f"deckdsl: {describe_os_error(error)}", err=True)
            ctx.exit(EXIT_ERROR)
        except Exception as error:  # noqa: BLE001 — the last line of defence: never a traceback
            click.echo(f"deckdsl: internal error: {type(error).__name__}: {error}", err=True)
            click.echo("please report this, with the deck file that caused it", err=True)
            ctx.exit(EXIT_ERROR)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="deckdsl")
def main() -> None:
    """deckdsl: write a card deck as one text file; check it, print it, play it.

    \b
    Examples:
      deckdsl check decks/                 check every *.deck file under decks/
      deckdsl show decks/janken-wars.deck  the cards as a table
    """


# The command modules register their commands on `main` when imported (`deckdsl --help` lists them by name).
from . import checking, formatting, lab, playing, previewing, printing, reading, serving  # noqa: E402
from .checking import (  # noqa: E402
    _add_evidence, _codes_option, _evidence_options, _nothing, check, explain, rule, rules,
)
from .playing import (  # noqa: E402
    _SET_HELP, _announce_hazards, _engine_failure, _playable_or_exit, play, simulate,
)
from .lab import compare, sweep  # noqa: E402
from .printing import export, import_command, render  # noqa: E402
from .reading import _without_spans, ast_command, new, schema, show, text_command  # noqa: E402

__all__ = [
    "EXIT_CLEAN", "EXIT_ERROR", "EXIT_FINDINGS", "main",
    "check", "explain", "rule", "rules", "show", "text_command", "ast_command", "schema", "new", "render",
    "export", "import_command",
    "simulate", "play", "compare", "sweep",
    "deck_files", "_load_or_exit", "_exit_for", "_table", "_evidence_options", "_add_evidence", "_nothing",
    "_codes_option", "_without_spans", "_playable_or_exit", "_announce_hazards",
    "_engine_failure", "_SET_HELP", "checking", "playing", "printing", "reading", "formatting", "serving",
    "previewing", "lab",
]
