"""One moment of a game of the cooperative sequence game (the rules: `deckdsl/games/cooperativo/cooperativo.game`).

Actions, in this fixed order (N seats, H = 4 places in a hand at most):
  give     src * H * N + place * N + dst   a card of `src` (by its place in the hand) to another player
  recycle  G + src * H + place             a card of `src` to the recycle pile
  buy      G + R + dst                     a card from the reserve to player `dst`
  BUY_RECYCLE, BATER, PASS                 a card from the reserve to the recycle pile; start the check;
                                           not start it (only when `check_moment` is `any`)
"""

from __future__ import annotations

import random as _random
from typing import TYPE_CHECKING, Final

from mypy_extensions import mypyc_attr

from ..chance import shuffle, stream_from
from ..interface import TERMINAL, State

if TYPE_CHECKING:
    from .engine import Table

H: Final = 4
"""Places in a hand: a hand holds 2, 3 or 4 cards."""


HAND_VALUE: Final = ((0.05, 0.05, 0.45, 0.45), (0.05, 0.05, 0.35, 1.0), (0.05, 0.05, 0.35, 0.85))
"""`estimate`'s worth of a hand of 2, 3 or 4 cards by how many of them fit one set or run (0 to 3):
judgement, tuned by play (docs/simulate.md: with it `ismcts:200` and `rollout:5` succeed)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (setup.py): `clone` makes a copy without `__init__`
class CooperativoState(State):
    def __init__(self, table: Table, hands: list[list[int]], reserve: list[int], recycle: list[int], first: int,
                 rng: _random.Random):
        self.table, self.seats = table, table.seats
        self.hands = hands
        self.known = [[False] * len(hand) for hand in hands]
        """Per seat, per place of its own hand: whether the seat saw that card (given to it from a hand)."""
        self.reserve, self.recycle = reserve, recycle  # the reserve's top is its last card
        self.reserve_known = False  # a reserve turned over as it lay (`refill: keep`): its order is public
        self.player, self.turns = first, 0
        self.outcome: str | None = None
        self.window: list[int] = []  # `check_moment: any`: seats still to be asked whether they start the check
        self.next_turn = first
        self.rng = stream_from(rng)
        self.language: str = table.language
        """The screen's language (`follow` sets another than the deck's)."""
        self.last_check: list[tuple[int, tuple[int, ...], bool]] = []
        self.counts = {"moves": 0, "checks": 0, "failed_checks": 0, "refills": 0}
        self._legal: list[int] | None = None
        n = self.seats
        self.G, self.R = n * H * n, n * H
        self.BUY_RECYCLE = self.G + self.R + n
        self.BATER, self.PASS = self.BUY_RECYCLE + 1, self.BUY_RECYCLE + 2

    # --- the interface -------------------------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.outcome else self.player

    def legal_actions(self) -> list[int]:
        if self.outcome:
            return []
        if self._legal is None:
            self._legal = self._actions()
        return list(self._legal)

    def apply(self, action: int) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"action {action} is not legal now")
        self._legal = None
        seat, n = self.player, self.seats
        if action == self.PASS:
            self._ask_next()
            return
        if action == self.BATER:
            self._check(seat)
        else:
            self._move(action)
            self.counts["moves"] += 1
        if not self.reserve:
            self._refill()  # "Se as cartas da reserva acabarem": as soon as a move or a check empties it
        self.turns += 1
        if self.outcome:
            return
        if self.turns >= self.table.settings["move_limit"]:
            self.outcome = "failure"
            return
        self.next_turn = (seat + 1) % n
        if action != self.BATER and self.table.settings["check_moment"] == "any" and self._may_check():
            self.window = [(seat + 1 + k) % n for k in range(n)]
        self._ask_next()

    def returns(self) -> list[float]:
        return [1.0 if self.outcome == "success" else 0.0] * self.seats

    playout_depth = 0
    """A search asks `estimate` at once: random moves only undo a table's progress."""

    def estimate(self) -> list[float]:
        """Before the end, for every seat: how near the table is to success, the mean over the hands of
        HAND_VALUE (a ready hand 1; one card from being ready about a third; a hand of 4 holding a ready
        three 0.85, since the next move must take a card from it)."""
        if self.outcome is not None:
            return self.returns()
        fit = self.table.fit
        value = sum(HAND_VALUE[min(len(hand), 4) - 2][fit(hand)] for hand in self.hands) / self.seats
        return [value] * self.seats

    def clone(self) -> CooperativoState:
        copy = CooperativoState.__new__(CooperativoState)
        copy.table, copy.seats, copy.reserve_known = self.table, self.seats, self.reserve_known
        copy.player, copy.turns, copy.outcome, copy.next_turn = self.player, self.turns, self.outcome, self.next_turn
        copy._legal = self._legal
        copy.G, copy.R, copy.BUY_RECYCLE = self.G, self.R, self.BUY_RECYCLE
        copy.BATER, copy.PASS = self.BATER, self.PASS
        copy.hands = [list(hand) for hand in self.hands]
        copy.known = [list(flags) for flags in self.known]
        copy.reserve, copy.recycle, copy.window = list(self.reserve), list(self.recycle), list(self.window)
        copy.last_check, copy.counts = list(self.last_check), dict(self.counts)
        copy.rng = self.rng.copy()
        copy.language = self.language
        return copy

    def determinize(self, seat: int, rng: _random.Random) -> CooperativoState:
        """Redraw the cards of `seat`'s own hand it did not see arrive, and the reserve (unless its order is
        public), among themselves; a new generator for the state."""
        copy = self.clone()
        copy.rng = stream_from(rng)
        if self.outcome:
            return copy
        places = [i for i, seen in enumerate(copy.known[seat]) if not seen]
        pool = [copy.hands[seat][i] for i in places] + ([] if copy.reserve_known else copy.reserve)
        shuffle(rng, pool)
        for i in places:
            copy.hands[seat][i] = pool.pop()
        if not copy.reserve_known:
            copy.reserve = pool
        return copy

    def describe(self, action: int) -> str:
        from .screen import describe

        return describe(self, action)

    def information(self, seat: int) -> str:
        from .screen import information

        return information(self, seat)

    def menu(self, action: int) -> tuple[str, str]:
        from .screen import menu

        return menu(self, action)

    def announce(self, action: int, seat: int) -> str:
        from .screen import announce

        return announce(self, action, seat)

    def follow(self, seat: int, language: str) -> bool:
        """The screen speaks `language` from now on (`deckdsl play --lang`); the table announces the moves."""
        self.language = language
        return False

    def key(self, seat: int) -> tuple:
        """`information` as numbers: what the text shows, field by field (`seat`'s own unseen cards as -1)."""
        own = tuple([card if seen else -1 for card, seen in zip(self.hands[seat], self.known[seat], strict=False)])
        hands = tuple([own if other == seat else tuple(hand) for other, hand in enumerate(self.hands)])
        window = (self.player, self.next_turn) if self.window else (self.player, -1)
        reserve = tuple(self.reserve) if self.reserve_known else len(self.reserve)
        checks = tuple([(s, cards, ok) for s, cards, ok in self.last_check])
        return (self.turns, self.outcome, window, reserve, tuple(self.recycle), hands, checks)

    def figures(self) -> dict[str, float]:
        return {"turns": self.turns, **self.counts}

    # --- the rules ------------------------------------------------------------------------------------

    def _may_check(self) -> bool:
        return self.table.settings["check_unbalanced"] == "yes" or all(len(h) == 3 for h in self.hands)

    def _fits(self, after: list[int], unbalanced: list[int]) -> bool:
        """Whether hand sizes `after` a move keep the rules: 2 to 4 cards, one 4 and one 2 at most, the
        players unbalanced before it restored (`restore: everyone`: the whole table)."""
        if any(c < 2 or c > 4 for c in after) or after.count(4) > 1 or after.count(2) > 1:
            return False
        if unbalanced and self.table.settings["restore"] == "everyone":
            return all(c == 3 for c in after)
        return all(after[p] == 3 for p in unbalanced)

    def _actions(self) -> list[int]:
        if self.window:
            return [self.BATER, self.PASS]
        n = self.seats
        sizes = [len(hand) for hand in self.hands]
        unbalanced = [p for p in range(n) if sizes[p] != 3]
        actions: list[int] = []
        for src in range(n):
            for dst in range(n):
                if dst == src:
                    continue
                after = list(sizes)
                after[src] -= 1
                after[dst] += 1
                if self._fits(after, unbalanced):
                    actions.extend(src * H * n + place * n + dst for place in range(sizes[src]))
        actions.sort()
        for src in range(n):
            after = list(sizes)
            after[src] -= 1
            if self._fits(after, unbalanced):
                actions.extend(self.G + src * H + place for place in range(sizes[src]))
        if self.reserve or self.recycle:
            for dst in range(n):
                after = list(sizes)
                after[dst] += 1
                if self._fits(after, unbalanced):
                    actions.append(self.G + self.R + dst)
            if not unbalanced:
                actions.append(self.BUY_RECYCLE)
        if self.table.settings["check_moment"] == "turn" and self._may_check():
            actions.append(self.BATER)
        return actions

    def _draw(self) -> tuple[int, bool]:
        """The top card of the reserve (refilled from the recycle pile when empty: in the middle of a failed
        check's new cards) and whether its identity was public."""
        if not self.reserve:
            self._refill()
        known = self.reserve_known
        return self.reserve.pop(), known

    def _refill(self) -> None:
        if not self.recycle:
            return
        self.counts["refills"] += 1
        if self.table.settings["refill"] == "keep":
            self.reserve, self.reserve_known = self.recycle[::-1], True  # the first card recycled on top
        else:
            self.reserve, self.reserve_known = list(self.recycle), False
            self.rng.shuffle(self.reserve)
        self.recycle = []

    def _take(self, src: int, place: int) -> int:
        self.known[src].pop(place)
        return self.hands[src].pop(place)

    def _give(self, dst: int, card: int, seen: bool) -> None:
        self.hands[dst].append(card)
        self.known[dst].append(seen)

    def _move(self, action: int) -> None:
        n = self.seats
        if action == self.BUY_RECYCLE:
            self.recycle.append(self._draw()[0])
        elif action >= self.G + self.R:
            self._give(action - self.G - self.R, *self._draw())
        elif action >= self.G:
            src, place = divmod(action - self.G, H)
            self.recycle.append(self._take(src, place))
        else:
            src, rest = divmod(action, H * n)
            place, dst = divmod(rest, n)
            self._give(dst, self._take(src, place), True)  # dst saw it in src's hand

    def _check(self, batter: int) -> None:
        """The check: from `batter` leftwards each player "bate" (shows) their cards until one fails or all
        pass; a failed check is undone in the reverse order of the "batidas"."""
        self.counts["checks"] += 1
        self.last_check = []
        n = self.seats
        for k in range(n):
            seat = (batter + k) % n
            ok = self.table.sequence_or_equal(self.hands[seat])
            self.last_check.append((seat, tuple(self.hands[seat]), ok))
            if not ok:
                break
        else:
            self.outcome = "success"
            return
        self.counts["failed_checks"] += 1
        for seat, _, _ in reversed(self.last_check):
            self.recycle.extend(self.hands[seat])
            self.hands[seat], self.known[seat] = [], []
            for _ in range(3):
                self._give(seat, *self._draw())

    def _ask_next(self) -> None:
        """The next decision: the next seat of the check window, else the next turn."""
        self.player = self.window.pop(0) if self.window else self.next_turn
