"""`GameStats`: what one game did, per card, for `deckdsl simulate` (filled by `Game` as it plays)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

if TYPE_CHECKING:
    from .game import Game


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (setup.py): `copy` makes a copy without `__init__`
class GameStats:
    """What one game did, for `deckdsl simulate`.  Per card definition index: `taken[seat]` (won
    through a dispute), `fired` (actions that happened), `discarded`, `exchanged` and `exchanged_value`
    (cards spent in exchanges and their value then).  `exchanges`: (round, seat, domain size, points,
    stars bought) per exchange.  `marked`: card ids to look for on the table (the deck's advanced
    copies, for `deckdsl simulate`); `tables` / `marked_tables`: the tables seen after each refill / those
    holding at least one marked card; `first_marked`: whether the first table (a fresh deal) held one."""

    __slots__ = ("taken", "fired", "discarded", "exchanged", "exchanged_value", "exchanges", "marked", "tables",
                 "marked_tables", "first_marked")

    def __init__(self, size: int, marked: frozenset[int] = frozenset()):
        self.taken = ([0] * size, [0] * size)
        self.fired = [0] * size
        self.discarded = [0] * size
        self.exchanged = [0] * size
        self.exchanged_value = [0] * size
        self.exchanges: list[tuple] = []
        self.marked = marked
        self.tables = 0
        self.marked_tables = 0
        self.first_marked: bool | None = None

    def copy(self) -> GameStats:
        """An independent copy (a round replayed from its copy starts from the figures it had then)."""
        copy = GameStats.__new__(GameStats)
        copy.taken = (list(self.taken[0]), list(self.taken[1]))
        copy.fired, copy.discarded = list(self.fired), list(self.discarded)
        copy.exchanged, copy.exchanged_value = list(self.exchanged), list(self.exchanged_value)
        copy.exchanges = list(self.exchanges)
        copy.marked, copy.tables, copy.marked_tables = self.marked, self.tables, self.marked_tables
        copy.first_marked = self.first_marked
        return copy

    def record_table(self, game: Game, table: list[int]) -> None:
        held = not self.marked.isdisjoint(table)
        if not self.tables:
            self.first_marked = held
        self.tables += 1
        self.marked_tables += held

    def record_take(self, game: Game, seat: int, card: int) -> None:
        self.taken[seat][game.compiled.def_of[card]] += 1

    def record_exchange(self, game: Game, seat: int, domain: list[int], points, stars: int) -> None:
        def_of = game.compiled.def_of
        for card in domain:
            index = def_of[card]
            self.exchanged[index] += 1
            self.exchanged_value[index] += game.value(card)
        self.exchanges.append((game.round, seat, len(domain), points, stars))
