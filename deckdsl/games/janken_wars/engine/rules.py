"""The rule parameters and options one game is played with (`Rules`, generated into docs/rules.md), and
the values of the profile's components."""

from __future__ import annotations

from dataclasses import dataclass, fields

from ....lang import ast
from ....profiles.profile import Profile


@dataclass(frozen=True)
class Rules:
    """The rule parameters and options one game is played with (see docs/rules.md for each)."""

    star_cost: int = 8
    table_size: int = 5
    stars_to_win: int = 3
    star_supply: int = 5
    brinde_supply: int = 0
    stars_count_as_cards: str = "no"
    stars_can_be_taken: str = "no"
    chooser: str = "actor"
    exchange_window: str = "step"
    exchange_remainder: str = "lost"
    partial_actions: str = "yes"
    deck_out: str = "refill"
    step_limit: int = 10000
    round_limit: int = 1000

    def as_dict(self) -> dict[str, int | str]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def rules_for(deck: ast.Deck, profile: Profile, overrides: dict[str, str] | None = None) -> Rules:
    """The rules a deck is played with: the profile's defaults, the deck's `rules` block, then
    `overrides` (`--set name=value`; `deckdsl.games.interface.parameters`).  Raises ValueError naming a
    bad override."""
    from ...interface import parameters

    return rules_from(parameters(deck, profile, overrides))


def rules_from(values: dict) -> Rules:
    """`Rules` from the values of a game's parameters (those it does not know are left out)."""
    known = {f.name for f in fields(Rules)}
    return Rules(**{name: value for name, value in values.items() if name in known})


def profile_component_value(profile: Profile, name: str, default: int) -> int:
    """The `value` the profile gives its component `name` (the Brinde's points), else `default`."""
    return int(profile.components.get(name, {}).get("value", default))
