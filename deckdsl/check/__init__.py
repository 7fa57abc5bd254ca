"""Check a parsed deck: the language's meaning (`semantics`) and the game's rules (`rules/`).

`run(deck, profile)` returns every finding, sorted by position; nothing here raises or prints.  Around it:
`parts` (the parts of a card's effects, read by the rules), `config` (which findings a project wants),
`suppress` (`# deckdsl: allow` comments), `report` (the views of findings) and `docs` (the rule pages).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from ..diagnostics import CODES, Diagnostic, Findings
from ..lang.ast import Deck
from ..lang.parse import Gaps
from ..lang.reuse import Memory
from ..profiles.profile import Profile
from . import semantics
from .art import art_problems
from .coverage import Coverage
from .memo import CardMemo, context_of
from .registry import RULES
from .rule import Context
from .vocabulary import unplayed


def run(
    deck: Deck,
    profile: Profile | None,
    *,
    gaps: Gaps | None = None,
    early: tuple[Diagnostic, ...] = (),
    enabled: Callable[[str], bool] = lambda code: True,
    coverage: Coverage | None = None,
    folder: Path | None = None,
    memory: Memory | None = None,
    path: str | None = None,
) -> Findings:
    """All semantic diagnostics and the findings of every registered rule (at most `MAX_LISTED` of a code:
    `Findings.unlisted` counts the rest).

    `gaps`: what the parser could not read, and `early`: its diagnostics.  Then rules judge only what
    was read (`deckdsl.check.coverage`): one that counts the whole deck is skipped when a card block was
    lost, findings about a card with an unread field are withheld, and a DK131 warning says so.  Pass
    `coverage` to learn afterwards what was judged (for suppressions).  `enabled(code)` says which rules
    to run (see `deckdsl.check.config`).  `folder`: the deck's folder, where its `art:` files must be
    (`deckdsl.check.art`); None for a deck that is not a file.  `memory`: the document's memory, when the
    deck was parsed with one (`deckdsl.lang.reuse`): the findings about each card that depend on it alone
    are taken from the last check where the card did not change (`deckdsl.check.memo`); `path`: the
    document's, which the findings kept for the next check are stamped with (`Diagnostic.at`), so that
    stamping the result does not copy them again.
    """
    coverage = coverage or Coverage(deck, profile, gaps)
    memo = None
    if memory is not None:
        codes = frozenset(code for code in CODES if enabled(code))
        memo = CardMemo(memory, deck, context_of(deck, profile, codes, folder), path)
    found = Findings(semantics.analyze(deck, profile, gaps, unread=coverage.unread_names(), memo=memo))
    if folder is not None:
        found.extend(art_problems(deck, folder))
    if deck.printing:
        from . import style  # the `print` block: most decks have none

        found.extend(style.read(deck, profile, folder)[1])
    if profile is None:
        if memo is not None:
            memo.finish()
        return found
    if enabled("DK124"):
        found.extend(unplayed(deck, profile))
    coverage.learn([*early, *found])
    context = Context(deck=deck, profile=profile, memo=memo)
    for rule in RULES:
        if not (enabled(rule.code.code) and rule.applies_to(profile)):
            continue
        reason = coverage.skip_reason(rule)
        if reason is not None:
            coverage.skipped[rule.code.code] = reason
            continue
        coverage.ran(rule)
        if memo is not None and rule.local:
            judged = memo.rule(rule.code.code,
                               lambda part, rule=rule: list(rule.check(replace(context, deck=part, shared={}))))
        else:
            judged = rule.check(context)
        found.extend(d for d in judged if coverage.keep(rule, d))
    if memo is not None:
        memo.finish()
    notice = coverage.notice()
    if notice is not None and enabled(notice.code):
        found.append(notice)
    return found
