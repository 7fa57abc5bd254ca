"""Embate dos Guardiões (seed 001): everything the game is, in one folder.

- `engine`: the game's rules for one deck on the one game interface (`deckdsl.games.interface`).

Its cards are played by value alone (the profile's `value` of each rank): they carry no effects
(`Vocabulary()`).  Importing this package only registers the game; the engine is imported when asked for.
"""

from __future__ import annotations

from ..registry import Game, register_game


class EmbateDosGuardioes(Game):
    id = "embate-dos-guardioes"

    def engine(self, deck, profile, settings):
        from .engine import make_engine

        return make_engine(deck, profile, settings)


GAME = register_game(EmbateDosGuardioes())
