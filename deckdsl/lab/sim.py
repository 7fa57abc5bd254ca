"""The balance simulator: a deck played thousands of times by bots, and the figures a designer reads.

Game `i` of a run with seed `S` is played with its own generator, seeded from `(S, i)`: its result
does not depend on which process plays it.  Games are played in fixed chunks whose tallies are merged in
chunk order, so the same seed gives byte-identical figures whatever `--jobs` is, and memory stays flat
in the number of games (a tally holds counters, never a list of games).

The players sit in the seats in the order given (`--players A,B`: A is the first player, seat 1).
Janken Wars has no turn order (both players throw at once); the seat decides only who is offered an
exchange first when both domains changed (the dispute's winner goes first) — so the first player's win
rate between equal bots measures whatever seat advantage is left.
"""

from __future__ import annotations

import math
import random as _random
from collections import Counter
from dataclasses import dataclass, field

from ..check.figures import ADVANCED, advanced_on_table
from ..games.janken_wars.bots import make_player, parse_player
from ..games.janken_wars.engine import Compiled, Game, GameStats, Rules, compile_deck
from ..lang import ast
from ..profiles.profile import Profile

CHUNK = 200
"""Games per unit of work (and per progress step)."""


def game_rng(seed: int, index: int) -> _random.Random:
    """The generator of game `index` of a run seeded `seed` (independent of chunks and processes)."""
    return _random.Random(seed * 1_000_003 + index)


@dataclass
class Tally:
    """Counters over a set of games; `merge` adds another tally (in a fixed order: deterministic)."""

    cards: int
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    reasons: Counter = field(default_factory=Counter)
    rounds: Counter = field(default_factory=Counter)
    exchanges: int = 0
    exchange_size: int = 0
    exchange_points: float = 0
    exchange_stars: int = 0
    exchange_wasted: float = 0
    exchange_rounds: Counter = field(default_factory=Counter)
    exchange_sizes: Counter = field(default_factory=Counter)
    tables: int = 0
    advanced_tables: int = 0
    first_tables: int = 0
    first_advanced_tables: int = 0
    taken: list[int] = None  # type: ignore[assignment]
    fired: list[int] = None  # type: ignore[assignment]
    discarded: list[int] = None  # type: ignore[assignment]
    exchanged: list[int] = None  # type: ignore[assignment]
    exchanged_value: list[float] = None  # type: ignore[assignment]
    takers: list[int] = None  # type: ignore[assignment]
    takers_won: list[int] = None  # type: ignore[assignment]
    others: list[int] = None  # type: ignore[assignment]
    others_won: list[int] = None  # type: ignore[assignment]

    def __post_init__(self):
        for name in ("taken", "fired", "discarded", "exchanged", "exchanged_value", "takers", "takers_won",
                     "others", "others_won"):
            setattr(self, name, [0] * self.cards)

    def add(self, outcome, stats: GameStats, star_cost: int) -> None:
        self.games += 1
        if outcome.winner is None:
            self.draws += 1
        else:
            self.wins[outcome.winner] += 1
        self.reasons[outcome.reason] += 1
        self.rounds[outcome.rounds] += 1
        for round_, _seat, size, points, stars in stats.exchanges:
            self.exchanges += 1
            self.exchange_size += size
            self.exchange_points += points
            self.exchange_stars += stars
            self.exchange_wasted += points - stars * star_cost
            self.exchange_rounds[round_] += 1
            self.exchange_sizes[size] += 1
        self.tables += stats.tables
        self.advanced_tables += stats.marked_tables
        if stats.first_marked is not None:
            self.first_tables += 1
            self.first_advanced_tables += stats.first_marked
        first, second = stats.taken
        self.taken = [a + b + c for a, b, c in zip(self.taken, first, second, strict=True)]
        self.fired = [a + b for a, b in zip(self.fired, stats.fired, strict=True)]
        self.discarded = [a + b for a, b in zip(self.discarded, stats.discarded, strict=True)]
        if stats.exchanges:
            self.exchanged = [a + b for a, b in zip(self.exchanged, stats.exchanged, strict=True)]
            self.exchanged_value = [a + b for a, b in zip(self.exchanged_value, stats.exchanged_value, strict=True)]
        winner = outcome.winner
        if winner is None:
            return
        for seat, counts in ((0, first), (1, second)):
            won = winner == seat
            for index, count in enumerate(counts):
                if count:
                    self.takers[index] += 1
                    self.takers_won[index] += won
                else:
                    self.others[index] += 1
                    self.others_won[index] += won

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.draws += other.draws
        for seat in (0, 1):
            self.wins[seat] += other.wins[seat]
        for name in ("reasons", "rounds", "exchange_rounds", "exchange_sizes"):
            getattr(self, name).update(getattr(other, name))
        for name in ("exchanges", "exchange_size", "exchange_points", "exchange_stars", "exchange_wasted", "tables",
                     "advanced_tables", "first_tables", "first_advanced_tables"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("taken", "fired", "discarded", "exchanged", "exchanged_value", "takers", "takers_won",
                     "others", "others_won"):
            mine, theirs = getattr(self, name), getattr(other, name)
            for index, value in enumerate(theirs):
                mine[index] += value


def advanced_ids(compiled: Compiled, profile: Profile | None = None) -> frozenset[int]:
    """The ids of the deck's advanced copies: rarity `advanced` as the profile reads it (without a
    profile, as the card writes it)."""
    def advanced(card: ast.Card) -> bool:
        value = profile.value_of(card, "rarity") if profile is not None else card.attribute("rarity")
        return value == ADVANCED

    flags = [definition.node is not None and advanced(definition.node) for definition in compiled.defs]
    return frozenset(card for card in compiled.deck_ids if flags[compiled.def_of[card]])


def play_chunk(compiled: Compiled, players: tuple[str, str], seed: int, start: int, stop: int,
               profile: Profile | None = None) -> Tally:
    """Play games `start` … `stop - 1` of a run and tally them."""
    tally = Tally(cards=len(compiled.defs))
    size = len(compiled.defs)
    star_cost = compiled.rules.star_cost
    advanced = advanced_ids(compiled, profile)
    for index in range(start, stop):
        rng = game_rng(seed, index)
        seats = [make_player(players[0], _random.Random(rng.getrandbits(64))),
                 make_player(players[1], _random.Random(rng.getrandbits(64)))]
        stats = GameStats(size, advanced)
        outcome = Game(compiled, seats, rng, stats=stats).play()
        tally.add(outcome, stats, star_cost)
    return tally


# ------------------------------------------------------------------------- running a batch ---

_WORKER: dict = {}


def _init_worker(deck: ast.Deck, profile: Profile, rules: Rules) -> None:
    _WORKER["compiled"] = compile_deck(deck, profile, rules)
    _WORKER["profile"] = profile


def _work(task) -> Tally:
    players, seed, start, stop = task
    return play_chunk(_WORKER["compiled"], players, seed, start, stop, _WORKER["profile"])


def run(deck: ast.Deck, profile: Profile, rules: Rules, *, games: int, seed: int,
        players: tuple[str, str], jobs: int = 1, progress=None) -> Tally:
    """Play `games` games and tally them.  `progress(n)` is called with the games done after each chunk."""
    for name in players:
        parse_player(name)
    tasks = [(players, seed, start, min(start + CHUNK, games)) for start in range(0, games, CHUNK)]
    total = Tally(cards=len(deck.cards) + 2)
    if jobs <= 1 or len(tasks) <= 1:
        compiled = compile_deck(deck, profile, rules)
        for task in tasks:
            total.merge(play_chunk(compiled, *task, profile))
            if progress:
                progress(task[3] - task[2])
        return total
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with context.Pool(min(jobs, len(tasks)), initializer=_init_worker, initargs=(deck, profile, rules)) as pool:
        for task, tally in zip(tasks, pool.imap(_work, tasks), strict=True):
            total.merge(tally)
            if progress:
                progress(task[3] - task[2])
    return total


# ----------------------------------------------------------------------------- figures ---


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if trials == 0:
        return (0.0, 1.0)
    z = 1.959963984540054
    rate = successes / trials
    centre = (rate + z * z / (2 * trials)) / (1 + z * z / trials)
    spread = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return (max(0.0, centre - spread), min(1.0, centre + spread))


def _rate(successes: int, trials: int) -> dict:
    low, high = wilson(successes, trials)
    return {"rate": _round(successes / trials if trials else 0.0), "ci95": [_round(low), _round(high)],
            "n": trials}


def _round(value: float) -> float:
    return round(float(value), 4)


def _quantile(histogram: Counter, share: float) -> int:
    total = sum(histogram.values())
    if not total:
        return 0
    target = share * total
    seen = 0
    for value in sorted(histogram):
        seen += histogram[value]
        if seen >= target:
            return value
    return max(histogram)


def _mean_ci(histogram: Counter) -> tuple[float, list[float]]:
    total = sum(histogram.values())
    if not total:
        return 0.0, [0.0, 0.0]
    mean = sum(value * count for value, count in histogram.items()) / total
    variance = sum(count * (value - mean) ** 2 for value, count in histogram.items()) / max(1, total - 1)
    half = 1.959963984540054 * math.sqrt(variance / total)
    return mean, [_round(mean - half), _round(mean + half)]


def figures(tally: Tally, deck: ast.Deck, rules: Rules, *, seed: int, players: tuple[str, str],
            profile: Profile | None = None) -> dict:
    """The JSON-ready figures of a run (every number rounded: byte-identical for the same run)."""
    games = tally.games
    decided = games - tally.draws
    mean, ci = _mean_ci(tally.rounds)
    deck_out = {reason: count for reason, count in tally.reasons.items() if reason.startswith("deck-")}
    names = [card.name for card in deck.cards] + ["Brinde"]
    copies = [card.copies for card in deck.cards] + [0]
    cards = {}
    for index, name in enumerate(names):
        taken = tally.taken[index]
        cards[name] = {
            "copies": copies[index],
            "won": taken,
            "won_per_game": _round(taken / games if games else 0),
            "actions_fired": tally.fired[index],
            "discarded": tally.discarded[index],
            "exchanged": tally.exchanged[index],
            "mean_value_when_exchanged": (
                _round(tally.exchanged_value[index] / tally.exchanged[index]) if tally.exchanged[index] else None
            ),
            "winner_rate": _rate(tally.takers_won[index], tally.takers[index]),
            "others_rate": _rate(tally.others_won[index], tally.others[index]),
            "win_contribution": _round(
                (tally.takers_won[index] / tally.takers[index] if tally.takers[index] else 0)
                - (tally.others_won[index] / tally.others[index] if tally.others[index] else 0)
            ) if tally.takers[index] and tally.others[index] else None,
        }
    exchanges = tally.exchanges
    return {
        "deck": deck.title,
        "games": games,
        "seed": seed,
        "players": list(players),
        "wins": list(tally.wins),
        "win_rate": [_rate(tally.wins[0], decided), _rate(tally.wins[1], decided)],
        "draws": tally.draws,
        "first_player_win_rate": _rate(tally.wins[0], decided),
        "rounds": {
            "mean": _round(mean), "ci95": ci, "median": _quantile(tally.rounds, 0.5),
            "p95": _quantile(tally.rounds, 0.95), "min": min(tally.rounds, default=0),
            "max": max(tally.rounds, default=0),
            "histogram": {str(k): tally.rounds[k] for k in sorted(tally.rounds)},
        },
        "end": {reason: tally.reasons[reason] for reason in sorted(tally.reasons)},
        "deck_exhausted_rate": _rate(sum(deck_out.values()), games),
        "tiebreaks": {
            "stars": deck_out.get("deck-stars", 0) + tally.reasons.get("stars-stars", 0),
            "domain": deck_out.get("deck-domain", 0) + tally.reasons.get("stars-domain", 0),
            "dispute": deck_out.get("deck-dispute", 0) + tally.reasons.get("stars-dispute", 0),
        },
        "exchange": {
            "count": exchanges,
            "per_game_mean": _round(exchanges / games if games else 0),
            "domain_size_mean": _round(tally.exchange_size / exchanges if exchanges else 0),
            "points_mean": _round(tally.exchange_points / exchanges if exchanges else 0),
            "stars_per_exchange_mean": _round(tally.exchange_stars / exchanges if exchanges else 0),
            "points_wasted_mean": _round(tally.exchange_wasted / exchanges if exchanges else 0),
            "points_wasted_total": _round(tally.exchange_wasted),
            "round_histogram": {str(k): tally.exchange_rounds[k] for k in sorted(tally.exchange_rounds)},
            "domain_size_histogram": {str(k): tally.exchange_sizes[k] for k in sorted(tally.exchange_sizes)},
        },
        "advanced_on_table": _advanced_on_table(tally, deck, rules, profile),
        "rules": rules.as_dict(),
        "cards": cards,
    }


def _advanced_on_table(tally: Tally, deck: ast.Deck, rules: Rules, profile: Profile | None) -> dict:
    """The GDD's "em geral deve ter pelo menos uma [carta avançada] na mesa": the exact chance for a fresh
    deal (`deckdsl.check.figures`, what JW120 checks) beside the shares measured in play — the first
    table of each game (a fresh deal: it should agree with the exact figure) and every table after its
    refill (cards left on the table from round to round make those differ)."""
    exact = advanced_on_table(deck, profile, rules.table_size)
    return {
        "exact_fresh_table": _round(exact.chance),
        "exact_fraction": f"{exact.chance.numerator}/{exact.chance.denominator}",
        "advanced_cards": exact.advanced,
        "deck_cards": exact.deck,
        "table_size": exact.table,
        "first_table": _rate(tally.first_advanced_tables, tally.first_tables),
        "tables_in_play": _rate(tally.advanced_tables, tally.tables),
        "tables_per_game_mean": _round(tally.tables / tally.games if tally.games else 0),
    }


def simulate(deck: ast.Deck, profile: Profile, rules: Rules, *, games: int, seed: int,
             players: tuple[str, str], jobs: int = 1, progress=None) -> dict:
    """Play and summarise: the figures of `figures`."""
    tally = run(deck, profile, rules, games=games, seed=seed, players=players, jobs=jobs, progress=progress)
    return figures(tally, deck, rules, seed=seed, players=players, profile=profile)


def matchups(deck: ast.Deck, profile: Profile, rules: Rules, *, strategies: list[str], games: int, seed: int,
             jobs: int = 1, progress=None) -> dict:
    """Every pair of `strategies` (each against itself too) plays `games` games: the row player's win
    rate against each column player (as the first player), and each pairing's figures."""
    size = len(strategies)
    matrix: list[list[dict | None]] = [[None] * size for _ in range(size)]
    pairings = []
    for row in range(size):
        for column in range(size):
            players = (strategies[row], strategies[column])
            result = simulate(deck, profile, rules, games=games, seed=seed, players=players, jobs=jobs,
                              progress=progress)
            matrix[row][column] = result["win_rate"][0]
            pairings.append(result)
    return {"strategies": strategies, "games": games, "seed": seed, "win_rate": matrix, "pairings": pairings,
            "rules": rules.as_dict(), "deck": deck.title}


def text_report(result: dict) -> str:
    """The figures as a readable table (what `deckdsl simulate` prints)."""
    lines: list[str] = []

    def pct(rate: dict) -> str:
        low, high = rate["ci95"]
        return f"{100 * rate['rate']:5.1f}%  [{100 * low:4.1f}–{100 * high:4.1f}]"

    lines.append(f"{result['deck']} — {result['games']} games, seed {result['seed']}, "
                 f"players {result['players'][0]} (first) vs {result['players'][1]}")
    lines.extend(_hazard_lines(result))
    lines.append("")
    width = max(26, *(len(f"wins, second player ({name})") for name in result["players"]))
    lines.append(f"  {'':<{width}} value   95% CI")
    for seat, name in enumerate(result["players"]):
        label = f"wins, {'first' if seat == 0 else 'second'} player ({name})"
        lines.append(f"  {label:<{width}} {pct(result['win_rate'][seat])}   ({result['wins'][seat]} games)")
    lines.append(f"  {'draws (round limit)':<{width}} {result['draws']:5d}")
    rounds = result["rounds"]
    low, high = rounds["ci95"]
    lines.append(f"  {'rounds per game':<{width}} {rounds['mean']:5.2f}  [{low:.2f}–{high:.2f}]"
                 f"   median {rounds['median']}, p95 {rounds['p95']}, max {rounds['max']}")
    lines.append(f"  {'deck ran out':<{width}} {pct(result['deck_exhausted_rate'])}")
    tiebreaks = result["tiebreaks"]
    lines.append(f"  {'decided by tie-break':<{width}} stars {tiebreaks['stars']}, domain value {tiebreaks['domain']}, "
                 f"last dispute {tiebreaks['dispute']}")
    exchange = result["exchange"]
    lines.append(f"  {'exchanges per game':<{width}} {exchange['per_game_mean']:5.2f}   "
                 f"domain {exchange['domain_size_mean']:.2f} "
                 f"cards, {exchange['points_mean']:.2f} points, {exchange['stars_per_exchange_mean']:.2f} stars, "
                 f"{exchange['points_wasted_mean']:.2f} points lost each")
    lines.extend(_advanced_lines(result, width, pct))
    lines.append("")
    header = (f"  {'card':<22} {'won/game':>8} {'actions':>8} {'discarded':>9} {'value@exch':>10}  "
              f"{'win rate of its taker':>24}")
    lines.append(header)
    for name, card in result["cards"].items():
        value = card["mean_value_when_exchanged"]
        lines.append(
            f"  {name[:22]:<22} {card['won_per_game']:8.2f} {card['actions_fired']:8d} {card['discarded']:9d} "
            f"{'' if value is None else f'{value:.2f}':>10}  {pct(card['winner_rate']):>24}"
        )
    lines.append("")
    lines.append("  rules: " + ", ".join(f"{k}={v}" for k, v in result["rules"].items()))
    return "\n".join(lines) + "\n"


def _advanced_lines(result: dict, width: int, pct) -> list[str]:
    """The tables holding an advanced card: measured in play, and the exact figure for a fresh deal."""
    table = result.get("advanced_on_table")
    if not table:
        return []
    exact = (f"exact for a fresh deal {100 * table['exact_fresh_table']:.1f}% ({table['advanced_cards']} advanced of "
             f"{table['deck_cards']}, table {table['table_size']})")
    return [
        f"  {'advanced card on table':<{width}} {pct(table['tables_in_play'])}   of tables in play "
        f"({table['tables_in_play']['n']}); cards stay on the table between rounds",
        f"  {'  on the first table':<{width}} {pct(table['first_table'])}   {exact}",
    ]


def _hazard_lines(result: dict) -> list[str]:
    """A line saying how many ordering hazards were played in the engine's default order, if any."""
    hazards = result.get("unresolved_hazards") or []
    if not hazards:
        return []
    codes = ", ".join(sorted({hazard["code"] for hazard in hazards}))
    return [f"played with {len(hazards)} unresolved ordering hazard{'s' if len(hazards) != 1 else ''} ({codes}) "
            "in the engine's default order: see the warnings on stderr"]


def matchup_report(result: dict) -> str:
    strategies = result["strategies"]
    width = max(12, *(len(s) + 2 for s in strategies))
    lines = [f"{result['deck']} — {result['games']} games per pairing, seed {result['seed']}",
             *_hazard_lines(result),
             "win rate of the row player (first) against the column player, with 95% CI", ""]
    lines.append(" " * width + "".join(f"{s:>{width + 10}}" for s in strategies))
    for row, name in enumerate(strategies):
        cells = []
        for column in range(len(strategies)):
            rate = result["win_rate"][row][column]
            low, high = rate["ci95"]
            cells.append(f"{100 * rate['rate']:5.1f}% [{100 * low:.0f}–{100 * high:.0f}]".rjust(width + 10))
        lines.append(f"{name:<{width}}" + "".join(cells))
    return "\n".join(lines) + "\n"
