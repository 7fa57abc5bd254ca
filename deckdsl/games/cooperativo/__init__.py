"""The cooperative sequence game (seed 003): everything the game is, in one folder.

- `engine`: the game's rules for one deck (`make_engine`, `CooperativoEngine`);
- `state`: one moment of a game on the one game interface (`deckdsl.games.interface`).

Its cards are played by rank alone (the profile's `order`): they carry no effects (`Vocabulary()`).
Importing this package only registers the game; the engine is imported when the core asks for it.
"""

from __future__ import annotations

from ..registry import Game, register_game


class Cooperativo(Game):
    id = "cooperativo"

    def engine(self, deck, profile, settings):
        from .engine import make_engine

        return make_engine(deck, profile, settings)


GAME = register_game(Cooperativo())
