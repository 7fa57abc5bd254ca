"""The one table of rules, in the order they run.  Codes never change meaning once released."""

from __future__ import annotations

from .rule import Rule
from .rules import deck_size, group_size

RULES: tuple[Rule, ...] = tuple(Rule.from_module(m) for m in (deck_size, group_size))
