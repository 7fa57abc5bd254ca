"""Janken Wars (seed 000, docs/gdd/): everything the game is, in one folder.

- `engine/`: the rules engine, which plays a checked deck as the GDD writes its rules (its own docstring
  says how); its compiler's `compile_<Node>` methods are the effects the game plays (`Vocabulary`);
- `state`: the engine on the one game interface (`deckdsl.games.interface`);
- `bots`: the game's own players (`random`, `greedy`, `yomi`, with exchange policies);
- `screen`: what the terminal screen (`deckdsl play`) shows, asks and tells of a game;
- `figures`: its own tallies of a simulation, `view` how the report shows them; `evidence`: its balance
  findings tested by play; `worth`: what an effect is worth to a card's owner (the balance rules' model);
- `rules/`: its guideline rules (JW101–JW121), the GDD's "Fazendo novos baralhos".

Importing this package only registers the game; each part is imported when the core asks for it.
"""

from __future__ import annotations

from ..registry import EFFECT_FIELDS, Game, Vocabulary, register_game


class JankenWars(Game):
    id = "janken-wars"

    def vocabulary(self) -> Vocabulary:
        from .engine.compiler import PLAYED

        return Vocabulary(fields=frozenset(EFFECT_FIELDS), nodes=PLAYED)

    def guidelines(self):
        from .rules import (
            action_and_condition, advanced_on_table, better_than_reference, card_named_in_effect,
            complex_simple_card, dominated_card, high_value_without_drawback, hoarding_incentive, long_effect,
            low_star_cost, name_shape, needless_order, paper_value, plain_special_card, rarity_tracks_power,
            single_counterpart, star_gain, unordered_discard_priorities, unordered_modifiers, unordered_triggers,
            unordered_values,
        )

        return [rarity_tracks_power, complex_simple_card, plain_special_card, card_named_in_effect,  # JW101-104
                single_counterpart, better_than_reference, dominated_card, high_value_without_drawback,  # 105-108
                long_effect, action_and_condition, name_shape, paper_value, unordered_modifiers,  # 109-113
                needless_order, star_gain, low_star_cost, unordered_triggers, unordered_values,  # 114-118
                unordered_discard_priorities, advanced_on_table, hoarding_incentive]  # 119-121

    def evidence(self):
        from . import evidence

        return evidence

    def worth(self):
        from . import worth

        return worth

    def engine(self, deck, profile, settings):
        from .state import JankenEngine

        return JankenEngine(deck, profile, settings)


GAME = register_game(JankenWars())
