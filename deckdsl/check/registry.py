"""The one table of rules, in the order they run.  Codes never change meaning once released."""

from __future__ import annotations

from ..diagnostics import CODES, Code
from .rule import Rule
from .rules import (
    action_and_condition,
    advanced_on_table,
    better_than_reference,
    card_named_in_effect,
    complex_simple_card,
    deck_size,
    dominated_card,
    group_size,
    high_value_without_drawback,
    hoarding_incentive,
    long_effect,
    low_star_cost,
    name_shape,
    needless_order,
    paper_value,
    plain_special_card,
    rarity_tracks_power,
    single_counterpart,
    star_gain,
    unordered_discard_priorities,
    unordered_modifiers,
    unordered_triggers,
    unordered_values,
)

RULES: tuple[Rule, ...] = tuple(
    Rule.from_module(module)
    for module in (
        deck_size,  # DK201
        group_size,  # DK202
        rarity_tracks_power,  # JW101
        complex_simple_card,  # JW102
        plain_special_card,  # JW103
        card_named_in_effect,  # JW104
        single_counterpart,  # JW105
        better_than_reference,  # JW106
        dominated_card,  # JW107
        high_value_without_drawback,  # JW108
        long_effect,  # JW109
        action_and_condition,  # JW110
        name_shape,  # JW111
        paper_value,  # JW112
        unordered_modifiers,  # JW113
        needless_order,  # JW114
        star_gain,  # JW115
        low_star_cost,  # JW116
        unordered_triggers,  # JW117
        unordered_values,  # JW118
        unordered_discard_priorities,  # JW119
        advanced_on_table,  # JW120
        hoarding_incentive,  # JW121
    )
)


HAZARD_CODES: dict[str, str] = {
    module.KIND: module.CODE
    for module in (unordered_modifiers, unordered_triggers, unordered_values, unordered_discard_priorities)
}
"""The code of each kind of ordering hazard (`deckdsl.check.hazards.pairs.KINDS`)."""


def all_codes() -> list[Code]:
    """Every code, the language's and the rules', sorted by code."""
    return sorted(CODES.values(), key=lambda c: c.code)
