"""The one table of rules, in the order they run.  Codes never change meaning once released."""

from __future__ import annotations

from ..diagnostics import CODES, Code
from .rule import Rule
from .rules import deck_size, group_size

RULES: tuple[Rule, ...] = tuple(Rule.from_module(m) for m in (deck_size, group_size))


def all_codes() -> list[Code]:
    """Every code, the language's and the rules', sorted by code."""
    return sorted(CODES.values(), key=lambda c: c.code)
