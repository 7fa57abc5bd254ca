"""The rules engine of «Дамы против Королей» (Queens vs Kings, seed 004), on the game interface.

Two players, one colour each (red: hearts and diamonds; black: spades and clubs).  Each colour is a main
deck (A, 2–10: the profile's `part` `main`) and an extra deck (J, Q, K: `part` `extra`).  The game is
four skirmishes (`length`); each opens with draws — 3 extra cards, discard 1 (skirmishes 1 and 3), then 5
main cards, discard 2 — and is a climbing pile: the starter lays a card, then each in turn lays a card
that may go on the top one, or passes.  The player whose card is on top takes the pile; its cards count
their mana at the end.  Main cards left in hand are discarded after every skirmish, extra cards after
skirmishes 2 and 4.

Cards are read through the profile (`rank`, `suit`, `colour`, `part`, the properties `power` and `mana`, and
the relations `ace` and `court`), so nothing here names a card.  Actions: a card's index in the deck
(lay it, or discard it while discarding) and `PASS`.  The open points of the seed are rule options of the
profile (`length`, `precedence`, `court`, `passing`, `red_seat`; docs/rules-queens-vs-kings.md).
"""

from __future__ import annotations

import random as _random
from dataclasses import dataclass
from typing import Final

from mypy_extensions import mypyc_attr

from ...lang import ast
from ...profiles.profile import Profile
from ...text.catalog import Catalog, speaking
from ..chance import below, shuffle, stream_from
from ..interface import TERMINAL, Engine, State

PASS: Final = 1000
"""The action `pass` (card actions are deck indices, always below it)."""
EXTRA_DRAW: Final = 3
EXTRA_DISCARD: Final = 1
MAIN_DRAW: Final = 5
MAIN_DISCARD: Final = 2

DISCARD_EXTRA: Final = "discard-extra"
DISCARD_MAIN: Final = "discard-main"
PLAY: Final = "play"
OVER: Final = "over"

SCREEN: Final = "deckdsl.games.queens_vs_kings"
"""The package whose `locales/` hold the game's screen (`deckdsl.text.catalog.speaking`)."""


@dataclass(frozen=True)
class Card:
    """One card as the engine sees it, read through the profile."""

    name: str
    rank: str
    suit: str
    colour: str
    part: str
    kind: str
    """`ace`, `court` or `number`: the seed's precedence classes."""
    power: int
    mana: int
    bonus: int = 0
    """The suit's part of `power` (the profile's `power` table for `suit`: hearts and spades +1)."""


@dataclass(frozen=True)
class Rules:
    skirmishes: int
    extra_draw_at: frozenset[int]
    extra_discard_after: frozenset[int]
    precedence: str
    passing: str
    red_seat: str
    court: str = "suits"


def read_cards(deck: ast.Deck, profile: Profile) -> tuple[list[Card], dict[str, tuple[str, ...]]]:
    """The deck's cards (one per copy) and the court cycle (rank -> the ranks it beats)."""
    relations = {relation.name: relation for relation in profile.relations}
    court = dict(relations["court"].beats) if "court" in relations else {}
    aces = set(relations["ace"].beats) if "ace" in relations else set()
    suits = profile.properties["power"].tables.get("suit", {}) if "power" in profile.properties else {}
    cards = []
    for card in deck.cards:
        rank = profile.value_of(card, "rank")
        kind = "ace" if rank in aces else "court" if rank in court else "number"
        for _ in range(card.copies):
            cards.append(Card(card.name, str(rank), str(profile.value_of(card, "suit")),
                              str(profile.value_of(card, "colour")), str(profile.value_of(card, "part")), kind,
                              profile.property_of(card, "power") or 0, profile.property_of(card, "mana") or 0,
                              suits.get(str(profile.value_of(card, "suit")), 0)))
    return cards, court


def compare(a: Card, b: Card, court: dict[str, tuple[str, ...]], precedence: str, cycle: str = "suits") -> int:
    """+1 when `a` is stronger than `b`, 0 when they are equal, -1 when weaker.  Two court cards of different
    ranks follow the cycle (K > Q > J > K): under `suits` (the option `court`) the cycle's winner stands one
    step above the loser and the suits' bonuses count as everywhere else, so a loser with the greater bonus
    comes level (K♦ = Q♥, K♥ = J♣); under `cycle` the cycle decides whatever the suits.  Under `kinds` an
    ace beats every other card and a court card every number; otherwise (`power`, and two cards of one
    kind) the power decides: the rank's number plus the suit's bonus."""
    if a.kind == "court" and b.kind == "court" and a.rank != b.rank:
        step = 1 if b.rank in court.get(a.rank, ()) else -1
        if cycle == "cycle":
            return step
        lead = step + a.bonus - b.bonus
        return (lead > 0) - (lead < 0)
    if precedence == "kinds" and a.kind != b.kind:
        order = {"number": 0, "court": 1, "ace": 2}
        return 1 if order[a.kind] > order[b.kind] else -1
    return (a.power > b.power) - (a.power < b.power)


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (setup.py): `clone` makes a copy without `__init__`
class QueensVsKingsState(State):
    seats = 2

    def __init__(self, engine: QueensVsKingsEngine, rng: _random.Random, piles: dict[str, list[int]], red: int):
        self.engine, self.rng = engine, stream_from(rng)
        self.legal: list[int] | None = None
        """The legal actions, worked out once per decision (`legal_actions`)."""
        self.colour = ["red", "black"] if red == 0 else ["black", "red"]
        self.main = [list(piles[f"{c}-main"]) for c in self.colour]
        """Draw piles, per seat; the top is the END of the list."""
        self.extra = [list(piles[f"{c}-extra"]) for c in self.colour]
        self.hand: list[list[int]] = [[], []]
        self.discard: list[list[int]] = [[], []]
        self.won: list[list[int]] = [[], []]
        self.table: list[tuple[int, int]] = []
        self.plays: list[list[int]] = [[], []]
        """The cards each seat played to a climb, in order (for the per-card figures)."""
        self.skirmish, self.starter, self.turn, self.phase = 0, red, red, PLAY
        self.owed = [0, 0]
        self.played = [False, False]
        self.passes = 0
        self.last_pass = False
        self.stats = {"cards_played": 0, "passes": 0, "starter_won": 0}
        self._next_skirmish()

    # -- the schedule ---------------------------------------------------------------------------------

    def _draw(self, seat: int, pile: list[int], count: int) -> None:
        for _ in range(min(count, len(pile))):
            self.hand[seat].append(pile.pop())
        self.hand[seat].sort()

    def _next_skirmish(self) -> None:
        self.skirmish += 1
        if self.skirmish > self.engine.rules.skirmishes:
            self.phase, self.skirmish = OVER, self.engine.rules.skirmishes
            return
        self.played, self.passes, self.last_pass = [False, False], 0, False
        if self.skirmish in self.engine.rules.extra_draw_at:
            for seat in (0, 1):
                self._draw(seat, self.extra[seat], EXTRA_DRAW)
            self._start_discard(DISCARD_EXTRA, EXTRA_DISCARD)
        else:
            self._main_draw()

    def _main_draw(self) -> None:
        for seat in (0, 1):
            self._draw(seat, self.main[seat], MAIN_DRAW)
        self._start_discard(DISCARD_MAIN, MAIN_DISCARD)

    def _start_discard(self, phase: str, count: int) -> None:
        self.phase = phase
        extra = self.engine.extra
        wanted = phase == DISCARD_EXTRA
        self.owed = [min(count, sum(extra[c] == wanted for c in self.hand[seat])) for seat in (0, 1)]
        self.turn = self.starter
        self._after_discard()

    def _after_discard(self) -> None:
        if self.owed[self.turn] == 0:
            self.turn = 1 - self.turn
        if self.owed[self.turn] > 0:
            return
        if self.phase == DISCARD_EXTRA:
            self._main_draw()
        else:
            self.phase, self.turn = PLAY, self.starter

    def _end_skirmish(self) -> None:
        winner = self.table[-1][0] if self.table else self.starter
        self.won[winner].extend(card for _, card in self.table)
        self.table = []
        self.stats["starter_won"] += winner == self.starter
        clear_extra = self.skirmish in self.engine.rules.extra_discard_after
        extra = self.engine.extra
        for seat in (0, 1):
            kept = [] if clear_extra else [c for c in self.hand[seat] if extra[c]]
            self.discard[seat].extend(c for c in self.hand[seat] if c not in kept)
            self.hand[seat] = kept
        self.starter = self.turn = winner
        self._next_skirmish()

    # -- the interface --------------------------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.turn

    def _playable(self, seat: int) -> list[int]:
        if not self.table:
            return list(self.hand[seat])
        top = self.table[-1][1]
        order = self.engine.order
        return [c for c in self.hand[seat] if order[c][top] >= 0]

    def legal_actions(self) -> list[int]:
        legal = self.legal
        if legal is None:
            self.legal = legal = self._legal()
        return legal

    def _legal(self) -> list[int]:
        if self.phase == OVER:
            return []
        seat = self.turn
        if self.phase != PLAY:
            extra, wanted = self.engine.extra, self.phase == DISCARD_EXTRA
            return [c for c in self.hand[seat] if extra[c] == wanted]
        playable = self._playable(seat)
        if not playable or (self.table and self.played[seat]):
            return [*playable, PASS]
        return playable

    def apply(self, action: int) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"action {action} ({self.describe(action)}) is not legal now")
        self.legal = None
        seat = self.turn
        if self.phase != PLAY:
            self.hand[seat].remove(action)
            self.discard[seat].append(action)
            self.owed[seat] -= 1
            self._after_discard()
            return
        if action == PASS:
            self.stats["passes"] += 1
            self.passes += 1
            self.last_pass = True
            if self.engine.rules.passing == "final" or self.passes >= 2:
                self._end_skirmish()
            else:
                self.turn = 1 - seat
            return
        self.hand[seat].remove(action)
        self.table.append((seat, action))
        self.plays[seat].append(action)
        self.played[seat], self.passes, self.last_pass = True, 0, False
        self.stats["cards_played"] += 1
        self.turn = 1 - seat

    def cards_of(self, seat: int) -> list[str]:
        """The cards `seat` played to a climb."""
        return sorted({self.engine.cards[card].name for card in self.plays[seat]})

    def mana(self, seat: int) -> int:
        return sum(self.engine.cards[c].mana for c in self.won[seat])

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0, 0.0]
        difference = self.mana(0) - self.mana(1)
        return [0.0, 0.0] if difference == 0 else [1.0, -1.0] if difference > 0 else [-1.0, 1.0]

    def _names(self, words: Catalog, ids) -> str:
        return ", ".join(self.engine.cards[c].name for c in ids) or words.say("qvk-none")

    def information(self, seat: int) -> str:
        words, cards, other = self.engine.words(), self.engine.cards, 1 - seat
        table = [words.say("qvk-mine" if s == seat else "qvk-theirs", card=cards[c].name) for s, c in self.table]
        if table:
            table[-1] = words.say("qvk-top", card=table[-1])
        lines = [
            words.say("qvk-you", colour=self.colour[seat], seat=seat + 1),
            words.say("qvk-skirmish", number=self.skirmish, of=self.engine.rules.skirmishes, phase=self.phase),
            words.say("qvk-hand", cards=self._names(words, self.hand[seat])),
            words.say("qvk-discarded", cards=self._names(words, self.discard[seat])),
            words.say("qvk-piles", main=len(self.main[seat]), extra=len(self.extra[seat]),
                      omain=len(self.main[other]), oextra=len(self.extra[other])),
            words.say("qvk-opponent", count=len(self.hand[other]), discarded=len(self.discard[other]),
                      extra=sum(cards[c].part == "extra" for c in self.hand[other])),
            words.say("qvk-table", cards=", ".join(table) or words.say("qvk-none")),
            words.say("qvk-won", mine=self._names(words, self.won[seat]), m=self.mana(seat),
                      theirs=self._names(words, self.won[other]), t=self.mana(other)),
        ]
        if self.phase == OVER:
            lines.append(words.say("qvk-result", m=self.mana(seat), t=self.mana(other)))
        else:
            if self.phase == PLAY and self.last_pass and self.turn == seat:
                lines.append(words.say("qvk-passed"))
            lines.append(words.say("qvk-turn-mine" if self.turn == seat else "qvk-turn-theirs"))
        return "\n".join(lines)

    def announce(self, action: int, seat: int) -> str:
        """A card laid on the climbing pile is seen by both; a discard is face down."""
        words = self.engine.words()
        if action == PASS:
            return words.say("qvk-did-pass")
        if self.phase == PLAY:
            return words.say("qvk-did-play", card=self.engine.cards[action].name)
        return words.say("qvk-did-discard")

    def follow(self, seat: int, language: str) -> bool:
        """The screen speaks `language` from now on (`deckdsl play --lang`); the table announces the moves."""
        self.engine.language = language
        return False

    def key(self, seat: int) -> tuple:
        other, extra = 1 - seat, self.engine.extra
        return (seat, self.skirmish, self.phase, self.turn == seat, self.last_pass and self.turn == seat,
                tuple(self.hand[seat]), tuple(self.discard[seat]), len(self.main[seat]), len(self.extra[seat]),
                len(self.main[other]), len(self.extra[other]), len(self.hand[other]), len(self.discard[other]),
                sum([extra[c] for c in self.hand[other]]), tuple(self.table), tuple(self.won[seat]),
                tuple(self.won[other]))

    def clone(self) -> QueensVsKingsState:
        copy = QueensVsKingsState.__new__(QueensVsKingsState)
        copy.engine, copy.skirmish, copy.starter, copy.turn = self.engine, self.skirmish, self.starter, self.turn
        copy.phase, copy.passes, copy.last_pass = self.phase, self.passes, self.last_pass
        for name in ("main", "extra", "hand", "discard", "won", "plays"):
            setattr(copy, name, [list(cards) for cards in getattr(self, name)])
        copy.colour, copy.table, copy.owed, copy.played = list(self.colour), list(self.table), list(self.owed), list(self.played)
        copy.stats = dict(self.stats)
        copy.rng = self.rng.copy()
        copy.legal = None
        return copy

    def describe(self, action: int) -> str:
        words = self.engine.words()
        if action == PASS:
            return words.say("qvk-pass")
        return words.say("qvk-play" if self.phase == PLAY else "qvk-discard", card=self.engine.cards[action].name)

    def determinize(self, seat: int, rng: _random.Random) -> QueensVsKingsState:
        """The opponent's hand, discards and draw piles are drawn again from the opponent's cards `seat` has
        not seen on the table (main and extra cards apart: the count of each in the opponent's hand is
        known); `seat`'s own draw piles are shuffled; the generator is new."""
        copy, other, cards = self.clone(), 1 - seat, self.engine.cards
        for part, pile in (("main", copy.main), ("extra", copy.extra)):
            held = [c for c in copy.hand[other] if cards[c].part == part]
            gone = [c for c in copy.discard[other] if cards[c].part == part]
            pool = held + gone + pile[other]
            shuffle(rng, pool)
            new_held, pool = pool[: len(held)], pool[len(held):]
            new_gone, pile[other] = pool[: len(gone)], pool[len(gone):]
            copy.hand[other] = sorted([c for c in copy.hand[other] if cards[c].part != part] + new_held)
            copy.discard[other] = [c for c in copy.discard[other] if cards[c].part != part] + new_gone
            shuffle(rng, pile[seat])
        copy.rng = stream_from(rng)
        return copy

    def figures(self) -> dict[str, float]:
        red = self.colour.index("red")
        mana = [self.mana(0), self.mana(1)]
        return {"skirmishes": float(self.skirmish if self.phase == OVER else self.skirmish - 1),
                "mana_seat0": float(mana[0]), "mana_seat1": float(mana[1]),
                "mana_red": float(mana[red]), "mana_black": float(mana[1 - red]),
                "red_wins": float(mana[red] > mana[1 - red]), "tied": float(mana[0] == mana[1]),
                "cards_played": float(self.stats["cards_played"]), "passes": float(self.stats["passes"]),
                "starter_won": float(self.stats["starter_won"])}


class QueensVsKingsEngine(Engine):
    seats = 2

    card_use = "played"

    def __init__(self, deck: ast.Deck, profile: Profile, settings: dict):
        self.name = profile.name
        self.cards, self.court = read_cards(deck, profile)
        self.language: str = deck.language or profile.language or "ru"
        """The screen's language (a BCP 47 tag): the deck's, else the profile's; `follow` sets another."""
        length = str(settings.get("length", "four"))
        if length not in ("four", "two"):
            raise ValueError(f"`length` must be `four` or `two`, not `{length}`")
        four = length == "four"
        self.rules = Rules(
            skirmishes=4 if four else 2,
            extra_draw_at=frozenset({1, 3} if four else {1, 2}),
            extra_discard_after=frozenset({2, 4} if four else {1, 2}),
            precedence=str(settings.get("precedence", "power")),
            passing=str(settings.get("passing", "final")),
            red_seat=str(settings.get("red_seat", "random")),
            court=str(settings.get("court", "suits")),
        )
        self.index = {card.name: i for i, card in enumerate(self.cards)}
        self.order = [[self.compare(a, b) for b in self.cards] for a in self.cards]
        """`order[a][b]`: `compare` of the cards of indices `a` and `b`, worked out once."""
        self.extra = [card.part == "extra" for card in self.cards]

    def compare(self, a: Card, b: Card) -> int:
        return compare(a, b, self.court, self.rules.precedence, self.rules.court)

    def piles(self) -> dict[str, list[int]]:
        """Every colour's main and extra deck, in deck order."""
        found: dict[str, list[int]] = {f"{c}-{p}": [] for c in ("red", "black") for p in ("main", "extra")}
        for i, card in enumerate(self.cards):
            found.setdefault(f"{card.colour}-{card.part}", []).append(i)
        return found

    def words(self) -> Catalog:
        """The screen's words, in `language` (its catalog, else its language's, else English)."""
        return speaking(self.language, SCREEN)

    def new_state(self, rng: _random.Random) -> QueensVsKingsState:
        piles = self.piles()
        for pile in piles.values():
            shuffle(rng, pile)
        red = {"first": 0, "second": 1}.get(self.rules.red_seat)
        if red is None:
            red = below(rng, 2)
        return QueensVsKingsState(self, rng, piles, red)

    def deal(self, tops: dict[str, list[str]], red: int = 0, rng: _random.Random | None = None) -> QueensVsKingsState:
        """A game with a fixed deal: `tops[\"red-main\"]` (and `red-extra`, `black-main`, `black-extra`) are
        the cards drawn first from that pile, by name, first drawn first; the rest of the pile follows
        in deck order."""
        piles = self.piles()
        for key, names in tops.items():
            ids = [self.index[name] for name in names]
            if any(c not in piles[key] for c in ids):
                raise ValueError(f"not all of {names} are in the pile {key}")
            rest = [c for c in piles[key] if c not in ids]
            piles[key] = list(reversed(ids + rest))
        return QueensVsKingsState(self, rng or _random.Random(0), piles, red)


def make_engine(deck: ast.Deck, profile: Profile, settings: dict) -> QueensVsKingsEngine:
    return QueensVsKingsEngine(deck, profile, settings)
