"""The simulator: bots play a deck many times on the one game interface (`deckdsl.games.interface`), and
the figures fit the game — each seat's win rate in a competitive game, the table's success rate in a
cooperative one, the length of games, the engine's own figures (`State.figures`), and, for a game that
counts more (`Engine.tally`: Janken Wars' exchanges, tie-breaks and cards), the game's own summary.

Game `i` of a run with seed `S` is played from its own generator (`stats.game_rng(S, i)`: the bots draw
their seeds from it, then the game is dealt and played from it), so its result does not depend on which
process plays it.  Games are tallied in fixed chunks merged in chunk order, so the same seed gives
byte-identical figures whatever `--jobs` is, and memory stays flat in the number of games (a tally holds
counters, never a list of games).  The bots sit in the seats in the order given (`--players A,B`: A is
seat 1).
"""

from __future__ import annotations

import random as _random
from collections import Counter
from dataclasses import dataclass, field

from ..escapes import visible_lines
from ..games.interface import Engine, State, engine_for, parameters
from ..games.search import make_bot, parse_bot
from ..lang import ast
from ..profiles.profile import Profile
from ..stats import game_rng, mean_ci, quantile, rate, rounded

CHUNK = 200
"""Games per unit of work (and per progress step)."""


@dataclass
class Tally:
    """Counters over games: wins per seat (a cooperative game counts successes in `wins[0]`), draws,
    the number of actions per game, the sums of the engine's figures, and per card (`State.cards_of`)
    [seats that had it, of them in a decided game, of them winners]."""

    seats: int
    cooperative: bool = False
    games: int = 0
    wins: list[int] = field(default_factory=list)
    draws: int = 0
    actions: Counter = field(default_factory=Counter)
    sums: dict[str, float] = field(default_factory=dict)
    cards: dict[str, list[int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.wins = self.wins or [0] * self.seats

    def add(self, state: State, actions: int) -> None:
        returns = state.returns()
        self.games += 1
        self.actions[actions] += 1
        for name, value in state.figures().items():
            self.sums[name] = self.sums.get(name, 0.0) + float(value)
        if self.cooperative:
            self.wins[0] += returns[0] > 0
            return
        best = max(returns)
        winners = [seat for seat, value in enumerate(returns) if value == best]
        decided = len(winners) == 1 and best > min(returns)
        if decided:
            self.wins[winners[0]] += 1
        else:
            self.draws += 1
        for seat in range(self.seats):
            for name in state.cards_of(seat):
                counts = self.cards.setdefault(name, [0, 0, 0])
                counts[0] += 1
                counts[1] += decided
                counts[2] += decided and winners[0] == seat

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.draws += other.draws
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.actions.update(other.actions)
        for name, value in other.sums.items():
            self.sums[name] = self.sums.get(name, 0.0) + value
        for name, counts in other.cards.items():
            self.cards[name] = [a + b for a, b in zip(self.cards.get(name, [0, 0, 0]), counts, strict=True)]


def new_tally(engine: Engine):
    """The game's own tally (`Engine.tally`), or the simulator's."""
    own = engine.tally()
    return own if own is not None else Tally(seats=engine.seats, cooperative=engine.cooperative)


def play_chunk(engine: Engine, players: tuple[str, ...], seed: int, start: int, stop: int):
    """Play games `start` … `stop - 1` of a run and tally them."""
    tally = new_tally(engine)
    for index in range(start, stop):
        rng = game_rng(seed, index)
        bots = [make_bot(name, _random.Random(rng.getrandbits(64)), engine.bots) for name in players]
        state = engine.new_game(rng, bots)
        actions = 0
        while not state.is_terminal():
            state.apply(bots[state.current_player()].act(state))
            actions += 1
        tally.add(state, actions)
    return tally


_WORKER: dict = {}


def _init_worker(deck: ast.Deck, profile: Profile, settings: dict[str, str]) -> None:
    _WORKER["engine"] = engine_for(deck, profile, settings)


def _work(task):
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
    total = new_tally(engine)
    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            total.merge(play_chunk(engine, *task))
            if progress:
                progress(task[3] - task[2])
    else:
        import multiprocessing

        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        with context.Pool(min(jobs, len(tasks)), initializer=_init_worker,
                          initargs=(deck, profile, settings)) as pool:
            for task, tally in zip(tasks, pool.imap(_work, tasks), strict=True):
                total.merge(tally)
                if progress:
                    progress(task[3] - task[2])
    if not isinstance(total, Tally):
        return engine.summary(total, seed=seed, players=players)
    found = figures(total, engine, deck, seed=seed, players=players)
    found["rules"] = parameters(deck, profile, settings)
    return found


def matchups(deck: ast.Deck, profile: Profile, settings: dict[str, str], *, strategies: list[str], games: int,
             seed: int, jobs: int = 1, progress=None) -> dict:
    """Every pair of `strategies` (each against itself too) in a two-seat game: the row bot's win rate
    seated first against the column bot, and each pairing's figures."""
    size = len(strategies)
    matrix: list[list[dict | None]] = [[None] * size for _ in range(size)]
    pairings = []
    for row in range(size):
        for column in range(size):
            found = simulate(deck, profile, settings, games=games, seed=seed,
                             players=(strategies[row], strategies[column]), jobs=jobs, progress=progress)
            matrix[row][column] = found["win_rate"][0]
            pairings.append(found)
    return {"deck": deck.title, "game": engine_for(deck, profile, settings).name, "strategies": list(strategies),
            "games": games, "seed": seed, "win_rate": matrix, "pairings": pairings, "rules": pairings[0]["rules"]}


def figures(tally: Tally, engine: Engine, deck: ast.Deck, *, seed: int, players: tuple[str, ...]) -> dict:
    games = tally.games
    mean, ci = mean_ci(tally.actions)
    found: dict = {"deck": deck.title, "game": engine.name, "games": games, "seed": seed, "players": list(players),
                   "cooperative": engine.cooperative}
    if engine.cooperative:
        found["success_rate"] = rate(tally.wins[0], games)
    else:
        decided = games - tally.draws
        found["wins"] = list(tally.wins)
        found["win_rate"] = [rate(wins, decided) for wins in tally.wins]
        found["draws"] = tally.draws
    found["actions"] = {
        "mean": rounded(mean), "ci95": ci, "median": quantile(tally.actions, 0.5),
        "p95": quantile(tally.actions, 0.95), "min": min(tally.actions, default=0),
        "max": max(tally.actions, default=0), "histogram": {str(n): tally.actions[n] for n in sorted(tally.actions)},
    }
    found["figures"] = {name: rounded(total / games if games else 0) for name, total in sorted(tally.sums.items())}
    if tally.cards:
        found["card_use"] = engine.card_use
        found["cards"] = _cards(tally, deck)
    return found


def _cards(tally: Tally, deck: ast.Deck) -> dict:
    """Per card, in the deck's order: how often a seat had it (`State.cards_of`), how often such a seat
    won a decided game, how often a seat without it did, and the difference (`win_contribution`, in
    the same sense as Janken Wars' figure: where to look first, not a cause)."""
    decided_seats, wins = (tally.games - tally.draws) * tally.seats, sum(tally.wins)
    order = {card.name: index for index, card in enumerate(deck.cards)}
    cards = {}
    for name in sorted(tally.cards, key=lambda name: (order.get(name, len(order)), name)):
        held, decided, won = tally.cards[name]
        others, others_won = decided_seats - decided, wins - won
        cards[name] = {
            "had": held, "had_per_game": rounded(held / tally.games if tally.games else 0),
            "winner_rate": rate(won, decided), "others_rate": rate(others_won, others),
            "win_contribution": rounded(won / decided - others_won / others) if decided and others else None,
        }
    return cards


def _title(result: dict) -> str:
    """`Deck (Game)`, or the deck's title alone when it is the game's name."""
    return result["deck"] if result["deck"] == result["game"] else f"{result['deck']} ({result['game']})"


def matchup_report(result: dict) -> str:
    """The matchup matrix for the terminal: the row bot's win rate seated first, with its 95% CI."""
    names = result["strategies"]
    width = max(12, *(len(name) for name in names))
    lines = [f"{_title(result)}: every pairing, {result['games']:,} games each, seed "
             f"{result['seed']}; the row bot seated first, its win rate in decided games:",
             " " * (width + 2) + "".join(f"{name[:20]:>22}" for name in names)]

    def cell(rate: dict) -> str:
        low, high = rate["ci95"]
        return f"{100 * rate['rate']:.1f}% [{100 * low:.0f}–{100 * high:.0f}]"

    for name, row in zip(names, result["win_rate"], strict=True):
        lines.append(f"  {name:<{width}}" + "".join(f"{cell(rate):>22}" for rate in row))
    return visible_lines(lines)


def text_report(result: dict) -> str:
    """The figures as a few lines for the terminal."""

    def pct(rate: dict) -> str:
        low, high = rate["ci95"]
        return f"{rate['rate'] * 100:.1f}% [{low * 100:.1f}–{high * 100:.1f}]"

    lines = [f"{_title(result)}: {result['games']:,} games, seed {result['seed']}, "
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
    cards = result.get("cards")
    if cards:
        lines.append("  cards (a seat that had it wins; vs seats without it):")
        width = min(28, max(len(name) for name in cards))
        ranked = sorted(cards.items(), key=lambda item: -(item[1]["win_contribution"] or 0))
        for name, card in ranked:
            change = card["win_contribution"]
            lines.append(f"    {name[:width]:<{width}}  {pct(card['winner_rate'])}  "
                         + ("—" if change is None else f"{100 * change:+.1f} pts"))
    return visible_lines(lines)
