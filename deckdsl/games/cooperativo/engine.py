"""The cooperative sequence game (seed 003, `deckdsl/games/cooperativo/cooperativo.game`): its engine.

Every seat sees every hand but its own; on their turn a player takes one of four moves (a card from a
player to another, a card from a player to the recycle pile, a card bought from the reserve for a player,
a card bought and recycled) or "bate" to start the check.  The table succeeds together (every seat scores
1) when every player's three cards are equal or in sequence, or fails together (0) after `move_limit`
turns.  The rule parameters and options (`settings`) and the readings they settle: docs/rules-cooperativo.md.
"""

from __future__ import annotations

import random as _random
from collections.abc import Sequence
from dataclasses import dataclass, field

from ...lang import ast
from ...profiles.profile import Profile
from ..interface import Engine
from .state import CooperativoState

__all__ = ["CooperativoEngine", "CooperativoState", "Table", "make_engine"]


@dataclass(frozen=True)
class Table:
    """What does not change during a game: the cards (by id), how they are written, the settings."""

    names: tuple[str, ...]
    """Each card's name in the deck (`Cinco de Copas`)."""
    short: tuple[str, ...]
    """Each card's rank and suit symbol (`5♥`), how the state writes it."""
    order: tuple[int, ...]
    """Each card's place in a sequence (the profile's `order`: A 1 … K 13)."""
    ace: tuple[bool, ...]
    """Whether the card is an ace (the `ace` option moves it)."""
    seats: int
    settings: dict
    language: str = "pt-BR"
    """The screen's language (a BCP 47 tag): the deck's, else the profile's."""
    fits: dict[tuple[int, ...], int] = field(default_factory=dict, compare=False, repr=False)
    """`fit` by the ranks of a hand (a search asks it of the same few hands at every iteration; at most a few
    thousand rank combinations, whatever the number of games)."""

    def sequence_or_equal(self, cards: list[int]) -> bool:
        """Whether `cards` are exactly 3 cards whose ranks are equal or form a sequence (suits do not count)."""
        if len(cards) != 3:
            return False
        option = self.settings["ace"]
        readings = [[self.order[c] for c in cards]]
        if any(self.ace[c] for c in cards):
            high = [14 if self.ace[c] else self.order[c] for c in cards]
            readings = {"low": readings, "high": [high], "both": [readings[0], high]}[option]
        for values in readings:
            values = sorted(values)
            if values[0] == values[2] or (values[1] == values[0] + 1 and values[2] == values[1] + 1):
                return True
        return False

    def fit(self, cards: list[int]) -> int:
        """How many of `cards` fit one set or run at most (0 to 3): 3 when three of them are equal or in
        sequence, 2 when two could be completed by one more card."""
        key = tuple(sorted([self.order[c] * 2 + self.ace[c] for c in cards]))  # what `_fit` reads of them
        found = self.fits.get(key)
        if found is None:
            found = self.fits[key] = self._fit(cards)
        return found

    def _fit(self, cards: list[int]) -> int:
        readings = [[self.order[c] for c in cards]]
        if any(self.ace[c] for c in cards) and self.settings["ace"] != "low":
            high = [14 if self.ace[c] else self.order[c] for c in cards]
            readings = [high] if self.settings["ace"] == "high" else [readings[0], high]
        best = 0
        for values in readings:
            present = set(values)
            for value in present:
                best = max(best, min(3, values.count(value)),
                           *(len(present & {start, start + 1, start + 2}) for start in (value - 2, value - 1, value)))
        return best

    def card(self, short_or_name: str) -> list[int]:
        """The ids of the cards written `short_or_name` (`5♥` or `Cinco de Copas`)."""
        return [i for i in range(len(self.names)) if short_or_name in (self.short[i], self.names[i])]


class CooperativoEngine(Engine):
    """The rules for one deck: deals each game (`new_state`) or a fixed deal (`deal`, for tests)."""

    cooperative = True

    def __init__(self, table: Table, name: str):
        self.table, self.name, self.seats = table, name, table.seats
        self._next_first = 0

    def _first(self, rng: _random.Random) -> int:
        option = self.table.settings["first_player"]
        if option == "random":
            return rng.randrange(self.seats)
        if option == "rotate":
            first, self._next_first = self._next_first, (self._next_first + 1) % self.seats
            return first
        return 0

    def new_state(self, rng: _random.Random) -> CooperativoState:
        """Shuffle, deal 3 cards to each player one at a time from the top, the rest is the reserve."""
        cards = list(range(len(self.table.names)))
        rng.shuffle(cards)  # "embaralhar as cartas"; the top of the reserve is the end of the list
        hands: list[list[int]] = [[] for _ in range(self.seats)]
        for _ in range(3):
            for seat in range(self.seats):
                hands[seat].append(cards.pop())
        return CooperativoState(self.table, hands, cards, [], self._first(rng), rng)

    def deal(self, hands: list[list[str]], reserve: list[str], recycle: Sequence[str] = (), first: int = 0,
             seed: int = 0) -> CooperativoState:
        """A fixed deal by card (`5♥`): `reserve` top first, `recycle` bottom first; cards not named are out
        of the game.  Raises ValueError for an unknown or repeated card."""
        used: set[int] = set()

        def ids(written: list[str]) -> list[int]:
            out = []
            for text in written:
                free = [i for i in self.table.card(text) if i not in used]
                if not free:
                    raise ValueError(f"no (more) card `{text}` in the deck")
                used.add(free[0])
                out.append(free[0])
            return out

        if len(hands) != self.seats:
            raise ValueError(f"{len(hands)} hands for {self.seats} players")
        dealt = [ids(hand) for hand in hands]
        return CooperativoState(self.table, dealt, ids(reserve)[::-1], ids(list(recycle)), first,
                                _random.Random(seed))


def make_engine(deck: ast.Deck, profile: Profile, settings: dict | None = None) -> CooperativoEngine:
    """The engine of `deck` (cards read through `profile`: rank, suit, the `order` property) with the rule
    parameters and options `settings` (missing ones at the profile's defaults)."""
    values = {**profile.parameters(), **(settings or {})}
    suit_spec = profile.attributes.get("suit")
    names, short, order, ace = [], [], [], []
    for card in deck.cards:
        rank = profile.value_of(card, "rank")
        suit = profile.value_of(card, "suit")
        number = profile.property_of(card, "order")
        if rank is None or number is None:
            raise ValueError(f"card `{card.name}` has no rank the game can order")
        symbol = suit_spec.symbols.get(suit, suit) if suit_spec and suit else ""
        for _ in range(max(1, card.copies)):
            names.append(card.name)
            short.append(f"{rank}{symbol}")
            order.append(number)
            ace.append(rank == "A")
    seats = int(values["players"])
    if len(names) < 3 * seats + 2:
        raise ValueError(f"{len(names)} cards are too few for {seats} players")
    table = Table(tuple(names), tuple(short), tuple(order), tuple(ace), seats, values,
                  deck.language or profile.language or "pt-BR")
    return CooperativoEngine(table, profile.name)
