"""Janken Wars on the one game interface (`deckdsl.games.interface`): every decision of a round is an action.

The engine (`deckdsl.games.janken_wars.engine`) asks its players as it plays — the throw, which table card to
take, what to do without one, an effect's targets, `may`, an exchange — from deep inside an effect.  The
interface instead stops at each decision and waits for `apply`.  `JankenState` joins the two by replay:

- the throws of a dispute are decisions taken where no effect runs (seat 2 does not see seat 1's throw
  until both are shown);
- once both are shown, the rest of the round (the dispute's triggers, the take and its effects, the
  exchanges, the next refill) is a **stretch**: the state keeps a copy of the game from before it and the
  answers given in it so far (`script`).  The engine runs the stretch asking a `_Bridge` per seat, which
  gives the script's next answer, else the seat's own player's answer (recorded), else stops the engine
  with the decision (`Decision`) the interface then shows.  `apply` adds the answer and runs the stretch
  again from the copy, which gives the same game up to the new answer: the engine's generator is restored
  with the copy, and every earlier answer comes from the script.

A seat can be answered inside the engine by the game's own player (`greedy`, `yomi`, the person at the
terminal): `JankenEngine.new_game` seats the game's bots that way, so that they decide exactly as they do
in the engine's own loop, and a game between two of them is the engine's loop (`Game.play`).  Copies of a
state (`clone`, `determinize`) leave those players behind: in a copy every seat decides through the
interface, which is how a search imagines its opponent.

Actions: a throw is its index in `compiled.throws`; a card (to take, to put on the bottom of the deck, to
choose for an effect, one pick at a time) is its card id; taking a Brinde is `BRINDE`; `may` and an
exchange are `YES` or `NO`.  An exchange that buys no star is declined without asking, as every bot does.

What a seat cannot see: the order of the deck, the engine's future draws, and the other seat's throw before
it is shown.  `determinize` shuffles the deck (in a stretch, the cards still in the deck since it began, in
the copy and the game alike), draws a new generator for what comes after the last answer, and draws the
other throw again.
"""

from __future__ import annotations

import random as _random
from collections.abc import Callable
from typing import Final, TYPE_CHECKING

from mypy_extensions import mypyc_attr

from ...lang import ast
from ...profiles.profile import Profile
from ..chance import Stream, below, shuffle
from ..interface import TERMINAL, Engine, State
from ..search import Bot
from ..view import RunView
from .bots import card_worth, make_player, parse_player, score
from .figures import JankenTally, advanced_ids, matchup_report, summary, text_report
from .engine import Game, GameStats, Outcome, Player, Request, compile_deck, unresolved_hazards
from .engine.game import valid_choice
from .engine.rules import rules_from
from .engine.zones import DECK, DISCARD, DOMAIN, STARS, TABLE
from .view import view

if TYPE_CHECKING:
    from .screen import Screen

NO: Final = 0
YES: Final = 1
THROW: Final = "throw"
TAKE: Final = "take"
FALLBACK: Final = "fallback"
CHOOSE: Final = "choose"
MAY: Final = "may"
EXCHANGE: Final = "exchange"


class Decision:
    """What the engine waits for.  `kind`: one of THROW, TAKE, FALLBACK, CHOOSE, MAY, EXCHANGE.  `seat`:
    who decides.  `options`: the legal actions, in the engine's order.  `request`: the effect asking (CHOOSE,
    MAY).  `count` and `picked`: a CHOOSE of `count` cards and those picked so far.  `stars`: what an
    EXCHANGE buys.  Never changed once made.  (A plain class, not a dataclass: in the compiled build a
    dataclass is built by its interpreted `__init__`, and a search makes a decision at every step.)"""

    def __init__(self, kind: str, seat: int, options: tuple[int, ...], request: Request | None = None,
                 count: int = 1, picked: tuple[int, ...] = (), stars: int = 0) -> None:
        self.kind, self.seat, self.options, self.request = kind, seat, options, request
        self.count, self.picked, self.stars = count, picked, stars

    def __repr__(self) -> str:
        return (f"Decision({self.kind!r}, seat={self.seat}, options={self.options}, count={self.count}, "
                f"picked={self.picked}, stars={self.stars})")


class _Suspend(Exception):
    """Raised through the engine when a decision belongs to the interface."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.kind)
        self.decision = decision


class _Run:
    """One run of a stretch: where it is in the script, and when the listener may hear again (events
    before the last known answer were told the first time)."""

    def __init__(self, state: JankenState, game: Game) -> None:
        self.state, self.game, self.cursor = state, game, 0
        self.known = len(state.script)

    def answer(self, decision: Decision, native) -> int:
        state, cursor = self.state, self.cursor
        if cursor < len(state.script):
            value = state.script[cursor]
        else:
            player = state.natives[decision.seat]
            if player is None:
                raise _Suspend(decision)
            value = native(player)
            state.script.append(value)
        self.cursor = cursor + 1
        if self.cursor == self.known:
            self.game.listener = state.listener
        future = state.future
        if future is not None and cursor == future[0]:
            self.game.rng = future[1].copy()
        return value


class _Bridge(Player):
    """A seat of a stretch: each question answered by `_Run.answer` (the script, the seat's own player,
    or the interface)."""

    def __init__(self, run: _Run, seat: int) -> None:
        self.run, self.seat = run, seat
        native = run.state.natives[seat]
        self.name = native.name if native is not None else "interface"

    def throw(self, game, me):
        throws = len(game.compiled.throws)
        value = self.run.answer(Decision(THROW, me, tuple(range(throws))), lambda p: p.throw(game, me))
        return value if 0 <= value < throws else 0

    def take(self, game, me, options):
        return self.run.answer(Decision(TAKE, me, tuple(options)), lambda p: p.take(game, me, options))

    def fallback(self, game, me, brinde):
        options = tuple(game.zones[TABLE]) + ((BRINDE,) if brinde else ())

        def native(player):
            choice = player.fallback(game, me, brinde)
            return BRINDE if choice is None else choice

        value = self.run.answer(Decision(FALLBACK, me, options), native)
        return None if value == BRINDE else value

    def choose(self, game, me, request, options, count):
        picked: list[int] = []
        plan: list[int] = []

        def native(player):
            if not plan:
                plan.extend(valid_choice(player.choose(game, me, request, list(options), count), options, count))
            return plan[len(picked)]

        while len(picked) < count:
            left = tuple(card for card in options if card not in picked)
            value = self.run.answer(Decision(CHOOSE, me, left, request, count, tuple(picked)), native)
            picked.append(value if value in left else left[0])
        return picked

    def may(self, game, me, request):
        return self.run.answer(Decision(MAY, me, (NO, YES), request),
                               lambda p: YES if p.may(game, me, request) else NO) == YES

    def exchange(self, game, me, stars):
        if stars < 1 and me != self.run.state.person:
            return False
        return self.run.answer(Decision(EXCHANGE, me, (NO, YES), stars=stars),
                               lambda p: YES if p.exchange(game, me, stars) else NO) == YES


class JankenBot(Bot):
    """One of Janken Wars' own players (`random`, `greedy`, `yomi`, with an exchange policy) as a bot of the
    interface.
    Seated by `JankenEngine.new_game`, it answers inside the engine; `act` answers a state it was not
    seated in the same way."""

    def __init__(self, name: str, rng: _random.Random) -> None:
        super().__init__(rng)
        self.name = name
        self.player = make_player(name, rng)

    @staticmethod
    def check(name: str) -> None:
        """ValueError naming what is wrong with `name` (`yomi:x`: no such exchange policy)."""
        parse_player(name)

    def act(self, state: State) -> int:
        assert isinstance(state, JankenState) and state.decision is not None
        decision, game, player = state.decision, state.game, self.player
        me, kind = decision.seat, decision.kind
        if kind == THROW:
            return player.throw(game, me)
        if kind == TAKE:
            return player.take(game, me, list(decision.options))
        if kind == FALLBACK:
            choice = player.fallback(game, me, BRINDE in decision.options)
            return BRINDE if choice is None else choice
        if kind == CHOOSE and decision.request is not None:
            left = list(decision.options)
            return valid_choice(player.choose(game, me, decision.request, left, 1), left, 1)[0]
        if kind == MAY and decision.request is not None:
            return YES if player.may(game, me, decision.request) else NO
        return YES if player.exchange(game, me, decision.stars) else NO


class JankenEngine(Engine):
    seats = 2
    bots = {"random": JankenBot, "greedy": JankenBot, "yomi": JankenBot}
    """Janken Wars' own players, seated in the engine: on this game `random` is its random player too
    (uniform throws, takes and targets; exchanges by its policy), as in `deckdsl simulate`."""

    def __init__(self, deck: ast.Deck, profile: Profile, settings: dict) -> None:
        self.rules = rules_from(settings)
        self.compiled = compile_deck(deck, profile, self.rules)
        self.name = profile.name
        self.deck, self.profile = deck, profile
        self.advanced = advanced_ids(self.compiled, profile)
        self.names = (*(card.name for card in deck.cards), "Brinde", "★")
        """Card names by definition index (the deck's cards, then the components), made once: a search
        reads them at every node."""

    def new_state(self, rng: _random.Random) -> JankenState:
        return self.seat(rng, [None, None]).begin()

    def new_game(self, rng: _random.Random, bots) -> JankenState:
        return self.seat(rng, [bot.player if isinstance(bot, JankenBot) else None for bot in bots]).begin()

    def seat(self, rng: _random.Random, players: list[Player | None]) -> JankenState:
        """A new game dealt with `rng`, not begun: `players[seat]`, when given, answers that seat inside the
        engine (the others decide through the interface).  `deckdsl play` seats a person this way, and
        sets the state's `listener` before `begin`."""
        stats = GameStats(len(self.compiled.defs), self.advanced)
        return JankenState(Game(self.compiled, [], rng, stats=stats), self.names, players, self.profile)

    default_bot = "yomi"

    def warnings(self) -> list[dict]:
        return unresolved_hazards(self.compiled, self.profile)

    def tally(self) -> JankenTally:
        return JankenTally(cards=len(self.compiled.defs))

    def summary(self, tally: JankenTally, *, seed: int, players: tuple[str, ...]) -> dict:
        return summary(tally, self.deck, self.rules, seed=seed, players=players, profile=self.profile)

    def view(self, figures: dict) -> RunView:
        return view(figures)

    def text_report(self, figures: dict) -> str:
        return matchup_report(figures) if "pairings" in figures else text_report(figures)


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (setup.py): `clone` makes a copy without `__init__`
class JankenState(State):
    seats = 2

    def __init__(self, game: Game, names: tuple[str, ...], natives: list[Player | None],
                 profile: Profile | None = None) -> None:
        self.game, self.names, self.natives, self.profile = game, names, natives, profile
        self.throws: list[int] = []
        self.base: Game | None = None
        self.ran = False
        self.script: list[int] = []
        self.future: tuple[int, Stream] | None = None
        self.decision: Decision | None = None
        self.outcome: Outcome | None = None
        self.listener: Callable[[str, dict], None] | None = None
        self.screen: Screen | None = None
        self.person: int | None = None
        """The seat of a person (`follow`), who is also offered to discard a changed domain for no star."""

    def begin(self) -> JankenState:
        """Play to the first decision of the interface (to the end, when the game's own players answer
        every seat: the engine's own loop)."""
        self.game.listener = self.listener
        seated = [player for player in self.natives if player is not None]
        if len(seated) == len(self.natives):
            self.game.players = seated
            self.outcome = self.game.play()
        else:
            self.outcome = self.game.begin_round()
            self._advance()
        return self

    def _advance(self) -> None:
        """Play on to the next decision of the interface: the throws, then the stretch they start."""
        while self.outcome is None:
            if self.base is None:
                seat = len(self.throws)
                if seat < 2:
                    player = self.natives[seat]
                    if player is None:
                        self.decision = Decision(THROW, seat, tuple(range(len(self.game.compiled.throws))))
                        return
                    self.throws.append(player.throw(self.game, seat))
                    continue
                self.base, self.ran = _exact(self.game), False
            if self._run():
                return

    def _run(self) -> bool:
        """Run the stretch from its copy with the script; True when it stopped at a decision."""
        game = self.game
        if self.ran and self.base is not None:  # the game has gone past the copy: start again from it (in the same object)
            game.restore(_exact(self.base, stats=game.stats is not None))
        self.ran = True
        run = _Run(self, game)
        game.players = [_Bridge(run, 0), _Bridge(run, 1)]
        game.listener = self.listener if run.known == 0 else None
        try:
            first, second = self.throws
            won = game.settle(first, second)
            outcome = None
            if won is not None:
                outcome = game.end_round(won[0], won[1])
                if outcome is None:
                    outcome = game.begin_round()
        except _Suspend as stop:
            self.decision = stop.decision
            game.listener = self.listener
            return True
        finally:
            game.players = []  # the bridges hold the game: a cycle only the cyclic collector would free
        game.listener = self.listener
        self.outcome, self.decision = outcome, None
        self.base, self.script, self.future, self.throws = None, [], None, []
        return False

    def current_player(self) -> int:
        if self.outcome is not None:
            return TERMINAL
        assert self.decision is not None  # a game not over waits for a decision
        return self.decision.seat

    def legal_actions(self) -> list[int]:
        if self.outcome is not None:
            return []
        assert self.decision is not None
        return list(self.decision.options)

    def apply(self, action: int) -> None:
        if self.base is None:
            self.throws.append(action)
        else:
            self.script.append(action)
        self._advance()

    def returns(self) -> list[float]:
        if self.outcome is None or self.outcome.winner is None:
            return [0.0, 0.0]
        return [1.0 if seat == self.outcome.winner else -1.0 for seat in (0, 1)]

    def _card(self, card: int) -> str:
        return "a Brinde" if card == BRINDE else self.names[self.game.compiled.def_of[card]]

    def information(self, seat: int) -> str:
        game = self.game
        names = self.names

        def cards(zone: int) -> str:
            shown = [names[game.compiled.def_of[card]] for card in game.zones[zone]]
            return ", ".join(shown) or "—"

        tied = f" · the dispute tied {game.ties} time{'s' if game.ties != 1 else ''}" if game.ties else ""
        lines = [f"round {game.round} · deck {len(game.zones[DECK])} cards{tied}", f"table: {cards(TABLE)}"]
        for other in (seat, 1 - seat):
            who = "you" if other == seat else "opponent"
            lines.append(f"{who}: domain {cards(DOMAIN + other)} (worth {game.domain_value(other)}), "
                         f"stars {len(game.zones[STARS + other])}, discard pile {len(game.zones[DISCARD + other])}")
        throws = game.compiled.throws
        if self.base is None:
            if self.throws and seat == 0:
                lines.append(f"your throw: {throws[self.throws[0]]}")
        else:
            lines.append(f"throws: {throws[self.throws[0]]} against {throws[self.throws[1]]}")
            lines.append(f"answers so far: {', '.join(map(str, self.script)) or 'none'}")
        decision = self.decision
        if decision is not None and decision.kind != THROW:
            who = "you" if decision.seat == seat else "opponent"
            picked = f" · picked {', '.join(self._card(card) for card in decision.picked)}" if decision.picked else ""
            lines.append(f"{who} to decide: {self._question(decision)}{picked}")
        return "\n".join(lines)

    def key(self, seat: int) -> tuple:
        """`information` as numbers (definition indices for names; the domain values, which follow from
        the visible cards, left out)."""
        game = self.game
        def_of, zones = game.compiled.def_of, game.zones
        other = 1 - seat
        if self.base is None:
            throws: tuple = (self.throws[0],) if self.throws and seat == 0 else ()
        else:
            throws = (*self.throws, *self.script)
        decision = self.decision
        asked: tuple = ()
        if decision is not None and decision.kind != THROW:
            request = decision.request
            asked = (decision.kind, decision.seat == seat, decision.stars,
                     None if request is None else (request.verb, self._def(request.card)),
                     tuple([self._def(card) for card in decision.picked]))
        return (game.round, len(zones[DECK]), game.ties, tuple([def_of[card] for card in zones[TABLE]]),
                tuple([def_of[card] for card in zones[DOMAIN + seat]]),
                tuple([def_of[card] for card in zones[DOMAIN + other]]),
                len(zones[STARS + seat]), len(zones[STARS + other]), len(zones[DISCARD + seat]),
                len(zones[DISCARD + other]), self.base is None, throws, asked)

    def _def(self, card: int) -> int:
        return -1 if card == BRINDE else self.game.compiled.def_of[card]

    def _question(self, decision: Decision) -> str:
        request = decision.request
        if decision.kind == CHOOSE and request is not None:
            return f"{request.verb}: a card of {self._card(request.card)}"
        if decision.kind == MAY and request is not None:
            return f"whether to do the optional step of {self._card(request.card)}"
        if decision.kind == EXCHANGE:
            return f"whether to exchange the domain for {decision.stars} star{'s' if decision.stars != 1 else ''}"
        return {TAKE: "which table card to take", FALLBACK: "a Brinde, or a table card to the bottom of the deck"}[
            decision.kind]

    playout_depth = 0
    """A search judges a position by `estimate` at once: the score lead says more than random throws
    played to the end (docs/simulate.md measures both)."""

    def estimate(self) -> list[float]:
        """Before the end: who is ahead (stars at their price plus domain value, as greedy scores it), as a
        share of the points a game is won with; a seat about to take a table card is counted as holding
        the best one already (judged before the take, every throw would look the same).  Nothing is
        played ahead: a search asks this at every iteration."""
        if self.outcome is not None:
            return self.returns()
        game = self.game
        lead = score(game, 0)
        decision = self.decision
        if decision is not None and decision.kind == TAKE:
            gain = max([card_worth(game, card) for card in decision.options])
            lead += gain if decision.seat == 0 else -gain
        rules = game.rules
        lead = max(-1.0, min(1.0, lead / (rules.star_cost * rules.stars_to_win)))
        return [lead, -lead]

    def clone(self) -> JankenState:
        """A copy whose generator is a copy of this one's; every seat of the copy decides through the
        interface (a seat's own player belongs to the original game).  The stretch's starting copy is
        shared: nothing changes it."""
        copy = JankenState.__new__(JankenState)
        copy.game = _exact(self.game, stats=False)
        copy.names, copy.profile, copy.person = self.names, self.profile, self.person
        copy.natives = [None, None]
        copy.listener = copy.screen = None
        copy.throws = list(self.throws)
        copy.script = list(self.script)
        copy.base, copy.ran, copy.future = self.base, self.ran, self.future
        copy.decision, copy.outcome = self.decision, self.outcome
        return copy

    def determinize(self, seat: int, rng: _random.Random) -> JankenState:
        copy = self.clone()
        future = Stream(rng.getrandbits(64))
        if copy.base is None:
            shuffle(rng, copy.game.zones[DECK])
            copy.game.rng = future
            if copy.throws and seat == 1:
                copy.throws[0] = below(rng, len(copy.game.compiled.throws))
            return copy
        base = copy.base = _exact(copy.base, stats=False)
        _shuffle_unseen(base.zones[DECK], copy.game.zones[DECK], rng)
        copy.future = (len(copy.script), future)
        copy.game.rng = future.copy()
        return copy

    def follow(self, seat: int, language: str) -> bool:
        from .screen import Screen

        self.person = seat
        self.screen = Screen(self, self.profile, seat, language)
        self.listener = self.game.listener = self.screen.narrator
        return True

    def news(self) -> list[str]:
        return self.screen.news() if self.screen is not None else []

    def show(self, seat: int) -> str:
        return self.screen.show() if self.screen is not None else self.information(seat)

    def question(self) -> str:
        if self.screen is None or self.decision is None:
            return ""
        return self.screen.question(self.decision)

    def confirm(self, action: int) -> str:
        if self.screen is None or self.decision is None:
            return ""
        return self.screen.confirm(self.decision, action)

    def describe(self, action: int) -> str:
        decision = self.decision
        assert decision is not None  # actions are described while the game waits for them
        if self.screen is not None:
            return self.screen.describe(decision, action)
        kind, request = decision.kind, decision.request
        if kind == THROW:
            return f"throw {self.game.compiled.throws[action]}"
        if kind == TAKE:
            return f"take {self._card(action)}"
        if kind == FALLBACK:
            return "take a Brinde" if action == BRINDE else f"put {self._card(action)} on the bottom of the deck"
        if kind == CHOOSE and request is not None:
            return f"choose {self._card(action)} ({request.verb})"
        if kind == MAY and request is not None:
            return f"{'do' if action == YES else 'skip'} the optional step of {self._card(request.card)}"
        return (f"exchange the domain for {decision.stars} star{'s' if decision.stars != 1 else ''}" if action == YES
                else "keep the domain")

    def figures(self) -> dict[str, float]:
        return {"rounds": self.game.round}


BRINDE: Final = 1 << 20
"""The action that takes a Brinde (beyond every card id)."""


def _exact(game: Game, stats: bool = True) -> Game:
    """A copy of `game` with a copy of its generator (`Game.clone` alone draws from the original's), and of
    its figures unless `stats` is False (a search's copies count nothing)."""
    copy = game.clone(game.players, game.rng.copy())
    if stats and game.stats is not None:
        copy.stats = game.stats.copy()
    return copy


def _shuffle_unseen(base: list[int], live: list[int], rng: _random.Random) -> None:
    """Shuffle, alike in the stretch's starting deck and the deck now, the cards that have stayed in the
    deck since the stretch began: the bottom of the starting deck, found in the same order at one place of
    the deck now.  (A deck that changed otherwise is left as it is.)"""
    present = set(live)
    kept = [card for card in base if card in present]
    if not kept:
        return
    start = live.index(kept[0])
    if live[start:start + len(kept)] != kept or base[:len(kept)] != kept:
        return
    order = list(kept)
    shuffle(rng, order)
    base[:len(kept)] = order
    live[start:start + len(kept)] = order
