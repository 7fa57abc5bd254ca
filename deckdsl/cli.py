"""The `deckdsl` command line.  Exit codes: 0 clean, 1 findings at error level, 2 usage, I/O or internal error.

Heavy modules (pydantic's JSON machinery, the renderer) are imported inside the commands that need
them, so `deckdsl check` starts fast.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from . import __version__

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


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


def _codes_option(value: tuple[str, ...]) -> list[str]:
    return [code.strip().upper() for item in value for code in item.split(",") if code.strip()]


@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option(
    "--format", "output_format", type=click.Choice(["full", "concise", "json", "github", "sarif"]),
    default="full", show_default=True, help="How to print the findings.",
)
@click.option("--select", multiple=True, metavar="CODES", help="Only these codes or prefixes (JW1, DK105,…).")
@click.option("--ignore", multiple=True, metavar="CODES", help="Leave out these codes or prefixes.")
@click.option(
    "--fail-on", type=click.Choice(["error", "warning", "info"]), default=None,
    help="The lowest severity that makes the exit status 1 (default: error, or the config file's).",
)
@click.option("--no-config", is_flag=True, help="Ignore deckdsl.toml / [tool.deckdsl] files.")
@click.option(
    "--render-lint", is_flag=True,
    help="Also lay the cards out (A4, poker) and report text that does not fit and images it cannot use.",
)
@click.option("--quiet", "-q", is_flag=True, help="Print nothing when there is nothing to report.")
def check(
    paths: tuple[str, ...], output_format: str, select: tuple[str, ...], ignore: tuple[str, ...],
    fail_on: str | None, no_config: bool, render_lint: bool, quiet: bool,
) -> None:
    """Check deck files and game profiles (or every *.deck and *.game under folders); report every problem.

    The configuration is the nearest deckdsl.toml, or pyproject.toml with a [tool.deckdsl] table, above
    each deck; options override it.  `# deckdsl: allow CODE` on a card's first line silences CODE for
    that card.

    \b
    Exit status: 0 nothing at the --fail-on level, 1 findings at that level, 2 usage or I/O error.

    \b
    Examples:
      deckdsl check decks/janken-wars.deck
      deckdsl check my-game.game               a game profile (docs/profiles.md)
      deckdsl check decks/ --format github     annotations for a GitHub Actions run
      deckdsl check decks/ --format sarif > deckdsl.sarif
      deckdsl check deck.deck --select JW --ignore JW111 --fail-on warning
      deckdsl check deck.deck --format json | jq '.diagnostics[].code'
    """
    import deckdsl

    from .check import config as configuration
    from .check import report

    files = _deck_files(paths)
    if not files:
        raise click.UsageError("no *.deck or *.game files found in the given folders")
    everything = []
    io_error = False
    configs: dict[Path, configuration.Config] = {}
    for file in files:
        try:
            found = configuration.Config() if no_config else configs.setdefault(
                file.parent, configuration.discover(file)
            )
        except configuration.ConfigError as error:
            raise click.UsageError(str(error)) from error
        config = found.override(select=_codes_option(select), ignore=_codes_option(ignore), fail_on=fail_on)
        result = deckdsl.load_game(file) if file.suffix == ".game" else deckdsl.load(file, config=config)
        if render_lint and result.deck is not None and not any(d.code < "DK200" for d in result.errors):
            from .printing import render as renderer

            found = renderer.lint(result.deck, file, profile=result.profile)
            seen = {(d.code, d.span) for d in result.diagnostics}  # `check` already reports missing art
            result.diagnostics.extend(d for d in found if config.enabled(d.code) and (d.code, d.span) not in seen)
        everything.append((result, config))
        io_error = io_error or any(d.code == "DK009" for d in result.diagnostics)
    diagnostics = [d for result, _ in everything for d in result.diagnostics]
    failing = any(
        d.severity.rank >= deckdsl.Severity(config.fail_on).rank for result, config in everything
        for d in result.diagnostics
    )
    if output_format == "sarif":
        from .check.registry import all_codes

        click.echo(report.to_sarif(diagnostics, all_codes(), __version__))
    elif output_format == "json":
        click.echo(report.to_json(diagnostics, len(files)))
    else:
        for result, _ in everything:
            for diagnostic in result.diagnostics:
                if output_format == "full":
                    click.echo(report.full(diagnostic, result.text) + "\n")
                elif output_format == "concise":
                    click.echo(report.concise(diagnostic))
                else:
                    click.echo(report.github(diagnostic))
        if output_format != "github":
            errors = sum(1 for d in diagnostics if d.severity.value == "error")
            warnings = sum(1 for d in diagnostics if d.severity.value == "warning")
            if diagnostics or not quiet:
                click.echo(
                    f"checked {len(files)} file{'s' if len(files) != 1 else ''}: "
                    f"{errors} error{'s' if errors != 1 else ''}, {warnings} warning{'s' if warnings != 1 else ''}",
                    err=output_format == "concise",
                )
    if io_error:
        sys.exit(EXIT_ERROR)
    sys.exit(EXIT_FINDINGS if failing else EXIT_CLEAN)


def _load_or_exit(deck: str, config=None):
    import deckdsl

    from .check import report

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


@main.command()
@click.argument("deck", type=click.Path(exists=True, dir_okay=False))
def show(deck: str) -> None:
    """Print the cards of DECK as a table, with totals per group of its game (exit 1 if DECK has errors).

    The columns are the game's attributes (derived ones too) and properties; the totals are counted the
    way the game's structure rules count them (Janken Wars: per type and rarity).

    \b
    Example:
      deckdsl show decks/janken-wars.deck
    """
    result = _load_or_exit(deck)
    cards, game = result.deck.cards, result.profile
    attributes = list(game.attributes) if game else ["type", "rarity"]
    properties = list(game.properties) if game else []
    effects = any(c.cost or c.action or c.condition for c in cards)
    values = (game.value_required if game else True) or any(c.value is not None for c in cards)

    def attribute(card, name):
        value = game.value_of(card, name) if game else card.attribute(name)
        return "?" if value is None else str(value)

    header = ["name", *attributes, *properties, "copies"] + (["value"] if values else []) + (
        ["cost", "action", "condition"] if effects else [])
    rows = [header]
    for card in cards:
        row = [card.name, *(attribute(card, a) for a in attributes)]
        row += [str(game.property_of(card, p)) if game.property_of(card, p) is not None else "?" for p in properties]
        row.append(str(card.copies))
        if values:
            row.append("?" if card.value is None else str(card.value))
        if effects:
            row += ["yes" if card.cost else "-", "yes" if card.action else "-", "yes" if card.condition else "-"]
        rows.append(row)
    numeric = set(range(1 + len(attributes), len(header) - (3 if effects else 0)))
    _table(rows, numeric, rule_after_header=True)
    click.echo()
    groups = [c.by for c in (game.structure if game else ()) if 1 <= len(c.by) <= 2]
    by = max(groups, key=len, default=("type", "rarity")[: 2 if not game else 0])
    if by:
        first, second = by[0], by[1] if len(by) > 1 else None
        columns = list(game.attributes[second].values) if game and second else ([] if second else ["total"])
        totals: dict[str, dict[str, int]] = {}
        for card in cards:
            per = totals.setdefault(attribute(card, first), {})
            key = attribute(card, second) if second else "total"
            per[key] = per.get(key, 0) + card.copies
        if second:
            columns += sorted({k for per in totals.values() for k in per} - set(columns))
            columns.append("total")
            for per in totals.values():
                per["total"] = sum(per.values())
        table = [[first, *columns]]
        table += [[name, *(str(per.get(c, 0)) for c in columns)] for name, per in totals.items()]
        table.append(["total", *(str(sum(per.get(c, 0) for per in totals.values())) for c in columns)])
        _table(table, set(range(1, len(columns) + 1)))
    _exit_for(result)


def _table(rows: list[list[str]], numeric: set[int], rule_after_header: bool = False) -> None:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for index, row in enumerate(rows):
        click.echo("  ".join(
            cell.rjust(widths[i]) if i in numeric and index else cell.ljust(widths[i]) for i, cell in enumerate(row)
        ).rstrip())
        if index == 0 and rule_after_header:
            click.echo("  ".join("-" * w for w in widths))


@main.command("text")
@click.argument("deck", type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--lang", type=click.Choice(["pt-BR", "en"]), default=None,
    help="Language of the text (default: the deck's `language`, else pt-BR).",
)
@click.option("--generated", is_flag=True, help="Ignore the cards' own `text:`, show what deckdsl generates.")
def text_command(deck: str, lang: str | None, generated: bool) -> None:
    """Print the rules text of every card of DECK, generated from its effects, then its addenda.

    \b
    Examples:
      deckdsl text decks/janken-wars.deck
      deckdsl text decks/janken-wars.deck --lang en
    """
    from .text import addendum_text, card_text, language_of

    result = _load_or_exit(deck)
    language = lang or language_of(result.deck.language)
    none = "(sem efeito)" if language == "pt-BR" else "(no effect)"
    for index, card in enumerate(result.deck.cards):
        if index:
            click.echo()
        click.echo(card.name)
        lines = card_text(card, language, generated=generated).lines
        for line in lines or (none,):
            click.echo(f"  {line}")
        if card.flavor:
            click.echo(f"  “{card.flavor}”")
    if result.deck.addenda:
        click.echo()
        click.echo("Adendos às regras" if language == "pt-BR" else "Addenda to the rules")
    for addendum in result.deck.addenda:
        told = addendum_text(addendum, language)
        click.echo()
        click.echo(told.title)
        for line in told.lines:
            click.echo(f"  {line}")
    _exit_for(result)


@main.command()
@click.argument("deck", type=click.Path(exists=True, dir_okay=False))
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="The PDF to write (default: out/NAME.pdf).")
@click.option("--paper", default="a4", show_default=True, help="a4 or letter.")
@click.option("--card-size", default="poker", show_default=True, help="poker, bridge, mini, tarot or WxH in mm.")
@click.option("--bleed", default=3.0, show_default=True, help="Background beyond the cut, mm.")
@click.option("--safe", default=3.0, show_default=True, help="Margin inside the cut that text keeps off, mm.")
@click.option("--gutter", default=0.0, show_default=True, help="Space between cards, mm (2 × bleed: full bleed).")
@click.option("--flip", type=click.Choice(["long", "short"]), default="long", show_default=True,
              help="The edge your printer flips the sheet on for duplex.")
@click.option("--back-offset", default="0,0", show_default=True, metavar="X,Y",
              help="Move the backs by X,Y mm to correct a misaligned duplex printer.")
@click.option("--lang", type=click.Choice(["pt-BR", "en"]), default=None, help="Language of the rules text.")
@click.option("--timeout", default=300.0, show_default=True, help="Stop a render that takes longer, seconds.")
@click.option("--art", "art_mode", type=click.Choice(["framed", "full"]), default="framed", show_default=True,
              help="Card pictures in a frame on the face, or filling the card to the edge of its bleed.")
def render(deck, output, paper, card_size, bleed, safe, gutter, flip, back_offset, lang, timeout, art_mode) -> None:
    """Print DECK as print-and-play PDF sheets: faces, then their backs mirrored for duplex.

    \b
    Examples:
      deckdsl render decks/janken-wars.deck                 writes out/janken-wars.pdf
      deckdsl render decks/janken-wars.deck --paper letter --flip short --back-offset 0.5,-1
    """
    from .check import report
    from .printing import layout
    from .printing import render as renderer

    result = _load_or_exit(deck)
    if result.errors:
        sys.exit(EXIT_FINDINGS)
    try:
        dx, dy = (float(v) for v in back_offset.split(","))
        options = renderer.Options(
            paper=layout.paper_size(paper), card=layout.card_size(card_size), bleed=bleed, safe=safe,
            gutter=gutter, flip=flip, back_offset=(dx, dy), language=lang, timeout=timeout, art=art_mode,
        )
        layout.sheet(options.paper, options.card, bleed=bleed, gutter=gutter, flip=flip)
    except ValueError as error:
        raise click.UsageError(str(error) if "," in back_offset else f"--back-offset: use X,Y ({error})") from error
    target = Path(output) if output else Path("out") / f"{Path(deck).stem}.pdf"
    problems = renderer.render(result.deck, Path(deck), target, options, result.profile)
    for problem in problems:
        click.echo(report.full(problem, result.text) + "\n", err=True)
    if any(problem.severity.value == "error" for problem in problems):
        sys.exit(EXIT_FINDINGS)
    click.echo(f"wrote {target}")


def _rules_or_exit(result, settings: tuple[str, ...]):
    """The rules a checked deck is played with, `--set name=value` applied (a bad one is a usage error)."""
    from .games.janken import rules_for

    overrides = {}
    for item in settings:
        name, equals, value = item.partition("=")
        if not equals or not name.strip():
            raise click.UsageError(f"--set {item}: write NAME=VALUE, e.g. --set star_cost=6")
        overrides[name.strip()] = value.strip()
    try:
        return rules_for(result.deck, result.profile, overrides)
    except ValueError as error:
        raise click.UsageError(f"--set: {error}") from error


def _playable_or_exit(deck: str):
    """The deck, when it passes `check` under the configuration `check` would use (the nearest
    deckdsl.toml or [tool.deckdsl]): the engine plays any deck that passes `check`."""
    from .check import config as configuration

    try:
        config = configuration.discover(Path(deck))
    except configuration.ConfigError as error:
        raise click.UsageError(str(error)) from error
    result = _load_or_exit(deck, config)
    if result.errors:
        click.echo("the deck has errors: fix them before playing it", err=True)
        sys.exit(EXIT_FINDINGS)
    if result.profile is None or not result.profile.beats:
        click.echo("this deck's game has no rules engine yet (only Janken Wars decks can be played)", err=True)
        sys.exit(EXIT_ERROR)
    return result


def _announce_hazards(result, rules) -> list[dict]:
    """Say on stderr which ordering hazards the engine will play in its default order (their codes are
    ignored in the configuration, so `check` let the deck through); the list goes into the JSON too."""
    from .games.janken import compile_deck, unresolved_hazards

    hazards = unresolved_hazards(compile_deck(result.deck, result.profile, rules), result.profile)
    for hazard in hazards:
        first, second = hazard["cards"]
        more = f" (and {hazard['more']} other card{'s' if hazard['more'] != 1 else ''})" if hazard["more"] else ""
        click.echo(f"warning[{hazard['code']}]: no addendum orders `{first}` and `{second}`{more}: the engine "
                   f"plays them {hazard['played']} (docs/language.md, section 9)", err=True)
    return hazards


def _engine_failure(error, result) -> None:
    """Report an engine error as a diagnostic on the cards it names, and exit 1."""
    from .check import report
    from .diagnostics import Diagnostic
    from .games.janken import EngineError

    assert isinstance(error, EngineError)
    from .diagnostics import Label

    cards = [card for card in (result.deck.card(name) for name in error.cards) if card is not None]
    spans = [card.field_spans.get("condition", card.span) for card in cards]
    code = "DK401" if error.cards else "DK402"
    primary = spans[0] if spans else (result.deck.title_span or result.deck.span)
    diagnostic = Diagnostic(
        code, str(error), primary, path=result.path,
        labels=tuple(Label(span, f"`{card.name}` triggers here")
                     for card, span in zip(cards[1:], spans[1:], strict=True)),
        help=("make the trigger's steps unable to fire the same trigger again (or raise --set step_limit=N)"
              if error.cards else "use bots that choose differently, e.g. --players random,greedy"),
    )
    click.echo(report.full(diagnostic, result.text), err=True)
    sys.exit(EXIT_FINDINGS)


_SET_HELP = ("Change a rule parameter or option for this run (repeatable), e.g. star_cost=6 or chooser=owner: "
             "see docs/rules.md.")


@main.command()
@click.argument("deck", type=click.Path(exists=True, dir_okay=False))
@click.option("--games", "-n", type=click.IntRange(1, 100_000_000), default=1000, show_default=True,
              help="Games to play (per pairing with --matchups).")
@click.option("--seed", type=click.IntRange(0, 2**62), default=1, show_default=True,
              help="The run's seed: the same seed gives the same figures, whatever --jobs is.")
@click.option("--players", default="random,random", show_default=True, metavar="A,B",
              help="The two bots, first player first: STRATEGY[:EXCHANGE] (random, greedy, yomi; eager, hoard).")
@click.option("--matchups", default=None, metavar="A,B,…",
              help="Play every pair of these bots (each against itself too) and print the matrix.")
@click.option("--jobs", "-j", type=click.IntRange(1, 512), default=1, show_default=True,
              help="Processes to play on.")
@click.option("--set", "settings", multiple=True, metavar="NAME=VALUE", help=_SET_HELP)
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--report", "report_path", type=click.Path(dir_okay=False), default=None,
              help="Also write an HTML report with plots to this file.")
def simulate(deck, games, seed, players, matchups, jobs, settings, output_format, report_path) -> None:
    """Play DECK many times with bots and print its balance figures.

    \b
    Examples:
      deckdsl simulate decks/janken-wars.deck --games 10000 --jobs 2
      deckdsl simulate decks/janken-wars.deck --players greedy:hoard,greedy --set star_cost=6
      deckdsl simulate decks/janken-wars.deck --matchups random,greedy,yomi --games 500 --report out/sim.html
      deckdsl simulate decks/janken-wars.deck --format json | jq .rounds
    """
    import json

    from .games.bots import parse_player
    from .games.janken import EngineError
    from .lab import sim

    result = _playable_or_exit(deck)
    rules = _rules_or_exit(result, settings)
    hazards = _announce_hazards(result, rules)
    if matchups:
        names = [name.strip() for name in matchups.split(",") if name.strip()]
    else:
        names = [name.strip() for name in players.split(",")]
        if len(names) != 2:
            raise click.UsageError(f"--players takes two bots, A,B (got {players!r})")
    try:
        for name in names:
            parse_player(name)
    except ValueError as error:
        raise click.UsageError(str(error)) from error
    total = games * (len(names) ** 2 if matchups else 1)
    bar = None
    if total >= 2000 and sys.stderr.isatty():
        bar = click.progressbar(length=total, label="playing", file=sys.stderr)
        bar.__enter__()
    try:
        if matchups:
            figures = sim.matchups(result.deck, result.profile, rules, strategies=names, games=games, seed=seed,
                                   jobs=jobs, progress=bar.update if bar else None)
        else:
            figures = sim.simulate(result.deck, result.profile, rules, games=games, seed=seed,
                                   players=(names[0], names[1]), jobs=jobs, progress=bar.update if bar else None)
    except EngineError as error:
        _engine_failure(error, result)
        return
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
    figures["unresolved_hazards"] = hazards
    if report_path:
        from .files import write_atomic
        from .lab import simreport

        write_atomic(Path(report_path), simreport.html(figures).encode("utf-8"))
    if output_format == "json":
        click.echo(json.dumps(figures, ensure_ascii=False, indent=2))
    else:
        click.echo(sim.matchup_report(figures) if matchups else sim.text_report(figures), nl=False)
    if report_path:
        click.echo(f"wrote {report_path}", err=True)


@main.command()
@click.argument("deck", type=click.Path(exists=True, dir_okay=False))
@click.option("--bot", default="yomi", show_default=True, metavar="STRATEGY[:EXCHANGE]",
              help="Your opponent: random, greedy or yomi; exchange policy eager or hoard.")
@click.option("--seed", type=click.IntRange(0, 2**62), default=None,
              help="Shuffle and bot choices from this seed (printed at the start when not given).")
@click.option("--set", "settings", multiple=True, metavar="NAME=VALUE", help=_SET_HELP)
@click.option("--lang", type=click.Choice(["pt-BR", "en"]), default=None,
              help="Language of the screen and the card texts (default: the deck's).")
def play(deck, bot, seed, settings, lang) -> None:
    """Play DECK against a bot in the terminal.

    Every decision is asked with numbered options; `q`, Ctrl-C or the end of input leave the game.

    \b
    Examples:
      deckdsl play decks/janken-wars.deck
      deckdsl play decks/janken-wars.deck --bot greedy:hoard --seed 42
    """
    import random

    from .games.bots import make_player
    from .games.janken import EngineError, Game, compile_deck
    from .games.play import Console, Describer, Human, Narrator, Quit
    from .text import language_of

    result = _playable_or_exit(deck)
    rules = _rules_or_exit(result, settings)
    _announce_hazards(result, rules)
    try:
        make_player(bot, random.Random(0))
    except ValueError as error:
        raise click.UsageError(f"--bot: {error}") from error
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    compiled = compile_deck(result.deck, result.profile, rules)
    rng = random.Random(seed)
    game = Game(compiled, [None, None], rng)
    language = lang or language_of(result.deck.language)

    def read(question: str) -> str:
        try:
            return click.prompt(question, prompt_suffix=" > ", show_default=False, default="", err=False)
        except click.Abort as stop:
            raise EOFError() from stop

    console = Console(read=read, write=click.echo, language=language)
    describer = Describer(game, result.profile, language, human=0)
    game.players = [Human(console, describer), make_player(bot, random.Random(rng.getrandbits(64)))]
    game.listener = Narrator(game, console, describer)
    console.say(console.words["intro"].format(title=result.deck.title, bot=bot, seed=seed))
    console.say(console.words["goal"].format(stars=rules.stars_to_win, cost=rules.star_cost))
    try:
        game.play()
    except Quit:
        console.say("")
        console.say(console.words["left"])
    except EngineError as error:
        _engine_failure(error, result)


@main.command()
@click.option("--game", "game_id", required=True, metavar="GAME",
              help="The game: a shipped profile (janken-wars, embate-dos-guardioes, cooperativo, queens-vs-kings) "
              "or GAME.game in this folder or above.")
@click.option("--title", default=None, help="The deck's title (default: the game's name).")
@click.option("--output", "-o", type=click.Path(dir_okay=False), default=None,
              help="Where to write it (default: GAME.deck here).")
@click.option("--force", is_flag=True, help="Replace the file if it exists.")
def new(game_id: str, title: str | None, output: str | None, force: bool) -> None:
    """Write a new deck for a game, with one card per combination its profile asks for.

    \b
    Examples:
      deckdsl new --game janken-wars -o my-deck.deck --title "Escritório"
      deckdsl new --game queens-vs-kings
    """
    from .check import report
    from .files import write_atomic
    from .profiles import profile as profiles
    from .profiles.scaffold import scaffold

    path = profiles.find(game_id, Path.cwd())
    if path is None:
        names = profiles.available()
        from .diagnostics import did_you_mean

        raise click.UsageError(f"there is no game profile called `{game_id}` "
                               f"({did_you_mean(game_id, names) or 'the games are ' + ', '.join(names)})")
    game, problems, text = profiles.read(path)
    if game is None:
        for problem in problems:
            click.echo(report.full(problem, text) + "\n", err=True)
        sys.exit(EXIT_FINDINGS)
    target = Path(output) if output else Path(f"{game.id}.deck")
    if target.exists() and not force:
        raise click.UsageError(f"{target} exists: choose another --output, or --force to replace it")
    write_atomic(target, scaffold(game, title or game.name).encode("utf-8"))
    click.echo(f"wrote {target}: check it with `deckdsl check {target}`")


@main.command("ast")
@click.argument("deck", type=click.Path(exists=True, dir_okay=False))
@click.option(
    "--spans/--no-spans", default=True, show_default=True,
    help="Include source positions (`deckdsl schema` describes the output with them).",
)
def ast_command(deck: str, spans: bool) -> None:
    """Print the AST of DECK as JSON (schema: `deckdsl schema`; exit 1 if DECK has errors).

    \b
    Example:
      deckdsl ast decks/janken-wars.deck --no-spans | jq '.cards[].name'
    """
    import json

    result = _load_or_exit(deck)
    data = result.deck.model_dump(mode="json")
    if not spans:
        data = _without_spans(data)
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    _exit_for(result)


def _without_spans(value):
    if isinstance(value, dict):
        return {k: _without_spans(v) for k, v in value.items() if not (k.endswith("span") or k == "field_spans")}
    if isinstance(value, list):
        return [_without_spans(v) for v in value]
    return value


@main.command()
def schema() -> None:
    """Print the JSON Schema of the AST that `deckdsl ast` prints.

    \b
    Example:
      deckdsl schema > deck.schema.json
    """
    import json

    from .lang.ast import Deck

    click.echo(json.dumps(Deck.model_json_schema(mode="serialization"), ensure_ascii=False, indent=2))


@main.command()
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True)
def rules(output_format: str) -> None:
    """List every diagnostic code: code, severity, name, and what it finds.

    \b
    Examples:
      deckdsl rules
      deckdsl rules --format json | jq '.[] | select(.severity == "error") | .code'
    """
    import json

    from .check.registry import RULES, all_codes

    guideline = {rule.code.code: rule.guideline for rule in RULES}
    codes = all_codes()
    if output_format == "json":
        click.echo(json.dumps([
            {"code": c.code, "name": c.name, "severity": c.severity.value, "summary": c.summary,
             "guideline": guideline.get(c.code)} for c in codes
        ], ensure_ascii=False, indent=2))
        return
    width = max(len(c.name) for c in codes)
    for entry in codes:
        click.echo(f"{entry.code}  {entry.severity.value:<7}  {entry.name:<{width}}  {entry.summary}")


@main.command()
@click.argument("code")
def rule(code: str) -> None:
    """Print the documentation of a diagnostic code: what it finds, why, an example and what to write instead.

    \b
    Examples:
      deckdsl rule DK202
      deckdsl rule jw110
      deckdsl rule dk110
    """
    from .check import docs
    from .check.registry import RULES, all_codes

    entry = next((c for c in all_codes() if c.code == code.upper()), None)
    if entry is None:
        raise click.UsageError(f"unknown code {code}; `deckdsl rules` lists them")
    documented = next((r for r in RULES if r.code.code == entry.code), None)
    if documented is not None:
        click.echo(documented.doc)
        return
    found = docs.stage(entry.code)
    facts = f"Default severity: {entry.severity.value}" + (f" · stage: {found[0]}" if found else "")
    title, _, body = (docs.language_page(entry.code) or f"{entry.name} ({entry.code})\n").partition("\n")
    click.echo(f"{title}\n\n{facts}\nIn short: {entry.summary}.\n\n{body.strip()}".rstrip())
