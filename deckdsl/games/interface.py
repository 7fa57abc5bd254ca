"""One game interface every engine implements, in the spirit of OpenSpiel's `State`.

A game is played by asking its state whose turn it is, listing the legal actions, and applying one.
Bots (`deckdsl.games.search`), the terminal player (`deckdsl play`) and the simulator (`deckdsl.lab`)
need nothing else, so a new game is one new engine, not a new simulator.

- **Actions** are small non-negative integers whose meaning the state gives (`describe`); the list is
  in a fixed order, so seeded bots are reproducible.
- **Chance** is inside the state: the engine draws from the generator it was made with (`Engine.new_state`),
  and its clone carries a copy of it.  A bot that must not see the future calls `determinize(seat, rng)`:
  a copy in which everything `seat` cannot see — other hands, the order of the deck, a choice another seat
  made and has not revealed, the state's own generator — is drawn again at random, consistently with
  what `seat` has seen.
- **Simultaneous moves** (a throw, a face-down play) are taken one seat after the other; the second seat's
  `information` does not show the first seat's choice until both are revealed.
- **Returns**, at the end, per seat: +1 a win, -1 a loss, 0 a draw in a two-player game; in a cooperative
  game every seat gets 1 for success and 0 for failure.

`engine_for(deck, profile, settings)` finds a game's engine through the registry
(`deckdsl.games.registry`): a game package registers a `Game`, whose `engine` makes it.
"""

from __future__ import annotations

import random as _random
from abc import ABC, abstractmethod
from collections.abc import Hashable
from typing import TYPE_CHECKING, ClassVar, Final

from mypy_extensions import mypyc_attr

from ..lang import ast
from ..profiles.profile import Profile
from .registry import find_game

if TYPE_CHECKING:
    from .view import RunView

TERMINAL: Final = -2
"""`current_player()` of a finished game."""


@mypyc_attr(native_class=False)  # compiled (setup.py): a plain class keeps `cards` when pickled (--jobs)
class EngineError(Exception):
    """A game that cannot go on: an effect loop cut at the step limit, players that never differ.  `cards`:
    the names of the cards involved (the diagnostic points at them: DK401, or DK402 without cards)."""

    def __init__(self, message: str, cards: tuple[str, ...] = ()):
        super().__init__(message)
        self.cards = cards


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (setup.py): games and tests subclass it
class State(ABC):
    """One moment of one game.  Mutable: `apply` changes it; `clone` copies it cheaply."""

    seats: int
    playout_depth: int = 80
    """Random actions a search plays out before it asks `estimate` instead of the end.  A game whose
    random play is informative to the end keeps the default; one where random moves only undo progress
    (the cooperative game) sets it low and gives a good `estimate`."""

    @abstractmethod
    def current_player(self) -> int:
        """The seat that acts now (0-based), or TERMINAL."""

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """The actions the current player may take, in a fixed order (never empty before the end)."""

    @abstractmethod
    def apply(self, action: int) -> None:
        """Take `action` for the current player (it must be legal) and play on to the next decision."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Per seat, at the end (see the module docstring); zeros before it."""

    @abstractmethod
    def information(self, seat: int) -> str:
        """Everything `seat` can see now, as readable text: the key of its information state, and what
        `deckdsl play` shows that seat.  Two states `seat` cannot tell apart give the same text."""

    def key(self, seat: int) -> Hashable:
        """What `seat` can see now, as a hashable key: two states give equal keys exactly when their
        `information` texts are equal.  A search looks it up at every step, so a game gives a cheap one
        (a tuple of numbers); the default is the text itself."""
        return self.information(seat)

    @abstractmethod
    def clone(self) -> State:
        """An independent copy (its generator too)."""

    @abstractmethod
    def describe(self, action: int) -> str:
        """The current player's `action` in words, for menus and logs (`throw rock`, `play 7♠ face down`)."""

    def follow(self, seat: int, language: str) -> bool:
        """From now on, tell what happens to `seat` (a person at `deckdsl play`) in `language`, and say
        whether this game narrates: `news` then gives the lines.  By default it does not, and the table
        announces each move itself."""
        return False

    def news(self) -> list[str]:
        """What happened since the last call, told to the seat `follow` named (nothing by default)."""
        return []

    def show(self, seat: int) -> str:
        """What a person at `seat` is shown before deciding: `information` by default."""
        return self.information(seat)

    def question(self) -> str:
        """The decision the current player faces, as a question ("" for the table's own "your move")."""
        return ""

    def announce(self, action: int, seat: int) -> str:
        """The current player's `action` as `seat` sees it, said of the player (`played the 7 of hearts`;
        `discarded a card`, when `seat` may not see which), before it is applied — for a person at the table
        to follow a bot's move.  "" when the game tells its moves otherwise (`news`, `information`'s log):
        the table then says only who moved."""
        return ""

    def menu(self, action: int) -> tuple[str, str]:
        """Where `action` sits in a person's menu: its group — the kind of move, or what it moves (`take K♦
        from Player 2`) — and its words within the group (`give it to Player 3`).  A menu with groups shows a
        line per group and each move under a short key (`b2`); ("", `describe`) by default: one numbered
        list, as every game with few moves has."""
        return "", self.describe(action)

    def confirm(self, action: int) -> str:
        """A question the table asks before it plays the person's `action` ("" for none): a move that throws
        cards away for nothing is never one keystroke (Janken Wars: discarding a domain for no star)."""
        return ""

    def determinize(self, seat: int, rng: _random.Random) -> State:
        """A copy where what `seat` cannot see is drawn again with `rng` (see the module docstring).  A
        game of perfect information returns a plain clone."""
        return self.clone()

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def estimate(self) -> list[float]:
        """Per seat, what the game is likely to return from here, on the scale of `returns`: what a search
        uses when it stops a playout early (after `playout_depth` actions).  The default knows
        nothing before the end (zeros)."""
        return self.returns()

    def figures(self) -> dict[str, float]:
        """Numbers the simulator averages over games (rounds played …); at the end of a game."""
        return {}

    def cards_of(self, seat: int) -> list[str]:
        """At the end of a game, the cards (by name) `seat` had a hand in — drafted and kept, or played —
        for the per-card figures (how often a seat with the card won).  Empty where cards are not a
        seat's own (a cooperative game, where the whole table shares the outcome)."""
        return []


@mypyc_attr(allow_interpreted_subclasses=True)
class Engine(ABC):
    """A game's rules for one deck: makes the first state of each game."""

    name: str
    seats: int
    cooperative: bool = False
    card_use: str = "had"
    """What `State.cards_of` counts, as the verb of "the players who ___ the card" (`played`)."""
    bots: ClassVar[dict] = {}
    """The game's own bots besides the interface's (`deckdsl.games.search`): strategy name -> a factory
    `(full name, rng) -> Bot` (Janken Wars: `greedy`, `yomi`)."""

    @abstractmethod
    def new_state(self, rng: _random.Random) -> State:
        """A new game, dealt with `rng` (which the state keeps for its own draws)."""

    def new_game(self, rng: _random.Random, bots: list) -> State:
        """A new game that `bots` (one per seat) will play: an engine may let a bot of its own (`bots`)
        answer that seat's decisions inside the engine — the same decisions, without a round trip through
        the state for each — and the state then asks only for the others'.  By default every decision
        goes through the state."""
        return self.new_state(rng)

    default_bot = "ismcts:200"
    """The opponent of `deckdsl play` when none is named."""

    def warnings(self) -> list[dict]:
        """What the engine announces before it plays (`deckdsl play` and `simulate` print it, the JSON keeps
        it): the ordering hazards it plays in its default order, as dicts with `code`, `cards` (two
        names), `more` and `played`.  None by default."""
        return []

    def tally(self):
        """The game's own counters for the simulator (`deckdsl.lab.arena`), or None for the simulator's:
        an object with `add(state, actions)` (a finished game), `merge(other)`, that pickles.  A game whose
        figures go beyond who won, how long and `State.figures` keeps them here (Janken Wars: exchanges,
        tie-breaks, per card what it did), and gives them with `summary`."""
        return None

    def summary(self, tally, *, seed: int, players: tuple[str, ...]) -> dict:
        """The JSON-ready figures of the game's own `tally` after a run of `seed` with `players`."""
        raise NotImplementedError

    def view(self, figures: dict) -> RunView:
        """What the report of a run shows (`deckdsl.games.view`), from the figures of one run (or one
        pairing): the simulator's figures by default, the game's own `summary` where it has one."""
        from .view import standard

        return standard(figures)

    def text_report(self, figures: dict) -> str | None:
        """The game's own text view of its `summary` (a run, or every pairing of `--matchups`), or None
        for the simulator's."""
        return None


def engine_for(deck: ast.Deck, profile: Profile, settings: dict[str, str] | None = None) -> Engine | None:
    """The engine of `deck`'s game, or None when no registered game plays it.  `settings`: rule
    parameters and options from the command line (`--set name=value`), over the deck's `rules` block
    over the profile's defaults.  Raises ValueError for a bad setting."""
    game = find_game(profile.id)
    if game is None:
        return None
    return game.engine(deck, profile, parameters(deck, profile, settings))


def parameters(deck: ast.Deck, profile: Profile, settings: dict[str, str] | None = None) -> dict:
    """The rule parameters and options a game is played with: the profile's defaults, the deck's
    `rules` block, then `settings`.  Raises ValueError naming a bad setting."""
    values = profile.parameters(deck.rules)
    for name, written in (settings or {}).items():
        parameter = profile.rules.get(name)
        if parameter is None:
            from ..diagnostics import did_you_mean

            hint = did_you_mean(name, list(profile.rules)) or f"the parameters are {', '.join(profile.rules) or 'none'}"
            raise ValueError(f"{profile.name} has no rule parameter `{name}` ({hint})")
        value = parameter.parse(written)
        if value is None:
            raise ValueError(f"`{name}` must be {parameter.allowed()}, not `{written}`")
        values[name] = value
    return values


def play_out(state: State, rng: _random.Random, limit: int = 100_000) -> State:
    """Play `state` to the end with uniformly random actions (`limit` actions at most: a game that
    runs longer is a bug in its engine, and raises)."""
    for _ in range(limit):
        if state.is_terminal():
            return state
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    raise RuntimeError(f"a game of {type(state).__name__} did not end in {limit} actions")
