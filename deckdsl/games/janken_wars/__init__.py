"""Janken Wars (seed 000, docs/gdd/): everything the game is, in one folder.

- `engine/`: the rules engine, which plays a checked deck as the GDD writes its rules (its own docstring
  says how); its compiler's `compile_<Node>` methods are the effects the game plays (`Vocabulary`);
- `state`: the engine on the one game interface (`deckdsl.games.interface`);
- `bots`: the game's own players (`random`, `greedy`, `yomi`, with exchange policies);
- `screen`: a person's table in the terminal (`deckdsl play`);
- `figures`: its own tallies of a simulation; `evidence`: its balance findings tested by play.

Importing this package only registers the game; each part is imported when the core asks for it.
"""

from __future__ import annotations

from ..registry import EFFECT_FIELDS, Game, Vocabulary, register_game


class JankenWars(Game):
    id = "janken-wars"

    def vocabulary(self) -> Vocabulary:
        from .engine.compiler import PLAYED

        return Vocabulary(fields=frozenset(EFFECT_FIELDS), nodes=PLAYED)

    def evidence(self):
        from . import evidence

        return evidence

    def engine(self, deck, profile, settings):
        from .state import JankenEngine

        return JankenEngine(deck, profile, settings)


GAME = register_game(JankenWars())
