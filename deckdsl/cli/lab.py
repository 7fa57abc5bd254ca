"""The balance lab's commands: `compare` (a deck and its variants from the same seeds) and `sweep` (a deck
over a grid of rule parameters and card values); `simulate` and `play` are in `playing`."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from . import main
from .common import EXIT_ERROR, EXIT_FINDINGS, check_writable
from .playing import _SET_HELP, _emit, _is_janken, _playable_or_exit, _players_or_exit, _rules_or_exit, _settings

_PLAYERS = click.option(
    "--players", default="random,random", show_default=True, metavar="A,B",
    help="The two bots, first seat first: STRATEGY[:EXCHANGE] (random, greedy, yomi; eager, hoard).")


@main.command()
@click.argument("decks", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--games", "-n", type=click.IntRange(1, 100_000_000), default=2000, show_default=True,
              help="Games to play with each deck.")
@click.option("--seed", type=click.IntRange(0, 2**62), default=1, show_default=True,
              help="The seed every deck is played with (common random numbers).")
@_PLAYERS
@click.option("--jobs", "-j", type=click.IntRange(1, 512), default=1, show_default=True,
              help="Processes to play on (the figures do not depend on it).")
@click.option("--set", "settings", multiple=True, metavar="NAME=VALUE", help=_SET_HELP + "  Applies to every deck.")
@click.option("--fail-if", "fail_if", multiple=True, metavar="CONDITION",
              help='Exit 1 when a variant meets it, e.g. "first_player_win_rate > 0.55" (repeatable; '
              "figures: first_player_win_rate, draw_rate, deck_exhausted_rate, rounds_mean, exchanges_per_game, "
              "stars_per_exchange).")
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--report", "report_path", type=click.Path(dir_okay=False), default=None,
              help="Also write an HTML report with the plots to this file.")
def compare(decks, games, seed, players, jobs, settings, fail_if, output_format, report_path) -> None:
    """Play BASE and each VARIANT with the same seeds and compare every figure (DECKS: BASE VARIANT…).

    Each difference comes with its 95% interval; `*` marks one whose interval excludes 0.  Exit 1 when a
    variant meets a --fail-if condition (docs/simulate.md, "Comparing decks").

    \b
    Examples:
      deckdsl compare decks/janken-wars.deck decks/examples/stars-6.deck --games 5000
      deckdsl compare base.deck variant.deck --fail-if "first_player_win_rate > 0.55" --report out/compare.html
    """

    from ..games.janken import EngineError
    from ..lab import compare as comparing

    if len(decks) < 2:
        raise click.UsageError("compare takes a base deck and at least one variant: BASE VARIANT…")
    try:
        conditions = tuple(comparing.condition(text) for text in fail_if)
    except ValueError as error:
        raise click.UsageError(f"--fail-if: {error}") from error
    bots = _players_or_exit(players)
    if report_path:
        check_writable(Path(report_path), "--report")
    entries = []
    for path in decks:
        result = _playable_or_exit(path)
        if not _is_janken(result.profile):
            raise click.UsageError(f"{path}: compare plays Janken Wars decks (for other games: simulate)")
        entries.append((path, result.deck, result.profile, _rules_or_exit(result, settings)))
    try:
        compared = comparing.run(entries, games=games, seed=seed, players=bots, jobs=jobs,
                                 conditions=conditions)
    except EngineError as error:
        click.echo(f"deckdsl compare: the engine stopped: {error}", err=True)
        sys.exit(EXIT_FINDINGS)
    from ..lab import comparereport

    _emit(compared, output_format, comparing.text_report, report_path, comparereport.html)
    if report_path:
        click.echo(f"wrote {report_path}", err=True)
    sys.exit(EXIT_FINDINGS if compared["failed"] else 0)


@main.command()
@click.argument("deck", type=click.Path(exists=True, dir_okay=False))
@click.option("--set", "axes_set", multiple=True, metavar="NAME=A..B",
              help="A rule parameter or option to sweep: NAME=A..B or NAME=a,b,c (repeatable).")
@click.option("--vary", "axes_vary", multiple=True, metavar="CARD.value=A..B",
              help='A card\'s value or copies to sweep: "CARD.value=A..B" or "CARD.copies=A..B" (repeatable).')
@click.option("--hold", "fixed", multiple=True, metavar="NAME=VALUE", help=_SET_HELP + "  Holds for every point.")
@click.option("--games", "-n", type=click.IntRange(1, 100_000_000), default=1000, show_default=True,
              help="Games per point.")
@click.option("--seed", type=click.IntRange(0, 2**62), default=1, show_default=True,
              help="The seed every point is played with (common random numbers).")
@_PLAYERS
@click.option("--sample", type=click.IntRange(1, 10_000), default=None, metavar="N",
              help="Play N points of the grid drawn at random with --seed, instead of all of it.")
@click.option("--jobs", "-j", type=click.IntRange(1, 512), default=1, show_default=True,
              help="Processes to play on with --backend local (the results do not depend on it).")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
              help="Where the points are played: processes here, or tasks on a Ray cluster (deckdsl[ray]).")
@click.option("--address", default=None, metavar="ADDRESS",
              help="With --backend ray: the cluster's address (e.g. ray://head:10001, or auto); default: a Ray "
              "instance on this machine, started when none runs.")
@click.option("--results", "results_path", type=click.Path(dir_okay=False), default=None,
              help="The JSON-lines file results are stored in as they arrive; a run of the same sweep resumes "
              "from it (default: out/DECK.sweep.jsonl).")
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--report", "report_path", type=click.Path(dir_okay=False), default=None,
              help="Also write an HTML report with the table and heat maps to this file.")
def sweep(deck, axes_set, axes_vary, fixed, games, seed, players, sample, jobs, backend, address, results_path,
          output_format, report_path) -> None:
    """Play DECK over a grid of rule parameters and card values and tabulate each point's figures.

    Every point is played from the same seeds (common random numbers); results are stored as they
    arrive, and the same command run again resumes where an interrupted one stopped (docs/simulate.md,
    "Sweeping").

    \b
    Examples:
      deckdsl sweep decks/janken-wars.deck --set star_cost=5..10 --set table_size=4..6 --games 500 -j 2
      deckdsl sweep decks/janken-wars.deck --vary "Origami Sublime.value=3..5" --report out/sweep.html
    """

    from ..games.janken import EngineError, rules_for
    from ..lab import sweep as sweeping

    if not axes_set and not axes_vary:
        raise click.UsageError("name what to sweep: --set NAME=A..B or --vary \"CARD.value=A..B\"")
    if address and backend != "ray":
        raise click.UsageError("--address is the Ray cluster's: give it with --backend ray")
    try:
        axes = [*(sweeping.rule_axis(text) for text in axes_set), *(sweeping.card_axis(text) for text in axes_vary)]
    except ValueError as error:
        raise click.UsageError(str(error)) from error
    bots = _players_or_exit(players)
    result = _playable_or_exit(deck)
    if not _is_janken(result.profile):
        raise click.UsageError(f"{deck}: sweep plays Janken Wars decks (for other games: simulate)")
    base = _settings(fixed)
    try:
        sweeping.check_axes(result.deck, axes)
        grid = sweeping.points(axes, sample, seed)
        for point in dict.fromkeys([grid[0], grid[-1]]):  # every value of a rule axis is read by the rules
            variant, settings = sweeping.variant(result.deck, axes, point)
            rules_for(variant, result.profile, {**base, **settings})
        for axis in axes:
            if axis.card is None:
                for value in axis.values:
                    rules_for(result.deck, result.profile, {**base, axis.field: str(value)})
    except ValueError as error:
        raise click.UsageError(str(error)) from error
    _rules_or_exit(result, fixed)
    target = Path(results_path) if results_path else Path("out") / f"{Path(deck).stem}.sweep.jsonl"
    check_writable(target, "--results")
    if report_path:
        check_writable(Path(report_path), "--report")
    described = sweeping.description(deck, axes, games=games, seed=seed, players=bots, settings=base)
    try:
        done = sweeping.read_results(target, described)
        todo = [point for point in grid if point not in done]
        results = sweeping.ResultsFile(target, described, fresh=not target.exists())
    except sweeping.ResultsError as error:
        click.echo(f"deckdsl sweep: {error}", err=True)
        sys.exit(EXIT_ERROR)
    if done:
        click.echo(f"resuming {target}: {len(grid) - len(todo)} of {len(grid)} points already played", err=True)

    def played(points):
        common = {"deck": result.deck, "profile": result.profile, "axes": axes, "base": base, "games": games,
                  "seed": seed, "players": bots}
        if backend == "ray":
            return sweeping.play_on_ray(points, address=address, **common)
        return sweeping.play(points, jobs=jobs, **common)

    bar = None
    if len(todo) > 1 and sys.stderr.isatty():
        bar = click.progressbar(length=len(todo), label="sweeping", file=sys.stderr)
        bar.__enter__()
    try:
        done.update(sweeping.run(todo, results, played, bar.update if bar else None))
    except EngineError as error:
        click.echo(f"deckdsl sweep: the engine stopped: {error}", err=True)
        sys.exit(EXIT_FINDINGS)
    except sweeping.ResultsError as error:
        click.echo(f"deckdsl sweep: {error}", err=True)
        sys.exit(EXIT_ERROR)
    finally:
        results.close()
        if bar is not None:
            bar.__exit__(None, None, None)
    swept = sweeping.result(described, axes, grid, done)
    from ..lab import sweepreport

    _emit(swept, output_format, sweeping.text_report, report_path, sweepreport.html)
    click.echo(f"results in {target}" + (f", report in {report_path}" if report_path else ""), err=True)
