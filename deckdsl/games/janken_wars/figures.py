"""Janken Wars' own figures of a simulation: what `deckdsl simulate` counts over its games beyond who won —
how games end and by which tie-break, the exchanges, the tables holding an advanced card, and per card how
often it was won, fired, discarded and exchanged, and how its takers fared (`JankenTally`, read off each
game's `GameStats`) — and the text views of them.

The simulator (`deckdsl.lab.arena`) asks the engine for this tally (`JankenEngine.tally`) and for its
figures (`JankenEngine.summary`); the numbers are the ones `deckdsl simulate` printed before Janken Wars
played on the one interface, byte for byte.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ...escapes import visible_lines
from ...check.figures import ADVANCED, advanced_on_table
from ...lang import ast
from ...profiles.profile import Profile
from ...stats import mean_ci, quantile, rate, rounded
from .engine import Compiled, GameStats, Rules


@dataclass
class JankenTally:
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

    def add(self, state, actions: int) -> None:
        """Count one finished game (a `JankenState`: its outcome and its game's `GameStats`)."""
        self.record(state.outcome, state.game.stats, state.game.rules.star_cost)

    def record(self, outcome, stats: GameStats, star_cost: int) -> None:
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

    def merge(self, other: JankenTally) -> None:
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


def summary(tally: JankenTally, deck: ast.Deck, rules: Rules, *, seed: int, players: tuple[str, ...],
            profile: Profile | None = None) -> dict:
    """The JSON-ready figures of a run (every number rounded: byte-identical for the same run)."""
    games = tally.games
    decided = games - tally.draws
    mean, ci = mean_ci(tally.rounds)
    deck_out = {reason: count for reason, count in tally.reasons.items() if reason.startswith("deck-")}
    names = [card.name for card in deck.cards] + ["Brinde"]
    copies = [card.copies for card in deck.cards] + [0]
    cards = {}
    for index, name in enumerate(names):
        taken = tally.taken[index]
        cards[name] = {
            "copies": copies[index],
            "won": taken,
            "won_per_game": rounded(taken / games if games else 0),
            "actions_fired": tally.fired[index],
            "discarded": tally.discarded[index],
            "exchanged": tally.exchanged[index],
            "mean_value_when_exchanged": (
                rounded(tally.exchanged_value[index] / tally.exchanged[index]) if tally.exchanged[index] else None
            ),
            "winner_rate": rate(tally.takers_won[index], tally.takers[index]),
            "others_rate": rate(tally.others_won[index], tally.others[index]),
            "win_contribution": rounded(
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
        "win_rate": [rate(tally.wins[0], decided), rate(tally.wins[1], decided)],
        "draws": tally.draws,
        "first_player_win_rate": rate(tally.wins[0], decided),
        "rounds": {
            "mean": rounded(mean), "ci95": ci, "median": quantile(tally.rounds, 0.5),
            "p95": quantile(tally.rounds, 0.95), "min": min(tally.rounds, default=0),
            "max": max(tally.rounds, default=0),
            "histogram": {str(k): tally.rounds[k] for k in sorted(tally.rounds)},
        },
        "end": {reason: tally.reasons[reason] for reason in sorted(tally.reasons)},
        "deck_exhausted_rate": rate(sum(deck_out.values()), games),
        "tiebreaks": {
            "stars": deck_out.get("deck-stars", 0) + tally.reasons.get("stars-stars", 0),
            "domain": deck_out.get("deck-domain", 0) + tally.reasons.get("stars-domain", 0),
            "dispute": deck_out.get("deck-dispute", 0) + tally.reasons.get("stars-dispute", 0),
        },
        "exchange": {
            "count": exchanges,
            "per_game_mean": rounded(exchanges / games if games else 0),
            "domain_size_mean": rounded(tally.exchange_size / exchanges if exchanges else 0),
            "points_mean": rounded(tally.exchange_points / exchanges if exchanges else 0),
            "stars_per_exchange_mean": rounded(tally.exchange_stars / exchanges if exchanges else 0),
            "points_wasted_mean": rounded(tally.exchange_wasted / exchanges if exchanges else 0),
            "points_wasted_total": rounded(tally.exchange_wasted),
            "round_histogram": {str(k): tally.exchange_rounds[k] for k in sorted(tally.exchange_rounds)},
            "domain_size_histogram": {str(k): tally.exchange_sizes[k] for k in sorted(tally.exchange_sizes)},
        },
        "advanced_on_table": _advanced_on_table(tally, deck, rules, profile),
        "rules": rules.as_dict(),
        "cards": cards,
    }


def _advanced_on_table(tally: JankenTally, deck: ast.Deck, rules: Rules, profile: Profile | None) -> dict:
    """The GDD's "em geral deve ter pelo menos uma [carta avançada] na mesa": the exact chance for a fresh
    deal (`deckdsl.check.figures`, what JW120 checks) beside the shares measured in play — the first
    table of each game (a fresh deal: it should agree with the exact figure) and every table after its
    refill (cards left on the table from round to round make those differ)."""
    exact = advanced_on_table(deck, profile, rules.table_size)
    return {
        "exact_fresh_table": rounded(exact.chance),
        "exact_fraction": f"{exact.chance.numerator}/{exact.chance.denominator}",
        "advanced_cards": exact.advanced,
        "deck_cards": exact.deck,
        "table_size": exact.table,
        "first_table": rate(tally.first_advanced_tables, tally.first_tables),
        "tables_in_play": rate(tally.advanced_tables, tally.tables),
        "tables_per_game_mean": rounded(tally.tables / tally.games if tally.games else 0),
    }


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
    return visible_lines(lines)


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
    """Every pairing's win rate, as a matrix (what `deckdsl simulate --matchups` prints)."""
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
    return visible_lines(lines)
