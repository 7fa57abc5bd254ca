"""Janken Wars on the one game interface (`deckdsl.games.interface`), for the bots that play any game.

Janken Wars keeps its own fast engine (`deckdsl.games.janken_wars.engine`, where `deckdsl simulate` plays it with
its own bots); this module puts that engine's rounds behind the interface.  A round's decision is the
dispute's throw, taken one seat after the other — seat 2 does not see seat 1's throw until both are
shown.  The choices inside a round (which card to take, an effect's targets, `may`, the exchange for
stars) are made for both seats by the same value heuristic greedy and yomi use inside their look-ahead
(`deckdsl.games.janken_wars.bots._Heuristic`, exchanging as soon as a star is bought): the interface's bots decide
what Janken Wars is about — the throw — and the engine plays the rest the same way for both.

What a seat cannot see: the order of the deck, and the other seat's throw before it is shown
(`determinize` shuffles the one and draws the other again).
"""

from __future__ import annotations

import random as _random

from ...lang import ast
from ...profiles.profile import Profile
from .bots import _Heuristic, make_player, parse_player, score
from ..interface import TERMINAL, Engine, State
from ..search import Bot, make_bot
from .engine import Game, compile_deck
from .engine.rules import rules_from
from .engine.zones import DECK, DISCARD, DOMAIN, STARS, TABLE


class JankenBot(Bot):
    """One of Janken Wars' own bots (`greedy`, `yomi`, `random`, with an exchange policy) deciding the
    throw through the interface: the comparison that says whether a general search beats them."""

    def __init__(self, name: str, rng: _random.Random) -> None:
        super().__init__(rng)
        self.name = name
        self.player = make_player(name, rng)

    @staticmethod
    def check(name: str) -> None:
        """ValueError naming what is wrong with `name` (`yomi:x`: no such exchange policy)."""
        parse_player(name)

    def act(self, state: State) -> int:
        return self.player.throw(state.game, state.current_player())


class SearchPlayer(_Heuristic):
    """A bot for any game (`ismcts:200`, `rollout:20`, `random`) as a player of Janken Wars' own engine
    (`deckdsl play … --bot ismcts:200`): it decides each throw by searching the interface's state, and
    every other choice as the interface engine does for both seats (`_Heuristic`)."""

    def __init__(self, name: str, rng: _random.Random, deck: ast.Deck) -> None:
        super().__init__(_random.Random(rng.getrandbits(64)))
        self.bot, self.deck = make_bot(name, rng), deck

    def throw(self, game: Game, me: int) -> int:
        state = JankenState(game, self.deck)
        state.pending = None if me == 0 else 0  # seat 1 does not see seat 0's throw: determinize redraws it
        return self.bot.act(state)


class JankenEngine(Engine):
    seats = 2
    bots = {"greedy": JankenBot, "yomi": JankenBot}

    def __init__(self, deck: ast.Deck, profile: Profile, settings: dict) -> None:
        self.rules = rules_from(settings)
        self.compiled = compile_deck(deck, profile, self.rules)
        self.name = profile.name
        self.deck = deck

    def new_state(self, rng: _random.Random) -> JankenState:
        game = Game(self.compiled, [], rng)
        game.players = [_Heuristic(_random.Random(rng.getrandbits(64))),
                        _Heuristic(_random.Random(rng.getrandbits(64)))]
        state = JankenState(game, self.deck)
        state._advance()
        return state


def make_engine(deck: ast.Deck, profile: Profile, settings: dict) -> JankenEngine:
    return JankenEngine(deck, profile, settings)


class JankenState(State):
    seats = 2

    def __init__(self, game: Game, deck: ast.Deck) -> None:
        self.game, self.deck = game, deck
        self.pending: int | None = None
        self.outcome = None
        self.actions = 0

    def _advance(self) -> None:
        """Play on to the next throw: begin a round when the last one ended."""
        if self.outcome is None and self.pending is None:
            self.outcome = self.game.begin_round()

    def current_player(self) -> int:
        if self.outcome is not None:
            return TERMINAL
        return 0 if self.pending is None else 1

    def legal_actions(self) -> list[int]:
        return [] if self.outcome is not None else list(range(len(self.game.compiled.throws)))

    def apply(self, action: int) -> None:
        self.actions += 1
        if self.pending is None:
            self.pending = action
            return
        first, self.pending = self.pending, None
        won = self.game.settle(first, action)
        if won is None:
            return
        self.outcome = self.game.end_round(*won)
        self._advance()

    def returns(self) -> list[float]:
        if self.outcome is None or self.outcome.winner is None:
            return [0.0, 0.0]
        return [1.0 if seat == self.outcome.winner else -1.0 for seat in (0, 1)]

    def information(self, seat: int) -> str:
        game = self.game
        names = [card.name for card in self.deck.cards] + ["Brinde", "★"]

        def cards(zone: int) -> str:
            shown = [names[game.compiled.def_of[card]] for card in game.zones[zone]]
            return ", ".join(shown) or "—"

        tied = f" · the dispute tied {game.ties} time{'s' if game.ties != 1 else ''}" if game.ties else ""
        lines = [f"round {game.round} · deck {len(game.zones[DECK])} cards{tied}", f"table: {cards(TABLE)}"]
        for other in (seat, 1 - seat):
            who = "you" if other == seat else "opponent"
            lines.append(f"{who}: domain {cards(DOMAIN + other)} (worth {game.domain_value(other)}), "
                         f"stars {len(game.zones[STARS + other])}, discard pile {len(game.zones[DISCARD + other])}")
        if self.pending is not None and seat == 0:
            lines.append(f"your throw: {game.compiled.throws[self.pending]}")
        return "\n".join(lines)

    playout_depth = 0
    """A search judges a position by `estimate` at once: the score lead says more than random throws
    played to the end (docs/simulate.md measures both)."""

    def estimate(self) -> list[float]:
        """Before the end: who is ahead (stars at their price plus domain value, as greedy scores it),
        as a share of the points a game is won with."""
        if self.outcome is not None:
            return self.returns()
        rules = self.game.rules
        lead = max(-1.0, min(1.0, score(self.game, 0) / (rules.star_cost * rules.stars_to_win)))
        return [lead, -lead]

    def clone(self) -> JankenState:
        """A copy whose generators (the game's and the two inner players') are copies of these: the
        original is left exactly as it was (`Game.clone` alone draws from the original's generator)."""
        copy = JankenState.__new__(JankenState)
        copy.__dict__.update(self.__dict__)
        saved = self.game.rng.getstate()
        copy.game = self.game.clone([_Heuristic(_copy(player.rng) if isinstance(player, _Heuristic) else
                                                _random.Random(0)) for player in self.game.players])
        self.game.rng.setstate(saved)
        copy.game.rng = _copy(self.game.rng)
        return copy

    def determinize(self, seat: int, rng: _random.Random) -> JankenState:
        copy = self.clone()
        rng.shuffle(copy.game.zones[DECK])
        copy.game.rng = _random.Random(rng.getrandbits(64))
        for player in copy.game.players:  # the inner choices' tie-breaks are chance a seat cannot foresee
            player.rng = _random.Random(rng.getrandbits(64))
        if copy.pending is not None and seat == 1:
            copy.pending = rng.randrange(len(copy.game.compiled.throws))
        return copy

    def describe(self, action: int) -> str:
        return f"throw {self.game.compiled.throws[action]}"

    def figures(self) -> dict[str, float]:
        return {"rounds": self.game.round}


def _copy(rng: _random.Random) -> _random.Random:
    copy = _random.Random()
    copy.setstate(rng.getstate())
    return copy
