"""Check a parsed deck: the language's meaning (`semantics`) and the game's rules (`rules/`).

`run(deck, profile)` returns every finding, sorted by position; nothing here raises or prints.  Around it:
`polarity` (what an effect is worth, read by the rules), `config` (which findings a project wants),
`suppress` (`# deckdsl: allow` comments), `report` (the views of findings) and `docs` (the rule pages).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..diagnostics import Diagnostic
from ..lang.ast import Deck
from ..profiles.profile import Profile
from . import semantics
from .registry import RULES
from .rule import Context


def run(
    deck: Deck,
    profile: Profile | None,
    *,
    complete: bool = True,
    enabled: Callable[[str], bool] = lambda code: True,
    skipped: Mapping[int, frozenset[str]] | None = None,
) -> list[Diagnostic]:
    """All semantic diagnostics and the findings of every registered rule.

    `complete=False` says some blocks of the file did not parse: the rules, which judge the deck as a
    whole (36 cards …), are skipped then, since the cards they would count are not all there.
    `enabled(code)` says which rules to run (see `deckdsl.check.config`).  `skipped`: fields the parser had to
    skip on broken lines, by card (`deckdsl.lang.parse.Parsed.skipped`): they are not reported missing too.
    """
    found = list(semantics.analyze(deck, profile, skipped or {}))
    if profile is not None and complete:
        context = Context(deck=deck, profile=profile)
        for rule in RULES:
            if enabled(rule.code.code) and rule.applies_to(profile):
                found.extend(rule.check(context))
    return found
