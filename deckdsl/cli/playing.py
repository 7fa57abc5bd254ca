"""Playing a deck: `simulate` (bots, balance figures) and `play` (against a bot in the terminal), with
what they share: the rules with `--set`, the deck only when it passes `check`, the hazards announced,
an engine failure reported as a diagnostic."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from . import main
from .common import EXIT_ERROR, EXIT_FINDINGS, _load_or_exit, check_writable, rules_languages


def _rules_or_exit(result, settings: tuple[str, ...]):
    """The rules a checked deck is played with, `--set name=value` applied (a bad one is a usage error)."""
    from ..games.janken_wars.engine import rules_for

    try:
        return rules_for(result.deck, result.profile, _settings(settings))
    except ValueError as error:
        raise click.UsageError(f"--set: {error}") from error


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
    if result.profile is None or not (_is_janken(result.profile) or _has_engine(result.profile)):
        click.echo("this deck's game has no rules engine yet", err=True)
        sys.exit(EXIT_ERROR)
    return result


def _is_janken(profile) -> bool:
    """Janken Wars plays on its own fast engine (`deckdsl.games.janken_wars.engine`); every other game on the one
    interface (`deckdsl.games.interface`)."""
    return bool(profile.beats)


def _janken_players(names: str) -> bool:
    """Whether Janken Wars' fast engine plays these bots: unless one is a bot for any game that is not
    one of Janken Wars' own (`rollout:N`, `ismcts:N`), which play it through the one interface.  (A
    misspelt name stays with the fast engine, whose message lists both kinds.)"""
    from ..games.search import BOTS

    return not any(name.strip().partition(":")[0] in BOTS and name.strip().partition(":")[0] != "random"
                   for name in names.split(","))


def _has_engine(profile) -> bool:
    from ..games.registry import find_game

    return find_game(profile.id) is not None


def _bots_or_exit(names: list[str]) -> list[str]:
    """`names`, when each is a bot the Janken Wars engine knows (else a usage error saying why)."""
    from ..games.janken_wars.bots import parse_player

    try:
        for name in names:
            parse_player(name)
    except ValueError as error:
        raise click.UsageError(str(error)) from error
    return names


def _players_or_exit(players: str) -> tuple[str, str]:
    """The two bots of `--players A,B`, first seat first (a usage error names what is wrong)."""
    names = [name.strip() for name in players.split(",")]
    if len(names) != 2:
        raise click.UsageError(f"--players takes two bots, A,B (got {players!r})")
    first, second = _bots_or_exit(names)
    return first, second


def _emit(result: dict, output_format: str, text_report, report_path: str | None = None, report_html=None) -> None:
    """A run's result as JSON or text on stdout, and its HTML report written (atomically) when asked."""
    import json

    if report_path:
        _write_report(Path(report_path), report_html(result))
    if output_format == "json":
        click.echo(json.dumps(result, ensure_ascii=False, indent=2))
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


def _announce_hazards(result, rules) -> list[dict]:
    """Say on stderr which ordering hazards the engine will play in its default order (their codes are
    ignored in the configuration, so `check` let the deck through); the list goes into the JSON too."""
    from ..games.janken_wars.engine import compile_deck, unresolved_hazards

    hazards = unresolved_hazards(compile_deck(result.deck, result.profile, rules), result.profile)
    for hazard in hazards:
        first, second = hazard["cards"]
        more = f" (and {hazard['more']} other card{'s' if hazard['more'] != 1 else ''})" if hazard["more"] else ""
        click.echo(f"warning[{hazard['code']}]: no addendum orders `{first}` and `{second}`{more}: the engine "
                   f"plays them {hazard['played']} (docs/language.md, section 9)", err=True)
    return hazards


def _engine_failure(error, result) -> None:
    """Report an engine error as a diagnostic on the cards it names, and exit 1."""
    from ..check import report
    from ..diagnostics import Diagnostic
    from ..games.janken_wars.engine import EngineError

    assert isinstance(error, EngineError)
    from ..diagnostics import Label

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
        click.echo(f"deckdsl: cannot write {target}: {error.strerror or error}", err=True)
        sys.exit(EXIT_ERROR)


def _simulate_any(result, games, seed, players, matchups, jobs, settings, output_format, report_path) -> None:
    """`simulate` on the simulator (`deckdsl.lab.arena`), for every game."""
    import json

    from ..lab import arena

    engine = _engine_or_exit(result, settings)
    hazards = _announce_hazards(result, _rules_or_exit(result, settings)) if _is_janken(result.profile) else None
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
    bar = click.progressbar(length=total, label="playing", file=sys.stderr) if sys.stderr.isatty() else None
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
        from ..games.janken_wars.engine import EngineError

        if not isinstance(error, EngineError):
            raise
        _engine_failure(error, result)
        return
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
    if hazards is not None:
        figures["unresolved_hazards"] = hazards
    if report_path:
        from ..lab import arenareport

        _write_report(Path(report_path), arenareport.html(figures))
    if output_format == "json":
        click.echo(json.dumps(figures, ensure_ascii=False, indent=2))
    else:
        own = engine.text_report(figures)
        click.echo(own if own is not None else arena.matchup_report(figures) if matchups else
                   arena.text_report(figures), nl=False)
    if report_path:
        click.echo(f"wrote {report_path}", err=True)


@main.command()
@click.argument("deck", type=click.Path(exists=True, dir_okay=False))
@click.option("--bot", default=None, metavar="BOT",
              help="Your opponent: random, rollout:N or ismcts:N for any game (default ismcts:200); on Janken "
              "Wars also greedy or yomi, with an exchange policy eager or hoard (default yomi).")
@click.option("--seat", type=click.IntRange(1, 16), default=1, show_default=True,
              help="Your seat (games other than Janken Wars).")
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

    from ..games.janken_wars.bots import make_player
    from ..games.janken_wars.engine import EngineError
    from ..games.janken_wars.screen import Console, Describer, Human, Narrator, Quit
    from ..games.search import make_bot, parse_bot
    from ..text import language_of

    result = _playable_or_exit(deck)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    if not _is_janken(result.profile):
        _play_any(result, bot or "ismcts:200", seat, seed, settings)
        return
    bot = bot or "yomi"
    rules = _rules_or_exit(result, settings)
    _announce_hazards(result, rules)
    engine = _engine_or_exit(result, settings)
    native = _janken_players(bot)
    try:
        if native:
            make_player(bot, random.Random(0))
        else:
            parse_bot(bot, engine.bots)
    except ValueError as error:
        raise click.UsageError(f"--bot: {error}") from error
    rng = random.Random(seed)
    state = engine.seat(rng, [None, None])
    opponent_rng = random.Random(rng.getrandbits(64))
    opponent = None if native else make_bot(bot, opponent_rng, engine.bots)
    language = lang or language_of(result.deck.language)


    console = Console(read=_read, write=click.echo, language=language)
    describer = Describer(state.game, result.profile, language, human=0)
    state.natives[:] = [Human(console, describer), make_player(bot, opponent_rng) if native else None]
    state.listener = Narrator(state.game, console, describer)
    console.say(console.words["intro"].format(title=result.deck.title, bot=bot, seed=seed))
    console.say(console.words["goal"].format(stars=rules.stars_to_win, cost=rules.star_cost))
    try:
        state.begin()
        while not state.is_terminal():
            state.apply(opponent.act(state))
    except Quit:
        console.say("")
        console.say(console.words["left"])
    except EngineError as error:
        _engine_failure(error, result)


def _read(question: str) -> str:
    """A typed answer; the end of input, Ctrl-C or a closed stdin (`<&-`: `input()` then raises
    RuntimeError, "lost sys.stdin") all mean the person left."""
    try:
        return click.prompt(question, prompt_suffix=" > ", show_default=False, default="", err=False)
    except (click.Abort, RuntimeError) as stop:
        raise EOFError() from stop


def _play_any(result, bot: str, seat: int, seed: int, settings) -> None:
    """`play` for a game on the one interface (`deckdsl.games.table`)."""
    from ..games import table
    from ..games.search import parse_bot

    engine = _engine_or_exit(result, settings)
    try:
        parse_bot(bot, engine.bots)
    except ValueError as error:
        raise click.UsageError(f"--bot: {error}") from error
    if seat > engine.seats:
        raise click.UsageError(f"--seat: {engine.name} has {engine.seats} seats")


    click.echo(table.words_for(result.deck.language)["intro"].format(
        title=result.deck.title, game=engine.name, seat=seat, bot=bot, seed=seed))
    table.play(engine, seat - 1, bot, seed, _read, click.echo, result.deck.language)
