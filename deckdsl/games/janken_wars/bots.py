"""Bots: players the engine can seat, named `STRATEGY[:EXCHANGE]` (`greedy:hoard`).

Strategies decide throws, takes and effect choices:

- `random` — every decision uniformly at random (the baseline, and the benchmark's player).
- `greedy` — maximises immediate value: it throws the type whose best table card would gain it the most
  (each option is played out on a copy of the game), takes that card, and picks effect targets by value
  (the opponent's best cards, its own worst).  Against a random opponent every throw wins a third of the
  time, so the best prize is the best throw.  After a tied dispute it throws at random: two greedy bots
  would otherwise tie for ever.
- `yomi` — after Sirlin: each dispute is a 3×3 zero-sum game.  A win with throw *t* is worth what
  greedy would gain with *t* (for either player, on a copy of the game); the bot plays the game's mixed
  equilibrium, so it cannot be exploited by an opponent who reads it.  A pure equilibrium would tie
  against itself for ever (a dispute is thrown "até um deles ganhar"), so after each tie of a dispute
  it mixes in a quarter more chance.

Exchange policies decide when to trade a domain for stars:

- `eager` — as soon as an exchange buys a star (the default).
- `hoard` — only when the exchange buys every star still needed to win, as the GDD's playtesters did
  ("deixar seu domínio acumular cartas para trocar as três estrelas de uma vez"), or when the deck is
  about to run out (stars are the first tie-break).

The engine also offers an exchange that buys no star (the GDD lets a player discard a changed domain
whenever they like); every bot declines it — no policy has a use for it yet — so a policy is only asked
about exchanges that buy at least one star.

A bot's randomness comes from its own generator, seeded from the game's seed and its seat.
"""

from __future__ import annotations

import functools
import random as _random
from collections.abc import Callable
from itertools import combinations

from mypy_extensions import mypyc_attr

from ...lang import ast
from ..chance import Stream, sample
from .engine import ZONE_OWNER, Game, Player, Request
from .worth import polarity


class Exchange:
    """An exchange policy: `wants(game, me, stars)` says whether to exchange now."""

    name = "eager"

    def wants(self, game: Game, me: int, stars: int) -> bool:
        return stars >= 1


class Hoard(Exchange):
    name = "hoard"

    def wants(self, game: Game, me: int, stars: int) -> bool:
        needed = game.rules.stars_to_win - game.stars(me)
        if stars >= needed:
            return True
        return len(game.zones[0]) < 2 * game.rules.table_size


EXCHANGES: dict[str, Callable[[], Exchange]] = {"eager": Exchange, "hoard": Hoard}


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (setup.py): tests subclass it
class RandomPlayer(Player):
    """Decides everything uniformly at random."""

    strategy = "random"

    def __init__(self, rng: _random.Random, exchange: Exchange):
        self.rng = rng
        self.draw: Callable[[], float] = rng.random  # bound once: a method looked up at every call costs more
        self.policy = exchange
        self.name = f"{self.strategy}:{exchange.name}"

    def throw(self, game: Game, me: int) -> int:
        return int(self.draw() * 3)

    def take(self, game: Game, me: int, options: list[int]) -> int:
        return options[int(self.draw() * len(options))]

    def fallback(self, game: Game, me: int, brinde: bool) -> int | None:
        table = game.zones[1]
        if brinde and self.draw() < 0.5:
            return None
        return table[int(self.draw() * len(table))]

    def choose(self, game: Game, me: int, request: Request, options: list[int], count: int) -> list[int]:
        return sample(self.rng, options, count)

    def may(self, game: Game, me: int, request: Request) -> bool:
        return self.draw() < 0.5

    def exchange(self, game: Game, me: int, stars: int) -> bool:
        return stars >= 1 and self.policy.wants(game, me, stars)


def score(game: Game, me: int) -> float:
    """How far ahead `me` is: stars at their price in points, plus domain value and kept credit, minus
    the same for the opponent."""
    cost, other = game.rules.star_cost, 1 - me
    mine = game.stars(me) * cost + game.domain_value(me) + game.credit[me]
    return mine - (game.stars(other) * cost + game.domain_value(other) + game.credit[other])


class Heuristic(Player):
    """Effect choices by value, without looking ahead (used by greedy and yomi, and inside their
    look-ahead copies of the game)."""

    def __init__(self, rng: _random.Random | Stream, exchange: Exchange | None = None) -> None:
        self.rng = rng
        self.policy = exchange or Exchange()

    def throw(self, game, me):
        return int(self.rng.random() * 3)

    def take(self, game, me, options):
        return max(options, key=lambda card: card_worth(game, card))

    def fallback(self, game, me, brinde):
        if brinde:
            return None
        return max(game.zones[1], key=lambda card: card_worth(game, card))

    def choose(self, game, me, request, options, count):
        if request.verb == "modify":  # a modifier on a chosen card: the best card to help, or to hurt
            helps = polarity(request.step) >= 0
            return sorted(options, key=lambda card: card_worth(game, card), reverse=helps)[:count]

        def good_for_me(card):
            owner = ZONE_OWNER[game.loc[card]]
            worth = card_worth(game, card)
            return -worth if owner == me else worth

        return sorted(options, key=good_for_me, reverse=True)[:count]

    def may(self, game, me, request):
        judged = polarity(request.step.step) if isinstance(request.step, ast.Optional) else 1.0
        owner = ZONE_OWNER[game.loc[request.card]]
        return judged >= 0 if owner in (None, me) else judged <= 0

    def exchange(self, game, me, stars):
        return stars >= 1 and self.policy.wants(game, me, stars)


class _LookAhead(Heuristic):
    """Inside a look-ahead copy: heuristic choices, and no exchange (it would not change the score)."""

    never_exchanges = True

    def exchange(self, game, me, stars):
        return False


def card_worth(game: Game, card: int) -> float:
    """What `card` is worth where it lies now (0 for a card without a value)."""
    value = game.value(card)
    return value if value is not None else 0


class GreedyPlayer(Heuristic):
    strategy = "greedy"

    def __init__(self, rng: _random.Random, exchange: Exchange):
        super().__init__(rng, exchange)
        self.name = f"{self.strategy}:{exchange.name}"
        self.scratch: Game | None = None
        self.pair = (_LookAhead(rng), _LookAhead(rng))
        self.lookahead: list[Player] = list(self.pair)

    def _try(self, game: Game, seat: int, card: int | None) -> float:
        """`seat`'s score after it takes `card` from the table (a Brinde when None) in a copy of `game`
        (-inf when that breaks the game: a loop), the other choices made by the heuristic.  The copy is
        this player's one scratch game, made again for every move it weighs."""
        for player in self.pair:
            player.rng = game.rng
        copy = self.scratch = game.clone(self.lookahead, into=self.scratch)
        try:
            if card is None:
                copy.take_brinde(seat)
            else:
                copy.take(seat, card)
        except Exception:  # noqa: BLE001 — a look-ahead that breaks (a loop) is simply a bad option
            return float("-inf")
        return score(copy, seat)

    def prizes(self, game: Game, seat: int) -> list[tuple[float, int | None, int | None]]:
        """For each throw: (the score `seat` gains by winning with it, the table card to take or None,
        the card to put back or None)."""
        found = []
        throw_of = game.compiled.throw_of
        table = game.zones[1]
        before = score(game, seat)
        for throw in range(len(game.compiled.throws)):
            options = [card for card in table if throw_of[card] == throw]
            best: tuple[float, int | None, int | None] | None = None
            for card in options:
                gain = self._try(game, seat, card) - before
                if best is None or gain > best[0]:
                    best = (gain, card, None)
            if best is None:
                if game.next_brinde < len(game.compiled.brinde_ids):
                    best = (self._try(game, seat, None) - before, None, None)
                else:
                    best = (0.0, None, max(table, key=lambda c: card_worth(game, c)))
            found.append(best)
        return found

    def throw(self, game, me):
        if game.ties:
            return int(self.rng.random() * 3)
        gains = [prize[0] for prize in self.prizes(game, me)]
        top = max(gains)
        return self.rng.choice([throw for throw, gain in enumerate(gains) if gain == top])

    def take(self, game, me, options):
        before = score(game, me)
        return max(options, key=lambda card: self._try(game, me, card) - before)

    def fallback(self, game, me, brinde):
        if brinde:
            return None
        return max(game.zones[1], key=lambda card: card_worth(game, card))


class YomiPlayer(GreedyPlayer):
    strategy = "yomi"

    def mixed(self, game: Game, me: int) -> list[float]:
        """The equilibrium mix of throws for the dispute as a zero-sum game over the prizes."""
        mine = [prize[0] for prize in self.prizes(game, me)]
        theirs = [prize[0] for prize in self.prizes(game, 1 - me)]
        beats = game.compiled.beats
        size = len(mine)
        matrix = [[0.0] * size for _ in range(size)]
        for i in range(size):
            for j in range(size):
                if beats[i] == j:
                    matrix[i][j] = mine[i]
                elif beats[j] == i:
                    matrix[i][j] = -theirs[j]
        return solve_zero_sum(matrix)[0]

    def throw(self, game, me):
        mix = self.mixed(game, me)
        if game.ties:
            # A pure equilibrium ties against itself for ever; after each tie, mix in more chance.
            share = min(1.0, game.ties / 4)
            mix = [(1 - share) * weight + share / len(mix) for weight in mix]
        pick = self.rng.random()
        for throw, share in enumerate(mix):
            pick -= share
            if pick < 0:
                return throw
        return len(mix) - 1


# ------------------------------------------------------------------------ zero-sum games ---


def solve_zero_sum(matrix: list[list[float]]) -> tuple[list[float], float]:
    """The row player's equilibrium (maximin) mixed strategy and the game's value, for a small payoff
    matrix (rows: my choices; entries: what I get).  Solved once per matrix: the same disputes recur
    (4 in 5 of a yomi bot's matrices were seen before), so the answers are kept (`_solved`)."""
    strategy, value = _solved(tuple(tuple(row) for row in matrix))
    return list(strategy), value


@functools.lru_cache(maxsize=4096)
def _solved(matrix: tuple[tuple[float, ...], ...]) -> tuple[tuple[float, ...], float]:
    strategy, value = _solve(matrix)
    return tuple(strategy), value


def _solve(matrix: tuple[tuple[float, ...], ...]) -> tuple[list[float], float]:
    """`solve_zero_sum` worked out.

    Support enumeration: every square sub-game whose mix equalises its columns is a candidate, kept
    when it guarantees its value against every column; the best guarantee is the game's value (an
    optimal basic solution always exists).  Ties go to the widest support — the most mixed, least
    readable strategy.  (Typed loops: a yomi bot solves a game at every throw.)"""
    rows, columns = len(matrix), len(matrix[0])
    best: tuple[list[float], float] | None = None
    for size in range(min(rows, columns), 0, -1):
        for row_support in combinations(range(rows), size):
            for column_support in combinations(range(columns), size):
                found = _equalise(matrix, row_support, column_support)
                if found is None:
                    continue
                strategy = found[0]
                guaranteed = 0.0
                for j in range(columns):
                    pays = 0.0
                    for i in range(rows):
                        pays += strategy[i] * matrix[i][j]
                    if j == 0 or pays < guaranteed:
                        guaranteed = pays
                if best is None or guaranteed > best[1] + 1e-9:
                    best = (strategy, guaranteed)
    return best if best is not None else ([1.0 / rows] * rows, 0.0)


def _equalise(matrix: tuple[tuple[float, ...], ...], rows: tuple[int, ...],
              columns: tuple[int, ...]) -> tuple[list[float], float] | None:
    """Solve for a mix over `rows` that pays the same against every one of `columns`: returns
    (strategy over all rows, value) or None when there is none with non-negative weights."""
    size = len(rows)
    # Unknowns: p_r for r in rows, and v.  Equations: sum_r p_r * a[r][c] - v = 0 for c in columns;
    # sum_r p_r = 1.
    equations: list[list[float]] = []
    for column in columns:
        equations.append([matrix[row][column] for row in rows] + [-1.0, 0.0])
    equations.append([1.0] * size + [0.0, 1.0])
    solution = _gauss(equations)
    if solution is None:
        return None
    for k in range(size):
        if solution[k] < -1e-9:
            return None
    strategy = [0.0] * len(matrix)
    for k in range(size):
        strategy[rows[k]] = max(0.0, solution[k])
    total = 0.0
    for weight in strategy:
        total += weight
    return [w / total for w in strategy], solution[size]


def _gauss(equations: list[list[float]]) -> list[float] | None:
    """Solve a square linear system given as augmented rows; None when singular (partial pivoting: the
    first row with the largest entry)."""
    n = len(equations)
    rows = [list(row) for row in equations]
    for row in rows:
        if len(row) != n + 1:
            return None
    for column in range(n):
        pivot, largest = column, abs(rows[column][column])
        for r in range(column + 1, n):
            entry = abs(rows[r][column])
            if entry > largest:
                pivot, largest = r, entry
        if largest < 1e-12:
            return None
        rows[column], rows[pivot] = rows[pivot], rows[column]
        lead = rows[column]
        for r in range(n):
            if r != column:
                row = rows[r]
                factor = row[column] / lead[column]
                rows[r] = [row[k] - factor * lead[k] for k in range(n + 1)]
    return [rows[i][n] / rows[i][i] for i in range(n)]


# ------------------------------------------------------------------------------- naming ---

STRATEGIES: dict[str, type] = {"random": RandomPlayer, "greedy": GreedyPlayer, "yomi": YomiPlayer}


def parse_player(name: str) -> tuple[str, str]:
    """`greedy:hoard` -> (`greedy`, `hoard`); the exchange defaults to `eager`.  Raises ValueError."""
    strategy, _, exchange = name.strip().partition(":")
    exchange = exchange or "eager"
    if strategy not in STRATEGIES:
        raise ValueError(f"no strategy `{strategy}` (the strategies are {', '.join(STRATEGIES)}; the bots for "
                         "any game, rollout:N and ismcts:N, play too)")
    if exchange not in EXCHANGES:
        raise ValueError(f"no exchange policy `{exchange}` (the policies are {', '.join(EXCHANGES)})")
    return strategy, exchange


def make_player(name: str, rng: _random.Random) -> Player:
    """The bot called `name` (`STRATEGY[:EXCHANGE]`) with its random generator."""
    strategy, exchange = parse_player(name)
    return STRATEGIES[strategy](rng, EXCHANGES[exchange]())
