"""The `deckdsl` command line.  Exit codes: 0 clean, 1 findings at error level, 2 usage, I/O or internal error.

The commands live in modules by capability: `checking` (check, explain), `codes` (rule, rules), `reading` (show,
text, ast, schema, new), `printing` (render, export, import), `playing` (simulate, play), `lab` (compare,
sweep, tune), `formatting` (fmt), `serving` (lsp), `previewing` (preview); `common` holds what they share.

A command's module is imported when the command is run (`COMMANDS` names it: click's lazy loading), and
heavy modules (pydantic's JSON machinery, the renderer) inside the commands that need them, so that
`deckdsl check` starts fast.  `deckdsl --help` and `main.commands` import them all.
"""

from __future__ import annotations

import importlib
import os
import sys

import click

from .. import __version__
from ..escapes import visible
from ..files import describe_os_error
from .common import EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS, _exit_for, deck_files, _load_or_exit, _table

COMMANDS: dict[str, str] = {
    "check": "checking", "explain": "checking", "rule": "codes", "rules": "codes",
    "show": "reading", "text": "reading", "ast": "reading", "schema": "reading", "new": "reading",
    "render": "printing", "export": "printing", "import": "printing",
    "simulate": "playing", "play": "playing",
    "compare": "lab", "sweep": "lab", "tune": "lab",
    "fmt": "formatting", "lsp": "serving", "preview": "previewing",
}
"""Each command, by name -> the module of this package that defines it (and registers it on `main`)."""

_EXPORTS: dict[str, str] = {
    **dict.fromkeys(("check", "explain", "_add_evidence", "_codes_option", "_evidence_options", "_nothing"),
                    "checking"),
    **dict.fromkeys(("rule", "rules"), "codes"),
    **dict.fromkeys(("play", "simulate", "_SET_HELP", "_announce_hazards", "_engine_failure", "_playable_or_exit"),
                    "playing"),
    **dict.fromkeys(("compare", "sweep"), "lab"),
    **dict.fromkeys(("export", "import_command", "render"), "printing"),
    **dict.fromkeys(("_without_spans", "ast_command", "new", "schema", "show", "text_command"), "reading"),
}
"""The names this module re-exports from its command modules (imported when first asked for)."""


class _Group(click.Group):
    """The `deckdsl` group: commands imported when first needed (see `COMMANDS`), and errors said, never a
    traceback."""

    def __init__(self, *args, **kwargs) -> None:
        self._commands: dict[str, click.Command] = {}
        super().__init__(*args, **kwargs)

    @property
    def commands(self) -> dict[str, click.Command]:
        """Every command: the modules not yet imported are imported."""
        for module in dict.fromkeys(COMMANDS.values()):
            importlib.import_module(f"{__name__}.{module}")
        return self._commands

    @commands.setter
    def commands(self, value: dict[str, click.Command]) -> None:
        self._commands = value

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        # What click.Group.add_command does for a group that does not chain, into the commands imported so far
        # (`self.commands` would import every module while the first is being imported).
        name = name or cmd.name
        if name is None:
            raise TypeError("Command has no name.")
        self._commands[name] = cmd

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self._commands and cmd_name in COMMANDS:
            importlib.import_module(f"{__name__}.{COMMANDS[cmd_name]}")
        return self._commands.get(cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self._commands, *COMMANDS})

    def main(self, *args, **kwargs):
        """Run a command with its output behind `deckdsl.escapes.Guard`: no control character a deck holds
        reaches the terminal or the log raw, whatever prints it."""
        from ..escapes import guarded

        with guarded():
            return super().main(*args, **kwargs)

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except click.ClickException as error:
            error.message = visible(error.message)  # a usage error quotes a file name, a card's name
            raise
        except (click.exceptions.Exit, click.Abort, SystemExit):
            raise
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            ctx.exit(130)
        except BrokenPipeError:
            # The reader went away (`deckdsl show … | head`): stop quietly, as the Python docs advise.
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            sys.exit(1)
        except OSError as error:
            # The machine refused: a full disk, a folder that vanished, no permission.  Not a bug: exit 2
            # with the system's reason and the file it concerns; write_atomic left the old file in place.
            click.echo(f"deckdsl: {visible(describe_os_error(error))}", err=True)
            ctx.exit(EXIT_ERROR)
        except Exception as error:  # noqa: BLE001 — the last line of defence: never a traceback
            if _is_game_error(error):
                # An installed game package that cannot be loaded: the environment's problem, said as such.
                click.echo(f"deckdsl: {visible(str(error))}", err=True)
                ctx.exit(EXIT_ERROR)
            click.echo(f"deckdsl: internal error: {type(error).__name__}: {visible(str(error))}", err=True)
            click.echo("please report this, with the deck file that caused it", err=True)
            ctx.exit(EXIT_ERROR)


def _version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from ..build import describe

    click.echo(f"deckdsl, version {__version__} ({describe()})")
    ctx.exit()


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_version,
              help="Show the version and the build that runs (compiled or pure Python), and exit.")
def main() -> None:
    """deckdsl: write a card deck as one text file; check it, print it, play it.

    \b
    Examples:
      deckdsl check decks/                 check every *.deck file under decks/
      deckdsl show decks/janken-wars.deck  the cards as a table
    """


def _is_game_error(error: Exception) -> bool:
    """Whether `error` is a `deckdsl.games.registry.GameError` (only a game looked up can raise one: when
    the registry was never imported, it is not)."""
    registry = sys.modules.get("deckdsl.games.registry")
    return registry is not None and isinstance(error, registry.GameError)


def __getattr__(name: str):
    """The command modules (`deckdsl.cli.checking` …) and the names re-exported from them, imported when
    first asked for."""
    module = _EXPORTS.get(name)
    if module is not None:
        return getattr(importlib.import_module(f"{__name__}.{module}"), name)
    if name in COMMANDS.values():
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "EXIT_CLEAN", "EXIT_ERROR", "EXIT_FINDINGS", "COMMANDS", "main",
    "check", "explain", "rule", "rules", "show", "text_command", "ast_command", "schema", "new", "render",
    "export", "import_command",
    "simulate", "play", "compare", "sweep",
    "deck_files", "_load_or_exit", "_exit_for", "_table", "_evidence_options", "_add_evidence", "_nothing",
    "_codes_option", "_without_spans", "_playable_or_exit", "_announce_hazards",
    "_engine_failure", "_SET_HELP", "checking", "playing", "printing", "reading", "formatting", "serving",
    "previewing", "lab",
]
