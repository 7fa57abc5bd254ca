"""The balance lab's commands: `compare` (a deck and its variants from the same seeds), `sweep` (a deck
over a grid of rule parameters and card values) and `tune` (a search for the variant that meets balance
targets, on the sweep's machinery); `simulate` and `play` are in `playing`."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import click

from ..escapes import visible
from ..said import said
from . import main
from .common import EXIT_ERROR, EXIT_FINDINGS, check_writable, progress_bar, progress_label
from .playing import _SET_HELP, _emit, _engine_or_exit, _playable_or_exit, _settings

_PLAYERS = click.option(
    "--players", default="random", show_default=True, metavar="A,B,…",
    help="The bots, first seat first, or one for every seat: random, rollout:N, ismcts:N for any game; on "
    "Janken Wars also greedy, yomi, with an exchange policy (greedy:hoard).")


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

    from ..games.interface import EngineError
    from ..lab import compare as comparing

    if len(decks) < 2:
        raise click.UsageError("compare takes a base deck and at least one variant: BASE VARIANT…")
    try:
        conditions = tuple(comparing.condition(text) for text in fail_if)
    except ValueError as error:
        raise click.UsageError(f"--fail-if: {error}") from error
    if report_path:
        check_writable(Path(report_path), "--report")
    entries = []
    for path in decks:
        result = _playable_or_exit(path)
        if entries and result.profile.id != entries[0][2].id:
            raise click.UsageError(f"{path}: a variant of a {entries[0][2].name} deck is a {entries[0][2].name} deck, "
                                   f"not {result.profile.name}")
        engine = _engine_or_exit(result, settings)
        entries.append((path, result.deck, result.profile, _settings(settings)))
    bots = _seats_or_exit(players, engine)
    try:
        compared = comparing.run(entries, games=games, seed=seed, players=bots, jobs=jobs,
                                 conditions=conditions)
    except EngineError as error:
        click.echo(f"deckdsl compare: the engine stopped: {visible(str(error))}", err=True)
        sys.exit(EXIT_FINDINGS)
    except ValueError as error:  # a --fail-if on a figure this game's runs do not have
        raise click.UsageError(f"--fail-if: {error}") from error
    from ..lab import comparereport

    _emit(compared, output_format, comparing.text_report, report_path, comparereport.html)
    if report_path:
        click.echo(f"wrote {visible(report_path)}", err=True)
    sys.exit(EXIT_FINDINGS if compared["failed"] else 0)


def _grid_options(results_default: str):
    """The options `sweep` and `tune` share: the axes, the games, the bots and where points are played."""
    options = [
        click.option("--set", "axes_set", multiple=True, metavar="NAME=A..B",
                     help="A rule parameter or option to sweep: NAME=A..B or NAME=a,b,c (repeatable)."),
        click.option("--vary", "axes_vary", multiple=True, metavar="CARD.value=A..B",
                     help='A card\'s number to sweep: "CARD.value=A..B", "CARD.copies=A..B", or the Nth number '
                     'written in its effect, "CARD.action#N=A..B" / "CARD.condition#N=A..B", or a number of its '
                     'profile, "CARD.rank=A..B" (repeatable).'),
        click.option("--hold", "fixed", multiple=True, metavar="NAME=VALUE",
                     help=_SET_HELP + "  Holds for every point."),
        click.option("--seed", type=click.IntRange(0, 2**62), default=1, show_default=True,
                     help="The seed every point is played with (common random numbers)."),
        _PLAYERS,
        click.option("--sample", type=click.IntRange(1, 10_000), default=None, metavar="N",
                     help="Play N points of the grid drawn at random with --seed, instead of all of it."),
        click.option("--jobs", "-j", type=click.IntRange(1, 512), default=1, show_default=True,
                     help="Processes to play on with --backend local (the results do not depend on it)."),
        click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
                     help="Where the points are played: processes here, or tasks on a Ray cluster (deckdsl[ray])."),
        click.option("--address", default=None, metavar="ADDRESS",
                     help="With --backend ray: the cluster's address: auto, HOST:PORT (its GCS) or ray://HOST:PORT "
                     "(needs ray[client]); default: a private Ray started on this machine, on 127.0.0.1 only."),
        click.option("--results", "results_path", type=click.Path(dir_okay=False), default=None,
                     help="The JSON-lines file results are stored in as they arrive; a run of the same command "
                     f"resumes from it (default: {results_default})."),
        click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text",
                     show_default=True),
    ]

    def decorate(command):
        for option in reversed(options):
            command = option(command)
        return command

    return decorate


def _seats_or_exit(players: str, engine) -> tuple[str, ...]:
    """The bots of `--players`, one per seat of `engine`'s game (a usage error says what is wrong)."""
    from ..lab.arena import seat_players

    try:
        return seat_players(players, engine.seats, engine.bots)
    except ValueError as error:
        raise click.UsageError(f"--players: {error}") from error


@dataclass
class _Grid:
    """What `sweep` and `tune` play: the checked deck, its axes and grid, the held settings, the bots."""

    deck_path: str
    result: object
    axes: list
    grid: list[tuple]
    base: dict[str, str]
    bots: tuple[str, str]
    backend: str
    address: str | None
    jobs: int


def _grid_or_exit(deck, axes_set, axes_vary, fixed, seed, players, sample, jobs, backend, address, command) -> _Grid:
    """The axes and grid of `sweep`/`tune`, every value checked before anything is played (a usage error
    otherwise)."""
    from ..games.interface import engine_for, parameters
    from ..lab import sweep as sweeping

    if not axes_set and not axes_vary:
        raise click.UsageError("name what to vary: --set NAME=A..B or --vary \"CARD.value=A..B\"")
    if address is not None and backend != "ray":
        raise click.UsageError("--address is the Ray cluster's: give it with --backend ray")
    if backend == "ray":
        from ..lab.cluster import check_address

        try:
            check_address(address)
        except ValueError as error:
            raise click.UsageError(str(error)) from error
    try:
        axes = [*(sweeping.rule_axis(text) for text in axes_set), *(sweeping.card_axis(text) for text in axes_vary)]
    except ValueError as error:
        raise click.UsageError(str(error)) from error
    result = _playable_or_exit(deck)
    bots = _seats_or_exit(players, _engine_or_exit(result, fixed))
    base = _settings(fixed)
    try:
        sweeping.check_axes(result.deck, axes, result.text)
        grid = sweeping.points(axes, sample, seed)
        for point in dict.fromkeys([grid[0], grid[-1]]):  # every value of a rule axis is read by the rules
            variant, settings = sweeping.variant(result.deck, axes, point, result.text, Path(deck).parent)
            engine_for(variant, result.profile, {**base, **settings})  # the game plays the variant
        for axis in axes:
            if axis.card is None:
                for value in axis.values:
                    parameters(result.deck, result.profile, {**base, axis.field: str(value)})
    except ValueError as error:
        raise click.UsageError(str(error)) from error
    return _Grid(deck, result, axes, grid, base, bots, backend, address, jobs)


def _targets_or_exit(wanted, grid: _Grid, seed: int) -> None:
    """A usage error, before anything is screened, for a target on a figure this game's runs do not have."""
    from ..lab.arena import simulate
    from ..lab.sweep import summary

    has = summary(simulate(grid.result.deck, grid.result.profile, grid.base, games=1, seed=seed, players=grid.bots))
    for target in wanted:
        if target.metric not in has:
            raise click.UsageError(f"--target {target.text}: {grid.result.profile.name} has no figure "
                                   f"`{target.metric}`; its figures are {', '.join(has)}")


def _default_results(grid: _Grid, games: int, seed: int, kind: str) -> Path:
    from ..lab.results import default_path, description

    return default_path(description(grid.deck_path, grid.axes, games=games, seed=seed, players=grid.bots,
                                    settings=grid.base), kind)


def _play_grid(grid: _Grid, points: list[tuple], *, games: int, seed: int, target: Path, command: str,
               label: str) -> tuple[dict, dict[tuple, dict]]:
    """Play `points` (those `target` does not hold yet), storing each in `target` as it ends: the run's
    description and every point's figures."""
    from ..games.interface import EngineError
    from ..lab import sweep as sweeping
    from ..lab.cluster import BackendError, play_on_ray
    from ..lab.results import ResultsError, ResultsFile, description, read_results

    described = description(grid.deck_path, grid.axes, games=games, seed=seed, players=grid.bots,
                            settings=grid.base)
    try:
        stored = read_results(target, described)
        if stored.dropped:
            click.echo(f"deckdsl {command}: warning: {visible(stored.warning(target))}", err=True)
        results = ResultsFile(target, described, stored)
    except ResultsError as error:
        click.echo(f"deckdsl {command}: {visible(str(error))}", err=True)
        sys.exit(EXIT_ERROR)
    done = stored.done
    todo = [point for point in points if point not in done]
    if len(todo) < len(points):
        click.echo(f"resuming {visible(str(target))}: {len(points) - len(todo)} of {len(points)} points already played",
                   err=True)

    def played(chosen):
        common = {"deck": grid.result.deck, "profile": grid.result.profile, "axes": grid.axes, "base": grid.base,
                  "games": games, "seed": seed, "players": grid.bots, "text": grid.result.text,
                  "near": Path(grid.deck_path).parent}
        if grid.backend == "ray":
            return play_on_ray(chosen, address=grid.address, **common)
        return sweeping.play(chosen, jobs=grid.jobs, **common)

    bar = progress_bar(len(todo), progress_label(label, grid.deck_path)) if len(todo) > 1 else None
    if bar is not None:
        bar.__enter__()
    try:
        done.update(sweeping.run(todo, results.add, played, bar.update if bar else None))
    except EngineError as error:
        click.echo(f"deckdsl {command}: the engine stopped: {visible(str(error))}", err=True)
        sys.exit(EXIT_FINDINGS)
    except (ResultsError, BackendError) as error:
        click.echo(f"deckdsl {command}: {visible(str(error))}", err=True)
        sys.exit(EXIT_ERROR)
    finally:
        results.close()
        if bar is not None:
            bar.__exit__(None, None, None)
    return described, {point: done[point] for point in points}


@main.command()
@click.argument("deck", type=click.Path(exists=True, dir_okay=False))
@_grid_options("out/DECK.AXES.DIGEST.sweep.jsonl: one file per study")
@click.option("--games", "-n", type=click.IntRange(1, 100_000_000), default=1000, show_default=True,
              help="Games per point.")
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
      deckdsl sweep decks/examples/old-rolo-compressor.deck --vary "Rolo Compressor.condition#1=0..3"
    """
    from ..lab import sweep as sweeping

    grid = _grid_or_exit(deck, axes_set, axes_vary, fixed, seed, players, sample, jobs, backend, address, "sweep")
    target = Path(results_path) if results_path else _default_results(grid, games, seed, "sweep")
    check_writable(target, "--results")
    if report_path:
        check_writable(Path(report_path), "--report")
    described, found = _play_grid(grid, grid.grid, games=games, seed=seed, target=target, command="sweep",
                                  label=said("progress-sweeping", "sweeping"))
    swept = sweeping.result(described, grid.axes, grid.grid, found)
    from ..lab import sweepreport

    _emit(swept, output_format, sweeping.text_report, report_path, sweepreport.html)
    click.echo(visible(f"results in {target}" + (f", report in {report_path}" if report_path else "")), err=True)


@main.command()
@click.argument("deck", type=click.Path(exists=True, dir_okay=False))
@click.option("--target", "targets", multiple=True, required=True, metavar="FIGURE=LOW..HIGH",
              help='A balance target (repeatable): "FIGURE=LOW..HIGH", "FIGURE<=HIGH" or "FIGURE>=LOW"; figures: '
              "first_player_win_rate, draw_rate, deck_exhausted_rate, rounds_mean, exchanges_per_game, "
              "card_taker_win_rate_max (rates as 0.48 or 48%).")
@_grid_options("out/DECK.AXES.DIGEST.tune.jsonl: one file per study, and .confirm.jsonl")
@click.option("--games", "-n", type=click.IntRange(1, 100_000_000), default=500, show_default=True,
              help="Games per point in the screen.")
@click.option("--confirm-games", type=click.IntRange(1, 100_000_000), default=None,
              help="Games per candidate when the best are played again from other seeds (default: 4 × --games).")
@click.option("--top", type=click.IntRange(1, 100), default=5, show_default=True,
              help="How many of the screen's best points are confirmed.")
@click.option("--output", "-o", "output", type=click.Path(dir_okay=False), default=None,
              help="Where the chosen variant is written (default: DECK.tuned.deck beside DECK).")
def tune(deck, targets, axes_set, axes_vary, fixed, games, seed, players, sample, jobs, backend, address,
         results_path, output_format, confirm_games, top, output) -> None:
    """Search rule parameters, card values and effects' numbers for the variant of DECK that meets the
    balance targets, and write it as a deck file.

    The grid is screened, the best points are played again from other seeds, and the best of those
    that meets every target is written — the deck's own text with only those numbers changed — and
    checked.  Exit 0 when a variant was written, 1 when none met the targets (docs/simulate.md, "Tuning").

    \b
    Examples:
      deckdsl tune decks/examples/old-rolo-compressor.deck --players greedy:hoard,greedy:eager \\
        --target "first_player_win_rate=0.45..0.52" --target "deck_exhausted_rate<=0.15" \\
        --set star_supply=3..5 --set star_cost=6..9 --vary "Rolo Compressor.condition#1=0..2" -j 2
    """
    from ..lab import tune as tuning

    try:
        wanted = [tuning.target(text) for text in targets]
    except ValueError as error:
        raise click.UsageError(str(error)) from error
    grid = _grid_or_exit(deck, axes_set, axes_vary, fixed, seed, players, sample, jobs, backend, address, "tune")
    _targets_or_exit(wanted, grid, seed)
    screen_path = Path(results_path) if results_path else _default_results(grid, games, seed, "tune")
    confirm_path = screen_path.with_name(screen_path.name.removesuffix(".jsonl") + ".confirm.jsonl")
    written = Path(output) if output else Path(deck).with_name(f"{Path(deck).stem}.tuned.deck")
    for path, option in ((screen_path, "--results"), (confirm_path, "--results"), (written, "--output")):
        check_writable(path, option)
    if written.resolve() == Path(deck).resolve():
        raise click.UsageError("--output: the tuned deck would replace DECK itself; give another file")
    confirm_games = confirm_games or min(4 * games, 100_000_000)
    confirm_seed = seed + 1

    _, screened = _play_grid(grid, grid.grid, games=games, seed=seed, target=screen_path, command="tune",
                             label=said("progress-screening", "screening"))
    original = _original_point(grid)
    best = tuning.rank(wanted, grid.axes, screened, original)[:top]
    _, confirmed = _play_grid(grid, best, games=confirm_games, seed=confirm_seed, target=confirm_path,
                              command="tune", label=said("progress-confirming", "confirming"))
    ranked = tuning.rank(wanted, grid.axes, confirmed, original)
    rows = [tuning.candidate(wanted, grid.axes, point, confirmed[point], original) for point in ranked]
    tuned = {"deck": deck, "targets": [t.text for t in wanted], "screened": len(grid.grid), "games": games,
             "seed": seed, "confirm_games": confirm_games, "confirm_seed": confirm_seed, "players": list(grid.bots),
             "candidates": rows, "chosen": None}
    if rows and rows[0]["meets"]:
        _write_tuned(grid, ranked[0], original, rows[0], written, confirm_games)
        tuned["chosen"] = {"rank": 1, "path": str(written)}
    _emit(tuned, output_format, tuning.text_report)
    sys.exit(0 if tuned["chosen"] else EXIT_FINDINGS)


def _original_point(grid: _Grid) -> tuple:
    from ..games.interface import parameters
    from ..lab import tune as tuning

    defaults = parameters(grid.result.deck, grid.result.profile)
    return tuning.original_point(grid.result.deck, grid.result.text, grid.axes, grid.base, defaults)


def _write_tuned(grid: _Grid, point: tuple, original: tuple, row: dict, written: Path, games: int) -> None:
    """Write the chosen variant (the deck's text with the point's numbers, the `--hold` settings written
    into its rules), after reading it back: it must be the variant played, and check without errors."""
    from .. import loads
    from ..check import config as configuration
    from ..files import write_atomic
    from ..lab import tune as tuning
    from ..lab import variants
    from ..lab.sweep import Axis

    deck, text = grid.result.deck, grid.result.text
    held = [Axis(name, None, name, (value,)) for name, value in grid.base.items()
            if name not in {axis.field for axis in grid.axes if axis.card is None}]
    axes, chosen = [*grid.axes, *held], (*point, *(axis.values[0] for axis in held))
    changed = variants.apply(text, variants.edits(deck, text, axes, chosen))
    changed = tuning.header(Path(grid.deck_path).name, grid.axes, point, original, row, games, grid.bots) + changed
    near = written.parent
    read = variants.read(changed, near)
    if not variants.holds(read, changed, axes, chosen):
        raise RuntimeError("the tuned deck does not read back as the variant played")
    config = configuration.discover(written)
    result = loads(changed, str(written), config=config)
    if result.errors:
        from ..check.report import full

        for diagnostic in result.errors:
            click.echo(full(diagnostic, changed), err=True)
        click.echo(f"deckdsl tune: the tuned variant has errors: not written to {visible(str(written))}", err=True)
        sys.exit(EXIT_FINDINGS)
    write_atomic(written, changed.encode("utf-8"))
    warnings = sum(1 for d in result.diagnostics if d.severity.value == "warning")
    click.echo(visible(f"wrote {written}: checks with 0 errors" + (f", {warnings} warning(s) (deckdsl check {written})"
                                                                  if warnings else "")), err=True)
