"""What a game asks its players: the `Player` interface and the `Request` an effect's decision comes with."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

from ....lang import ast

if TYPE_CHECKING:
    from .game import Game


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (setup.py): tests subclass it (scripted players)
class Player:
    """What a game asks a player.  `me` is the player's seat (0 or 1); options are card ids.

    Subclasses (`deckdsl.games.janken_wars.bots`, the terminal player of `deckdsl play`) override every method.
    """

    name = "player"
    never_exchanges = False
    """True for a player whose `exchange` always answers no (a bot's look-ahead): the game then skips
    pricing the domain it would offer."""

    def throw(self, game: Game, me: int) -> int:
        """The throw for a dispute: an index into `game.compiled.throws`."""
        raise NotImplementedError

    def take(self, game: Game, me: int, options: list[int]) -> int:
        """Which table card of the winning type to take."""
        raise NotImplementedError

    def fallback(self, game: Game, me: int, brinde: bool) -> int | None:
        """No table card of the winning type: None takes a Brinde (when `brinde`), a card id puts that
        table card on the bottom of the deck."""
        raise NotImplementedError

    def choose(self, game: Game, me: int, request: Request, options: list[int], count: int) -> list[int]:
        """Pick `count` of `options` (distinct) for the effect described by `request`."""
        raise NotImplementedError

    def may(self, game: Game, me: int, request: Request) -> bool:
        """Whether an optional step (`you may …`) happens."""
        raise NotImplementedError

    def exchange(self, game: Game, me: int, stars: int) -> bool:
        """Whether to discard the whole domain now for `stars` stars."""
        raise NotImplementedError


class Request:
    """What an effect asks a player to decide.  `card`: the id of the card whose effect it is.
    `step`: the step's AST node (for its rules text).  `verb`: `discard`, `gain`, `swap`, `bottom`,
    `cancel`, `may`, or `modify` (a modifier on a chosen card choosing, `step` its ValueModifier).
    `actor`: the seat doing the step.  `zone`: where the options are (a zone index), or None.  Never
    changed once made (a plain class: the compiled build makes a dataclass with its interpreted `__init__`)."""

    def __init__(self, card: int, step: ast.Node, verb: str, actor: int, zone: int | None = None) -> None:
        self.card, self.step, self.verb, self.actor, self.zone = card, step, verb, actor, zone

    def __repr__(self) -> str:
        return f"Request(card={self.card}, verb={self.verb!r}, actor={self.actor}, zone={self.zone})"
