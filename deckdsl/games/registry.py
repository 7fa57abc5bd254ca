"""How the core finds a game: every game registers itself here, and nothing else names one.

A game is a package whose import calls `register_game` with a `Game`, as OpenSpiel's games call
`pyspiel.register_game`.  The core stages (check, text, printing, lab, editor, cli) never import a game:
they ask `find_game(id)`, which imports the game the first time it is asked for — one of the games shipped
with deckdsl (`SHIPPED`), or a Python package of its own that declares an entry point in the group
`deckdsl.games` (name: the game's id; value: the module that registers it).  `games()` loads them all.

A `Game` is light: its methods import the game's engine, guideline rules and vocabulary only when asked,
so that checking a Queens vs Kings deck loads no Janken Wars engine, and `deckdsl check` no engine at all.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

GROUP = "deckdsl.games"
"""The entry-point group a game shipped as its own Python package declares itself in."""

SHIPPED: dict[str, str] = {
    "janken-wars": "deckdsl.games.janken_wars",
    "embate-dos-guardioes": "deckdsl.games.embate_dos_guardioes",
    "cooperativo": "deckdsl.games.cooperativo",
    "queens-vs-kings": "deckdsl.games.queens_vs_kings",
}
"""The games that come with deckdsl: id -> the package that registers it."""

EFFECT_FIELDS = ("value", "cost", "action", "condition", "text")
"""The card fields that carry rules (beside the profile's attributes and `copies`, which every game reads):
a game plays some of them, and says which in its `Vocabulary`."""


class GameError(Exception):
    """A game package that cannot be loaded, or registers what it should not (its message says which)."""


@dataclass(frozen=True)
class Vocabulary:
    """What a game's engine plays of a card's rules.

    `fields`: the fields of `EFFECT_FIELDS` its engine reads (`text:`, rules text written by hand, counts
    as played only where the effects it words are).  `nodes`: the kinds of effect node (`GainStars`,
    `Trigger`, `Selection` … the class names of `deckdsl.lang.ast`) its engine compiles inside them.
    Anything else on a card is an error (DK124): a deck never says what its game does not do.
    """

    fields: frozenset[str] = frozenset()
    nodes: frozenset[str] = frozenset()


class Game:
    """One game deckdsl plays: the id of its profile and what the core asks of it.

    Subclass it in the game's package, set `id`, override what the game has, and register one instance.
    Each method imports its part of the game when it is called.
    """

    id: str = ""

    def profile_path(self) -> Path | None:
        """Its profile: `<id>.game` in the folder of the package that defines the game, if it is there."""
        module = sys.modules.get(type(self).__module__)
        path = Path(module.__file__).parent / f"{self.id}.game" if module and module.__file__ else None
        return path if path is not None and path.is_file() else None

    def vocabulary(self) -> Vocabulary:
        """What its engine plays of a card's rules (default: nothing but the profile's attributes)."""
        return Vocabulary()

    def guidelines(self) -> list[Any]:
        """Its guideline rules for `deckdsl check`: modules as `deckdsl.check.rule` describes them (a CODE, a
        NAME, a SEVERITY, a `check` and a docstring that is the rule's documentation), in the order they
        run.  None by default."""
        return []

    def evidence(self) -> Any:
        """What tests its balance findings by play (`deckdsl check --evidence`): an object with
        `testable(diagnostics)`, `comparison(diagnostic)`, `check_players(names)`, `gather(diagnostics, deck,
        profile, games=, seed=, players=, progress=)` and `annotate(diagnostics, found)`; None for a game
        without balance findings to play."""
        return None

    def worth(self) -> Any:
        """Its effect-worth model, what `deckdsl explain` and an editor's hover show card by card: a module
        with `typical_value(card)`, `polarity(node)` and `why(node)` (an effect's worth to the card's owner,
        and the reason), `has_drawback(card)`, `TYPICAL_ZONE_SIZE`, and `deck_notes(deck, profile)` (lines
        about the whole deck); None for a game without one."""
        return None

    def engine(self, deck: Any, profile: Any, settings: dict) -> Any:
        """Its rules engine (a `deckdsl.games.interface.Engine`) for `deck` (an `ast.Deck`) read through
        `profile`, played with the rule parameters and options `settings`; None for a game deckdsl does not
        play.  (The registry sits below the stages that define those types, and names none of them.)"""
        return None


_GAMES: dict[str, Game] = {}
_BROKEN: dict[str, str] = {}
"""id -> why the installed package of that game could not be loaded."""


def register_game(game: Game) -> Game:
    """Make `game` known by its id (a game package does this when imported).  Registering another game
    under a taken id is an error; registering the same class again is not."""
    if not game.id:
        raise GameError(f"{type(game).__name__} has no id")
    known = _GAMES.get(game.id)
    if known is not None and type(known) is not type(game):
        raise GameError(f"two games are registered as `{game.id}`: {type(known).__qualname__} and "
                        f"{type(game).__qualname__}")
    _GAMES[game.id] = game
    return game


def find_game(game_id: str) -> Game | None:
    """The game registered as `game_id`, importing its package the first time; None when no game has
    that id.  Raises GameError when its package does not register it."""
    game = _GAMES.get(game_id)
    if game is not None:
        return game
    module = SHIPPED.get(game_id)
    if module is not None:
        importlib.import_module(module)
    else:
        for entry in _entry_points():
            if entry.name == game_id:
                _load(entry)
                break
        else:
            return None
    game = _GAMES.get(game_id)
    if game is None:
        raise GameError(f"the package of the game `{game_id}` does not register it (register_game)")
    return game


def load_error(game_id: str) -> str | None:
    """Why the installed package of the game `game_id` could not be loaded, if it could not."""
    return _BROKEN.get(game_id)


def games() -> list[Game]:
    """Every game that loads — the shipped ones and those installed as packages — sorted by id (an
    installed package that cannot be loaded is left out: `load_error` says why)."""
    for game_id in [*SHIPPED, *(entry.name for entry in _entry_points())]:
        try:
            find_game(game_id)
        except GameError:
            if game_id in SHIPPED:
                raise
    return [_GAMES[game_id] for game_id in sorted(_GAMES)]


def _entry_points() -> Iterator[metadata.EntryPoint]:
    yield from metadata.entry_points(group=GROUP)


def _load(entry: metadata.EntryPoint) -> None:
    """Import an installed game's entry point; a `Game` it names (`module:GAME`) is registered too."""
    try:
        loaded = entry.load()
    except Exception as error:  # a broken installed package is a reported problem, not a traceback
        _BROKEN[entry.name] = (f"the game package `{entry.value}` (entry point `{entry.name}`) cannot be loaded: "
                               f"{type(error).__name__}: {str(error)[:200]}")
        raise GameError(_BROKEN[entry.name]) from error
    if isinstance(loaded, Game):
        register_game(loaded)
