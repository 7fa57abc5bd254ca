"""Check a parsed deck: the language's meaning (`semantics`) and the game's rules (`rules/`).

`run(deck, profile)` returns every finding, sorted by position; nothing here raises or prints.
"""

from __future__ import annotations

from ..ast import Deck
from ..diagnostics import Diagnostic
from ..profile import Profile
from . import semantics
from .registry import RULES
from .rule import Context


def run(deck: Deck, profile: Profile | None) -> list[Diagnostic]:
    """All semantic diagnostics and the findings of every registered rule."""
    found = list(semantics.analyze(deck, profile))
    if profile is not None:
        context = Context(deck=deck, profile=profile)
        for rule in RULES:
            found.extend(rule.check(context))
    return found
