"""The one table of rules, in the order they run.  Codes never change meaning once released."""

from __future__ import annotations

from ..diagnostics import CODES, Code
from ..games.registry import games
from .rule import Rule
from .rules import deck_size, group_size

CORE = (deck_size, group_size)
"""The rules every game's decks are checked with (DK201, DK202); a game's own come from its package."""


MODULES = (*CORE, *(module for game in games() for module in game.guidelines()))
"""The core rules, then each registered game's guidelines (`Game.guidelines`), games by id."""

RULES: tuple[Rule, ...] = tuple(Rule.from_module(module) for module in MODULES)
"""Every guideline rule, in the order they run."""

HAZARD_CODES: dict[str, str] = {module.KIND: module.CODE for module in MODULES if hasattr(module, "KIND")}
"""The code of each kind of ordering hazard (`deckdsl.check.hazards.pairs.KINDS`): the rules that report
one declare its KIND."""


def all_codes() -> list[Code]:
    """Every code, the language's and the rules', sorted by code."""
    return sorted(CODES.values(), key=lambda c: c.code)
