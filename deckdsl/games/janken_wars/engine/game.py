"""One game of Janken Wars: `Game` plays the rounds, runs effects and offers exchanges (on `Board`,
board.py, which moves the cards and works out their values); `Outcome` and `EngineError` are what a game
ends with (and its `GameStats`, stats.py, what it did)."""

from __future__ import annotations

import random as _random
from typing import Any, Final

from mypy_extensions import mypyc_attr

from ... import chance
from ...chance import Stream, stream_from
from ...interface import EngineError
from .board import Board
from .compiler import Compiled
from .effects import CardSet, Ctx, Step
from .players import Player, Request
from .stats import GameStats
from .zones import DECK, DISCARD, DOMAIN, HAND, STARS, SUPPLY, TABLE, ZONE_OWNER


MAX_NESTING: Final = 64
"""How deep effects may trigger effects (each level is a few Python frames: this keeps far below the
interpreter's recursion limit); deeper is reported as a loop, like the step limit."""


class Outcome:
    """How a game ended.  `winner`: seat 0 or 1, None for a draw (a game cut at the round limit).
    `reason`: `stars`, `deck-stars`, `deck-domain`, `deck-dispute` (the deck ran out and that
    tie-break decided), or `round-limit`.  `rounds`: rounds played.  (A plain class, as `Request`.)"""

    def __init__(self, winner: int | None, reason: str, rounds: int) -> None:
        self.winner, self.reason, self.rounds = winner, reason, rounds

    def __repr__(self) -> str:
        return f"Outcome(winner={self.winner}, reason={self.reason!r}, rounds={self.rounds})"


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (setup.py): `clone` makes a copy without `__init__`
class Game(Board):
    """One game.  Build it from a `Compiled` deck, two players and a random generator, then `play()`.

    State: `zones` (lists of card ids, see the zone indices), `loc[id]` (the zone a card is in: the deck's
    cards, the stars, then the Brindes handed out so far — a game rarely hands out more than a few),
    `round`, `credit[seat]` (kept exchange remainders).  `listener(event, data)`, when given, hears every
    event (`deckdsl play` prints them, the conformance suite records them).  `stats`, when given, is a
    `GameStats` filled as the game goes.  `gift`: (seat, card index) — one copy of that card is taken
    out of the deck before the shuffle and that seat takes it too, as a second card, the first time it
    wins a dispute (what `deckdsl.lab.evidence` measures a card's worth with).
    """

    stats: GameStats | None

    def __init__(self, compiled: Compiled, players: list[Player], rng: _random.Random, *, listener=None,
                 stats: GameStats | None = None, shuffle: bool = True, gift: tuple[int, int] | None = None):
        self.compiled = compiled
        self.rules = compiled.rules
        self.players = players
        self.listener = listener
        self.stats = stats
        deck = list(compiled.deck_ids)
        self.gift: tuple[int, int] | None = None
        if gift is not None:
            seat, index = gift
            card = max(card for card in deck if compiled.def_of[card] == index)
            deck.remove(card)
            self.gift = (seat, card)
        if shuffle:
            chance.shuffle(rng, deck)
        self.rng: Stream = stream_from(rng)
        self.zones: list[list[int]] = [deck, [], list(compiled.star_ids), [], [], [], [], [], [], [], []]
        self.loc = [DECK] * len(compiled.deck_ids) + [SUPPLY] * len(compiled.star_ids)
        self.next_brinde = 0
        self.round = 0
        self.ties = 0
        self.steps = 0
        self.active = 0
        self.credit = [0, 0]
        self.dirty = [False, False]
        self.printed = [0, 0]
        self.starred = [0, 0]
        self.cancelled: set[int] = set()
        self.running: list[tuple[int, str]] = []
        self.valuing: dict[int, Any] = {}
        self.computing: list[int] = []
        self.guards: list[int] = []
        self.chosen: dict[tuple[int, int], list[int]] = {}
        self.entry_choices = compiled.entry_choices  # read on every move: one attribute, not two

    # -- effects ---------------------------------------------------------------------------

    def pick(self, source: CardSet, ctx: Ctx, actor: int, step: Any, *, one: bool = False,
             exclude: int = -1) -> list[int]:
        """The cards `step` acts on: all of `source`, or the ones its chooser picks."""
        found = source.cards(self, ctx, True)
        if exclude >= 0:
            found = [card for card in found if card != exclude]
        count = 1 if one else source.count
        if count is None or not found:
            return found
        if len(found) < count and not source.up_to and self.rules.partial_actions == "no":
            return []
        prioritised = self.compiled.priorities and step.verb == "discard"
        if len(found) <= count and not prioritised:
            return found
        how = source.chooser if source.chooser is not None else self.rules.chooser  # the rule: actor, owner, random
        chooser = actor
        if how == "owner":
            zone = source.zone_of(self, ctx)
            owner = ZONE_OWNER[zone] if zone is not None else None
            chooser = actor if owner is None else owner
        elif how == "you":
            chooser = ctx.owner
        elif how == "opponent":
            chooser = 1 - ctx.owner
        picked: list[int] = []
        while len(picked) < count and found:
            options = found
            if prioritised:
                options = self._by_priority(found)
            take = min(count - len(picked), len(options))
            if how == "random":
                chosen = self.rng.sample(options, take) if take < len(options) else list(options)
            elif take == len(options):
                chosen = list(options)
            else:
                request = Request(ctx.this, step.node, step.verb, actor, source.zone_of(self, ctx))
                chosen = self.players[chooser].choose(self, chooser, request, options, take)
                chosen = valid_choice(chosen, options, take)
            picked.extend(chosen)
            found = [card for card in found if card not in chosen]
        return picked

    def _by_priority(self, cards: list[int]) -> list[int]:
        """The cards a discard may pick first: a domain's `discarded first` cards before its others, its
        `discarded last` cards after them (cards outside domains have no priority); among cards of the same
        priority, not one the addenda put after another of them."""
        defs, def_of, loc = self.compiled.defs, self.compiled.def_of, self.loc
        ranks: list[int] = []
        best = -1
        for card in cards:
            rank = defs[def_of[card]].priority if DOMAIN <= loc[card] < DISCARD else 0
            ranks.append(rank)
            if rank > best:
                best = rank
        found = [card for i, card in enumerate(cards) if ranks[i] == best]
        before = self.compiled.before
        if best and before:
            found = [card for card in found if not any((def_of[o], def_of[card]) in before for o in found)]
        return found

    def run_steps(self, steps: list[Step], ctx: Ctx, card: int, kind: str) -> None:
        """Run a cost, action or trigger's steps (checkpoints between them: exchange_window = step)."""
        if kind != "trigger":
            if self.rules.partial_actions == "no":
                impossible = not all(step.possible(self, ctx) for step in steps)
            else:
                impossible = not any(step.startable(self, ctx) for step in steps)
            if impossible:
                if self.listener:
                    self.listener("impossible", {"card": card, "kind": kind})
                return
            if kind == "action" and self.stats is not None:
                self.stats.fired[self.compiled.def_of[card]] += 1
        self.running.append((card, kind))
        if len(self.running) > MAX_NESTING:
            self._loop(nested=True)
        try:
            for step in steps:
                self.steps += 1
                if self.steps > self.rules.step_limit:
                    self._loop()
                if self.listener:
                    self.listener("step", {"card": card, "kind": kind, "node": step.node, "owner": ctx.owner})
                step.run(self, ctx)
                if self.rules.exchange_window == "step":
                    self.offer_exchanges()
        finally:
            self.running.pop()

    def _loop(self, nested: bool = False):
        names: list[str] = []
        for card, kind in reversed(self.running):
            name = self.compiled.name(card)
            if kind == "trigger" and name not in names:
                names.append(name)
        what = (f"effects triggered each other {MAX_NESTING} deep" if nested
                else f"the game passed {self.rules.step_limit} effect steps")
        cards = ", ".join(f"`{n}`" for n in names) or "card effects"
        verb = "keeps triggering itself" if len(names) == 1 else "keep triggering each other"
        started = [self.compiled.name(card) for card, kind in self.running if kind != "trigger"][:1]
        origin = f" (started by the {self.running[0][1]} of `{started[0]}`)" if started else ""
        raise EngineError(f"{what}: {cards} {verb}{origin}", tuple(names))

    def gained(self, seat: int, card: int, origin: int) -> None:
        if self.compiled.gain_triggers:
            self._fire("GainEvent", seat, card, origin)

    def discarded(self, seat: int, card: int, origin: int) -> None:
        if self.stats is not None:
            self.stats.discarded[self.compiled.def_of[card]] += 1
        if self.compiled.discard_triggers:
            self._fire("DiscardEvent", seat, card, origin)

    def _fire(self, kind: str, seat: int, card: int, origin: int, outcome: str = "", throw: int = -1):
        self._fire_all([(kind, seat, card, origin, outcome, throw)])

    def _fire_all(self, events: list[tuple]) -> None:
        """Resolve the triggers that `events` (happening at one moment) set off, in the deck's order of
        triggers (`trigger_rank`: the addenda's, else the deck file's); copies of one card, the event's
        player's first, then by the order they entered the domain.  A trigger whose card has left its
        domain by its turn does not resolve."""
        compiled = self.compiled
        defs, def_of, trigger_rank = compiled.defs, compiled.def_of, compiled.trigger_rank
        first_seat = events[0][1]
        pending = []
        for owner in (0, 1):
            for position, holder in enumerate(self.zones[DOMAIN + owner]):
                triggers = defs[def_of[holder]].triggers
                if not triggers:
                    continue
                for number, (event_kind, event, matcher, event_throw, steps) in enumerate(triggers):
                    for kind, seat, card, origin, outcome, throw in events:
                        if event_kind != kind or (seat == owner) != (event.player == "you"):
                            continue
                        ctx = Ctx(owner, holder, card)
                        if kind == "DisputeEvent":
                            if event.outcome != outcome or (event_throw is not None and event_throw != throw):
                                continue
                        elif not matcher.matches(self, ctx, card, origin):
                            continue
                        key = (trigger_rank[def_of[holder]], number, owner != first_seat, position)
                        pending.append((key, owner, holder, ctx, steps, kind, card))
        if len(pending) > 1:
            pending.sort(key=lambda item: item[0])
        for _, owner, holder, ctx, steps, kind, card in pending:
            if self.loc[holder] != DOMAIN + owner:
                continue
            if self.listener:
                self.listener("trigger", {"card": holder, "event": kind, "it": card})
            self.run_steps(steps, ctx, holder, "trigger")

    # -- exchanges -------------------------------------------------------------------------

    def offer_exchanges(self) -> None:
        """Offer an exchange to each player whose domain changed since their last offer (the active
        player first), whenever their domain is not empty — even when it buys no star (`stars` 0)."""
        dirty = self.dirty
        if not (dirty[0] or dirty[1]):
            return
        for seat in (self.active, 1 - self.active):
            if dirty[seat]:
                dirty[seat] = False
                self._offer(seat)

    def exchange_worth(self, seat: int) -> tuple[int, Any]:
        """The stars an exchange would buy now (limited by the supply) and the points it would spend."""
        points = self.domain_value(seat) + self.credit[seat]
        return self._stars_for(points), points

    def _stars_for(self, points) -> int:
        stars = int(points // self.rules.star_cost) if points > 0 else 0
        return min(stars, self._supply_stars()) if self.rules.star_supply else stars

    def _supply_stars(self) -> int:
        """Stars left to buy: the supply holds only stars (a Brinde passes through it on its way)."""
        return len(self.zones[SUPPLY])

    def _offer(self, seat: int) -> None:
        """"Sempre que o domínio de um jogador muda [...], ele pode optar por descartar seu domínio
        inteiro": a non-empty domain that changed may be discarded, for as many stars as it buys (0 too)."""
        if not self.zones[DOMAIN + seat] or self.players[seat].never_exchanges:
            return
        points = self.domain_value(seat) + self.credit[seat]
        stars = self._stars_for(points) if points >= self.rules.star_cost else 0
        if self.players[seat].exchange(self, seat, stars):
            self.exchange(seat)

    def exchange(self, seat: int) -> None:
        """Discard `seat`'s whole domain for one star per `star_cost` points (none below that)."""
        stars, points = self.exchange_worth(seat)
        domain = list(self.zones[DOMAIN + seat])
        if self.stats is not None:
            self.stats.record_exchange(self, seat, domain, points, stars)
        if self.listener:
            self.listener("exchange", {"seat": seat, "cards": domain, "points": points, "stars": stars})
        for card in domain:
            self.move(card, DISCARD + seat)
        for card in domain:
            self.discarded(seat, card, DOMAIN + seat)
        got = self.gain_stars(seat, stars)
        spent = got * self.rules.star_cost
        self.credit[seat] = max(0, points - spent) if self.rules.exchange_remainder == "kept" else 0
        self.dirty[seat] = False

    # -- the round -------------------------------------------------------------------------

    def play(self) -> Outcome:
        """Play rounds until someone wins (or the round limit cuts the game)."""
        while True:
            ended = self.begin_round()
            if ended is not None:
                return ended
            seat, throw = self.dispute()
            ended = self.end_round(seat, throw)
            if ended is not None:
                return ended

    def begin_round(self) -> Outcome | None:
        """Steps 1 and 2 up to the throws: a new round, the table refilled (or the game over)."""
        rules = self.rules
        table, deck = self.zones[TABLE], self.zones[DECK]
        if self.round >= rules.round_limit:
            return self._end(None, "round-limit")
        self.round += 1
        self.ties = 0
        if self.listener:
            self.listener("round", {"round": self.round})
        if rules.deck_out == "empty" and not deck:
            return self._deck_out()
        loc = self.loc
        while len(table) < rules.table_size:
            if not deck:
                return self._deck_out()
            card = deck.pop()
            table.append(card)
            loc[card] = TABLE
        if self.listener:
            self.listener("table", {"cards": list(table)})
        if self.stats is not None:
            self.stats.record_table(self, table)
        return None

    def end_round(self, seat: int, throw: int) -> Outcome | None:
        """Steps 3 and 4 for the dispute's winner, the exchanges, and the end of the game if it came."""
        rules = self.rules
        self.win(seat, throw)
        if rules.exchange_window == "round":
            self.offer_exchanges()
        stars0, stars1 = len(self.zones[STARS]), len(self.zones[STARS + 1])
        if stars0 >= rules.stars_to_win or stars1 >= rules.stars_to_win:
            if stars0 != stars1:
                return self._end(0 if stars0 > stars1 else 1, "stars")
            return self._tiebreak("stars")
        return None

    def dispute(self) -> tuple[int, int]:
        """Rock-paper-scissors until someone wins: (the winner's seat, the throw they won with)."""
        first, second = self.players
        self.ties = 0
        while True:
            won = self.settle(first.throw(self, 0), second.throw(self, 1))
            if won is not None:
                return won

    def settle(self, a: int, b: int) -> tuple[int, int] | None:
        """Both throws shown: the winner's seat and throw, or None after a tie (throw again)."""
        if self.listener:
            self.listener("throws", {"throws": (a, b)})
        if a == b:
            self.ties += 1
            if self.ties >= 1000:
                first, second = self.players
                raise EngineError(f"the players tied {self.ties} disputes in a row: "
                                  f"`{first.name}` and `{second.name}` always throw the same")
            return None
        seat, throw = (0, a) if self.compiled.beats[a] == b else (1, b)
        self.active = seat
        if self.compiled.dispute_triggers:
            self._fire_all([("DisputeEvent", seat, -1, -1, "win", throw),
                            ("DisputeEvent", 1 - seat, -1, -1, "lose", (b if seat == 0 else a))])
        return seat, throw

    def win(self, seat: int, throw: int) -> None:
        """Steps 3 and 4 of the round for the dispute's winner."""
        throw_of = self.compiled.throw_of
        options = [card for card in self.zones[TABLE] if throw_of[card] == throw]
        if options:
            card = options[0] if len(options) == 1 else self.players[seat].take(self, seat, options)
            self.take(seat, card if card in options else options[0])
        else:
            brinde = self.next_brinde < len(self.compiled.brinde_ids)
            choice = self.players[seat].fallback(self, seat, brinde)
            if choice is None and brinde:
                self.take_brinde(seat)
            else:
                table = self.zones[TABLE]
                self.put_back(seat, choice if choice in table else table[0])
        if self.gift is not None and self.gift[0] == seat:
            _, card = self.gift
            self.gift = None
            self.zones[TABLE].append(card)
            self.loc[card] = TABLE
            self.take(seat, card)

    def take(self, seat: int, card: int) -> None:
        """Step 3 with a table card: the winner takes `card`, its cost and action happen, and (step 4)
        it enters the winner's domain."""
        self.move(card, HAND + seat)
        if self.listener:
            self.listener("take", {"seat": seat, "card": card})
        if self.stats is not None:
            self.stats.record_take(self, seat, card)
        self.gained(seat, card, TABLE)
        if card not in self.cancelled:
            definition = self.compiled.defs[self.compiled.def_of[card]]
            if definition.cost or definition.action:
                ctx = Ctx(seat, card)
                if definition.cost:
                    self.run_steps(definition.cost, ctx, card, "cost")
                if definition.action:
                    self.run_steps(definition.action, ctx, card, "action")
                if self.rules.exchange_window == "action":
                    self.offer_exchanges()
        self.cancelled.clear()
        self._place(seat)

    def take_brinde(self, seat: int) -> None:
        """Step 3 (a): the winner gains a generic 1-point card."""
        card = self.new_brinde()
        self.move(card, HAND + seat)
        if self.listener:
            self.listener("brinde", {"seat": seat, "card": card})
        if self.stats is not None:
            self.stats.record_take(self, seat, card)
        self.gained(seat, card, SUPPLY)
        self._place(seat)

    def new_brinde(self) -> int:
        """The supply's next Brinde, put in the supply (it passes through on its way to a hand)."""
        card = self.compiled.brinde_ids[self.next_brinde]
        self.next_brinde += 1
        self.zones[SUPPLY].append(card)
        self.loc.append(SUPPLY)
        return card

    def put_back(self, seat: int, card: int) -> None:
        """Step 3 (b): the winner puts a table card on the bottom of the deck."""
        if self.listener:
            self.listener("bottom", {"seat": seat, "card": card})
        self.move(card, DECK, bottom=True)

    def _place(self, seat: int) -> None:
        """Step 4: whatever the winner holds enters their domain."""
        hand = self.zones[HAND + seat]
        while hand:
            self.move(hand[-1], DOMAIN + seat)
        if self.rules.exchange_window != "round":
            self.offer_exchanges()

    def _deck_out(self) -> Outcome:
        return self._tiebreak("deck")

    def _tiebreak(self, cause: str) -> Outcome:
        """The GDD's tie-breaks: more stars, then the greater domain value, then one last dispute."""
        stars0, stars1 = self.stars(0), self.stars(1)
        if stars0 != stars1:
            return self._end(0 if stars0 > stars1 else 1, f"{cause}-stars")
        value0, value1 = self.domain_value(0), self.domain_value(1)
        if value0 != value1:
            return self._end(0 if value0 > value1 else 1, f"{cause}-domain")
        seat, _ = self.dispute()
        return self._end(seat, f"{cause}-dispute")

    def _end(self, winner: int | None, reason: str) -> Outcome:
        if self.listener:
            self.listener("end", {"winner": winner, "reason": reason})
        return Outcome(winner, reason, self.round)

    # -- for players that look ahead -------------------------------------------------------

    def clone(self, players: list[Player], rng: Stream | None = None, into: Game | None = None) -> Game:
        """A copy of this game's state with other players (and no listener or stats), to try a move.  Its
        generator is `rng`, or one seeded from this game's (which then draws once): a look-ahead must not
        know what the game will draw.  `into`: a copy made earlier, made this game's copy again with its
        own lists refilled (greedy's look-ahead copies the game for every option it weighs: new lists
        each time, and their freeing, were most of its cost).  Every field is named (tests/
        test_janken_interface.py fails when a field is left out)."""
        if into is None:
            copy = Game.__new__(Game)
            copy.zones = [list(zone) for zone in self.zones]
            copy.loc = list(self.loc)
            copy.credit = list(self.credit)
            copy.dirty = list(self.dirty)
            copy.printed = list(self.printed)
            copy.starred = list(self.starred)
            copy.cancelled = set(self.cancelled)
            copy.running, copy.valuing, copy.computing, copy.guards = [], {}, [], []
        else:
            copy = into
            for mine, theirs in ((copy.loc, self.loc), (copy.credit, self.credit), (copy.printed, self.printed),
                                 (copy.starred, self.starred)):
                mine.clear()
                mine.extend(theirs)
            zones = copy.zones
            for i in range(len(zones)):
                zones[i].clear()
                zones[i].extend(self.zones[i])
            copy.dirty.clear()
            copy.dirty.extend(self.dirty)
            copy.cancelled.clear()
            copy.cancelled.update(self.cancelled)
            copy.running.clear()
            copy.valuing.clear()
            copy.computing.clear()
            copy.guards.clear()
        copy.compiled, copy.rules, copy.gift = self.compiled, self.rules, self.gift
        copy.entry_choices = self.entry_choices
        copy.next_brinde, copy.round, copy.ties = self.next_brinde, self.round, self.ties
        copy.steps, copy.active = self.steps, self.active
        copy.chosen = {key: list(targets) for key, targets in self.chosen.items()} if self.chosen else {}
        copy.players = players
        copy.listener = None
        copy.stats = None
        copy.rng = rng if rng is not None else self.rng.split()
        return copy

    def restore(self, other: Game) -> None:
        """Become `other` (a copy of this game from earlier, which is then this game's own): a round
        replayed from its copy goes on in the same object that players and screens hold."""
        self.compiled, self.rules, self.gift = other.compiled, other.rules, other.gift
        self.entry_choices = other.entry_choices
        self.next_brinde, self.round, self.ties = other.next_brinde, other.round, other.ties
        self.steps, self.active = other.steps, other.active
        self.zones, self.loc, self.credit = other.zones, other.loc, other.credit
        self.dirty, self.printed, self.starred = other.dirty, other.printed, other.starred
        self.cancelled, self.running, self.valuing = other.cancelled, other.running, other.valuing
        self.computing, self.guards, self.chosen = other.computing, other.guards, other.chosen
        self.players, self.listener, self.stats, self.rng = other.players, other.listener, other.stats, other.rng


def valid_choice(chosen, options: list[int], count: int) -> list[int]:
    """A player's choice, kept only if it is `count` distinct options (else the first ones: a player
    cannot break the rules by answering badly)."""
    picked: list[int] = []
    try:
        for card in chosen:
            if card not in picked:
                picked.append(card)
    except TypeError:  # not a list of card ids
        return options[:count]
    if len(picked) == count and all(card in options for card in picked):
        return picked
    return options[:count]
