"""Playing a deck: `simulate` (bots, balance figures) and `play` (against a bot in the terminal), with
what they share: the rules with `--set`, the deck only when it passes `check`, the hazards announced,
an engine failure reported as a diagnostic."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from . import main
from ..escapes import json_text, visible
from ..said import said
from .common import (EXIT_ERROR, EXIT_FINDINGS, _load_or_exit, check_writable, progress_bar, progress_label,
                     rules_languages)


def _playable_or_exit(deck: str):
    """The deck, when it passes `check` under the configuration `check` would use (the nearest
    deckdsl.toml or [tool.deckdsl]): the engine plays any deck that passes `check`."""
    from ..check import config as configuration

    try:
        config = configuration.discover(Path(deck))
    except configuration.ConfigError as error:
        raise click.UsageError(str(error)) from error
    result = _load_or_exit(deck, config)
    if result.errors:
        click.echo("the deck has errors: fix them before playing it", err=True)
        sys.exit(EXIT_FINDINGS)
    if result.profile is None or not _has_engine(result.profile):
        click.echo("this deck's game has no rules engine yet", err=True)
        sys.exit(EXIT_ERROR)
    return result


def _has_engine(profile) -> bool:
    from ..games.registry import find_game

    return find_game(profile.id) is not None


def _emit(result: dict, output_format: str, text_report, report_path: str | None = None, report_html=None) -> None:
    """A run's result as JSON or text on stdout, and its HTML report written (atomically) when asked."""
    if report_path:
        _write_report(Path(report_path), report_html(result))
    if output_format == "json":
        click.echo(json_text(result, indent=2))
    else:
        click.echo(text_report(result), nl=False)


def _settings(settings: tuple[str, ...]) -> dict[str, str]:
    overrides = {}
    for item in settings:
        name, equals, value = item.partition("=")
        if not equals or not name.strip():
            raise click.UsageError(f"--set {item}: write NAME=VALUE, e.g. --set star_cost=6")
        overrides[name.strip()] = value.strip()
    return overrides


def _engine_or_exit(result, settings: tuple[str, ...]):
    from ..games.interface import engine_for

    try:
        return engine_for(result.deck, result.profile, _settings(settings))
    except ValueError as error:
        raise click.UsageError(f"--set: {error}") from error


def _announce_hazards(engine) -> list[dict]:
    """Say on stderr what the engine will play in an order no addendum gave (`Engine.warnings`: their codes
    are ignored in the configuration, so `check` let the deck through); the list goes into the JSON too."""
    hazards = engine.warnings()
    for hazard in hazards:
        first, second = hazard["cards"]
        more = f" (and {hazard['more']} other card{'s' if hazard['more'] != 1 else ''})" if hazard["more"] else ""
        click.echo(visible(f"warning[{hazard['code']}]: no addendum orders `{first}` and `{second}`{more}: the engine "
                           f"plays them {hazard['played']} (docs/language.md, section 9)"), err=True)
    return hazards


def _engine_failure(error, result) -> None:
    """Report an engine error as a diagnostic on the cards it names, and exit 1."""
    from ..check import report
    from ..diagnostics import Diagnostic
    from ..games.interface import EngineError

    assert isinstance(error, EngineError)
    from ..diagnostics import Label

    cards = [card for card in (result.deck.card(name) for name in error.cards) if card is not None]
    spans = [card.field_spans.get("condition", card.span) for card in cards]
    code = "DK401" if error.cards else "DK402"
    primary = spans[0] if spans else (result.deck.title_span or result.deck.span)
    diagnostic = Diagnostic(
        code, error.args[0] if error.args else str(error), primary, path=result.path,
        labels=tuple(Label(span, said("check-triggers-here", "`{card}` triggers here", card=card.name))
                     for card, span in zip(cards[1:], spans[1:], strict=True)),
        help=(said("check-loop-help", "make the trigger's steps unable to fire the same trigger again (or raise --set "
                   "step_limit=N)") if error.cards else
              said("check-tie-help", "use bots that choose differently, e.g. --players random,greedy")),
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
@click.option("--players", default=None, metavar="A,B",
              help="The bots, first seat first.  Janken Wars: two of STRATEGY[:EXCHANGE] (random, greedy, yomi; "
              "eager, hoard; default random,random).  Other games: one per seat, or one for all, of random, "
              "rollout:N, ismcts:N (default random).")
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
    result = _playable_or_exit(deck)
    if matchups is not None and not [name for name in matchups.split(",") if name.strip()]:
        raise click.UsageError("--matchups: name at least one bot, e.g. --matchups random,greedy")
    if report_path:
        check_writable(Path(report_path), "--report")
    _simulate_any(result, games, seed, players or "random", matchups, jobs, settings, output_format, report_path)


def _write_report(target: Path, html: str) -> None:
    """The report, written atomically (a failed write leaves the old report as it was): exit 2 on failure."""
    from ..files import write_atomic

    try:
        write_atomic(target, html.encode("utf-8"))
    except OSError as error:
        click.echo(f"deckdsl: cannot write {visible(str(target))}: {error.strerror or error}", err=True)
        sys.exit(EXIT_ERROR)


def _simulate_any(result, games, seed, players, matchups, jobs, settings, output_format, report_path) -> None:
    """`simulate` on the simulator (`deckdsl.lab.arena`), for every game."""
    from ..lab import arena

    engine = _engine_or_exit(result, settings)
    hazards = _announce_hazards(engine)
    try:
        if matchups:
            if engine.cooperative or engine.seats != 2:
                raise ValueError("it pits two bots against each other, so it is for two-player games")
            names = [name.strip() for name in matchups.split(",") if name.strip()]
            for name in names:
                arena.seat_players(name, engine.seats, engine.bots)
        else:
            names = arena.seat_players(players, engine.seats, engine.bots)
    except ValueError as error:
        raise click.UsageError(f"{'--matchups' if matchups else '--players'}: {error}") from error
    total = games * (len(names) ** 2 if matchups else 1)
    label = progress_label(said("progress-playing", "playing"), result.path)
    bar = progress_bar(total, label)
    if bar is not None:
        bar.__enter__()
    try:
        if matchups:
            figures = arena.matchups(result.deck, result.profile, _settings(settings), strategies=names, games=games,
                                     seed=seed, jobs=jobs, progress=bar.update if bar else None)
        else:
            figures = arena.simulate(result.deck, result.profile, _settings(settings), games=games, seed=seed,
                                     players=names, jobs=jobs, progress=bar.update if bar else None)
    except Exception as error:
        from ..games.interface import EngineError

        if not isinstance(error, EngineError):
            raise
        _engine_failure(error, result)
        return
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
    figures["unresolved_hazards"] = hazards
    if report_path:
        from ..lab import report

        _write_report(Path(report_path), report.html(figures, engine))
    if output_format == "json":
        click.echo(json_text(figures, indent=2))
    else:
        own = engine.text_report(figures)
        click.echo(own if own is not None else arena.matchup_report(figures) if matchups else
                   arena.text_report(figures), nl=False)
    if report_path:
        click.echo(f"wrote {visible(report_path)}", err=True)


@main.command()
@click.argument("deck", type=click.Path(exists=True, dir_okay=False))
@click.option("--bot", default=None, metavar="BOT",
              help="Your opponent: random, rollout:N or ismcts:N for any game (default ismcts:200); on Janken "
              "Wars also greedy or yomi, with an exchange policy eager or hoard (default yomi).")
@click.option("--seat", type=click.IntRange(1, 16), default=1, show_default=True,
              help="Your seat.")
@click.option("--seed", type=click.IntRange(0, 2**62), default=None,
              help="Shuffle and bot choices from this seed (printed at the start when not given).")
@click.option("--set", "settings", multiple=True, metavar="NAME=VALUE", help=_SET_HELP)
@click.option("--lang", type=rules_languages(), default=None,
              help="Language of the screen and the card texts (default: the deck's).")
def play(deck, bot, seat, seed, settings, lang) -> None:
    """Play DECK against a bot in the terminal.

    Every decision is asked with numbered options; `q`, Ctrl-C or the end of input leave the game.

    \b
    Examples:
      deckdsl play decks/janken-wars.deck
      deckdsl play decks/janken-wars.deck --bot greedy:hoard --seed 42
    """
    import random

    from ..games import table
    from ..games.interface import EngineError
    from ..games.search import parse_bot
    from ..text import language_of

    result = _playable_or_exit(deck)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    engine = _engine_or_exit(result, settings)
    bot = bot or engine.default_bot
    try:
        parse_bot(bot, engine.bots)
    except ValueError as error:
        raise click.UsageError(f"--bot: {error}") from error
    if seat > engine.seats:
        raise click.UsageError(f"--seat: {engine.name} has {engine.seats} seats")
    _announce_hazards(engine)
    try:
        table.play(engine, seat - 1, bot, seed, _read, click.echo, lang or language_of(result.deck.language),
                   title=result.deck.title)
    except EngineError as error:
        _engine_failure(error, result)


def _read(question: str) -> str:
    """A typed answer; the end of input, Ctrl-C or a closed stdin (`<&-`: `input()` then raises
    RuntimeError, "lost sys.stdin") all mean the person left."""
    try:
        return click.prompt(question, prompt_suffix=" > ", show_default=False, default="", err=False)
    except (click.Abort, RuntimeError) as stop:
        raise EOFError() from stop
