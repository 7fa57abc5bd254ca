"""The simulator for every game on the one interface (`deckdsl.games.interface`): bots play a deck many
times and the figures fit the game — each seat's win rate in a competitive game, the table's success
rate in a cooperative one, the length of games, and the engine's own figures (`State.figures`).

As in `deckdsl.lab.sim` (Janken Wars' fast path): game `i` of a run seeded `S` draws from its own
generator, games are tallied in fixed chunks merged in order, so the same seed gives byte-identical
figures whatever `--jobs` is, and memory does not grow with the number of games.
"""

from __future__ import annotations

import random as _random
from collections import Counter
from dataclasses import dataclass, field

from ..games.interface import Engine, engine_for
from ..games.search import make_bot, parse_bot
from ..lang import ast
from ..profiles.profile import Profile
from .sim import CHUNK, _mean_ci, _quantile, _rate, _round, game_rng


@dataclass
class Tally:
    """Counters over games: wins per seat (a cooperative game counts successes in `wins[0]`), draws,
    the number of actions per game, and the sums of the engine's figures."""

    seats: int
    games: int = 0
    wins: list[int] = field(default_factory=list)
    draws: int = 0
    actions: Counter = field(default_factory=Counter)
    sums: dict[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.wins = self.wins or [0] * self.seats

    def add(self, returns: list[float], actions: int, figures: dict[str, float], cooperative: bool) -> None:
        self.games += 1
        self.actions[actions] += 1
        for name, value in figures.items():
            self.sums[name] = self.sums.get(name, 0.0) + float(value)
        if cooperative:
            self.wins[0] += returns[0] > 0
            return
        best = max(returns)
        winners = [seat for seat, value in enumerate(returns) if value == best]
        if len(winners) == 1 and best > min(returns):
            self.wins[winners[0]] += 1
        else:
            self.draws += 1

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.draws += other.draws
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.actions.update(other.actions)
        for name, value in other.sums.items():
            self.sums[name] = self.sums.get(name, 0.0) + value


def play_chunk(engine: Engine, players: tuple[str, ...], seed: int, start: int, stop: int) -> Tally:
    """Play games `start` … `stop - 1` of a run and tally them."""
    tally = Tally(seats=engine.seats)
    for index in range(start, stop):
        rng = game_rng(seed, index)
        bots = [make_bot(name, _random.Random(rng.getrandbits(64)), engine.bots) for name in players]
        state = engine.new_state(_random.Random(rng.getrandbits(64)))
        actions = 0
        while not state.is_terminal():
            state.apply(bots[state.current_player()].act(state))
            actions += 1
        tally.add(state.returns(), actions, state.figures(), engine.cooperative)
    return tally


_WORKER: dict = {}


def _init_worker(deck: ast.Deck, profile: Profile, settings: dict[str, str]) -> None:
    _WORKER["engine"] = engine_for(deck, profile, settings)


def _work(task) -> Tally:
    return play_chunk(_WORKER["engine"], *task)


def seat_players(players: str, seats: int, extra: dict | None = None) -> tuple[str, ...]:
    """`A,B,…` (one bot per seat, or one for every seat) checked; raises ValueError.  `extra`: the
    game's own bots (`Engine.bots`)."""
    names = [name.strip() for name in players.split(",") if name.strip()]
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        raise ValueError(f"this game has {seats} seats: give one bot, or {seats} (got {len(names)})")
    for name in names:
        parse_bot(name, extra)
    return tuple(names)


def simulate(deck: ast.Deck, profile: Profile, settings: dict[str, str], *, games: int, seed: int,
             players: tuple[str, ...], jobs: int = 1, progress=None) -> dict:
    """Play `games` games and return the JSON-ready figures."""
    engine = engine_for(deck, profile, settings)
    tasks = [(players, seed, start, min(start + CHUNK, games)) for start in range(0, games, CHUNK)]
    total = Tally(seats=engine.seats)
    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            total.merge(play_chunk(engine, *task))
            if progress:
                progress(task[3] - task[2])
    else:
        import multiprocessing

        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        with context.Pool(jobs, initializer=_init_worker, initargs=(deck, profile, settings)) as pool:
            for task, tally in zip(tasks, pool.imap(_work, tasks), strict=True):
                total.merge(tally)
                if progress:
                    progress(task[3] - task[2])
    return figures(total, engine, deck, seed=seed, players=players)


def figures(tally: Tally, engine: Engine, deck: ast.Deck, *, seed: int, players: tuple[str, ...]) -> dict:
    games = tally.games
    mean, ci = _mean_ci(tally.actions)
    found: dict = {"deck": deck.title, "game": engine.name, "games": games, "seed": seed, "players": list(players)}
    if engine.cooperative:
        found["success_rate"] = _rate(tally.wins[0], games)
    else:
        decided = games - tally.draws
        found["wins"] = list(tally.wins)
        found["win_rate"] = [_rate(wins, decided) for wins in tally.wins]
        found["draws"] = tally.draws
    found["actions"] = {
        "mean": _round(mean), "ci95": ci, "median": _quantile(tally.actions, 0.5),
        "p95": _quantile(tally.actions, 0.95), "min": min(tally.actions, default=0),
        "max": max(tally.actions, default=0),
    }
    found["figures"] = {name: _round(total / games if games else 0) for name, total in sorted(tally.sums.items())}
    return found


def text_report(result: dict) -> str:
    """The figures as a few lines for the terminal."""

    def pct(rate: dict) -> str:
        low, high = rate["ci95"]
        return f"{rate['rate'] * 100:.1f}% [{low * 100:.1f}–{high * 100:.1f}]"

    lines = [f"{result['deck']} ({result['game']}): {result['games']:,} games, seed {result['seed']}, "
             f"players {', '.join(result['players'])}"]
    if "success_rate" in result:
        lines.append(f"  success rate      {pct(result['success_rate'])}")
    else:
        for seat, rate in enumerate(result["win_rate"]):
            lines.append(f"  seat {seat + 1} ({result['players'][seat]}) wins  {pct(rate)}")
        lines.append(f"  draws             {result['draws']:,}")
    actions = result["actions"]
    lines.append(f"  actions per game  mean {actions['mean']:.1f}, median {actions['median']}, p95 {actions['p95']}")
    for name, value in result["figures"].items():
        lines.append(f"  {name:<17} {value:g} per game")
    return "\n".join(lines) + "\n"
