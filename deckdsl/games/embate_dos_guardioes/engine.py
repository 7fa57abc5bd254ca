"""The rules engine of Embate dos Guardiões (seed 001), on the game interface.

Two players, the 13 spades.  Par ou ímpar (a coin) says who picks first; the players take face-down places
in turn until each holds five cards, pick a first guardian blindly among the three left, the last is the
centre.  Then the five phases: negotiation (each takes a card blindly from the other), second guardian
(lower than the first, or the lowest held), central clash (above the centre, or the highest held), duel of
orders (pairs turned over, the higher takes the pair) and the guardians' clash (the higher sum attacks; the
defender turns guardians over until its sum wins, then counter-attacks).  An improper face-down card is a
bluff: found out, its player loses.  Cards are read through the profile (`value`).  Actions: a place on
the table, a place in the opponent's hand, or a card's index in the deck.  The seed's open points are rule
options of the profile (docs/rules-embate-dos-guardioes.md).
"""

from __future__ import annotations

import random as _random
from typing import Final

from mypy_extensions import mypyc_attr

from ...lang import ast
from ...profiles.profile import Profile
from ...text.catalog import Catalog, speaking
from ..chance import below, shuffle, stream_from
from ..interface import TERMINAL, Engine, State
from . import bluffs

DRAFT: Final = "draft"
GUARDIAN1: Final = "guardian1"
NEGOTIATE: Final = "negotiate"
GUARDIAN2: Final = "guardian2"
CLASH: Final = "clash"
ORDER: Final = "order"
OVER: Final = "over"
HAND: Final = 5
SCREEN: Final = "deckdsl.games.embate_dos_guardioes"
"""The package whose `locales/<tag>.ftl` hold what a seat is told (`deckdsl.text.catalog.speaking`,
`screen.py`)."""
class EmbateEngine(Engine):
    card_use = "drafted and kept"

    def __init__(self, deck: ast.Deck, profile: Profile, settings: dict):
        self.name, self.seats = profile.name, 2
        cards = [card for card in deck.cards for _ in range(card.copies)]
        if len(cards) != 2 * HAND + 3:
            raise ValueError(f"{profile.name} is played with {2 * HAND + 3} cards, not {len(cards)}")
        self.names = [card.name for card in cards]
        self.values = [profile.property_of(card, "value") or 0 for card in cards]
        defaults = {name: parameter.default for name, parameter in profile.rules.items()}
        self.settings = {**defaults, **(settings or {})}
        self.language: str = deck.language or profile.language or "pt-BR"
        """The screen's language (a BCP 47 tag): the deck's, else the profile's; `follow` sets another."""

    def words(self) -> Catalog:
        """The screen's words, in `language` (its catalog, else its language's, else English)."""
        return speaking(self.language, SCREEN)

    def new_state(self, rng: _random.Random) -> EmbateState:
        layout = list(range(len(self.names)))
        shuffle(rng, layout)
        return EmbateState(self, rng, layout, below(rng, 2))


def make_engine(deck: ast.Deck, profile: Profile, settings: dict) -> EmbateEngine:
    return EmbateEngine(deck, profile, settings)


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (setup.py): `clone` makes a copy without `__init__`
class EmbateState(State):
    seats = 2

    def __init__(self, engine: EmbateEngine, rng: _random.Random, layout: list[int], first: int,
                 shuffle_hands: bool = True):
        self.engine, self.rng, self.first = engine, stream_from(rng), first
        self.shuffle_hands = shuffle_hands  # False: a scripted deal keeps hands in the order given
        self.table: list[int | None] = list(layout)
        self.hands: list[list[int]] = [[], []]
        self.g1: list[int | None] = [None, None]
        self.g2: list[int | None] = [None, None]
        self.open_guardians: list[list[str]] = [[], []]  # "g2", "g1" as they are turned over
        self.center: int | None = None
        self.pending: list = [None, None]  # a hidden choice made, not yet revealed
        self.took: list[int | None] = [None, None]  # the card each took in the negotiation
        self.clash: list[int | None] = [None, None]
        self.piles: list[list[int]] = [[], []]
        self.duel: list[list[int]] = [[], []]  # each seat's duel cards turned over so far
        self.won: list[list[int]] = [[], []]
        self.phase, self.turn = DRAFT, first
        self.winner: int | None = None  # -1: a draw
        self.reason = ""
        self.forgiven: set[int] = set()
        self.log: list[tuple] = []  # public events, as every seat saw them (`screen.FACTS`)
        self.counts = {"actions": 0, "attacks": 0, "guardians_revealed": 0}
        self.reached = 0  # the last of the five phases begun (0: the preparation)

    # -- the interface ---------------------------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.turn

    def legal_actions(self) -> list[int]:
        seat, phase = self.turn, self.phase
        if phase in (DRAFT, GUARDIAN1):
            return [place for place, card in enumerate(self.table) if card is not None]
        if phase == NEGOTIATE:
            return list(range(len(self.hands[1 - seat])))
        if phase in (GUARDIAN2, CLASH):  # any card (a bluff), or only the proper ones
            proper = self.proper_g2 if phase == GUARDIAN2 else self.proper_clash
            forbidden = self.setting("bluffs") == "forbidden"
            return [card for card in sorted(self.hands[seat]) if not forbidden or proper(seat, card)]
        if phase == ORDER:
            return sorted(self.hands[seat])
        return []

    def apply(self, action: int) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"illegal action {action} in phase {self.phase}")
        self.counts["actions"] += 1
        seat, other = self.turn, 1 - self.turn
        if self.phase == DRAFT:
            card = self.table[action]
            assert card is not None  # a legal action is a place holding a card
            self.hands[seat].append(card)
            self.table[action] = None
            self.log.append(("took-place", seat, action))
            if len(self.hands[other]) < HAND:
                self.turn = other
            elif len(self.hands[seat]) == HAND:
                self.phase, self.turn = GUARDIAN1, self.first
        elif self.phase == GUARDIAN1:
            self.g1[seat] = self.table[action]
            self.table[action] = None
            self.log.append(("chose-first", seat, action))
            self.turn = other
            if self.g1[other] is not None:
                place = next(p for p, card in enumerate(self.table) if card is not None)
                self.center, self.table[place] = self.table[place], None
                self.log.append(("center-laid", place))
                self.start_negotiation()
        elif self.phase == NEGOTIATE:
            self.negotiate(seat, action)
        elif self.phase == GUARDIAN2:
            self.hands[seat].remove(action)
            self.g2[seat] = action
            self.log.append(("second-down", seat))
            self.turn = other if self.g2[other] is None else self.first
            if self.g2[other] is not None:
                self.phase, self.reached = CLASH, 3
                self.log.append(("center-shown", self.center))
        elif self.phase == CLASH:
            self.hands[seat].remove(action)
            self.pending[seat] = action
            self.log.append(("played-down", seat))
            self.turn = other
            if self.pending[other] is not None:
                self.resolve_clash()
        elif self.phase == ORDER:
            self.hands[seat].remove(action)
            self.piles[seat].append(action)
            if len(self.hands[seat]) == 1:
                self.piles[seat].append(self.hands[seat].pop())
                self.log.append(("pile-built", seat))
                self.turn = other
                if self.piles[other]:
                    self.resolve_duels()

    def returns(self) -> list[float]:
        if self.phase != OVER or self.winner in (None, -1):
            return [0.0, 0.0]
        return [1.0 if seat == self.winner else -1.0 for seat in range(2)]

    def clone(self) -> EmbateState:
        copy = EmbateState.__new__(EmbateState)
        copy.engine, copy.first, copy.shuffle_hands = self.engine, self.first, self.shuffle_hands
        copy.center, copy.reached = self.center, self.reached
        copy.phase, copy.turn, copy.winner, copy.reason = self.phase, self.turn, self.winner, self.reason
        copy.rng = self.rng.copy()
        for name in ("table", "g1", "g2", "pending", "took", "clash", "log"):
            setattr(copy, name, list(getattr(self, name)))
        for name in ("hands", "open_guardians", "piles", "duel", "won"):
            setattr(copy, name, [list(part) for part in getattr(self, name)])
        copy.forgiven, copy.counts = set(self.forgiven), dict(self.counts)
        return copy

    def describe(self, action: int) -> str:
        from .screen import describe

        return describe(self, action)

    def figures(self) -> dict[str, float]:
        return {"phases": self.reached,
                "actions": self.counts["actions"], "attacks": self.counts["attacks"],
                "guardians_revealed": self.counts["guardians_revealed"],
                "bluff_ending": 1.0 if self.reason.startswith("blefe") else 0.0,
                "draw": 1.0 if self.winner == -1 else 0.0}

    def cards_of(self, seat: int) -> list[str]:
        """The cards `seat` drafted and kept after the negotiation: its guardians and its hand, wherever
        they lie at the end."""
        own = [self.g1[seat], self.g2[seat], self.clash[seat], *self.hands[seat], *self.piles[seat], *self.duel[seat]]
        return sorted({self.engine.names[card] for card in own if card is not None})

    # -- the phases ------------------------------------------------------------------------------------

    def setting(self, name: str):
        return self.engine.settings[name]
    def start_negotiation(self) -> None:
        self.phase, self.turn, self.reached = NEGOTIATE, self.first, 1
        if self.shuffle_hands:
            for hand in self.hands:
                self.rng.shuffle(hand)

    def negotiate(self, seat: int, place: int) -> None:
        other = 1 - seat
        if self.setting("negotiation") == "sequential":
            self.take(seat, place)
            if seat == self.first:
                if self.shuffle_hands:
                    self.rng.shuffle(self.hands[seat])
                self.turn = other
            else:
                self.end_negotiation()
            return
        self.pending[seat] = place
        self.log.append(("picked", seat))
        self.turn = other
        if self.pending[other] is not None:
            taken = [self.hands[1 - s][self.pending[s]] for s in range(2)]
            for s in range(2):
                self.hands[1 - s].remove(taken[s])
            for s in range(2):
                self.hands[s].append(taken[s])
                self.took[s] = taken[s]
            self.log.append(("swapped",))
            self.pending = [None, None]
            self.end_negotiation()

    def take(self, seat: int, place: int) -> None:
        card = self.hands[1 - seat].pop(place)
        self.hands[seat].append(card)
        self.took[seat] = card
        self.log.append(("took-from-hand", seat, place + 1))

    def end_negotiation(self) -> None:
        self.phase, self.turn, self.reached = GUARDIAN2, self.first, 2
        for hand in self.hands:
            hand.sort()

    def resolve_clash(self) -> None:
        self.clash, self.pending = list(self.pending), [None, None]
        high = max(range(2), key=lambda s: self.value(self.clash[s]))
        assert self.center is not None  # laid at the first guardians
        self.won[high].append(self.center)
        self.log.append(("clash", self.clash[0], self.clash[1], high))
        if self.setting("duel_cards") == "four":
            for s, card in enumerate(self.clash):
                assert card is not None  # both seats played
                self.hands[s].append(card)
        if self.check_bluffs():
            return
        self.phase, self.turn, self.reached = ORDER, self.first, 4

    def resolve_duels(self) -> None:
        for pair in zip(*self.piles, strict=True):
            for s in range(2):
                self.duel[s].append(pair[s])
            high = max(range(2), key=lambda s: self.value(pair[s]))
            self.won[high].extend(pair)
            self.log.append(("duel", pair[0], pair[1], high))
            if self.check_bluffs():
                return
        self.piles = [[], []]
        self.battle()

    def strength(self, seat: int) -> tuple[int, int]:
        cards = self.won[seat] + [getattr(self, g)[seat] for g in self.open_guardians[seat]]
        values = [self.value(card) for card in cards]
        return sum(values), max(values, default=0)

    def beats(self, defender: int, attacker: int) -> bool:
        mine, theirs = self.strength(defender), self.strength(attacker)
        return mine[0] > theirs[0] if self.setting("defense_tie") == "attacker" else mine > theirs

    def battle(self) -> None:
        self.reached = 5
        sums = [self.strength(s) for s in range(2)]
        attacker = self.first if sums[0] == sums[1] else max(range(2), key=lambda s: sums[s])
        self.log.append(("sums", sums[0][0], sums[1][0], attacker))
        first_attack = True
        while True:
            self.counts["attacks"] += 1
            defender = 1 - attacker
            used_both = False
            while not self.beats(defender, attacker):
                hidden = [g for g in ("g2", "g1") if g not in self.open_guardians[defender]]
                if not hidden:
                    return self.finish(attacker, "ataque", ("all-taken", attacker))
                self.open_guardians[defender].append(hidden[0])
                used_both = hidden[0] == "g1"
                self.counts["guardians_revealed"] += 1
                card = getattr(self, hidden[0])[defender]
                self.log.append(("defends", defender, "second" if hidden[0] == "g2" else "first", card,
                                 self.strength(defender)[0], self.strength(attacker)[0]))
                if self.check_bluffs():
                    return None
            if first_attack and used_both and self.setting("full_defense") == "defender-wins":
                return self.finish(defender, "defesa", ("full-defense", defender))
            self.log.append(("counter", defender))
            attacker, first_attack = defender, False

    def finish(self, winner: int, reason: str, event: tuple) -> None:
        self.log.append(event)
        if self.setting("bluff_check") == "end" and self.phase != OVER:
            self.open_guardians = [["g2", "g1"] if self.g1[s] is not None else [] for s in range(2)]
            guilty = [s for s in range(2) if s not in self.forgiven and self.bluffed(s, self.g1[s], self.g2[s])]
            if guilty:
                self.log.append(("end-bluffed", guilty[0], "yes" if len(guilty) == 2 else "no"))
                winner, reason = (-1, "blefe-fim") if len(guilty) == 2 else (1 - guilty[0], "blefe-fim")
        self.phase, self.winner, self.reason = OVER, winner, reason

    # -- bluffs ----------------------------------------------------------------------------------------

    def hand_at_clash(self, seat: int) -> list[int]:
        """The cards the rules of a proper card compare with: `seat`'s hand, piles and duel cards, its clash
        card and the one it is putting down (a duel card still in its pile is listed twice, which changes no
        lowest or highest)."""
        played = [card for card in (self.clash[seat], self.pending[seat] if self.phase == CLASH else None)
                  if card is not None]
        return self.hands[seat] + self.piles[seat] + self.duel[seat] + played

    def proper_g2(self, seat: int, card: int) -> bool:
        values = self.engine.values
        lowest = min([values[c] for c in self.hand_at_clash(seat)], default=values[card])
        return bluffs.second_is_proper(values[card], self.value(self.g1[seat]), lowest)

    def proper_clash(self, seat: int, card: int) -> bool:
        values = self.engine.values
        highest = max([values[c] for c in self.hand_at_clash(seat)], default=values[card])
        return bluffs.clash_is_proper(values[card], self.value(self.center), highest)

    def ranked(self, seat: int) -> list[tuple[int, int]]:
        """(value, card) of every card `seat` owns, `hand_at_clash` and its guardians, lowest first."""
        values = self.engine.values
        size = len(values)
        guardians = [card for card in (self.g1[seat], self.g2[seat]) if card is not None]
        order = sorted([values[c] * size + c for c in self.hand_at_clash(seat) + guardians])  # (value, card) as ints
        return [(key // size, key % size) for key in order]

    def centre_value(self) -> int:
        return self.engine.values[self.center] if self.center is not None else 0

    def bluffed(self, seat: int, g1: int | None, g2: int | None) -> bool:
        """Whether `seat` bluffed, with these guardians (a world the opponent thinks possible)."""
        return bluffs.bluffed_in(self.engine.values, self.centre_value(), self.ranked(seat), g1, g2, self.clash[seat])

    def proven(self, seat: int) -> bool:
        """Whether what the opponent has seen proves that `seat` bluffed (`bluffs.proven`): the cards it has
        not seen are the seat's hand and piles but the duel's and the clash's, and each guardian it has not
        seen turned over.  A seat that did not bluff is not (the true world is one the opponent thinks
        possible, unless the first guardian is the card it saw leave): that is answered first."""
        g1, g2, card, lost = self.g1[seat], self.g2[seat], self.clash[seat], self.took[seat]
        ranked, values, centre = self.ranked(seat), self.engine.values, self.centre_value()
        if (lost is None or g1 != lost) and not bluffs.bluffed_in(values, centre, ranked, g1, g2, card):
            return False
        shown = self.duel[seat] + self.clash
        hidden = [c for part in (self.hands[seat], self.piles[seat]) for c in part if c not in shown]
        free1 = g1 is not None and "g1" not in self.open_guardians[seat]
        free2 = g2 is not None and "g2" not in self.open_guardians[seat]
        for guardian, free in ((g1, free1), (g2, free2)):
            if free and guardian is not None:
                hidden.append(guardian)
        return bluffs.proven(values, centre, ranked, hidden, (g1, g2), (free1, free2), card, lost)

    def check_bluffs(self) -> bool:
        """After cards are turned over: a bluff found out ends the game.  True when it ended."""
        if self.setting("bluffs") == "forbidden":
            return False
        guilty = [s for s in range(2) if s not in self.forgiven and self.proven(s)]
        if not guilty:
            return False
        if len(guilty) == 2 and self.setting("both_bluffed") == "play-on":
            self.forgiven.update(guilty)
            self.log.append(("both-bluffed-on",))
            return False
        if len(guilty) == 2:
            self.finish(-1, "blefe", ("both-caught",))
        else:
            self.finish(1 - guilty[0], "blefe", ("caught", guilty[0]))
        return True

    # -- what a seat sees ------------------------------------------------------------------------------

    def value(self, card: int | None) -> int:
        assert card is not None  # a card that is there
        return self.engine.values[card]

    def name(self, card: int | None) -> str:
        return "—" if card is None else self.engine.names[card]

    def looked(self, seat: int) -> bool:
        """Whether `seat` has seen its own first guardian (from the choice of the second guardian on)."""
        return self.reached >= 2 or "g1" in self.open_guardians[seat]

    def told(self) -> list[str]:
        """The public log, told in the screen's language (`screen.told`)."""
        from .screen import told

        return told(self)

    def information(self, seat: int) -> str:
        from .screen import information

        return information(self, seat)

    def follow(self, seat: int, language: str) -> bool:
        """The screen speaks `language` from now on (`deckdsl play --lang`); the log tells every move."""
        self.engine.language = language
        return False

    def key(self, seat: int) -> tuple:
        """`information` as numbers: the fields its text shows (a guardian as its card when `seat` sees it,
        -1 when not chosen, -2 face down), with the public history (`log`) whole."""
        other = 1 - seat
        center = -1 if self.center is None else self.center if self.reached >= 3 else -2
        pending = self.pending[seat]
        piles = (tuple(self.piles[seat]), bool(self.piles[other])) if self.phase == ORDER else ()
        places = tuple([card is not None for card in self.table])
        return (self.phase, self.turn, self.first, self.winner, self.reason, places, center,
                tuple(sorted(self.hands[seat])), len(self.hands[other]),
                self.seen(seat, seat, "g1"), self.seen(seat, seat, "g2"),
                self.seen(other, seat, "g1"), self.seen(other, seat, "g2"),
                self.took[seat], self.took[other], -1 if pending is None else pending, self.pending[other] is not None,
                piles, tuple(sorted(self.won[seat])), tuple(sorted(self.won[other])), tuple(self.log))

    def seen(self, seat: int, viewer: int, which: str) -> int:
        """What `guardian` shows of `seat`'s guardian `which` to `viewer`, as a number: -1 not chosen, -2 face
        down, the card when revealed, -3 - the card when `viewer` sees its own card face down."""
        card = self.g1[seat] if which == "g1" else self.g2[seat]
        if card is None:
            return -1
        if which in self.open_guardians[seat]:
            return card
        if seat == viewer and (which == "g2" or self.looked(seat)):
            return -3 - card
        return -2

    # -- what a seat cannot see, drawn again --------------------------------------------------------------

    def determinize(self, seat: int, rng: _random.Random) -> EmbateState:
        copy = self.clone()
        copy.rng = stream_from(rng)
        if copy.phase == OVER:
            return copy
        other = 1 - seat
        slots: list[tuple[list, int]] = [(copy.table, p) for p, card in enumerate(copy.table) if card is not None]
        center = [copy.center]
        if copy.center is not None and copy.reached < 3:
            slots.append((center, 0))
        if copy.g1[seat] is not None and not copy.looked(seat):
            slots.append((copy.g1, seat))
        if copy.g1[other] is not None and "g1" not in copy.open_guardians[other]:
            slots.append((copy.g1, other))
        holding: list[tuple[list, int]] = [(copy.hands[other], i) for i in range(len(copy.hands[other]))]
        if copy.g2[other] is not None and "g2" not in copy.open_guardians[other]:
            holding.append((copy.g2, other))
        if copy.phase == CLASH and copy.pending[other] is not None:
            holding.append((copy.pending, other))
        holding += [(copy.piles[other], i) for i in range(len(copy.piles[other]))]
        slots += holding
        cards = [part[i] for part, i in slots]
        lost = copy.took[other] if copy.took[other] in cards else None
        for _ in range(200):
            rest = [card for card in cards if card != lost]
            shuffle(rng, rest)
            if lost is not None:  # the card it saw the opponent take is in the opponent's keeping
                rest.insert(len(slots) - len(holding) + below(rng, len(holding)), lost)
            for (part, i), card in zip(slots, rest, strict=True):
                part[i] = card
            if copy.setting("bluffs") != "forbidden" or copy.consistent(other):
                break
        else:  # no proper world found: keep the true one
            for (part, i), card in zip(slots, cards, strict=True):
                part[i] = card
        copy.center = center[0]
        if copy.phase == NEGOTIATE and copy.pending[other] is not None:
            copy.pending[other] = below(rng, len(copy.hands[seat]))
        return copy

    def consistent(self, seat: int) -> bool:
        """With bluffs forbidden: whether `seat`'s hidden choices are proper."""
        card = self.pending[seat] if self.phase == CLASH else None
        return (card is None or self.proper_clash(seat, card)) and not self.bluffed(seat, self.g1[seat], self.g2[seat])
